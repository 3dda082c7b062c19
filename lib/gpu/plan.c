/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* plan.c -- the plan of one GPU call: every element's class (the family plans them,
   in parallel), the elements grouped by class (a counting sort, skipped when the
   batch has one class), and the classes cut into chunks that fit a slot.

   The per-element arrays are kept across calls (under the GPU lock, like the
   slots): a batch of many small numbers would otherwise spend more time faulting in
   fresh pages for them than packing its operands.  Only moderate sizes are kept
   (MPZG_PLAN_KEEP), so that one huge call does not hold its memory for good. */

#include <config.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "mpzg.h"
#include "gpu.h"
#include "layout.h"
#include "pool.h"

#if SIZE_MAX == UINT64_MAX
_Static_assert (sizeof (mpzg_gpu_elem) == 24, "the plan entry grew (family.h)");
#endif

static mpzg_gpu_elem *plan_mt;
static size_t *plan_order;
static size_t plan_cap;

static int
plan_reserve (size_t m)
{
  if (m <= plan_cap)
    return MPZG_OK;
  mpzg_gpu_elem *mt = malloc (m * sizeof *mt);
  size_t *order = malloc (m * sizeof *order);
  if (mt == NULL || order == NULL)
    {
      free (mt);
      free (order);
      return MPZG_ENOMEM;
    }
  free (plan_mt);
  free (plan_order);
  plan_mt = mt;
  plan_order = order;
  plan_cap = m;
  return MPZG_OK;
}

void
mpzg_gpu_plan_free (mpzg_gpu_plan *p)
{
  if (plan_cap > MPZG_PLAN_KEEP)
    {
      free (plan_mt);
      free (plan_order);
      plan_mt = NULL;
      plan_order = NULL;
      plan_cap = 0;
    }
  free (p->ci);
  free (p->ch);
  p->ci = NULL;
  p->ch = NULL;
}

static int
interleaved (const mpzg_mpn_shape *sh)
{
  return sh->layout == MPZG_MPN_INTERLEAVED;
}

/* Whole words for `bytes` bytes per lane over `lanes` lanes. */
static size_t
words_of (size_t bytes, size_t lanes)
{
  return (bytes * lanes + sizeof (mpzg_word) - 1) / sizeof (mpzg_word);
}

size_t
mpzg_gpu_chunk_words (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, int out)
{
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  return words_of (out ? sh->out_bytes : sh->in_bytes, c->lanes);
}

size_t
mpzg_gpu_chunk_scratch (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c)
{
  return p->ci[c->cls].sh.itch * c->lanes;
}

/* Most instances of a class in one chunk of at most max_words words in or out and
   MPZG_SCRATCH_WORDS words of scratch, the padding of interleaved lanes included. */
static size_t
chunk_max (const mpzg_mpn_shape *sh, size_t max_words)
{
  size_t b = sh->in_bytes > sh->out_bytes ? sh->in_bytes : sh->out_bytes;
  size_t per = max_words * sizeof (mpzg_word) / b;
  if (sh->itch > 0 && per > MPZG_SCRATCH_WORDS / sh->itch)
    per = MPZG_SCRATCH_WORDS / sh->itch;
  if (interleaved (sh))
    per = per > 4 * MPZG_LANES ? per - 2 * MPZG_LANES : MPZG_LANES;
  return per;
}

static void
plan_rest (void *ctx, size_t begin, size_t end)
{
  mpzg_gpu_plan *p = ctx;
  p->fam->plan (p, begin + 1, end + 1);
}

