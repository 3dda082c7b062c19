/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* variants.cu -- the mul kernels and shapes that only tuning builds compile
   (-DMPZG_TUNING_VARIANTS, as GMP's TUNE_PROGRAM_BUILD): the comparison kernels, and
   a ladder whose every choice an MPZG_GPU_MUL_* environment setting can override,
   for a tuning program's sweeps.  The settings are read at every call, so that one
   process can compare variants.  With none set the choices are tuning.h's, as in the
   default build.  A default build compiles nothing here. */

#ifdef MPZG_TUNING_VARIANTS

#include <stdlib.h>
#include "mpzg-mpn.h"
#include "tuning.h"
#include "core/widths.h"
#include "mul/small.cuh"
#include "mul/grp.cuh"
#include "mul/block.cuh"
#include "mul/variants.h"

namespace mpzg {

/* ---- one thread per instance ---- */

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
        /* S index above the last pair */
        const int top = (N - 1 - ((N - 1 - i0) & 1)) + row + 1;
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

/* ---- the block kernel's other inner loops ---- */

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

/* ---- the ladder ---- */

/* MPZG_GPU_MUL_SMALL_MAX: the widest operand for the one-thread kernels, at most
   MPZG_MUL_SMALL_MAX (0: none). */
unsigned
variant_mul_small_max (void)
{
  const char *env = getenv ("MPZG_GPU_MUL_SMALL_MAX");
  if (env != NULL && atoi (env) >= 0 && atoi (env) <= MPZG_MUL_SMALL_MAX)
    return (unsigned) atoi (env);
  return MPZG_MUL_SMALL_MAX;
}

/* MPZG_GPU_MUL_SMALL_WIDE: 0 operand scanning with 32-bit chains, 1 operand scanning
   with 64-bit products, 2 and 3 hybrid scanning with W = 8 and 16 up to
   MPZG_MUL_SMALL_HYB_MAX (the 32-bit chains above). */
template <int M>
static cudaError_t
small_width (int wide, const u64 *a, const u64 *b, u64 *r, size_t count, cudaStream_t s)
{
  if (wide == 1)
    return launch_small (mul_small_wide_kernel<M>, a, b, r, count, s);
  if constexpr (M <= MPZG_MUL_SMALL_HYB_MAX)
    {
      if (wide == 2)
        return launch_small (mul_small_hyb_kernel<M, 8>, a, b, r, count, s);
      if (wide == 3)
        return launch_small (mul_small_hyb_kernel<M, 16>, a, b, r, count, s);
    }
  return launch_small (mul_small_kernel<M>, a, b, r, count, s);
}

cudaError_t
variant_mul_small (unsigned M, const u64 *a, const u64 *b, u64 *r, size_t count,
                   cudaStream_t s)
{
  const char *wv = getenv ("MPZG_GPU_MUL_SMALL_WIDE");
  int wide = wv != NULL && *wv ? atoi (wv) : MPZG_MUL_SMALL_WIDE;
  switch (M)
    {
#define MPZG_CASE(c, m) case m: return small_width<m> (wide, a, b, r, count, s);
      MPZG_MUL_SMALL_WIDTHS (MPZG_CASE)
#undef MPZG_CASE
    default:
      return cudaErrorInvalidValue;
    }
}

/* Above the small widths: the group kernel (MPZG_GPU_MUL_GRP, default MPZG_MUL_GRP)
   up to 128 limbs, else the block kernel with MPZG_GPU_MUL_Q1_MAX, _Q2_MAX, _Q4_MAX,
   _WIDE, _VEC, _HALF. */
cudaError_t
variant_mul_large (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r,
                   unsigned Ma, unsigned Mb, size_t count, cudaStream_t s)
{
#define LARGE_ARGS dev, a, b, r, Ma, Mb, count, s
  unsigned q4max = MPZG_MUL_Q4_MAX;
  const char *env = getenv ("MPZG_GPU_MUL_Q4_MAX");   /* tuning runs */
  if (env != NULL && atoi (env) > 0)
    q4max = (unsigned) atoi (env);
  if (q4max > 4 * MPZG_MUL_BLOCK_MAX_THREADS)    /* launch bounds of Q = 4 */
    q4max = 4 * MPZG_MUL_BLOCK_MAX_THREADS;
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
  if (q1max > MPZG_MUL_BLOCK_MAX_THREADS)        /* launch bounds of Q <= 4 */
    q1max = MPZG_MUL_BLOCK_MAX_THREADS;
  if (q2max > 2 * MPZG_MUL_BLOCK_MAX_THREADS)
    q2max = 2 * MPZG_MUL_BLOCK_MAX_THREADS;
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
            return launch_grp<2, 16, true, MPZG_MUL_SW32 != 0> (LARGE_ARGS, th);
          if (g32 != NULL && atoi (g32) == 4)
            return launch_grp<8, 4, true, MPZG_MUL_SW32 != 0> (LARGE_ARGS, th);
          if (!tri)
            return launch_grp<4, 8, false, MPZG_MUL_SW32 != 0> (LARGE_ARGS, th);
          return sw32 ? launch_grp<4, 8, true, true> (LARGE_ARGS, th)
                      : launch_grp<4, 8, true, false> (LARGE_ARGS, th);
        }
      if (Ma <= 64)
        {
          if (g64 != NULL && atoi (g64) == 16)
            return launch_grp<4, 16, true, MPZG_MUL_SW64 != 0> (LARGE_ARGS, th);
          if (!tri)
            return launch_grp<8, 8, false, MPZG_MUL_SW64 != 0> (LARGE_ARGS, th);
          return sw64 ? launch_grp<8, 8, true, true> (LARGE_ARGS, th)
                      : launch_grp<8, 8, true, false> (LARGE_ARGS, th);
        }
      if (g128 != NULL && atoi (g128) == 8)
        return launch_grp<16, 8, true, MPZG_MUL_SW128 != 0> (LARGE_ARGS, th);
      if (!tri)
        return launch_grp<8, 16, false, MPZG_MUL_SW128 != 0> (LARGE_ARGS, th);
      return sw128 ? launch_grp<8, 16, true, true> (LARGE_ARGS, th)
                   : launch_grp<8, 16, true, false> (LARGE_ARGS, th);
    }
  if (wide && half && Ma <= 128)
    {
      unsigned Q = Ma <= 16 ? 1 : Ma <= 32 ? 2 : Ma <= 64 ? 4 : 8;
      if (Ma % Q == 0)
        switch (Q)
          {
          case 1: return vec ? launch_block_q<1, true, true> (LARGE_ARGS, true)
                             : launch_block_q<1, true, false> (LARGE_ARGS, true);
          case 2: return vec ? launch_block_q<2, true, true> (LARGE_ARGS, true)
                             : launch_block_q<2, true, false> (LARGE_ARGS, true);
          case 4: return vec == 1 ? launch_block_q<4, true, true> (LARGE_ARGS, true)
                             : launch_block_q<4, true, false> (LARGE_ARGS, true);
          default: return vec == 1 ? launch_block_q<8, true, true> (LARGE_ARGS, true)
                              : launch_block_q<8, true, false> (LARGE_ARGS, true);
          }
    }
  if (wide && vec)
    {
      if (Ma <= q1max)
        return launch_block_q<1, true, true> (LARGE_ARGS);
      if (Ma <= q2max)
        return launch_block_q<2, true, true> (LARGE_ARGS);
      if (vec == 2)
        ;
      else if (Ma <= q4max)
        return launch_block_q<4, true, true> (LARGE_ARGS);
      else
        return launch_block_q<8, true, true> (LARGE_ARGS);
    }
  if (wide)
    {
      if (Ma <= q1max)
        return launch_block_q<1, true, false> (LARGE_ARGS);
      if (Ma <= q2max)
        return launch_block_q<2, true, false> (LARGE_ARGS);
      if (Ma <= q4max)
        return launch_block_q<4, true, false> (LARGE_ARGS);
      return launch_block_q<8, true, false> (LARGE_ARGS);
    }
  if (Ma <= q1max)
    return launch_block_q<1, false, false> (LARGE_ARGS);
  if (Ma <= q2max)
    return launch_block_q<2, false, false> (LARGE_ARGS);
  if (Ma <= q4max)
    return launch_block_q<4, false, false> (LARGE_ARGS);
  return launch_block_q<8, false, false> (LARGE_ARGS);
#undef LARGE_ARGS
}

/* The opt-in of every block kernel the ladder may launch. */
cudaError_t
variant_mul_setup (const mpzg_mpn_device *dev)
{
  cudaError_t e;
#define MPZG_SETUP(q)                                                           \
  if ((e = setup_block_q<q, true, false> (dev)) != cudaSuccess                  \
      || (e = setup_block_q<q, true, true> (dev)) != cudaSuccess                \
      || (e = setup_block_q<q, false, false> (dev)) != cudaSuccess)             \
    return e;
  MPZG_SETUP (1)
  MPZG_SETUP (2)
  MPZG_SETUP (4)
  MPZG_SETUP (8)
#undef MPZG_SETUP
  return cudaSuccess;
}

} /* namespace mpzg */

#endif /* MPZG_TUNING_VARIANTS */
