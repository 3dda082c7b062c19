/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-coop.cuh -- schoolbook division of one instance by T cooperating threads (a
   group of lanes of a warp, or a block of warps), for divisors too long for one thread's registers.

   The same loop as div-core.cuh (mpn_sbpi1_div_qr with the 3-by-2 step of Möller
   and Granlund), its words spread over the threads: thread t holds words
   [tK, tK + K) of the normalized divisor and of the partial remainder's window, so
   the window is T K = ND words (the class's divisor width) plus its top word, which
   every thread holds.  The divisor is shifted up by ws = ND - nd words and s bits
   (the dividend likewise), so that its top words sit at fixed places: every thread
   forms the quotient digit itself from the window's top three words (no broadcast of
   the digit), and the register arrays have compile-time indices only.

   One digit: every thread subtracts q times its divisor words from its window words
   (submul_1), which leaves a carry word C_t owed to the next thread's bottom word.
   Thread t is to subtract C_{t-1} and a borrow bit b_t from the thread below, which
   is a carry chain: thread t generates a borrow when C_{t-1} alone would borrow out
   of its words, and propagates one when C_{t-1} + 1 would but C_{t-1} would not
   (exclusive; both need the words above the bottom one to be zero).  A scan over
   (g, p) (core/chain.cuh: ballot masks, warp by warp and then over the warps' sums)
   gives every thread b_t, and it subtracts C_{t-1} + b_t in one pass.  Then, with
   beta the borrow out of the last thread, window - q d = (top - C_{T-1} - beta) B^ND
   + (the new words), and since the 3-by-2 digit is the true one or one too large,
   the first factor is 0 or -1: the digit was too large exactly when top != C_{T-1}
   + beta (mod B), and one add-back of the divisor (the same scan, for carries)
   fixes it.  Then the window moves down one word: each thread's words move up one,
   the bottom word comes from the thread below (thread 0: the next dividend word),
   and the top three words are broadcast from the last thread.

   The algorithm is written once over an exchange context X that provides the
   communication between threads: on the device, X is the group's or the block's
   (shuffles, ballots, shared memory and barriers, one thread per context, V = 1); on
   the host (tests/mpn/t-divrem-host.cc), X holds all T threads of an instance
   (V = T) and runs every phase for each of them in turn, so that the whole
   cooperative algorithm, exchanges and scans included, is checked against GMP
   without a GPU.  X's members:
     V             compile-time: the threads this context runs (arrays [V][K])
     nv (), T ()   threads run here (V on the host, 1 on the device), threads in all
     tid (v)       the instance-thread index of local thread v
     up (c, cin, &ctop)      cin[v] = c of thread tid(v) - 1 (0 for thread 0), ctop = c
                             of thread T - 1
     scan (g, p, b, &beta)   b[v] = the borrow (carry) into thread tid(v) of the chain
                             (g, p) over threads in order, beta = the chain's out
     shift (R, bottom, &top, &r1, &r0)   the window moves down one word (see above);
                             top, r1, r0 = the old words T K - 1, T K - 2, T K - 3
     down (x, xo)            xo[v] = x of thread tid(v) + 1 (0 for thread T - 1)
     shift_down (R, top, &low)   for the exact division (divexact-core.cuh): the
                             window moves up one word, each thread's words down one
                             index, a thread's top word from the thread above
                             (thread T - 1: top), and low = thread 0's word 1
                             before the move (the new bottom word), for every thread
     maxes (a, b)            a, b = their maxima over the instance's threads
     word (np, i, nn)        np[i] (0 outside [0, nn)) for thread 0 (others: any
                             value), i decreasing by one per call after the first
   Every thread of the instance calls every member at the same point (they hold
   barriers or warp-wide operations). */
#ifndef MPZG_DIV_COOP_CUH
#define MPZG_DIV_COOP_CUH

#include "div-core.cuh"
#include "../core/chain.cuh"
#include "../tuning.h"

namespace mpzg {
namespace dv {

static_assert ((MPZG_DIV_COOP_K == 8 || MPZG_DIV_COOP_K == 16 || MPZG_DIV_COOP_K == 32)
               && (MPZG_DIV_COOP_K_WIDE == 8 || MPZG_DIV_COOP_K_WIDE == 16
                   || MPZG_DIV_COOP_K_WIDE == 32),
               "div.cu and divexact.cu instantiate groups of 2 to 32 lanes and blocks of "
               "up to 512 threads, for K = 8, 16 or 32");

/* Words of the divisor and of the window per thread for the cooperative divisor
   width ND (64 or 96 times a power of two, div.cu's widths): MPZG_DIV_COOP_K below
   MPZG_DIV_COOP_WIDE words, MPZG_DIV_COOP_K_WIDE from there (tuning.h), or three
   quarters of it for the widths 3 * 2^j, so that ND / K is a power of two; the
   instance takes ND / K threads, a group of lanes of a warp up to 32, a block
   above. */
MPZG_DIV_HD constexpr int
coop_k (int ND)
{
  return (ND % 3 == 0 ? 3 : 4)
         * (ND >= MPZG_DIV_COOP_WIDE ? MPZG_DIV_COOP_K_WIDE : MPZG_DIV_COOP_K) / 4;
}

/* The chain's flags of R[0..K) - c - b, c the word owed by the thread below and b
   the borrow bit the scan is to give: only a slice whose words above the bottom one
   are all zero can borrow out, g when c alone makes it (R[0] < c), p when c + 1
   would (R[0] = c).  The words are not changed: sub_owed_slice subtracts c + b at
   once, one chain instead of two.  Words 2 and up are read only when word 1 is
   zero (rare but for crafted operands: a branch, not K - 2 ORs a digit). */
template <int K>
MPZG_DIV_HD void
owed_flags (const u64 (&R)[K], u64 c, bool &g, bool &p)
{
  bool z = K < 2 || R[K > 1 ? 1 : 0] == 0;
  if (z)
    {
MPZG_DIV_UNROLL
      for (int i = 2; i < K; i++)
        z = z && R[i] == 0;
    }
  g = z && R[0] < c;
  p = z && R[0] == c;
}

/* R[0..K) -= c + b, c a word and b a bit, the borrow out dropped (the scan
   accounted for it); c + b may be B, a carry into word 1.  A borrow passes word 1
   only when word 1 was 0 or 1 (rare but for crafted operands): the words above are
   reached by a branch. */
template <int K>
MPZG_DIV_HD void
sub_owed_slice (u64 (&R)[K], u64 c, u64 b)
{
  using namespace cc;
  const u64 s = c + b;
  const u32 s1 = s < c;
  unsigned cf = 0;
  u32 lo = (u32) R[0], hi = (u32) (R[0] >> 32);
  sub_cc (lo, (u32) s, cf);
  subc_cc (hi, (u32) (s >> 32), cf);
  R[0] = join (lo, hi);
  if (K < 2)
    return;
  const int k1 = K > 1 ? 1 : 0;
  lo = (u32) R[k1];
  hi = (u32) (R[k1] >> 32);
  subc_cc (lo, s1, cf);
  subc_cc (hi, 0u, cf);
  R[k1] = join (lo, hi);
  if (sub_end (cf) != 0)
    {
      /* word 1 wrapped: borrow through the words above it until one is nonzero */
      u64 br = 1;
MPZG_DIV_UNROLL
      for (int i = 2; i < K; i++)
        {
          const u64 x = R[i];
          R[i] = x - br;
          br = x < br;
        }
    }
}

/* R[0..K) += D[0..K): g = a carry out, p = the words are now all ones. */
template <int K>
MPZG_DIV_HD void
add_slice (u64 (&R)[K], const u64 (&D)[K], bool &g, bool &p)
{
  u64 c = 0, a = ~0ull;
MPZG_DIV_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i] + c;
      c = x < c;
      u64 y = x + D[i];
      c += y < x;
      R[i] = y;
      a &= y;
    }
  g = c != 0;
  p = a == ~0ull;
}

/* The digit of the window whose top words are (top, r1, r0), (top, r1) <= (d1, d0):
   B - 1 when they are equal (the window is below B times the divisor), else the
   3-by-2 quotient, the true digit or one more. */
MPZG_DIV_HD u64
coop_digit (u64 top, u64 r1, u64 r0, u64 d1, u64 d0, u64 v)
{
  if (top == d1 && r1 == d0)
    {
      MPZG_DIV_COUNT (qmax);
      return ~0ull;
    }
  u64 x1, x0;
  return div_3by2 (x1, x0, top, r1, r0, d1, d0, v);
}

/* The significant sizes nn of np[0..NN) and nd of dp[0..ND), every thread of the
   instance alike: each thread its strided words, then the maxima. */
template <class X>
MPZG_DIV_HD void
coop_sizes (X &x, const u64 *np, int NN, const u64 *dp, int ND, int &nn, int &nd)
{
  const int T = x.T ();
  nn = nd = 0;
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
      for (int i = t; i < NN; i += T)
        if (np[i] != 0 && i + 1 > nn)
          nn = i + 1;
      for (int i = t; i < ND; i += T)
        if (dp[i] != 0 && i + 1 > nd)
          nd = i + 1;
    }
  x.maxes (nn, nd);
}

