/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* addsub.cu -- unsigned addition and subtraction of padded words on the device: the
   add/sub family of mpzg-mpn.h.

   Subtraction x - y (x >= y) runs as x + ~y + 1, so one code path does both: the
   per-instance flag picks the mask and the carry in.  Small widths: one thread per
   instance on the interleaved layout (loads coalesce across instances).  Larger:
   one warp per instance on the contiguous layout, 32 words per step, carries through
   warp_carries (Oancea and Watt, "GPU Implementations for Midsize Integer Addition
   and Multiplication", section 2), several steps' loads in flight; from
   MPZG_ADD_BLOCK_MIN words up (few instances), one block of warps per instance,
   carries between its warps by a block scan of per-warp aggregates. */

#include "mpzg-mpn.h"
#include "tuning.h"
#include "core/carry.cuh"
#include "core/widths.h"

#include <stdlib.h>
#include <string.h>

#ifndef MPZG_TUNE_PROGRAM_BUILD      /* there: a variable within this bound (bench/tune.c) */
static_assert (MPZG_ADD_SMALL_MAX + 1 <= MPZG_MPN_INTERLEAVED_MAX,
               "the host stages a lane group through a tile of MPZG_MPN_INTERLEAVED_MAX rows");
#endif

namespace mpzg {

/* Flags and carries are bytes here: at 4 words per operand, 64-bit ones were 2 of
   the 14 words an instance moved, in a kernel bound by memory bandwidth (see
   bench/results/2026-11-22-h100-addsub-byte-flags/). */
__global__ void __launch_bounds__ (MPZG_ADD_SMALL_BLOCK)
addsub_small_kernel (const u64 *__restrict__ x, const u64 *__restrict__ y,
                     const unsigned char *__restrict__ flag, u64 *__restrict__ r,
                     unsigned char *__restrict__ carry, unsigned M, size_t count)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= count)
    return;
  u64 f = flag[j], mask = 0 - f;
  unsigned c = (unsigned) f;
#pragma unroll 4
  for (unsigned i = 0; i < M; i++)
    {
      u64 s;
      c = addc64 (s, x[(size_t) i * count + j], y[(size_t) i * count + j] ^ mask, c);
      r[(size_t) i * count + j] = s;
    }
  carry[j] = (unsigned char) (f ? 0 : c);
}

