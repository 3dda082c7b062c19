/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* small.cuh -- one thread per instance on the interleaved layout (word i of instance
   j at i*count+j, so that loads coalesce across instances), both operands of one
   small width (core/widths.h). */
#ifndef MPZG_MUL_SMALL_CUH
#define MPZG_MUL_SMALL_CUH

#include "tuning.h"
#include "core/asm.cuh"

namespace mpzg {

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
        r[(size_t) (row / 2) * count + j] = join64 (res[row - 1], res[row]);
    }
#pragma unroll
  for (int k = N; k < 2 * N; k += 2)
    r[(size_t) (k / 2) * count + j] = join64 (res[k], res[k + 1]);
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
    fold_wide<W> (acc, E, O);
#pragma unroll
    for (int k = 0; k < W / 2; k++)
      r[(size_t) (C0 / 2 + k) * count + j] = join64 (acc[2 * k], acc[2 * k + 1]);
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

/* One launch of a one-thread kernel over count instances. */
template <typename K>
static cudaError_t
launch_small (K kernel, const u64 *a, const u64 *b, u64 *r, size_t count, cudaStream_t s)
{
  const unsigned t = MPZG_MUL_SMALL_BLOCK;
  kernel<<<(unsigned) ((count + t - 1) / t), t, 0, s>>> (a, b, r, count);
  return cudaGetLastError ();
}

} /* namespace mpzg */

#endif
