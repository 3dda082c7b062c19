/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-coop.cuh -- the greatest common divisor of one instance by T cooperating
   threads (a group of lanes of a warp, or a block of warps), for operands too long
   for one thread's registers.

   The method is gcd-core.cuh's (Pornin's optimized binary GCD, 30 steps per outer
   iteration on 62-bit approximations, the 2x2 matrix applied with 32-by-32-bit
   products), its words spread over the threads: thread t holds words [tK, tK + K)
   of a and of b in registers.  One outer iteration:

   1. Approximations.  A maximum over the threads gives the highest nonzero word
      index h of a | b (and whether a is zero: the end); the words a[0], b[0]
      (thread 0), a[h], b[h] and a[h - 1], b[h - 1] (their owners) are broadcast.
   2. Steps.  Every thread runs the 30 steps on the broadcast words itself (the
      same branch-free code, the same matrix [f0 g0; f1 g1] everywhere, nothing to
      broadcast back).  Threads above the active length (tK > h) skip them; they
      run steps 3 and 4 on their words, which are zero, with nothing coming in or
      going out (a zero carry, a zero word), since a thread that skipped them left
      the compiler keeping its old words beside the new ones: twice the
      operands' registers.  Where the loop's context shares the steps
      (XL::STEPS_SHARED: group_steps_x, or block_x's thread 0), one thread of
      the block runs them for each instance instead and every thread reads its
      instance's matrix back (on the zero words above the active length any
      matrix gives zeros).
   3. Rows.  Each thread forms a f0 + b g0 and a f1 + b g1 over its K words
      (row_word), which leaves a signed carry C_t (|C_t| <= 2^30 + 1) owed to the
      next thread.  A signed carry would make the chain across threads carry or
      borrow; instead every active thread but thread 0 starts its rows with the carry
      -2^32 and sends C_t + 2^32, a positive word: the biases cancel (thread t + 1
      adds back what thread t + 1 started with), and adding a positive word is a
      carry chain only.  Thread t adds the word from thread t - 1 to its words: a
      carry out generates, all ones afterwards propagates; one scan (core/chain.cuh)
      gives each thread its carry bit.  The top active thread u = h / K then knows
      the result's top, C_u plus its own carry out: 0, or -1 when the row went
      negative (the rows are at most max (a, b) in magnitude, so they fit in the
      words up to h).
   4. Division by 2^30: every word takes the low 30 bits of the word above, the
      next thread's word 0 for the last one (the top for thread u).
   5. Signs: thread u broadcasts whether a or b went negative; a negative one is
      complemented and incremented, again a carry chain (carry in 1 at thread 0,
      all-ones words propagate).

   Communication per iteration: one maximum of two integers, one broadcast of six
   words, one word pair up, one scan of two chains, one word pair down, one
   broadcast of two bits, and, when an operand went negative (only after a wrong
   comparison of the approximations: rare), a second scan.  Work per thread: the
   30 steps (about 15 passes of some 30 instructions, gcd-core.cuh) and K words of
   rows (some 40 instructions a word with the carries and the shift).  Since the
   steps are the same in every thread, they are the price of cooperation: they
   cost about what 10 to 15 words of rows do, which sets K (tuning.h) rather than
   T.  Shared by the block (group_steps_x; block_x's thread 0 for its one
   instance), a warp's steps serve all the block's instances instead of its
   own, but they stay on each iteration's path: the block waits for its
   slowest instance's passes.

   Trailing zeros: the operands are read from memory already shifted right by their
   trailing zeros (a minimum over the threads), and the gcd is written back shifted
   left by the smaller count through the output (written, read back shifted, written
   again, between two barriers), so no word moves across threads in registers.

   The algorithm is written once over an exchange context X that provides the
   communication between threads, as div-coop.cuh does: on the device X is a group
   of lanes (shuffles and ballots on the group's mask) or a block (shared memory
   and barriers), one thread per context (V = 1); on the host
   (tests/mpn/t-gcd-coop-host.cc) X holds all T threads of an instance (V >= T) and
   runs every phase for each of them in turn, so the whole cooperative algorithm,
   exchanges and scans included, is checked against GMP without a GPU.  X's
   members:
     V               compile-time: the threads this context runs (arrays [V][K])
     nv (), T ()     threads run here, threads in all
     tid (v)         the instance-thread index of local thread v
     maxes (a, b)    a, b = their maxima over the threads (the callers' loops over v
                     have already taken the maxima over the threads run here)
     pick<N> (w, src)    w[i] = w[i] of thread src[i] (set there by its owner)
     up<N> (c, ci)   ci[v][i] = c[i] of thread tid(v) - 1 (0 for thread 0)
     down<N> (c, co) co[v][i] = c[i] of thread tid(v) + 1 (0 for thread T - 1)
     scan<N> (g, p, cin, b)  b[v][i] = the carry into thread tid(v) of chain i,
                     (g, p)[.][i] over the threads in order, carry cin into thread 0
     sync ()         a barrier that orders the threads' memory accesses
     all_done (p)    whether p holds in every instance that shares this context's
                     exchanges (p the same in all threads of an instance)
     all (p)         all_done's vote, for the halving (coop_phases)
     any (p)         whether p holds in any of them
     halve<K> (R, S) S[v] = the words [t K / 2, (t + 1) K / 2) of the instance,
                     t = tid (v), from R's layout of K words a thread
     SHARED          compile-time: whether instances share the exchanges (else
                     all_done (p) is p)
     SHRINK          compile-time: whether the outer loop halves K as the
                     operands shrink (coop_phases; halve is called only then)
     TOP_IN_SCAN     compile-time: how the owner of the top word finds it
                     (coop_top)
     STEPS_SHARED    compile-time: whether the outer loop's context computes
                     the steps' matrix for its instances (shared_steps (w, h,
                     run, f0, g0, f1, g1), through coop_matrix) rather than
                     every thread for itself
   Every thread of the instance calls every member at the same point.

   The outer loop runs on a second context, XL, whose exchanges may span several
   instances: on the device, the groups of a warp, all called with the full warp's
   mask, or the groups of a block that share the steps (group_steps_x: its
   votes, all_done and all, are the block's, and every thread of the block runs
   the loop to its end).  A shuffle or ballot with a partial mask costs five more
   instructions (ptxas checks that the mask's lanes are converged), about 5 % of
   an iteration with groups of 16 lanes.  So the instances of a warp (of the
   block) leave the loop together (all_done): one that is done stores its
   result, runs the remaining iterations on whatever its registers hold, without
   its steps (whose passes end only for an odd b), and reads its result back
   after the loop; and the rare negation is called by all when any needs it.
   The work before and after the loop stays on X, each instance on its own.

   A warp runs the rows, the scan for the top and the carries over all K words
   of its lanes whatever the active length, so on XL::SHRINK the outer loop
   halves K whenever every instance of the warp (of the block) fits in half its
   words (coop_phases), down to MPZG_GCD_COOP_KMIN: the steps and exchanges
   stay, the rest shrinks with K.  gcdext-coop.cuh keeps K: halving only a's and
   b's words there (its cofactors do not shrink) measured slower. */
#ifndef MPZG_GCD_COOP_CUH
#define MPZG_GCD_COOP_CUH

#include <type_traits>
#include "gcd-core.cuh"
#include "../core/chain.cuh"
#include "../tuning.h"           /* MPZG_GCD_COOP_KMIN */

/* The host build counts the iterations that negate an operand, and the
   halvings of the words a thread (coop_phases). */
#ifndef MPZG_GCD_NEGATED
#define MPZG_GCD_NEGATED() ((void) 0)
#endif
#ifndef MPZG_GCD_HALVED
#define MPZG_GCD_HALVED() ((void) 0)
#endif

namespace mpzg {
namespace gc {

/* p[i] for i in [0, n), else 0. */
MPZG_GCD_HD u64
word_in (const u64 *p, int i, int n)
{
  return i >= 0 && i < n ? p[i] : 0;
}

/* R = ~R: p = the words are all ones afterwards (R was zero). */
template <int K>
MPZG_GCD_HD bool
complement (u64 (&R)[K])
{
  u64 all = ~0ull;
MPZG_GCD_UNROLL
  for (int i = 0; i < K; i++)
    {
      R[i] = ~R[i];
      all &= R[i];
    }
  return all == ~0ull;
}

/* R[i] at a run-time index i (0 outside [0, K)): a selection over the constant
   indices, so that R stays in registers. */
template <int K>
MPZG_GCD_HD u64
select (const u64 (&R)[K], int i)
{
  u64 r = 0;
MPZG_GCD_UNROLL
  for (int k = 0; k < K; k++)
    r = k == i ? R[k] : r;
  return r;
}

/* The rows of one thread's K words: A, B = A f0 + B g0, A f1 + B g1 (unshifted);
   ca, cb (in: the starting carries, out: the carries out, signed, sign-extended). */
template <int K>
MPZG_GCD_HD void
rows (u64 (&A)[K], u64 (&B)[K], int f0, int g0, int f1, int g1, u64 &ca, u64 &cb)
{
  const u32 fu0 = (u32) f0, gu0 = (u32) g0, fu1 = (u32) f1, gu1 = (u32) g1;
  const u32 mf0 = (u32) (f0 >> 31), mg0 = (u32) (g0 >> 31);
  const u32 mf1 = (u32) (f1 >> 31), mg1 = (u32) (g1 >> 31);
MPZG_GCD_UNROLL
  for (int i = 0; i < K; i++)
    {
      const u64 x = A[i], y = B[i];
      const u32 x0 = (u32) x, x1 = (u32) (x >> 32), y0 = (u32) y, y1 = (u32) (y >> 32);
      const u32 a0 = row_word (x0, y0, fu0, gu0, mf0, mg0, ca);
      const u32 b0 = row_word (x0, y0, fu1, gu1, mf1, mg1, cb);
      const u32 a1 = row_word (x1, y1, fu0, gu0, mf0, mg0, ca);
      const u32 b1 = row_word (x1, y1, fu1, gu1, mf1, mg1, cb);
      A[i] = (u64) a1 << 32 | a0;
      B[i] = (u64) b1 << 32 | b0;
    }
}

/* The bias of every thread's rows but thread 0's: -2^32, sign-extended. */
const u64 ROW_BIAS = 0xffffffff00000000ull;

/* An upper bound of the outer iterations for operands of W words, as
   max_iterations in gcd-core.cuh. */
MPZG_GCD_HD int
coop_max_iterations (int W)
{
  return 2 * (128 * W / STEPS + 2);
}

/* The trailing zeros of ap[0..W), bp[0..W), W = T K (64 W for zero), as maxima of
   their negations over the threads. */
template <int K, class X>
MPZG_GCD_HD void
coop_zeros (X &x, const u64 *ap, const u64 *bp, int &za, int &zb)
{
  const int NOZ = 64 * x.T () * K;
  int mza = -NOZ, mzb = -NOZ;
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
      for (int i = K - 1; i >= 0; i--)
        {
          if (ap[o + i] != 0 && -(64 * (o + i) + (int) ctz64 (ap[o + i])) > mza)
            mza = -(64 * (o + i) + (int) ctz64 (ap[o + i]));
          if (bp[o + i] != 0 && -(64 * (o + i) + (int) ctz64 (bp[o + i])) > mzb)
            mzb = -(64 * (o + i) + (int) ctz64 (bp[o + i]));
        }
    }
  x.maxes (mza, mzb);
  za = -mza;
  zb = -mzb;
}

/* The threads' words of p[0..W) >> z, W = T K, into R. */
template <int K, class X>
MPZG_GCD_HD void
coop_load (X &x, const u64 *p, int z, u64 (&R)[X::V][K])
{
  const int W = x.T () * K;
  for (int v = 0; v < x.nv (); v++)
    {
      /* each word read once, carried to the next word's shift */
      const int j = x.tid (v) * K + z / 64;
      u64 lo = word_in (p, j, W);
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        {
          const u64 hi = word_in (p, j + i + 1, W);
          R[v][i] = shr2 (hi, lo, (unsigned) z % 64);
          lo = hi;
        }
    }
}

/* Step 1 of an iteration: h, the highest nonzero word index of a | b (0 if none),
   and anz, whether a is nonzero (maxima over the threads); then, unless a is
   zero, the words of the approximations from their owners into w[0..6) (a[0],
   b[0], a[h], b[h], a[h-1], b[h-1]) and their threads into src[0..6), to be
   picked (for a zero a, valid threads too: the loop's context may pick them).
   The owner of h finds a[h], b[h] (and a[h-1], b[h-1] unless h is its word 0) at
   a run-time index among its registers: with X::TOP_IN_SCAN, every thread keeps
   the words at its top and below it during its scan (eight selects a word), else
   the owners select them afterwards (ten a word, but only in the owners' warps,
   which in a block of warps spares the others).  Returns whether any thread run
   here is at or below h's owner. */
template <int K, class X>
MPZG_GCD_HD bool
coop_top (X &x, u64 (&A)[X::V][K], u64 (&B)[X::V][K], int &h, int &anz, u64 *w, int *src)
{
  h = 0;
  anz = 0;
  u64 th[X::V][4];              /* with TOP_IN_SCAN: a, b at the top, a, b below it */
  for (int v = 0; v < x.nv (); v++)
    {
      /* the index within the thread, the thread's offset added once: with o + i
         here the compiler kept the K sums in registers across the iterations */
      int top = -1;
      th[v][0] = th[v][1] = th[v][2] = th[v][3] = 0;
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        {
          if ((A[v][i] | B[v][i]) != 0)
            {
              top = i;
              if constexpr (X::TOP_IN_SCAN)
                {
                  th[v][0] = A[v][i];
                  th[v][1] = B[v][i];
                  th[v][2] = i > 0 ? A[v][i > 0 ? i - 1 : 0] : 0;
                  th[v][3] = i > 0 ? B[v][i > 0 ? i - 1 : 0] : 0;
                }
            }
          anz |= A[v][i] != 0;
        }
      if (top >= 0)
        h = x.tid (v) * K + top;
    }
  x.maxes (h, anz);
  const int u = h / K;
  const int l = h > 0 ? (h - 1) / K : 0;   /* the owner of word h - 1 */
  src[0] = src[1] = 0;
  src[2] = src[3] = u;
  src[4] = src[5] = l;
  for (int i = 0; i < 6; i++)
    w[i] = 0;
  bool act = false;
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v), o = t * K;
      act |= t <= u;
      if (t == 0)
        {
          w[0] = A[v][0];
          w[1] = B[v][0];
        }
      if constexpr (X::TOP_IN_SCAN)
        {
          if (t == u)
            {
              w[2] = th[v][0];
              w[3] = th[v][1];
            }
          if (h > 0 && t == l)
            {
              /* below the top in u, or the top word of the thread below u */
              w[4] = l == u ? th[v][2] : A[v][K - 1];
              w[5] = l == u ? th[v][3] : B[v][K - 1];
            }
        }
      else
        {
          if (t == u)
            {
              w[2] = select (A[v], h - o);
              w[3] = select (B[v], h - o);
            }
          if (h > 0 && t == l)
            {
              w[4] = select (A[v], h - 1 - o);
              w[5] = select (B[v], h - 1 - o);
            }
        }
    }
  return act;
}