/* One instance: dividend np (NN words, stride 1), divisor dp (ND = T K words, its
   significant size nd > 32 or 0), quotient qp (QW words, zero above its own),
   remainder rp (ND words).  nd = 0 (never sent) gives q = 0, r = 0; nn < nd gives
   q = 0, r = n. */
template <int K, class X>
MPZG_DIV_HD void
divrem_coop (X &x, const u64 *np, const u64 *dp, u64 *qp, u64 *rp, int NN, int QW)
{
  const int V = X::V;
  const int T = x.T (), ND = T * K;
  int nn, nd;
  coop_sizes (x, np, NN, dp, ND, nn, nd);
  if (nd == 0 || nn < nd)
    {
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
          for (int i = t; i < QW; i += T)
            qp[i] = 0;
          for (int i = t; i < ND; i += T)
            rp[i] = nd == 0 || i >= nn ? 0 : np[i];
        }
      return;
    }
  const int ws = ND - nd, qn = nn - nd + 1;
  const unsigned s = clz64 (dp[nd - 1]);
  /* nd > 2: the top two words of the normalized divisor, and its reciprocal */
  const u64 d1 = shl2 (dp[nd - 1], dp[nd - 2], s), d0 = shl2 (dp[nd - 2], dp[nd - 3], s);
  const u64 rv = reciprocal_2 (d1, d0);
  u64 dd[V][K], R[V][K];
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
MPZG_DIV_UNROLL
      for (int i = 0; i < K; i++)
        {
          dd[v][i] = shl2 (word_at (dp, o + i - ws, nd, 1), word_at (dp, o + i - ws - 1, nd, 1), s);
          /* window word o + i: the shifted dividend's word qn - 1 + o + i */
          R[v][i] = shl2 (word_at (np, qn - 1 + o + i - ws, nn, 1),
                          word_at (np, qn - 2 + o + i - ws, nn, 1), s);
        }
      for (int i = qn + x.tid (v); i < QW; i += T)
        qp[i] = 0;
    }
  /* the window's top three words, ND, ND - 1, ND - 2: dividend words nn, nn - 1,
     nn - 2 before the bit shift (ND - ws = nd) */
  u64 top = shl2 (0, np[nn - 1], s);
  u64 r1 = shl2 (np[nn - 1], word_at (np, nn - 2, nn, 1), s);
  u64 r0 = shl2 (word_at (np, nn - 2, nn, 1), word_at (np, nn - 3, nn, 1), s);
  /* the dividend word below the window, unshifted: n[j - 1 - ws] for digit j */
  u64 lo = x.word (np, qn - 2 - ws, nn);
  u64 c[V], cin[V], b[V], ctop, beta;
  bool g[V], p[V];
