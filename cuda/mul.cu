/* mul.cu -- classical multiplication on the device, full products (na + nb words).

   Small widths: one thread per instance (interleaved layout), both operands in
   registers, product scanning with a 3-word column accumulator.

   Larger: a group of whole warps per instance (several instances per block when they
   are small), seed 001 §3 generalized to unbalanced sizes.  With na >= nb (a padded to
   Ma, a multiple of Q), "unit" v in [0, Ma) is column v of the product plus, when
   v < nb - 1, column v + Ma; every unit then sums exactly nb products, so thread t,
   given units [tQ, tQ+Q), has the same work as every other (load-balanced partition).
   Each thread keeps its two runs of Q columns in registers (3-word accumulators, a
   sliding window of a, one broadcast word of b per step), folds each run into Q+2
   words, hands the top two words to the next run through shared memory, and the runs
   are added with one carry scan over (generate, propagate) pairs (carry.cuh).

   Inner loop (MPZG_MUL_WIDE, default): whole 64-bit products on aligned register
   pairs, split by the parity of their column into two accumulators, so that a step is
   two carry chains that ptxas compiles to one IMAD.WIDE.U32(.X) per 32x32-bit product
   (about 1.5 instructions per product in the loop, against 4.4 for the separate
   low/high chains of mad.lo/mad.hi + IADD3.X): 1.4x to 1.57x faster from 2^12 to 2^18
   bits on an H100 (bench/results/gpu-mulopt-2026-11-22-h100-mulk.log).  The same
   split in the one-thread small kernel (MPZG_MUL_SMALL_WIDE) is correct but slower:
   with every row unrolled ptxas interleaves too many carry chains and spills the
   carry predicates (P2R/LOP3), so it stays off.  Up to 16 limbs the small kernel
   instead scans the product in blocks of W = 8 columns with that split
   (mul_small_hyb_kernel, MPZG_MUL_SMALL_WIDE 2): chains of at most W/2 + 1, no
   spills, 2^10 bits 274.6 -> 201.4 us per 2^30-bit batch on an H100, 2^8 and 2^9
   unchanged at the memory floor (bench/results/gpu-mulopt3-2026-11-22-h100-mulks.log).

   Up to 128 limbs (mul_grp_kernel, MPZG_MUL_GRP) an instance gets G = 8 threads at
   32 and 64 limbs (Q = 4, 8) and 16 at 128 (Q = 8), 32/G instances per warp: with
   whole warps Q was 1-4 there and the per-step overhead (b word, window word, two
   carry adds) weighed on few products.  a and b sit in shared rows of Q+1 limbs
   (bank skew), the diagonal blocks are done as triangles, the high run goes first so
   that a warp stays in lockstep, 64-thread blocks.  Kernel-only on an H100, 2^30-bit
   batches, 16-thread block kernel (MPZG_MUL_HALF, tuning builds) -> mul_grp_kernel:
   2^11 bits 588.7 -> 429.6 us, 2^12 866.6 -> 674.3, 2^13 1500.4 -> 1232.6
   (bench/results/gpu-2026-11-22-h100-mulopt-s3-final.log).  Loading b and the window
   words as vectors once per block of steps (MPZG_MUL_VEC) was no faster. */

#include <stdlib.h>
#include "carry.cuh"
#include "kernels.h"
#include "tuning.h"

namespace mpzg {

typedef unsigned int u32;

/* 32-bit multiply-add carry chains (the carry flag runs from one statement to the
   next, as in CGBN). */
__device__ __forceinline__ void mad_lo_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void madc_lo_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void mad_hi_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void madc_hi_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void addc_cc0 (u32 &d)
{ asm volatile ("addc.cc.u32 %0, %0, 0;" : "+r"(d)); }
__device__ __forceinline__ void addc0 (u32 &d)
{ asm volatile ("addc.u32 %0, %0, 0;" : "+r"(d)); }

/* Small: one thread per instance, a in registers as 2M 32-bit words, b streamed a
   32-bit word at a time; operand scanning with two carry chains per row (low and high
   halves of the products); each low result word is stored as soon as it is final. */
template <int M>
__global__ void __launch_bounds__ (MPZG_MUL_SMALL_BLOCK)
mul_small_kernel (const u64 *__restrict__ a, const u64 *__restrict__ b, u64 *__restrict__ r,
                  size_t count)
{
  const int N = 2 * M;
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= count)
    return;
  u32 av[N], res[2 * N];
#pragma unroll
  for (int i = 0; i < M; i++)
    {
      u64 x = a[(size_t) i * count + j];
      av[2 * i] = (u32) x;
      av[2 * i + 1] = (u32) (x >> 32);
    }
#pragma unroll
  for (int k = 0; k < 2 * N; k++)
    res[k] = 0;
  u64 bw = 0;
#pragma unroll
  for (int row = 0; row < N; row++)
    {
      if (row % 2 == 0)
        bw = b[(size_t) (row / 2) * count + j];
      u32 bj = row % 2 ? (u32) (bw >> 32) : (u32) bw;
      mad_lo_cc (res[row], av[0], bj);
#pragma unroll
      for (int i = 1; i < N; i++)
        madc_lo_cc (res[row + i], av[i], bj);
      addc_cc0 (res[row + N]);
      if (row + N + 1 < 2 * N)
        addc0 (res[row + N + 1]);
      mad_hi_cc (res[row + 1], av[0], bj);
#pragma unroll
      for (int i = 1; i < N; i++)
        madc_hi_cc (res[row + i + 1], av[i], bj);
      if (row + N + 1 < 2 * N)
        addc0 (res[row + N + 1]);
      if (row % 2 == 1)
        r[(size_t) (row / 2) * count + j] = (u64) res[row - 1] | ((u64) res[row] << 32);
    }
#pragma unroll
  for (int k = N; k < 2 * N; k += 2)
    r[(size_t) (k / 2) * count + j] = (u64) res[k] | ((u64) res[k + 1] << 32);
}