__global__ void __launch_bounds__ (MPZG_ADD_WARP_BLOCK)
addsub_warp_kernel (const u64 *__restrict__ x, const u64 *__restrict__ y,
                    const u64 *__restrict__ flag, u64 *__restrict__ r,
                    u64 *__restrict__ carry, unsigned M, size_t count)
{
  const unsigned U = MPZG_ADD_WARP_UNROLL;
  size_t j = ((size_t) blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  unsigned lane = threadIdx.x & 31;
  if (j >= count)
    return;                     /* whole warps only */
  const u64 *xp = x + j * M, *yp = y + j * M;
  u64 *rp = r + j * M;
  u64 f = flag[j], mask = 0 - f;
  unsigned c = (unsigned) f;
  for (unsigned base = 0; base < M; base += 32 * U)
    {
      u64 xv[U], yv[U];
#pragma unroll
      for (unsigned u = 0; u < U; u++)
        {
          unsigned i = base + u * 32 + lane;
          xv[u] = i < M ? xp[i] : 0;
          yv[u] = i < M ? yp[i] ^ mask : 0;
        }
#pragma unroll
      for (unsigned u = 0; u < U; u++)
        {
          unsigned i0 = base + u * 32;
          if (i0 >= M)
            break;
          unsigned i = i0 + lane, n = M - i0 < 32 ? M - i0 : 32;
          u64 s = xv[u] + yv[u];
          bool live = i < M;
          u64 cs = warp_carries (live && s < xv[u], live && s == ~0ull, c);
          if (live)
            rp[i] = s + ((cs >> lane) & 1u);
          c = (unsigned) (cs >> n) & 1u;
        }
    }
  if (lane == 0)
    carry[j] = f ? 0 : c;
}

/* Large widths: one block of NW warps per instance (contiguous layout). A step covers
   NW*32*U words, warp w words [w*32*U, (w+1)*32*U) of it, U words per lane in flight.
   Each warp folds its U ballot pairs into one (generate, propagate) aggregate, the
   block scans the NW aggregates in one warp (Oancea and Watt, section 2), then each
   warp applies its carry in. Words past M propagate (g = 0, p = 1) so the carry out of
   word M-1 reaches the end of the step. Enough warps in flight at 1024..256 instances,
   where one warp per instance leaves the memory system idle. */
template <unsigned NW, unsigned U>
__global__ void __launch_bounds__ (NW * 32)
addsub_block_kernel (const u64 *__restrict__ x, const u64 *__restrict__ y,
                     const u64 *__restrict__ flag, u64 *__restrict__ r,
                     u64 *__restrict__ carry, unsigned M)
{
  __shared__ unsigned char agg[2][32];
  size_t j = blockIdx.x;
  unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const u64 *xp = x + j * M, *yp = y + j * M;
  u64 *rp = r + j * M;
  u64 f = flag[j], mask = 0 - f;
  unsigned c = (unsigned) f, par = 0;
  for (unsigned base = 0; base < M; base += NW * 32 * U, par ^= 1)
    {
      unsigned wb = base + w * 32 * U;
      u64 sv[U];
      unsigned G[U], P[U], g = 0, p = 1;
#pragma unroll
      for (unsigned u = 0; u < U; u++)
        {
          unsigned i = wb + u * 32 + lane;
          u64 xv = i < M ? xp[i] : 0, yv = i < M ? yp[i] ^ mask : 0;
          sv[u] = xv + yv;
          G[u] = __ballot_sync (0xffffffffu, i < M && sv[u] < xv);
          P[u] = __ballot_sync (0xffffffffu, i >= M || sv[u] == ~0ull);
        }
#pragma unroll
      for (unsigned u = 0; u < U; u++)
        {
          unsigned gu = (unsigned) ((((u64) (G[u] | P[u])) + G[u]) >> 32) & 1u,
                   pu = P[u] == 0xffffffffu;
          g = gu | (pu & g);
          p &= pu;
        }
      if (lane == 0)
        agg[par][w] = (unsigned char) (g | (p << 1));
      __syncthreads ();         /* agg[par] is next written two steps on, after the next barrier */
      unsigned a = lane < NW ? agg[par][lane] : 2u;
      u64 wc = warp_carries ((a & 1u) != 0, (a & 2u) != 0, c);
      unsigned cw = (unsigned) (wc >> w) & 1u;
      c = (unsigned) (wc >> NW) & 1u;
#pragma unroll
      for (unsigned u = 0; u < U; u++)
        {
          unsigned i = wb + u * 32 + lane;
          u64 cs = (((u64) (G[u] | P[u])) + G[u] + cw) ^ P[u];
          if (i < M)
            rp[i] = sv[u] + ((cs >> lane) & 1u);
          cw = (unsigned) (cs >> 32) & 1u;
        }
    }
  if (threadIdx.x == 0)
    carry[j] = f ? 0 : c;
}

static unsigned
blocks_for (size_t threads, unsigned per_block)
{
  return (unsigned) ((threads + per_block - 1) / per_block);
}

/* Interleaved layout (word i of instance j at i*count+j), byte flags and carries. */
static cudaError_t
launch_addsub_small (const u64 *x, const u64 *y, const unsigned char *flag, u64 *r,
                     unsigned char *carry, unsigned M, size_t count, cudaStream_t s)
{
  if (count == 0)
    return cudaSuccess;
  addsub_small_kernel<<<blocks_for (count, MPZG_ADD_SMALL_BLOCK), MPZG_ADD_SMALL_BLOCK, 0, s>>>
    (x, y, flag, r, carry, M, count);
  return cudaGetLastError ();
}

/* Contiguous layout (instance j at j*M), 64-bit flags and carries. */
static cudaError_t
launch_addsub_warp (const u64 *x, const u64 *y, const u64 *flag, u64 *r, u64 *carry,
                    unsigned M, size_t count, cudaStream_t s)
{
  if (count == 0)
    return cudaSuccess;
  unsigned bmin = MPZG_ADD_BLOCK_MIN;
#ifdef MPZG_TUNING_VARIANTS
  unsigned nw = MPZG_ADD_BLOCK_WARPS, bu = MPZG_ADD_BLOCK_UNROLL;
  {
    const char *e;
    if ((e = getenv ("MPZG_GPU_ADD_BLOCK_MIN")) != NULL) bmin = (unsigned) atoi (e);
    if ((e = getenv ("MPZG_GPU_ADD_BLOCK_WARPS")) != NULL) nw = (unsigned) atoi (e);
    if ((e = getenv ("MPZG_GPU_ADD_BLOCK_UNROLL")) != NULL) bu = (unsigned) atoi (e);
  }
  if (M >= bmin && count <= 0x7fffffffu)
    {
      if (nw == 16 && bu == 4)
        addsub_block_kernel<16, 4><<<(unsigned) count, 16 * 32, 0, s>>> (x, y, flag, r, carry, M);
      else if (nw == 32 && bu == 2)
        addsub_block_kernel<32, 2><<<(unsigned) count, 32 * 32, 0, s>>> (x, y, flag, r, carry, M);
      else if (nw == 8 && bu == 4)
        addsub_block_kernel<8, 4><<<(unsigned) count, 8 * 32, 0, s>>> (x, y, flag, r, carry, M);
      else if (nw == 32 && bu == 8)
        addsub_block_kernel<32, 8><<<(unsigned) count, 32 * 32, 0, s>>> (x, y, flag, r, carry, M);
      else
        addsub_block_kernel<32, 4><<<(unsigned) count, 32 * 32, 0, s>>> (x, y, flag, r, carry, M);
      return cudaGetLastError ();
    }
#else
  if (M >= bmin && count <= 0x7fffffffu)
    {
      addsub_block_kernel<MPZG_ADD_BLOCK_WARPS, MPZG_ADD_BLOCK_UNROLL>
        <<<(unsigned) count, MPZG_ADD_BLOCK_WARPS * 32, 0, s>>> (x, y, flag, r, carry, M);
      return cudaGetLastError ();
    }
#endif
  addsub_warp_kernel<<<blocks_for (count * 32, MPZG_ADD_WARP_BLOCK), MPZG_ADD_WARP_BLOCK, 0, s>>>
    (x, y, flag, r, carry, M, count);
  return cudaGetLastError ();
}

} /* namespace mpzg */

