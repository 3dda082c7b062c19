/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gpu.h -- the border between the host library's dispatcher (lib/) and the GPU path
   (lib/gpu/, on the kernels of cuda/).  Built from lib/gpu/ when configure found
   nvcc (HAVE_CUDA), from lib/gpu/gpu-none.c otherwise.  Internal, not installed. */
#ifndef MPZG_GPU_H
#define MPZG_GPU_H

#include <stddef.h>
#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An operation family (family.h).  Each has one descriptor; a batch names its
   family with MPZG_GPU_FAMILY (NULL when the GPU path is not built). */
typedef struct mpzg_gpu_family mpzg_gpu_family;
extern const mpzg_gpu_family mpzg_gpu_add, mpzg_gpu_sub, mpzg_gpu_mul;
extern const mpzg_gpu_family mpzg_gpu_tdiv_qr, mpzg_gpu_tdiv_q, mpzg_gpu_tdiv_r;
extern const mpzg_gpu_family mpzg_gpu_fdiv_qr, mpzg_gpu_fdiv_q, mpzg_gpu_fdiv_r;
extern const mpzg_gpu_family mpzg_gpu_cdiv_qr, mpzg_gpu_cdiv_q, mpzg_gpu_cdiv_r;
extern const mpzg_gpu_family mpzg_gpu_mod, mpzg_gpu_divexact;
/* the gcd family (fam-gcd.c), gcdext and invert (fam-gcdext.c) */
extern const mpzg_gpu_family mpzg_gpu_gcd, mpzg_gpu_gcdext, mpzg_gpu_invert;
/* the powm family (fam-powm.c) */
extern const mpzg_gpu_family mpzg_gpu_powm;
#ifdef HAVE_CUDA
#define MPZG_GPU_FAMILY(name) (&mpzg_gpu_##name)
#else
#define MPZG_GPU_FAMILY(name) ((const mpzg_gpu_family *) NULL)
#endif

/* Probes CUDA device `ordinal` (once per process and ordinal; thread-safe).
   Returns 1 if the device is usable, 0 if not.  If desc is not NULL, writes a line
   naming the device (name, memory, compute capability) or saying why none is
   usable. */
int mpzg_gpu_probe (int ordinal, char *desc, size_t size);

/* Whether device `ordinal` has been probed in this process (for tests: the
   library probes only once a call could use the GPU). */
int mpzg_gpu_probed (int ordinal);

/* The largest element (the largest input's size, in limbs) the family's GPU path
   takes; 0 for NULL.  Larger elements go to the CPU. */
size_t mpzg_gpu_max_limbs (const mpzg_gpu_family *f);

/* The family's per-element test beyond the size limit (family.h's takes): whether
   the GPU takes element e of the inputs in.  NULL (no test, or f NULL) when it
   takes every element within mpzg_gpu_max_limbs. */
typedef int (*mpzg_gpu_takes_fn) (mpz_t *const in[3], size_t e);
mpzg_gpu_takes_fn mpzg_gpu_takes (const mpzg_gpu_family *f);

/* The family's path for elements above mpzg_gpu_max_limbs, one at a time with
   device buffers of their own (mul's long products): whether it takes element e of
   the inputs in (forced: MPZG_BACKEND=cuda, else auto mode's choice).  NULL (f NULL,
   or no such path) when every element above the limit is the CPU's. */
typedef int (*mpzg_gpu_huge_takes_fn) (mpz_t *const in[3], size_t e, int forced);
mpzg_gpu_huge_takes_fn mpzg_gpu_huge_takes (const mpzg_gpu_family *f);

/* Whether, in auto mode, sending `count` elements totalling `limbs` input limbs to
   the GPU is expected to beat the CPU path (from the tuned thresholds). */
int mpzg_gpu_worthwhile (const mpzg_gpu_family *f, size_t count, size_t limbs);

/* The GPU share of one call. */
typedef struct
{
  const mpzg_gpu_family *fam;
  mpz_t *out[3], *in[3];        /* the batch's arrays (NULL where unused) */
  int *flags;                   /* per-element result flags, or NULL */
  const size_t *idx;            /* the elements: idx[0..m), or NULL for 0..m-1 */
  size_t m;
  int ordinal, threads, verbose;
} mpzg_gpu_job;

/* Computes the job's elements, each within mpzg_gpu_max_limbs, on the GPU.  Outputs
   may be inputs (same index).  Returns MPZG_OK, or on an element error (a family's
   per-element status) that status with *bad its lowest element.  When the GPU share
   fails (MPZG_EDEVICE, MPZG_ENOMEM), the elements whose outputs were not written
   are untouched: *undone receives them, ascending, in a malloc'd array of *nundone
   (the caller frees it; NULL if even that allocation failed: then every element of
   the job counts as undone). */
int mpzg_gpu_run (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone);

/* The same for a job of elements taken by mpzg_gpu_huge_takes, through the family's
   path for them (same contract; the elements run one after another). */
int mpzg_gpu_run_huge (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone);

/* For tests: the GPU share of later calls fails, as if the device had failed, once
   `chunks` chunks of a call have been queued (the huge path: elements); -1 (the
   default) turns it off. */
void mpzg_gpu_fail_after (long chunks);

/* ---- for bench/ ---- */

/* Kernel-only timing on a device-resident batch (resident.c): packs and uploads
   in[k][0..n) once (every element within mpzg_gpu_max_limbs and taken by
   mpzg_gpu_takes), runs the family's
   kernels `reps` times timing each run with CUDA events, downloads and unpacks the
   last run's results into out[k][0..n) (so the caller can check them), and stores
   the median microseconds per run in *us.  Returns MPZG_OK, MPZG_EINVAL,
   MPZG_ENOMEM or MPZG_EDEVICE. */
int mpzg_gpu_time_kernel (const mpzg_gpu_family *f, mpz_t *out[3], mpz_t *in[3], size_t n,
                          int reps, int ordinal, double *us);

/* The floors: device-to-device copy bandwidth (bytes read plus bytes written, GB/s)
   and pinned host-to-device and device-to-host copy rates (GB/s), each measured
   on `bytes`-byte buffers.  Returns MPZG_OK or MPZG_EDEVICE. */
int mpzg_gpu_measure_bandwidth (int ordinal, size_t bytes, double *d2d_gbs,
                                double *h2d_gbs, double *d2h_gbs);

#ifdef __cplusplus
}
#endif

#endif
