/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-gcd.c -- gcd on the GPU: mpz_gcd around the device's gcd of magnitudes
   (mpzg_mpn_gcd).  The gcd is unique and non-negative: the operands' signs play no
   part, gcd (a, 0) = |a| and gcd (0, 0) = 0 (the device does all three).  Both
   operands are padded to the class of the longer one; the one-thread classes are
   interleaved, the cooperative ones contiguous (gcd-pairs.h packs both).

   Outputs may be inputs of the same index: the inputs are packed before the launch,
   and an output is written only by unpack, from the device's words. */

#include <config.h>
#include <string.h>
#include "mpzg.h"
#include "gpu.h"
#include "gcd-pairs.h"

static void
gcd_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
{
  mpzg_gcd_pairs_plan (p, begin, end, mpzg_mpn_gcd_class, 0);
}

static void
gcd_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t lanes = c->lanes, cnt = c->count, W = p->ci[c->cls].sh.w[0];
  const int il = p->ci[c->cls].sh.layout == MPZG_MPN_INTERLEAVED;
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
      mpzg_word col[MPZG_GCD_MAX_LIMBS];
      const mpzg_word *g = out + j * W;
      size_t n = gcd_words (t);
      if (il)
        {
          mpzg_column (col, out, lanes, j, n);
          g = col;
        }
      mpzg_unstage (p->out[0][t->e], g, mpzg_normalized (g, n), 0);
    }
  mpzg_stream_fence ();
}

static size_t
gcd_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = begin; j < end; j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      grown += mpzg_grow (p->out[0][t->e], gcd_words (t));
    }
  return grown;
}

/* Auto mode: measured thresholds (tuning.h); above 64 limbs (MPZG_GCD_ONE_MAX,
   the widest interleaved class), a batch large enough to fill the device
   (provisional). */
static int
gcd_worthwhile (size_t count, size_t limbs)
{
  if (count == 0)
    return 0;
  double avg = (double) limbs / (double) count;
  if (avg > MPZG_GCD_ONE_MAX && count < MPZG_GCD_WORTH_COOP_COUNT)
    return 0;
  return avg >= MPZG_GCD_WORTH_AVG && avg * avg * (double) count >= MPZG_GCD_WORTH_WORK;
}

const mpzg_gpu_family mpzg_gpu_gcd = {
  .name = "gcd",
  .classes = mpzg_mpn_gcd_classes,
  .max_limbs = mpzg_mpn_gcd_max,
  .shape = mpzg_mpn_gcd_shape,
  .worthwhile = gcd_worthwhile,
  .plan = gcd_plan,
  .pack = mpzg_gcd_pairs_pack,
  .unpack = gcd_unpack,
  .grow = gcd_grow,
  .setup = mpzg_mpn_gcd_setup,
  .launch = mpzg_mpn_gcd,
};
