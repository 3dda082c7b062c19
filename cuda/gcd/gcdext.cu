/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext.cu -- the gcd of magnitudes and one cofactor on the device, for the
   host's mpz_gcdext and mpz_invert (lib/gpu/fam-gcdext.c).  The classes of the gcd
   family (gcd.cu), in two shapes chosen by the class width W:

   - W < MPZG_GCDEXT_COOP_MIN_LIMBS: one thread per instance on the interleaved
     layout (gcdext-core.cuh).  Five arrays per instance (a, b and the modulus of W
     words, the two cofactors of W + 1): up to MPZG_GCDEXT_SPLIT_MAX words a and b
     in registers, the other three in shared memory; above, all five in shared
     memory; interleaved by thread, with as many threads per block as fit in a
     block's default 48 KB (gcdext_smem_block).  Every thread of a warp runs
     gcdext (see there): surplus threads take a copy of the last instance.
   - Above: T = W / MPZG_GCDEXT_COOP_K cooperating threads per instance on the
     contiguous layout (gcdext-coop.cuh), the gcd's exchange contexts: groups of T
     <= 32 lanes, several instances per warp; T = 64 and 128 (512 and 1024 words)
     one block of two or four warps per instance, but at 512 words a launch of
     at least MPZG_GCDEXT_WARP_MIN_PAIRS instances takes one warp of 16 words a
     lane per instance instead. */

#include <type_traits>
#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "gcdext-core.cuh"
#include "gcdext-coop.cuh"
#include "gcdext-norm.cuh"
#include "gcdext-norm-coop.cuh"
#include "gcd-widths.cuh"