MPZG_DIV_LOOP
  for (int j = qn - 1;; j--)
    {
      u64 q = coop_digit (top, r1, r0, d1, d0, rv);
      for (int v = 0; v < x.nv (); v++)
        c[v] = submul_1<K> (R[v], dd[v], q);
      x.up (c, cin, ctop);
      for (int v = 0; v < x.nv (); v++)
        owed_flags<K> (R[v], cin[v], g[v], p[v]);
      x.scan (g, p, b, beta);
      for (int v = 0; v < x.nv (); v++)
        sub_owed_slice<K> (R[v], cin[v], b[v]);
      if (top != ctop + beta)
        {
          /* the digit was one too large: the window is negative, above -d */
          MPZG_DIV_COUNT (addback);
          for (int v = 0; v < x.nv (); v++)
            add_slice<K> (R[v], dd[v], g[v], p[v]);
          x.scan (g, p, b, beta);
          for (int v = 0; v < x.nv (); v++)
            add_bit<K> (R[v], b[v]);
          q--;
        }
      for (int v = 0; v < x.nv (); v++)
        if (x.tid (v) == 0)
          qp[j] = q;
      if (j == 0)
        break;
      u64 lo2 = x.word (np, j - 2 - ws, nn);
      x.shift (R, shl2 (lo, lo2, s), top, r1, r0);
      lo = lo2;
    }
  /* r = the window >> (64 ws + s); its top word is zero, and the window's low ws
     words are */
  for (int v = 0; v < x.nv (); v++)
    c[v] = R[v][0];
  x.down (c, cin);
  for (int v = 0; v < x.nv (); v++)
    {
      const int o = x.tid (v) * K;
MPZG_DIV_UNROLL
      for (int i = 0; i < K; i++)
        {
          u64 hi = i + 1 < K ? R[v][i + 1 < K ? i + 1 : 0] : cin[v];
          if (o + i >= ws)
            rp[o + i - ws] = shr2 (hi, R[v][i], s);
          if (o + i >= nd)
            rp[o + i] = 0;
        }
    }
}

