/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divexact-core.cuh -- exact division q = n / d of one instance, low words first
   (Hensel's division, as GMP's mpn_divexact and mpn_sbpi1_bdiv_q): for a divisor
   that divides the dividend, each quotient word is the current low word of the
   partial remainder times d0^-1 mod B, and nothing is estimated or corrected.

   The divisor's trailing zero words are dropped, with as many of the dividend's
   (zero in exact input), and both are shifted right by the bits s that make the
   divisor odd: n' = n / (B^z 2^s), d' = d / (B^z 2^s), q = n' / d'.  With
   qn = nn - nd + 1 (the quotient has qn or qn - 1 words), q is n' / d' mod B^qn:
   for i = 0 .. qn - 1, q_i = r_i * dinv mod B, r -= q_i d' B^i, where r_i is the
   partial remainder's word i and dinv = d'_0^-1 mod B.  Only words below qn ever
   reach a quotient word, so only the low min (nd', qn) words of d' are used:
   a long divisor with a short quotient costs a short one's work.

   The partial remainder lives in a window of E words (E a class width, at least
   min (nd', qn) for every instance of the class), positions i .. i + E - 1 at
   digit i; the divisor's low E words are held beside it.  One digit: the quotient
   word from the window's bottom word (one low product), the window minus q_i
   times the divisor (mpn_submul_1), which zeroes the bottom word and owes a carry
   word at position E; then the window moves down one word and the dividend's
   word i + E enters at its top, less what is owed there.  Dividend words at or
   above qn never reach a quotient word and enter as zeros.

   Two shapes, host and device code alike (tests/mpn/t-divexact-host.cc runs them
   on the host against mpz_divexact; divexact.cu launches them):
   - divexact_one: one thread, E <= 32 words in registers (compile-time indices),
     the words `lanes` apart (the interleaved layout) or adjacent;
   - divexact_coop: E = T K words over T cooperating threads, K per thread, over
     div-coop.cuh's exchange contexts.  The subtraction's carry words pass up a
     thread and the borrow bits that remain go through the same chain as the
     division's (core/chain.cuh's scan); the window moves down through shift_down,
     which also hands every thread thread 0's next bottom word, from which each
     thread forms the next quotient word itself (one low product: the broadcast of
     that word rides in the exchange the shift makes anyway, where a broadcast of
     the quotient word would put thread 0's product before a second exchange).

   Input that d does not divide gives a quotient word sequence that depends only
   on the operands' words (no reads outside the operands' rows, no writes
   outside the quotient's), as GMP leaves that result unspecified.  A zero divisor
   (the zero instances that pad an interleaved chunk) and a dividend shorter than
   the divisor give q = 0. */
#ifndef MPZG_DIVEXACT_CORE_CUH
#define MPZG_DIVEXACT_CORE_CUH

#include "div-core.cuh"
#include "div-coop.cuh"

namespace mpzg {
namespace dv {

/* x - c - e mod B, c a word and e a count of earlier borrows (at most 3); e
   receives the borrows of this subtraction (at most 2: x - c - e > -2B). */
MPZG_DIV_HD u64
sub_owed (u64 x, u64 c, u64 &e)
{
  u64 t = x - c, b = x < c;
  u64 u = t - e;
  b += t < e;
  e = b;
  return u;
}

/* Word k of x / (B^z 2^s), x of n significant words `lanes` apart: zero where k
   reaches `lim` (words that reach no quotient word) or past x's own words. */
MPZG_DIV_HD u64
stripped_word (const u64 *xp, int z, int k, int n, int lim, unsigned s, size_t lanes)
{
  if (k >= lim)
    return 0;
  return shr2 (word_at (xp, z + k + 1, n, lanes), word_at (xp, z + k, n, lanes), s);
}

/* One instance by one thread: dividend np (NN words), divisor dp (ND words),
   quotient qp (QW words, zero above its own), every operand's words `lanes`
   apart; E >= min (nd, qn) words of window (nd - z and qn are then within it:
   any larger E works too, at more work per digit). */
template <int E>
MPZG_DIV_HD void
divexact_one (const u64 *np, const u64 *dp, u64 *qp, int NN, int ND, int QW, size_t lanes)
{
  int nn = NN, nd = ND, z = 0;
  while (nn > 0 && np[(size_t) (nn - 1) * lanes] == 0)
    nn--;
  while (nd > 0 && dp[(size_t) (nd - 1) * lanes] == 0)
    nd--;
  if (nd == 0 || nn < nd)
    {
      for (int i = 0; i < QW; i++)
        qp[(size_t) i * lanes] = 0;
      return;
    }
  while (dp[(size_t) z * lanes] == 0)
    z++;
  int qn = nn - nd + 1;
  if (qn > QW)
    qn = QW;                    /* never for the class's sizes: keeps the writes in bounds */
  const unsigned s = ctz64 (dp[(size_t) z * lanes]);
  u64 dd[E], W[E];
MPZG_DIV_UNROLL
  for (int k = 0; k < E; k++)
    {
      dd[k] = stripped_word (dp, z, k, nd, E, s, lanes);
      W[k] = stripped_word (np, z, k, nn, qn, s, lanes);
    }
  const u64 di = binvert_word (dd[0]);
  u64 e = 0, lo = word_at (np, z + E, nn, lanes);
MPZG_DIV_LOOP
  for (int i = 0;; i++)
    {
      const u64 q = W[0] * di;
      qp[(size_t) i * lanes] = q;
      if (i == qn - 1)
        break;
      /* the word entering at the top (stripped word i + E), loaded ahead of the
         product: one new dividend word per digit */
      u64 x = 0;
      if (i + E < qn)
        {
          const u64 hi = word_at (np, z + i + E + 1, nn, lanes);
          x = shr2 (hi, lo, s);
          lo = hi;
        }
      const u64 c = submul_1_words<E> (W, dd, q);
MPZG_DIV_UNROLL
      for (int k = 0; k < E - 1; k++)
        W[k] = W[k + 1];
      W[E - 1] = sub_owed (x, c, e);
      if (i + E < qn && e != 0)
        MPZG_DIV_COUNT (xborrow);
    }
  for (int i = qn; i < QW; i++)
    qp[(size_t) i * lanes] = 0;
}

/* One instance by T = x.T () cooperating threads, E = T K words of window:
   dividend np (NN words, stride 1), divisor dp (ND words), quotient qp (QW words,
   zero above its own); E >= min (nd, qn) as for divexact_one.  Every thread of
   the instance calls; see div-coop.cuh for X. */
template <int K, class X>
MPZG_DIV_HD void
divexact_coop (X &x, const u64 *np, const u64 *dp, u64 *qp, int NN, int ND, int QW)
{
  static_assert (K >= 2, "shift_down hands on thread 0's word 1");
  const int V = X::V;
  const int T = x.T (), E = T * K;
  int nn, nd;
  coop_sizes (x, np, NN, dp, ND, nn, nd);
  if (nd == 0 || nn < nd)
    {
      for (int v = 0; v < x.nv (); v++)
        for (int i = x.tid (v); i < QW; i += T)
          qp[i] = 0;
      return;
    }
  /* the divisor's trailing zero words: each thread walks them itself (the same
     cached words for all; exact input rarely has any) */
  int z = 0;
  while (dp[z] == 0)
    z++;
  int qn = nn - nd + 1;
  if (qn > QW)
    qn = QW;
  const unsigned s = ctz64 (dp[z]);
  u64 dd[V][K], R[V][K];
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
MPZG_DIV_UNROLL
      for (int i = 0; i < K; i++)
        {
          dd[v][i] = stripped_word (dp, z, o + i, nd, E, s, 1);
          R[v][i] = stripped_word (np, z, o + i, nn, qn, s, 1);
        }
      for (int i = qn + x.tid (v); i < QW; i += T)
        qp[i] = 0;
    }
  /* every thread: d'_0's inverse and the window's bottom word */
  const u64 di = binvert_word (stripped_word (dp, z, 0, nd, 1, s, 1));
  u64 low = stripped_word (np, z, 0, nn, qn, s, 1);
  u64 e = 0;                    /* borrows owed at the window's top (thread T - 1's) */
  u64 lo = word_at (np, z + E, nn, 1);
  u64 c[V], cin[V], b[V], ctop, beta;
  bool g[V], p[V];
MPZG_DIV_LOOP
  for (int i = 0;; i++)
    {
      const u64 q = low * di;
      for (int v = 0; v < x.nv (); v++)
        if (x.tid (v) == 0)
          qp[i] = q;
      if (i == qn - 1)
        break;
      /* the dividend word entering at the top, stripped word i + E (every thread
         loads it: one cached word per digit, early, so that its latency hides
         behind the digit) */
      u64 top = 0;
      if (i + E < qn)
        {
          const u64 hi = word_at (np, z + i + E + 1, nn, 1);
          top = shr2 (hi, lo, s);
          lo = hi;
        }
      for (int v = 0; v < x.nv (); v++)
        c[v] = submul_1<K> (R[v], dd[v], q);
      x.up (c, cin, ctop);
      for (int v = 0; v < x.nv (); v++)
        owed_flags<K> (R[v], cin[v], g[v], p[v]);
      x.scan (g, p, b, beta);
      for (int v = 0; v < x.nv (); v++)
        sub_owed_slice<K> (R[v], cin[v], b[v]);
      /* owed at position E: the last thread's carry word and the chain's borrow */
      if (i + E < qn && beta != 0)
        MPZG_DIV_COUNT (xbeta);
      e += beta;
      top = sub_owed (top, ctop, e);
      if (i + E < qn && e != 0)
        MPZG_DIV_COUNT (xborrow);
      x.shift_down (R, top, low);
    }
}

} /* namespace dv */
} /* namespace mpzg */

#endif
