/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gpu-none.c -- the GPU border of a library built without CUDA: no device. */

#include <config.h>
#include <stdio.h>
#include "mpzg-impl.h"
#include "gpu.h"

static int probed;              /* mpzg_gpu_probed: whether a probe was asked for */

int
mpzg_gpu_probe (int ordinal, char *desc, size_t size)
{
  (void) ordinal;
  __atomic_store_n (&probed, 1, __ATOMIC_RELAXED);
  if (desc != NULL && size > 0)
    snprintf (desc, size, "this libmpzg was built without CUDA");
  return 0;
}

int
mpzg_gpu_probed (int ordinal)
{
  (void) ordinal;
  return __atomic_load_n (&probed, __ATOMIC_RELAXED);
}

size_t
mpzg_gpu_max_limbs (const mpzg_gpu_family *f)
{
  (void) f;
  return 0;
}

mpzg_gpu_takes_fn
mpzg_gpu_takes (const mpzg_gpu_family *f)
{
  (void) f;
  return NULL;
}

mpzg_gpu_huge_takes_fn
mpzg_gpu_huge_takes (const mpzg_gpu_family *f)
{
  (void) f;
  return NULL;
}

int
mpzg_gpu_worthwhile (const mpzg_gpu_family *f, size_t count, size_t limbs)
{
  (void) f; (void) count; (void) limbs;
  return 0;
}

int
mpzg_gpu_run (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone)
{
  (void) job;
  *bad = MPZG_NO_INDEX;
  *undone = NULL;
  *nundone = 0;
  return MPZG_EDEVICE;
}

int
mpzg_gpu_run_huge (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone)
{
  return mpzg_gpu_run (job, bad, undone, nundone);
}

void
mpzg_gpu_fail_after (long chunks)
{
  (void) chunks;
}

int
mpzg_gpu_time_kernel (const mpzg_gpu_family *f, mpz_t *out[3], mpz_t *in[3], size_t n,
                      int reps, int ordinal, double *us)
{
  (void) f; (void) out; (void) in; (void) n; (void) reps; (void) ordinal; (void) us;
  return MPZG_EDEVICE;
}

int
mpzg_gpu_measure_bandwidth (int ordinal, size_t bytes, double *d2d_gbs, double *h2d_gbs,
                            double *d2h_gbs)
{
  (void) ordinal; (void) bytes; (void) d2d_gbs; (void) h2d_gbs; (void) d2h_gbs;
  return MPZG_EDEVICE;
}
