/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-norm.h -- GMP's cofactors from the device's (cuda/gcd/gcdext-core.cuh).

   The device returns g = gcd (a, b) and one cofactor v of the magnitudes, modulo
   the operand that is odd once the common power of two 2^k is removed (the route):
   route 0, |b| / 2^k odd: |a| v = g (mod |b|); route 1: |b| v = g (mod |a|).
   mpz_gcdext's s and t are the unique pair with a s + b t = g, |s| < |b| / (2g) and
   |t| < |a| / (2g), except where none exists; GMP's manual names those cases and
   GMP's outputs agree (tests/mpn/t-gcdext-host.cc compares them exhaustively on
   small operands): |a| = |b| gives s = 0, t = sgn (b); b = 0 gives s = sgn (a),
   t = 0; a = 0 gives s = 0, t = sgn (b); |b| = 2g gives s = sgn (a); |a| = 2g gives
   t = sgn (b).  Otherwise s is the residue of sgn (a) v modulo B = |b| / g nearest
   zero (no ties: B even makes a / g odd, so the residue B / 2 would need B = 2),
   and t = (g - a s) / b exactly; route 1 the same with the roles exchanged.  With
   |a| = 2g on route 0 (and |b| = 2g on route 1) that residue already gives the
   manual's value.

   Costs on the host: for g = 1 no division but t's exact division (the one
   mpz_gcdext itself makes for its second cofactor); otherwise one exact division
   by g and one reduction of v.  C and C++ (the host test includes it). */
#ifndef MPZG_GCDEXT_NORM_H
#define MPZG_GCDEXT_NORM_H

#include <gmp.h>

/* 1 when b's odd part after the common power of two is even, i.e. v is b's
   cofactor modulo a (a, b not zero): b has more trailing zero bits than a.  The
   low limbs decide unless both are even (the planning asks for every pair of
   invert's batches). */
static inline int
mpzg_gcdext_route (mpz_srcptr a, mpz_srcptr b)
{
  if (b->_mp_size != 0 && (b->_mp_d[0] & 1))
    return 0;
  if (b->_mp_size != 0 && a->_mp_size != 0 && (a->_mp_d[0] & 1))
    return 1;
  return mpz_scan1 (b, 0) > mpz_scan1 (a, 0);
}

/* x = the residue of sgn * v modulo m (m > 2, v >= 0) nearest zero; w scratch. */
static inline void
mpzg_gcdext_symmetric (mpz_ptr x, mpz_srcptr v, mpz_srcptr m, int sgn, mpz_ptr w)
{
  if (mpz_cmp (v, m) >= 0)
    mpz_tdiv_r (x, v, m);
  else
    mpz_set (x, v);
  mpz_sub (w, m, x);
  if (mpz_cmp (x, w) > 0)
    mpz_neg (x, w);
  if (sgn < 0)
    mpz_neg (x, x);
}

/* s, t (either NULL when not wanted, not both) as mpz_gcdext gives them for a, b,
   from the device's g and v.  s, t, w0, w1 are distinct from each other and from
   a, b, g, v. */
static inline void
mpzg_gcdext_norm (mpz_ptr s, mpz_ptr t, mpz_srcptr g, mpz_srcptr a, mpz_srcptr b,
                  mpz_srcptr v, mpz_ptr w0, mpz_ptr w1)
{
  const int sa = mpz_sgn (a), sb = mpz_sgn (b);
  if (sb == 0 || sa == 0 || mpz_cmpabs (a, b) == 0)
    {
      /* b = 0: (sgn a, 0); a = 0 or |a| = |b|: (0, sgn b) */
      if (s != NULL)
        mpz_set_si (s, sb == 0 ? sa : 0);
      if (t != NULL)
        mpz_set_si (t, sb == 0 ? 0 : sb);
      return;
    }
  /* on route 1 everything mirrors: (x, y, cx, cy) = (b, a, t, s) */
  const int r = mpzg_gcdext_route (a, b);
  mpz_srcptr x = r ? b : a, y = r ? a : b;
  mpz_ptr cx = r ? t : s, cy = r ? s : t;
  mpz_ptr c = cx != NULL ? cx : w1;     /* x's cofactor, needed for y's */
  if (mpz_cmp_ui (g, 1) == 0)
    mpz_abs (w0, y);
  else
    {
      mpz_divexact (w0, y, g);
      mpz_abs (w0, w0);
    }
  /* |y| = g: c = 0; |y| = 2g: c = sgn (x); else the residue nearest zero */
  if (mpz_cmp_ui (w0, 2) <= 0)
    mpz_set_si (c, mpz_cmp_ui (w0, 2) == 0 ? mpz_sgn (x) : 0);
  else
    mpzg_gcdext_symmetric (c, v, w0, mpz_sgn (x), cx != NULL ? w1 : (cy != NULL ? cy : w0));
  if (cy != NULL)
    {
      mpz_mul (w0, x, c);
      mpz_sub (w0, g, w0);
      mpz_divexact (cy, w0, y);
    }
}

