/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-addsub.c -- add and sub on the GPU: the signs and sizes of mpz_add and mpz_sub
   around the device's magnitude addition and subtraction (mpzg_mpn_addsub).

   Like signs add the magnitudes; unlike signs subtract the smaller magnitude from
   the larger, and the result takes the larger one's sign, as mpz_add does.  The
   longer (add) or larger (sub) magnitude is packed first (perm = 1 when that is b).
   Magnitudes of equal size are compared when they are packed, where their limbs are
   read anyway: comparing them while planning cost two cache misses per element
   (add at 2^10 bits, 1M elements: planning 5.5-8 ms against 1.2 for mul). */

#include <config.h>
#include "mpzg.h"
#include "gpu.h"
#include "layout.h"

static inline void
plan_addsub (mpzg_gpu_plan *p, size_t begin, size_t end, int sub)
{
  /* most batches repeat one size: ask the ladder only when it changes */
  unsigned last_n = ~0u, last_cls = 0;
  for (size_t k = begin; k < end; k++)
    {
      mpzg_gpu_elem *t = &p->mt[k];
      size_t e = mpzg_gpu_plan_elem (p, k);
      mpz_srcptr a = p->in[0][e], b = p->in[1][e];
      unsigned na = (unsigned) mpz_size (a), nb = (unsigned) mpz_size (b);
      int sa = mpz_sgn (a), sb = sub ? -mpz_sgn (b) : mpz_sgn (b);
      int perm = na < nb;
      unsigned nx = perm ? nb : na;
      t->e = e;
      t->n[0] = nx;
      t->n[1] = perm ? na : nb;
      t->n[2] = 0;
      t->perm = perm;
      t->cmp = 0;
      if (sa == 0 || sb == 0 || sa == sb)
        {
          t->flag = 0;
          t->neg = (sa ? sa : sb) < 0;
        }
      else
        {
          /* Until packing settles equal sizes, neg is the result's sign when the
             longer magnitude (a, if equal) is the larger. */
          t->flag = 1;
          t->cmp = na == nb;
          t->neg = (perm ? sb : sa) < 0;
        }
      if (nx != last_n)
        {
          last_n = nx;
          last_cls = mpzg_mpn_addsub_class (nx);
        }
      t->cls = (unsigned short) last_cls;
      if (last_cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

static void add_plan (mpzg_gpu_plan *p, size_t begin, size_t end) { plan_addsub (p, begin, end, 0); }
static void sub_plan (mpzg_gpu_plan *p, size_t begin, size_t end) { plan_addsub (p, begin, end, 1); }

/* Settles a subtraction of equal-size magnitudes: the larger becomes x, and the
   result's sign flips when b is the larger.  Runs before the element is unpacked,
   which reads perm and neg after a barrier. */
static inline const mpzg_gpu_elem *
settle (const mpzg_gpu_plan *p, size_t pos)
{
  mpzg_gpu_elem *t = mpzg_gpu_at (p, pos);
  if (t->cmp)
    {
      if (mpz_cmpabs (p->in[0][t->e], p->in[1][t->e]) < 0)
        {
          t->perm = 1;
          t->neg = !t->neg;
        }
      t->cmp = 0;
    }
  return t;
}

/* Words of the result before normalization: n[0] plus a carry word, unless subtracting. */
static inline size_t
result_words (const mpzg_gpu_elem *t)
{
  return (size_t) t->n[0] + (t->flag ? 0 : 1);
}

static void
addsub_pack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t M = p->ci[c->cls].sh.w[0], lanes = c->lanes, cnt = c->count;
  mpzg_word *in = x->buf;
  if (p->ci[c->cls].sh.layout == MPZG_MPN_INTERLEAVED)
    {
      mpzg_word tile[2 * MPZG_MPN_INTERLEAVED_MAX * MPZG_LANES];
      for (size_t g = begin; g < end; g++)
        {
          size_t j0 = g * MPZG_LANES;
          uint64_t flags = 0;
          for (size_t l = 0; l < MPZG_LANES; l++)
            {
              size_t j = j0 + l;
              if (j >= cnt)
                {
                  mpzg_tile_clear (tile, 2 * M, l);   /* flag 0 */
                  continue;
                }
              mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
              const mpzg_gpu_elem *t = settle (p, c->first + j);
              mpz_srcptr xs = p->in[t->perm][t->e], ys = p->in[!t->perm][t->e];
              mpzg_tile_put2 (tile, M, mpzg_limbs_read (xs), t->n[0], mpzg_limbs_read (ys),
                              t->n[1], l);
              flags |= (uint64_t) t->flag << (8 * l);
            }
          mpzg_tile_store (in, lanes, j0, tile, 2 * M);
          /* the lanes' flag bytes, in lane order */
          mpzg_stream_copy ((uint64_t *) in + 2 * M * lanes + g, &flags, 1);
        }
    }
  else
    for (size_t j = begin; j < end; j++)
      {
        mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
        const mpzg_gpu_elem *t = settle (p, c->first + j);
        mpz_srcptr xs = p->in[t->perm][t->e], ys = p->in[!t->perm][t->e];
        mpzg_stage_in (in + j * M, mpzg_limbs_read (xs), t->n[0], M);
        mpzg_stage_in (in + M * cnt + j * M, mpzg_limbs_read (ys), t->n[1], M);
        in[2 * M * cnt + j] = t->flag;
      }
  mpzg_stream_fence ();
}

static void
addsub_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t M = p->ci[c->cls].sh.w[0], lanes = c->lanes, cnt = c->count;
  const int il = p->ci[c->cls].sh.layout == MPZG_MPN_INTERLEAVED;
  const mpzg_word *out = x->buf;
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          mpzg_prefetch_output (p->out[0][u->e], result_words (u));
        }
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
      mpz_ptr r = p->out[0][t->e];
      size_t n = result_words (t);
      if (n == 0)
        {
          mpz_set_ui (r, 0);
          continue;
        }
      mp_limb_t *rp = mpzg_limbs_write (r, (mp_size_t) n);
      if (il)
        {
          /* n <= M + 1: the carry byte after the M rows */
          mpzg_word col[MPZG_MPN_INTERLEAVED_MAX + 1];
          mpzg_column (col, out, lanes, j, n < M ? n : M);
          if (n > M)
            col[M] = ((const unsigned char *) (out + M * lanes))[j];
          mpzg_stage_out (rp, col, n);
        }
      else
        {
          mpzg_stage_out (rp, out + j * M, n < M ? n : M);
          if (n > M)
            rp[M] = out[M * cnt + j];
        }
      mpzg_limbs_finish (r, t->neg ? -(mp_size_t) n : (mp_size_t) n);
    }
  mpzg_stream_fence ();
}

