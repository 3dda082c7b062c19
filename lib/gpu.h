/* gpu.h -- the interface between the host library (lib/) and the CUDA path.
   Built from cuda/ when configure found nvcc (HAVE_CUDA), from lib/gpu-none.c
   otherwise.  Everything here is internal (not installed). */
#ifndef MPZG_GPU_H
#define MPZG_GPU_H

#include <stddef.h>
#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Operations the dispatcher may send to the GPU. */
enum mpzg_gpu_op { MPZG_GPU_ADD = 0, MPZG_GPU_SUB = 1, MPZG_GPU_MUL = 2, MPZG_GPU_NOPS };

/* Probes CUDA device `ordinal` (once per process and ordinal; thread-safe).
   Returns 1 if the device is usable, 0 if not.  If desc is not NULL, writes a line
   naming the device (name, memory, compute capability, the trivial test kernel's
   result) or saying why none is usable. */
int mpzg_gpu_probe (int ordinal, char *desc, size_t size);

/* The largest operand size, in limbs (max of the two operands' sizes), that the
   GPU path takes for op; 0 when op has no GPU kernel.  Larger elements go to the CPU. */
size_t mpzg_gpu_max_limbs (int op);

/* Whether, in auto mode, sending `count` elements totalling `limbs` input limbs of op
   to the GPU is expected to beat the CPU path (from the tuned thresholds). */
int mpzg_gpu_worthwhile (int op, size_t count, size_t limbs);

/* Computes r[idx[k]] = a[idx[k]] OP b[idx[k]] for k in [0, m) on the GPU, where every
   such element fits mpzg_gpu_max_limbs(op).  r may be a or b (same index).  Uses up to
   `threads` host threads for packing and unpacking.  Returns MPZG_OK, MPZG_ENOMEM or
   MPZG_EDEVICE; on error the outputs of the listed elements may not all be written. */
int mpzg_gpu_run (int op, mpz_t *r, mpz_t *a, mpz_t *b,
                  const size_t *idx, size_t m, int ordinal, int threads);

/* ---- Hooks for bench/ (exported, not in the public header) ---- */

/* Kernel-only timing: packs and uploads a[0..n), b[0..n) once (every element must
   fit mpzg_gpu_max_limbs(op)), runs op's kernels `reps` times on the device-resident
   operands timing each run with CUDA events, downloads and unpacks the last run's
   results into r[0..n) (so the caller can check them), and stores the median
   microseconds per run in *us.  Returns MPZG_OK, MPZG_EINVAL, MPZG_ENOMEM or
   MPZG_EDEVICE. */
int mpzg_gpu_time_kernel (int op, mpz_t *r, mpz_t *a, mpz_t *b, size_t n, int reps,
                          int ordinal, double *us);

/* The floors: device-to-device copy bandwidth (bytes read plus bytes written, GB/s)
   and pinned host-to-device and device-to-host copy rates (GB/s), each measured
   on `bytes`-byte buffers.  Returns MPZG_OK or MPZG_EDEVICE. */
int mpzg_gpu_measure_bandwidth (int ordinal, size_t bytes, double *d2d_gbs,
                                double *h2d_gbs, double *d2h_gbs);

#ifdef __cplusplus
}
#endif

#endif