namespace mpzg {
namespace gc {

static_assert (NW == 11 && MPZG_GCDEXT_MAX_LIMBS == 1024,
               "gcd_width and MPZG_GCDEXT_MAX_LIMBS disagree");
static_assert ((MPZG_GCDEXT_COOP_K == 8 || MPZG_GCDEXT_COOP_K == 16)
               && MPZG_GCDEXT_COOP_MIN_LIMBS >= 2 * MPZG_GCDEXT_COOP_K
               && MPZG_GCDEXT_COOP_MIN_LIMBS <= MPZG_MPN_INTERLEAVED_MAX + 1
               && MPZG_GCDEXT_COOP_BLOCK % 32 == 0,
               "the cooperative shapes: T = W / K, K = 8 or 16, from 2 lanes at 2 K words "
               "to a block of 1024 / K threads; the one-thread classes interleaved, so at "
               "most 64 words");

/* Whether class width W takes the cooperative kernel. */
static bool
coop (unsigned W)
{
  return W >= MPZG_GCDEXT_COOP_MIN_LIMBS;
}

/* Threads per block of the kernels whose threads keep `arrays` arrays of W + 1
   words in shared memory (five for the shared memory kernel, three for the
   operand kernel): the largest power of two up to MPZG_GCDEXT_SMEM_BLOCK whose
   arrays fit in 46 KB, which leaves room in the 48 KB of static shared memory
   for the kernels' other arrays. */
constexpr int
gcdext_smem_block (int W, int arrays = XN, int b = MPZG_GCDEXT_SMEM_BLOCK)
{
  return b > 1 && (size_t) arrays * (W + 1) * b * sizeof (u64) > 46 * 1024
    ? gcdext_smem_block (W, arrays, b / 2) : b;
}

/* The instance's results, or, where gcdext declined (a cofactor outgrew its
   words, gcdext-core.cuh), g = 0 from nonzero operands: the host computes that
   instance itself (lib/gpu/fam-gcdext.c). */
template <int W, class S>
__device__ __forceinline__ void
store_results (S &s, bool ok, u64 *__restrict__ out, size_t lanes, size_t j)
{
#pragma unroll
  for (int k = 0; k < W; k++)
    {
      out[(size_t) k * lanes + j] = ok ? (u64) s.at (XB, k) : 0;
      out[(size_t) (W + k) * lanes + j] = ok ? (u64) s.at (XV, k) : 0;
    }
}

/* Blocks a multiprocessor for the operand kernel's __launch_bounds__: enough for
   MPZG_GCDEXT_OPERAND_REGS registers a thread where a and b take at most half of
   them (to 16 words; above, no bound: a and b alone take 128 at 32 words).  The
   kernel waits on its chains' latency, and more warps hide it. */
constexpr int
gcdext_operand_blocks (int W)
{
  return MPZG_GCDEXT_OPERAND_REGS > 0 && 4 * W <= MPZG_GCDEXT_OPERAND_REGS / 2
    ? 65536 / (gcdext_smem_block (W, 3) * MPZG_GCDEXT_OPERAND_REGS) : 1;
}

/* The one-thread kernels' stores by the count of arrays in shared memory: 3, the
   operands a, b in registers and the cofactors and the modulus in shared memory
   (OperandStore, up to MPZG_GCDEXT_SPLIT_MAX words); XN, all five there. */
template <int W, int ARR>
using one_store = typename std::conditional<ARR == 3, OperandStore<W>, MemStore<W + 1, XN> >::type;

/* Inputs x (W rows), y (W rows); outputs g (W rows), v (W rows); row i of an
   operand at i * lanes.  One thread per instance, its ARR arrays in shared
   memory interleaved by thread (one_store). */
template <int W, int ARR>
__global__ void __launch_bounds__ (gcdext_smem_block (W, ARR), ARR == 3 ? gcdext_operand_blocks (W) : 1)
gcdext_one_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t lanes)
{
  const int B = gcdext_smem_block (W, ARR);
  __shared__ u64 sm[ARR * (W + 1) * B];
  const size_t t = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  const size_t j = t < lanes ? t : lanes - 1;   /* every thread calls gcdext */
  one_store<W, ARR> s;
  for (int x = 0; x < ARR; x++)
    s.p[x] = sm + (size_t) x * (W + 1) * B + threadIdx.x;
  s.stride = B;
#pragma unroll
  for (int k = 0; k < W; k++)
    {
      s.at (XA, k) = in[(size_t) k * lanes + j];
      s.at (XB, k) = in[(size_t) (W + k) * lanes + j];
    }
  const bool ok = gcdext<W> (s);
  if (t < lanes)
    store_results<W> (s, ok, out, lanes, j);
}

/* The cooperative kernels, contiguous: x (count instances of W words), then y;
   g (count instances of W words), then v. */

/* The cooperative kernels' bounds: blocks of `threads`, and, at 8 words a lane,
   registers for MPZG_GCDEXT_COOP_MIN_BLOCKS blocks of MPZG_GCDEXT_COOP_BLOCK
   threads a multiprocessor (tuning.h; none where it is 0).  At 16 words the
   operands take 160 registers: no bound beyond the block's. */
#define MPZG_GCDEXT_COOP_BOUNDS(K, threads) \
  __launch_bounds__ (threads, (K) == 8 && MPZG_GCDEXT_COOP_MIN_BLOCKS > 0 \
                     ? MPZG_GCDEXT_COOP_MIN_BLOCKS * MPZG_GCDEXT_COOP_BLOCK / (threads) : 1)

/* Groups of TG lanes, 32 / TG instances per warp; W = TG K.  Below 32 lanes the
   block may share the steps (MPZG_GCDEXT_COOP_SHARED_STEPS), and then none of
   its warps may return early. */
template <int K, int TG>
__global__ void MPZG_GCDEXT_COOP_BOUNDS (K, MPZG_GCDEXT_COOP_BLOCK)
gcdext_group_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t count)
{
  using XL = coop_outer_x<TG, MPZG_GCDEXT_COOP_BLOCK, MPZG_GCDEXT_COOP_SHARED_STEPS>;
  const size_t W = (size_t) TG * K;
  size_t j;
  bool live;
  if (!group_instance<TG, XL::STEPS_SHARED> (count, &j, &live))
    return;                     /* the whole warp */
  group_x<TG> x;
  XL xl;
  gcdext_coop<K> (x, xl, in + j * W, in + (count + j) * W, out + j * W, out + (count + j) * W,
                  live);
}

/* One block of NWP warps per instance; W = 32 NWP K. */
template <int K, int NWP>
__global__ void MPZG_GCDEXT_COOP_BOUNDS (K, 32 * NWP)
gcdext_block_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t count)
{
  __shared__ gcd_block_smem sm;
  const size_t W = (size_t) 32 * NWP * K, j = blockIdx.x;
  block_x<NWP> x (&sm);
  gcdext_coop<K> (x, in + j * W, in + (count + j) * W, out + j * W, out + (count + j) * W);
}