/* The flags of cuda/gcd/gcdext-norm.cuh (GCDEXT_NORM_*), where the device found
   the cofactors itself (g of one word): valid, c < 0, t < 0, route 1. */
#define MPZG_GCDEXT_NORM_VALID 1u
#define MPZG_GCDEXT_NORM_NEG_C 2u
#define MPZG_GCDEXT_NORM_NEG_T 4u
#define MPZG_GCDEXT_NORM_ROUTE 8u

/* Where the device found the cofactors (valid flags), for operands of signs sa
   and sb: *c_is_t says whether |c| (the cofactor of x) is t's magnitude (route 1)
   or s's, and *neg_c, *neg_t the signs of the outputs that take |c| and |t|: the
   cofactor of x is sgn (x) c, that of y sgn (y) t. */
static inline void
mpzg_gcdext_device_signs (unsigned flags, int sa, int sb, int *c_is_t, int *neg_c, int *neg_t)
{
  const int r = (flags & MPZG_GCDEXT_NORM_ROUTE) != 0;
  const int sx = r ? sb : sa, sy = r ? sa : sb;
  *c_is_t = r;
  *neg_c = ((flags & MPZG_GCDEXT_NORM_NEG_C) != 0) != (sx < 0);
  *neg_t = ((flags & MPZG_GCDEXT_NORM_NEG_T) != 0) != (sy < 0);
}

/* s and t from the device's |c| and |t| with its flags, for operands of signs
   sa and sb (the tests' reading of what gcdext_unpack writes limb by limb).
   s, t distinct from C and T. */
static inline void
mpzg_gcdext_device_st (mpz_ptr s, mpz_ptr t, mpz_srcptr C, mpz_srcptr T, unsigned flags,
                       int sa, int sb)
{
  int c_is_t, neg_c, neg_t;
  mpzg_gcdext_device_signs (flags, sa, sb, &c_is_t, &neg_c, &neg_t);
  mpz_ptr oc = c_is_t ? t : s, ot = c_is_t ? s : t;
  mpz_set (oc, C);
  if (neg_c)
    mpz_neg (oc, oc);
  mpz_set (ot, T);
  if (neg_t)
    mpz_neg (ot, ot);
}

/* Whether mpz_invert (x, a, m) follows from the device's v alone (m not zero): g =
   1, a not zero, |m| > 1 and v the cofactor of |a| modulo |m| (route 0, 0 < v <
   |m|): the inverse is v for a > 0 and |m| - v for a < 0, the usual case of
   mpzg_invert_norm below, in which the caller may take v's words without a copy. */
static inline int
mpzg_invert_from_v (mpz_srcptr g, mpz_srcptr a, mpz_srcptr m)
{
  return mpz_cmp_ui (g, 1) == 0 && mpz_sgn (a) != 0 && mpz_cmpabs_ui (m, 1) > 0
    && !mpzg_gcdext_route (a, m);
}

/* mpz_invert (x, a, m) from the device's g and v for a, m (m not zero): returns
   whether the inverse exists, and then x in [0, |m|).  x, w distinct from the
   others. */
static inline int
mpzg_invert_norm (mpz_ptr x, mpz_srcptr g, mpz_srcptr a, mpz_srcptr m, mpz_srcptr v,
                  mpz_ptr w)
{
  if (mpz_cmp_ui (g, 1) != 0)
    return 0;
  if (mpz_cmpabs_ui (m, 1) == 0 || mpz_sgn (a) == 0)
    {
      /* |m| = 1 (a = 0 has g = |m|): the residue 0 */
      mpz_set_ui (x, 0);
      return 1;
    }
  mpz_abs (w, m);
  if (!mpzg_gcdext_route (a, m))
    /* |a| v = 1 (mod |m|), 0 <= v < |m| */
    mpz_set (x, v);
  else if (mpz_cmpabs_ui (a, 1) == 0)
    mpz_set_ui (x, 1);
  else
    {
      /* |m| v = 1 (mod |a|), 0 < v < |a|: |a| x = 1 - |m| v with x in (-|m|, 0),
         so |m| - (|m| v - 1) / |a| */
      mpz_mul (x, w, v);
      mpz_sub_ui (x, x, 1);
      mpz_divexact (x, x, a);
      mpz_abs (x, x);
      mpz_sub (x, w, x);
    }
  if (mpz_sgn (a) < 0 && mpz_sgn (x) != 0)
    /* (-|a|)^-1 = |m| - |a|^-1 */
    mpz_sub (x, w, x);
  return 1;
}

#endif