/* Step 2: the matrix of the next STEPS steps from the picked words w[0..6) of
   step 1. */
MPZG_GCD_HD void
coop_steps (const u64 *w, int h, int &f0, int &g0, int &f1, int &g1)
{
  const unsigned n = 64 * (unsigned) h + 64 - clz64 (w[2] | w[3]);
  const u64 a = n <= STEPS + TOPBITS ? w[0] : approx (w[0], w[2], w[4], n, h);
  const u64 b = n <= STEPS + TOPBITS ? w[1] : approx (w[1], w[3], w[5], n, h);
  steps (a, b, f0, g0, f1, g1);
}

/* Step 2 for one instance: f0..g1 = the matrix of its next STEPS steps from
   the picked words w (coop_steps), or the identity where run is false.  The
   steps run on locals, and f0..g1 (shared memory, for the contexts that share
   the steps) are written once. */
MPZG_GCD_HD void
coop_steps_if (const u64 *w, int h, bool run, int &f0, int &g0, int &f1, int &g1)
{
  int m0 = 1, m1 = 0, m2 = 0, m3 = 1;
  if (run)
    coop_steps (w, h, m0, m1, m2, m3);
  f0 = m0, g0 = m1, f1 = m2, g1 = m3;
}

/* Step 2 through the outer loop's context: the matrix of the instance's next
   STEPS steps, the identity where run is false.  Every thread computes it itself;
   or, with XL::STEPS_SHARED, one thread computes it for each instance of the
   block (group_steps_x, block_x) from the words and run of the group's thread 0 (which is
   never above the active length, so its run is the instance's), and the threads
   above the active length get the instance's matrix too (on their zero words it
   gives zeros). */
