/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-coop.cuh -- the gcd of two magnitudes and a cofactor by T cooperating
   threads (a group of lanes of a warp, or a block of warps), for operands too long
   for one thread (gcdext-core.cuh).

   The method is gcdext-core.cuh's binary GCD of the odd parts after the common
   power of two, b odd (the "route" exchanges the operands otherwise), but with
   Pornin's modular tracking of the cofactors u, v of a and b modulo m, the initial
   b, where the one-thread code carries their cosequence: here every thread holds
   words of u and v at fixed places, and each iteration's division by 2^30 keeps
   them near m, so no long reduction across the threads waits at the end.  The
   outer iterations are gcd-coop.cuh's, whose pieces this file uses.  Thread t
   holds words [tK, tK + K) of a, b, u, v and m in registers, and thread T - 1
   also the signed words of u and v above the W words.

   Lazy signs.  Where an iteration negates a (or b), the cofactor could be negated
   with it, but that would be one more pass and carry chain before the cofactors'
   rows could start.  Instead the cofactor keeps its value and the
   sign goes into a flag, a = su u x (mod m) and b = sv v x: the next iteration
   folds su, sv into the matrix it applies to u and v (their columns negated), and
   the end makes v = -v mod m where sv says so.  The cofactors' rows then run in the
   same pass as a's and b's and share their exchanges.

   Lazy reduction.  u' = (u f0 + v g0 + ku m) / 2^30 with |f0| + |g0| <= 2^30 and
   ku < 2^30 gives |u'| < max (|u|, |v|) + m: the cofactors are not brought back
   below m each iteration (a comparison with m, a second scan of four chains and a
   correction), they grow by less than m an iteration, so after i iterations
   |u|, |v| < (i + 1) m, and a signed word above the W words holds them
   (i + 1 < 2^14 up to 1024 words).  The end reduces v once (coop_reduce).

   One outer iteration, after gcd-coop.cuh's steps 1 and 2 (the picked words carry
   u[0] and v[0] too, for the multiples of m):
   3. Rows: a, b as in gcd-coop.cuh (threads up to the active top u); u, v = u f0'
      + v g0' + ku m, u f1' + v g1' + kv m over all threads (m does not shrink),
      ku, kv < 2^30 making them multiples of 2^30 (row_word_m), the words above
      W in thread T - 1.  The four rows' carries go up in one exchange and one
      scan of four chains; the tops are thread u's (a, b) and thread T - 1's (u, v).
   4. Division by 2^30 of all four, one exchange down; thread T - 1 keeps the
      cofactors' new words above W.
   5. One pick of a's and b's signs from thread u; a negative a or b is negated as
      in gcd-coop.cuh (rare).

   Communication per iteration: one maximum, one pick of eight words, one exchange
   of four words up, one scan of four chains, one exchange of four words down and
   one pick of a word (and the rare negation's scan).  Work per thread: the 30
   steps and about twice gcd-coop.cuh's rows (the cofactors' rows with the
   multiple of m), which is why K is smaller than the gcd's (tuning.h).

   The exchange contexts are gcd-coop.cuh's (device: group_x, block_x; host:
   tests/mpn/t-gcdext-coop-host.cc), which this code reaches through the same
   members. */
#ifndef MPZG_GCDEXT_COOP_CUH
#define MPZG_GCDEXT_COOP_CUH

#include "gcd-coop.cuh"
#include "gcdext-core.cuh"

/* The host build counts the instances whose cofactor ends negated (m - v). */
#ifndef MPZG_GCDEXT_LAZY
#define MPZG_GCDEXT_LAZY() ((void) 0)
#endif

