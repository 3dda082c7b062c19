/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-gcdext.c -- gcdext and invert on the GPU: mpz_gcdext and mpz_invert around the
   device's gcd of magnitudes and one cofactor (mpzg_mpn_gcdext), normalized to
   GMP's values on the host (gcdext-norm.h); for gcdext the device also finds
   both cofactors where g is one word (mpzg_mpn_gcdext_norm: on every class, or
   in a build that sets MPZG_GCDEXT_NORM_COOP_MIN above the narrowest
   cooperative class, on all but those below it), and the host only sets their
   signs; invert runs those kernels too where its inverse is the other cofactor
   (invert_classes).  Both operands are padded to the class
   of the longer one, as for gcd; the one-thread classes are interleaved, the
   cooperative ones contiguous (gcd-pairs.h packs both).

   The device's cofactor is taken modulo the operand that is odd after the common
   power of two; GMP's s and t follow from it with, where g > 1, one exact division
   by g and one reduction, and for the second cofactor the exact division that
   mpz_gcdext itself makes.

   Outputs may be inputs of the same index: the inputs are packed before the launch,
   and an element's results are formed in temporaries, from the device's words and
   the element's inputs, before any of its outputs is written.  invert's zero
   moduli never come here (batch.c skips them); where no inverse exists the output
   is left untouched, the element's flag is 0 and the element reports
   MPZG_ENOTINVERTIBLE. */

#include <config.h>
#include <string.h>
#include "mpzg.h"
#include "gpu.h"
#include "gcd-pairs.h"
#include "gcdext-norm.h"

static void
gcdext_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
{
  mpzg_gcd_pairs_plan (p, begin, end, mpzg_mpn_gcdext_class, 0);
}

/* invert's classes: gcdext's ladder twice.  The first copy runs the gcdext kernels
   alone: the modulus is the odd operand after the common power of two (any odd
   modulus), and the device's cofactor is the inverse.  The second runs the
   cofactor kernels after them (mpzg_mpn_gcdext_norm, as gcdext does), for the
   pairs whose modulus has more trailing zeros than the base (an even modulus and
   an odd base, as lambda (n) and e in an RSA key): there the device's v is the
   modulus's cofactor, and the inverse is GMP's other one, which the host would
   otherwise find with a product and an exact division an element. */
static unsigned
invert_classes (void)
{
  return 2 * mpzg_mpn_gcdext_classes ();
}

/* The route's test reads a limb of every modulus, which the plan otherwise never
   touches: 4 % of a call of 2^20 inverses of 1024 bits modulo odd numbers.  So a
   sample of the moduli decides first (p->hint): only where one of them is even
   does the plan test every pair.  A pair of the second kind left in the first
   copy of the classes is still inverted right, on the host; one of the first
   kind in the second copy takes the device's cofactor as it is. */
#define INVERT_ROUTE_SAMPLE 256

static void
invert_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
{
  if (begin == 0)
    {
      const size_t step = p->m > INVERT_ROUTE_SAMPLE ? p->m / INVERT_ROUTE_SAMPLE : 1;
      p->hint = 0;
      for (size_t k = 0; k < p->m && !p->hint; k += step)
        p->hint = !(p->in[1][mpzg_gpu_plan_elem (p, k)]->_mp_d[0] & 1);
    }
  mpzg_gcd_pairs_plan (p, begin, end, mpzg_mpn_gcdext_class,
                       p->hint ? mpzg_mpn_gcdext_classes () : 0);
}

static void
invert_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  const unsigned nw = mpzg_mpn_gcdext_classes ();
  if (cls < nw)
    mpzg_mpn_gcdext_shape (cls, sh);
  else
    mpzg_mpn_gcdext_norm_shape (cls - nw, sh);
  sh->cls = cls;
}

/* The cofactor kernels where the shape has their output (a build may leave the
   narrowest cooperative classes without them: the host then finds the inverse). */
