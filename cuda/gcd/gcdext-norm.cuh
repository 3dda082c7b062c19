/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-norm.cuh -- GMP's cofactors on the device where g is one word, the
   common case: what lib/gpu/gcdext-norm.h does on the host after the gcdext
   kernel, without its products and divisions there.

   The gcdext kernel leaves g = gcd (|a|, |b|) and v with |x| v = g (mod |y|),
   0 <= v < |y|, where (x, y) = (a, b), or (b, a) on route 1 (|b| has more trailing
   zeros than |a|).  On that route |y| has exactly the trailing zeros of g, 2^k,
   so Y = |y| / g is odd; with |y| > g (Y >= 3), GMP's cofactor of x is
   sgn (x) c with c the residue of v modulo Y nearest zero (Y odd: no tie), and
   the cofactor of y is sgn (y) t with t = (g - |x| c) / |y|, exact,
   |t| < |x| / (2 g).

   The steps, each O(W) but the last: Y by Hensel's division of |y| / 2^k by the
   odd word g / 2^k; v mod Y with a quotient below g, one word, estimated from the
   top 128 bits of v and 64 of Y (at most 3 below the true one: the bound is in
   the manual) and corrected by subtractions; c; then t = -+(|x| |c| -+ g) / |y|
   from the low W + 1 words of the dividend alone, shifted right by k, by Hensel's
   division by the odd |y| / 2^k (low words first, as GMP's mpn_divexact): one
   half product and one half division, W^2 word products in all.  With g = 1 the
   first two steps reduce to a copy.

   gcdext_norm works on the magnitudes (the device has no signs): it replaces v by
   |c|, writes |t| (Y passes through t's words first), leaves |y| / 2^k in y's
   words (the operand of the route's modulus: the callers pass copies) and
   returns the flags
   GCDEXT_NORM_*; where g is longer than a word, an operand is zero or |y| = g it
   returns 0 and changes nothing, and the host normalizes as before.  Words are
   read and written through strided views, so that the interleaved and the
   contiguous layouts share it.  Host and device code:
   tests/mpn/t-gcdext-norm-host.cc compares it with mpz_gcdext. */
#ifndef MPZG_GCDEXT_NORM_CUH
#define MPZG_GCDEXT_NORM_CUH

#include <stddef.h>
#include "../core/word.cuh"

#ifdef __CUDACC__
#define MPZG_GXN_HD __host__ __device__ __forceinline__
#define MPZG_GXN_PRAGMA(x) _Pragma (#x)
/* Loops over t's words (cofactor_t): unrolled whole where their count is known
   at compile time (MPZG_GXN_UNROLL); or (MPZG_GXN_UNROLL_BY) whole where n > 0,
   t in registers, and else `by` iterations at a time, as the compiler unrolled
   them by itself when t was only in memory. */
#define MPZG_GXN_UNROLL _Pragma ("unroll")
#define MPZG_GXN_UNROLL_BY(n, by) MPZG_GXN_PRAGMA (unroll ((n) > 0 ? (n) : (by)))
#else
#define MPZG_GXN_HD inline
#define MPZG_GXN_UNROLL
#define MPZG_GXN_UNROLL_BY(n, by)
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

/* (hi:lo) / d for hi < d: the quotient, one word, by restoring division (once per
   element, where g > 1). */
MPZG_GXN_HD u64
div_2by1 (u64 hi, u64 lo, u64 d)
{
  u64 q = 0;
  for (int i = 0; i < 64; i++)
    {
      const u64 top = hi >> 63;
      hi = (hi << 1) | (lo >> 63);
      lo <<= 1;
      q <<= 1;
      if (top || hi >= d)
        {
          hi -= d;
          q |= 1;
        }
    }
  return q;
}

/* Word j of x / 2^s (x of W words, j < W, s < 64), zeros above. */
MPZG_GXN_HD u64
word_shr (view x, unsigned W, unsigned j, unsigned s)
{
  return s == 0 ? x[j] : shr2 (j + 1 < W ? x[j + 1] : 0, x[j], s);
}

/* Bits i .. i + 63 of x (W words), zeros above. */
MPZG_GXN_HD u64
bits_at (view x, unsigned W, unsigned i)
{
  return i / 64 < W ? word_shr (x, W, i / 64, i % 64) : 0;
}

/* Bit length of x (W words, not zero). */
MPZG_GXN_HD unsigned
bit_length (view x, unsigned W)
{
  unsigned n = W;
  while (x[n - 1] == 0)
    n--;
  return 64 * n - clz64 (x[n - 1]);
}

/* r = r - q y over W words; returns the borrow out (the top word of q y past W
   included). */
MPZG_GXN_HD u64
submul (view r, view y, u64 q, unsigned W)
{
  u64 br = 0;
  for (unsigned j = 0; j < W; j++)
    {
      const u64 yj = y[j], lo = q * yj, hi = umulhi (q, yj);
      const u64 rj = r[j], s = lo + br, c1 = s < lo, d = rj - s;
      br = hi + c1 + (rj < s);
      r[j] = d;
    }
  return br;
}

/* r = r - y over W words; returns the borrow. */
MPZG_GXN_HD u64
sub (view r, view y, unsigned W)
{
  u64 borrow = 0;
  for (unsigned i = 0; i < W; i++)
    {
      const u64 ri = r[i], yi = y[i], d = ri - yi - borrow;
      borrow = (ri < yi) | ((ri == yi) & borrow);
      r[i] = d;
    }
  return borrow;
}

/* The W^2 word products of gcdext_norm: t = (|x| c -+ g) / |y| (c = v, - g
   where neg_c is false), exact, from the low W + 1 words of the dividend.  The
   half product N = |x| c mod 2^(64 W + 64), then - g or + g: N = -+ |y| t
   exactly, |t| < 2^(64 W); N / 2^k over W words, then the exact quotient by
   |y| / 2^k (in y's words, odd), low words first, in place.
   T, t's storage: a view (WC = 0, any W), or an array of W words (WC = W),
   whose loops unroll whole so that every index is a compile-time constant and
   its words stay in registers, where each word product loads and stores a word
   of a view in shared memory. */
template <int WC, class T>
MPZG_GXN_HD void
cofactor_t (T &t, view x, view v, view y, u64 g0, bool neg_c, unsigned k, unsigned W)
{
  const unsigned n = WC > 0 ? WC : W;
MPZG_GXN_UNROLL
  for (unsigned i = 0; i < n; i++)
    t[i] = 0;
  u64 top = 0;
MPZG_GXN_UNROLL_BY (WC, 1)
  for (unsigned i = 0; i < n; i++)
    {
      const u64 xi = x[i];
      u64 carry = 0;
MPZG_GXN_UNROLL_BY (WC, 4)
      for (unsigned j = 0; i + j < n; j++)
        {
          const u64 vj = v[j], lo = xi * vj, hi = umulhi (xi, vj);
          const u64 s = t[i + j] + lo, c1 = s < lo, s2 = s + carry, c2 = s2 < carry;
          t[i + j] = s2;
          carry = hi + c1 + c2;
        }
      top += carry + (i > 0 ? xi * v[n - i] : 0);
    }
  {
    u64 c = g0;
MPZG_GXN_UNROLL
    for (unsigned i = 0; i < n && (WC > 0 || c != 0); i++)
      {
        const u64 w = t[i], r = neg_c ? w + c : w - c;
        c = neg_c ? r < w : w < c;
        t[i] = r;
      }
    top = neg_c ? top + c : top - c;
  }
  if (k != 0)
MPZG_GXN_UNROLL
    for (unsigned i = 0; i < n; i++)
      t[i] = shr2 (i + 1 < n ? t[i + 1] : top, t[i], k);
  const u64 inv = binvert_word (y[0]);
MPZG_GXN_UNROLL_BY (WC, 1)
  for (unsigned i = 0; i < n; i++)
    {
      const u64 q = t[i] * inv;
      u64 br = umulhi (q, y[0]);        /* q y[0] = t[i] mod 2^64: no borrow */
MPZG_GXN_UNROLL_BY (WC, 4)
      for (unsigned j = 1; i + j < n; j++)
        {
          const u64 yj = y[j];
          const u64 lo = q * yj, hi = umulhi (q, yj);
          const u64 ti = t[i + j], s = lo + br, c1 = s < lo, d = ti - s;
          br = hi + c1 + (ti < s);
          t[i + j] = d;
        }
      t[i] = q;
    }
}

/* The steps before t's word products (see the head of the file), on y, the
   operand whose odd part is the modulus of v, and v: decline (-1) where
   |y| = g or v >= |y|, before writing anything (and where a bound below fails,
   which cannot be); else |y| / 2^k into y, |c| into v, k into *kp, and neg_c
   (0 or 1) returned.  g0 = g, one word, not
   zero; y not zero.  t: W words of scratch. */
MPZG_GXN_HD int
norm_prep (u64 g0, view y, view v, view t, unsigned W, unsigned *kp)
{
  unsigned ny = W;
  while (ny > 0 && y[ny - 1] == 0)
    ny--;
  /* |y| = g Y, Y odd (y and g have the same trailing zeros k): decline Y = 1 */
  if ((ny == 1 && y[0] / 2 < g0) || cmp (v, y, W) >= 0)
    return -1;
  const unsigned k = ctz64 (g0);
  *kp = k;
  /* |y| / 2^k in place: the division below reads a word of it per word product */
  if (k != 0)
    for (unsigned i = 0; i < W; i++)
      y[i] = word_shr (y, W, i, k);
  /* Y = (|y| / 2^k) / (g / 2^k) into t, by Hensel's exact division by one odd word */
  {
    const u64 g1 = g0 >> k, inv = binvert_word (g1);
    u64 c = 0;
    for (unsigned i = 0; i < W; i++)
      {
        const u64 s = y[i];
        const u64 l = s - c;
        c = l > s;
        const u64 q = l * inv;
        t[i] = q;
        c += umulhi (q, g1);
      }
  }
  /* v mod Y into v: v < g Y, so the quotient is below g, one word; q' from the top
     bits (an underestimate by at most a few), then subtractions of Y */
  if (g0 != 1)
    {
      const unsigned sy = bit_length (t, W), e = sy > 64 ? sy - 64 : 0;
      const u64 ytop = bits_at (t, W, e), vlo = bits_at (v, W, e), vhi = bits_at (v, W, e + 64);
      u64 q;
      if (e == 0)
        q = div_2by1 (vhi, vlo, ytop);              /* exact: Y is one word */
      else if (ytop == ~(u64) 0)
        q = vhi;                                    /* v_top / 2^64 */
      else
        q = div_2by1 (vhi, vlo, ytop + 1);
      if (submul (v, t, q, W) != 0)
        return -1;                                  /* q above the quotient: cannot be */
      for (int i = 0; cmp (v, t, W) >= 0; i++)
        {
          if (i == 4)
            return -1;                              /* beyond the bound: cannot be */
          sub (v, t, W);
        }
    }
  /* c = v, or -(Y - v) when that is nearer zero (Y odd: no tie): then v = Y - v */
  sub (t, v, W);
  const int neg_c = cmp (v, t, W) > 0;
  if (neg_c)
    for (unsigned i = 0; i < W; i++)
      v[i] = t[i];
  return neg_c;
}

/* The flags of a result (the head of the file). */
MPZG_GXN_HD unsigned
norm_flags (int neg_c, int route)
{
  return GCDEXT_NORM_VALID | (neg_c ? GCDEXT_NORM_NEG_C : 0u) | (neg_c ? 0u : GCDEXT_NORM_NEG_T)
    | (route ? GCDEXT_NORM_ROUTE : 0u);
}

/* The checks before norm_prep: -1 where g is not one word or an operand is
   zero (the host normalizes those), else the route, with g's word in *g0. */
MPZG_GXN_HD int
norm_route (view a, view b, view g, unsigned W, u64 *g0)
{
  *g0 = g[0];
  if (*g0 == 0)
    return -1;
  for (unsigned i = 1; i < W; i++)
    if (g[i] != 0)
      return -1;
  const unsigned za = low_bit (a, W), zb = low_bit (b, W);
  if (za == 64 * W || zb == 64 * W)
    return -1;
  return zb > za;
}

/* See the head of the file: a, b the magnitudes, g and v the gcdext kernel's, t
   W words of output.  g is read only before anything is written, so g and t may
   be the same words (gcdext.cu's staged kernel passes them so).  WR: 0, or W,
   for t's words in registers during the quadratic steps (cofactor_t). */
template <int WR = 0>
MPZG_GXN_HD unsigned
gcdext_norm (view a, view b, view g, view v, view t, unsigned W)
{
  u64 g0;
  const int route = norm_route (a, b, g, W, &g0);
  if (route < 0)
    return 0;
  const view x = route ? b : a, y = route ? a : b;
  unsigned k = 0;
  const int neg_c = norm_prep (g0, y, v, t, W, &k);
  if (neg_c < 0)
    return 0;
  if constexpr (WR > 0)
    {
      u64 T[WR];
      cofactor_t<WR> (T, x, v, y, g0, neg_c, k, W);
MPZG_GXN_UNROLL
      for (unsigned i = 0; i < WR; i++)
        t[i] = T[i];
    }
  else
    cofactor_t<0> (t, x, v, y, g0, neg_c, k, W);
  return norm_flags (neg_c, route);
}

} /* namespace gxn */
} /* namespace mpzg */

#endif
