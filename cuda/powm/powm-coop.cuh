/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-coop.cuh -- modular exponentiation of one instance by a team of T
   cooperating threads (T = 4, 8, 16 or 32 lanes of a warp), for moduli too long
   for one thread's registers (powm-core.cuh spills from 24 words up).

   The steps are powm-core.cuh's (R mod m by doubling, R^2 mod m by six
   squarings, the base's Montgomery form, a table of 2^k powers, k squarings and
   one product per digit of the exponent, the product with 1 at the end), with
   every number spread over the team: thread t holds words [tK, tK + K) of it,
   N = T K the class width.

   The Montgomery product (Montgomery, "Modular multiplication without trial
   division") is row-oriented and interleaved, with deferred carries, as in
   CGBN and in Emmart and Weems, "Optimizing modular multiplication for NVIDIA's
   Maxwell GPUs" (ARITH 2016).  For each word a_i of a, from the bottom: a_i is
   broadcast from the thread that holds it; every thread adds a_i times its words
   of b into its accumulator (K words and two above them: the word owed to the
   next thread's bottom word, and a small count above that word); thread 0's
   bottom word gives q = t_0 (-m^-1) mod 2^64, broadcast; every thread adds q times
   its words of m; the bottom word of thread 0 is now zero and every thread's words
   move down one, the bottom word of the thread above entering at the top together
   with the word it was owed.  So a step is two broadcasts, one shuffle down and
   4K multiply-adds, and no carry crosses a thread inside the loop: the one word
   each thread owes the next is added once per product, by an up-shuffle and a
   carry chain scan over the team (core/chain.cuh).  The bound: the owed word plus
   the count is at most 3 after a shift, below 2^64 + 3 after a_i b and below
   2^65 + 2 after q m, so a word and a count of at most 2 hold it.  The sum is
   below 2m at the end (CIOS's bound), and a masked subtraction of m, one more
   scan for its borrows, leaves r < m.  The words are 64 bits, so that half as
   many broadcasts, shifts and loop steps are needed as with 32-bit words; the
   multiply-adds run on their 32-bit halves (addmul_row).  A squaring is the
   product with itself.

   The table (2^k rows of N words) lives in the chunk's scratch, word i of row r
   of thread t of instance j at ((r K + i) lanes + j) T + t: a warp's load of one
   word of a row reads 32 consecutive words (the T threads of 32 / T consecutive
   instances).  The exponent is read from the interleaved input, every thread the
   same word (one load for the team), at run-time indices, so that exponents of
   different lengths share a launch; the sequence of operations depends on the
   exponent's length in words and the modulus's length in bits, never on the
   exponent's bits.

   Written once over an exchange context X, as div/div-coop.cuh: on the device
   the team's lanes of a warp (team_x, V = 1 thread per context), on the host
   (tests/mpn/t-powm-coop-host.cc) all T threads of an instance (V = T), every
   phase run for each in turn, so that the cooperative algorithm, exchanges and
   scans included, is checked against GMP without a GPU.  X's members:
     V             compile-time: the threads this context runs (arrays [V][K])
     nv (), T ()   threads run here (V on the host, 1 on the device), threads in all
     tid (v)       the instance-thread index of local thread v
     bcast (w, s)  w of thread s, for every thread
     down (w, o)   o[v] = w of thread tid(v) + 1 (0 for thread T - 1)
     shift_up (w, o)         o[v] = w of thread tid(v) - 1 (0 for thread 0)
     up (c, cin, &ctop)      cin[v] = c of thread tid(v) - 1 (0 for thread 0), ctop = c
                             of thread T - 1
     scan (g, p, b, &beta)   b[v] = the carry into thread tid(v) of the chain (g, p)
                             over threads in order, beta = the chain's carry out
     maxi (a)      a = its maximum over the instance's threads
   Every thread of the team calls every member at the same point. */
#ifndef MPZG_POWM_COOP_CUH
#define MPZG_POWM_COOP_CUH

#include "powm-core.cuh"
#include "../core/chain.cuh"

namespace mpzg {
namespace pw {

/* MPZG_POWM_COOP_UNROLL (tuning.h) as a constant: #pragma unroll takes one,
   not a macro. */
constexpr int coop_pass_unroll = MPZG_POWM_COOP_UNROLL;

/* t[0..K+2) += y[0..K) a; t[K] is the word owed to the next thread, t[K + 1]
   the count above it.  On 32-bit halves, as powm-core.cuh's addmul_eo: the
   products of halves that fall on even 32-bit positions (y_j0 a0, y_j1 a1) go
   straight into t's words in two chains of aligned pairs, those on odd ones (y_j1
   a0, y_j0 a1) into an accumulator O of 2K + 1 halves (below 2^(64 K + 1), so
   its top half is at most 1), added into t once at the end: 4K IMAD.WIDE.X and
   2K + 1 additions.  Written as 64-bit mad.lo/mad.hi chains, ptxas added IMADs
   for the cross terms and the carries on the multiply pipe, which bounds the
   team kernels (bench/results/2026-11-24-h100-ncu-powm1024 and
   2026-11-24-h100-powm-team-halves). */
template <int K>
MPZG_POWM_HD void
addmul_row (u64 (&t)[K + 2], const u64 (&y)[K], u64 a)
{
  using cc::addc;
  using cc::add_cc;
  using cc::mad_pairs;
  const u32 c0 = half (a, 0), c1 = half (a, 1);
  u32 T[2 * K + 4], O[2 * K + 1];
MPZG_POWM_UNROLL
  for (int j = 0; j < K + 2; j++)
    {
      T[2 * j] = half (t[j], 0);
      T[2 * j + 1] = half (t[j], 1);
    }
MPZG_POWM_UNROLL
  for (int j = 0; j <= 2 * K; j++)
    O[j] = 0;
  unsigned cf = 0;
  mad_pairs<K> (T, y, 0, c0, cf);               /* halves 0 .. 2K - 1 */
  cc::addc_cc (T[2 * K], cf);
  cc::addc_cc (T[2 * K + 1], cf);
  addc (T[2 * K + 2], cf);
  mad_pairs<K> (T + 2, y, 1, c1, cf);           /* halves 2 .. 2K + 1 */
  addc (T[2 * K + 2], cf);
  mad_pairs<K> (O, y, 1, c0, cf);               /* O[j] at half j + 1 */
  addc (O[2 * K], cf);
  mad_pairs<K> (O, y, 0, c1, cf);
  addc (O[2 * K], cf);
  add_cc (T[1], O[0], cf);
MPZG_POWM_UNROLL
  for (int j = 1; j <= 2 * K; j++)
    cc::addc_cc (T[j + 1], O[j], cf);
  addc (T[2 * K + 2], cf);
MPZG_POWM_UNROLL
  for (int j = 0; j < K + 2; j++)
    t[j] = cc::join (T[2 * j], T[2 * j + 1]);
}

/* x -= m where x >= m, x < 2m, given as the team's words and a top bit (the same
   in every thread): the borrows of x - m by one scan, then a masked subtraction
   (two passes, so that no second array is live beside x). */
template <int K, class X>
MPZG_POWM_HD void
coop_cond_sub (X &x, u64 (&r)[X::V][K], u64 top, const u64 (&m)[X::V][K])
{
  const int V = X::V;
  u64 b[V], beta;
  bool g[V], p[V];
  for (int v = 0; v < x.nv (); v++)
    sub_flags<K> (r[v], m[v], g[v], p[v]);
  x.scan (g, p, b, beta);
  const u64 mask = 0 - (u64) (top >= beta);     /* x >= m */
  for (int v = 0; v < x.nv (); v++)
    sub_masked<K> (r[v], m[v], mask, b[v]);
}

/* r = a b / R mod m, R = 2^(64 T K), for a < R and b < m, m odd and minv =
   -m^-1 mod 2^64; r < m.  r may be a or b.  The passes over the team run U at
   a time; each call site is a copy of the loop (the digits' loop says which
   take U > 1). */
template <int K, int U = 1, class X>
MPZG_POWM_HD void
coop_montmul (X &x, u64 (&r)[X::V][K], const u64 (&a)[X::V][K], const u64 (&b)[X::V][K],
              const u64 (&m)[X::V][K], u64 minv)
{
  const int V = X::V;
  u64 t[V][K + 2], w[V], in[V];
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K + 2; i++)
        t[v][i] = 0;
    }
#ifdef __CUDACC__
#pragma unroll (U)
#endif
  for (int s = 0; s < x.T (); s++)
    {
MPZG_POWM_UNROLL
    for (int k = 0; k < K; k++)
      {
        for (int v = 0; v < x.nv (); v++)
          w[v] = a[v][k];
        const u64 ai = x.bcast (w, s);
        for (int v = 0; v < x.nv (); v++)
          addmul_row<K> (t[v], b[v], ai);
        for (int v = 0; v < x.nv (); v++)
          w[v] = t[v][0];
        const u64 q = x.bcast (w, 0) * minv;
        for (int v = 0; v < x.nv (); v++)
          addmul_row<K> (t[v], m[v], q);
        /* thread 0's bottom word is zero: every word moves down one */
        for (int v = 0; v < x.nv (); v++)
          w[v] = t[v][0];
        x.down (w, in);
        for (int v = 0; v < x.nv (); v++)
          {
MPZG_POWM_UNROLL
            for (int i = 0; i < K - 1; i++)
              t[v][i] = t[v][i + 1];
            u64 y = in[v] + t[v][K];
            t[v][K - 1] = y;
            t[v][K] = t[v][K + 1] + (y < in[v]);
            t[v][K + 1] = 0;
          }
      }
    }
  /* the owed words into the next thread's words: one chain over the team */
  u64 c[V], cin[V], cb[V], ctop, beta;
  bool g[V], p[V];
  for (int v = 0; v < x.nv (); v++)
    c[v] = t[v][K];
  x.up (c, cin, ctop);
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        r[v][i] = t[v][i];
      add_word<K> (r[v], cin[v], g[v], p[v]);
    }
  x.scan (g, p, cb, beta);
  for (int v = 0; v < x.nv (); v++)
    add_bit<K> (r[v], cb[v]);
  coop_cond_sub<K> (x, r, ctop + beta, m);
}

/* x = 2 x mod m, x < m. */
template <int K, class X>
MPZG_POWM_HD void
coop_double (X &x, u64 (&r)[X::V][K], const u64 (&m)[X::V][K])
{
  const int V = X::V;
  u64 c[V], cin[V], top;
  for (int v = 0; v < x.nv (); v++)
    c[v] = r[v][K - 1] >> 63;
  x.up (c, cin, top);
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = K - 1; i > 0; i--)
        r[v][i] = (r[v][i] << 1) | (r[v][i - 1] >> 63);
      r[v][0] = (r[v][0] << 1) | cin[v];
    }
  coop_cond_sub<K> (x, r, top, m);
}