static int
invert_launch (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_word *in,
               mpzg_word *out, mpzg_word *scratch, size_t lanes, mpzg_mpn_stream st)
{
  return sh->ow[2] != 0 ? mpzg_mpn_gcdext_norm (dev, sh, in, out, scratch, lanes, st)
    : mpzg_mpn_gcdext (dev, sh, in, out, scratch, lanes, st);
}

/* Output region k (0 g, 1 v, 2 t, of W words each per instance) of position j as
   a read-only integer X over w[]: a column of the interleaved one-thread classes,
   a run of the contiguous cooperative ones (lanes = the count there). */
static inline void
device_region (mpz_t X, mpzg_word *w, const mpzg_word *out, size_t k, size_t lanes, size_t W,
               size_t j, int il)
{
  if (il)
    mpzg_column (w, out + k * W * lanes, lanes, j, W);
  else
    memcpy (w, out + (k * lanes + j) * W, W * sizeof *w);
  mpz_roinit_n (X, (const mp_limb_t *) w, (mp_size_t) mpzg_normalized (w, W));
}

/* The device's g and v of position j, over g[] and v[]. */
static inline void
device_results (mpz_t G, mpz_t V, mpzg_word *g, mpzg_word *v, const mpzg_word *out,
                size_t lanes, size_t W, size_t j, int il)
{
  device_region (G, g, out, 0, lanes, W, j, il);
  device_region (V, v, out, 1, lanes, W, j, il);
}

/* The device's flags and |t| of position j where it found the cofactors (the
   classes where mpzg_mpn_gcdext_norm_shape gives a third output): the flags, and
   T over t[]. */
static inline unsigned
device_norm (mpz_t T, mpzg_word *t, const mpzg_word *out, size_t lanes, size_t W, size_t j,
             int il)
{
  const unsigned flags = (unsigned) out[3 * W * lanes + j];
  if (!(flags & MPZG_GCDEXT_NORM_VALID))
    return 0;
  device_region (T, t, out, 2, lanes, W, j, il);
  return flags;
}

/* Whether the device declined the instance of operands a, b: it returns g = 0
   for them, which only two zero operands give (the one-thread kernels decline
   where a cofactor would outgrow its words, cuda/gcd/gcdext-core.cuh; never
   seen, the host tests count how close it comes). */
static inline int
device_declined (mpz_srcptr G, mpz_srcptr a, mpz_srcptr b)
{
  return mpz_sgn (G) == 0 && (mpz_sgn (a) != 0 || mpz_sgn (b) != 0);
}