namespace mpzg {
namespace gc {

/* One 32-bit word x f + y g + k w + c of a cofactor row: gcd-core.cuh's row_word
   plus k w (k < 2^30, w a word of m).  The true value stays within a signed 64-bit
   word and its high half within 31 bits, so the unsigned wrap-around is
   harmless. */
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

/* The cofactors' rows of one thread's K words: U, V = U f0 + V g0 + ku M,
   U f1 + V g1 + kv M (unshifted); cu, cv as rows' ca, cb. */
template <int K>
MPZG_GCD_HD void
rows_m (u64 (&U)[K], u64 (&V)[K], const u64 (&M)[K], int f0, int g0, int f1, int g1, u32 ku,
        u32 kv, u64 &cu, u64 &cv)
{
  const u32 fu0 = (u32) f0, gu0 = (u32) g0, fu1 = (u32) f1, gu1 = (u32) g1;
  const u32 mf0 = (u32) (f0 >> 31), mg0 = (u32) (g0 >> 31);
  const u32 mf1 = (u32) (f1 >> 31), mg1 = (u32) (g1 >> 31);
MPZG_GCD_UNROLL
  for (int i = 0; i < K; i++)
    {
      const u64 x = U[i], y = V[i], w = M[i];
      const u32 x0 = (u32) x, x1 = (u32) (x >> 32), y0 = (u32) y, y1 = (u32) (y >> 32);
      const u32 w0 = (u32) w, w1 = (u32) (w >> 32);
      const u32 a0 = row_word_m (x0, y0, fu0, gu0, mf0, mg0, ku, w0, cu);
      const u32 b0 = row_word_m (x0, y0, fu1, gu1, mf1, mg1, kv, w0, cv);
      const u32 a1 = row_word_m (x1, y1, fu0, gu0, mf0, mg0, ku, w1, cu);
      const u32 b1 = row_word_m (x1, y1, fu1, gu1, mf1, mg1, kv, w1, cv);
      U[i] = (u64) a1 << 32 | a0;
      V[i] = (u64) b1 << 32 | b0;
    }
}

/* R = -R mod M for R in [0, M): M - R, or 0 for R = 0; S scratch. */
template <int K, class X>
MPZG_GCD_HD void
coop_neg_mod (X &x, u64 (&R)[X::V][K], const u64 (&M)[X::V][K], u64 (&S)[X::V][K])
{
  const int V = X::V;
  int nz = 0, none = 0;
  for (int v = 0; v < x.nv (); v++)
MPZG_GCD_UNROLL
    for (int i = 0; i < K; i++)
      nz |= R[v][i] != 0;
  x.maxes (nz, none);
  if (!nz)
    return;
  bool g[V][1], p[V][1];
  u64 b[V][1];
  for (int v = 0; v < x.nv (); v++)
    sub_flags<K> (M[v], R[v], g[v][0], p[v][0]);
  x.template scan<1> (g, p, 0, b);
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        S[v][i] = M[v][i];
      sub_masked<K> (S[v], R[v], ~0ull, b[v][0]);
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        R[v][i] = S[v][i];
    }
}

/* R = R mod M in [0, M), for R of W words and a signed word above them, rt
   (thread T - 1's), with |R| < (it + 1) M: where R < 0, R = -R and sv flips (the
   caller's -R mod M then gives the same residue); then, for j from the top bit
   of it + 1 down, R -= 2^j M where that leaves R >= 0, a row with the carries'
   scan and the top's sign picked from thread T - 1.  S scratch. */
template <int K, class X>
MPZG_GCD_HD void
coop_reduce (X &x, u64 (&R)[X::V][K], long long (&rt)[X::V], const u64 (&M)[X::V][K],
             u64 (&S)[X::V][K], int it, unsigned &sv)
{
  const int V = X::V, T = x.T ();
  bool g[V][1], p[V][1];
  u64 c[V][1], ci[V][1];
  u64 d[1] = { 0 };
  const int top[1] = { T - 1 };
  for (int v = 0; v < x.nv (); v++)
    if (x.tid (v) == T - 1)
      d[0] = rt[v] < 0;
  x.template pick<1> (d, top);
  if (d[0])
    {
      sv ^= 1;
      for (int v = 0; v < x.nv (); v++)
        {
          g[v][0] = false;
          p[v][0] = complement<K> (R[v]);
        }
      x.template scan<1> (g, p, 1, ci);
      for (int v = 0; v < x.nv (); v++)
        {
          const u64 o = add_bit<K> (R[v], ci[v][0]);
          if (x.tid (v) == T - 1)
            rt[v] = ~rt[v] + (long long) o;
        }
    }
  int j = 0;
  while ((2ll << j) <= (long long) it + 1)
    j++;
  for (; j >= 0; j--)
    {
      /* S = R - 2^j M, the carries as the iterations' rows (their second row,
         zero, on a copy of M); co: each thread's carry out */
      u64 co[V];
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          u64 cs = t == 0 ? 0 : ROW_BIAS, cz = 0;
MPZG_GCD_UNROLL
          for (int i = 0; i < K; i++)
            S[v][i] = R[v][i];
          u64 Z[K];
MPZG_GCD_UNROLL
          for (int i = 0; i < K; i++)
            Z[i] = M[v][i];
          rows<K> (S[v], Z, 1, -(1 << j), 0, 0, cs, cz);
          c[v][0] = cs + (1ull << 32);
          co[v] = cs;
        }
      u64 cin[V][1];
      x.template up<1> (c, cin);
      for (int v = 0; v < x.nv (); v++)
        {
          g[v][0] = p[v][0] = false;
          if (x.tid (v) > 0)
            add_word<K> (S[v], cin[v][0], g[v][0], p[v][0]);
        }
      u64 b[V][1];
      x.template scan<1> (g, p, 0, b);
      d[0] = 0;
      long long ts[V];
      for (int v = 0; v < x.nv (); v++)
        {
          const u64 o = add_bit<K> (S[v], b[v][0]) | (u64) g[v][0];
          ts[v] = (long long) (co[v] + o) + rt[v];
          if (x.tid (v) == T - 1)
            d[0] = ts[v] >= 0;
        }
      x.template pick<1> (d, top);
      if (d[0])
        for (int v = 0; v < x.nv (); v++)
          {
MPZG_GCD_UNROLL
            for (int i = 0; i < K; i++)
              R[v][i] = S[v][i];
            rt[v] = x.tid (v) == T - 1 ? ts[v] : 0;
          }
    }
}

