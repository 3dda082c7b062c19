/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt.cu -- the NTT rung of the mul ladder: one thread block per product, the
   algorithm of ntt-core.cuh run phase by phase with a barrier between phases.

   Where the two transforms live: both in shared memory when they fit the device's
   opt-in, transformed layer by layer together; else both are transformed one after
   the other in shared memory, the first stashed in the instance's scratch (device
   memory, written and read once, coalesced) for the pointwise product; else both
   in the scratch.  The shape asks for scratch (2 L words) only for the classes
   whose transforms may not fit every device's shared memory (MPZG_MUL_NTT_SMEM_ANY).
   The coefficients are carried into the product in place in global memory: each
   thread writes its run of words, then the block scans the runs' carries and the
   threads that receive one add it. */

#include <vector>
#include "tuning.h"
#include "core/carry.cuh"
#include "mul/ntt-core.cuh"
#include "mul/ntt.h"

#if MPZG_MUL_NTT_THREADS % 32 != 0 || MPZG_MUL_NTT_THREADS > 1024
#error "MPZG_MUL_NTT_THREADS: whole warps, at most 32 (the carry scan's)"
#endif
static_assert (mpzg::ntt::ntt_length_of (MPZG_MUL_BLOCK_MAX_CEIL, MPZG_MUL_BLOCK_MAX_CEIL) != 0,
               "the widest product is longer than the NTT's table or coefficient bound");

namespace mpzg {

/* w^e, e < 3N (ntt-core.cuh), written by ntt_setup on each device. */
static __device__ u64 ntt_roots[ntt::NTT_TABLE];

/* Static shared memory of the kernel: the runs' carry items and the scan's scratch. */
enum { NTT_STATIC_SMEM = MPZG_MUL_NTT_THREADS + 32 };

/* The team of a block: every thread one "thread" of the algorithm. */
struct block_team
{
  unsigned char *scan_scratch;
  __device__ __forceinline__ unsigned threads () const { return blockDim.x; }
  template <class F>
  __device__ __forceinline__ void each (F f)
  {
    f (threadIdx.x);
    __syncthreads ();
  }
  __device__ __forceinline__ void scan (unsigned char *items)
  {
    const unsigned t = threadIdx.x, v = items[t];
    unsigned cout;
    unsigned cin = group_carry_scan ((v & 1) != 0, (v & 2) != 0, 0, blockDim.x / 32, t / 32,
                                     scan_scratch, &cout);
    items[t] = (unsigned char) cin;     /* read by this thread alone */
  }
};

/* Where the transforms are (launch-uniform). */
enum { NTT_BOTH_SHARED = 0, NTT_ONE_SHARED = 1, NTT_NONE_SHARED = 2 };

/* The placement is a template parameter, so that the compiler knows which of X and
   Y are shared memory (32-bit addresses, no generic loads). */
template <unsigned place>
__global__ void
__launch_bounds__ (MPZG_MUL_NTT_THREADS)
mul_ntt_kernel (const u64 *__restrict__ A, const u64 *__restrict__ B, u64 *__restrict__ R,
                unsigned Ma, unsigned Mb, ntt::ntt_plan pl, u64 inv_len, u64 *scratch,
                size_t itch)
{
  extern __shared__ __align__ (16) u64 smem[];
  __shared__ unsigned char items[MPZG_MUL_NTT_THREADS];
  __shared__ unsigned char scan_scratch[32];
  const size_t inst = blockIdx.x;
  const unsigned L = pl.L;
  u64 *scr = scratch + inst * itch;
  u64 *X = place == NTT_NONE_SHARED ? scr : smem;
  u64 *Y = place == NTT_BOTH_SHARED ? smem + L : place == NTT_ONE_SHARED ? scr : scr + L;
  block_team tm = { scan_scratch };
  ntt::ntt_mul_team (tm, A + inst * Ma, Ma, B + inst * Mb, Mb, R + inst * (Ma + Mb), X, Y,
                     place == NTT_ONE_SHARED, pl, inv_len, ntt_roots, items);
}

/* Dynamic shared memory a block may opt into. */
static size_t
ntt_optin (const mpzg_mpn_device *dev)
{
  return dev->smem_optin > NTT_STATIC_SMEM ? dev->smem_optin - NTT_STATIC_SMEM : 0;
}

size_t
ntt_itch (unsigned Ma, unsigned Mb)
{
  size_t L = ntt::ntt_length_of (Ma, Mb);
  return 2 * L * sizeof (u64) <= MPZG_MUL_NTT_SMEM_ANY ? 0 : 2 * L;
}

cudaError_t
ntt_setup (const mpzg_mpn_device *dev)
{
  std::vector<u64> tw (ntt::NTT_TABLE);
  cudaError_t e;
  ntt::fill_roots (tw.data ());
  if ((e = cudaMemcpyToSymbol (ntt_roots, tw.data (), tw.size () * sizeof (u64))) != cudaSuccess)
    return e;
  const int optin = (int) ntt_optin (dev);
  if ((e = cudaFuncSetAttribute (mul_ntt_kernel<NTT_BOTH_SHARED>,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, optin))
      != cudaSuccess)
    return e;
  return cudaFuncSetAttribute (mul_ntt_kernel<NTT_ONE_SHARED>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, optin);
}

cudaError_t
ntt_launch (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r, unsigned Ma,
            unsigned Mb, size_t count, u64 *scratch, size_t itch, cudaStream_t s)
{
  unsigned place;
  ntt::ntt_plan pl;
  const unsigned L = ntt::ntt_make_plan (Ma, Mb, &pl);
  const size_t optin = ntt_optin (dev), one = (size_t) L * sizeof (u64);
  size_t bytes;
  if (L == 0 || Mb == 0 || Mb > Ma || count > 0x7fffffffu)
    return cudaErrorInvalidValue;
  if (2 * one <= optin)
    {
      place = NTT_BOTH_SHARED;
      bytes = 2 * one;
    }
  else if (one <= optin && scratch != NULL && itch >= L)
    {
      place = NTT_ONE_SHARED;
      bytes = one;
    }
  else if (scratch != NULL && itch >= 2 * (size_t) L)
    {
      place = NTT_NONE_SHARED;
      bytes = 0;
    }
  else
    return cudaErrorInvalidValue;
  const unsigned T = ntt::team_threads (L, MPZG_MUL_NTT_THREADS);
  const u64 inv_len = ntt::power (L, MPZG_NTT_P - 2);
  if (place == NTT_BOTH_SHARED)
    mul_ntt_kernel<NTT_BOTH_SHARED><<<(unsigned) count, T, bytes, s>>>
      (a, b, r, Ma, Mb, pl, inv_len, scratch, itch);
  else if (place == NTT_ONE_SHARED)
    mul_ntt_kernel<NTT_ONE_SHARED><<<(unsigned) count, T, bytes, s>>>
      (a, b, r, Ma, Mb, pl, inv_len, scratch, itch);
  else
    mul_ntt_kernel<NTT_NONE_SHARED><<<(unsigned) count, T, bytes, s>>>
      (a, b, r, Ma, Mb, pl, inv_len, scratch, itch);
  return cudaGetLastError ();
}

} /* namespace mpzg */