/* Word i of thread t of an interleaved operand p (stride lanes). */
template <int K>
MPZG_POWM_HD void
coop_load (u64 (&r)[K], const u64 *p, int t, size_t lanes)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < K; i++)
    r[i] = p[(size_t) (t * K + i) * lanes];
}

/* Row `row` of the table at tab (see the head of the file; tab points at word 0
   of thread 0 of this instance). */
template <int K>
MPZG_POWM_HD u64 *
coop_row (u64 *tab, unsigned row, int t, int T, size_t lanes)
{
  return tab + (size_t) row * K * lanes * T + t;
}

template <int K>
MPZG_POWM_HD void
coop_row_load (u64 (&r)[K], const u64 *p, int T, size_t lanes)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < K; i++)
    r[i] = p[(size_t) i * lanes * T];
}

template <int K>
MPZG_POWM_HD void
coop_row_store (u64 *p, const u64 (&r)[K], int T, size_t lanes)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < K; i++)
    p[(size_t) i * lanes * T] = r[i];
}

/* Whether the class of width N is cooperative, and its threads per instance
   (powm.cu says why). */
MPZG_POWM_HD constexpr bool
powm_is_coop (unsigned N)
{
  return N >= MPZG_POWM_COOP_MIN_LIMBS;
}

/* Whether the one-thread kernel is built for the class of width N: below
   MPZG_POWM_COOP_MIN_LIMBS, the only kernel there, and from there up below
   MPZG_POWM_ONE_MAX_LIMBS, where both are built and the launch's size chooses
   (powm_one_thread). */