template <int TG, int K = MPZG_GCDEXT_COOP_K>
static void
launch_group (const u64 *in, u64 *out, size_t count, cudaStream_t st)
{
  const size_t per = MPZG_GCDEXT_COOP_BLOCK / TG;
  const unsigned blocks = (unsigned) ((count + per - 1) / per);
  gcdext_group_kernel<K, TG><<<blocks, MPZG_GCDEXT_COOP_BLOCK, 0, st>>> (in, out, count);
}

static int
launch_coop (unsigned W, const u64 *in, u64 *out, size_t count, cudaStream_t st)
{
  if (W / MPZG_GCDEXT_COOP_K > 32 && count > 0x7fffffffu)
    return (int) cudaErrorInvalidValue;
  switch (W / MPZG_GCDEXT_COOP_K)
    {
#if MPZG_GCDEXT_COOP_MIN_LIMBS <= 2 * MPZG_GCDEXT_COOP_K
    case 2: launch_group<2> (in, out, count, st); break;
#endif
#if MPZG_GCDEXT_COOP_MIN_LIMBS <= 4 * MPZG_GCDEXT_COOP_K
    case 4: launch_group<4> (in, out, count, st); break;
#endif
#if MPZG_GCDEXT_COOP_MIN_LIMBS <= 8 * MPZG_GCDEXT_COOP_K
    case 8: launch_group<8> (in, out, count, st); break;
#endif
    case 16: launch_group<16> (in, out, count, st); break;
    case 32: launch_group<32> (in, out, count, st); break;
    case 64:
#if MPZG_GCDEXT_COOP_K == 8
      /* 512 words: one warp of 16 words a lane in a launch large enough */
      if (count >= MPZG_GCDEXT_WARP_MIN_PAIRS)
        {
          launch_group<32, 16> (in, out, count, st);
          break;
        }
#endif
      gcdext_block_kernel<MPZG_GCDEXT_COOP_K, 2><<<(unsigned) count, 64, 0, st>>> (in, out, count);
      break;
    case 128:
      gcdext_block_kernel<MPZG_GCDEXT_COOP_K, 4><<<(unsigned) count, 128, 0, st>>> (in, out,
                                                                                  count);
      break;
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}

template <int W>
static void
launch (const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  const int ARR = W <= MPZG_GCDEXT_SPLIT_MAX ? 3 : XN, B = gcdext_smem_block (W, ARR);
  gcdext_one_kernel<W, ARR><<<(unsigned) ((lanes + B - 1) / B), B, 0, st>>> (in, out, lanes);
}

/* f (std::integral_constant<int, W> ()) for a one-thread (interleaved) class
   width W, at compile time; false for the other widths. */
template <class F>
static bool
one_thread_width (unsigned W, F f)
{
  switch (W)
    {
#define MPZG_GCDEXT_K(k) \
    case k: f (std::integral_constant<int, k < MPZG_GCDEXT_COOP_MIN_LIMBS ? k : 1> ()); return true;
      MPZG_GCDEXT_K (1) MPZG_GCDEXT_K (2) MPZG_GCDEXT_K (4) MPZG_GCDEXT_K (8)
      MPZG_GCDEXT_K (16) MPZG_GCDEXT_K (32) MPZG_GCDEXT_K (64)
#undef MPZG_GCDEXT_K
    default:
      return false;
    }
}

} /* namespace gc */
} /* namespace mpzg */

using namespace mpzg::gc;

extern "C" unsigned
mpzg_mpn_gcdext_classes (void)
{
  return NW;
}

extern "C" size_t
mpzg_mpn_gcdext_max (void)
{
  return gcd_width[NW - 1];
}

extern "C" unsigned
mpzg_mpn_gcdext_class (size_t n)
{
  return width_index (n);
}

extern "C" void
mpzg_mpn_gcdext_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  unsigned W = gcd_width[cls];
  sh->cls = cls;
  sh->layout = coop (W) ? MPZG_MPN_CONTIGUOUS : MPZG_MPN_INTERLEAVED;
  sh->w[0] = W;
  sh->w[1] = W;
  sh->w[2] = 0;
  sh->ow[0] = W;
  sh->ow[1] = W;
  sh->ow[2] = 0;
  sh->in_bytes = (size_t) 2 * W * sizeof (mpzg_mpn_word);
  sh->out_bytes = (size_t) 2 * W * sizeof (mpzg_mpn_word);
  sh->itch = 0;
}