template <class XL>
MPZG_GCD_HD void
coop_matrix (XL &xl, const u64 *w, int h, bool run, int &f0, int &g0, int &f1, int &g1)
{
  if constexpr (XL::STEPS_SHARED)
    xl.shared_steps (w, h, run, f0, g0, f1, g1);
  else
    coop_steps_if (w, h, run, f0, g0, f1, g1);
}

/* Step 4 for one thread's words: R = R / 2^STEPS, hi the word above them (the
   next thread's word 0, or the top): two funnel shifts a word (shr2_short), where
   shr2 took four. */
template <int K>
MPZG_GCD_HD void
shift_steps (u64 (&R)[K], u64 hi)
{
MPZG_GCD_UNROLL
  for (int i = 0; i < K; i++)
    R[i] = shr2_short (i + 1 < K ? R[i + 1 < K ? i + 1 : 0] : hi, R[i], STEPS);
}

/* The rare step 5: a (bit 0 of neg) and b (bit 1) = their negations, over the
   threads up to u; g, p, ci scratch. */
template <int K, class X>
MPZG_GCD_HD void
coop_negate (X &x, u64 (&A)[X::V][K], u64 (&B)[X::V][K], int u, u64 neg,
             bool (&g)[X::V][2], bool (&p)[X::V][2], u64 (&ci)[X::V][2])
{
  MPZG_GCD_NEGATED ();
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
      g[v][0] = p[v][0] = g[v][1] = p[v][1] = false;
      if (t > u)
        continue;
      if (neg & 1)
        p[v][0] = complement<K> (A[v]);
      if (neg & 2)
        p[v][1] = complement<K> (B[v]);
    }
  x.template scan<2> (g, p, 1, ci);
  for (int v = 0; v < x.nv (); v++)
    {
      if (x.tid (v) > u)
        continue;
      if (neg & 1)
        add_bit<K> (A[v], ci[v][0]);
      if (neg & 2)
        add_bit<K> (B[v], ci[v][1]);
    }
}

