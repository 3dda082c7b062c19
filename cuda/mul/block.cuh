/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* block.cuh -- mul_block_kernel: a group of whole warps per instance, the
   load-balanced runs of runs.cuh, operands and product staged in shared memory; the
   shape above 128 limbs.

   Tuning builds instantiate it with the 32-bit carry-chain inner loop (WIDE false)
   and with vector loads (VEC true); those loops are defined in variants.cu, and the
   default build's instantiation (WIDE true, VEC false) does not compile them. */
#ifndef MPZG_MUL_BLOCK_CUH
#define MPZG_MUL_BLOCK_CUH

#include "mpzg-mpn.h"
#include "tuning.h"
#include "core/carry.cuh"
#include "mul/runs.cuh"

namespace mpzg {

/* Instances per block at most (one row of the carry scan's scratch each), and the
   threads of an instance in the 16-thread shape (two instances per warp). */
enum { BLOCK_MAX_GROUPS = 32, BLOCK_HALF_THREADS = 16 };

/* The inner loops of the tuning builds' instantiations (variants.cu). */
template <int W, int S> struct run_block;
template <int W, int S> struct run_block_vec;
template <int W> __device__ __forceinline__ void load_words (u32 *dst, const u32 *src);

/* Shared memory per instance (words): a with Q zero words on each side, b padded to a
   multiple of Q, one overflow word per run.  The product is staged over a and b. */
static inline unsigned
block_region (unsigned Q, unsigned Ma, unsigned Mb, unsigned Tg)
{
  return Ma + 2 * Q + (Mb + Q - 1) / Q * Q + 2 * Tg;
}

template <int Q, bool WIDE, bool VEC>
__global__ void
__launch_bounds__ (Q >= 8 ? MPZG_MUL_BLOCK_MAX_THREADS_Q8 : MPZG_MUL_BLOCK_MAX_THREADS)
mul_block_kernel (const u64 *__restrict__ A, const u64 *__restrict__ B, u64 *__restrict__ R,
                  unsigned Ma, unsigned Mb, size_t count, unsigned nw, unsigned ipb,
                  unsigned reg)
{
  const int W = 2 * Q;          /* 32-bit columns per run */
  extern __shared__ __align__ (16) u64 smem[];
  __shared__ unsigned char scratch[BLOCK_MAX_GROUPS][32];
  const unsigned Tg = nw ? 32 * nw : BLOCK_HALF_THREADS, gi = threadIdx.x / Tg,
    tt = threadIdx.x % Tg, w = tt >> 5;
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
      if constexpr (WIDE)
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
pack_run<Q> (rl, acc);
#pragma unroll
                  for (int q = 0; q <= W; q++)
                    E[q] = O[q] = 0;
                  c0 = W + 2 * Ma + 2 * base;
                  j0 = 2 * base;
#pragma unroll
                  for (int q = 0; q < W; q++)
                    win[q] = sa32[c0 - j0 + q];
                }
              if constexpr (VEC)
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
pack_run<Q> (rl, acc);
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
pack_run<Q> (rl, acc);
        }
      else
        {
pack_run<Q> (rh, acc);
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
      cl = subwarp_carry_scan<BLOCK_HALF_THREADS> (gl, pl, 0, &c1);
      ch = subwarp_carry_scan<BLOCK_HALF_THREADS> (gh, ph, c1, &c2);
    }
  else
    {
      cl = group_carry_scan (gl, pl, 0, nw, w, scratch[gi], &c1);
      ch = group_carry_scan (gh, ph, c1, nw, w, scratch[gi], &c2);
    }
  /* 5. product out, coalesced */
  store_product<Q> (rl, rh, cl, ch, tt < T, base, sa, Ma, Ma, Mb, live, R, inst, tt, Tg);
}

/* Dynamic shared memory a block may opt into: the device's most less the static
   scratch. */
static inline size_t
block_optin (const mpzg_mpn_device *dev)
{
  const size_t scratch = BLOCK_MAX_GROUPS * 32;
  return dev->smem_optin > scratch ? dev->smem_optin - scratch : 0;
}

/* The opt-in of one instantiation, on the current device (mpzg_mpn_mul_setup). */
template <int Q, bool WIDE, bool VEC>
static cudaError_t
setup_block_q (const mpzg_mpn_device *dev)
{
  return cudaFuncSetAttribute (mul_block_kernel<Q, WIDE, VEC>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int) block_optin (dev));
}

/* count instances of a (Ma words) times b (Mb <= Ma words), Ma a multiple of Q;
   half: 16 threads per instance (Ma / Q <= 16).  Instances share a block while they
   fit the shared memory a block gets without opting in. */
template <int Q, bool WIDE, bool VEC>
static cudaError_t
launch_block_q (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r, unsigned Ma,
                unsigned Mb, size_t count, cudaStream_t s, bool half = false)
{
  const size_t optin = block_optin (dev);
  unsigned T = Ma / Q, nw = (T + 31) / 32, Tg = 32 * nw;
  if (half)                     /* 16 threads per instance, two instances per warp */
    {
      if (T > BLOCK_HALF_THREADS)
        return cudaErrorInvalidValue;
      nw = 0;
      Tg = BLOCK_HALF_THREADS;
    }
  unsigned reg = block_region (Q, Ma, Mb, Tg);
  size_t bytes = (size_t) reg * sizeof (u64);
  if (bytes > optin || Ma % Q != 0 || Mb > Ma || Mb == 0 || nw > 32)
    return cudaErrorInvalidValue;
  unsigned ipb = MPZG_MUL_BLOCK_THREADS / Tg;
  if (ipb < 1)
    ipb = 1;
  if (ipb > BLOCK_MAX_GROUPS)
    ipb = BLOCK_MAX_GROUPS;
  while (ipb > 1 && ipb * bytes > dev->smem_block)
    ipb--;
  if (half && ipb % 2)          /* whole warps */
    ipb = ipb > 1 ? ipb - 1 : 2;
  size_t blocks = (count + ipb - 1) / ipb;
  mul_block_kernel<Q, WIDE, VEC><<<(unsigned) blocks, ipb * Tg, ipb * bytes, s>>>
    (a, b, r, Ma, Mb, count, nw, ipb, reg);
  return cudaGetLastError ();
}

} /* namespace mpzg */

#endif