MPZG_POWM_HD constexpr bool
powm_has_one (unsigned N)
{
  return N < MPZG_POWM_COOP_MIN_LIMBS || N < MPZG_POWM_ONE_MAX_LIMBS;
}

/* Whether a launch of `lanes` instances of width N runs one thread per
   instance: always below MPZG_POWM_COOP_MIN_LIMBS; where both kernels are
   built, from MPZG_POWM_ONE_MIN_LANES instances up (a quarter of the threads of
   the teams of 4, which only a launch that fills the device can spare). */
MPZG_POWM_HD constexpr bool
powm_one_thread (unsigned N, size_t lanes)
{
  return !powm_is_coop (N) || (powm_has_one (N) && lanes >= MPZG_POWM_ONE_MIN_LANES);
}

MPZG_POWM_HD constexpr int
powm_coop_threads (int N)
{
  return N <= 24 ? 4 : N <= 48 ? 8 : N <= 96 ? 16 : 32;
}

/* Scratch rows per instance of a class whose exponents have at most ew words:
   the table alone (the operands of the squarings stay in registers). */
MPZG_POWM_HD size_t
powm_coop_rows (int ew)
{
  return (size_t) 1 << powm_window (ew);
}

/* rp = bp^ep mod m' for one instance by the team of x, m' the odd part of the
   modulus at mp (m' = m for odd m; powm-even.cuh does the rest for even ones):
   b < R, e of at most EW words (zero above its size), m nonzero (or zero: a
   padding instance, whose result is garbage), all T K words wide but e,
   interleaved with stride lanes; the table is powm_coop_rows (EW) rows of T K
   words at tab, laid out as above. */
