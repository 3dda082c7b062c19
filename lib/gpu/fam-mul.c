/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-mul.c -- mul on the GPU: mpz_mul's sign and sizes around the device's full
   products of magnitudes (mpzg_mpn_mul), the longer operand first (perm = 1 when
   that is b); elements above the ladder's limit one at a time through the
   whole-device transform (mul-huge.c).  The product has na + nb words before
   normalization; it is negative when exactly one operand is, unless it is zero. */

#include <config.h>
#include "mpzg.h"
#include "gpu.h"
#include "layout.h"
#include "mul-huge.h"

static void
mul_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
{
  /* most batches repeat one shape: ask the ladder only when it changes */
  unsigned last_x = ~0u, last_y = ~0u, last_cls = 0;
  for (size_t k = begin; k < end; k++)
    {
      mpzg_gpu_elem *t = &p->mt[k];
      size_t e = mpzg_gpu_plan_elem (p, k);
      mpz_srcptr a = p->in[0][e], b = p->in[1][e];
      unsigned na = (unsigned) mpz_size (a), nb = (unsigned) mpz_size (b);
      int perm = na < nb;
      unsigned nx = perm ? nb : na, ny = perm ? na : nb;
      t->e = e;
      t->n[0] = nx;
      t->n[1] = ny;
      t->n[2] = 0;
      t->flag = 0;
      t->perm = perm;
      t->cmp = 0;
      t->neg = (mpz_sgn (a) < 0) != (mpz_sgn (b) < 0) && na != 0 && nb != 0;
      if (nx != last_x || ny != last_y)
        {
          last_x = nx;
          last_y = ny;
          last_cls = mpzg_mpn_mul_class (nx, ny);
        }
      t->cls = (unsigned short) last_cls;
      if (last_cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

static void
mul_pack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  const size_t Ma = sh->w[0], Mb = sh->w[1], lanes = c->lanes, cnt = c->count;
  mpzg_word *in = x->buf;
  if (sh->layout == MPZG_MPN_INTERLEAVED)
    {
      /* Ma == Mb */
      mpzg_word tile[2 * MPZG_MPN_INTERLEAVED_MAX * MPZG_LANES];
      for (size_t g = begin; g < end; g++)
        {
          size_t j0 = g * MPZG_LANES;
          for (size_t l = 0; l < MPZG_LANES; l++)
            {
              size_t j = j0 + l;
              if (j >= cnt)
                {
                  mpzg_tile_clear (tile, 2 * Ma, l);
                  continue;
                }
              mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
              const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
              mpz_srcptr xs = p->in[t->perm][t->e], ys = p->in[!t->perm][t->e];
              mpzg_tile_put2 (tile, Ma, mpzg_limbs_read (xs), t->n[0], mpzg_limbs_read (ys),
                              t->n[1], l);
            }
          mpzg_tile_store (in, lanes, j0, tile, 2 * Ma);
        }
    }
  else
    for (size_t j = begin; j < end; j++)
      {
        mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
        const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
        mpz_srcptr xs = p->in[t->perm][t->e], ys = p->in[!t->perm][t->e];
        mpzg_stage_in (in + j * Ma, mpzg_limbs_read (xs), t->n[0], Ma);
        mpzg_stage_in (in + Ma * cnt + j * Mb, mpzg_limbs_read (ys), t->n[1], Mb);
      }
  mpzg_stream_fence ();
}

static void
mul_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  const size_t W = (size_t) sh->w[0] + sh->w[1], lanes = c->lanes, cnt = c->count;
  const int il = sh->layout == MPZG_MPN_INTERLEAVED;
  const mpzg_word *out = x->buf;
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          mpzg_prefetch_output (p->out[0][u->e], (size_t) u->n[0] + u->n[1]);
        }
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
      size_t n = (size_t) t->n[0] + t->n[1];
      if (il)
        {
          mpzg_word col[MPZG_MPN_INTERLEAVED_MAX];
          mpzg_column (col, out, lanes, j, n);
          mpzg_unstage (p->out[0][t->e], col, n, t->neg);
        }
      else
        mpzg_unstage (p->out[0][t->e], out + j * W, n, t->neg);
    }
  mpzg_stream_fence ();
}

static size_t
mul_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = begin; j < end; j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      grown += mpzg_grow (p->out[0][t->e], (size_t) t->n[0] + t->n[1]);
    }
  return grown;
}

/* Auto mode: end to end the GPU beat GMP on all cores from 16-limb operands, and
   only for batches with enough work to hide the transfers. */
static int
mul_worthwhile (size_t count, size_t limbs)
{
  if (count == 0)
    return 0;
  double avg = (double) limbs / (double) count;
  return avg * avg * (double) count >= MPZG_MUL_WORTH_WORK && avg >= MPZG_MUL_WORTH_AVG;
}

const mpzg_gpu_family mpzg_gpu_mul = {
  .name = "mul",
  .classes = mpzg_mpn_mul_classes,
  .max_limbs = mpzg_mpn_mul_max,
  .shape = mpzg_mpn_mul_shape,
  .worthwhile = mul_worthwhile,
  .plan = mul_plan,
  .pack = mul_pack,
  .unpack = mul_unpack,
  .grow = mul_grow,
  .setup = mpzg_mpn_mul_setup,
  .launch = mpzg_mpn_mul,
  .huge_takes = mpzg_gpu_mul_huge_takes,
  .huge_run = mpzg_gpu_mul_huge_run,
};