/* R's words into p[0..W) (each thread its own), or from there. */
template <int K, class X>
MPZG_GCD_HD void
coop_put (X &x, const u64 (&R)[X::V][K], u64 *p)
{
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        p[o + i] = R[v][i];
    }
}

template <int K, class X>
MPZG_GCD_HD void
coop_get (X &x, u64 (&R)[X::V][K], const u64 *p)
{
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        R[v][i] = p[o + i];
    }
}

/* gp[0..W) = R << z (R's value known to fit), through gp itself: written, read
   back shifted into S, written again, between two barriers. */
template <int K, class X>
MPZG_GCD_HD void
coop_store_shl (X &x, u64 (&R)[X::V][K], u64 (&S)[X::V][K], int z, u64 *gp)
{
  const int W = x.T () * K;
  coop_put<K> (x, R, gp);
  x.sync ();
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
MPZG_GCD_UNROLL
      for (int i = 0; i < K; i++)
        {
          const int j = o + i - z / 64;
          S[v][i] = shl2 (word_in (gp, j, W), word_in (gp, j - 1, W), (unsigned) z % 64);
        }
    }
  x.sync ();
  coop_put<K> (x, S, gp);
}

/* R = 0. */
template <int K, class X>
MPZG_GCD_HD void
coop_clear (X &x, u64 (&R)[X::V][K])
{
  for (int v = 0; v < x.nv (); v++)
MPZG_GCD_UNROLL
    for (int i = 0; i < K; i++)
      R[v][i] = 0;
}

/* The start of gcd_coop and gcdext_coop: za, zb = the trailing zeros of a live
   instance's operands ap[0..W), bp[0..W); where one is zero, gp = the other (and
   vp = 0, where given), which ends the instance.  Returns whether the instance is
   done: then, or when it is not live, the loop only takes part in the exchanges
   (nothing read or written for one that is not live). */
template <int K, class X>
MPZG_GCD_HD bool
coop_start (X &x, const u64 *ap, const u64 *bp, u64 *gp, u64 *vp, bool live, int &za, int &zb)
{
  const int NOZ = 64 * x.T () * K;
  za = zb = 0;
  if (!live)
    return true;
  coop_zeros<K> (x, ap, bp, za, zb);
  if (za != NOZ && zb != NOZ)
    return false;
  /* gcd (x, 0) = gcd (0, x) = x */
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
      for (int i = 0; i < K; i++)
        {
          gp[o + i] = ap[o + i] | bp[o + i];
          if (vp != 0)
            vp[o + i] = 0;
        }
    }
  return true;
}

/* R's words into p[0..W) from a layout of K words a thread (K T <= W), zeros
   above K T: each thread writes its K words and K' - K of the zeros, K' = W / T. */
template <int K, class X>
MPZG_GCD_HD void
coop_put_wide (X &x, const u64 (&R)[X::V][K], u64 *p, int W)
{
  coop_put<K> (x, R, p);
  const int T = x.T (), z = W / T - K;
  for (int v = 0; v < x.nv (); v++)
    for (int i = 0; i < z; i++)
      p[T * K + x.tid (v) * z + i] = 0;
}