template <int K, class X>
MPZG_POWM_HD void
powm_coop (X &x, const u64 *bp, const u64 *ep, int EW, const u64 *mp, u64 *rp, u64 *tab,
           size_t lanes)
{
  const int V = X::V, T = x.T ();
  u64 m[V][K], y[V][K], z[V][K];
  /* every thread finds k itself: a few loads, once per instance */
  const int kz = low_zero_bits (mp, T * K, lanes);
  const u64 minv = neg_inverse (odd_word (mp, T * K, kz, 0, lanes));
  /* the bit length of m and the length of e in words: each thread its own
     words, then the maxima */
  int L = 0, ne = 0;
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        m[v][i] = odd_word (mp, T * K, kz, t * K + i, lanes);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        if (m[v][i] != 0 && 64 * (t * K + i + 1) - (int) clz64 (m[v][i]) > L)
          L = 64 * (t * K + i + 1) - (int) clz64 (m[v][i]);
      for (int i = t; i < EW; i += T)
        if (ep[(size_t) i * lanes] != 0 && i + 1 > ne)
          ne = i + 1;
    }
  x.maxi (L);
  x.maxi (ne);
  if (L == 1)
    {
      /* m' = 1 (m a power of two): b^e mod 1 = 0, without the steps */
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
MPZG_POWM_UNROLL
          for (int i = 0; i < K; i++)
            rp[(size_t) (t * K + i) * lanes] = 0;
        }
      return;
    }

  /* R mod m and R^2 mod m */
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        y[v][i] = L > 0 && t * K + i == (L - 1) / 64 ? (u64) 1 << ((L - 1) % 64) : 0;
    }
  coop_cond_sub<K> (x, y, 0, m);                /* m = 1 */
MPZG_POWM_LOOP
  for (int s = 64 * T * K - L + 1; s > 0; s--)
    coop_double<K> (x, y, m);
  for (int v = 0; v < x.nv (); v++)             /* row 0: R mod m, the form of 1 */
    coop_row_store<K> (coop_row<K> (tab, 0, x.tid (v), T, lanes), y[v], T, lanes);
MPZG_POWM_LOOP
  for (int s = 0; s < T * K; s++)
    coop_double<K> (x, y, m);
MPZG_POWM_LOOP
  for (int s = 0; s < 6; s++)
    coop_montmul<K> (x, y, y, y, m, minv);     /* R^2 mod m at the end */

  /* the table */
  for (int v = 0; v < x.nv (); v++)
    coop_load<K> (z[v], bp, x.tid (v), lanes);
  coop_montmul<K> (x, z, z, y, m, minv);
  for (int v = 0; v < x.nv (); v++)
    coop_row_store<K> (coop_row<K> (tab, 1, x.tid (v), T, lanes), z[v], T, lanes);
  const int k = powm_window (ne);
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        y[v][i] = z[v][i];
    }
