/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-powm.c -- powm on the GPU: r = b^e mod |m| around the device's
   exponentiation of magnitudes (mpzg_mpn_powm), for every modulus: the device
   splits an even one itself (m = 2^k m', the Montgomery kernels on m', then the
   power of two and the join, cuda/powm/powm-even.cuh), so the host packs |m| as
   it is, whatever its parity.

   What the host does around the kernel, as lib/powm.c and mpz_powm do:
   - a negative exponent: the base is replaced by its inverse mod m
     (mpz_invert, the very call of lib/powm.c, at packing time); where there is
     none the element is left untouched and fails with MPZG_ENOTINVERTIBLE;
   - a negative base: (-b)^e is b^e for even e, and |m| - b^e mod m for odd e
     (when that is not zero), at unpacking time;
   - the signs of e and m: their magnitudes go to the device.
   The device takes any base below 2^(64 N) (no reduction on the host), the
   exponent 0 (1 mod m), and m = 1 (0). */

#include <config.h>
#include "mpzg.h"
#include "gpu.h"
#include "layout.h"

/* flag: bit 0 negate the result (b < 0, e >= 0 odd), bit 1 e < 0 (pack inverts b).
   cmp, set by pack: 1 when b has no inverse. */
enum { NEGATE = 1, INVERT = 2 };

static void
powm_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
{
  /* most batches repeat one shape: ask the ladder only when it changes */
  unsigned last_b = ~0u, last_e = ~0u, last_m = ~0u, last_cls = 0;
  for (size_t k = begin; k < end; k++)
    {
      mpzg_gpu_elem *t = &p->mt[k];
      size_t e = mpzg_gpu_plan_elem (p, k);
      mpz_srcptr b = p->in[0][e], x = p->in[1][e], m = p->in[2][e];
      t->e = e;
      t->n[2] = (unsigned) mpz_size (m);
      t->n[1] = (unsigned) mpz_size (x);
      t->perm = 0;
      t->cmp = 0;
      t->neg = 0;
      if (mpz_sgn (x) < 0)
        {
          t->flag = INVERT;
          t->n[0] = t->n[2];    /* the inverse is below |m| */
        }
      else
        {
          t->flag = mpz_sgn (b) < 0 && mpz_odd_p (x) ? NEGATE : 0;
          t->n[0] = (unsigned) mpz_size (b);
        }
      if (t->n[0] != last_b || t->n[1] != last_e || t->n[2] != last_m)
        {
          last_b = t->n[0];
          last_e = t->n[1];
          last_m = t->n[2];
          last_cls = mpzg_mpn_powm_class (last_b, last_e, last_m);
        }
      t->cls = last_cls;
      if (t->cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

static void
powm_pack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  const size_t N = sh->w[0], EW = sh->w[1], lanes = c->lanes, cnt = c->count;
  mpzg_word tile[3 * MPZG_POWM_MAX_LIMBS * MPZG_LANES];
  mpz_t inv;
  mpz_init (inv);
  for (size_t g = begin; g < end; g++)
    {
      size_t j0 = g * MPZG_LANES;
      for (size_t l = 0; l < MPZG_LANES; l++)
        {
          size_t j = j0 + l;
          if (j >= cnt)
            {
              mpzg_tile_clear (tile, 2 * N + EW, l);
              continue;
            }
          mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 3);
          mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
          mpz_srcptr b = p->in[0][t->e], m = p->in[2][t->e];
          if (t->flag & INVERT)
            {
              if (!mpz_invert (inv, b, m))
                {
                  t->cmp = 1;   /* unpack reports it; the lane computes nothing useful */
                  mpzg_tile_clear (tile, 2 * N + EW, l);
                  continue;
                }
              b = inv;
            }
          mpzg_tile_put (tile, 0, N, mpzg_limbs_read (b), mpz_size (b), l);
          mpzg_tile_put (tile, N, EW, mpzg_limbs_read (p->in[1][t->e]), t->n[1], l);
          mpzg_tile_put (tile, N + EW, N, mpzg_limbs_read (m), t->n[2], l);
        }
      mpzg_tile_store (x->buf, lanes, j0, tile, 2 * N + EW);
    }
  mpz_clear (inv);
  mpzg_stream_fence ();
}

static void
powm_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t N = p->ci[c->cls].sh.ow[0], lanes = c->lanes, cnt = c->count;
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          mpzg_prefetch_output (p->out[0][u->e], u->n[2]);
        }
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
      if (t->cmp)
        {
          mpzg_gpu_elem_error (p, t->e, MPZG_ENOTINVERTIBLE);
          continue;
        }
      mpzg_word r[MPZG_POWM_MAX_LIMBS];
      mpzg_column (r, x->buf, lanes, j, N);
      const size_t rn = mpzg_normalized (r, N);
      if ((t->flag & NEGATE) && rn > 0)
        mpzg_unstage_neg_mod (p->out[0][t->e], (const mp_limb_t *) r, rn, p->in[2][t->e], r);
      else
        mpzg_unstage (p->out[0][t->e], r, rn, 0);
    }
  mpzg_stream_fence ();
}

/* Room for the result: |m|'s words, except for the elements packing found without
   an inverse (the contract leaves their outputs as they were, allocation
   included). */
static size_t
powm_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = begin; j < end; j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      if (t->cmp)
        continue;               /* no inverse (pack): its output stays untouched */
      grown += mpzg_grow (p->out[0][t->e], t->n[2]);
    }
  return grown;
}

/* Auto mode: the batch's total limbs (tuning.h says why not its count). */
static int
powm_worthwhile (size_t count, size_t limbs)
{
  return count > 0 && limbs >= MPZG_POWM_WORTH_LIMBS && limbs >= MPZG_POWM_WORTH_AVG * count;
}

const mpzg_gpu_family mpzg_gpu_powm = {
  .name = "powm",
  .classes = mpzg_mpn_powm_classes,
  .max_limbs = mpzg_mpn_powm_max,
  .shape = mpzg_mpn_powm_shape,
  .worthwhile = powm_worthwhile,
  .plan = powm_plan,
  .pack = powm_pack,
  .unpack = powm_unpack,
  .grow = powm_grow,
  .setup = mpzg_mpn_powm_setup,
  .launch = mpzg_mpn_powm,
};