/* The outer iterations on K words a thread (the head's steps 1 to 5), from
   iteration it, until every instance that shares xl's exchanges is done (returns
   false) or, with lim > 0, until each is done or has its top word below lim
   (returns true: the caller halves K).  An instance that becomes done stores b
   in gp[0..W) where instances share the exchanges (XL::SHARED). */
template <int K, class X, class XL>
MPZG_GCD_HD bool
coop_loop (X &x, XL &xl, u64 (&A)[X::V][K], u64 (&B)[X::V][K], u64 *gp, int W, int lim,
           bool &done, int &it)
{
  const int V = X::V;
  u64 c[V][2], ci[V][2];
  bool g[V][2], p[V][2];
  for (; it < coop_max_iterations (W); it++)
    {
      /* 1: the active length and the approximations' words */
      int h, anz, src[6];
      u64 w[6];
      const bool act = coop_top<K> (xl, A, B, h, anz, w, src);
      if (!anz && !done)
        {
          MPZG_GCD_COUNT (it);
          if (XL::SHARED)
            coop_put_wide<K> (x, B, gp, W);
          done = true;
        }
      if (xl.all_done (done))
        return false;
      if (lim > 0 && xl.all (done || h < lim))
        return true;
      const int u = h / K;
      xl.template pick<6> (w, src);
      /* 2: the steps */
      int f0, g0, f1, g1;
      coop_matrix (xl, w, h, act && !done, f0, g0, f1, g1);
      /* 3: the rows, and the words owed to the next thread (none from above u,
         whose words are zero, nor from u to them) */
      u64 ca[V], cb[V];
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          const bool on = t <= u;
          ca[v] = cb[v] = t == 0 || !on ? 0 : ROW_BIAS;
          rows<K> (A[v], B[v], f0, g0, f1, g1, ca[v], cb[v]);
          c[v][0] = on ? ca[v] + (1ull << 32) : 0;
          c[v][1] = on ? cb[v] + (1ull << 32) : 0;
        }
      xl.template up<2> (c, ci);
      /* thread 0 and those above u add a zero word (and below, a zero bit) */
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          const bool in = t > 0 && t <= u;
          add_word<K> (A[v], in ? ci[v][0] : 0, g[v][0], p[v][0]);
          add_word<K> (B[v], in ? ci[v][1] : 0, g[v][1], p[v][1]);
          p[v][0] = p[v][0] && in;
          p[v][1] = p[v][1] && in;
        }
      xl.template scan<2> (g, p, 0, ci);
      u64 ta = 0, tb = 0;       /* the top: 0, or all ones when negative */
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          const bool on = t <= u;
          const u64 oa = add_bit<K> (A[v], on ? ci[v][0] : 0) | (u64) g[v][0];
          const u64 ob = add_bit<K> (B[v], on ? ci[v][1] : 0) | (u64) g[v][1];
          if (t == u)
            {
              ta = ca[v] + oa;
              tb = cb[v] + ob;
            }
          c[v][0] = A[v][0];
          c[v][1] = B[v][0];
        }
      /* 4: the division by 2^STEPS */
      xl.template down<2> (c, ci);
      u64 neg[1] = { 0 };
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          shift_steps<K> (A[v], t == u ? ta : ci[v][0]);
          shift_steps<K> (B[v], t == u ? tb : ci[v][1]);
          if (t == u)
            neg[0] = (ta >> 63) | (tb >> 63) << 1;
        }
      /* 5: the signs */
      const int usrc[1] = { u };
      xl.template pick<1> (neg, usrc);
      if (done)
        neg[0] = 0;
      if (xl.any (neg[0] != 0))
        coop_negate<K> (xl, A, B, u, neg[0], g, p, ci);
    }
  return false;
}

/* The outer loop from K words a thread, halving K (down to MPZG_GCD_COOP_KMIN,
   where XL::SHRINK) once the top words of every instance sharing xl's exchanges
   (or that instance's end) lie in the lower half of the threads' words: the rows,
   the scan for the top and the carries cost K words a thread whatever the active
   length, and the threads of a warp run them together.  Returns whether K was
   halved: then b ends in gp[0..W) for every instance that is done (K's layout
   lost with the halving), as it does with XL::SHARED. */
template <int K, class X, class XL>
MPZG_GCD_HD bool
coop_phases (X &x, XL &xl, u64 (&A)[X::V][K], u64 (&B)[X::V][K], u64 *gp, int W, bool &done,
             int &it)
{
  constexpr int H = K / 2;
  constexpr bool HALVE = XL::SHRINK && K % 2 == 0 && H >= MPZG_GCD_COOP_KMIN;
  if (!coop_loop<K> (x, xl, A, B, gp, W, HALVE ? x.T () * H : 0, done, it))
    {
      if (x.T () * K < W && !XL::SHARED && done)
        coop_put_wide<K> (x, B, gp, W);
      return x.T () * K < W;
    }
  if constexpr (HALVE)
    {
      u64 A2[X::V][H], B2[X::V][H];
      MPZG_GCD_HALVED ();
      xl.template halve<K> (A, A2);
      xl.template halve<K> (B, B2);
      coop_phases<H> (x, xl, A2, B2, gp, W, done, it);
    }
  return true;
}

/* gp[0..W) = gcd (a, b) of the magnitudes ap[0..W), bp[0..W), W = T K (any sizes
   within them, zero included); gp must not overlap ap or bp.  The outer loop's
   exchanges go through xl (see the head); an instance that is not live touches no
   memory and only takes part in them. */
