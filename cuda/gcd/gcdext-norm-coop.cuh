/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-norm-coop.cuh -- the W^2 word products of gcdext-norm.cuh's cofactor_t
   by the 32 lanes of a warp, for the cooperative classes (W = 32 S words, S >= 2):
   t = (|x| c -+ g) / |y|, exact (from 128 words one thread per instance took
   longer than the host).

   Lane L holds words j = 32 s + L (s = 0 .. S - 1) of a number of W words in
   carry-save form: word j is lo[s] + c[s] 2^64, c a small signed count of the
   carries and borrows not yet passed up, so that no lane waits for another's
   carry while it adds its products.
   - The half product N = |x| c mod 2^(64 W): for each word x_i of x (read
     by every lane), each lane adds to its word j the low word of x_i c_(j-i) and
     the high word of x_i c_(j-i-1), both of which land there.  No exchange.
   - -+ g into word 0.
   - Q = N / y' mod 2^(64 W), with y' = |y| / 2^k odd (k the trailing zeros of
     g), by Hensel's division low words first: at step i the
     owner of word i (lane i mod 32) adds the carry passed up from word i - 1 and
     takes the quotient digit q = (word i) y'^-1 mod 2^64, which leaves word i's
     low word zero; q and the carry out (c plus the wrap of that addition) go to
     every lane (two exchanges), and each lane subtracts q y' from its words above
     i the same way as the products were added.  N = -+ |y| t (neg_c chooses
     the sign that makes t >= 0) gives Q = 2^k t mod 2^(64 W), and 2^k t is
     below 2^(64 W - 1) (|t| < |x| / (2 g), 2^k divides g), so Q = 2^k t and t
     = Q / 2^k: gcdext-norm.cuh's t, which shifts N before dividing by y'.
   The counts stay within 2 W + 1 in magnitude (two carries or borrows a step and
   word).  y' and c are read from arrays padded with 32 zero words on each side,
   so that the words of a slot below the step (a negative index) read zeros and
   take no product; the owner's own word takes q y'_0 after its digit
   and is not read again.

   The steps run over a warp context X (gcdext.cu's, or the host test's, which
   runs the 32 lanes in turn): X::each (f) runs f (lane state, L) on every lane,
   X::from (r, f) gives every lane lane r's f (state), X::sync () orders the
   lanes' stores before the loads after it, X::lane0 (f) runs f () on one lane
   and gives every lane its value.  Host and device code:
   tests/mpn/t-gcdext-norm-host.cc compares it with mpz_gcdext. */
#ifndef MPZG_GCDEXT_NORM_COOP_CUH
#define MPZG_GCDEXT_NORM_COOP_CUH

#include "gcdext-norm.cuh"

#ifdef __CUDACC__
#define MPZG_GXC_UNROLL _Pragma ("unroll")
#define MPZG_GXC_UNROLL_N(n) MPZG_GXN_PRAGMA (unroll (n))
#define MPZG_GXC_LOOP _Pragma ("unroll 1")
#else
#define MPZG_GXC_UNROLL
#define MPZG_GXC_UNROLL_N(n)
#define MPZG_GXC_LOOP
#endif

