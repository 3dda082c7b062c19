/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* grp.cuh -- mul_grp_kernel: up to 128 limbs, a group of 8 or 16 threads per
   instance, 32/G instances per warp. */
#ifndef MPZG_MUL_GRP_CUH
#define MPZG_MUL_GRP_CUH

#include "mpzg-mpn.h"
#include "tuning.h"
#include "core/carry.cuh"
#include "mul/runs.cuh"

namespace mpzg {

/* The load-balanced partition of mul_block_kernel with Q = Ma/8 (G = 8 threads per
   instance at 32 and 64 limbs: Q = 4, 8) or Q = 8 with G = 16 (128 limbs), so that a
   step's W = 2Q products outweigh its fixed cost (b word, window word, two carry
   adds), and 32/G instances per warp.

   Bank conflicts.  In the low phase the G threads of an instance read one b word
   (broadcast) and G window words of a, W 32-bit words apart; in the high phase one a
   word and G b words, W apart.  With W a multiple of 8 those were 2- to 8-way
   conflicts, as were the 32/G instances' broadcasts when the instance regions were a
   multiple of 32 words apart.  So a and b are stored in rows of W words (Q limbs) with
   a row stride of W + 2 (Q + 1 limbs): the G reads of a step then fall on G distinct
   even or odd banks, and instance gi of a warp starts at bank adj(gi) (0, 16, 1, 17
   for G = 8; 0, 1 for G = 16), which puts the warp's 32 reads on 32 banks and its
   32/G broadcasts on distinct banks (checked for W = 8, 16, 32); for G = 4 (tuning
   builds) adj is 0, 16, 1, 17, 8, 24, 9, 25 (W = 16).  A block of W steps
   (one row of b) reads one row of a, so every address is a constant offset from a
   per-block row pointer.

   Triangles (TRI).  The last low block of thread t (b row t) multiplies the window
   only where the a index is >= 0 (column q >= step s), the first high block only where
   it is < Ma (q < s): each is half a block of products, together one.  Done as full
   blocks they cost one extra block per thread: 1/(Ma/Q + 1) of the work.  In the
   high triangle a step's chain ends at column s - 1 and its carry goes into the next
   word, which so far only received carries (no products), so it cannot overflow. */

/* One step of the low triangle: columns q >= S only. */
template <int W, int S>
__device__ __forceinline__ void
lowtri_step (u32 *E, u32 *O, const u32 *win, u32 b)
{
  const int qe = S + (S & 1), qo = S + 1 - (S & 1);
  if (qe < W)
    {
      mad_lo_cc (E[qe], win[(qe - S + W) % W], b);
      madc_hi_cc (E[qe + 1], win[(qe - S + W) % W], b);
#pragma unroll
      for (int q = qe + 2; q < W; q += 2)
        {
          madc_lo_cc (E[q], win[(q - S + W) % W], b);
          madc_hi_cc (E[q + 1], win[(q - S + W) % W], b);
        }
      addc0 (E[W]);
    }
  if (qo < W)
    {
      mad_lo_cc (O[qo - 1], win[(qo - S + W) % W], b);
      madc_hi_cc (O[qo], win[(qo - S + W) % W], b);
#pragma unroll
      for (int q = qo + 2; q < W; q += 2)
        {
          madc_lo_cc (O[q - 1], win[(q - S + W) % W], b);
          madc_hi_cc (O[q], win[(q - S + W) % W], b);
        }
      addc0 (O[W]);
    }
}

/* One step of the high triangle: columns q < S only; the chain's carry goes into the
   word above its last pair. */
template <int W, int S>
__device__ __forceinline__ void
hightri_step (u32 *E, u32 *O, const u32 *win, u32 b)
{
  if (S >= 1)
    {
      const int ql = (S - 1) & ~1;      /* last even column < S */
      mad_lo_cc (E[0], win[(W - S) % W], b);
      madc_hi_cc (E[1], win[(W - S) % W], b);
#pragma unroll
      for (int q = 2; q <= ql; q += 2)
        {
          madc_lo_cc (E[q], win[(q - S + W) % W], b);
          madc_hi_cc (E[q + 1], win[(q - S + W) % W], b);
        }
      addc0 (E[ql + 2]);
    }
  if (S >= 2)
    {
      const int ql = ((S - 2) | 1);     /* last odd column < S */
      mad_lo_cc (O[0], win[(1 - S + W) % W], b);
      madc_hi_cc (O[1], win[(1 - S + W) % W], b);
#pragma unroll
      for (int q = 3; q <= ql; q += 2)
        {
          madc_lo_cc (O[q - 1], win[(q - S + W) % W], b);
          madc_hi_cc (O[q], win[(q - S + W) % W], b);
        }
      addc0 (O[ql + 1]);
    }
}

/* A block of W steps: K 0 full, 1 low triangle, 2 high triangle.  bj: the b row;
   anext: the last word of the a row whose words enter the window (anext[-s] after
   step s, into slot W-1-s). */
template <int W, int K, int S>
struct grp_block
{
  static __device__ __forceinline__ void
  go (u32 *E, u32 *O, u32 *win, const u32 *bj, const u32 *anext)
  {
    if (K == 0)
      run_step_wide<W, S> (E, O, win, bj[S]);
    else if (K == 1)
      lowtri_step<W, S> (E, O, win, bj[S]);
    else
      hightri_step<W, S> (E, O, win, bj[S]);
    if (K != 1)                 /* the low triangle's entering words are the zero row
                                   below a, and only the skipped products use them */
      win[W - 1 - S] = anext[-S];
    grp_block<W, K, S + 1>::go (E, O, win, bj, anext);
  }
};
template <int W, int K>
struct grp_block<W, K, W>
{
  static __device__ __forceinline__ void go (u32 *, u32 *, u32 *, const u32 *, const u32 *) {}
};

/* Shared memory of one instance (32-bit words): a as Ma/Q + 2 rows (a zero row on each
   side), b as ceil(Mb/Q) rows, rows W + 2 apart; the bank offset adj (up to 25); the
   runs' top words (2G limbs) at the end.  A multiple of 32, so that every instance
   starts on bank 0 before adj. */
static inline unsigned
grp_region (unsigned Q, unsigned G, unsigned Ma, unsigned Mb)
{
  unsigned S = 2 * Q + 2, T = (Ma + Q - 1) / Q, nbq = (Mb + Q - 1) / Q;
  unsigned aw = ((T + 2) * S + 31) & ~31u;
  return (aw + nbq * S + 25 + 4 * G + 31) & ~31u;
}

template <int Q, int G, bool TRI, bool SW>
__global__ void __launch_bounds__ (MPZG_MUL_GRP_MAX_THREADS)
mul_grp_kernel (const u64 *__restrict__ A, const u64 *__restrict__ B, u64 *__restrict__ R,
                unsigned Ma, unsigned Mb, size_t count, unsigned reg32)
{
  const int W = 2 * Q, S = W + 2;
  extern __shared__ __align__ (16) u32 smem32[];
  const unsigned gi = threadIdx.x / G, tt = threadIdx.x % G, ipb = blockDim.x / G;
  /* a is taken as Map = Ma rounded up to Q limbs (zeros above): the product's top
     Map - Ma limbs are zero and are not stored */
  const unsigned Map = (Ma + Q - 1) / Q * Q, T = Map / Q, nbq = (Mb + Q - 1) / Q;
  const unsigned base = tt * Q;
  const size_t inst = (size_t) blockIdx.x * ipb + gi;
  const bool live = inst < count;
  u32 *reg = smem32 + (size_t) gi * reg32;
  const unsigned wg = gi % (32 / G);
  const unsigned adj = G == 16 ? wg : (wg & 1) * 16 + ((wg >> 1) & 1) + (wg >> 2) * 8;
  u32 *sa = reg + adj, *sb = sa + (((T + 2) * S + 31) & ~31u);
  u64 *sov = (u64 *) (reg + reg32) - 2 * G;

  /* 1. operands to shared memory, coalesced, in skewed rows; zero rows around a,
     zeros above Ma and Mb */
  {
    const u64 *ap = A + inst * Ma, *bp = B + inst * Mb;
    for (unsigned i = tt; i < Map; i += G)
      {
        u64 x = live && i < Ma ? ap[i] : 0;
        u32 *d = sa + (1 + i / Q) * S + 2 * (i % Q);
        d[0] = (u32) x;
        d[1] = (u32) (x >> 32);
      }
    for (unsigned i = tt; i < nbq * Q; i += G)
      {
        u64 x = live && i < Mb ? bp[i] : 0;
        u32 *d = sb + (i / Q) * S + 2 * (i % Q);
        d[0] = (u32) x;
        d[1] = (u32) (x >> 32);
      }
    for (unsigned k = tt; k < W; k += G)
      {
        sa[k] = 0;
        sa[(T + 1) * S + k] = 0;
      }
  }
  __syncthreads ();

  /* 2. the two runs (as mul_block_kernel, WIDE), high first: b rows t..nbq-1 against
     the zero row above a (the window) and a rows T, T-1, ...; then low: b rows
     0..min(t, nbq-1) against a rows t+1 (the window), t, ...  The threads of a warp
     run in lockstep through one loop of full blocks (the body issued once for all),
     switching from high to low at their own iteration; in this order every thread's
     triangles fall on the same iterations (the first and the last), which they
     would not low first: on separate loops or blocks per thread the warp issues
     every distinct path in turn (measured 1.3x to 1.5x slower). */
  u64 rl[Q + 1], rh[Q + 1];
#pragma unroll
  for (int q = 0; q <= Q; q++)
    rl[q] = rh[q] = 0;
  if (tt < T)
    {
      u32 E[W + 1], O[W + 1], win[W], acc[W + 2];
#pragma unroll
      for (int q = 0; q <= W; q++)
        E[q] = O[q] = 0;
#pragma unroll
      for (int q = 0; q < W; q++)
        win[q] = 0;             /* the high window starts on the zero row above a */
      const u32 *ar = sa + T * S + W - 1, *br = sb + tt * S;
      const bool diag = tt < nbq;         /* b row t exists: a high phase, a diagonal */
      /* full blocks: nbq - 1 - t high then t low, or nbq low (no diagonal) */
      const unsigned nfull = diag ? nbq - 1 : nbq, nhigh = diag ? nbq - 1 - tt : 0;
      if (diag)
        {
          if (TRI)
            grp_block<W, 2, 0>::go (E, O, win, br, ar);
          else
            grp_block<W, 0, 0>::go (E, O, win, br, ar);
          ar -= S;
          br += S;
        }
      bool low = false;
      if (SW)
        {
          /* the switch without a restart: the low run accumulates on top of the high
             one (both sums fit W+2 words with room to spare), rh is a snapshot and
             rl the difference at the end; when b has as many rows as a (nbq = T),
             the high phase ends with the window on a row t+1 and the next entering
             row t, which is where the low phase starts, so only b's row pointer
             moves.  The warp then issues a fold and a few moves per iteration at the
             switch, instead of also zeroing E and O and reloading the window. */
          const bool cont = nbq == T;
          /* The switch below is written out at both places on purpose: one shared
             inline helper moved the register allocation and was slower (see
             bench/results/2026-11-22-h100-mul-block-refactor/). */
          if (!diag)
            {
#pragma unroll
              for (int q = 0; q < W; q++)
                win[q] = sa[(tt + 1) * S + q];
              ar = sa + tt * S + W - 1;
              br = sb;
              low = true;
            }
          for (unsigned f = 0; f < nfull; f++)
            {
              if (!low && f == nhigh)
                {
                  fold_wide<W> (acc, E, O);
pack_run<Q> (rh, acc);
                  if (!cont)
                    {
#pragma unroll
                      for (int q = 0; q < W; q++)
                        win[q] = sa[(tt + 1) * S + q];
                      ar = sa + tt * S + W - 1;
                    }
                  br = sb;
                  low = true;
                }
              grp_block<W, 0, 0>::go (E, O, win, br, ar);
              ar -= S;
              br += S;
            }
          if (!low)
            {
              fold_wide<W> (acc, E, O);
pack_run<Q> (rh, acc);
              if (!cont)
                {
#pragma unroll
                  for (int q = 0; q < W; q++)
                    win[q] = sa[(tt + 1) * S + q];
                  ar = sa + tt * S + W - 1;
                }
              br = sb;
            }
          if (diag)
            grp_block<W, TRI ? 1 : 0, 0>::go (E, O, win, br, ar);
          fold_wide<W> (acc, E, O);
          unsigned bw = 0;
#pragma unroll
          for (int q = 0; q <= Q; q++)
            {
              u64 x = join64 (acc[2 * q], acc[2 * q + 1]), y = rh[q] + bw;
              bw = (y < rh[q]) | (x < y);
              rl[q] = x - y;
            }
        }
      else
      {
      for (unsigned f = 0; f < nfull; f++)
        {
          if (f == nhigh)
            {
              fold_wide<W> (acc, E, O);
pack_run<Q> (rh, acc);
#pragma unroll
              for (int q = 0; q <= W; q++)
                E[q] = O[q] = 0;
#pragma unroll
              for (int q = 0; q < W; q++)
                win[q] = sa[(tt + 1) * S + q];
              ar = sa + tt * S + W - 1;
              br = sb;
              low = true;
            }
          grp_block<W, 0, 0>::go (E, O, win, br, ar);
          ar -= S;
          br += S;
        }
      if (!low)                 /* t = 0: no full low block */
        {
          fold_wide<W> (acc, E, O);
pack_run<Q> (rh, acc);
#pragma unroll
          for (int q = 0; q <= W; q++)
            E[q] = O[q] = 0;
#pragma unroll
          for (int q = 0; q < W; q++)
            win[q] = sa[(tt + 1) * S + q];
          ar = sa + tt * S + W - 1;
          br = sb;
        }
      if (diag)
        {
          if (TRI)
            grp_block<W, 1, 0>::go (E, O, win, br, ar);
          else
            grp_block<W, 0, 0>::go (E, O, win, br, ar);
        }
      fold_wide<W> (acc, E, O);
pack_run<Q> (rl, acc);
      }
    }

  /* 3. each run's top word to the next run */
  bool gl, pl, gh, ph;
  pass_run_tops<Q> (rl, rh, sov, tt, T, G, gl, pl, gh, ph);

  /* 4. carries: all low runs, then all high runs; the product staged over a and b
     (every read of them is behind the barrier above) */
  unsigned c1, c2;
  unsigned cl = subwarp_carry_scan<G> (gl, pl, 0, &c1);
  unsigned ch = subwarp_carry_scan<G> (gh, ph, c1, &c2);
  /* 5. product out, coalesced */
  store_product<Q> (rl, rh, cl, ch, tt < T, base, (u64 *) reg, Map, Ma, Mb, live, R, inst, tt,
                    G);
}

/* Up to 128 limbs: 32/G instances per warp, MPZG_MUL_GRP_THREADS threads per block. */
template <int Q, int G, bool TRI, bool SW>
static cudaError_t
launch_grp (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r, unsigned Ma,
            unsigned Mb, size_t count, cudaStream_t s, unsigned threads)
{
  if (Mb > Ma || Mb == 0 || (Ma + Q - 1) / Q > G)
    return cudaErrorInvalidValue;
  unsigned reg32 = grp_region (Q, G, Ma, Mb);
  if (threads < 32 || threads > MPZG_MUL_GRP_MAX_THREADS || threads % 32)
    threads = MPZG_MUL_GRP_THREADS;
  /* whole warps, at most the shared memory a block gets without opting in */
  while (threads > 32 && (size_t) (threads / G) * reg32 * sizeof (u32) > dev->smem_block)
    threads -= 32;
  unsigned ipb = threads / G;
  size_t bytes = (size_t) ipb * reg32 * sizeof (u32);
  if (bytes > dev->smem_block)
    return cudaErrorInvalidValue;
  size_t blocks = (count + ipb - 1) / ipb;
  mul_grp_kernel<Q, G, TRI, SW><<<(unsigned) blocks, threads, bytes, s>>> (a, b, r, Ma, Mb,
                                                                           count, reg32);
  return cudaGetLastError ();
}

} /* namespace mpzg */

#endif