static void
gcdext_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t W = p->ci[c->cls].sh.w[0], lanes = c->lanes, cnt = c->count;
  const int il = p->ci[c->cls].sh.layout == MPZG_MPN_INTERLEAVED;
  const int norm = p->ci[c->cls].sh.ow[2] != 0;   /* the device's cofactors came back */
  mpz_t *so = p->out[1], *to = p->out[2];
  mpz_t s, t, w0, w1;
  mpz_init (s);
  mpz_init (t);
  mpz_init (w0);
  mpz_init (w1);
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          mpzg_prefetch_output (p->out[0][u->e], gcd_words (u));
        }
      const mpzg_gpu_elem *e = mpzg_gpu_at (p, c->first + j);
      mpzg_word g[MPZG_GCDEXT_MAX_LIMBS], v[MPZG_GCDEXT_MAX_LIMBS], tw[MPZG_GCDEXT_MAX_LIMBS];
      mpz_t G, V, T;
      device_results (G, V, g, v, x->buf, lanes, W, j, il);
      if (device_declined (G, p->in[0][e->e], p->in[1][e->e]))
        {
          /* GMP's own, through temporaries: an output may be an operand */
          mpz_gcdext (w0, s, t, p->in[0][e->e], p->in[1][e->e]);
          mpz_set (p->out[0][e->e], w0);
          if (so != NULL)
            mpz_set (so[e->e], s);
          if (to != NULL)
            mpz_set (to[e->e], t);
          continue;
        }
      unsigned flags = norm && (so != NULL || to != NULL)
        ? device_norm (T, tw, x->buf, lanes, W, j, il) : 0;
      if (flags)
        {
          /* the device's words straight to the outputs, their signs read first (an
             output may be an operand) */
          int c_is_t, neg_c, neg_t;
          mpzg_gcdext_device_signs (flags, mpz_sgn (p->in[0][e->e]), mpz_sgn (p->in[1][e->e]),
                                    &c_is_t, &neg_c, &neg_t);
          mpz_ptr oc = c_is_t ? (to != NULL ? to[e->e] : NULL) : (so != NULL ? so[e->e] : NULL);
          mpz_ptr ot = c_is_t ? (so != NULL ? so[e->e] : NULL) : (to != NULL ? to[e->e] : NULL);
          mpzg_unstage (p->out[0][e->e], g, mpz_size (G), 0);
          if (oc != NULL)
            mpzg_unstage (oc, v, mpz_size (V), neg_c);
          if (ot != NULL)
            mpzg_unstage (ot, tw, mpz_size (T), neg_t);
          continue;
        }
      if (so != NULL || to != NULL)
        mpzg_gcdext_norm (so != NULL ? s : NULL, to != NULL ? t : NULL, G, p->in[0][e->e],
                          p->in[1][e->e], V, w0, w1);
      mpz_set (p->out[0][e->e], G);
      if (so != NULL)
        mpz_set (so[e->e], s);
      if (to != NULL)
        mpz_set (to[e->e], t);
    }
  mpz_clear (s);
  mpz_clear (t);
  mpz_clear (w0);
  mpz_clear (w1);
  mpzg_stream_fence ();
}

/* Room for g, and for s and t (|s| <= |b|, |t| <= |a|). */
static size_t
gcdext_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = begin; j < end; j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      grown += mpzg_grow (p->out[0][t->e], gcd_words (t));
      if (p->out[1] != NULL)
        grown += mpzg_grow (p->out[1][t->e], t->n[1] > 0 ? t->n[1] : 1);
      if (p->out[2] != NULL)
        grown += mpzg_grow (p->out[2][t->e], t->n[0] > 0 ? t->n[0] : 1);
    }
  return grown;
}

/* x = r (neg = 0) or |m| - r (neg), for 0 < r < |m| given as its n words: an
   inverse or its negation modulo |m|.  x may be m: m is read before x is
   written. */
static void
invert_store (mpz_ptr x, const mp_limb_t *r, size_t n, int neg, mpz_srcptr m)
{
  mpzg_word d[MPZG_GCDEXT_MAX_LIMBS];
  if (neg)
    mpzg_unstage_neg_mod (x, r, n, m, d);
  else
    mpzg_unstage (x, (const mpzg_word *) r, n, 0);
}

/* Where the cofactor kernels ran (a norm class): the inverse of a modulo m from the
   device's cofactors of position j, written to x as mpz_invert does (GMP's s of
   gcdext (a, m), taken into [0, |m|)); returns 0 where it does not decide (no
   cofactors on the device, g != 1, |m| = 1): the caller's general path then does.
   x may be a or m: both are read before x is written. */
static int
invert_from_norm (mpz_ptr x, const mpzg_word *out, size_t lanes, size_t W, size_t j, int il,
                  mpz_srcptr G, mpz_srcptr V, mpz_srcptr a, mpz_srcptr m)
{
  mpzg_word tw[MPZG_GCDEXT_MAX_LIMBS];
  mpz_t T;
  const unsigned flags = device_norm (T, tw, out, lanes, W, j, il);
  if (!flags || mpz_cmp_ui (G, 1) != 0 || mpz_cmpabs_ui (m, 1) <= 0)
    return 0;
  int c_is_t, neg_c, neg_t;
  mpzg_gcdext_device_signs (flags, mpz_sgn (a), mpz_sgn (m), &c_is_t, &neg_c, &neg_t);
  mpz_srcptr S = c_is_t ? T : V;                /* |s|, 0 < |s| < |m| */
  invert_store (x, mpz_limbs_read (S), mpz_size (S), c_is_t ? neg_t : neg_c, m);
  return 1;
}