int
mpzg_gpu_plan_make (mpzg_gpu_plan *p, size_t max_words)
{
  const mpzg_gpu_family *f = p->fam;
  size_t m = p->m, pos = 0, nch = 0, in_off = 0, out_off = 0, scr_off = 0, k;
  unsigned c;
  p->mt = NULL;
  p->order = NULL;
  p->mixed = 0;
  p->hint = 0;
  p->ci = NULL;
  p->ch = NULL;
  p->nch = 0;
  p->in_words = p->out_words = p->scratch_words = 0;
  p->ncls = f->classes ();
  p->bad_index = MPZG_NO_INDEX;
  p->bad_status = MPZG_OK;
  if (p->threads < 1)
    p->threads = 1;
  if (p->ncls > MPZG_GPU_MAX_CLASSES)
    return MPZG_EDEVICE;        /* a family's ladder outgrew mpzg_gpu_elem.cls */
  if (plan_reserve (m) != MPZG_OK)
    return MPZG_ENOMEM;
  p->mt = plan_mt;
  p->order = plan_order;
  p->ci = calloc (p->ncls, sizeof *p->ci);
  if (p->ci == NULL)
    return MPZG_ENOMEM;
  /* Element 0 first: the others compare their class with it.  A batch of one class
     (the usual case) then needs no counting sort: two serial passes less. */
  f->plan (p, 0, 1);
  if (m > 1 && mpzg_parallel_for_uniform (m - 1, 64, plan_rest, p, p->threads) != 0)
    return MPZG_ENOMEM;
  if (!p->mixed)
    p->order = NULL;
  if (!p->mixed)
    p->ci[p->mt[0].cls].count = m;
  else
    for (k = 0; k < m; k++)
      p->ci[p->mt[k].cls].count++;
  for (c = 0; c < p->ncls; c++)
    {
      mpzg_gpu_class *ci = &p->ci[c];
      ci->first = pos;
      pos += ci->count;
      if (ci->count == 0)
        continue;
      f->shape (c, &ci->sh);
      if (max_words == 0)
        nch++;
      else
        nch += (ci->count + chunk_max (&ci->sh, max_words) - 1) / chunk_max (&ci->sh, max_words);
      if (p->mixed)
        ci->count = 0;          /* refilled below */
    }
  if (p->mixed)
    for (k = 0; k < m; k++)
      {
        mpzg_gpu_class *ci = &p->ci[p->mt[k].cls];
        p->order[ci->first + ci->count++] = k;
      }
  p->ch = malloc ((nch ? nch : 1) * sizeof *p->ch);
  if (p->ch == NULL)
    return MPZG_ENOMEM;
  for (c = 0; c < p->ncls; c++)
    {
      const mpzg_gpu_class *ci = &p->ci[c];
      size_t done = 0, per = max_words && ci->count ? chunk_max (&ci->sh, max_words) : ci->count;
      while (done < ci->count)
        {
          mpzg_gpu_chunk *h = &p->ch[p->nch++];
          h->cls = c;
          h->first = ci->first + done;
          h->count = ci->count - done < per ? ci->count - done : per;
          h->lanes = interleaved (&ci->sh) ? mpzg_padded_lanes (h->count) : h->count;
          h->in_off = max_words ? 0 : in_off;
          h->out_off = max_words ? 0 : out_off;
          h->scratch_off = max_words ? 0 : scr_off;
          in_off += mpzg_gpu_chunk_words (p, h, 0);
          out_off += mpzg_gpu_chunk_words (p, h, 1);
          scr_off += mpzg_gpu_chunk_scratch (p, h);
          done += h->count;
        }
    }
  p->in_words = in_off;
  p->out_words = out_off;
  p->scratch_words = scr_off;
  return MPZG_OK;
}

size_t
mpzg_gpu_units (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, size_t *cost)
{
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  int il = interleaved (sh);
  if (cost)
    *cost = (sh->in_bytes / sizeof (mpzg_word) + 16) * (il ? MPZG_LANES : 1);
  return il ? c->lanes / MPZG_LANES : c->count;
}

typedef struct
{
  mpzg_gpu_xfer x;
  int unpack;
} xfer_ctx;

static void
xfer_range (void *ctx, size_t begin, size_t end)
{
  xfer_ctx *x = ctx;
  if (x->unpack)
    x->x.p->fam->unpack (&x->x, begin, end);
  else
    x->x.p->fam->pack (&x->x, begin, end);
}

int
mpzg_gpu_xfer_all (mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, mpzg_word *buf, int unpack)
{
  xfer_ctx x;
  size_t cost, units = mpzg_gpu_units (p, c, &cost);
  x.x.p = p;
  x.x.c = c;
  x.x.buf = buf;
  x.unpack = unpack;
  if (mpzg_parallel_for_uniform (units, cost, xfer_range, &x, p->threads) != 0)
    return MPZG_ENOMEM;
  return MPZG_OK;
}

/* Element errors are rare (a non-invertible element): one lock for all. */
static pthread_mutex_t elem_error_lock = PTHREAD_MUTEX_INITIALIZER;

void
mpzg_gpu_elem_error (mpzg_gpu_plan *p, size_t e, int status)
{
  pthread_mutex_lock (&elem_error_lock);
  if (e < p->bad_index)
    {
      p->bad_index = e;
      p->bad_status = status;
    }
  pthread_mutex_unlock (&elem_error_lock);
}