/* Small, 64-bit products: as above, but each 32x32-bit product lands whole on two
   adjacent columns, those on even columns summed in R (column k at R[k]), those on odd
   columns in S (column k at S[k-1]); within one row the products of a class do not
   overlap, so a row is two carry chains of N/2 multiply-adds on aligned word pairs
   (one IMAD.WIDE.U32(.X) each).  Column j is final in both after row j; the result
   R + S * 2^32 is formed column by column with a running carry and stored as soon as
   two words are ready, so only the live window of R and S stays in registers. */
template <int M>
__global__ void __launch_bounds__ (MPZG_MUL_SMALL_BLOCK)
mul_small_wide_kernel (const u64 *__restrict__ a, const u64 *__restrict__ b,
                       u64 *__restrict__ r, size_t count)
{
  const int N = 2 * M;
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= count)
    return;
  u32 av[N], R[2 * N + 2], S[2 * N + 2];
#pragma unroll
  for (int i = 0; i < M; i++)
    {
      u64 x = a[(size_t) i * count + j];
      av[2 * i] = (u32) x;
      av[2 * i + 1] = (u32) (x >> 32);
    }
#pragma unroll
  for (int k = 0; k < 2 * N + 2; k++)
    R[k] = S[k] = 0;
  u64 bw = 0, cc = 0;
  u32 lo = 0;
#pragma unroll
  for (int row = 0; row < N; row++)
    {
      if (row % 2 == 0)
        bw = b[(size_t) (row / 2) * count + j];
      u32 bj = row % 2 ? (u32) (bw >> 32) : (u32) bw;
      /* class R: i + row even, columns c = i + row at R[c], R[c+1] */
      {
        const int i0 = row & 1;
        mad_lo_cc (R[i0 + row], av[i0], bj);
        madc_hi_cc (R[i0 + row + 1], av[i0], bj);
#pragma unroll
        for (int i = i0 + 2; i < N; i += 2)
          {
            madc_lo_cc (R[i + row], av[i], bj);
            madc_hi_cc (R[i + row + 1], av[i], bj);
          }
        const int top = (N - 1 - ((N - 1 - i0) & 1)) + row + 2;   /* above the last pair */
        addc_cc0 (R[top]);
        addc0 (R[top + 1]);
      }
      /* class S: i + row odd, columns c = i + row at S[c-1], S[c] */
      {
        const int i0 = (row + 1) & 1;
        mad_lo_cc (S[i0 + row - 1], av[i0], bj);
        madc_hi_cc (S[i0 + row], av[i0], bj);
#pragma unroll
        for (int i = i0 + 2; i < N; i += 2)
          {
            madc_lo_cc (S[i + row - 1], av[i], bj);
            madc_hi_cc (S[i + row], av[i], bj);
          }
        const int top = (N - 1 - ((N - 1 - i0) & 1)) + row + 1;   /* S index above the last pair */
        addc_cc0 (S[top]);
        addc0 (S[top + 1]);
      }
      /* column row is final */
      {
        u64 t = (u64) R[row] + (row ? S[row - 1] : 0u) + cc;
        cc = t >> 32;
        if (row % 2 == 0)
          lo = (u32) t;
        else
          r[(size_t) (row / 2) * count + j] = (u64) lo | (t << 32);
      }
    }
#pragma unroll
  for (int k = N; k < 2 * N; k++)
    {
      u64 t = (u64) R[k] + S[k - 1] + cc;
      cc = t >> 32;
      if (k % 2 == 0)
        lo = (u32) t;
      else
        r[(size_t) (k / 2) * count + j] = (u64) lo | (t << 32);
    }
}

/* Small, hybrid scanning with 64-bit products (MPZG_MUL_SMALL_WIDE 2 and 3): both
   operands in registers as 2M 32-bit words; the product's 4M columns in blocks of W,
   each block summed over the b words that reach it (product scanning across blocks,
   operand scanning within one), with the even/odd split of the block kernel: a step
   (one b word) is two carry chains of at most W/2 multiply-adds on aligned pairs (one
   IMAD.WIDE.U32(.X) each) into E (columns c0..c0+W) and O (O[k] column c0+k+1), so no
   chain is longer than W/2 + 1 and only one block's accumulators are live.  Pairs
   above the last valid a word (right edge) only pass the carry on (IADD3.X); the
   block's top two words carry into the next block's E[0], E[1].  E and O each hold
   their sum: below 2^(32W + 32 + log2(2N)) < 2^(32(W+1)). */
/* One block of W columns starting at C0 (template recursion, so that every bound is a
   constant and the arrays stay in registers). */