#ifdef __CUDACC__

/* The dividend's words for a group's thread 0, a batch of TG at a time: lane l of
   the group (of TG lanes, mask `mask`) holds word base + l (cur) and base - TG + l
   (next), the next batch loaded one batch ahead, so that a load's latency hides
   behind TG digits.  All TG lanes call get, with the same i, decreasing by one per
   call. */
template <int TG>
struct group_stream
{
  u64 cur, nxt;
  int base;

  __device__ __forceinline__ static u64
  load (const u64 *np, int i, int nn)
  {
    return i >= 0 && i < nn ? np[i] : 0;
  }

  __device__ __forceinline__ void
  init (const u64 *np, int i, int nn, int t)
  {
    base = (i < 0 ? 0 : i) & ~(TG - 1);
    cur = load (np, base + t, nn);
    nxt = load (np, base - TG + t, nn);
  }

  __device__ __forceinline__ u64
  get (const u64 *np, int i, int nn, int t, unsigned mask)
  {
    if (i < 0)
      return 0;
    if (i < base)
      {
        base -= TG;
        cur = nxt;
        nxt = load (np, base - TG + t, nn);
      }
    return __shfl_sync (mask, cur, i - base, TG);
  }
};

/* One group of TG lanes (a power of two up to 32) of a warp per instance, 32 / TG
   instances per warp.  Every exchange names the group's mask only: the groups of
   a warp run their own digits (an add-back in one, its loop's end in another). */
template <int TG>
struct group_x
{
  static const int V = 1;
  unsigned t, mask;             /* lane in the group, the group's lanes */
  group_stream<TG> ds;
  bool started;

  __device__ __forceinline__ group_x () : started (false)
  {
    const unsigned lane = threadIdx.x & 31, base = lane & ~(unsigned) (TG - 1);
    t = lane - base;
    mask = TG == 32 ? 0xffffffffu : ((1u << (TG & 31)) - 1) << base;
  }
  __device__ __forceinline__ int nv () const { return 1; }
  __device__ __forceinline__ int T () const { return TG; }
  __device__ __forceinline__ int tid (int) const { return (int) t; }

  __device__ __forceinline__ void
  up (const u64 (&c)[1], u64 (&cin)[1], u64 &ctop)
  {
    u64 v = __shfl_up_sync (mask, c[0], 1, TG);
    cin[0] = t == 0 ? 0 : v;
    ctop = __shfl_sync (mask, c[0], TG - 1, TG);
  }

  __device__ __forceinline__ void
  scan (const bool (&g)[1], const bool (&p)[1], u64 (&b)[1], u64 &beta)
  {
    const unsigned base = (threadIdx.x & 31) - t;
    unsigned G = (__ballot_sync (mask, g[0]) & mask) >> base;
    unsigned P = (__ballot_sync (mask, p[0]) & mask) >> base;
    u64 s = chain_masks (G, P, 0);
    b[0] = (s >> t) & 1;
    beta = (s >> TG) & 1;
  }

