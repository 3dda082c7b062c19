/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* resident.c -- a device-resident batch: the operands of a whole call packed and
   uploaded once, the family's kernels run on them as often as asked, the results
   downloaded and unpacked once.  Its first client is the kernel-only benchmark
   (mpzg_gpu_time_kernel); chained calls without PCIe round trips build on it. */

#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "mpzg.h"
#include "gpu.h"
#include "device.h"
#include "layout.h"

typedef struct
{
  mpzg_gpu_plan p;
  const mpzg_mpn_device *dev;
  mpzg_word *hin, *hout, *din, *dout, *dscratch;
} resident;

static void
resident_free (resident *r)
{
  if (r->hin) cudaFreeHost (r->hin);
  if (r->hout) cudaFreeHost (r->hout);
  if (r->din) cudaFree (r->din);
  if (r->dout) cudaFree (r->dout);
  if (r->dscratch) cudaFree (r->dscratch);
  mpzg_gpu_plan_free (&r->p);
}

/* Under the lock: plans one chunk per class, laid out one after another, packs and
   uploads the inputs. */
static int
resident_make (resident *r, const mpzg_gpu_family *f, mpz_t *out[3], mpz_t *in[3], size_t n,
               int ordinal)
{
  cudaError_t e;
  int st, k;
  size_t c;
  memset (r, 0, sizeof *r);
  r->p.fam = f;
  for (k = 0; k < 3; k++)
    {
      r->p.out[k] = out[k];
      r->p.in[k] = in[k];
    }
  r->p.m = n;
  r->p.threads = 16;
  if ((st = mpzg_gpu_device_get (ordinal, &r->dev)) != MPZG_OK
      || (st = mpzg_gpu_family_ready (f, r->dev)) != MPZG_OK
      || (st = mpzg_gpu_plan_make (&r->p, 0)) != MPZG_OK)
    return st;
  if ((e = cudaMallocHost ((void **) &r->hin, (r->p.in_words + 1) * 8)) != cudaSuccess
      || (e = cudaMallocHost ((void **) &r->hout, (r->p.out_words + 1) * 8)) != cudaSuccess
      || (e = cudaMalloc ((void **) &r->din, (r->p.in_words + 1) * 8)) != cudaSuccess
      || (e = cudaMalloc ((void **) &r->dout, (r->p.out_words + 1) * 8)) != cudaSuccess
      || (e = cudaMalloc ((void **) &r->dscratch, (r->p.scratch_words + 1) * 8)) != cudaSuccess)
    return mpzg_gpu_status (e);
  for (c = 0; c < r->p.nch; c++)
    if ((st = mpzg_gpu_xfer_all (&r->p, &r->p.ch[c], r->hin + r->p.ch[c].in_off, 0)) != MPZG_OK)
      return st;
  e = cudaMemcpy (r->din, r->hin, r->p.in_words * 8, cudaMemcpyHostToDevice);
  return mpzg_gpu_status (e);
}

/* Queues every chunk's kernels on the default stream. */
static int
resident_launch (resident *r)
{
  for (size_t c = 0; c < r->p.nch; c++)
    {
      const mpzg_gpu_chunk *h = &r->p.ch[c];
      int e = r->p.fam->launch (r->dev, &r->p.ci[h->cls].sh, r->din + h->in_off,
                                r->dout + h->out_off, r->dscratch + h->scratch_off, h->lanes,
                                NULL);
      if (e != 0)
        return e;
    }
  return 0;
}

static int
resident_download (resident *r)
{
  cudaError_t e = cudaMemcpy (r->hout, r->dout, r->p.out_words * 8, cudaMemcpyDeviceToHost);
  int st;
  if (e != cudaSuccess)
    return mpzg_gpu_status (e);
  for (size_t c = 0; c < r->p.nch; c++)
    if ((st = mpzg_gpu_xfer_all (&r->p, &r->p.ch[c], r->hout + r->p.ch[c].out_off, 1))
        != MPZG_OK)
      return st;
  return MPZG_OK;
}

static int
cmp_double (const void *x, const void *y)
{
  double u = *(const double *) x, v = *(const double *) y;
  return u < v ? -1 : u > v;
}

int
mpzg_gpu_time_kernel (const mpzg_gpu_family *f, mpz_t *out[3], mpz_t *in[3], size_t n,
                      int reps, int ordinal, double *us)
{
  resident r;
  cudaEvent_t e0 = NULL, e1 = NULL;
  cudaError_t e = cudaSuccess;
  double *t;
  int st, rep;
  size_t i;
  if (f == NULL || reps < 1 || us == NULL || n == 0)
    return MPZG_EINVAL;
  size_t max = f->max_limbs ();
  for (i = 0; i < n; i++)
    for (int k = 0; k < 3; k++)
      if (in[k] != NULL && mpz_size (in[k][i]) > max)
        return MPZG_EINVAL;
  if (f->takes != NULL)
    for (i = 0; i < n; i++)
      if (!f->takes (in, i))
        return MPZG_EINVAL;
  if ((t = malloc (reps * sizeof *t)) == NULL)
    return MPZG_ENOMEM;
  pthread_mutex_lock (&mpzg_gpu_lock);
  st = resident_make (&r, f, out, in, n, ordinal);
  if (st == MPZG_OK
      && ((e = cudaEventCreate (&e0)) != cudaSuccess || (e = cudaEventCreate (&e1)) != cudaSuccess))
    st = mpzg_gpu_status (e);
  /* one untimed warm-up run, then reps timed runs */
  for (rep = -1; st == MPZG_OK && rep < reps; rep++)
    {
      float ms = 0;
      int le;
      if ((e = cudaEventRecord (e0, 0)) != cudaSuccess
          || (le = resident_launch (&r)) != 0
          || (e = cudaEventRecord (e1, 0)) != cudaSuccess
          || (e = cudaEventSynchronize (e1)) != cudaSuccess
          || (e = cudaEventElapsedTime (&ms, e0, e1)) != cudaSuccess)
        st = mpzg_gpu_status (e != cudaSuccess ? (int) e : le);
      else if (rep >= 0)
        t[rep] = ms * 1000.0;
    }
  if (st == MPZG_OK)
    st = resident_download (&r);
  if (st == MPZG_OK)
    {
      qsort (t, reps, sizeof *t, cmp_double);
      *us = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
    }
  if (e0) cudaEventDestroy (e0);
  if (e1) cudaEventDestroy (e1);
  resident_free (&r);
  pthread_mutex_unlock (&mpzg_gpu_lock);
  free (t);
  return st;
}
