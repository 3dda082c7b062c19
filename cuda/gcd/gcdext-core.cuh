/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-core.cuh -- the gcd of two magnitudes and a cofactor, by one thread: the
   binary GCD of gcd-core.cuh with Pornin's modular tracking of the cofactors
   (T. Pornin, "Optimized Binary GCD for Modular Inversion", 2020).

   Host and device code: gcdext.cu runs it on the GPU, and
   tests/mpn/t-gcdext-host.cc compiles the very same functions with the host's C++
   compiler and checks them, with the host's normalization (lib/gpu/gcdext-norm.h),
   against mpz_gcdext and mpz_invert.

   The method.  With x, y > 0 and 2^k the largest power of two dividing both,
   x = 2^k x1, y = 2^k y1 and one of x1, y1 is odd.  Say y1 (otherwise the roles of
   x and y are exchanged: the "route").  The binary GCD of gcd-core.cuh runs on
   a = x1, b = m = y1 as it is (a may be even: a binary step halves an even a, which
   keeps gcd (a, b) since b is odd), and ends with b = g1 = gcd (x1, y1).  Alongside
   it two cofactors u, v in [0, m) keep a = u x1 and b = v x1 (mod m), starting from
   u = 1, v = 0.  An outer iteration maps (a, b) to ((a f0 + b g0), (a f1 + b g1))
   / 2^30, negated where negative; the cofactors follow with the same rows (negated
   with them) and a division by 2^30 modulo the odd m: add k m, with
   k = -(u f0 + v g0) / m mod 2^30 read off the low words, which makes the sum a
   multiple of 2^30.  With |f| + |g| <= 2^30 and k < 2^30 the quotient lies in
   (-m, 2m); adding or subtracting m once brings it back to [0, m).  At the end
   b = g1 = v x1 (mod y1), so x v = g (mod y) with g = 2^k g1: v is the cofactor of x
   modulo y, from which the host derives GMP's s and t (gcdext-norm.h).  On the other
   route it is the cofactor of y modulo x.

   Costs: the binary GCD's, plus per outer iteration three passes over the words of
   m (the cofactors' rows, a comparison with m, the correction), which do not
   shrink as a and b do: about three times the gcd alone.

   Storage: five arrays of W words in one store (gcd-core.cuh): 0 a, 1 b, 2 u, 3 v,
   4 m.  Inputs x in 0, y in 1; outputs g in 1, v in 3. */
#ifndef MPZG_GCDEXT_CORE_CUH
#define MPZG_GCDEXT_CORE_CUH

#include "gcd-core.cuh"

namespace mpzg {
namespace gc {

/* The arrays of the store. */
enum { XA = 0, XB = 1, XU = 2, XV = 3, XM = 4, XN = 5 };

/* The cofactors u, v in registers (constant indices, as RegStore), the operands
   a, b and the modulus m in memory (as MemStore: word k of array x at
   p[x][k stride], p indexed 0 a, 1 b, 2 m): for widths whose five arrays exceed
   the registers, the arrays the cofactors' three passes per outer iteration
   rewrite stay in registers, and the thread's shared memory shrinks to three
   arrays, which lets more threads share a multiprocessor.  regs is true: the
   cofactor loops run over all W words with constant indices (m's words above
   its length are zero). */
template <int W>
struct SplitStore
{
  static const bool regs = true;
  u64 c[2][W];
  u64 *p[3];
  size_t stride;
  MPZG_GCD_HD u64 &
  at (int x, int k)
  {
    return x == XU ? c[0][k] : x == XV ? c[1][k] : p[x == XM ? 2 : x][(size_t) k * stride];
  }
  MPZG_GCD_HD int
  top (int L, u64 &ah, u64 &al, u64 &bh, u64 &bl)
  {
    return top_in_memory (*this, L, ah, al, bh, bl);
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

/* One 32-bit word x f + y g + k w + c of a cofactor row: row_word plus k w
   (k < 2^30, w a word of m).  The true value stays within a signed 64-bit word and
   its high half within 31 bits, so the unsigned wrap-around is harmless. */
MPZG_GCD_HD u32
row_word_m (u32 x, u32 y, u32 fu, u32 gu, u32 mf, u32 mg, u32 k, u32 w, u64 &c)
{
  u64 t = (u64) x * fu + c;
  t += (u64) y * gu;
  t += (u64) k * w;
  const int h = (int) ((u32) (t >> 32) - (x & mf) - (y & mg));
  c = (u64) (long long) h;
  return (u32) t;
}

/* u, v = (u f0 + v g0 + ku m) / 2^30, (u f1 + v g1 + kv m) / 2^30 mod m, back in
   [0, m), over the Lm words of m (in memory; in registers over all W words: the
   loops then unroll with constant indices, where a run-time bound left the whole
   store in local memory); minv = 1 / m mod 2^32. */
template <int W, class S>
MPZG_GCD_HD void
cofactors (S &s, int Lm, int f0, int g0, int f1, int g1, u32 minv)
{
  if (S::regs)
    Lm = W;
  const u32 fu0 = (u32) f0, gu0 = (u32) g0, fu1 = (u32) f1, gu1 = (u32) g1;
  const u32 mf0 = (u32) (f0 >> 31), mg0 = (u32) (g0 >> 31);
  const u32 mf1 = (u32) (f1 >> 31), mg1 = (u32) (g1 >> 31);
  const u32 mask = (1u << STEPS) - 1;
  const u32 u0 = (u32) s.at (XU, 0), v0 = (u32) s.at (XV, 0);
  const u32 ku = (0u - (fu0 * u0 + gu0 * v0)) * minv & mask;
  const u32 kv = (0u - (fu1 * u0 + gu1 * v0)) * minv & mask;
  u64 cu = 0, cv = 0, pu = 0, pv = 0;
  long long hu = 0, hv = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    {
      if (!S::regs && k >= Lm)
        break;
      const u64 x = s.at (XU, k), y = s.at (XV, k), w = s.at (XM, k);
      const u32 x0 = (u32) x, x1 = (u32) (x >> 32), y0 = (u32) y, y1 = (u32) (y >> 32);
      const u32 w0 = (u32) w, w1 = (u32) (w >> 32);
      const u32 a0 = row_word_m (x0, y0, fu0, gu0, mf0, mg0, ku, w0, cu);
      const u32 b0 = row_word_m (x0, y0, fu1, gu1, mf1, mg1, kv, w0, cv);
      const u32 a1 = row_word_m (x1, y1, fu0, gu0, mf0, mg0, ku, w1, cu);
      const u32 b1 = row_word_m (x1, y1, fu1, gu1, mf1, mg1, kv, w1, cv);
      const u64 wa = (u64) a1 << 32 | a0, wb = (u64) b1 << 32 | b0;
      if (k > 0)
        {
          s.at (XU, k - 1) = shr2 (wa, pu, STEPS);
          s.at (XV, k - 1) = shr2 (wb, pv, STEPS);
        }
      pu = wa;
      pv = wb;
      if (k == (S::regs ? W : Lm) - 1)
        {
          /* the quotient's words above Lm: its sign, or 1 when it reached m */
          s.at (XU, k) = shr2 (cu, wa, STEPS);
          s.at (XV, k) = shr2 (cv, wb, STEPS);
          hu = (long long) cu >> STEPS;
          hv = (long long) cv >> STEPS;
        }
    }
  /* whether each is at least m: the borrow of its words minus m */
  u64 bu = 0, bv = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    {
      if (!S::regs && k >= Lm)
        break;
      const u64 w = s.at (XM, k), x = s.at (XU, k), y = s.at (XV, k);
      const u64 du = x - w, dv = y - w;
      bu = (x < w) | (du < bu);
      bv = (y < w) | (dv < bv);
    }
  /* negative: add m; at least m: subtract it (add ~m + 1) */
  const bool addu = hu < 0, subu = hu > 0 || (hu == 0 && bu == 0);
  const bool addv = hv < 0, subv = hv > 0 || (hv == 0 && bv == 0);
  const u64 mu = addu || subu ? ~0ull : 0, nu = subu ? ~0ull : 0;
  const u64 mv = addv || subv ? ~0ull : 0, nv = subv ? ~0ull : 0;
  u64 cyu = subu, cyv = subv;
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    {
      if (!S::regs && k >= Lm)
        break;
      const u64 w = s.at (XM, k);
      const u64 eu = (w & mu) ^ nu, ev = (w & mv) ^ nv;
      const u64 x = s.at (XU, k) + cyu, y = s.at (XV, k) + cyv;
      cyu = x < cyu;
      cyv = y < cyv;
      const u64 ru = x + eu, rv = y + ev;
      cyu += ru < eu;
      cyv += rv < ev;
      s.at (XU, k) = ru;
      s.at (XV, k) = rv;
    }
}

/* The gcd of magnitudes x = s.at (XA, .), y = s.at (XB, .) (W words each) into
   s.at (XB, .) and the cofactor into s.at (XV, .): with route() false, x v = g
   (mod y) and 0 <= v < y / 2^k; with route() true, y v = g (mod x) and
   0 <= v < x / 2^k.  Zero operands give g = x + y (one of them zero) and v = 0.
   The other arrays are destroyed. */
template <int W, class S>
MPZG_GCD_HD void
gcdext (S &s)
{
MPZG_GCD_UNROLL
  for (int k = 0; k < W; k++)
    {
      s.at (XU, k) = k == 0;
      s.at (XV, k) = 0;
    }
  const bool az = is_zero<W> (s, XA), bz = is_zero<W> (s, XB);
  if (az || bz)
    {
MPZG_GCD_UNROLL
      for (int k = 0; k < W; k++)
        s.at (XB, k) |= s.at (XA, k);
      return;
    }
  const unsigned za = trailing_zeros<W> (s, XA), zb = trailing_zeros<W> (s, XB);
  const unsigned z = za < zb ? za : zb;
  shift_right<W> (s, XA, z);
  shift_right<W> (s, XB, z);
  /* the odd one is b, the modulus: y1 when it is odd, else x1 */
  const bool swap = zb > za;
  int Lm = 1;
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
  const u32 minv = inverse32 ((u32) s.at (XM, 0));
  int L = W, it = 0;
  for (; it < max_iterations<W> (); it++)
    {
      int f0, g0, f1, g1;
      bool na, nb;
      matrix<W> (s, L, f0, g0, f1, g1);
      const bool done = apply<W> (s, L, f0, g0, f1, g1, na, nb);
      if (na)
        f0 = -f0, g0 = -g0;
      if (nb)
        f1 = -f1, g1 = -g1;
      cofactors<W> (s, Lm, f0, g0, f1, g1, minv);
      if (done)
        break;
    }
  MPZG_GCD_COUNT (it + 1);
  shift_left<W> (s, XB, z);
}

} /* namespace gc */
} /* namespace mpzg */

#endif
