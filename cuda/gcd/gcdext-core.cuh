/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-core.cuh -- the gcd of two magnitudes and a cofactor, by one thread: the
   binary GCD of gcd-core.cuh (T. Pornin, "Optimized Binary GCD for Modular
   Inversion", 2020) with the cofactors carried as its cosequence.

   Host and device code: gcdext.cu runs it on the GPU, and
   tests/mpn/t-gcdext-host.cc compiles the very same functions with the host's C++
   compiler and checks them, with the host's normalization (lib/gpu/gcdext-norm.h),
   against mpz_gcdext and mpz_invert.

   The method.  With x, y > 0 and 2^k the largest power of two dividing both,
   x = 2^k x1, y = 2^k y1 and one of x1, y1 is odd.  Say y1 (otherwise the roles of
   x and y are exchanged: the "route").  The binary GCD of gcd-core.cuh runs on
   a = x1, b = m = y1 as it is (a may be even: a binary step halves an even a, which
   keeps gcd (a, b) since b is odd), and ends with b = g1 = gcd (x1, y1).  An outer
   iteration maps (a, b) to ((a f0 + b g0), (a f1 + b g1)) / 2^30, negated where
   negative.  After i iterations a 2^(30 i) = u x1 and b 2^(30 i) = v x1 (mod m),
   with u = 1, v = 0 at the start, and the same rows (negated with a and b) carry u
   and v along exactly, with no division: u, v = u f0 + v g0, u f1 + v g1.  They
   grow as a and b shrink: the matrix of all the steps has determinant
   +-2^(30 i), so m = |v a - u b|, and where u and v have opposite signs (the exact
   binary GCD keeps them so) |u| <= m / b and |v| <= m / a.  The approximate steps
   break that rarely and briefly; the cofactors then exceed m by at most about an
   iteration's 30 bits, and two's complement words up to W + 1 hold them (gcdext returns false, for the
   caller to recompute the instance, if they ever would not fit).  At the end
   b = g1 and v x1 = g1 2^(30 i) (mod m): v 2^-(30 i) mod m, by i divisions by 2^30
   modulo m (Montgomery's reduction, shift_out), is the cofactor of x modulo y,
   from which the host derives GMP's s and t (gcdext-norm.h).  On the other route
   it is the cofactor of y modulo x.

   This is the cosequence of the extended Euclidean algorithm carried through
   Pornin's steps.  Pornin instead keeps u and v modulo m every iteration (add k m
   to make the rows multiples of 2^30, divide, compare with m, correct): three
   passes over all of m's words per iteration.  Here the rows' pass covers only
   the cofactors' words in use, and a and b's own pass covers theirs, which
   together stay about W; the reduction at the end costs one product per 32-bit
   word of m per iteration, a quarter of a row's four.

   Storage: five arrays in one store (gcd-core.cuh's MemStore, or OperandStore
   below): 0 a, 1 b, 4 m of W words, 2 u, 3 v of W + 1.  Inputs x in 0, y in 1;
   outputs g in 1, v in 3. */
#ifndef MPZG_GCDEXT_CORE_CUH
#define MPZG_GCDEXT_CORE_CUH

#include "gcd-core.cuh"

/* On the device, every thread of a warp must call gcdext (the kernels run
   surplus threads on a copy of an instance rather than return early), which
   reconverges them before its last phase: all the lanes of the warp that the
   (one-dimensional) block has, fewer than 32 in a block of 16 threads. */
#ifdef __CUDA_ARCH__
#define MPZG_GCDEXT_CONVERGE() \
  __syncwarp (blockDim.x - (threadIdx.x & ~31u) >= 32 ? ~0u \
              : (1u << (blockDim.x - (threadIdx.x & ~31u))) - 1)
#else
#define MPZG_GCDEXT_CONVERGE() ((void) 0)
#endif

/* The host tests record the cofactors' words in use against m's after each
   iteration. */
#ifndef MPZG_GCDEXT_GROW
#define MPZG_GCDEXT_GROW(Lc, Lm) ((void) 0)
#endif

namespace mpzg {
namespace gc {

/* The arrays of the store. */
enum { XA = 0, XB = 1, XU = 2, XV = 3, XM = 4, XN = 5 };

/* The operands a, b in registers (RegStore's), the cofactors and the modulus in
   memory (word k of array x at p[x - XU][k stride], W + 1 words each).  The
   operands' rows and the binary steps, the chains the kernel waits on, stay in
   registers, and the rest out of them lets more threads share a multiprocessor;
   the cofactors' rows touch only their words in use (grow). */
template <int W>
struct OperandStore : RegStore<W, 2>
{
  u64 *p[3];
  size_t stride;
  MPZG_GCD_HD u64 &
  at (int x, int k)
  {
    return x < XU ? this->v[x][k] : p[x - XU][(size_t) k * stride];
  }
};

/* 1 / m mod 2^32, m odd: Newton's iteration from m itself (m m = 1 mod 8), each
   step doubling the correct low bits: 3, 6, 12, 24, 48. */
MPZG_GCD_HD u32
inverse32 (u32 m)
{
  u32 x = m;
  x *= 2 - m * x;
  x *= 2 - m * x;
  x *= 2 - m * x;
  x *= 2 - m * x;
  return x;
}

/* Whether the cofactor in array x has |c| >= 2^(64 J + 31), read off its word J.
   Checked before every iteration, which adds at most 30 bits, it keeps the words
   above J the cofactor's sign: the test is exact, and a cofactor that passes it
   fits J + 1 words after the iteration. */
template <int J, class S>
MPZG_GCD_HD bool
too_long (S &s, int x)
{
  const long long h = (long long) s.at (x, J) >> 31;
  return h != 0 && h != -1;
}

/* The rows' multipliers as row_word takes them. */
struct Rows
{
  u32 fu0, gu0, fu1, gu1, mf0, mg0, mf1, mg1;
  MPZG_GCD_HD
  Rows (int f0, int g0, int f1, int g1)
    : fu0 ((u32) f0), gu0 ((u32) g0), fu1 ((u32) f1), gu1 ((u32) g1),
      mf0 ((u32) (f0 >> 31)), mg0 ((u32) (g0 >> 31)), mf1 ((u32) (f1 >> 31)),
      mg1 ((u32) (g1 >> 31))
  {
  }
};

/* Word k of both cofactors' rows; pu, pv the new words, qu, qv the words below. */
template <class S>
MPZG_GCD_HD void
grow_word (S &s, int k, const Rows &r, u64 &cu, u64 &cv, u64 &pu, u64 &pv, u64 &qu, u64 &qv)
{
  const u64 x = s.at (XU, k), y = s.at (XV, k);
  const u32 x0 = (u32) x, x1 = (u32) (x >> 32), y0 = (u32) y, y1 = (u32) (y >> 32);
  const u32 a0 = row_word (x0, y0, r.fu0, r.gu0, r.mf0, r.mg0, cu);
  const u32 b0 = row_word (x0, y0, r.fu1, r.gu1, r.mf1, r.mg1, cv);
  const u32 a1 = row_word (x1, y1, r.fu0, r.gu0, r.mf0, r.mg0, cu);
  const u32 b1 = row_word (x1, y1, r.fu1, r.gu1, r.mf1, r.mg1, cv);
  qu = pu;
  qv = pv;
  pu = (u64) a1 << 32 | a0;
  pv = (u64) b1 << 32 | b0;
  s.at (XU, k) = pu;
  s.at (XV, k) = pv;
}

/* u, v = u f0 + v g0, u f1 + v g1: the cofactors' rows, exact, in two's
   complement over the Lc words in use (Lc <= W + 1) and the one above them, which
   holds their sign: a row adds at most 30 bits.  The word above those is then
   the new sign; Lc grows by one where the word that held the sign now holds
   more.  neg: whether v is negative.  The cofactors are in memory: a plain
   loop over the words in use. */
template <int W, class S>
MPZG_GCD_HD void
grow (S &s, int &Lc, int f0, int g0, int f1, int g1, bool &neg)
{
  const Rows r (f0, g0, f1, g1);
  const int n = Lc <= W ? Lc + 1 : W + 1;
  u64 cu = 0, cv = 0, pu = 0, pv = 0, qu = 0, qv = 0;
  for (int k = 0; k < n; k++)
    grow_word (s, k, r, cu, cv, pu, pv, qu, qv);
  if (n <= W)
    {
      s.at (XU, n) = (u64) ((long long) pu >> 63);
      s.at (XV, n) = (u64) ((long long) pv >> 63);
    }
  /* pu, pv: words n - 1; qu, qv: words n - 2 (n >= 2) */
  if (n > Lc && (pu != (u64) ((long long) qu >> 63) || pv != (u64) ((long long) qv >> 63)))
    Lc = n;
  neg = (long long) pv < 0;
}

/* One division by 2^sh modulo m in shift_out (0 < sh <= 32): t = (t + k m) /
   2^sh, k = -t / m mod 2^sh, over the W + 1 words of t (the cofactor's array)
   and m in a's words (its word W zero).  Each word's sum t + k m, below 2^96,
   goes into word j - 1 shifted, the last carry into word W.  Inlined, a
   constant sh of 32 makes the shifts moves of 32-bit halves. */
template <int W, class S>
MPZG_GCD_HD void
shift_out_pass (S &s, u32 minv, unsigned sh)
{
  const u32 mask = sh >= 32 ? ~0u : (1u << sh) - 1;
  const u32 k = (0u - (u32) s.at (XV, 0)) * minv & mask;
  u64 c = 0, p = 0;
MPZG_GCD_UNROLL
  for (int j = 0; j <= W; j++)
    {
      const u64 x = s.at (XV, j), w = j < W ? s.at (XA, j) : 0;
      u64 t = (u64) k * (u32) w + (u32) x + c;
      const u32 r0 = (u32) t;
      t = (u64) k * (u32) (w >> 32) + (x >> 32) + (t >> 32);
      c = t >> 32;
      const u64 r = (u64) (u32) t << 32 | r0;
      if (j > 0)
        s.at (XV, j - 1) = shr2 (r, p, sh);
      p = r;
      if (j == W)
        s.at (XV, j) = shr2 (c, r, sh);
    }
}

/* v = c 2^-(30 it) mod m in [0, m), for the cofactor c in XV (two's complement,
   Lc words in use, negative where neg) and m odd in XM (Lm words; copied into
   XA, which the gcd left zero): on |c|, divisions by powers of two modulo m
   (add k m, k = -t / m mod 2^sh, which makes the sum a multiple of 2^sh), 30 it
   bits in all: first the 30 it mod 32 bits, then 2^32 at a time, whose shifts
   are moves of halves (shift_out_pass), then m - t where c was negative.
   |c| <= 2^(30 it) (each iteration's rows have |f| + |g| <= 2^30), and each
   division by 2^sh maps t to less than t / 2^sh + m: after the first, t <
   2^(32 P) + m (P the passes of 32 bits), and after those the last t is below
   1 + m 2^-(32 P) + m 2^32 / (2^32 - 1) < 2m where m >= 3 (and 1 + m < 2m
   where P = 0): one subtraction of m completes it; m = 1 gives 0. */
template <int W, class S>
MPZG_GCD_HD void
shift_out (S &s, int Lc, int Lm, int it, bool neg, u32 minv)
{
  /* |c|, its sign spread over the words above Lc first */
  const u64 sg = neg ? ~0ull : 0;
  u64 cy = neg;
MPZG_GCD_UNROLL
  for (int k = 0; k <= W; k++)
    {
      const u64 w = (k >= Lc ? sg : s.at (XV, k)) ^ sg;
      const u64 r = w + cy;
      cy = r < cy;
      s.at (XV, k) = r;
    }
  /* m into a's words (a is zero now), m's word W zero: in registers where the
     store keeps m in memory */
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    s.at (XA, k) = s.at (XM, k);
  /* over all W + 1 words, whose top ones may be zero, with constant indices
     into a's words */
  const unsigned bits = (unsigned) STEPS * (unsigned) it;
  if (bits % 32 != 0)
    shift_out_pass<W> (s, minv, bits % 32);
  for (unsigned i = 0; i < bits / 32; i++)
    shift_out_pass<W> (s, minv, 32);
  /* t >= m: subtract it, by the borrow of t - m (m's word W is 0) */
  u64 b = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k <= W; k++)
    {
      const u64 x = s.at (XV, k), w = k < W ? s.at (XA, k) : 0;
      const u64 d = x - w;
      b = (x < w) | (d < b);
    }
  const u64 sub = b == 0 ? ~0ull : 0;
  b = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k <= W; k++)
    {
      const u64 x = s.at (XV, k), w = (k < W ? s.at (XA, k) : 0) & sub;
      const u64 d = x - w - b;
      b = (x < w) | (x - w < b);
      s.at (XV, k) = d;
    }
  if (Lm == 1 && s.at (XA, 0) == 1)
MPZG_GCD_UNROLL
    for (int k = 0; k < W; k++)
      s.at (XV, k) = 0;
  /* c < 0: m - t, or 0 for t = 0 */
  if (neg)
    {
      u64 nz = 0;
MPZG_GCD_UNROLL
      for (int k = 0; k < W; k++)
        nz |= s.at (XV, k);
      const u64 msk = nz != 0 ? ~0ull : 0;
      b = 0;
MPZG_GCD_UNROLL
      for (int k = 0; k < W; k++)
        {
          const u64 w = s.at (XA, k) & msk, x = s.at (XV, k);
          const u64 d = w - x - b;
          b = (w < x) | (w - x < b);
          s.at (XV, k) = d;
        }
    }
}

/* The gcd of magnitudes x = s.at (XA, .), y = s.at (XB, .) (W words each) into
   s.at (XB, .) and the cofactor into s.at (XV, .): with route() false, x v = g
   (mod y) and 0 <= v < y / 2^k; with route() true, y v = g (mod x) and
   0 <= v < x / 2^k.  Zero operands give g = x + y (one of them zero) and v = 0.
   The other arrays are destroyed; XU and XV have W + 1 words.

   Returns false, g and v undefined, where a cofactor would outgrow its W + 1 words
   (too_long at word J; J < W only in tests, to reach that case): the cofactors stay
   within a few bits of m in practice (tests/mpn/t-gcdext-host.cc checks the
   margin), and the caller recomputes such an instance another way. */
template <int W, int J = W, class S>
MPZG_GCD_HD bool
gcdext (S &s)
{
MPZG_GCD_UNROLL
  for (int k = 0; k <= W; k++)
    {
      s.at (XU, k) = k == 0;
      s.at (XV, k) = 0;
    }
  const bool az = is_zero<W> (s, XA), bz = is_zero<W> (s, XB);
  bool ok = true, neg = false;
  int Lc = 1, Lm = 1, passes = 0;
  unsigned z = 0;
  if (az || bz)
    {
MPZG_GCD_UNROLL
      for (int k = 0; k < W; k++)
        {
          s.at (XB, k) |= s.at (XA, k);
          s.at (XM, k) = k == 0;        /* for shift_out: v = 0 modulo 1 */
        }
    }
  else
    {
      const unsigned za = trailing_zeros<W> (s, XA), zb = trailing_zeros<W> (s, XB);
      z = za < zb ? za : zb;
      shift_right<W> (s, XA, z);
      shift_right<W> (s, XB, z);
      /* the odd one is b, the modulus: y1 when it is odd, else x1 */
      const bool swap = zb > za;
MPZG_GCD_UNROLL
      for (int k = 0; k < W; k++)
        {
          const u64 x = s.at (XA, k), y = s.at (XB, k);
          const u64 a = swap ? y : x, b = swap ? x : y;
          s.at (XA, k) = a;
          s.at (XB, k) = b;
          s.at (XM, k) = b;
          if (b != 0)
            Lm = k + 1;
        }
      int L = W, it = 0;
      for (; it < max_iterations<W> (); it++)
        {
          int f0, g0, f1, g1;
          bool na, nb;
          if (too_long<J> (s, XU) || too_long<J> (s, XV))
            {
              ok = false;
              break;
            }
          matrix<W> (s, L, f0, g0, f1, g1);
          const bool done = apply<W> (s, L, f0, g0, f1, g1, na, nb);
          if (na)
            f0 = -f0, g0 = -g0;
          if (nb)
            f1 = -f1, g1 = -g1;
          grow<W> (s, Lc, f0, g0, f1, g1, neg);
          MPZG_GCDEXT_GROW (Lc, Lm);
          passes++;
          if (done)
            break;
        }
      MPZG_GCD_COUNT (it + 1);
    }
  /* The threads of a warp leave the loop after different iterations; without
     this, each group of them would run shift_out on its own, one after the
     other. */
  MPZG_GCDEXT_CONVERGE ();
  if (!ok)
    return false;
  shift_out<W> (s, Lc, Lm, passes, neg, inverse32 ((u32) s.at (XM, 0)));
  shift_left<W> (s, XB, z);
  return true;
}

} /* namespace gc */
} /* namespace mpzg */

#endif