  template <int K>
  __device__ __forceinline__ void
  shift (u64 (&R)[1][K], u64 bottom, u64 &top, u64 &r1, u64 &r0)
  {
    static_assert (TG >= 2 || K >= 3, "the top three words come from the last two threads");
    u64 in = __shfl_up_sync (mask, R[0][K - 1], 1, TG);
    top = __shfl_sync (mask, R[0][K - 1], TG - 1, TG);
    r1 = __shfl_sync (mask, R[0][K - 2], TG - 1, TG);
    r0 = K >= 3 ? __shfl_sync (mask, R[0][K >= 3 ? K - 3 : 0], TG - 1, TG)
                : __shfl_sync (mask, R[0][K - 1], TG - 2, TG);
MPZG_DIV_UNROLL
    for (int i = K - 1; i > 0; i--)
      R[0][i] = R[0][i - 1];
    R[0][0] = t == 0 ? bottom : in;
  }

  __device__ __forceinline__ void
  down (const u64 (&c)[1], u64 (&co)[1])
  {
    u64 v = __shfl_down_sync (mask, c[0], 1, TG);
    co[0] = t == TG - 1 ? 0 : v;
  }

  template <int K>
  __device__ __forceinline__ void
  shift_down (u64 (&R)[1][K], u64 top, u64 &low)
  {
    u64 in = __shfl_down_sync (mask, R[0][0], 1, TG);
    low = __shfl_sync (mask, R[0][K > 1 ? 1 : 0], 0, TG);
MPZG_DIV_UNROLL
    for (int i = 0; i < K - 1; i++)
      R[0][i] = R[0][i + 1];
    R[0][K - 1] = t == TG - 1 ? top : in;
  }

  __device__ __forceinline__ void
  maxes (int &a, int &b)
  {
    a = (int) __reduce_max_sync (mask, (unsigned) a);
    b = (int) __reduce_max_sync (mask, (unsigned) b);
  }

  __device__ __forceinline__ u64
  word (const u64 *np, int i, int nn)
  {
    if (!started)
      {
        ds.init (np, i, nn, (int) t);
        started = true;
      }
    return ds.get (np, i, nn, (int) t, mask);
  }
};

/* Shared memory of block_x, per block (one instance). */
struct block_smem
{
  u64 c[32];                    /* each warp's last carry word */
  u64 sh[32];                   /* each warp's last window word, before the shift */
  u64 dn[32];                   /* each warp's first window word, for the remainder */
  u64 r1, r0;                   /* the last thread's words K - 2, K - 3 */
  u64 lo;                       /* shift_down: thread 0's word 1 */
  unsigned g[2][32], p[2][32];  /* each warp's ballots: [0] subtraction, [1] add-back */
  int mx[2][32];                /* each warp's maxima */
};

/* One block of W warps per instance (K >= 3).  Barriers: up, scan and shift hold one
   each.  Every shared array is written between two barriers and read only before
   the next barrier after which it can be written again: c after shift's barrier
   (or the start), read after up's, rewritten after the next shift's; g[0], p[0]
   written after up's barrier, read after scan's, rewritten after the next up's;
   g[1], p[1] (the rare add-back) likewise, after its own scan's barrier and before
   the next digit's; sh, r1, r0 written after scan's barrier, read after shift's,
   rewritten after the next scan's; dn and mx once in the division.  shift_down
   (the exact division's) writes dn and lo after scan's barrier and reads them after
   its own, as shift does sh. */
struct block_x
{
  static const int V = 1;
  block_smem *sm;
  int W;
  int which;                    /* g and p: 0 for the subtraction, 1 for the add-back */
  group_stream<32> ds;
  bool started;

  __device__ __forceinline__ block_x (block_smem *s)
    : sm (s), W ((int) (blockDim.x >> 5)), which (0), started (false) {}
  __device__ __forceinline__ int nv () const { return 1; }
  __device__ __forceinline__ int T () const { return (int) blockDim.x; }
  __device__ __forceinline__ int tid (int) const { return (int) threadIdx.x; }