static void
invert_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const size_t W = p->ci[c->cls].sh.w[0], lanes = c->lanes, cnt = c->count;
  const int il = p->ci[c->cls].sh.layout == MPZG_MPN_INTERLEAVED;
  const int norm = p->ci[c->cls].sh.ow[2] != 0;   /* the device's cofactors came back */
  mpz_t r, w;
  mpz_init (r);
  mpz_init (w);
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          mpzg_prefetch_output (p->out[0][u->e], u->n[1]);
        }
      const mpzg_gpu_elem *e = mpzg_gpu_at (p, c->first + j);
      mpzg_word g[MPZG_GCDEXT_MAX_LIMBS], v[MPZG_GCDEXT_MAX_LIMBS];
      mpz_t G, V;
      device_results (G, V, g, v, x->buf, lanes, W, j, il);
      mpz_srcptr a = p->in[0][e->e], m = p->in[1][e->e];
      int exists = 1;
      if (device_declined (G, a, m))
        {
          if ((exists = mpz_invert (r, a, m)))
            mpz_set (p->out[0][e->e], r);
          else
            mpzg_gpu_elem_error (p, e->e, MPZG_ENOTINVERTIBLE);
        }
      else if (mpzg_invert_from_v (G, a, m))
        /* the usual case: the device's words straight to the output, or |m| - v */
        invert_store (p->out[0][e->e], (const mp_limb_t *) v, mpz_size (V), mpz_sgn (a) < 0, m);
      else if (norm && invert_from_norm (p->out[0][e->e], x->buf, lanes, W, j, il, G, V, a, m))
        ;
      else if ((exists = mpzg_invert_norm (r, G, a, m, V, w)))
        mpz_set (p->out[0][e->e], r);
      else
        mpzg_gpu_elem_error (p, e->e, MPZG_ENOTINVERTIBLE);
      if (p->flags != NULL)
        p->flags[e->e] = exists;
    }
  mpz_clear (r);
  mpz_clear (w);
  mpzg_stream_fence ();
}

/* Auto mode: provisional until measured (tuning.h). */
static int
gcdext_worthwhile (size_t count, size_t limbs)
{
  return count >= MPZG_GCDEXT_WORTH_COUNT && limbs >= MPZG_GCDEXT_WORTH_AVG * count;
}

const mpzg_gpu_family mpzg_gpu_gcdext = {
  .name = "gcdext",
  .classes = mpzg_mpn_gcdext_classes,
  .max_limbs = mpzg_mpn_gcdext_max,
  .shape = mpzg_mpn_gcdext_norm_shape,
  .worthwhile = gcdext_worthwhile,
  .plan = gcdext_plan,
  .pack = mpzg_gcd_pairs_pack,
  .unpack = gcdext_unpack,
  .grow = gcdext_grow,
  .setup = mpzg_mpn_gcdext_setup,
  .launch = mpzg_mpn_gcdext_norm,
};

const mpzg_gpu_family mpzg_gpu_invert = {
  .name = "invert",
  .classes = invert_classes,
  .max_limbs = mpzg_mpn_gcdext_max,
  .shape = invert_shape,
  .worthwhile = gcdext_worthwhile,
  .plan = invert_plan,
  .pack = mpzg_gcd_pairs_pack,
  .unpack = invert_unpack,
  /* no grow hook: whether an inverse exists is known only once the chunk is back,
     and the output of an element without one must stay as it was, allocation
     included (the unpacking makes room for the others) */
  .grow = NULL,
  .setup = mpzg_mpn_gcdext_setup,
  .launch = invert_launch,
};
