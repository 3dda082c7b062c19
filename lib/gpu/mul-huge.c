/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mul-huge.c -- mpz_mul of elements too long for the pipeline's slots, one at a time
   through the whole-device NTT (mpzg_mpn_mul_grid, cuda/mul/ntt-grid.cu), each with
   device buffers of its own: the operands' limbs are copied to the device as they
   are, the product comes back into the output's limbs, and the sign is set as
   mpz_mul sets it.

   Copies go straight between the mpz_t limbs and device memory (pageable: the
   driver stages them), with no copy into pinned buffers first: a single product
   has nothing to overlap its copies with, and a host copy into the slots would
   move every byte twice.  The device buffer (operands, product, scratch) is kept
   between calls while it is at most MPZG_MUL_HUGE_KEEP_WORDS words, so that a loop
   of long products allocates once; a longer one is freed after its call.

   Failures, as the pipeline's: a CUDA error ends the job, the elements from the
   failing one on are reported undone with their outputs untouched (a product is
   written into its output only after the device finished it; an output that is
   also an input receives it through a fresh mpz_t), and the device state is reset.
   An element whose buffers do not fit the device's free memory is no device
   failure: it is computed by mpz_mul here, in either mode. */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include "mpzg.h"
#include "gpu.h"
#include "device.h"
#include "mul-huge.h"
#include "tuning.h"

#define MAX_DEVICES 64

/* Under mpzg_gpu_lock. */
static mpzg_word *buf;
static size_t buf_words;
static int buf_dev = -1;
static unsigned char grid_ready[MAX_DEVICES];

static void
buf_free (void)
{
  if (buf != NULL)
    cudaFree (buf);
  buf = NULL;
  buf_words = 0;
  buf_dev = -1;
}

int
mpzg_gpu_mul_huge_takes (mpz_t *const in[3], size_t e, int forced)
{
  size_t na = mpz_size (in[0][e]), nb = mpz_size (in[1][e]), lo = na < nb ? na : nb;
  if (lo == 0 || na + nb > mpzg_mpn_mul_grid_max ())
    return 0;
  return forced || lo >= MPZG_MUL_HUGE_WORTH_LIMBS;
}

/* Room for `words` words on device dev: MPZG_OK, MPZG_ENOMEM when the device has
   not that much free (*fits = 0, nothing to do with the device's health), or a
   CUDA failure. */
static int
buf_ensure (int dev, size_t words, int *fits)
{
  size_t free_b = 0, total_b = 0;
  cudaError_t e;
  *fits = 1;
  if (buf_dev == dev && buf_words >= words)
    return MPZG_OK;
  buf_free ();
  if ((e = cudaMemGetInfo (&free_b, &total_b)) != cudaSuccess)
    return mpzg_gpu_status (e);
  if (words > free_b / sizeof (mpzg_word))
    {
      *fits = 0;
      return MPZG_ENOMEM;
    }
  if ((e = cudaMalloc ((void **) &buf, words * sizeof (mpzg_word))) != cudaSuccess)
    {
      buf = NULL;
      return mpzg_gpu_status (e);
    }
  buf_words = words;
  buf_dev = dev;
  return MPZG_OK;
}

