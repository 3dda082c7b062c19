/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-gcd.c -- gcd on the GPU: mpz_gcd around the device's gcd of magnitudes
   (mpzg_mpn_gcd).  The gcd is unique and non-negative: the operands' signs play no
   part, gcd (a, 0) = |a| and gcd (0, 0) = 0 (the device does all three).  Both
   operands are padded to the class of the longer one.

   Outputs may be inputs of the same index: the inputs are packed before the launch,
   and an output is written only by unpack, from the device's words. */

#include <config.h>
#include "mpzg.h"
#include "gpu.h"
#include "layout.h"

static void
gcd_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
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
          last_cls = mpzg_mpn_gcd_class (n);
        }
      t->cls = last_cls;
      if (t->cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

static void
gcd_pack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t W = p->ci[c->cls].sh.w[0], lanes = c->lanes, cnt = c->count;
  mpzg_word tile[2 * MPZG_GCD_MAX_LIMBS * MPZG_LANES];
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
          mpzg_tile_put (tile, 0, W, mpz_limbs_read (p->in[0][t->e]), t->n[0], l);
          mpzg_tile_put (tile, W, W, mpz_limbs_read (p->in[1][t->e]), t->n[1], l);
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

static void
gcd_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t lanes = c->lanes, cnt = c->count;
  const mpzg_word *out = x->buf;
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          mpzg_prefetch_output (p->out[0][u->e], gcd_words (u));
        }
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
      mpzg_word g[MPZG_GCD_MAX_LIMBS];
      size_t n = gcd_words (t);
      mpzg_column (g, out, lanes, j, n);
      while (n > 0 && g[n - 1] == 0)
        n--;
      mpzg_unstage (p->out[0][t->e], g, n, 0);
    }
  mpzg_stream_fence ();
}

static void
gcd_grow (const mpzg_gpu_xfer *x)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = 0; j < x->c->count && (j < MPZG_GROW_PROBE || grown > 0); j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      grown += mpzg_grow (p->out[0][t->e], gcd_words (t));
    }
}

/* Auto mode: provisional until measured (tuning.h). */
static int
gcd_worthwhile (size_t count, size_t limbs)
{
  return count >= MPZG_GCD_WORTH_COUNT && limbs >= MPZG_GCD_WORTH_AVG * count;
}

const mpzg_gpu_family mpzg_gpu_gcd = {
  .name = "gcd",
  .classes = mpzg_mpn_gcd_classes,
  .max_limbs = mpzg_mpn_gcd_max,
  .shape = mpzg_mpn_gcd_shape,
  .worthwhile = gcd_worthwhile,
  .plan = gcd_plan,
  .pack = gcd_pack,
  .unpack = gcd_unpack,
  .grow = gcd_grow,
  .setup = mpzg_mpn_gcd_setup,
  .launch = mpzg_mpn_gcd,
};
