/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* chain.cuh -- the carry (borrow) chain across the threads of one cooperating
   instance, for the cooperative cores (div/div-coop.cuh, gcd/gcd-coop.cuh) and the
   host contexts that emulate them in the tests.

   Each thread of the chain generates a carry (g), propagates one (p: its words
   are all ones after an addition, all zeros after a subtraction), or stops it; g
   and p are exclusive.  Over 32 threads the scan is one addition on the ballot
   masks (Oancea and Watt, "GPU Implementations for Midsize Integer Addition and
   Multiplication"; core/carry.cuh): bit i of ((G | P) + G + cin) ^ P is the carry
   into thread i, bit 32 the carry out.  Over several warps: each warp's carry out
   on no carry in and whether it propagates as a whole, scanned the same way, give
   each warp its carry in. */
#ifndef MPZG_CHAIN_CUH
#define MPZG_CHAIN_CUH

#include "word.cuh"

#ifdef __CUDACC__
#define MPZG_CHAIN_HD __host__ __device__ __forceinline__
#define MPZG_CHAIN_UNROLL _Pragma ("unroll")
#else
#define MPZG_CHAIN_HD inline
#define MPZG_CHAIN_UNROLL
#endif

namespace mpzg {

/* The chain over the 32 items of the masks G (generate) and P (propagate), carry
   cin into item 0: bit i the carry into item i, bit 32 the carry out. */
MPZG_CHAIN_HD u64
chain_masks (unsigned G, unsigned P, unsigned cin)
{
  return (((u64) (G | P) + G + cin) ^ P);
}

/* R[1..K) += c, a bit; all &= each new word.  Returns the carry out.  The rare
   part of add_word and add_bit: the carry that left word 0. */
template <int K>
MPZG_CHAIN_HD u64
carry_up (u64 (&R)[K], u64 c, u64 &all)
{
MPZG_CHAIN_UNROLL
  for (int i = 1; i < K; i++)
    {
      const u64 y = R[i] + c;
      c = y < c;
      R[i] = y;
      all &= y;
    }
  return c;
}

/* R[0..K) += c, a word: g = a carry out, p = the words are now all ones.  In
   the cooperative cores c is the word a row owes the next thread, some 33 bits:
   the carry leaves word 0, or word 0 comes out all ones, about once in 2^31
   additions of random words, and in the rare iterations whose rows went
   negative (their top words all ones).  So word 0 alone, and the other words
   behind a branch the threads of a warp almost never take, rather than a chain
   over all K words every time. */
template <int K>
MPZG_CHAIN_HD void
add_word (u64 (&R)[K], u64 c, bool &g, bool &p)
{
  const u64 x = R[0] + c;
  u64 cy = x < c, all = x;
  R[0] = x;
  g = p = false;
  if (__builtin_expect (cy != 0 || x == ~0ull, 0))
    {
      g = carry_up<K> (R, cy, all) != 0;
      p = all == ~0ull;
    }
}

/* The chain's flags of R[0..K) - D[0..K), the difference not kept: g = a
   borrow out, p = the difference is zero (an incoming borrow would pass
   through).  sub_masked then subtracts, or not, without a second array live. */
template <int K>
MPZG_CHAIN_HD void
sub_flags (const u64 (&R)[K], const u64 (&D)[K], bool &g, bool &p)
{
  u64 b = 0, z = 0;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i], d = D[i], s = x - d;
      u64 b1 = x < d;
      z |= s - b;
      b = b1 | (s < b);
    }
  g = b != 0;
  p = z == 0;
}

/* R[0..K) -= (D[0..K) & mask) + (b & mask), b the borrow in (a bit), the borrow
   out dropped (the scan accounted for it). */
template <int K>
MPZG_CHAIN_HD void
sub_masked (u64 (&R)[K], const u64 (&D)[K], u64 mask, u64 b)
{
  b &= mask;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i], d = D[i] & mask, s = x - d;
      u64 b1 = x < d;
      R[i] = s - b;
      b = b1 | (s < b);
    }
}

/* The chain's flags of R[0..K) + D[0..K), the sum not kept: g = a carry out,
   p = the sum is all ones (an incoming carry would pass through).  add_masked
   then adds, or not. */
template <int K>
MPZG_CHAIN_HD void
add_flags (const u64 (&R)[K], const u64 (&D)[K], bool &g, bool &p)
{
  u64 c = 0, a = ~0ull;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      const u64 s = R[i] + D[i], x = s + c;
      c = (s < D[i]) | (x < c);
      a &= x;
    }
  g = c != 0;
  p = a == ~0ull;
}

/* R[0..K) += (D[0..K) & mask) + (c & mask), c the carry in (a bit), the carry
   out dropped (the scan accounted for it). */
template <int K>
MPZG_CHAIN_HD void
add_masked (u64 (&R)[K], const u64 (&D)[K], u64 mask, u64 c)
{
  c &= mask;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      const u64 d = D[i] & mask, s = R[i] + d, x = s + c;
      c = (s < d) | (x < c);
      R[i] = x;
    }
}

