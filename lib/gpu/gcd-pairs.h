/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-pairs.h -- what the gcd family and the gcdext and invert families share on
   the host: planning and packing a pair (a, b) of magnitudes, both padded to one
   class width, and the words a gcd can have.  Header-only, inlined into each
   family's hooks. */
#ifndef MPZG_GPU_GCD_PAIRS_H
#define MPZG_GPU_GCD_PAIRS_H

#include "layout.h"
#include "gcdext-norm.h"            /* mpzg_gcdext_route */

/* Plans positions [begin, end) as pairs; class_of gives the class of the longer
   operand's size (the families' ladders).  route_classes: 0, or the ladder's
   class count, added to the class of the pairs whose b has more trailing zero
   bits than a (mpzg_gcdext_route: invert's classes with the cofactor kernels). */
static inline void
mpzg_gcd_pairs_plan (mpzg_gpu_plan *p, size_t begin, size_t end, unsigned (*class_of) (size_t),
                     unsigned route_classes)
{
  /* most batches repeat one size: ask the ladder only when it changes */
  unsigned last_n = ~0u, last_cls = 0;
  for (size_t k = begin; k < end; k++)
    {
      mpzg_gpu_elem *t = &p->mt[k];
      size_t e = mpzg_gpu_plan_elem (p, k);
      unsigned na = (unsigned) mpz_size (p->in[0][e]), nb = (unsigned) mpz_size (p->in[1][e]);
      unsigned n = na > nb ? na : nb;
      t->e = e;
      t->n[0] = na;
      t->n[1] = nb;
      t->n[2] = 0;
      t->perm = 0;
      t->flag = 0;
      t->cmp = 0;
      t->neg = 0;
      if (n != last_n)
        {
          last_n = n;
          last_cls = class_of (n);
        }
      t->cls = (unsigned short) last_cls;
      if (route_classes != 0)
        {
          /* the route reads b's low limb (a's where b is even): the only limbs the
             plan reads, one cache miss an element unless fetched ahead */
          if (MPZG_PREFETCH_AHEAD > 0 && k + MPZG_PREFETCH_AHEAD < end)
            __builtin_prefetch (p->in[1][mpzg_gpu_plan_elem (p, k + MPZG_PREFETCH_AHEAD)]->_mp_d);
          if (nb > 0 && mpzg_gcdext_route (p->in[0][e], p->in[1][e]))
            t->cls = (unsigned short) (last_cls + route_classes);
        }
      if (t->cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

/* Packs a chunk's units [begin, end): a and b, each at the class width; lane
   groups on the interleaved layout, instances on the contiguous one (a's of all
   instances, then b's). */
static inline void
mpzg_gcd_pairs_pack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t W = p->ci[c->cls].sh.w[0], lanes = c->lanes, cnt = c->count;
  if (p->ci[c->cls].sh.layout == MPZG_MPN_CONTIGUOUS)
    {
      for (size_t j = begin; j < end; j++)
        {
          mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
          const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
          mpzg_stage_in (x->buf + j * W, mpzg_limbs_read (p->in[0][t->e]), t->n[0], W);
          mpzg_stage_in (x->buf + (cnt + j) * W, mpzg_limbs_read (p->in[1][t->e]), t->n[1], W);
        }
      mpzg_stream_fence ();
      return;
    }
  mpzg_word tile[2 * MPZG_MPN_INTERLEAVED_MAX * MPZG_LANES];
  for (size_t g = begin; g < end; g++)
    {
      size_t j0 = g * MPZG_LANES;
      for (size_t l = 0; l < MPZG_LANES; l++)
        {
          size_t j = j0 + l;
          if (j >= cnt)
            {
              mpzg_tile_clear (tile, 2 * W, l);
              continue;
            }
          mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
          const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
          mpzg_tile_put2 (tile, W, mpzg_limbs_read (p->in[0][t->e]), t->n[0],
                          mpzg_limbs_read (p->in[1][t->e]), t->n[1], l);
        }
      mpzg_tile_store (x->buf, lanes, j0, tile, 2 * W);
    }
  mpzg_stream_fence ();
}

/* Words the gcd of an element can have: at most the shorter operand's, or the
   other's when one is zero. */
static inline size_t
gcd_words (const mpzg_gpu_elem *t)
{
  size_t lo = t->n[0] < t->n[1] ? t->n[0] : t->n[1];
  size_t hi = t->n[0] < t->n[1] ? t->n[1] : t->n[0];
  return lo > 0 ? lo : hi;
}

#endif