static size_t
addsub_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = begin; j < end; j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      grown += mpzg_grow (p->out[0][t->e], result_words (t));
    }
  return grown;
}

/* Auto mode: end to end the host's copying into and out of pinned memory alone
   costs about what GMP's whole loop does on all cores, so only enormous batches. */
static int
addsub_worthwhile (size_t count, size_t limbs)
{
  return count > 0 && limbs >= MPZG_ADD_WORTH_LIMBS;
}

const mpzg_gpu_family mpzg_gpu_add = {
  .name = "add",
  .classes = mpzg_mpn_addsub_classes,
  .max_limbs = mpzg_mpn_addsub_max,
  .shape = mpzg_mpn_addsub_shape,
  .worthwhile = addsub_worthwhile,
  .plan = add_plan,
  .pack = addsub_pack,
  .unpack = addsub_unpack,
  .grow = addsub_grow,
  .setup = mpzg_mpn_addsub_setup,
  .launch = mpzg_mpn_addsub,
};

const mpzg_gpu_family mpzg_gpu_sub = {
  .name = "sub",
  .classes = mpzg_mpn_addsub_classes,
  .max_limbs = mpzg_mpn_addsub_max,
  .shape = mpzg_mpn_addsub_shape,
  .worthwhile = addsub_worthwhile,
  .plan = sub_plan,
  .pack = addsub_pack,
  .unpack = addsub_unpack,
  .grow = addsub_grow,
  .setup = mpzg_mpn_addsub_setup,
  .launch = mpzg_mpn_addsub,
};