template <int K, class X, class XL>
MPZG_GCD_HD void
gcd_coop (X &x, XL &xl, const u64 *ap, const u64 *bp, u64 *gp, bool live)
{
  const int V = X::V;
  const int W = x.T () * K;
  int za, zb;
  /* done: the result is in gp (or there is none) */
  bool done = coop_start<K> (x, ap, bp, gp, (u64 *) 0, live, za, zb);
  const bool looped = !done;    /* the result's shift is left to the end */
  /* the odd parts */
  u64 A[V][K], B[V][K];
  if (looped)
    {
      coop_load<K> (x, ap, za, A);
      coop_load<K> (x, bp, zb, B);
    }
  else
    {
      coop_clear<K> (x, A);
      coop_clear<K> (x, B);
    }
  int it = 0;
  const bool halved = coop_phases<K> (x, xl, A, B, gp, W, done, it);
  if (!looped)
    return;
  if (!done)
    MPZG_GCD_COUNT (it);        /* not reached: the loop's bound is the method's */
  else if (halved)
    {
      x.sync ();                /* b's words in gp came from other threads */
      coop_get<K> (x, B, gp);
    }
  else if (XL::SHARED)
    coop_get<K> (x, B, gp);
  /* g = b << min (za, zb), through gp */
  coop_store_shl<K> (x, B, A, za < zb ? za : zb, gp);
}

/* One instance on its own context. */
template <int K, class X>
MPZG_GCD_HD void
gcd_coop (X &x, const u64 *ap, const u64 *bp, u64 *gp)
{
  gcd_coop<K> (x, x, ap, bp, gp, true);
}

#ifdef __CUDACC__

/* One group of T lanes (T a power of two, at most 32) per instance, 32 / T
   instances per warp.  With FULL false, every warp-wide operation names only the
   group's lanes, so the groups of a warp may part (one finishes, another goes
   on).  With FULL true (the outer loops' context, XL), every one names the whole
   warp, whose groups then call them together, and the maxima are taken within
   the group by shuffles across it. */
template <int TG, bool FULL = false>
struct group_x
{
  static const int V = 1;
  static const bool SHARED = FULL && TG < 32;
  static const bool TOP_IN_SCAN = true;
  static const bool SHRINK = FULL;
  static const bool STEPS_SHARED = false;
  unsigned mask, gmask, lane, base;

  __device__ __forceinline__ group_x ()
  {
    lane = threadIdx.x & 31;
    base = lane & ~(unsigned) (TG - 1);
    gmask = TG == 32 ? 0xffffffffu : ((1u << (TG & 31)) - 1) << base;
    mask = FULL ? 0xffffffffu : gmask;
  }
  __device__ __forceinline__ int nv () const { return 1; }
  __device__ __forceinline__ int T () const { return TG; }
  __device__ __forceinline__ int tid (int) const { return (int) (lane - base); }

  __device__ __forceinline__ void
  maxes (int &a, int &b)
  {
    if (FULL && TG < 32)
      {
#pragma unroll
        for (int o = TG / 2; o > 0; o /= 2)
          {
            const int ao = __shfl_xor_sync (mask, a, o, TG);
            const int bo = __shfl_xor_sync (mask, b, o, TG);
            a = ao > a ? ao : a;
            b = bo > b ? bo : b;
          }
      }
    else
      {
        a = __reduce_max_sync (mask, a);
        b = __reduce_max_sync (mask, b);
      }
  }

  template <int N>
  __device__ __forceinline__ void
  pick (u64 (&w)[N], const int (&src)[N])
  {
#pragma unroll
    for (int i = 0; i < N; i++)
      w[i] = __shfl_sync (mask, w[i], src[i], TG);
  }

  template <int N>
  __device__ __forceinline__ void
  up (const u64 (&c)[1][N], u64 (&ci)[1][N])
  {
#pragma unroll
    for (int i = 0; i < N; i++)
      {
        const u64 t = __shfl_up_sync (mask, c[0][i], 1, TG);
        ci[0][i] = lane == base ? 0 : t;
      }
  }

  template <int N>
  __device__ __forceinline__ void
  down (const u64 (&c)[1][N], u64 (&co)[1][N])
  {
#pragma unroll
    for (int i = 0; i < N; i++)
      {
        const u64 t = __shfl_down_sync (mask, c[0][i], 1, TG);
        co[0][i] = lane == base + TG - 1 ? 0 : t;
      }
  }

  template <int N>
  __device__ __forceinline__ void
  scan (const bool (&g)[1][N], const bool (&p)[1][N], unsigned cin, u64 (&b)[1][N])
  {
#pragma unroll
    for (int i = 0; i < N; i++)
      {
        const unsigned G = (__ballot_sync (mask, g[0][i]) & gmask) >> base;
        const unsigned P = (__ballot_sync (mask, p[0][i]) & gmask) >> base;
        b[0][i] = (chain_masks (G, P, cin) >> (lane - base)) & 1;
      }
  }

  /* S = the words [t K / 2, (t + 1) K / 2) of the instance, thread t's half of
     thread t / 2's */
  template <int K>
  __device__ __forceinline__ void
  halve (const u64 (&R)[1][K], u64 (&S)[1][K / 2])
  {
    const int t = (int) (lane - base), s = t / 2;
#pragma unroll
    for (int i = 0; i < K / 2; i++)
      {
        const u64 lo = __shfl_sync (mask, R[0][i], s, TG);
        const u64 hi = __shfl_sync (mask, R[0][K / 2 + i], s, TG);
        S[0][i] = t & 1 ? hi : lo;
      }
  }

  __device__ __forceinline__ void sync () { __syncwarp (mask); }
  __device__ __forceinline__ bool all_done (bool p) { return FULL ? __all_sync (mask, p) : p; }
  __device__ __forceinline__ bool all (bool p) { return FULL ? __all_sync (mask, p) : p; }
  __device__ __forceinline__ bool any (bool p) { return FULL ? __any_sync (mask, p) : p; }
};