  __device__ __forceinline__ void
  up (const u64 (&c)[1], u64 (&cin)[1], u64 &ctop)
  {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    u64 t = __shfl_up_sync (0xffffffffu, c[0], 1);
    if (lane == 31)
      sm->c[w] = c[0];
    __syncthreads ();
    cin[0] = lane != 0 ? t : w == 0 ? 0 : sm->c[w - 1];
    ctop = sm->c[W - 1];
    which = 0;
  }

  __device__ __forceinline__ void
  scan (const bool (&g)[1], const bool (&p)[1], u64 (&b)[1], u64 &beta)
  {
    unsigned G = __ballot_sync (0xffffffffu, g[0]), P = __ballot_sync (0xffffffffu, p[0]), out;
    b[0] = chain_block (G, P, 0, sm->g[which], sm->p[which], (unsigned) W, out);
    beta = out;
    which = 1;                  /* a second scan in this digit is the add-back's */
  }

  template <int K>
  __device__ __forceinline__ void
  shift (u64 (&R)[1][K], u64 bottom, u64 &top, u64 &r1, u64 &r0)
  {
    static_assert (K >= 3, "block_x takes the top three words from the last thread");
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    u64 in = __shfl_up_sync (0xffffffffu, R[0][K - 1], 1);
    if (lane == 31)
      sm->sh[w] = R[0][K - 1];
    if (threadIdx.x == blockDim.x - 1)
      {
        sm->r1 = R[0][K - 2];
        sm->r0 = R[0][K - 3];
      }
    __syncthreads ();
    top = sm->sh[W - 1];
    r1 = sm->r1;
    r0 = sm->r0;
MPZG_DIV_UNROLL
    for (int i = K - 1; i > 0; i--)
      R[0][i] = R[0][i - 1];
    R[0][0] = lane != 0 ? in : w == 0 ? bottom : sm->sh[w - 1];
  }

  __device__ __forceinline__ void
  down (const u64 (&c)[1], u64 (&co)[1])
  {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    u64 t = __shfl_down_sync (0xffffffffu, c[0], 1);
    if (lane == 0)
      sm->dn[w] = c[0];
    __syncthreads ();
    co[0] = lane != 31 ? t : (int) w == W - 1 ? 0 : sm->dn[w + 1];
  }

  template <int K>
  __device__ __forceinline__ void
  shift_down (u64 (&R)[1][K], u64 top, u64 &low)
  {
    static_assert (K >= 2, "thread 0's word 1 is the next bottom word");
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    u64 in = __shfl_down_sync (0xffffffffu, R[0][0], 1);
    if (lane == 0)
      sm->dn[w] = R[0][0];
    if (threadIdx.x == 0)
      sm->lo = R[0][1];
    __syncthreads ();
    low = sm->lo;
MPZG_DIV_UNROLL
    for (int i = 0; i < K - 1; i++)
      R[0][i] = R[0][i + 1];
    R[0][K - 1] = lane != 31 ? in : (int) w == W - 1 ? top : sm->dn[w + 1];
  }

  __device__ __forceinline__ void
  maxes (int &a, int &b)
  {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    a = (int) __reduce_max_sync (0xffffffffu, (unsigned) a);
    b = (int) __reduce_max_sync (0xffffffffu, (unsigned) b);
    if (lane == 0)
      {
        sm->mx[0][w] = a;
        sm->mx[1][w] = b;
      }
    __syncthreads ();
    a = (int) __reduce_max_sync (0xffffffffu, lane < (unsigned) W ? (unsigned) sm->mx[0][lane] : 0u);
    b = (int) __reduce_max_sync (0xffffffffu, lane < (unsigned) W ? (unsigned) sm->mx[1][lane] : 0u);
  }

  /* warp 0 streams; thread 0 alone uses the word */
  __device__ __forceinline__ u64
  word (const u64 *np, int i, int nn)
  {
    if (threadIdx.x >= 32)
      return 0;
    if (!started)
      {
        ds.init (np, i, nn, (int) (threadIdx.x & 31));
        started = true;
      }
    return ds.get (np, i, nn, (int) (threadIdx.x & 31), 0xffffffffu);
  }
};

#endif /* __CUDACC__ */

} /* namespace dv */
} /* namespace mpzg */

#endif
