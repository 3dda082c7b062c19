/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-core.cuh -- the greatest common divisor of two magnitudes by one thread:
   Pornin's optimized binary GCD (T. Pornin, "Optimized Binary GCD for Modular
   Inversion", 2020), with k = 31.

   Host and device code: gcd.cu runs it on the GPU, and tests/mpn/t-bingcd-host.cc
   compiles the very same functions with the host's C++ compiler and compares them
   with GMP, so the algorithm is checked on machines without a GPU.

   The method.  gcd (a, b) = 2^min(v(a), v(b)) gcd (a', b') with a', b' the odd
   parts; a zero operand gives the other (gcd (0, 0) = 0).  On the odd parts, the
   binary GCD with b odd: if a is even, a = a/2; else, if a < b, swap a and b; then
   a = (a - b)/2.  b stays odd, gcd (a, b) is kept, and each step removes at least
   one bit from len(a) + len(b); when a = 0, b is the gcd.  Pornin runs 30 such
   steps at a time on 62-bit approximations of a and b held in one 64-bit word:
   their low 30 bits exactly, and the top 32 bits of both at the same position
   (that of the longer operand's top bit).  The parity tests are exact for 30
   steps, so the steps' 2x2 matrix [f0 g0; f1 g1] (entries of at most 2^30 in
   magnitude: each row's |f| + |g| at most doubles per step) maps the full a and b
   to exact multiples of 2^30: a = (a f0 + b g0) / 2^30, b = (a f1 + b g1) / 2^30.
   Only the comparisons use the top bits; a wrong one leaves a or b negative
   (negated afterwards, which keeps the gcd) and still shortens the operands:
   Pornin shows that the approximate steps keep the exact method's bound, 30 bits
   of len(a) + len(b) per 30 steps (tests/mpn/t-gcd-host checks the iterations of
   every instance against it).  Once both fit in 62 bits, the approximations are
   exact.

   Costs per 30 steps: the steps themselves on one 64-bit word (an odd step and
   the even steps after it at once, about 15 passes of some 30 instructions on a
   GPU), and one pass over the active words
   of a and b applying the matrix with 32-by-32-bit products (four per 32-bit
   word of each operand).  The active length shrinks with the operands, so a gcd
   of two n-bit numbers takes about 1.4 n / 30 passes (the binary GCD averages
   about 0.7 steps per bit of len(a) + len(b)) of average length n / 128 words.

   Storage.  The operands are arrays of W 64-bit words reached through a store: in
   registers (RegStore: every index a compile-time constant after unrolling, reads
   at a run-time index as selections) or in memory with a stride (MemStore: the
   interleaved layout of shared memory or of a test's buffer). */
#ifndef MPZG_GCD_CORE_CUH
#define MPZG_GCD_CORE_CUH

#include <stddef.h>
#include "../core/word.cuh"

#ifdef __CUDACC__
#define MPZG_GCD_HD __host__ __device__ __forceinline__
#define MPZG_GCD_UNROLL _Pragma ("unroll")
#else
#define MPZG_GCD_HD inline
#define MPZG_GCD_UNROLL
#endif

/* The host build records the outer iterations of each instance (tests check them
   against the bound). */
#ifndef MPZG_GCD_COUNT
#define MPZG_GCD_COUNT(iterations) ((void) 0)
#endif

namespace mpzg {
namespace gc {

typedef unsigned long long u64;
typedef unsigned u32;

/* Steps per outer iteration (Pornin's k - 1) and the approximations' top bits. */
const int STEPS = 30;
const int TOPBITS = 32;

/* Operands in registers: X arrays of W words (the gcd's two operands; the extended
   gcd adds its cofactors and modulus, gcdext-core.cuh). */
template <int W, int X = 2>
struct RegStore
{
  u64 v[X][W];
  MPZG_GCD_HD u64 &
  at (int x, int k)
  {
    return v[x][k];
  }
  /* The highest k < L with a[k] | b[k] != 0 (0 if none), and the words of a and b
     there and below it (0 below word 0): selections over the constant indices. */
  MPZG_GCD_HD int
  top (int L, u64 &ah, u64 &al, u64 &bh, u64 &bl)
  {
    int t = 0;
    ah = v[0][0];
    bh = v[1][0];
    al = bl = 0;
MPZG_GCD_UNROLL
    for (int k = 1; k < W; k++)
      {
        if (k >= L)
          break;
        if ((v[0][k] | v[1][k]) != 0)
          {
            t = k;
            ah = v[0][k];
            bh = v[1][k];
            al = v[0][k - 1];
            bl = v[1][k - 1];
          }
      }
    return t;
  }
};

/* RegStore's top for operands 0 and 1 in memory (MemStore): a loop with a
   run-time bound. */
template <class S>
MPZG_GCD_HD int
top_in_memory (S &s, int L, u64 &ah, u64 &al, u64 &bh, u64 &bl)
{
  int t = L - 1;
  while (t > 0 && (s.at (0, t) | s.at (1, t)) == 0)
    t--;
  ah = s.at (0, t);
  bh = s.at (1, t);
  al = t > 0 ? s.at (0, t - 1) : 0;
  bl = t > 0 ? s.at (1, t - 1) : 0;
  return t;
}

/* Operands in memory: word k of operand x at p[x][k * stride]. */
template <int W, int X = 2>
struct MemStore
{
  volatile u64 *p[X];
  size_t stride;
  MPZG_GCD_HD volatile u64 &
  at (int x, int k)
  {
    return p[x][(size_t) k * stride];
  }
  MPZG_GCD_HD int
  top (int L, u64 &ah, u64 &al, u64 &bh, u64 &bl)
  {
    return top_in_memory (*this, L, ah, al, bh, bl);
  }
};

/* Whether operand x is zero. */
template <int W, class S>
MPZG_GCD_HD bool
is_zero (S &s, int x)
{
  u64 o = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    o |= s.at (x, k);
  return o == 0;
}

/* Trailing zero bits of operand x (not zero). */
template <int W, class S>
MPZG_GCD_HD unsigned
trailing_zeros (S &s, int x)
{
  unsigned z = 0;
MPZG_GCD_UNROLL
  for (int k = W - 1; k >= 0; k--)
    if (s.at (x, k) != 0)
      z = 64 * (unsigned) k + ctz64 (s.at (x, k));
  return z;
}

/* Operand x >>= z (z < 64 W): whole words by a barrel of power-of-two word shifts
   (constant indices), then the bits. */
template <int W, class S>
MPZG_GCD_HD void
shift_right (S &s, int x, unsigned z)
{
  const unsigned ws = z / 64, r = z % 64;
MPZG_GCD_UNROLL
  for (int e = 0; (1 << e) < W; e++)
    if (ws >> e & 1)
      {
        const int d = 1 << e;
MPZG_GCD_UNROLL
        for (int k = 0; k < W; k++)
          s.at (x, k) = k + d < W ? s.at (x, k + d) : 0;
      }
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    s.at (x, k) = shr2 (k + 1 < W ? s.at (x, k + 1) : 0, s.at (x, k), r);
}

/* Operand x <<= z, the result known to fit in W words. */
template <int W, class S>
MPZG_GCD_HD void
shift_left (S &s, int x, unsigned z)
{
  const unsigned ws = z / 64, r = z % 64;
MPZG_GCD_UNROLL
  for (int e = 0; (1 << e) < W; e++)
    if (ws >> e & 1)
      {
        const int d = 1 << e;
MPZG_GCD_UNROLL
        for (int k = W - 1; k >= 0; k--)
          s.at (x, k) = k >= d ? s.at (x, k - d) : 0;
      }
MPZG_GCD_UNROLL
  for (int k = W - 1; k >= 0; k--)
    s.at (x, k) = shl2 (s.at (x, k), k > 0 ? s.at (x, k - 1) : 0, r);
}

/* The approximation of x (top words xh, xl at index t, n the longer operand's
   length in bits, n > 62): its low 30 bits and its bits [n - 32, n) above them. */
MPZG_GCD_HD u64
approx (u64 x0, u64 xh, u64 xl, unsigned n, int t)
{
  unsigned r = n - 64 * (unsigned) t;                   /* bits of word t in use, 1..64 */
  u64 top = r == 64 ? xh : shl2 (xh, xl, 64 - r);       /* the 64 bits ending at bit n */
  return (x0 & ((1ull << STEPS) - 1)) | (top >> (64 - TOPBITS)) << STEPS;
}

/* STEPS binary GCD steps on the approximations a, b (b odd), in the matrix
   [f0 g0; f1 g1].  A step on an odd a: if a < b, (a, b) = ((b - a)/2, a), row 0 =
   row 1 - row 0, row 1 = 2 row 0; else a = (a - b)/2, row 0 -= row 1, row 1 doubles.
   A step on an even a: a = a/2, row 1 doubles.  Each pass of the loop below takes
   one odd step and the even steps after it at once: a - b of two odd numbers has
   z >= 1 trailing zeros (2 on average), so a >>= z and row 1 <<= z, capped at
   the steps left.  That is about half as many passes as steps, each a little
   dearer than one step, with exactly the single steps' matrix (the host tests
   compare it with them).  The passes vary with the operands, the threads of a
   warp wait for their slowest; the operations in a pass are branch-free. */
MPZG_GCD_HD void
steps (u64 a, u64 b, int &f0, int &g0, int &f1, int &g1)
{
  unsigned left = STEPS;
  f0 = 1, g0 = 0, f1 = 0, g1 = 1;
  for (;;)
    {
      /* the even steps (the first time, those before any odd one) */
      const unsigned z = ctz32_capped ((u32) a, left);
      a >>= z;
      f1 = (int) ((u32) f1 << z);
      g1 = (int) ((u32) g1 << z);
      left -= z;
      if (left == 0)
        break;
      /* the odd step, a odd here; its halving is the next pass's first even step */
      const bool lt = a < b;
      const u64 d = a - b;
      const int df = f0 - f1, dg = g0 - g1;
      b = lt ? a : b;
      a = lt ? 0 - d : d;
      f1 = lt ? f0 : f1;
      g1 = lt ? g0 : g1;
      f0 = lt ? -df : df;
      g0 = lt ? -dg : dg;
    }
}

/* One 32-bit word x f + y g + c of a row (|f| + |g| <= 2^30): the word, and the
   carry c (signed, sign-extended to 64 bits) updated.  The products are taken
   unsigned, f and g as their 32-bit patterns fu, gu; a negative f adds 2^32 x,
   removed from the high half (masks mf, mg). */
MPZG_GCD_HD u32
row_word (u32 x, u32 y, u32 fu, u32 gu, u32 mf, u32 mg, u64 &c)
{
  u64 t = (u64) x * fu + c;
  t += (u64) y * gu;
  const int h = (int) ((u32) (t >> 32) - (x & mf) - (y & mg));
  c = (u64) (long long) h;
  return (u32) t;
}

/* x = -x over words [0, L). */
template <int W, class S>
MPZG_GCD_HD void
negate (S &s, int x, int L)
{
  u64 cy = 1;
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    {
      if (k >= L)
        break;
      const u64 v = ~s.at (x, k) + cy;
      cy = v < cy;
      s.at (x, k) = v;
    }
}

/* a, b = (a f0 + b g0) / 2^30, (a f1 + b g1) / 2^30 over words [0, L) (both fit
   there, as values of at most max (a, b) in magnitude), then made non-negative
   (na, nb: whether a, b were negated).  Returns whether the new a is zero. */
template <int W, class S>
MPZG_GCD_HD bool
apply (S &s, int L, int f0, int g0, int f1, int g1, bool &na, bool &nb)
{
  const u32 fu0 = (u32) f0, gu0 = (u32) g0, fu1 = (u32) f1, gu1 = (u32) g1;
  const u32 mf0 = (u32) (f0 >> 31), mg0 = (u32) (g0 >> 31);
  const u32 mf1 = (u32) (f1 >> 31), mg1 = (u32) (g1 >> 31);
  u64 ca = 0, cb = 0, pa = 0, pb = 0, any = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    {
      if (k >= L)
        break;
      const u64 x = s.at (0, k), y = s.at (1, k);
      const u32 x0 = (u32) x, x1 = (u32) (x >> 32), y0 = (u32) y, y1 = (u32) (y >> 32);
      const u32 a0 = row_word (x0, y0, fu0, gu0, mf0, mg0, ca);
      const u32 b0 = row_word (x0, y0, fu1, gu1, mf1, mg1, cb);
      const u32 a1 = row_word (x1, y1, fu0, gu0, mf0, mg0, ca);
      const u32 b1 = row_word (x1, y1, fu1, gu1, mf1, mg1, cb);
      const u64 wa = (u64) a1 << 32 | a0, wb = (u64) b1 << 32 | b0;
      if (k > 0)
        {
          const u64 ra = shr2 (wa, pa, STEPS);
          any |= ra;
          s.at (0, k - 1) = ra;
          s.at (1, k - 1) = shr2 (wb, pb, STEPS);
        }
      pa = wa;
      pb = wb;
      if (k == L - 1)
        {
          /* the top word takes the carry's bits; the carry's sign is the result's
             (written here, at a constant index, not after the loop) */
          const u64 ta = shr2 (ca, wa, STEPS);
          any |= ta;
          s.at (0, k) = ta;
          s.at (1, k) = shr2 (cb, wb, STEPS);
        }
    }
  na = (long long) ca < 0;
  nb = (long long) cb < 0;
  if (na)
    negate<W> (s, 0, L);
  if (nb)
    negate<W> (s, 1, L);
  return any == 0;
}

template <int W, class S>
MPZG_GCD_HD bool
apply (S &s, int L, int f0, int g0, int f1, int g1)
{
  bool na, nb;
  return apply<W> (s, L, f0, g0, f1, g1, na, nb);
}

/* An upper bound of the outer iterations for operands of W words (both at most
   64 W bits): len(a) + len(b) <= 128 W loses 30 bits per iteration.  The loop
   stops there even if a is not yet zero, which cannot happen (the host test
   checks the iterations against a much tighter bound); it only keeps a wrong
   input to this function from hanging a GPU. */
template <int W>
MPZG_GCD_HD int
max_iterations ()
{
  return 2 * (128 * W / STEPS + 2);
}

/* The matrix of the next STEPS steps on a = s.at (0, .), b = s.at (1, .) (b odd),
   L shortened to the words still in use. */
template <int W, class S>
MPZG_GCD_HD void
matrix (S &s, int &L, int &f0, int &g0, int &f1, int &g1)
{
  u64 ah, al, bh, bl, a, b;
  const int t = s.top (L, ah, al, bh, bl);
  L = t + 1;
  const unsigned n = 64 * (unsigned) t + 64 - clz64 (ah | bh);
  if (n <= STEPS + TOPBITS)
    {
      a = s.at (0, 0);
      b = s.at (1, 0);
    }
  else
    {
      a = approx (s.at (0, 0), ah, al, n, t);
      b = approx (s.at (1, 0), bh, bl, n, t);
    }
  steps (a, b, f0, g0, f1, g1);
}

/* s.at (1, .) = gcd (a, b) of the magnitudes a = s.at (0, .), b = s.at (1, .)
   (W words each, any sizes within them, zero included); a is destroyed. */
template <int W, class S>
MPZG_GCD_HD void
gcd (S &s)
{
  const bool az = is_zero<W> (s, 0), bz = is_zero<W> (s, 1);
  if (az || bz)
    {
      /* gcd (x, 0) = gcd (0, x) = x */
MPZG_GCD_UNROLL
      for (int k = 0; k < W; k++)
        s.at (1, k) |= s.at (0, k);
      return;
    }
  const unsigned za = trailing_zeros<W> (s, 0), zb = trailing_zeros<W> (s, 1);
  shift_right<W> (s, 0, za);
  shift_right<W> (s, 1, zb);
  int L = W, it = 0;
  for (; it < max_iterations<W> (); it++)
    {
      int f0, g0, f1, g1;
      matrix<W> (s, L, f0, g0, f1, g1);
      if (apply<W> (s, L, f0, g0, f1, g1))
        break;
    }
  MPZG_GCD_COUNT (it + 1);
  shift_left<W> (s, 1, za < zb ? za : zb);
}

} /* namespace gc */
} /* namespace mpzg */

#endif