/* The outer loop's context of groups of TG lanes in a block of B threads whose
   instances share one computation of the steps: the block's first B / TG
   threads each run the steps of one instance (from words its group's first lane
   left in shared memory) while the rest of the block waits at a barrier, and
   every lane reads its instance's matrix back after a second one.  The steps
   are the same in every lane of a group (gcd-coop.cuh's head), so a warp that
   runs them for its own 32 / TG instances spends what one running them for B /
   TG instances does; the multiprocessor's other blocks fill the wait.  The
   loop's exit and halving votes are the block's (its barriers need every thread
   in the same iteration), so an instance stores its result when it is done, as
   with SHARED.  Every thread of the block must run the loop: none may return
   early (group_instance with WHOLE). */
template <int TG, int B>
struct group_steps_x : group_x<TG, true>
{
  static const bool SHARED = true;
  static const bool STEPS_SHARED = true;
  static const int NI = B / TG;         /* instances a block */
  static_assert (B % 32 == 0 && NI >= 1, "whole warps, whole groups");

  __device__ __forceinline__ void
  shared_steps (const u64 *w, int h, bool run, int &f0, int &g0, int &f1, int &g1)
  {
    __shared__ u64 sw[NI][6];
    __shared__ int sh[NI];
    __shared__ int sf[NI][4];
    const int inst = (int) (threadIdx.x / TG);
    if (this->lane == this->base)
      {
#pragma unroll
        for (int i = 0; i < 6; i++)
          sw[inst][i] = w[i];
        sh[inst] = run ? h : -1;
      }
    __syncthreads ();
    if (threadIdx.x < NI)
      {
        const int i = (int) threadIdx.x, hi = sh[i];
        coop_steps_if (sw[i], hi, hi >= 0, sf[i][0], sf[i][1], sf[i][2], sf[i][3]);
      }
    __syncthreads ();
    f0 = sf[inst][0];
    g0 = sf[inst][1];
    f1 = sf[inst][2];
    g1 = sf[inst][3];
  }

  __device__ __forceinline__ bool all_done (bool p) { return __syncthreads_and (p); }
  __device__ __forceinline__ bool all (bool p) { return __syncthreads_and (p); }
};

/* The instance of this thread's group of TG lanes in a launch of count: false
   where the whole warp is past the end (it may return; never with WHOLE, for a
   block whose every thread must run: group_steps_x); else *j and *live,
   whether the group is within the launch.  A group past the end takes part in
   its warp's (its block's) exchanges only, as instance 0, reading and writing
   nothing. */
template <int TG, bool WHOLE = false>
__device__ __forceinline__ bool
group_instance (size_t count, size_t *j, bool *live)
{
  const size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x, g = i / TG;
  if (!WHOLE && (i & ~(size_t) 31) / TG >= count)
    return false;
  *live = (TG == 32 && !WHOLE) || g < count;    /* a whole warp's group is within */
  *j = *live ? g : 0;
  return true;
}

/* The outer loop's context of the groups' kernels: groups of TG lanes in blocks
   of B threads that share the steps where SHARE asks and a warp holds several
   instances, else the warp's whole-mask context. */
template <int TG, int B, bool SHARE>
using coop_outer_x = std::conditional_t<SHARE && TG < 32, group_steps_x<TG, B>,
                                        group_x<TG, true>>;

/* The most words one pick, and the most chains one up, down or scan, moves:
   the extended gcd's (gcdext-coop.cuh). */
const int PICK_MAX = 8;
const int CHAINS_MAX = 4;

/* Shared memory of block_x, per block (one instance).  Each exchange has two
   halves that its calls use in turn, so a half is written again only after a
   barrier that came after every read of it (each call holds one barrier): the
   calls may come in any order. */
struct gcd_block_smem
{
  u64 w[2][PICK_MAX];                   /* pick's words */
  u64 c[2][CHAINS_MAX][32];             /* up: each warp's last lane's words */
  u64 d[2][CHAINS_MAX][32];             /* down: each warp's first lane's words */
  unsigned g[2][CHAINS_MAX][32];        /* scan: each warp's ballots, per chain */
  unsigned p[2][CHAINS_MAX][32];
  int mx[2][2][32];                     /* maxes: each warp's maxima */
  int f[2][4];                          /* shared_steps: the matrix */
};

/* One block of NW warps per instance (T = 32 NW).  Barriers: maxes, pick, up,
   scan, down and sync hold one each, and shared_steps where the block shares
   the steps (MPZG_GCD_BLOCK_SHARED_STEPS: thread 0 runs them, the others read
   the matrix back); the shared arrays alternate halves (gcd_block_smem).
   HW > 0: halve moves the words through hv, HW shared words (the lower half
   of the operand at the largest K halved, T K / 2). */
template <int NW, int HW = 0>
struct block_x
{
  static const int V = 1;
  static const bool SHARED = false;
  static const bool TOP_IN_SCAN = false;
  static const bool SHRINK = HW > 0;
  static const bool STEPS_SHARED = MPZG_GCD_BLOCK_SHARED_STEPS;
  gcd_block_smem *sm;
  u64 *hv;
  unsigned lane, wp;
  unsigned char ph[6];          /* the halves of maxes, pick, up, down, scan, steps */

  __device__ __forceinline__ block_x (gcd_block_smem *s, u64 *h = 0)
    : sm (s), hv (h), lane (threadIdx.x & 31), wp (threadIdx.x >> 5),
      ph { 0, 0, 0, 0, 0, 0 } {}

