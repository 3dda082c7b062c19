/* addsub.cu -- unsigned addition and subtraction of padded words on the device.

   Subtraction x - y (x >= y) runs as x + ~y + 1, so one code path does both: the
   per-instance flag picks the mask and the carry in.  Small widths: one thread per
   instance on the interleaved layout (loads coalesce across instances).  Larger:
   one warp per instance on the contiguous layout, 32 words per step, carries through
   warp_carries (seed 001 §2), several steps' loads in flight. */

#include "carry.cuh"
#include "kernels.h"
#include "tuning.h"

namespace mpzg {

__global__ void __launch_bounds__ (MPZG_ADD_SMALL_BLOCK)
addsub_small_kernel (const u64 *__restrict__ x, const u64 *__restrict__ y,
                     const u64 *__restrict__ flag, u64 *__restrict__ r,
                     u64 *__restrict__ carry, unsigned M, size_t count)
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
  carry[j] = f ? 0 : c;
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

static unsigned
blocks_for (size_t threads, unsigned per_block)
{
  return (unsigned) ((threads + per_block - 1) / per_block);
}

cudaError_t
launch_addsub_small (const u64 *x, const u64 *y, const u64 *flag, u64 *r, u64 *carry,
                     unsigned M, size_t count, cudaStream_t s)
{
  if (count == 0)
    return cudaSuccess;
  addsub_small_kernel<<<blocks_for (count, MPZG_ADD_SMALL_BLOCK), MPZG_ADD_SMALL_BLOCK, 0, s>>>
    (x, y, flag, r, carry, M, count);
  return cudaGetLastError ();
}

cudaError_t
launch_addsub_warp (const u64 *x, const u64 *y, const u64 *flag, u64 *r, u64 *carry,
                    unsigned M, size_t count, cudaStream_t s)
{
  if (count == 0)
    return cudaSuccess;
  addsub_warp_kernel<<<blocks_for (count * 32, MPZG_ADD_WARP_BLOCK), MPZG_ADD_WARP_BLOCK, 0, s>>>
    (x, y, flag, r, carry, M, count);
  return cudaGetLastError ();
}

} /* namespace mpzg */