namespace mpzg {
namespace gxn {

/* A lane's words of a carry-save number: slot s holds word 32 s + L; while
   the steps run over the words of slot si (i = 32 si + r, 0 <= r < 32), that
   slot is in (cl, cc) instead, so that its index need not be known at compile
   time. */
template <int S>
struct cs_lane
{
  u64 lo[S];
  int c[S];
  u64 cl;
  int cc;
};

MPZG_GXN_HD void
cs_add (u64 &lo, int &c, u64 p)
{
  lo += p;
  c += lo < p;
}

MPZG_GXN_HD void
cs_sub (u64 &lo, int &c, u64 p)
{
  c -= lo < p;
  lo -= p;
}

/* At word j of (lo, c): + or - (SUB) the low word of xi z_d and the high word of
   xi z_(d-1). */
template <bool SUB>
MPZG_GXN_HD void
cs_mac (u64 &lo, int &c, u64 xi, const u64 *z, int d)
{
  const u64 l = xi * z[d], h = umulhi (xi, z[d - 1]);
  if (SUB)
    {
      cs_sub (lo, c, l);
      cs_sub (lo, c, h);
    }
  else
    {
      cs_add (lo, c, l);
      cs_add (lo, c, h);
    }
}

/* Slot si into (cl, cc); back. */
template <int S>
MPZG_GXN_HD void
cs_take (cs_lane<S> &st, int si)
{
MPZG_GXC_UNROLL
  for (int s = 0; s < S; s++)
    if (s == si)
      {
        st.cl = st.lo[s];
        st.cc = st.c[s];
      }
}

template <int S>
MPZG_GXN_HD void
cs_put (cs_lane<S> &st, int si)
{
MPZG_GXC_UNROLL
  for (int s = 0; s < S; s++)
    if (s == si)
      {
        st.lo[s] = st.cl;
        st.c[s] = st.cc;
      }
}

/* Step i = 32 si + r on lane L: x_i z added (SUB false) or subtracted at its
   words j >= i, z padded (z[-32 .. W)): at word j the low word of x_i z_(j-i)
   and the high word of x_i z_(j-i-1).  In slot si, below i, the indices are
   negative and the products zero. */
template <int S, bool SUB>
MPZG_GXN_HD void
cs_step (cs_lane<S> &st, unsigned L, int si, unsigned r, u64 xi, const u64 *z)
{
  const int d = (int) L - (int) r;
  cs_mac<SUB> (st.cl, st.cc, xi, z, d);
MPZG_GXC_UNROLL
  for (int s = 0; s < S; s++)
    if (s > si)
      cs_mac<SUB> (st.lo[s], st.c[s], xi, z, d + 32 * (s - si));
}

/* Word lo + cin (lo the owner's low word, cin the carry passed up, signed):
   its low word, and in *wrap the part above, -1, 0 or 1. */
MPZG_GXN_HD u64
cs_with_carry (u64 lo, int cin, int *wrap)
{
  const u64 w = lo + (u64) (long long) cin;
  *wrap = cin >= 0 ? (int) (w < lo) : -(int) (w > lo);
  return w;
}

/* t (W = 32 S words) from x (a view of W words), |c| (padded, at cp) and y'
   (padded, at yp), g0, neg_c and k as gcdext_norm's; Q's W words at q.  US: S
   to unroll the loops over si (every slot index a constant: no cs_take and
   cs_put, no test of s > si, but S blocks of code, each of up to S slots), or
   1 (one block, the slots above si skipped by a branch). */
template <int S, int US, class X>
MPZG_GXN_HD void
cofactor_t_coop (X &x_, view x, const u64 *cp, const u64 *yp, u64 *q, view t,
                 u64 g0, bool neg_c, unsigned k)
{
  const unsigned W = 32 * S;
  x_.each ([&] (cs_lane<S> &st, unsigned) {
MPZG_GXC_UNROLL
      for (int s = 0; s < S; s++)
        {
          st.lo[s] = 0;
          st.c[s] = 0;
        }
    });
  /* N = |x| c, word i of x a step */
MPZG_GXC_UNROLL_N (US)
  for (int si = 0; si < S; si++)
    {
      x_.each ([&] (cs_lane<S> &st, unsigned) { cs_take<S> (st, si); });
MPZG_GXC_LOOP
      for (unsigned r = 0; r < 32; r++)
        {
          const u64 xi = x[32 * si + r];
          x_.each ([&] (cs_lane<S> &st, unsigned L) { cs_step<S, false> (st, L, si, r, xi, cp); });
        }
      x_.each ([&] (cs_lane<S> &st, unsigned) { cs_put<S> (st, si); });
    }
  x_.each ([&] (cs_lane<S> &st, unsigned L) {
      if (L == 0)
        {
          if (neg_c)
            cs_add (st.lo[0], st.c[0], g0);
          else
            cs_sub (st.lo[0], st.c[0], g0);
        }
    });
  /* Q = N / y' */
  const u64 inv = binvert_word (yp[0]);
  int cin = 0;
MPZG_GXC_UNROLL_N (US)
  for (int si = 0; si < S; si++)
    {
      x_.each ([&] (cs_lane<S> &st, unsigned) { cs_take<S> (st, si); });
MPZG_GXC_LOOP
      for (unsigned r = 0; r < 32; r++)
        {
          const u64 d = x_.from (r, [&] (const cs_lane<S> &st) {
              int wrap;
              return cs_with_carry (st.cl, cin, &wrap) * inv;
            });
          cin = x_.from (r, [&] (const cs_lane<S> &st) {
              int wrap;
              cs_with_carry (st.cl, cin, &wrap);
              return st.cc + wrap;
            });
          x_.each ([&] (cs_lane<S> &st, unsigned L) {
              if (L == r)
                q[32 * si + r] = d;
              cs_step<S, true> (st, L, si, r, d, yp);
            });
        }
    }
  x_.sync ();
  /* t = Q / 2^k, W words */
  x_.each ([&] (cs_lane<S> &, unsigned L) {
      for (unsigned j = L; j < W; j += 32)
        t[j] = k != 0 ? shr2 (j + 1 < W ? q[j + 1] : 0, q[j], k) : q[j];
    });
}

/* The stage of gcdext_norm_coop: y then v, each W words with 32 zero words on
   either side, then W words (Y, then Q). */
MPZG_GXN_HD constexpr size_t
norm_coop_words (unsigned W)
{
  return 2 * ((size_t) W + 64) + W;
}

/* y's words in the stage, and v's (zeros at indices -32 .. -1 and W .. W + 31). */
MPZG_GXN_HD u64 *
norm_coop_y (u64 *stage)
{
  return stage + 32;
}

MPZG_GXN_HD u64 *
norm_coop_v (u64 *stage, unsigned W)
{
  return stage + W + 96;
}

/* gcdext_norm's steps once g is known to be one word (g0, not zero) and the
   route is chosen (x, and y in the stage, both not zero), with v in the stage:
   norm_prep on lane 0 (X::lane0 runs f on one lane and gives every lane its
   value), then cofactor_t_coop.  Returns -1 where norm_prep declines, else
   neg_c, with |c| in the stage's v and t written. */
template <int S, int US, class X>
MPZG_GXN_HD int
gcdext_norm_coop (X &x_, u64 g0, view x, u64 *stage, view t)
{
  const unsigned W = 32 * S;
  u64 *const yp = norm_coop_y (stage), *const cp = norm_coop_v (stage, W),
    *const q = stage + 2 * (W + 64);
  const int pk = x_.lane0 ([&] () {
      unsigned k = 0;
      const int neg_c = norm_prep (g0, view { yp, 1 }, view { cp, 1 }, view { q, 1 }, W, &k);
      return neg_c < 0 ? -1 : (int) (2 * k) + neg_c;
    });
  if (pk < 0)
    return -1;
  cofactor_t_coop<S, US> (x_, x, cp, yp, q, t, g0, (pk & 1) != 0, (unsigned) pk >> 1);
  return pk & 1;
}

} /* namespace gxn */
} /* namespace mpzg */

#endif