/* R[0..K) += c, a bit (a thread's carry from the scan); returns the carry out.
   The carry passes word 0 only when it is all ones: behind a branch, as in
   add_word. */
template <int K>
MPZG_CHAIN_HD u64
add_bit (u64 (&R)[K], u64 c)
{
  const u64 x = R[0] + c;
  c = x < c;
  R[0] = x;
  if (__builtin_expect (c != 0, 0))
    {
      u64 all = 0;              /* not wanted here */
      c = carry_up<K> (R, c, all);
    }
  return c;
}

/* The chain over n threads (n <= 1024) as the device forms it: the masks of each
   warp of 32 (a shorter last one padded with stops), then the chain over the
   warps' sums.  b[i] = the carry into thread i; returns the carry out.  For the
   host contexts of the tests, which run all threads of an instance. */
MPZG_CHAIN_HD unsigned
chain_threads (int n, const bool *g, const bool *p, unsigned cin, u64 *b)
{
  const int W = (n + 31) / 32;
  unsigned G[32] = { 0 }, P[32] = { 0 }, SG = 0, SP = 0;
  for (int v = 0; v < n; v++)
    {
      G[v / 32] |= (unsigned) g[v] << (v % 32);
      P[v / 32] |= (unsigned) p[v] << (v % 32);
    }
  for (int w = 0; w < W; w++)
    {
      SG |= (unsigned) ((chain_masks (G[w], P[w], 0) >> 32) & 1) << w;
      SP |= (unsigned) (P[w] == 0xffffffffu) << w;
    }
  const u64 sw = chain_masks (SG, SP, cin);
  for (int v = 0; v < n; v++)
    {
      const int w = v / 32;
      b[v] = (chain_masks (G[w], P[w], (unsigned) (sw >> w) & 1) >> (v % 32)) & 1;
    }
  if (W == 1)
    return (unsigned) (chain_masks (G[0], P[0], cin) >> n) & 1;
  return (unsigned) (sw >> W) & 1;
}

#ifdef __CUDACC__
/* The chain over a block of nw warps (nw <= 32) after the barrier that published
   every warp's masks (sg, sp: nw words of shared memory): this thread's warp's
   masks G, P, carry cin into thread 0.  Returns the carry into this thread; cout
   the carry out of the block. */
__device__ __forceinline__ unsigned
chain_warps (unsigned G, unsigned P, unsigned cin, const unsigned *sg, const unsigned *sp,
             unsigned nw, unsigned &cout)
{
  const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  /* lane l < nw: warp l's carry out on no carry in, and whether it propagates */
  const unsigned Gl = lane < nw ? sg[lane] : 0, Pl = lane < nw ? sp[lane] : 0;
  const bool gw = lane < nw && ((chain_masks (Gl, Pl, 0) >> 32) & 1) != 0;
  const bool pw = lane < nw && Pl == 0xffffffffu;
  const u64 s = chain_masks (__ballot_sync (0xffffffffu, gw), __ballot_sync (0xffffffffu, pw),
                             cin);
  cout = (unsigned) (s >> nw) & 1;
  return (unsigned) (chain_masks (G, P, (unsigned) (s >> w) & 1) >> lane) & 1;
}

/* The chain over a block of nw warps (nw <= 32), thread order: this thread's
   ballot masks G, P (its warp's), carry cin into thread 0.  sg, sp: nw words of
   shared memory, written here and read after the one barrier this holds (the
   caller keeps another barrier between that read and their next write).  Returns
   the carry into this thread; cout the carry out of the block.  Every thread of
   the block calls. */
__device__ __forceinline__ unsigned
chain_block (unsigned G, unsigned P, unsigned cin, unsigned *sg, unsigned *sp, unsigned nw,
             unsigned &cout)
{
  if ((threadIdx.x & 31) == 0)
    {
      sg[threadIdx.x >> 5] = G;
      sp[threadIdx.x >> 5] = P;
    }
  __syncthreads ();
  return chain_warps (G, P, cin, sg, sp, nw, cout);
}

/* N chains at once over a block of nw warps, behind one barrier: chain i's masks
   G[i], P[i] through sg[i], sp[i] (as chain_block's), its carry into this thread
   into b[i]. */
template <int N>
__device__ __forceinline__ void
chain_block_n (const unsigned (&G)[N], const unsigned (&P)[N], unsigned cin,
               unsigned (*sg)[32], unsigned (*sp)[32], unsigned nw, unsigned (&b)[N])
{
  if ((threadIdx.x & 31) == 0)
    {
#pragma unroll
      for (int i = 0; i < N; i++)
        {
          sg[i][threadIdx.x >> 5] = G[i];
          sp[i][threadIdx.x >> 5] = P[i];
        }
    }
  __syncthreads ();
#pragma unroll
  for (int i = 0; i < N; i++)
    {
      unsigned out;
      b[i] = chain_warps (G[i], P[i], cin, sg[i], sp[i], nw, out);
    }
}
#endif

} /* namespace mpzg */

#endif