/* r = a * b on the device: MPZG_OK or a CUDA failure (r untouched). */
static int
mul_one (const mpzg_mpn_device *dev, mpz_ptr r, mpz_srcptr a, mpz_srcptr b, int verbose)
{
  const size_t na = mpz_size (a), nb = mpz_size (b), n = na + nb;
  const int square = a == b, neg = (mpz_sgn (a) < 0) != (mpz_sgn (b) < 0);
  const size_t itch = mpzg_mpn_mul_grid_itch (na, nb);
  const size_t words = na + (square ? 0 : nb) + n + itch;
  mpzg_word *da, *db, *dr, *ds;
  cudaError_t e;
  int st, fits;
  st = buf_ensure (dev->ordinal, words, &fits);
  if (!fits)
    {
      if (verbose > 0)
        fprintf (stderr, "mpzg: mul_n: a %zu by %zu-limb product needs %zu MB of device "
                 "memory, more than is free: GMP computes it\n", na, nb,
                 words * sizeof (mpzg_word) >> 20);
      mpz_mul (r, a, b);
      return MPZG_OK;
    }
  if (st != MPZG_OK)
    return st;
  da = buf;
  db = square ? da : da + na;
  dr = db + (square ? na : nb);
  ds = dr + n;
  if ((e = cudaMemcpy (da, mpz_limbs_read (a), na * sizeof (mpzg_word),
                       cudaMemcpyHostToDevice)) != cudaSuccess
      || (!square && (e = cudaMemcpy (db, mpz_limbs_read (b), nb * sizeof (mpzg_word),
                                      cudaMemcpyHostToDevice)) != cudaSuccess))
    return mpzg_gpu_status (e);
  if ((st = mpzg_mpn_mul_grid (dev, da, db, dr, na, nb, 1, ds, NULL)) != 0)
    return mpzg_gpu_status (st);
  if ((e = cudaStreamSynchronize (NULL)) != cudaSuccess)
    return mpzg_gpu_status (e);
  if (r == a || r == b)
    {
      /* a and b are on the device already, but a failing copy must leave r, an
         input, as it was */
      mpz_t t;
      mpz_init2 (t, (mp_bitcnt_t) n * GMP_NUMB_BITS);
      if ((e = cudaMemcpy (mpz_limbs_write (t, (mp_size_t) n), dr, n * sizeof (mpzg_word),
                           cudaMemcpyDeviceToHost)) != cudaSuccess)
        {
          mpz_clear (t);
          return mpzg_gpu_status (e);
        }
      mpz_limbs_finish (t, neg ? -(mp_size_t) n : (mp_size_t) n);
      mpz_swap (t, r);
      mpz_clear (t);
      return MPZG_OK;
    }
  if ((e = cudaMemcpy (mpz_limbs_write (r, (mp_size_t) n), dr, n * sizeof (mpzg_word),
                       cudaMemcpyDeviceToHost)) != cudaSuccess)
    return mpzg_gpu_status (e);
  mpz_limbs_finish (r, neg ? -(mp_size_t) n : (mp_size_t) n);
  return MPZG_OK;
}

static int
cmp_size (const void *x, const void *y)
{
  size_t u = *(const size_t *) x, v = *(const size_t *) y;
  return u < v ? -1 : u > v;
}

int
mpzg_gpu_mul_huge_run (const mpzg_gpu_job *job, size_t *bad, size_t **undone,
                       size_t *nundone)
{
  const mpzg_mpn_device *dev;
  long fail_at = mpzg_gpu_failure_planned ();
  size_t k = 0;
  int st;
  *bad = MPZG_NO_INDEX;
  pthread_mutex_lock (&mpzg_gpu_lock);
  st = mpzg_gpu_device_get (job->ordinal, &dev);
  if (st == MPZG_OK && !grid_ready[dev->ordinal])
    {
      int e = mpzg_mpn_mul_grid_setup (dev);
      if (e == 0)
        grid_ready[dev->ordinal] = 1;
      else
        st = mpzg_gpu_status (e);
    }
  for (; st == MPZG_OK && k < job->m; k++)
    {
      size_t e = job->idx ? job->idx[k] : k;
      if (fail_at >= 0 && (long) k >= fail_at)
        st = MPZG_EDEVICE;
      else
        st = mul_one (dev, job->out[0][e], job->in[0][e], job->in[1][e], job->verbose);
      if (st != MPZG_OK)
        break;
    }
  if (st != MPZG_OK)
    {
      /* elements k.. are untouched */
      size_t *u = malloc ((job->m - k ? job->m - k : 1) * sizeof *u);
      if (job->verbose > 0)
        fprintf (stderr, "mpzg: gpu mul (long products): %s at element %zu of %zu\n",
                 mpzg_strerror (st), k, job->m);
      if (u != NULL)
        {
          for (size_t j = k; j < job->m; j++)
            u[j - k] = job->idx ? job->idx[j] : j;
          qsort (u, job->m - k, sizeof *u, cmp_size);
        }
      *undone = u;
      *nundone = u != NULL ? job->m - k : 0;
      buf_free ();
      mpzg_gpu_slots_reset ();
    }
  else if (buf_words > MPZG_MUL_HUGE_KEEP_WORDS)
    buf_free ();
  pthread_mutex_unlock (&mpzg_gpu_lock);
  return st;
}