extern "C" int
mpzg_mpn_gcdext (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_mpn_word *in,
                 mpzg_mpn_word *out, mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s)
{
  (void) dev;
  (void) scratch;
  if (lanes == 0)
    return 0;
  cudaStream_t st = (cudaStream_t) s;
  if (coop (sh->w[0]))
    return launch_coop (sh->w[0], in, out, lanes, st);
  if (!one_thread_width (sh->w[0], [&] (auto w) { launch<decltype (w)::value> (in, out, lanes, st); }))
    return (int) cudaErrorInvalidValue;
  return (int) cudaGetLastError ();
}

/* ---- GMP's cofactors where g is one word (gcdext-norm.cuh) ---- */

namespace mpzg {
namespace gc {

/* Blocks (warps) a multiprocessor that the staged cofactor kernel leaves room
   for: 16 (128 registers a thread) from 16 words; 8 (255) where t's W words
   from 32 up are in registers (cofactor_t: it spilled 848 bytes under 128); 1,
   unbounded, below. */
constexpr int
norm_staged_blocks (int W)
{
  return W < 16 ? 1 : W >= 32 && W <= MPZG_GCDEXT_NORM_REGS_MAX ? 8 : 16;
}

/* The one-thread (interleaved) classes: one warp per block, its 32 instances
   staged through shared memory: read in place, a thread's words lie `lanes`
   apart in memory, and each word product of the half product and the division
   then went to the L2 cache (the thread's four arrays outgrow L1 with a few
   warps a multiprocessor).  Arrays of W + 1 words per instance (the odd stride
   puts the threads' words in different banks): v; g, whose words gcdext_norm
   reads before it writes any of t there; and the operands, both below 16
   words.  From 16 words (XG) only y, the operand the Hensel division reads a
   word of per word product; x, whose words the half product reads once each,
   stays in global memory, and the smaller stage lets more warps share a
   multiprocessor (at 1024 bits, a launch of 65,536 instances in one wave);
   below 16 words that cost more than it saved
   (bench/results/2026-11-25-h100-gcdext-norm-x-global).  The route (which
   operand is y) is gcdext-norm.cuh's, found here from the operands' trailing
   zeros.  The flags follow the three regions. */
template <int W>
__global__ void __launch_bounds__ (32, norm_staged_blocks (W))
gcdext_norm_staged_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t count)
{
  extern __shared__ u64 stage[];
  const unsigned lane = threadIdx.x, S = W + 1;
  const size_t j0 = (size_t) blockIdx.x * 32, region = (size_t) W * count;
  const unsigned n = count - j0 < 32 ? (unsigned) (count - j0) : 32;
  const bool XG = W >= 16;
  u64 *V = stage, *T = stage + 32 * S, *A = stage + 64 * S, *B = stage + 96 * S;
  gxn::view a = { NULL, 0 }, b = { NULL, 0 };
  if (XG)
    {
      if (lane < n)
        {
          gxn::view ga = { (u64 *) in + j0 + lane, count },
            gb = { (u64 *) in + region + j0 + lane, count };
          const bool route = gxn::low_bit (gb, W) > gxn::low_bit (ga, W);
          const gxn::view x = route ? gb : ga, y = route ? ga : gb;
          const gxn::view ys = { A + lane * S, 1 };
          for (unsigned i = 0; i < W; i++)
            {
              const size_t at = (size_t) i * count + j0 + lane;
              A[lane * S + i] = y[i];
              T[lane * S + i] = out[at];
              V[lane * S + i] = out[region + at];
            }
          a = route ? ys : x;
          b = route ? x : ys;
        }
    }
  else
    {
      if (lane < n)
        for (unsigned i = 0; i < W; i++)
          {
            const size_t at = (size_t) i * count + j0 + lane;
            A[lane * S + i] = in[at];
            B[lane * S + i] = in[region + at];
            T[lane * S + i] = out[at];
            V[lane * S + i] = out[region + at];
          }
      a = { A + lane * S, 1 };
      b = { B + lane * S, 1 };
    }
  __syncwarp ();
  if (lane < n)
    {
      gxn::view v = { V + lane * S, 1 }, t = { T + lane * S, 1 };
      out[3 * region + j0 + lane] = gxn::gcdext_norm<W <= MPZG_GCDEXT_NORM_REGS_MAX ? W : 0> (a, b, t, v, t, W);
    }
  __syncwarp ();
  if (lane < n)
    for (unsigned i = 0; i < W; i++)
      {
        const size_t at = (size_t) i * count + j0 + lane;
        out[region + at] = V[lane * S + i];
        out[2 * region + at] = T[lane * S + i];
      }
}

/* Its shared memory: four arrays a lane, three from 16 words. */
constexpr size_t
norm_staged_bytes (int W)
{
  return (size_t) (W >= 16 ? 3 : 4) * 32 * (W + 1) * sizeof (u64);
}

/* The lanes of a warp as gcdext-norm-coop.cuh's context: each lane its own
   state, the exchanges by shuffles. */
template <int S>
struct norm_warp
{
  gxn::cs_lane<S> st;
  unsigned L;