/* ---- mpzg-mpn.h ---- */

unsigned
mpzg_mpn_addsub_classes (void)
{
  return MPZG_NWIDTHS;
}

size_t
mpzg_mpn_addsub_max (void)
{
  return MPZG_ADD_MAX_LIMBS;
}

unsigned
mpzg_mpn_addsub_class (size_t n)
{
  return mpzg_width_index ((unsigned) n);
}

/* Up to MPZG_ADD_SMALL_MAX words the one-thread kernel: interleaved, byte flags and
   carries; above, contiguous with word flags and carries. */
void
mpzg_mpn_addsub_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  size_t M = mpzg_width_value (cls);
  memset (sh, 0, sizeof *sh);
  sh->cls = cls;
  sh->w[0] = sh->w[1] = sh->ow[0] = (unsigned) M;
  if (M <= MPZG_ADD_SMALL_MAX)
    {
      sh->layout = MPZG_MPN_INTERLEAVED;
      sh->in_bytes = 16 * M + 1;
      sh->out_bytes = 8 * M + 1;
    }
  else
    {
      sh->layout = MPZG_MPN_CONTIGUOUS;
      sh->in_bytes = 8 * (2 * M + 1);
      sh->out_bytes = 8 * (M + 1);
    }
  sh->itch = 0;
}

/* The add/sub kernels use no dynamic shared memory: nothing to opt into. */
int
mpzg_mpn_addsub_setup (const mpzg_mpn_device *dev)
{
  (void) dev;
  return 0;
}

int
mpzg_mpn_addsub (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                 const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                 size_t lanes, mpzg_mpn_stream s)
{
  const size_t M = sh->w[0];
  (void) dev;
  (void) scratch;
  if (sh->layout == MPZG_MPN_INTERLEAVED)
    return (int) mpzg::launch_addsub_small (in, in + M * lanes,
                                            (const unsigned char *) (in + 2 * M * lanes), out,
                                            (unsigned char *) (out + M * lanes), (unsigned) M,
                                            lanes, s);
  return (int) mpzg::launch_addsub_warp (in, in + M * lanes, in + 2 * M * lanes, out,
                                         out + M * lanes, (unsigned) M, lanes, s);
}