  /* the matrix of thread 0's run on the picked words, to every thread */
  __device__ __forceinline__ void
  shared_steps (const u64 *w, int h, bool run, int &f0, int &g0, int &f1, int &g1)
  {
    int *f = sm->f[ph[5]];
    ph[5] ^= 1;
    if (threadIdx.x == 0)
      coop_steps_if (w, h, run, f[0], f[1], f[2], f[3]);
    __syncthreads ();
    f0 = f[0];
    g0 = f[1];
    f1 = f[2];
    g1 = f[3];
  }

  /* the lower half's words from their owners (threads below T / 2) through hv;
     the upper half is zero: the block's one instance fits in it */
  template <int K>
  __device__ __forceinline__ void
  halve (const u64 (&R)[1][K], u64 (&S)[1][K / 2])
  {
    static_assert (HW >= 16 * NW * K, "block_x::halve: hv holds T K / 2 words");
    const int t = (int) threadIdx.x;
    if (t < 16 * NW)
#pragma unroll
      for (int i = 0; i < K; i++)
        hv[t * K + i] = R[0][i];
    __syncthreads ();
#pragma unroll
    for (int i = 0; i < K / 2; i++)
      S[0][i] = hv[t * (K / 2) + i];
    __syncthreads ();
  }
  __device__ __forceinline__ int nv () const { return 1; }
  __device__ __forceinline__ int T () const { return 32 * NW; }
  __device__ __forceinline__ int tid (int) const { return (int) threadIdx.x; }

  __device__ __forceinline__ void
  maxes (int &a, int &b)
  {
    int (*mx)[32] = sm->mx[ph[0]];
    ph[0] ^= 1;
    a = __reduce_max_sync (0xffffffffu, a);
    b = __reduce_max_sync (0xffffffffu, b);
    if (lane == 0)
      {
        mx[0][wp] = a;
        mx[1][wp] = b;
      }
    __syncthreads ();
#pragma unroll
    for (int k = 0; k < NW; k++)
      {
        a = mx[0][k] > a ? mx[0][k] : a;
        b = mx[1][k] > b ? mx[1][k] : b;
      }
  }

  template <int N>
  __device__ __forceinline__ void
  pick (u64 (&w)[N], const int (&src)[N])
  {
    static_assert (N <= PICK_MAX, "block_x::pick has shared room for PICK_MAX words");
    u64 *s = sm->w[ph[1]];
    ph[1] ^= 1;
#pragma unroll
    for (int i = 0; i < N; i++)
      if ((int) threadIdx.x == src[i])
        s[i] = w[i];
    __syncthreads ();
#pragma unroll
    for (int i = 0; i < N; i++)
      w[i] = s[i];
  }

  /* co = c of the thread below (UP) or above: a shuffle within the warp, the
     shared words s across warps */
  template <int N, bool UP>
  __device__ __forceinline__ void
  neighbour (const u64 (&c)[1][N], u64 (&co)[1][N], u64 (*s)[32])
  {
    static_assert (N <= CHAINS_MAX, "block_x::up and down have shared room for CHAINS_MAX words");
    const unsigned first = UP ? 0 : 31, last = 31 - first;
    const int wn = UP ? (int) wp - 1 : (int) wp + 1;
    u64 t[N];
#pragma unroll
    for (int i = 0; i < N; i++)
      {
        t[i] = UP ? __shfl_up_sync (0xffffffffu, c[0][i], 1)
                  : __shfl_down_sync (0xffffffffu, c[0][i], 1);
        if (lane == last)
          s[i][wp] = c[0][i];
      }
    __syncthreads ();
#pragma unroll
    for (int i = 0; i < N; i++)
      co[0][i] = lane != first ? t[i] : wn < 0 || wn >= NW ? 0 : s[i][wn];
  }

  template <int N>
  __device__ __forceinline__ void
  up (const u64 (&c)[1][N], u64 (&ci)[1][N])
  {
    u64 (*s)[32] = sm->c[ph[2]];
    ph[2] ^= 1;
    neighbour<N, true> (c, ci, s);
  }

  template <int N>
  __device__ __forceinline__ void
  down (const u64 (&c)[1][N], u64 (&co)[1][N])
  {
    u64 (*s)[32] = sm->d[ph[3]];
    ph[3] ^= 1;
    neighbour<N, false> (c, co, s);
  }

  template <int N>
  __device__ __forceinline__ void
  scan (const bool (&g)[1][N], const bool (&p)[1][N], unsigned cin, u64 (&b)[1][N])
  {
    static_assert (N <= CHAINS_MAX, "block_x::scan has shared room for CHAINS_MAX chains");
    unsigned G[N], P[N], c[N];
    const int h = ph[4];
    ph[4] ^= 1;
#pragma unroll
    for (int i = 0; i < N; i++)
      {
        G[i] = __ballot_sync (0xffffffffu, g[0][i]);
        P[i] = __ballot_sync (0xffffffffu, p[0][i]);
      }
    chain_block_n<N> (G, P, cin, sm->g[h], sm->p[h], NW, c);
#pragma unroll
    for (int i = 0; i < N; i++)
      b[0][i] = c[i];
  }

  __device__ __forceinline__ void sync () { __syncthreads (); }
  __device__ __forceinline__ bool all_done (bool p) { return p; }
  __device__ __forceinline__ bool all (bool p) { return p; }
  __device__ __forceinline__ bool any (bool p) { return p; }
};

#endif /* __CUDACC__ */

} /* namespace gc */
} /* namespace mpzg */

#endif