  template <class F>
  __device__ __forceinline__ void each (F f) { f (st, L); }

  template <class F>
  __device__ __forceinline__ auto from (unsigned r, F f) { return __shfl_sync (~0u, f (st), (int) r); }

  __device__ __forceinline__ void sync () { __syncwarp (); }

  template <class F>
  __device__ __forceinline__ auto
  lane0 (F f)
  {
    decltype (f ()) r {};
    __syncwarp ();
    if (L == 0)
      r = f ();
    __syncwarp ();
    return __shfl_sync (~0u, r, 0);
  }
};

/* The index of the lowest set bit of x (W words in global memory), or 64 W,
   found by the warp 32 words at a time. */
__device__ __forceinline__ unsigned
warp_low_bit (const u64 *x, unsigned W, unsigned L)
{
  for (unsigned base = 0; base < W; base += 32)
    {
      const u64 w = base + L < W ? x[base + L] : 0;
      const unsigned nz = __ballot_sync (~0u, w != 0);
      if (nz != 0)
        {
          const int src = __ffs ((int) nz) - 1;
          return 64 * (base + src) + ctz64 (__shfl_sync (~0u, w, src));
        }
    }
  return 64 * W;
}

/* GMP's cofactors for the cooperative classes from MPZG_GCDEXT_NORM_COOP_MIN
   words, one warp per instance (contiguous layout), the quadratic steps on all
   its lanes (gcdext-norm-coop.cuh), the linear ones (norm_prep) on lane 0 in
   shared memory.  Same inputs, outputs and flags as the staged kernel; where it
   declines, nothing but the flags is written. */
template <int W>
__global__ void __launch_bounds__ (32)
gcdext_norm_coop_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, size_t count)
{
  constexpr int S = W / 32;
  extern __shared__ u64 stage[];
  const unsigned L = threadIdx.x;
  const size_t j = blockIdx.x, region = (size_t) W * count;
  const u64 *const a = in + j * W, *const b = in + region + j * W, *const g = out + j * W;
  u64 *const v = out + region + j * W, *const flags = out + 3 * region + j;
  const u64 g0 = g[0];
  bool wide = false;
  for (unsigned i = 1 + L; i < W; i += 32)
    wide |= g[i] != 0;
  const unsigned za = warp_low_bit (a, W, L), zb = warp_low_bit (b, W, L);
  if (__any_sync (~0u, wide) || g0 == 0 || za == 64 * W || zb == 64 * W)
    {
      if (L == 0)
        *flags = 0;
      return;
    }
  const int route = zb > za;
  const u64 *const x = route ? b : a, *const y = route ? a : b;
  u64 *const yp = gxn::norm_coop_y (stage), *const cp = gxn::norm_coop_v (stage, W);
  for (int i = (int) L - 32; i < (int) W + 32; i += 32)
    {
      const bool in_w = i >= 0 && i < (int) W;
      yp[i] = in_w ? y[i] : 0;
      cp[i] = in_w ? v[i] : 0;
    }
  norm_warp<S> w;
  w.L = L;
  const int neg_c = gxn::gcdext_norm_coop<S, W <= MPZG_GCDEXT_NORM_COOP_UNROLL ? S : 1> (
    w, g0, gxn::view { (u64 *) x, 1 }, stage, gxn::view { out + 2 * region + j * W, 1 });
  if (neg_c >= 0)
    for (unsigned i = L; i < W; i += 32)
      v[i] = cp[i];
  if (L == 0)
    *flags = neg_c >= 0 ? gxn::norm_flags (neg_c, route) : 0;
}

} /* namespace gc */
} /* namespace mpzg */

