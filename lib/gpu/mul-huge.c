/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mul-huge.c -- mpz_mul of elements too long for the pipeline's slots, one at a time
   through the whole-device NTT (mpzg_mpn_mul_grid, cuda/mul/ntt-grid.cu), each with
   device buffers of its own: the operands' limbs are copied to the device as they
   are, the product comes back into the output's limbs, and the sign is set as
   mpz_mul sets it.

   Copies go through the pipeline's pinned slots (bulk-copy.c), the host's side of
   them on all the call's threads, one team for all of the call's long products,
   and overlapped with the DMA; while the device multiplies, the team faults the
   pages of the product's fresh limbs in.
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

/* One call's long products, run by a team of the call's threads (pool.h): tid 0
   holds the lock and drives the device, every member copies and faults pages in
   (bulk-copy.h). */
typedef struct
{
  const mpzg_gpu_job *job;
  const mpzg_mpn_device *dev;
  mpzg_gpu_bulk bulk;
  mpzg_gpu_slot *slots;
  long fail_at;
  size_t k;                     /* elements done */
  int st;                       /* MPZG_OK, or what ended the job at element k */
  int go;                       /* element k: NEXT_STOP, NEXT_DONE or NEXT_DEVICE */
  /* element k on the device, set by tid 0 */
  mpz_ptr r;
  mpz_srcptr a, b;
  size_t na, nb;
  int square, neg;
  mpzg_word *da, *db, *dr, *ds, *rp;
  mpz_t t;
  double t0, t1, t2, t4;
  /* the outputs' former values, cleared once the team has ended (or at once when
     there was no memory for the list) */
  mpz_t *old;
  size_t nold;
} huge_ctx;

enum { NEXT_STOP, NEXT_DONE, NEXT_DEVICE };

/* tid 0: what to do with element k.  One whose buffers do not fit the device's
   free memory is multiplied here by mpz_mul. */
static int
next_element (huge_ctx *h)
{
  const mpzg_gpu_job *job = h->job;
  size_t e, itch, words;
  int fits;
  if (h->st != MPZG_OK || h->k == job->m)
    return NEXT_STOP;
  if (h->fail_at >= 0 && (long) h->k >= h->fail_at)
    {
      h->st = MPZG_EDEVICE;
      return NEXT_STOP;
    }
  e = job->idx ? job->idx[h->k] : h->k;
  h->r = job->out[0][e];
  h->a = job->in[0][e];
  h->b = job->in[1][e];
  h->t0 = mpzg_seconds ();
  h->na = mpz_size (h->a);
  h->nb = mpz_size (h->b);
  h->square = h->a == h->b;
  h->neg = (mpz_sgn (h->a) < 0) != (mpz_sgn (h->b) < 0);
  itch = mpzg_mpn_mul_grid_itch (h->na, h->nb);
  words = h->na + (h->square ? 0 : h->nb) + h->na + h->nb + itch;
  h->st = buf_ensure (h->dev->ordinal, words, &fits);
  if (!fits)
    {
      if (job->verbose > 0)
        fprintf (stderr, "mpzg: mul_n: a %zu by %zu-limb product needs %zu MB of device "
                 "memory, more than is free: GMP computes it\n", h->na, h->nb,
                 words * sizeof (mpzg_word) >> 20);
      mpz_mul (h->r, h->a, h->b);
      h->st = MPZG_OK;
      h->k++;
      return NEXT_DONE;
    }
  if (h->st != MPZG_OK)
    return NEXT_STOP;
  h->da = buf;
  h->db = h->square ? h->da : h->da + h->na;
  h->dr = h->db + (h->square ? h->na : h->nb);
  h->ds = h->dr + h->na + h->nb;
  return NEXT_DEVICE;
}

/* r = a * b on the device, for element k (next_element said NEXT_DEVICE).  The
   product comes back into a fresh mpz_t, swapped into r once it is complete: a
   copy that fails half-way leaves r as it was, whether or not r is an input; a
   failure sets h->st. */