template <int N, int W, int C0>
struct hyb_block
{
  static __device__ __forceinline__ void
  go (const u32 *av, const u32 *bv, u32 cw0, u32 cw1, u64 *__restrict__ r, size_t count,
      size_t j)
  {
    u32 E[W + 1], O[W + 1];
    E[0] = cw0;
    E[1] = cw1;
#pragma unroll
    for (int k = 2; k <= W; k++)
      E[k] = 0;
#pragma unroll
    for (int k = 0; k <= W; k++)
      O[k] = 0;
    const int slo = C0 - N + 1 > 0 ? C0 - N + 1 : 0;
    const int shi = C0 + W - 1 < N - 1 ? C0 + W - 1 : N - 1;
#pragma unroll
    for (int s = slo; s <= shi; s++)
      {
        const u32 bs = bv[s];
        const int qmin = s - C0 > 0 ? s - C0 : 0;
        const int qmax = N - 1 + s - C0 < W - 1 ? N - 1 + s - C0 : W - 1;
        const int qe = qmin + (qmin & 1), qo = qmin + 1 - (qmin & 1);
        if (qe <= qmax)
          {
            mad_lo_cc (E[qe], av[C0 + qe - s], bs);
            madc_hi_cc (E[qe + 1], av[C0 + qe - s], bs);
#pragma unroll
            for (int q = qe + 2; q <= W - 2; q += 2)
              if (q <= qmax)
                {
                  madc_lo_cc (E[q], av[C0 + q - s], bs);
                  madc_hi_cc (E[q + 1], av[C0 + q - s], bs);
                }
              else
                {
                  addc_cc0 (E[q]);
                  addc_cc0 (E[q + 1]);
                }
            addc0 (E[W]);
          }
        if (qo <= qmax)
          {
            mad_lo_cc (O[qo - 1], av[C0 + qo - s], bs);
            madc_hi_cc (O[qo], av[C0 + qo - s], bs);
#pragma unroll
            for (int q = qo + 2; q <= W - 1; q += 2)
              if (q <= qmax)
                {
                  madc_lo_cc (O[q - 1], av[C0 + q - s], bs);
                  madc_hi_cc (O[q], av[C0 + q - s], bs);
                }
              else
                {
                  addc_cc0 (O[q - 1]);
                  addc_cc0 (O[q]);
                }
            addc0 (O[W]);
          }
      }
    /* block value E + O * 2^32, W + 2 words: W out, two into the next block */
    u32 acc[W + 2];
    acc[0] = E[0];
    acc[1] = E[1];
    asm volatile ("add.cc.u32 %0, %0, %1;" : "+r"(acc[1]) : "r"(O[0]));
#pragma unroll
    for (int k = 2; k <= W; k++)
      {
        acc[k] = E[k];
        asm volatile ("addc.cc.u32 %0, %0, %1;" : "+r"(acc[k]) : "r"(O[k - 1]));
      }
    acc[W + 1] = O[W];
    addc0 (acc[W + 1]);
#pragma unroll
    for (int k = 0; k < W / 2; k++)
      r[(size_t) (C0 / 2 + k) * count + j] = (u64) acc[2 * k] | ((u64) acc[2 * k + 1] << 32);
    hyb_block<N, W, C0 + W>::go (av, bv, acc[W], acc[W + 1], r, count, j);
  }
};
template <int N, int W>
struct hyb_block<N, W, 2 * N>
{
  static __device__ __forceinline__ void
  go (const u32 *, const u32 *, u32, u32, u64 *__restrict__, size_t, size_t) {}
};

template <int M, int WW>
__global__ void __launch_bounds__ (MPZG_MUL_SMALL_BLOCK)
mul_small_hyb_kernel (const u64 *__restrict__ a, const u64 *__restrict__ b,
                      u64 *__restrict__ r, size_t count)
{
  const int N = 2 * M;
  const int W = (2 * N) % WW == 0 ? WW : 8;     /* 4M is a multiple of 8 */
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= count)
    return;
  u32 av[N], bv[N];
#pragma unroll
  for (int i = 0; i < M; i++)
    {
      u64 x = a[(size_t) i * count + j], y = b[(size_t) i * count + j];
      av[2 * i] = (u32) x;
      av[2 * i + 1] = (u32) (x >> 32);
      bv[2 * i] = (u32) y;
      bv[2 * i + 1] = (u32) (y >> 32);
    }
  hyb_block<N, W, 0>::go (av, bv, 0, 0, r, count, j);
}

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

/* Shared memory per instance (words): a with Q zero words on each side, b padded to a
   multiple of Q, one overflow word per run.  The product is staged over a and b. */
static unsigned
block_region (unsigned Q, unsigned Ma, unsigned Mb, unsigned Tg)
{
  return Ma + 2 * Q + (Mb + Q - 1) / Q * Q + 2 * Tg;
}

/* One step of a run: columns c0+q (q < W = 2Q, 32-bit units) += a32[c0+q-j] * b32[j];
   win holds the window rotated by s (slot (q - s) mod W holds column q's word). */
template <int W, int S>
__device__ __forceinline__ void
run_step (u32 *acc, const u32 *win, u32 b)
{
  mad_lo_cc (acc[0], win[(W - S) % W], b);
#pragma unroll
  for (int q = 1; q < W; q++)
    madc_lo_cc (acc[q], win[(q - S + W) % W], b);
  addc_cc0 (acc[W]);
  addc0 (acc[W + 1]);
  mad_hi_cc (acc[1], win[(W - S) % W], b);
#pragma unroll
  for (int q = 1; q < W; q++)
    madc_hi_cc (acc[q + 1], win[(q - S + W) % W], b);
  addc0 (acc[W + 1]);
}

template <int W, int S>
struct run_block
{
  /* steps S..W-1 of a block of W steps starting at b32 index j0; after step s the word
     for column q - s - 1 enters slot W-1-s */
  static __device__ __forceinline__ void
  go (u32 *acc, u32 *win, const u32 *bj, const u32 *anext)
  {
    run_step<W, S> (acc, win, bj[S]);
    win[W - 1 - S] = anext[-S];
    run_block<W, S + 1>::go (acc, win, bj, anext);
  }
};
template <int W>
struct run_block<W, W>
{
  static __device__ __forceinline__ void go (u32 *, u32 *, const u32 *, const u32 *) {}
};

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

/* W consecutive 32-bit words from shared memory, src aligned to W words (8 bytes for
   W = 2, else 16), as one or more vector loads. */
template <int W>
__device__ __forceinline__ void
load_words (u32 *dst, const u32 *src)
{
  if (W == 2)
    {
      uint2 v = *(const uint2 *) src;
      dst[0] = v.x;
      dst[1] = v.y;
    }
  else
    {
#pragma unroll
      for (int k = 0; k < W / 4; k++)
        {
          uint4 v = ((const uint4 *) src)[k];
          dst[4 * k] = v.x;
          dst[4 * k + 1] = v.y;
          dst[4 * k + 2] = v.z;
          dst[4 * k + 3] = v.w;
        }
    }
}

