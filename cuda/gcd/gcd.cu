/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd.cu -- the greatest common divisor of magnitudes on the device.

   Pornin's optimized binary GCD, in two shapes chosen by the class width W:

   - W < MPZG_GCD_COOP_MIN_LIMBS: one thread per instance on the interleaved layout
     (loads and stores coalesce across the instances of a warp; gcd-core.cuh).  Up
     to MPZG_GCD_REG_MAX words the operands live in registers; above (64 words,
     in builds whose cooperative classes start at 128), in shared memory
     (interleaved by thread, so a warp's accesses are conflict-free): two
     operands of 64 words are 256 32-bit registers, more than a thread has.
   - From MPZG_GCD_COOP_MIN_LIMBS (64 by default; tuning.h): T = W / K
     cooperating threads per instance, K = MPZG_GCD_COOP_K words of each operand
     per thread in registers (gcd-coop.cuh), on the contiguous layout (a group
     reads and writes its instance's consecutive words).  T <= 32: groups of T
     lanes, several instances per warp; T = 64 (1024 words at K = 16): one block
     of two warps per instance, with shared memory and a barrier in each of the
     iteration's seven exchanges (eight with the steps shared by thread 0,
     MPZG_GCD_BLOCK_SHARED_STEPS), or, in a launch of at least
     MPZG_GCD_WARP_MIN_PAIRS instances, one warp of 32 words a lane.  Groups
     of fewer than 32 lanes share one computation of each instance's steps per
     block (gcd-coop.cuh's group_steps_x; MPZG_GCD_COOP_SHARED_STEPS).
     K = 16 (the default) or 32, a build's choice (tuning.h): every thread runs
     the outer iteration's steps itself, except in groups below 32 lanes and in
     the block of warps, so 32 words a thread halve the threads that repeat
     them, for twice the registers of the operands (128 of 255); at K = 32
     every class is a group of at most 32 lanes.

   Classes: one width W for both operands, the smallest of gcd_width that holds the
   longer one; unequal sizes need no class of their own, since the binary method's
   cost follows len(a) + len(b) and the active length shrinks with the operands. */

#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "gcd-core.cuh"
#include "gcd-coop.cuh"
#include "gcd-widths.cuh"

namespace mpzg {
namespace gc {

static_assert (NW == 11 && MPZG_GCD_MAX_LIMBS == 1024
               && MPZG_GCD_ONE_MAX == 64,
               "gcd_width and the limits of tuning.h disagree");
static_assert (MPZG_GCD_ONE_MAX <= MPZG_MPN_INTERLEAVED_MAX,
               "the host stages the interleaved gcd classes through a fixed tile");
static_assert ((MPZG_GCD_COOP_MIN_LIMBS == 32 || MPZG_GCD_COOP_MIN_LIMBS == 64
                || MPZG_GCD_COOP_MIN_LIMBS == 128)
               && MPZG_GCD_COOP_MIN_LIMBS >= 2 * MPZG_GCD_COOP_K,
               "the cooperative classes start at 32, 64 or 128 limbs, at least two "
               "lanes of K words (one thread up to MPZG_GCD_ONE_MAX)");
static_assert ((MPZG_GCD_COOP_K == 16 || MPZG_GCD_COOP_K == 32)
               && MPZG_GCD_COOP_BLOCK % 32 == 0,
               "the cooperative shapes: T = W / 16 (4 lanes at 64 words to two warps at 1024) "
               "or W / 32 (2 lanes to one warp)");

/* Whether class width W takes the cooperative kernel. */
static bool
coop (unsigned W)
{
  return W >= MPZG_GCD_COOP_MIN_LIMBS;
}

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

/* The shared memory of gcd_smem_kernel<W, B>, in bytes: two operands of W words
   for each of the block's B threads. */
constexpr size_t
smem_bytes (int W, int B)
{
  return (size_t) 2 * W * B * sizeof (u64);
}

static_assert (MPZG_GCD_SMEM_BLOCK % 32 == 0 && MPZG_GCD_SMEM_BLOCK_WIDE % 32 == 0
               && smem_bytes (MPZG_GCD_ONE_MAX, MPZG_GCD_SMEM_BLOCK) <= 48 * 1024
               && smem_bytes (MPZG_GCD_ONE_MAX, MPZG_GCD_SMEM_BLOCK_WIDE) <= 227 * 1024,
               "the shared-memory gcd kernel: whole warps, the small block within the "
               "default 48 KB, the wide one within the 227 KB a block may have on sm_90");

/* Blocks of B threads, the operands in B * 2 * W words of dynamic shared memory. */
template <int W, int B>
__global__ void __launch_bounds__ (B)
gcd_smem_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t lanes)
{
  extern __shared__ u64 sm[];   /* smem_bytes (W, B) */
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  MemStore<W> s;
  s.p[0] = sm + threadIdx.x;
  s.p[1] = sm + W * B + threadIdx.x;
  s.stride = B;
  for (int k = 0; k < W; k++)
    {
      s.at (0, k) = in[(size_t) k * lanes + j];
      s.at (1, k) = in[(size_t) (W + k) * lanes + j];
    }
  gcd<W> (s);
  for (int k = 0; k < W; k++)
    out[(size_t) k * lanes + j] = s.at (1, k);
}

/* The cooperative kernels, contiguous: a (count instances of W words), then b;
   g (count instances of W words). */

/* The groups' kernel's bounds: blocks of MPZG_GCD_COOP_BLOCK threads, and, at
   16 words a lane, registers for MPZG_GCD_COOP_MIN_THREADS threads a
   multiprocessor (tuning.h; none where it is 0).  At 32 words the operands
   alone take 128 registers: no bound beyond the block's. */
#define MPZG_GCD_COOP_BOUNDS(K) \
  __launch_bounds__ (MPZG_GCD_COOP_BLOCK, (K) == 16 && MPZG_GCD_COOP_MIN_THREADS > 0 \
                     ? MPZG_GCD_COOP_MIN_THREADS / MPZG_GCD_COOP_BLOCK : 1)
static_assert (MPZG_GCD_COOP_K != 16
               || MPZG_GCD_COOP_MIN_THREADS % MPZG_GCD_COOP_BLOCK == 0,
               "MPZG_GCD_COOP_MIN_THREADS counts whole blocks");

/* Groups of TG lanes, 32 / TG instances per warp; W = TG K.  Below 32 lanes the
   block shares the steps (MPZG_GCD_COOP_SHARED_STEPS), and none of its warps may
   return early. */
template <int K, int TG>
__global__ void MPZG_GCD_COOP_BOUNDS (K)
gcd_group_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t count)
{
  using XL = coop_outer_x<TG, MPZG_GCD_COOP_BLOCK, MPZG_GCD_COOP_SHARED_STEPS>;
  const size_t W = (size_t) TG * K;
  size_t j;
  bool live;
  if (!group_instance<TG, XL::STEPS_SHARED> (count, &j, &live))
    return;                     /* the whole warp */
  group_x<TG> x;
  XL xl;
  gcd_coop<K> (x, xl, in + j * W, in + (count + j) * W, out + j * W, live);
}

/* One block of NWP warps per instance; W = 32 NWP K. */
template <int K, int NWP>
__global__ void __launch_bounds__ (32 * NWP)
gcd_block_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t count)
{
  __shared__ gcd_block_smem sm;
  __shared__ u64 hv[16 * NWP * K];      /* block_x::halve's words */
  const size_t W = (size_t) 32 * NWP * K, j = blockIdx.x;
  block_x<NWP, 16 * NWP * K> x (&sm, hv);
  gcd_coop<K> (x, in + j * W, in + (count + j) * W, out + j * W);
}

/* The narrowest cooperative class. */
constexpr unsigned COOP_MIN_W = MPZG_GCD_COOP_MIN_LIMBS;

/* The groups' kernel for K words a lane and groups of TG lanes. */
template <int K, unsigned TG>
static void
launch_groups (const u64 *in, u64 *out, size_t count, cudaStream_t st)
{
  const size_t per = MPZG_GCD_COOP_BLOCK / TG;
  const unsigned blocks = (unsigned) ((count + per - 1) / per);
  gcd_group_kernel<K, TG><<<blocks, MPZG_GCD_COOP_BLOCK, 0, st>>> (in, out, count);
}

/* The kernel of T threads per instance, built only where a class has that many
   (T K a cooperative width): groups of T lanes, or a block of T / 32 warps; a
   launch of at least MPZG_GCD_WARP_MIN_PAIRS instances takes one warp of 32
   words a lane instead of the block (tuning.h). */
template <unsigned T>
static int
launch_threads (const u64 *in, u64 *out, size_t count, cudaStream_t st)
{
  const unsigned K = MPZG_GCD_COOP_K;
  if constexpr (T * K < COOP_MIN_W || T * K > MPZG_GCD_MAX_LIMBS)
    return (int) cudaErrorInvalidValue;
  else if constexpr (T <= 32)
    launch_groups<K, T> (in, out, count, st);
  else if (count >= MPZG_GCD_WARP_MIN_PAIRS)
    {
      static_assert (T * K == 32 * 32, "a warp of 32 words a lane holds 1024 words");
      launch_groups<32, 32> (in, out, count, st);
    }
  else
    {
      if (count > 0x7fffffffu)
        return (int) cudaErrorInvalidValue;
      gcd_block_kernel<K, T / 32><<<(unsigned) count, T, 0, st>>> (in, out, count);
    }
  return (int) cudaGetLastError ();
}

static int
launch_coop (unsigned W, const u64 *in, u64 *out, size_t count, cudaStream_t st)
{
  switch (W / MPZG_GCD_COOP_K)
    {
    case 2: return launch_threads<2> (in, out, count, st);
    case 4: return launch_threads<4> (in, out, count, st);
    case 8: return launch_threads<8> (in, out, count, st);
    case 16: return launch_threads<16> (in, out, count, st);
    case 32: return launch_threads<32> (in, out, count, st);
    case 64: return launch_threads<64> (in, out, count, st);
    default: return (int) cudaErrorInvalidValue;
    }
}

/* The shared-memory kernel in blocks of B threads. */
template <int W, int B>
static void
launch_smem (const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  const unsigned blocks = (unsigned) ((lanes + B - 1) / B);
  gcd_smem_kernel<W, B><<<blocks, B, smem_bytes (W, B), st>>> (in, out, lanes);
}

template <int W>
static void
launch (const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  if constexpr (W <= MPZG_GCD_REG_MAX)
    {
      const unsigned blocks = (unsigned) ((lanes + MPZG_GCD_BLOCK - 1) / MPZG_GCD_BLOCK);
      gcd_reg_kernel<W><<<blocks, MPZG_GCD_BLOCK, 0, st>>> (in, out, lanes);
    }
  else if (lanes < MPZG_GCD_SMEM_WIDE_LANES)
    launch_smem<W, MPZG_GCD_SMEM_BLOCK> (in, out, lanes, st);
  else
    launch_smem<W, MPZG_GCD_SMEM_BLOCK_WIDE> (in, out, lanes, st);
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
  sh->layout = coop (W) ? MPZG_MPN_CONTIGUOUS : MPZG_MPN_INTERLEAVED;
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
  (void) dev;
#if MPZG_GCD_COOP_MIN_LIMBS > MPZG_GCD_ONE_MAX
  /* the shared-memory kernel's wide block takes more than the default 48 KB */
  return (int) cudaFuncSetAttribute (
    gcd_smem_kernel<MPZG_GCD_ONE_MAX, MPZG_GCD_SMEM_BLOCK_WIDE>,
    cudaFuncAttributeMaxDynamicSharedMemorySize,
    (int) smem_bytes (MPZG_GCD_ONE_MAX, MPZG_GCD_SMEM_BLOCK_WIDE));
#else
  return 0;
#endif
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
  if (coop (sh->w[0]))
    return launch_coop (sh->w[0], in, out, lanes, st);
  switch (sh->w[0])
    {
      /* the one-thread widths only: the others never reach here */
#define MPZG_GCD_K(k)                                                   \
  case k:                                                               \
    if constexpr (k < MPZG_GCD_COOP_MIN_LIMBS)                          \
      launch<k> (in, out, lanes, st);                                   \
    else                                                                \
      return (int) cudaErrorInvalidValue;                               \
    break;
      MPZG_GCD_K (1) MPZG_GCD_K (2) MPZG_GCD_K (4) MPZG_GCD_K (8) MPZG_GCD_K (16)
      MPZG_GCD_K (32) MPZG_GCD_K (64)
#undef MPZG_GCD_K
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}