static void
mul_one (huge_ctx *h, int tid)
{
  const mpzg_gpu_job *job = h->job;
  const size_t n = h->na + h->nb;
  mpzg_gpu_bulk *bk = &h->bulk;
  mpzg_gpu_bulk_h2d (bk, tid, h->da, (const mpzg_word *) mpz_limbs_read (h->a), h->na);
  /* a's transform on the default stream while b comes up on the slots' */
  if (tid == 0 && bk->err == cudaSuccess)
    bk->err = (cudaError_t) mpzg_mpn_mul_grid_a (h->dev, h->da, h->na, h->nb, h->ds, NULL);
  if (!h->square)
    mpzg_gpu_bulk_h2d (bk, tid, h->db, (const mpzg_word *) mpz_limbs_read (h->b),
                       h->nb);
  if (tid == 0)
    {
      h->t1 = mpzg_seconds ();
      if (bk->err == cudaSuccess)
        bk->err = (cudaError_t) mpzg_mpn_mul_grid_rest (h->dev, h->da, h->db, h->dr, h->na,
                                                         h->nb, h->ds, NULL);
      /* while the device multiplies: the product's limbs, their pages faulted in
         on every member */
      mpz_init2 (h->t, (mp_bitcnt_t) n * GMP_NUMB_BITS);
      h->rp = (mpzg_word *) mpz_limbs_write (h->t, (mp_size_t) n);
    }
  mpzg_team_barrier (bk->team);        /* h->rp */
  mpzg_gpu_bulk_touch (bk, tid, h->rp, n);
  if (tid == 0)
    {
      h->t4 = mpzg_seconds ();
      if (bk->err == cudaSuccess)
        bk->err = cudaStreamSynchronize (NULL);
      h->t2 = mpzg_seconds ();
    }
  mpzg_gpu_bulk_d2h (bk, tid, h->rp, h->dr, n);
  if (tid != 0)
    return;
  if (bk->err != cudaSuccess)
    {
      mpz_clear (h->t);
      h->st = mpzg_gpu_status (bk->err);
      return;
    }
  mpz_limbs_finish (h->t, h->neg ? -(mp_size_t) n : (mp_size_t) n);
  mpz_swap (h->t, h->r);
  /* Freeing a long product's limbs unmaps them, and the unmapping interrupts
     every core that runs one of the process's threads: cheaper once the team
     has ended (bench/results/2026-11-24-h100-huge-product-host). */
  if (h->old != NULL)
    h->old[h->nold++][0] = h->t[0];
  else
    mpz_clear (h->t);
  h->k++;
  if (job->verbose >= 2)
    fprintf (stderr, "mpzg: gpu mul %zu by %zu limbs (long product): buffer and copies up "
             "%.3f ms, transform %.3f ms (the product's limbs allocated and faulted in "
             "meanwhile: %.3f ms), copy down %.3f ms\n", h->na, h->nb, 1e3 * (h->t1 - h->t0),
             1e3 * (h->t2 - h->t1), 1e3 * (h->t4 - h->t1), 1e3 * (mpzg_seconds () - h->t2));
}

static void
huge_team (mpzg_team *team, void *ctx, int tid, int nthreads)
{
  huge_ctx *h = ctx;
  (void) nthreads;
  if (tid == 0)
    mpzg_gpu_bulk_init (&h->bulk, h->slots, team);
  for (;;)
    {
      if (tid == 0)
        h->go = next_element (h);
      mpzg_team_barrier (team);
      if (h->go == NEXT_STOP)
        return;
      if (h->go == NEXT_DEVICE)
        mul_one (h, tid);
      /* h->go is rewritten only after every member has read it */
      mpzg_team_barrier (team);
    }
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
  huge_ctx h;
  size_t k = 0;
  int st;
  *bad = MPZG_NO_INDEX;
  pthread_mutex_lock (&mpzg_gpu_lock);
  st = mpzg_gpu_slots_ensure (job->ordinal, &h.slots, &h.dev);
  if (st == MPZG_OK && !grid_ready[h.dev->ordinal])
    {
      int e = mpzg_mpn_mul_grid_setup (h.dev);
      if (e == 0)
        grid_ready[h.dev->ordinal] = 1;
      else
        st = mpzg_gpu_status (e);
    }
  if (st == MPZG_OK)
    {
      h.job = job;
      h.fail_at = mpzg_gpu_failure_planned ();
      h.k = 0;
      h.st = MPZG_OK;
      h.old = malloc (job->m * sizeof *h.old);
      h.nold = 0;
      mpzg_team_run (job->threads, huge_team, &h);
      for (size_t i = 0; i < h.nold; i++)
        mpz_clear (h.old[i]);
      free (h.old);
      k = h.k;
      st = h.st;
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
