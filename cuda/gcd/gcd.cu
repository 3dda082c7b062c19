/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd.cu -- the greatest common divisor of magnitudes on the device.

   One thread per instance on the interleaved layout (loads and stores coalesce
   across the instances of a warp), Pornin's optimized binary GCD (gcd-core.cuh).
   Classes: one width W for both operands, the smallest of gcd_width that holds the
   longer one; unequal sizes need no class of their own, since the binary method's
   cost follows len(a) + len(b) and the active length shrinks with the operands.
   Up to MPZG_GCD_REG_MAX words the operands live in registers; above, in shared
   memory (interleaved by thread, so a warp's accesses are conflict-free): two
   operands of 64 words are 256 32-bit registers, more than a thread has. */

#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "gcd-core.cuh"

namespace mpzg {
namespace gc {

static const unsigned gcd_width[] = { 1, 2, 4, 8, 16, 32, 64 };
static const unsigned NW = sizeof gcd_width / sizeof gcd_width[0];
static_assert (sizeof gcd_width / sizeof gcd_width[0] == 7 && MPZG_GCD_MAX_LIMBS == 64,
               "gcd_width and MPZG_GCD_MAX_LIMBS disagree");
static_assert (MPZG_GCD_MAX_LIMBS <= MPZG_MPN_INTERLEAVED_MAX,
               "the host stages gcd operands through the interleaved tile");

/* Inputs a (W rows), b (W rows); output g (W rows); row i of an operand at
   i * lanes. */
template <int W>
__global__ void __launch_bounds__ (MPZG_GCD_BLOCK)
gcd_reg_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t lanes)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  RegStore<W> s;
#pragma unroll
  for (int k = 0; k < W; k++)
    {
      s.v[0][k] = in[(size_t) k * lanes + j];
      s.v[1][k] = in[(size_t) (W + k) * lanes + j];
    }
  gcd<W> (s);
#pragma unroll
  for (int k = 0; k < W; k++)
    out[(size_t) k * lanes + j] = s.v[1][k];
}

template <int W>
__global__ void __launch_bounds__ (MPZG_GCD_SMEM_BLOCK)
gcd_smem_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t lanes)
{
  __shared__ u64 sm[2 * W * MPZG_GCD_SMEM_BLOCK];
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  MemStore<W> s;
  s.p[0] = sm + threadIdx.x;
  s.p[1] = sm + W * MPZG_GCD_SMEM_BLOCK + threadIdx.x;
  s.stride = MPZG_GCD_SMEM_BLOCK;
  for (int k = 0; k < W; k++)
    {
      s.at (0, k) = in[(size_t) k * lanes + j];
      s.at (1, k) = in[(size_t) (W + k) * lanes + j];
    }
  gcd<W> (s);
  for (int k = 0; k < W; k++)
    out[(size_t) k * lanes + j] = s.at (1, k);
}

/* Index of the smallest width >= n, or NW. */
static unsigned
width_index (size_t n)
{
  unsigned k = 0;
  while (k < NW && gcd_width[k] < n)
    k++;
  return k;
}

template <int W>
static void
launch (const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  if (W <= MPZG_GCD_REG_MAX)
    {
      const unsigned blocks = (unsigned) ((lanes + MPZG_GCD_BLOCK - 1) / MPZG_GCD_BLOCK);
      gcd_reg_kernel<W <= MPZG_GCD_REG_MAX ? W : 1><<<blocks, MPZG_GCD_BLOCK, 0, st>>> (in, out,
                                                                                       lanes);
    }
  else
    {
      const unsigned blocks = (unsigned) ((lanes + MPZG_GCD_SMEM_BLOCK - 1) / MPZG_GCD_SMEM_BLOCK);
      gcd_smem_kernel<W <= MPZG_GCD_REG_MAX ? 1 : W><<<blocks, MPZG_GCD_SMEM_BLOCK, 0, st>>> (
        in, out, lanes);
    }
}

} /* namespace gc */
} /* namespace mpzg */

using namespace mpzg::gc;

extern "C" unsigned
mpzg_mpn_gcd_classes (void)
{
  return NW;
}

extern "C" size_t
mpzg_mpn_gcd_max (void)
{
  return gcd_width[NW - 1];
}

extern "C" unsigned
mpzg_mpn_gcd_class (size_t n)
{
  return width_index (n);
}

extern "C" void
mpzg_mpn_gcd_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  unsigned W = gcd_width[cls];
  sh->cls = cls;
  sh->layout = MPZG_MPN_INTERLEAVED;
  sh->w[0] = W;
  sh->w[1] = W;
  sh->w[2] = 0;
  sh->ow[0] = W;
  sh->ow[1] = 0;
  sh->ow[2] = 0;
  sh->in_bytes = (size_t) 2 * W * sizeof (mpzg_mpn_word);
  sh->out_bytes = (size_t) W * sizeof (mpzg_mpn_word);
  sh->itch = 0;
}

extern "C" int
mpzg_mpn_gcd_setup (const mpzg_mpn_device *dev)
{
  (void) dev;                   /* static shared memory within the default: nothing to opt into */
  return 0;
}

extern "C" int
mpzg_mpn_gcd (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_mpn_word *in,
              mpzg_mpn_word *out, mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s)
{
  (void) dev;
  (void) scratch;
  if (lanes == 0)
    return 0;
  cudaStream_t st = (cudaStream_t) s;
  switch (sh->w[0])
    {
#define MPZG_GCD_K(k) case k: launch<k> (in, out, lanes, st); break;
      MPZG_GCD_K (1) MPZG_GCD_K (2) MPZG_GCD_K (4) MPZG_GCD_K (8) MPZG_GCD_K (16)
      MPZG_GCD_K (32) MPZG_GCD_K (64)
#undef MPZG_GCD_K
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}
