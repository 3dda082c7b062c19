/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* runs.cuh -- the runs of the load-balanced partition, shared by the block and the
   group kernels (block.cuh, grp.cuh).

   With na >= nb (a padded to Ma, a multiple of Q), "unit" v in [0, Ma) is column v of
   the product plus, when v < nb - 1, column v + Ma; every unit then sums exactly nb
   products, so thread t, given units [tQ, tQ+Q), has the same work as every other
   (Oancea and Watt, "GPU Implementations for Midsize Integer Addition and
   Multiplication", section 3, generalized to unbalanced sizes). Each thread keeps its
   two runs of Q columns (low and high) in registers, folds each into Q+1 words, hands
   the top word to the next run through shared memory, and the runs are added with one
   carry scan over (generate, propagate) pairs (core/carry.cuh).

   Inner loop: whole 64-bit products on aligned register pairs, split by the parity of
   their column into two accumulators, so that a step is two carry chains that ptxas
   compiles to one IMAD.WIDE.U32(.X) per 32x32-bit product, against about three times
   the instructions for separate low/high chains. */
#ifndef MPZG_MUL_RUNS_CUH
#define MPZG_MUL_RUNS_CUH

#include "core/asm.cuh"

namespace mpzg {

/* Adds p0 to the run's Q low words; returns generate and propagate. */
template <int Q>
__device__ __forceinline__ void
add_prev (u64 *x, u64 p0, bool &g, bool &p)
{
  unsigned c = addc64 (x[0], x[0], p0, 0);
  bool all = x[0] == ~0ull;
#pragma unroll
  for (int q = 1; q < Q; q++)
    {
      c = addc64 (x[q], x[q], 0, c);
      all = all && x[q] == ~0ull;
    }
  g = c != 0;
  p = all;
}

template <int Q>
__device__ __forceinline__ void
add_carry (u64 *x, unsigned c)
{
#pragma unroll
  for (int q = 0; q < Q; q++)
    c = addc64 (x[q], x[q], 0, c);
}

/* Step 3 of both block kernels: each run's top word goes to the next run (the low
   runs' tops at sov[t], the high runs' at sov[hi + t]; the last low run's top starts
   the high runs), then generate and propagate of every run for the carry scan.
   Every thread of the block must call it. */
template <int Q>
__device__ __forceinline__ void
pass_run_tops (u64 *rl, u64 *rh, u64 *sov, unsigned tt, unsigned T, unsigned hi, bool &gl,
               bool &pl, bool &gh, bool &ph)
{
  sov[tt] = rl[Q];
  sov[hi + tt] = rh[Q];
  __syncthreads ();
  gl = false;
  pl = true;
  gh = false;
  ph = true;
  if (tt < T)
    {
      u64 l0 = tt ? sov[tt - 1] : 0, h0 = tt ? sov[hi + tt - 1] : sov[T - 1];
      add_prev<Q> (rl, l0, gl, pl);
      add_prev<Q> (rh, h0, gh, ph);
    }
}

/* The end of both block kernels: each thread with runs (mine) adds its carries in
   and stages its low run at sr[base..] and its high run at sr[hi + base..] (the
   product's words below Ma + Mb); then the instance's threads (tt = 0, step, ...)
   copy the product out, coalesced.  Every thread of the block must call it. */
template <int Q>
__device__ __forceinline__ void
store_product (u64 *rl, u64 *rh, unsigned cl, unsigned ch, bool mine, unsigned base,
               u64 *sr, unsigned hi, unsigned Ma, unsigned Mb, bool live, u64 *__restrict__ R,
               size_t inst, unsigned tt, unsigned step)
{
  if (mine)
    {
      add_carry<Q> (rl, cl);
      add_carry<Q> (rh, ch);
#pragma unroll
      for (int q = 0; q < Q; q++)
        {
          sr[base + q] = rl[q];
          if (base + q < Mb)
            sr[hi + base + q] = rh[q];
        }
    }
  __syncthreads ();
  if (live)
    {
      u64 *rp = R + inst * (size_t) (Ma + Mb);
      for (unsigned i = tt; i < Ma + Mb; i += step)
        rp[i] = sr[i];
    }
}

/* The same run with 64-bit products: each 32x32-bit product a*b lands whole on two
   adjacent columns; products landing on an even column go to E (columns 0..W), those
   on an odd column to O (O[k] is column k+1, k = 0..W).  Within E (and within O) the
   products of one step do not overlap, so each step is one carry chain of W/2
   multiply-adds on aligned word pairs per array, which ptxas turns into one
   IMAD.WIDE.U32(.X) per product (carry in and out), with no separate additions.  The
   run's value is E + O * 2^32, folded into acc once at the end. */
template <int W, int S>
__device__ __forceinline__ void
run_step_wide (u32 *E, u32 *O, const u32 *win, u32 b)
{
  mad_lo_cc (E[0], win[(W - S) % W], b);
  madc_hi_cc (E[1], win[(W - S) % W], b);
#pragma unroll
  for (int q = 2; q < W; q += 2)
    {
      madc_lo_cc (E[q], win[(q - S + W) % W], b);
      madc_hi_cc (E[q + 1], win[(q - S + W) % W], b);
    }
  addc0 (E[W]);
  mad_lo_cc (O[0], win[(1 - S + W) % W], b);
  madc_hi_cc (O[1], win[(1 - S + W) % W], b);
#pragma unroll
  for (int q = 3; q < W; q += 2)
    {
      madc_lo_cc (O[q - 1], win[(q - S + W) % W], b);
      madc_hi_cc (O[q], win[(q - S + W) % W], b);
    }
  addc0 (O[W]);
}

template <int W, int S>
struct run_block_wide
{
  static __device__ __forceinline__ void
  go (u32 *E, u32 *O, u32 *win, const u32 *bj, const u32 *anext)
  {
    run_step_wide<W, S> (E, O, win, bj[S]);
    win[W - 1 - S] = anext[-S];
    run_block_wide<W, S + 1>::go (E, O, win, bj, anext);
  }
};
template <int W>
struct run_block_wide<W, W>
{
  static __device__ __forceinline__ void go (u32 *, u32 *, u32 *, const u32 *, const u32 *) {}
};

/* The run's Q+1 words from its 32-bit accumulator. */
template <int Q>
__device__ __forceinline__ void
pack_run (u64 *r, const u32 *acc)
{
#pragma unroll
  for (int q = 0; q <= Q; q++)
    r[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
}

} /* namespace mpzg */

#endif