/* run_block_wide with the block's W words of b and the W words of a entering the
   window loaded up front as vector loads (MPZG_MUL_VEC): the per-step 32-bit loads of
   the window word, at a stride of W words between the threads of a warp, were W-way
   bank conflicts, W wavefronts per step against W/2 cycles of IMAD for the warp. */
template <int W, int S>
struct run_block_vec
{
  static __device__ __forceinline__ void
  go (u32 *E, u32 *O, u32 *win, const u32 *bv, const u32 *nx)
  {
    run_step_wide<W, S> (E, O, win, bv[S]);
    win[W - 1 - S] = nx[W - 1 - S];
    run_block_vec<W, S + 1>::go (E, O, win, bv, nx);
  }
};
template <int W>
struct run_block_vec<W, W>
{
  static __device__ __forceinline__ void go (u32 *, u32 *, u32 *, const u32 *, const u32 *) {}
};

/* acc (W+2 words) = E + O * 2^32; the sum fits (it is the run's column sum). */
template <int W>
__device__ __forceinline__ void
fold_wide (u32 *acc, const u32 *E, const u32 *O)
{
  acc[0] = E[0];
  acc[1] = E[1];
  asm volatile ("add.cc.u32 %0, %0, %1;" : "+r"(acc[1]) : "r"(O[0]));
#pragma unroll
  for (int k = 2; k <= W; k++)
    {
      acc[k] = E[k];
      asm volatile ("addc.cc.u32 %0, %0, %1;" : "+r"(acc[k]) : "r"(O[k - 1]));
    }
  acc[W + 1] = O[W];
  addc0 (acc[W + 1]);
}

/* Carry scan for groups of 16 threads (two instances per warp, MPZG_MUL_HALF): the
   ballot masks restricted to this half of the warp; threads past the instance's runs
   propagate, so bit 16 is the group's carry out. */
__device__ __forceinline__ unsigned
half_carry_scan (bool g, bool p, unsigned cin, unsigned *cout)
{
  unsigned lane = threadIdx.x & 31, sh = lane & 16;
  unsigned G = __ballot_sync (0xffffffffu, g), P = __ballot_sync (0xffffffffu, p);
  G = (G >> sh) & 0xffffu;
  P = (P >> sh) & 0xffffu;
  unsigned x = ((G | P) + G + cin) ^ P;
  *cout = (x >> 16) & 1u;
  return (x >> (lane & 15)) & 1u;
}