/* The one-thread (interleaved) classes, where a thread's W^2 word products are
   few, staged; from MPZG_GCDEXT_NORM_COOP_MIN words (every cooperative class
   by default) a warp per instance. */
static bool
norm_takes (const mpzg_mpn_shape *sh)
{
  return sh->layout == MPZG_MPN_INTERLEAVED || sh->w[0] >= MPZG_GCDEXT_NORM_COOP_MIN;
}

/* The cooperative cofactor kernel on class width W (a multiple of 32 from
   MPZG_GCDEXT_NORM_COOP_MIN); false for other widths. */
template <int W>
static bool
norm_coop_at (unsigned w, const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  if constexpr (W >= MPZG_GCDEXT_NORM_COOP_MIN && W % 32 == 0)
    if (w == W)
      {
        gcdext_norm_coop_kernel<W><<<(unsigned) lanes, 32,
                                     mpzg::gxn::norm_coop_words (W) * sizeof (u64), st>>> (
          in, out, lanes);
        return true;
      }
  return false;
}

static bool
norm_coop (unsigned W, const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  return lanes <= 0x7fffffffu
    && (norm_coop_at<64> (W, in, out, lanes, st) || norm_coop_at<128> (W, in, out, lanes, st)
        || norm_coop_at<256> (W, in, out, lanes, st) || norm_coop_at<512> (W, in, out, lanes, st)
        || norm_coop_at<1024> (W, in, out, lanes, st));
}

extern "C" void
mpzg_mpn_gcdext_norm_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  mpzg_mpn_gcdext_shape (cls, sh);
  if (!norm_takes (sh))
    return;
  sh->ow[2] = sh->w[0];
  sh->out_bytes = (size_t) (3 * sh->w[0] + 1) * sizeof (mpzg_mpn_word);
}

/* The staged kernel's shared memory above the default 48 KB: 64 words, in a
   build whose one-thread classes reach them (MPZG_GCDEXT_COOP_MIN_LIMBS). */
template <int W>
static int
norm_staged_optin (const mpzg_mpn_device *dev)
{
  if (norm_staged_bytes (W) <= 48 * 1024)
    return 0;
  if (norm_staged_bytes (W) > dev->smem_optin)
    return (int) cudaErrorInvalidValue;
  return (int) cudaFuncSetAttribute (gcdext_norm_staged_kernel<W>,
                                     cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     (int) norm_staged_bytes (W));
}

extern "C" int
mpzg_mpn_gcdext_setup (const mpzg_mpn_device *dev)
{
  int e = 0;
  for (unsigned k = 0; k < NW && e == 0; k++)
    one_thread_width (gcd_width[k], [&] (auto w) { e = norm_staged_optin<decltype (w)::value> (dev); });
  return e;
}

/* The staged kernel on the interleaved class of width W. */
template <int W>
static void
norm_interleaved (const u64 *in, u64 *out, size_t lanes, cudaStream_t st)
{
  gcdext_norm_staged_kernel<W><<<(unsigned) ((lanes + 31) / 32), 32, norm_staged_bytes (W), st>>> (
    in, out, lanes);
}

extern "C" int
mpzg_mpn_gcdext_norm (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                      const mpzg_mpn_word *in, mpzg_mpn_word *out, mpzg_mpn_word *scratch,
                      size_t lanes, mpzg_mpn_stream s)
{
  int e = mpzg_mpn_gcdext (dev, sh, in, out, scratch, lanes, s);
  if (e != 0 || lanes == 0 || !norm_takes (sh))
    return e;
  cudaStream_t st = (cudaStream_t) s;
  if (sh->layout != MPZG_MPN_INTERLEAVED)
    {
      if (!norm_coop (sh->w[0], in, out, lanes, st))
        return (int) cudaErrorInvalidValue;
      return (int) cudaGetLastError ();
    }
  if (!one_thread_width (sh->w[0],
                         [&] (auto w) { norm_interleaved<decltype (w)::value> (in, out, lanes, st); }))
    return (int) cudaErrorInvalidValue;
  return (int) cudaGetLastError ();
}
