/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-norm.cuh -- GMP's cofactors on the device where g = 1, the common case:
   what lib/gpu/gcdext-norm.h does on the host after the gcdext kernel, without its
   product and exact division there.

   The gcdext kernel leaves g = gcd (|a|, |b|) and v with |x| v = g (mod |y|),
   0 <= v < |y|, where (x, y) = (a, b), or (b, a) on route 1 (|b| has more trailing
   zeros than |a|).  With g = 1 and |y| > 2, GMP's cofactor of x is
   sgn (x) c with c the residue of v modulo |y| nearest zero (|y| is odd, so there
   is no tie), and the cofactor of y is sgn (y) t with t = (1 - |x| c) / |y|, exact,
   |t| < |x| / 2.  So t = -(|x| v - 1) / |y| when c = v, and
   t = (|x| (|y| - v) + 1) / |y| when c = v - |y|: an exact quotient below
   2^(64 W), found from the low W words of the dividend alone by Hensel's
   division (low words first, as GMP's mpn_divexact): one half product and one
   half division, W^2 word products in all.

   gcdext_norm works on the magnitudes (the device has no signs): it replaces v by
   |c|, writes |t| and returns the flags GCDEXT_NORM_*; where g != 1, an operand is
   zero or |y| <= 2 it returns 0 and changes nothing, and the host normalizes as
   before.  Words are read and written through strided views, so that the
   interleaved and the contiguous layouts share it.  Host and device code:
   tests/mpn/t-gcdext-norm-host.cc compares it with mpz_gcdext. */
#ifndef MPZG_GCDEXT_NORM_CUH
#define MPZG_GCDEXT_NORM_CUH

#include <stddef.h>
#include "../core/word.cuh"

#ifdef __CUDACC__
#define MPZG_GXN_HD __host__ __device__ __forceinline__
#else
#define MPZG_GXN_HD inline
#endif

namespace mpzg {
namespace gxn {

/* The flags: the device's s and t are valid; c < 0; t < 0 (before the signs of
   x and y); route 1. */
enum { GCDEXT_NORM_VALID = 1, GCDEXT_NORM_NEG_C = 2, GCDEXT_NORM_NEG_T = 4,
       GCDEXT_NORM_ROUTE = 8 };

/* W words at p, word i at p[i * stride]. */
struct view
{
  u64 *p;
  size_t stride;
  MPZG_GXN_HD u64 &operator[] (unsigned i) const { return p[i * stride]; }
};

/* The index of the lowest set bit of x (W words), or 64 W when x = 0. */
MPZG_GXN_HD unsigned
low_bit (view x, unsigned W)
{
  for (unsigned i = 0; i < W; i++)
    if (x[i] != 0)
      return 64 * i + ctz64 (x[i]);
  return 64 * W;
}

/* sign of x - y */
MPZG_GXN_HD int
cmp (view x, view y, unsigned W)
{
  for (unsigned i = W; i-- > 0;)
    if (x[i] != y[i])
      return x[i] > y[i] ? 1 : -1;
  return 0;
}

/* See the head of the file: a, b the magnitudes, g and v the gcdext kernel's, t
   W words of output. */
MPZG_GXN_HD unsigned
gcdext_norm (view a, view b, view g, view v, view t, unsigned W)
{
  if (g[0] != 1)
    return 0;
  for (unsigned i = 1; i < W; i++)
    if (g[i] != 0)
      return 0;
  const unsigned za = low_bit (a, W), zb = low_bit (b, W);
  if (za == 64 * W || zb == 64 * W)
    return 0;
  const int route = zb > za;
  const view x = route ? b : a, y = route ? a : b;
  unsigned ny = W;
  while (ny > 0 && y[ny - 1] == 0)
    ny--;
  if ((ny == 1 && y[0] <= 2) || cmp (v, y, W) >= 0)
    return 0;
  /* t = y - v; c = v, or -(y - v) when that is nearer zero: then v = y - v */
  u64 borrow = 0;
  for (unsigned i = 0; i < W; i++)
    {
      const u64 yi = y[i], vi = v[i], d = yi - vi - borrow;
      borrow = (yi < vi) | ((yi == vi) & borrow);
      t[i] = d;
    }
  const int neg_c = cmp (v, t, W) > 0;
  if (neg_c)
    for (unsigned i = 0; i < W; i++)
      v[i] = t[i];
  /* t = |x| |c| mod 2^(64 W), then -1 (c = v) or +1 */
  for (unsigned i = 0; i < W; i++)
    t[i] = 0;
  for (unsigned i = 0; i < W; i++)
    {
      const u64 xi = x[i];
      u64 carry = 0;
      for (unsigned j = 0; i + j < W; j++)
        {
          const u64 vj = v[j], lo = xi * vj, hi = umulhi (xi, vj);
          const u64 s = t[i + j] + lo, c1 = s < lo, s2 = s + carry, c2 = s2 < carry;
          t[i + j] = s2;
          carry = hi + c1 + c2;
        }
    }
  for (unsigned i = 0; i < W; i++)
    {
      const u64 w = t[i];
      t[i] = neg_c ? w + 1 : w - 1;
      if (neg_c ? t[i] != 0 : w != 0)
        break;
    }
  /* the exact quotient by |y|, low words first, in place */
  const u64 inv = binvert_word (y[0]);
  for (unsigned i = 0; i < W; i++)
    {
      const u64 q = t[i] * inv;
      u64 br = 0;
      for (unsigned j = 0; i + j < W; j++)
        {
          const u64 yj = y[j], lo = q * yj, hi = umulhi (q, yj);
          const u64 ti = t[i + j], s = lo + br, c1 = s < lo, d = ti - s;
          br = hi + c1 + (ti < s);
          t[i + j] = d;
        }
      t[i] = q;
    }
  return GCDEXT_NORM_VALID | (neg_c ? GCDEXT_NORM_NEG_C : 0u) | (neg_c ? 0u : GCDEXT_NORM_NEG_T)
    | (route ? GCDEXT_NORM_ROUTE : 0u);
}

} /* namespace gxn */
} /* namespace mpzg */

#endif
