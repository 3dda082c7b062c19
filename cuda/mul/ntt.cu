/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt.cu -- the NTT rung of the mul ladder: the algorithm of ntt3-core.cuh in two
   launches.  The first runs one thread block per product and prime field: both
   operands' transforms in the block's shared memory (two transforms of L 32-bit
   points), phase by phase with a barrier between phases, and the product's L
   residues in that field written to the instance's scratch.  The second runs one
   block per product, in rounds: each thread rebuilds the coefficients of its run of
   product words from their three residues and writes the run, then the block scans
   the runs' carries and the threads that receive one add it. */

#include <vector>
#include "tuning.h"
#include "core/carry.cuh"
#include "mul/ntt3-core.cuh"
#include "mul/ntt.h"

#if MPZG_MUL_NTT_THREADS % 32 != 0 || MPZG_MUL_NTT_THREADS > 1024
#error "MPZG_MUL_NTT_THREADS: whole warps, at most 1024"
#endif
#if MPZG_MUL_NTT_JOIN_THREADS % 32 != 0 || MPZG_MUL_NTT_JOIN_THREADS > 1024
#error "MPZG_MUL_NTT_JOIN_THREADS: whole warps, at most 32 (the carry scan's)"
#endif
static_assert (mpzg::ntt3::ntt3_length (2 * MPZG_MUL_BLOCK_MAX_CEIL,
                                        2 * MPZG_MUL_BLOCK_MAX_CEIL).L != 0,
               "the widest product is longer than the NTT's tables allow");

namespace mpzg {

/* The root tables (ntt3-core.cuh), written by ntt_setup on each device. */
static __device__ ntt3::factor ntt3_tables[2 * ntt3::NPRIMES * ntt3::NTT3_TABLE];

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
  __device__ __forceinline__ unsigned scan (unsigned char *items, unsigned cin)
  {
    const unsigned t = threadIdx.x, v = items[t];
    unsigned cout;
    unsigned c = group_carry_scan ((v & 1) != 0, (v & 2) != 0, cin, blockDim.x / 32, t / 32,
                                   scan_scratch, &cout);
    items[t] = (unsigned char) c;       /* read by this thread alone */
    return cout;
  }
};

/* The pointwise scales of the three fields for one length. */
struct ntt3_scales
{
  ntt3::factor f[ntt3::NPRIMES];
};

/* Residues of instance blockIdx.x in field blockIdx.y, L of them, to the
   instance's scratch at blockIdx.y L (32-bit words). */
__global__ void
__launch_bounds__ (MPZG_MUL_NTT_THREADS)
mul_ntt_residue_kernel (const u64 *__restrict__ A, const u64 *__restrict__ B, unsigned Ma,
                        unsigned Mb, ntt3::ntt3_len len, ntt3_scales sc, u64 *scratch,
                        size_t itch)
{
  extern __shared__ __align__ (16) ntt3::u32 pts[];
  const size_t inst = blockIdx.x;
  const unsigned q = blockIdx.y, L = len.L;
  const ntt3::u32 *a = (const ntt3::u32 *) (A + inst * Ma);
  const ntt3::u32 *b = (const ntt3::u32 *) (B + inst * Mb);
  ntt3::u32 *res = (ntt3::u32 *) (scratch + inst * itch) + q * L;
  block_team tm = { 0 };
  if (q == 0)
    ntt3::ntt3_residues<0> (tm, a, 2 * Ma, b, 2 * Mb, res, pts, pts + L, len, sc.f[0],
                            ntt3_tables);
  else if (q == 1)
    ntt3::ntt3_residues<1> (tm, a, 2 * Ma, b, 2 * Mb, res, pts, pts + L, len, sc.f[1],
                            ntt3_tables);
  else
    ntt3::ntt3_residues<2> (tm, a, 2 * Ma, b, 2 * Mb, res, pts, pts + L, len, sc.f[2],
                            ntt3_tables);
}

/* The product of instance blockIdx.x, Ma + Mb words, from its residues. */
__global__ void
__launch_bounds__ (MPZG_MUL_NTT_JOIN_THREADS)
mul_ntt_join_kernel (const u64 *__restrict__ scratch, size_t itch, u64 *__restrict__ R,
                     unsigned Ma, unsigned Mb, unsigned L, ntt3::crt_consts c)
{
  __shared__ unsigned char items[MPZG_MUL_NTT_JOIN_THREADS];
  __shared__ unsigned char scan_scratch[32];
  const size_t inst = blockIdx.x;
  block_team tm = { scan_scratch };
  ntt3::ntt3_join (tm, (const ntt3::u32 *) (scratch + inst * itch), L,
                   (ntt3::u32 *) (R + inst * (Ma + Mb)), 2 * (Ma + Mb), c, items);
}

/* The residues of an instance: 3 L 32-bit words, in 64-bit words. */
size_t
ntt_itch (unsigned Ma, unsigned Mb)
{
  const size_t L = ntt3::ntt3_length (2 * Ma, 2 * Mb).L;
  return (3 * L + 1) / 2;
}

cudaError_t
ntt_setup (const mpzg_mpn_device *dev)
{
  std::vector<ntt3::factor> tw (2 * ntt3::NPRIMES * ntt3::NTT3_TABLE);
  cudaError_t e;
  ntt3::fill_tables (tw.data ());
  if ((e = cudaMemcpyToSymbol (ntt3_tables, tw.data (), tw.size () * sizeof tw[0]))
      != cudaSuccess)
    return e;
  return cudaFuncSetAttribute (mul_ntt_residue_kernel,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int) dev->smem_optin);
}

cudaError_t
ntt_launch (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r, unsigned Ma,
            unsigned Mb, size_t count, u64 *scratch, size_t itch, cudaStream_t s)
{
  const ntt3::ntt3_len len = ntt3::ntt3_length (2 * Ma, 2 * Mb);
  const size_t bytes = 2 * sizeof (ntt3::u32) * (size_t) len.L;
  if (len.L == 0 || Mb == 0 || Mb > Ma || count > 0x7fffffffu || scratch == NULL
      || itch < ntt_itch (Ma, Mb) || bytes > dev->smem_optin)
    return cudaErrorInvalidValue;
  ntt3_scales sc;
  for (int q = 0; q < ntt3::NPRIMES; q++)
    sc.f[q] = ntt3::ntt3_scale (q, len.L);
  mul_ntt_residue_kernel<<<dim3 ((unsigned) count, ntt3::NPRIMES),
                           ntt3::ntt3_threads (len.L, MPZG_MUL_NTT_THREADS), bytes, s>>>
    (a, b, Ma, Mb, len, sc, scratch, itch);
  mul_ntt_join_kernel<<<(unsigned) count, MPZG_MUL_NTT_JOIN_THREADS, 0, s>>>
    (scratch, itch, r, Ma, Mb, len.L, ntt3::make_crt ());
  return cudaGetLastError ();
}

} /* namespace mpzg */
