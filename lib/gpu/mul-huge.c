/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mul-huge.c -- mpz_mul of elements too long for the pipeline's slots, one at a time
   through the whole-device NTT (mpzg_mpn_mul_grid, cuda/mul/ntt-grid.cu), each with
   device buffers of its own: the operands' limbs are copied to the device as they
   are, the product comes back into the output's limbs, and the sign is set as
   mpz_mul sets it.

   Copies go through the pipeline's pinned slots (bulk-copy.c), the host's side of
   them on all the call's threads and overlapped with the DMA; while the device
   multiplies, the threads allocate the product's limbs and fault their pages in.
   The device buffer (operands, product, scratch) is kept between calls while it
   is at most a sixteenth of the device's memory (and at least
   MPZG_MUL_HUGE_KEEP_WORDS words), so that a loop of long products allocates
   once; a longer one is freed after its call.

   Failures, as the pipeline's: a CUDA error ends the job, the elements from the
   failing one on are reported undone with their outputs untouched (a product is
   written into a fresh mpz_t and swapped into its output once complete), and the
   device state is reset.
   An element whose buffers do not fit the device's free memory is no device
   failure: it is computed by mpz_mul here, in either mode. */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include "mpzg-impl.h"
#include "gpu.h"
#include "device.h"
#include "bulk-copy.h"
#include "mul-huge.h"
#include "tuning.h"

#define MAX_DEVICES 64

/* Under mpzg_gpu_lock. */
static mpzg_word *buf;
static size_t buf_words;
static int buf_dev = -1;
static size_t keep_words = MPZG_MUL_HUGE_KEEP_WORDS;  /* grown by buf_ensure */
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
  /* kept between calls up to a sixteenth of the device: a loop of such products
     then allocates (and frees, which waits for the device) once */
  keep_words = total_b / 16 / sizeof (mpzg_word);
  if (keep_words < MPZG_MUL_HUGE_KEEP_WORDS)
    keep_words = MPZG_MUL_HUGE_KEEP_WORDS;
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

/* r = a * b on the device: MPZG_OK or a CUDA failure (r untouched).  The product
   comes back into a fresh mpz_t, swapped into r once it is complete: a copy that
   fails half-way leaves r as it was, whether or not r is an input. */
static int
mul_one (const mpzg_mpn_device *dev, mpzg_gpu_slot *slots, mpz_ptr r, mpz_srcptr a,
         mpz_srcptr b, int threads, int verbose)
{
  const size_t na = mpz_size (a), nb = mpz_size (b), n = na + nb;
  const int square = a == b, neg = (mpz_sgn (a) < 0) != (mpz_sgn (b) < 0);
  const size_t itch = mpzg_mpn_mul_grid_itch (na, nb);
  const size_t words = na + (square ? 0 : nb) + n + itch;
  mpzg_word *da, *db, *dr, *ds, *rp;
  double t0 = mpzg_seconds (), t1, t2, t3;
  mpz_t t;
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
  if ((st = mpzg_gpu_bulk_h2d (slots, da, (const mpzg_word *) mpz_limbs_read (a), na, threads)) != 0
      || (!square && (st = mpzg_gpu_bulk_h2d (slots, db, (const mpzg_word *) mpz_limbs_read (b), nb,
                                                  threads)) != 0))
    return mpzg_gpu_status (st);
  t1 = mpzg_seconds ();
  if ((st = mpzg_mpn_mul_grid (dev, da, db, dr, na, nb, 1, ds, NULL)) != 0)
    return mpzg_gpu_status (st);
  /* while the device multiplies: the product's limbs, their pages faulted in on
     every thread */
  mpz_init2 (t, (mp_bitcnt_t) n * GMP_NUMB_BITS);
  rp = (mpzg_word *) mpz_limbs_write (t, (mp_size_t) n);
  mpzg_gpu_touch (rp, n, threads);
  if ((st = cudaStreamSynchronize (NULL)) != cudaSuccess)
    {
      mpz_clear (t);
      return mpzg_gpu_status (st);
    }
  t2 = mpzg_seconds ();
  if ((st = mpzg_gpu_bulk_d2h (slots, rp, dr, n, threads)) != 0)
    {
      mpz_clear (t);
      return mpzg_gpu_status (st);
    }
  mpz_limbs_finish (t, neg ? -(mp_size_t) n : (mp_size_t) n);
  mpz_swap (t, r);
  mpz_clear (t);
  t3 = mpzg_seconds ();
  if (verbose >= 2)
    fprintf (stderr, "mpzg: gpu mul %zu by %zu limbs (long product): buffer and copies up "
             "%.3f ms, transform %.3f ms, copy down %.3f ms\n", na, nb, 1e3 * (t1 - t0),
             1e3 * (t2 - t1), 1e3 * (t3 - t2));
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
  mpzg_gpu_slot *slots;
  long fail_at = mpzg_gpu_failure_planned ();
  size_t k = 0;
  int st;
  *bad = MPZG_NO_INDEX;
  pthread_mutex_lock (&mpzg_gpu_lock);
  st = mpzg_gpu_slots_ensure (job->ordinal, &slots, &dev);
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
        st = mul_one (dev, slots, job->out[0][e], job->in[0][e], job->in[1][e], job->threads,
                      job->verbose);
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
  else if (buf_words > keep_words)
    buf_free ();
  pthread_mutex_unlock (&mpzg_gpu_lock);
  return st;
}