MPZG_POWM_LOOP
  for (int d = 2; d < 1 << k; d++)
    {
      coop_montmul<K> (x, y, y, z, m, minv);
      for (int v = 0; v < x.nv (); v++)
        coop_row_store<K> (coop_row<K> (tab, d, x.tid (v), T, lanes), y[v], T, lanes);
    }

  /* the digits, from the top.  Only here do the products run their passes
     coop_pass_unroll at a time: unrolled at every call site, the kernel grew from
     about 8,500 to 14,000 instructions and powm by 65537 ran 6-10 % slower (its
     instances are short, so a multiprocessor's warps run every phase's code at
     once; bench/results/2026-11-25-h100-powm-unroll-sites) */
  long nd = (64L * ne + k - 1) / k;
  unsigned top = nd == 0 ? 0 : digit (ep, ne, k, nd - 1, lanes);
  for (int v = 0; v < x.nv (); v++)
    coop_row_load<K> (y[v], coop_row<K> (tab, top, x.tid (v), T, lanes), T, lanes);
MPZG_POWM_LOOP
  for (long j = nd - 2; j >= 0; j--)
    {
MPZG_POWM_LOOP
      for (int s = 0; s < k; s++)
        coop_montmul<K, coop_pass_unroll> (x, y, y, y, m, minv);
      const unsigned dg = digit (ep, ne, k, j, lanes);
      for (int v = 0; v < x.nv (); v++)
        coop_row_load<K> (z[v], coop_row<K> (tab, dg, x.tid (v), T, lanes), T, lanes);
      coop_montmul<K, coop_pass_unroll> (x, y, y, z, m, minv);
    }

  /* out of the Montgomery form: a product with 1 */
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        z[v][i] = x.tid (v) == 0 && i == 0;
    }
  coop_montmul<K> (x, y, y, z, m, minv);
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        rp[(size_t) (t * K + i) * lanes] = y[v][i];
    }
}

#ifdef __CUDACC__

/* The team of T consecutive lanes of a warp (T a power of two, 4 .. 32): shuffles
   of width T, the ballots' bits of the team.  Every warp-wide operation names only
   the team's lanes (tm): the teams of one warp run instances whose moduli and
   exponents have different lengths, hence different loop counts, so they are not
   converged, and a full-warp mask would wait for lanes that never come (or, on
   sm_70 and later, read values from another team's call site). */
template <int TT>
struct team_x
{
  static const int V = 1;
  unsigned lt, base, tm;

  __device__ __forceinline__ team_x ()
    : lt (threadIdx.x & (TT - 1)), base ((threadIdx.x & 31) & ~(unsigned) (TT - 1)),
      tm (TT == 32 ? 0xffffffffu : ((1u << (TT & 31)) - 1) << base) {}
  __device__ __forceinline__ int nv () const { return 1; }
  __device__ __forceinline__ int T () const { return TT; }
  __device__ __forceinline__ int tid (int) const { return (int) lt; }

  __device__ __forceinline__ u64
  bcast (const u64 (&w)[1], int s) const
  {
    return __shfl_sync (tm, w[0], s, TT);
  }

  __device__ __forceinline__ void
  down (const u64 (&w)[1], u64 (&o)[1]) const
  {
    u64 d = __shfl_down_sync (tm, w[0], 1, TT);
    o[0] = lt == TT - 1 ? 0 : d;
  }

  __device__ __forceinline__ void
  shift_up (const u64 (&w)[1], u64 (&o)[1]) const
  {
    u64 u = __shfl_up_sync (tm, w[0], 1, TT);
    o[0] = lt == 0 ? 0 : u;
  }

  __device__ __forceinline__ void
  up (const u64 (&c)[1], u64 (&cin)[1], u64 &ctop) const
  {
    u64 u = __shfl_up_sync (tm, c[0], 1, TT);
    cin[0] = lt == 0 ? 0 : u;
    ctop = __shfl_sync (tm, c[0], TT - 1, TT);
  }

  __device__ __forceinline__ void
  scan (const bool (&g)[1], const bool (&p)[1], u64 (&b)[1], u64 &beta) const
  {
    const unsigned mask = TT == 32 ? 0xffffffffu : (1u << (TT & 31)) - 1;
    unsigned G = (__ballot_sync (tm, g[0]) >> base) & mask;
    unsigned P = (__ballot_sync (tm, p[0]) >> base) & mask;
    u64 s = chain_masks (G, P, 0);
    b[0] = (s >> lt) & 1;
    beta = (s >> TT) & 1;
  }

  __device__ __forceinline__ void
  maxi (int &a) const
  {
#pragma unroll
    for (int o = TT / 2; o > 0; o >>= 1)
      {
        int u = __shfl_xor_sync (tm, a, o, TT);
        a = u > a ? u : a;
      }
  }
};

#endif /* __CUDACC__ */

} /* namespace pw */
} /* namespace mpzg */

#endif