/* Blocks: at most 256 threads for Q <= 4, 512 for Q = 8 (see launch_block_q). */
template <int Q, bool WIDE, bool VEC>
__global__ void __launch_bounds__ (Q >= 8 ? 512 : 256)
mul_block_kernel (const u64 *__restrict__ A, const u64 *__restrict__ B, u64 *__restrict__ R,
                  unsigned Ma, unsigned Mb, size_t count, unsigned nw, unsigned ipb,
                  unsigned reg)
{
  const int W = 2 * Q;          /* 32-bit columns per run */
  extern __shared__ __align__ (16) u64 smem[];
  __shared__ unsigned char scratch[32][32];
  const unsigned Tg = nw ? 32 * nw : 16, gi = threadIdx.x / Tg, tt = threadIdx.x % Tg, w = tt >> 5;
  const unsigned T = Ma / Q, base = tt * Q, Mbp = (Mb + Q - 1) / Q * Q;
  const size_t inst = (size_t) blockIdx.x * ipb + gi;
  const bool live = inst < count;
  u64 *sa = smem + (size_t) gi * reg, *sb = sa + Ma + 2 * Q, *sov = sb + Mbp;

  /* 1. operands to shared memory, coalesced; zero pads around a and above b */
  {
    const u64 *ap = A + inst * Ma, *bp = B + inst * Mb;
    for (unsigned i = tt; i < Ma; i += Tg)
      sa[Q + i] = live ? ap[i] : 0;
    for (unsigned i = tt; i < Mbp; i += Tg)
      sb[i] = live && i < Mb ? bp[i] : 0;
    if (tt < Q)
      {
        sa[tt] = 0;
        sa[Q + Ma + tt] = 0;
      }
  }
  __syncthreads ();

  /* 2. the two runs: 32-bit columns 2*base.. (low) and 2*Ma+2*base.. (high), W each,
     in blocks of W steps over b's 32-bit words; the high run starts one step early
     (at j = 2*base, a zero step) so that both phases are whole blocks. */
  u64 rl[Q + 1], rh[Q + 1];
#pragma unroll
  for (int q = 0; q <= Q; q++)
    rl[q] = rh[q] = 0;
  if (tt < T)
    {
      const u32 *sa32 = (const u32 *) sa, *sb32 = (const u32 *) sb;
      const unsigned nbq = Mbp / Q, lowb = tt + 1 < nbq ? tt + 1 : nbq;
      const unsigned highb = nbq > tt ? nbq - tt : 0, total = lowb + highb;
      u32 acc[W + 2], win[W];
      unsigned c0 = W + 2 * base, j0 = 0;     /* sa32 index of column 0's word at j = 0 */
#pragma unroll
      for (int q = 0; q < W + 2; q++)
        acc[q] = 0;
#pragma unroll
      for (int q = 0; q < W; q++)
        win[q] = sa32[c0 + q];
      if (WIDE)
        {
          u32 E[W + 1], O[W + 1];
#pragma unroll
          for (int q = 0; q <= W; q++)
            E[q] = O[q] = 0;
          for (unsigned blk = 0; blk < total; blk++)
            {
              if (blk == lowb)
                {
                  fold_wide<W> (acc, E, O);
#pragma unroll
                  for (int q = 0; q <= Q; q++)
                    rl[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
#pragma unroll
                  for (int q = 0; q <= W; q++)
                    E[q] = O[q] = 0;
                  c0 = W + 2 * Ma + 2 * base;
                  j0 = 2 * base;
#pragma unroll
                  for (int q = 0; q < W; q++)
                    win[q] = sa32[c0 - j0 + q];
                }
              if (VEC)
                {
                  u32 bv[W], nx[W];
                  load_words<W> (bv, sb32 + j0);
                  load_words<W> (nx, sa32 + c0 - j0 - W);
                  run_block_vec<W, 0>::go (E, O, win, bv, nx);
                }
              else
                run_block_wide<W, 0>::go (E, O, win, sb32 + j0, sa32 + c0 - j0 - 1);
              j0 += W;
            }
          fold_wide<W> (acc, E, O);
        }
      else
      for (unsigned blk = 0; blk < total; blk++)
        {
          if (blk == lowb)
            {
#pragma unroll
              for (int q = 0; q <= Q; q++)
                rl[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
#pragma unroll
              for (int q = 0; q < W + 2; q++)
                acc[q] = 0;
              c0 = W + 2 * Ma + 2 * base;
              j0 = 2 * base;
#pragma unroll
              for (int q = 0; q < W; q++)
                win[q] = sa32[c0 - j0 + q];
            }
          run_block<W, 0>::go (acc, win, sb32 + j0, sa32 + c0 - j0 - 1);
          j0 += W;
        }
      if (highb == 0)
        {
#pragma unroll
          for (int q = 0; q <= Q; q++)
            rl[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
        }
      else
        {
#pragma unroll
          for (int q = 0; q <= Q; q++)
            rh[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
        }
    }

  /* 3. each run's top word to the next run */
  bool gl, pl, gh, ph;
  pass_run_tops<Q> (rl, rh, sov, tt, T, Tg, gl, pl, gh, ph);

  /* 4. carries: all low runs, then all high runs */
  unsigned c1, c2;
  unsigned cl, ch;
  if (nw == 0)                  /* 16 threads per instance (block-uniform) */
    {
      cl = half_carry_scan (gl, pl, 0, &c1);
      ch = half_carry_scan (gh, ph, c1, &c2);
    }
  else
    {
      cl = group_carry_scan (gl, pl, 0, nw, w, scratch[gi], &c1);
      ch = group_carry_scan (gh, ph, c1, nw, w, scratch[gi], &c2);
    }
  /* 5. product out, coalesced */
  store_product<Q> (rl, rh, cl, ch, tt < T, base, sa, Ma, Ma, Mb, live, R, inst, tt, Tg);
}

/* ---- Up to 128 limbs: groups of G = 8 or 16 threads per instance (mul_grp_kernel).

   The load-balanced partition of mul_block_kernel with Q = Ma/8 (G = 8 threads per
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

/* Carry scan over groups of G threads (G = 4, 8 or 16, 32/G groups per warp): the ballot
   masks restricted to this group; threads past the instance's runs propagate, so bit G
   is the group's carry out. */
template <int G>
__device__ __forceinline__ unsigned
grp_carry_scan (bool g, bool p, unsigned cin, unsigned *cout)
{
  unsigned lane = threadIdx.x & 31, sh = lane & (32 - G);
  unsigned Gm = __ballot_sync (0xffffffffu, g), Pm = __ballot_sync (0xffffffffu, p);
  Gm = (Gm >> sh) & ((1u << G) - 1);
  Pm = (Pm >> sh) & ((1u << G) - 1);
  unsigned x = ((Gm | Pm) + Gm + cin) ^ Pm;
  *cout = (x >> G) & 1u;
  return (x >> (lane & (G - 1))) & 1u;
}

/* Shared memory of one instance (32-bit words): a as Ma/Q + 2 rows (a zero row on each
   side), b as ceil(Mb/Q) rows, rows W + 2 apart; the bank offset adj (up to 25); the
   runs' top words (2G limbs) at the end.  A multiple of 32, so that every instance
   starts on bank 0 before adj. */
static unsigned
grp_region (unsigned Q, unsigned G, unsigned Ma, unsigned Mb)
{
  unsigned S = 2 * Q + 2, T = (Ma + Q - 1) / Q, nbq = (Mb + Q - 1) / Q;
  unsigned aw = ((T + 2) * S + 31) & ~31u;
  return (aw + nbq * S + 25 + 4 * G + 31) & ~31u;
}

template <int Q, int G, bool TRI, bool SW>
__global__ void __launch_bounds__ (256)
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
             inline helper moved the register allocation and cost 2^11 bits +4.7 %,
             2^12 +2.5 % kernel-only (H100, bench/results/gpu-2026-11-22-h100-s3-refactor-*). */
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
#pragma unroll
                  for (int q = 0; q <= Q; q++)
                    rh[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
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
#pragma unroll
              for (int q = 0; q <= Q; q++)
                rh[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
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
              u64 x = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32), y = rh[q] + bw;
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
#pragma unroll
              for (int q = 0; q <= Q; q++)
                rh[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
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
#pragma unroll
          for (int q = 0; q <= Q; q++)
            rh[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
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
#pragma unroll
      for (int q = 0; q <= Q; q++)
        rl[q] = (u64) acc[2 * q] | ((u64) acc[2 * q + 1] << 32);
      }
    }

  /* 3. each run's top word to the next run */
  bool gl, pl, gh, ph;
  pass_run_tops<Q> (rl, rh, sov, tt, T, G, gl, pl, gh, ph);

  /* 4. carries: all low runs, then all high runs; the product staged over a and b
     (every read of them is behind the barrier above) */
  unsigned c1, c2;
  unsigned cl = grp_carry_scan<G> (gl, pl, 0, &c1);
  unsigned ch = grp_carry_scan<G> (gh, ph, c1, &c2);
  /* 5. product out, coalesced */
  store_product<Q> (rl, rh, cl, ch, tt < T, base, (u64 *) reg, Map, Ma, Mb, live, R, inst, tt,
                    G);
}

unsigned
mul_small_width (unsigned n)
{
  static const unsigned w[] = { 2, 4, 6, 8, 12, 16, 24, 32 };
  for (unsigned k = 0; k < sizeof w / sizeof w[0]; k++)
    if (n <= w[k])
      return w[k];
  return 0;
}

/* one launch per small width: KS up to 16 limbs, KL at 24 and 32 */
#define MPZG_SMALL_SWITCH2(KS, KL)                                                      \
  switch (M)                                                                            \
    {                                                                                   \
    case 2: KS (2); break;                                                              \
    case 4: KS (4); break;                                                              \
    case 6: KS (6); break;                                                              \
    case 8: KS (8); break;                                                              \
    case 12: KS (12); break;                                                            \
    case 16: KS (16); break;                                                            \
    case 24: KL (24); break;                                                            \
    case 32: KL (32); break;                                                            \
    default: return cudaErrorInvalidValue;                                              \
    }
#define MPZG_SMALL_SWITCH(K) MPZG_SMALL_SWITCH2 (K, K)
#define MPZG_K_OLD(m) mul_small_kernel<m><<<blocks, t, 0, s>>> (a, b, r, count)
/* the hybrid kernels hold both operands (4M registers): up to 16 limbs only, the
   32-bit kernel above (at 24 and 32 limbs the hybrid one spills) */
#define MPZG_K_HYB8(m) mul_small_hyb_kernel<m, 8><<<blocks, t, 0, s>>> (a, b, r, count)
#define MPZG_K_HYB16(m) mul_small_hyb_kernel<m, 16><<<blocks, t, 0, s>>> (a, b, r, count)

cudaError_t
launch_mul_small (const u64 *a, const u64 *b, u64 *r, unsigned M, size_t count, cudaStream_t s)
{
  if (count == 0)
    return cudaSuccess;
  unsigned blocks = (unsigned) ((count + MPZG_MUL_SMALL_BLOCK - 1) / MPZG_MUL_SMALL_BLOCK);
  const unsigned t = MPZG_MUL_SMALL_BLOCK;
#ifdef MPZG_TUNING_VARIANTS
  /* MPZG_GPU_MUL_SMALL_WIDE (comparison runs): 0 operand scanning with 32-bit chains,
     1 operand scanning with 64-bit products, 2 and 3 hybrid scanning, W = 8 and 16 */
  const char *wv = getenv ("MPZG_GPU_MUL_SMALL_WIDE");
  int wide = wv != NULL && *wv ? atoi (wv) : MPZG_MUL_SMALL_WIDE;
#define MPZG_K_WIDE(m) mul_small_wide_kernel<m><<<blocks, t, 0, s>>> (a, b, r, count)
  if (wide == 1)
    MPZG_SMALL_SWITCH (MPZG_K_WIDE)
  else if (wide == 2)
    MPZG_SMALL_SWITCH2 (MPZG_K_HYB8, MPZG_K_OLD)
  else if (wide == 3)
    MPZG_SMALL_SWITCH2 (MPZG_K_HYB16, MPZG_K_OLD)
  else
    MPZG_SMALL_SWITCH (MPZG_K_OLD)
#elif MPZG_MUL_SMALL_WIDE == 0
  MPZG_SMALL_SWITCH (MPZG_K_OLD)
#elif MPZG_MUL_SMALL_WIDE == 2
  MPZG_SMALL_SWITCH2 (MPZG_K_HYB8, MPZG_K_OLD)
#elif MPZG_MUL_SMALL_WIDE == 3
  MPZG_SMALL_SWITCH2 (MPZG_K_HYB16, MPZG_K_OLD)
#else
#error "MPZG_MUL_SMALL_WIDE 1 needs a build with -DMPZG_TUNING_VARIANTS"
#endif
  return cudaGetLastError ();
}

template <int Q, bool WIDE, bool VEC>
static cudaError_t
launch_block_q (const u64 *a, const u64 *b, u64 *r, unsigned Ma, unsigned Mb, size_t count,
                cudaStream_t s, bool half = false)
{
  static int optin = 0;         /* the launchers run under launch.cu's lock */
  cudaError_t e;
  if (optin == 0)
    {
      int dev, v = 0;
      if ((e = cudaGetDevice (&dev)) != cudaSuccess
          || (e = cudaDeviceGetAttribute (&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev))
             != cudaSuccess)
        return e;
      v -= 32 * 32;             /* the static scratch */
      if ((e = cudaFuncSetAttribute (mul_block_kernel<Q, WIDE, VEC>,
                                     cudaFuncAttributeMaxDynamicSharedMemorySize, v))
          != cudaSuccess)
        return e;
      optin = v;
    }
  unsigned T = Ma / Q, nw = (T + 31) / 32, Tg = 32 * nw;
  if (half)                     /* 16 threads per instance, two instances per warp */
    {
      if (T > 16)
        return cudaErrorInvalidValue;
      nw = 0;
      Tg = 16;
    }
  unsigned reg = block_region (Q, Ma, Mb, Tg);
  size_t bytes = (size_t) reg * sizeof (u64);
  if (bytes > (size_t) optin || Ma % Q != 0 || Mb > Ma || Mb == 0 || nw > 32)
    return cudaErrorInvalidValue;
  unsigned ipb = MPZG_MUL_BLOCK_THREADS / Tg;
  if (ipb < 1)
    ipb = 1;
  if (ipb > 32)
    ipb = 32;
  while (ipb > 1 && ipb * bytes > 48 * 1024)
    ipb--;
  if (half && ipb % 2)          /* whole warps */
    ipb = ipb > 1 ? ipb - 1 : 2;
  size_t blocks = (count + ipb - 1) / ipb;
  mul_block_kernel<Q, WIDE, VEC><<<(unsigned) blocks, ipb * Tg, ipb * bytes, s>>>
    (a, b, r, Ma, Mb, count, nw, ipb, reg);
  return cudaGetLastError ();
}

/* Up to 128 limbs: 32/G instances per warp, MPZG_MUL_GRP_THREADS threads per block. */
template <int Q, int G, bool TRI, bool SW>
static cudaError_t
launch_grp (const u64 *a, const u64 *b, u64 *r, unsigned Ma, unsigned Mb, size_t count,
            cudaStream_t s, unsigned threads)
{
  if (Mb > Ma || Mb == 0 || (Ma + Q - 1) / Q > G)
    return cudaErrorInvalidValue;
  unsigned reg32 = grp_region (Q, G, Ma, Mb);
  if (threads < 32 || threads > 256 || threads % 32)
    threads = MPZG_MUL_GRP_THREADS;
  /* whole warps, at most 48 KiB of shared memory per block (no opt-in needed) */
  while (threads > 32 && (size_t) (threads / G) * reg32 * sizeof (u32) > 48 * 1024)
    threads -= 32;
  unsigned ipb = threads / G;
  size_t bytes = (size_t) ipb * reg32 * sizeof (u32);
  if (bytes > 48 * 1024)
    return cudaErrorInvalidValue;
  size_t blocks = (count + ipb - 1) / ipb;
  mul_grp_kernel<Q, G, TRI, SW><<<(unsigned) blocks, threads, bytes, s>>> (a, b, r, Ma, Mb,
                                                                           count, reg32);
  return cudaGetLastError ();
}

cudaError_t
launch_mul_block (const u64 *a, const u64 *b, u64 *r, unsigned Ma, unsigned Mb, size_t count,
                  cudaStream_t s)
{
  if (count == 0)
    return cudaSuccess;
#ifdef MPZG_TUNING_VARIANTS
  /* Tuning builds (NVCCFLAGS=-DMPZG_TUNING_VARIANTS): every variant, chosen by
     MPZG_GPU_MUL_* environment settings, for cuda/check/gpucheck mulk. */
  unsigned q4max = MPZG_MUL_Q4_MAX;
  const char *env = getenv ("MPZG_GPU_MUL_Q4_MAX");   /* tuning runs */
  if (env != NULL && atoi (env) > 0)
    q4max = (unsigned) atoi (env);
  if (q4max > 4 * 256)          /* Q = 4 blocks hold at most 256 threads (launch bounds) */
    q4max = 4 * 256;
  /* MPZG_GPU_MUL_WIDE=0: the 32-bit carry-chain inner loop (comparison runs) */
  const char *wv = getenv ("MPZG_GPU_MUL_WIDE");
  int wide = wv != NULL && *wv ? atoi (wv) != 0 : MPZG_MUL_WIDE;
  /* MPZG_GPU_MUL_VEC=0: the wide loop with per-step 32-bit shared loads (comparison runs) */
  const char *vv = getenv ("MPZG_GPU_MUL_VEC");
  int vec = vv != NULL && *vv ? atoi (vv) : MPZG_MUL_VEC;   /* 2: for Q <= 2 only */
  unsigned q1max = MPZG_MUL_Q1_MAX, q2max = MPZG_MUL_Q2_MAX;
  if ((env = getenv ("MPZG_GPU_MUL_Q1_MAX")) != NULL && *env)
    q1max = (unsigned) atoi (env);
  if ((env = getenv ("MPZG_GPU_MUL_Q2_MAX")) != NULL && *env)
    q2max = (unsigned) atoi (env);
  if (q1max > 256)              /* launch bounds: 256 threads for Q <= 4 */
    q1max = 256;
  if (q2max > 2 * 256)
    q2max = 2 * 256;
  /* MPZG_GPU_MUL_HALF=1: up to 128 limbs, 16 threads per instance, Q = Ma / 16 */
  const char *hv = getenv ("MPZG_GPU_MUL_HALF");
  int half = hv != NULL && *hv ? atoi (hv) != 0 : MPZG_MUL_HALF;
  /* MPZG_GPU_MUL_GRP=0: the paths below up to 128 limbs (comparison runs); else
     mul_grp_kernel, triangles MPZG_GPU_MUL_TRI, MPZG_GPU_MUL_GRP_THREADS per block,
     MPZG_GPU_MUL_G32, _G64, _G128: threads per instance at <= 32, 64, 128 limbs
     (8 or 16, and 4 at 32 limbs; Q = 4, 8, 8 at the defaults 8, 8, 16) */
  const char *gv = getenv ("MPZG_GPU_MUL_GRP");
  int grp = gv != NULL && *gv ? atoi (gv) : MPZG_MUL_GRP;
  if (grp && Ma <= 128)
    {
      const char *tv = getenv ("MPZG_GPU_MUL_TRI"), *nv = getenv ("MPZG_GPU_MUL_GRP_THREADS");
      int tri = tv != NULL && *tv ? atoi (tv) != 0 : MPZG_MUL_TRI;
      unsigned th = nv != NULL && *nv ? (unsigned) atoi (nv) : MPZG_MUL_GRP_THREADS;
      const char *g32 = getenv ("MPZG_GPU_MUL_G32"), *g64 = getenv ("MPZG_GPU_MUL_G64"),
        *g128 = getenv ("MPZG_GPU_MUL_G128");
      /* MPZG_GPU_MUL_SW: the switch of every size (else tuning.h's, per size) */
      const char *sv = getenv ("MPZG_GPU_MUL_SW");
      int sw32 = MPZG_MUL_SW32, sw64 = MPZG_MUL_SW64, sw128 = MPZG_MUL_SW128;
      if (sv != NULL && *sv)
        sw32 = sw64 = sw128 = atoi (sv) != 0;
      if (Ma <= 32)
        {
          if (g32 != NULL && atoi (g32) == 16)
            return launch_grp<2, 16, true, MPZG_MUL_SW32 != 0> (a, b, r, Ma, Mb, count, s, th);
          if (g32 != NULL && atoi (g32) == 4)
            return launch_grp<8, 4, true, MPZG_MUL_SW32 != 0> (a, b, r, Ma, Mb, count, s, th);
          if (!tri)
            return launch_grp<4, 8, false, MPZG_MUL_SW32 != 0> (a, b, r, Ma, Mb, count, s, th);
          return sw32 ? launch_grp<4, 8, true, true> (a, b, r, Ma, Mb, count, s, th)
                      : launch_grp<4, 8, true, false> (a, b, r, Ma, Mb, count, s, th);
        }
      if (Ma <= 64)
        {
          if (g64 != NULL && atoi (g64) == 16)
            return launch_grp<4, 16, true, MPZG_MUL_SW64 != 0> (a, b, r, Ma, Mb, count, s, th);
          if (!tri)
            return launch_grp<8, 8, false, MPZG_MUL_SW64 != 0> (a, b, r, Ma, Mb, count, s, th);
          return sw64 ? launch_grp<8, 8, true, true> (a, b, r, Ma, Mb, count, s, th)
                      : launch_grp<8, 8, true, false> (a, b, r, Ma, Mb, count, s, th);
        }
      if (g128 != NULL && atoi (g128) == 8)
        return launch_grp<16, 8, true, MPZG_MUL_SW128 != 0> (a, b, r, Ma, Mb, count, s, th);
      if (!tri)
        return launch_grp<8, 16, false, MPZG_MUL_SW128 != 0> (a, b, r, Ma, Mb, count, s, th);
      return sw128 ? launch_grp<8, 16, true, true> (a, b, r, Ma, Mb, count, s, th)
                   : launch_grp<8, 16, true, false> (a, b, r, Ma, Mb, count, s, th);
    }
  if (wide && half && Ma <= 128)
    {
      unsigned Q = Ma <= 16 ? 1 : Ma <= 32 ? 2 : Ma <= 64 ? 4 : 8;
      if (Ma % Q == 0)
        switch (Q)
          {
          case 1: return vec ? launch_block_q<1, true, true> (a, b, r, Ma, Mb, count, s, true)
                             : launch_block_q<1, true, false> (a, b, r, Ma, Mb, count, s, true);
          case 2: return vec ? launch_block_q<2, true, true> (a, b, r, Ma, Mb, count, s, true)
                             : launch_block_q<2, true, false> (a, b, r, Ma, Mb, count, s, true);
          case 4: return vec == 1 ? launch_block_q<4, true, true> (a, b, r, Ma, Mb, count, s, true)
                             : launch_block_q<4, true, false> (a, b, r, Ma, Mb, count, s, true);
          default: return vec == 1 ? launch_block_q<8, true, true> (a, b, r, Ma, Mb, count, s, true)
                              : launch_block_q<8, true, false> (a, b, r, Ma, Mb, count, s, true);
          }
    }
  if (wide && vec)
    {
      if (Ma <= q1max)
        return launch_block_q<1, true, true> (a, b, r, Ma, Mb, count, s);
      if (Ma <= q2max)
        return launch_block_q<2, true, true> (a, b, r, Ma, Mb, count, s);
      if (vec == 2)
        ;
      else if (Ma <= q4max)
        return launch_block_q<4, true, true> (a, b, r, Ma, Mb, count, s);
      else
        return launch_block_q<8, true, true> (a, b, r, Ma, Mb, count, s);
    }
  if (wide)
    {
      if (Ma <= q1max)
        return launch_block_q<1, true, false> (a, b, r, Ma, Mb, count, s);
      if (Ma <= q2max)
        return launch_block_q<2, true, false> (a, b, r, Ma, Mb, count, s);
      if (Ma <= q4max)
        return launch_block_q<4, true, false> (a, b, r, Ma, Mb, count, s);
      return launch_block_q<8, true, false> (a, b, r, Ma, Mb, count, s);
    }
  if (Ma <= q1max)
    return launch_block_q<1, false, false> (a, b, r, Ma, Mb, count, s);
  if (Ma <= q2max)
    return launch_block_q<2, false, false> (a, b, r, Ma, Mb, count, s);
  if (Ma <= q4max)
    return launch_block_q<4, false, false> (a, b, r, Ma, Mb, count, s);
  return launch_block_q<8, false, false> (a, b, r, Ma, Mb, count, s);
#else
  /* The default build: the variant chosen by measurement (tuning.h) and nothing
     else, so that no comparison kernel is compiled or chosen at run time. */
#if MPZG_MUL_WIDE != 1 || MPZG_MUL_VEC != 0 || MPZG_MUL_GRP != 1 || MPZG_MUL_Q4_MAX > 128
#error "the default build compiles only MPZG_MUL_WIDE=1 VEC=0 GRP=1 and Q = 8 above 128 limbs; build other choices with -DMPZG_TUNING_VARIANTS"
#endif
  /* up to 128 limbs: groups of 8 threads (Q = 4, 8) or 16 (Q = 8), tuning.h */
  const bool tri = MPZG_MUL_TRI != 0;
  if (Ma <= 32)
    return launch_grp<4, 8, tri, MPZG_MUL_SW32 != 0> (a, b, r, Ma, Mb, count, s,
                                                      MPZG_MUL_GRP_THREADS);
  if (Ma <= 64)
    return launch_grp<8, 8, tri, MPZG_MUL_SW64 != 0> (a, b, r, Ma, Mb, count, s,
                                                      MPZG_MUL_GRP_THREADS);
  if (Ma <= 128)
    return launch_grp<8, 16, tri, MPZG_MUL_SW128 != 0> (a, b, r, Ma, Mb, count, s,
                                                        MPZG_MUL_GRP_THREADS);
  return launch_block_q<8, true, false> (a, b, r, Ma, Mb, count, s);
#endif
}

} /* namespace mpzg */