/* With x = ap[0..W), y = bp[0..W), W = T K: gp[0..W) = gcd (x, y) and vp[0..W) =
   the cofactor of gcdext-core.cuh's gcdext (x v = g mod y when y / 2^k is odd, 2^k
   the common power of two, else y v = g mod x; 0 <= v below that odd modulus;
   zero operands give g = x + y and v = 0).  gp and vp must not overlap ap, bp or
   each other.  The outer loop's exchanges go through xl, as gcd_coop's (an
   instance that is done keeps b and v in gp and vp, and its signs, v's top and
   its iteration count in registers that the iterations after it leave alone); an
   instance that is not live touches no memory. */
template <int K, class X, class XL>
MPZG_GCD_HD void
gcdext_coop (X &x, XL &xl, const u64 *ap, const u64 *bp, u64 *gp, u64 *vp, bool live)
{
  const int V = X::V;
  const int T = x.T (), W = T * K;
  int za, zb;
  bool done = coop_start<K> (x, ap, bp, gp, vp, live, za, zb);
  const bool looped = !done;
  /* both shifted by the common power of two; the odd one is b, the modulus */
  const int z = za < zb ? za : zb;
  const bool swap = zb > za;
  const u64 *xp = swap ? bp : ap, *mp = swap ? ap : bp;
  u64 A[V][K], B[V][K], U[V][K], Vc[V][K], M[V][K];
  if (looped)
    {
      coop_load<K> (x, xp, z, A);
      coop_load<K> (x, mp, z, B);
    }
  else
    {
      coop_clear<K> (x, A);
      coop_clear<K> (x, B);
    }
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        {
          M[v][i] = B[v][i];
          U[v][i] = t == 0 && i == 0;
          Vc[v][i] = 0;
        }
    }
  /* m's low word, read by every thread itself */
  const u32 minv = !looped ? 1 : inverse32 ((u32) shr2 (word_in (mp, z / 64 + 1, W),
                                                         word_in (mp, z / 64, W),
                                                         (unsigned) z % 64));
  const u32 kmask = (1u << STEPS) - 1;
  unsigned su = 0, sv = 0;      /* the lazy signs: a = -u x, b = -v x (mod m) */
  long long ut[V], vt[V];       /* thread T - 1's: u's and v's words above the W words */
  for (int v = 0; v < x.nv (); v++)
    ut[v] = vt[v] = 0;
  u64 c[V][4], ci[V][4];
  bool g[V][4], p[V][4];
  int it = 0, its = 0;          /* its: this instance's iterations */
  for (; it < coop_max_iterations (W); it++)
    {
      /* 1: the active length, the approximations' words and u[0], v[0] */
      int h, anz, src[8];
      u64 w[8];
      coop_top<K> (xl, A, B, h, anz, w, src);
      if (!anz && !done)
        {
          its = it;
          if (XL::SHARED)
            {
              coop_put<K> (x, B, gp);
              coop_put<K> (x, Vc, vp);
            }
          done = true;
        }
      if (xl.all_done (done))
        break;
      const int u = h / K;
      w[6] = w[7] = 0;
      src[6] = src[7] = 0;
      for (int v = 0; v < x.nv (); v++)
        if (x.tid (v) == 0)
          {
            w[6] = U[v][0];
            w[7] = Vc[v][0];
          }
      xl.template pick<8> (w, src);
      /* 2: the steps (every thread: all apply them to u and v) */
      int f0, g0, f1, g1;
      coop_matrix (xl, w, h, !done, f0, g0, f1, g1);
      const int cf0 = su ? -f0 : f0, cg0 = sv ? -g0 : g0;
      const int cf1 = su ? -f1 : f1, cg1 = sv ? -g1 : g1;
      const u32 u0 = (u32) w[6], v0 = (u32) w[7];
      const u32 ku = (0u - ((u32) cf0 * u0 + (u32) cg0 * v0)) * minv & kmask;
      const u32 kv = (0u - ((u32) cf1 * u0 + (u32) cg1 * v0)) * minv & kmask;
      /* 3: the rows, and the words owed to the next thread */
      u64 ca[V], cb[V], cu[V], cv[V];
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          const u64 bias = t == 0 ? 0 : ROW_BIAS;
          ca[v] = cb[v] = c[v][0] = c[v][1] = 0;
          if (t <= u)
            {
              ca[v] = cb[v] = bias;
              rows<K> (A[v], B[v], f0, g0, f1, g1, ca[v], cb[v]);
              c[v][0] = ca[v] + (1ull << 32);
              c[v][1] = cb[v] + (1ull << 32);
            }
          cu[v] = cv[v] = bias;
          rows_m<K> (U[v], Vc[v], M[v], cf0, cg0, cf1, cg1, ku, kv, cu[v], cv[v]);
          if (t == T - 1)
            {
              /* the words above the W words, m's zero there */
              cu[v] += (u64) (ut[v] * cf0 + vt[v] * cg0);
              cv[v] += (u64) (ut[v] * cf1 + vt[v] * cg1);
            }
          c[v][2] = cu[v] + (1ull << 32);
          c[v][3] = cv[v] + (1ull << 32);
        }
      xl.template up<4> (c, ci);
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
MPZG_GCD_UNROLL
          for (int k = 0; k < 4; k++)
            g[v][k] = p[v][k] = false;
          if (t == 0)
            continue;
          if (t <= u)
            {
              add_word<K> (A[v], ci[v][0], g[v][0], p[v][0]);
              add_word<K> (B[v], ci[v][1], g[v][1], p[v][1]);
            }
          add_word<K> (U[v], ci[v][2], g[v][2], p[v][2]);
          add_word<K> (Vc[v], ci[v][3], g[v][3], p[v][3]);
        }
      xl.template scan<4> (g, p, 0, ci);
      u64 ta = 0, tb = 0, tu = 0, tv = 0;       /* the tops, signed */
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          if (t <= u)
            {
              const u64 oa = add_bit<K> (A[v], ci[v][0]) | (u64) g[v][0];
              const u64 ob = add_bit<K> (B[v], ci[v][1]) | (u64) g[v][1];
              if (t == u)
                {
                  ta = ca[v] + oa;
                  tb = cb[v] + ob;
                }
            }
          const u64 ou = add_bit<K> (U[v], ci[v][2]) | (u64) g[v][2];
          const u64 ov = add_bit<K> (Vc[v], ci[v][3]) | (u64) g[v][3];
          if (t == T - 1)
            {
              tu = cu[v] + ou;
              tv = cv[v] + ov;
            }
          c[v][0] = A[v][0];
          c[v][1] = B[v][0];
          c[v][2] = U[v][0];
          c[v][3] = Vc[v][0];
        }
      /* 4: the division by 2^STEPS; the cofactors' new tops */
      xl.template down<4> (c, ci);
      u64 d[1] = { 0 };         /* a's and b's signs */
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          if (t <= u)
            {
              shift_steps<K> (A[v], t == u ? ta : ci[v][0]);
              shift_steps<K> (B[v], t == u ? tb : ci[v][1]);
              if (t == u)
                d[0] = (ta >> 63) | (tb >> 63) << 1;
            }
          shift_steps<K> (U[v], t == T - 1 ? tu : ci[v][2]);
          shift_steps<K> (Vc[v], t == T - 1 ? tv : ci[v][3]);
          if (t == T - 1 && !done)
            {
              ut[v] = (long long) tu >> STEPS;
              vt[v] = (long long) tv >> STEPS;
            }
        }
      /* 5: the signs */
      const int dsrc[1] = { u };
      xl.template pick<1> (d, dsrc);
      if (done)
        d[0] = 0;
      else
        {
          su = (unsigned) d[0] & 1;
          sv = (unsigned) d[0] >> 1 & 1;
        }
      if (xl.any (d[0] != 0))
        {
          bool gn[V][2], pn[V][2];
          u64 cn[V][2];
          coop_negate<K> (xl, A, B, u, d[0], gn, pn, cn);
        }
    }
  if (!looped)
    return;
  if (!done)
    its = it;                   /* not reached: the loop's bound is the method's */
  else if (XL::SHARED)
    {
      coop_get<K> (x, B, gp);
      coop_get<K> (x, Vc, vp);
    }
  MPZG_GCD_COUNT (its);
  /* v mod m, then v = -v mod m where b = -v x (A, zero now, the scratch) */
  coop_reduce<K> (x, Vc, vt, M, A, its, sv);
  if (sv)
    {
      MPZG_GCDEXT_LAZY ();
      coop_neg_mod<K> (x, Vc, M, A);
    }
  coop_put<K> (x, Vc, vp);
  /* g = b << z, through gp */
  coop_store_shl<K> (x, B, A, z, gp);
}

/* One instance on its own context. */
template <int K, class X>
MPZG_GCD_HD void
gcdext_coop (X &x, const u64 *ap, const u64 *bp, u64 *gp, u64 *vp)
{
  gcdext_coop<K> (x, x, ap, bp, gp, vp, true);
}

} /* namespace gc */
} /* namespace mpzg */

#endif
