/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div.cu -- unsigned division with remainder on the device: n = q d + r, r < d.

   Schoolbook division with a precomputed reciprocal of the divisor's top two words
   (Möller and Granlund's 3-by-2 step, as GMP's mpn_sbpi1_div_qr), in three shapes
   chosen by the divisor's class width ND:

   - ND <= MPZG_DIV_SMALL_MAX: one thread per instance (div-core.cuh), the divisor
     and the window in registers, a one-limb-divisor path through the 2-by-1 step
     (on the contiguous layout four words a load and a store: divrem_1_rows).
     On the interleaved layout when the dividend's class is that small too (loads
     and stores coalesce across a warp's instances), else on the contiguous one
     (each thread reads its own rows, through L1).
   - Above: T = ND / K threads per instance, K = coop_k (ND) words of the divisor
     and of the window per thread (div-coop.cuh): a group of T lanes of a warp,
     several instances per block, up to T = 32; above, one block of T threads.

   Every shape is instantiated per divisor shape only: the dividend enters the
   window a word at a time from global memory, so its class width is only the
   stride of the layout.

   Classes: a pair of widths (NN, ND) from divrem_width, ND <= NN; a divisor of nd
   words takes the smallest width ND >= nd, a dividend of nn words the smallest
   NN >= max (nn, nd).  The quotient has nn - nd + 1 <= NN - dmin + 1 words, dmin
   the smallest divisor the class takes (the width below ND, plus one).  Classes
   with NN <= MPZG_DIV_SMALL_MAX are interleaved, the others contiguous. */

#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "div-core.cuh"
#include "div-coop.cuh"
#include "div-widths.cuh"

namespace mpzg {
namespace dv {


/* One thread per instance.  Inputs n (NN rows), d (ND rows); outputs q (QW rows),
   r (ND rows); each operand's block is `lanes` instances wide.  Interleaved: word
   i of instance j at i * lanes + j; contiguous: at j * width + i. */
template <int ND>
__global__ void __launch_bounds__ (MPZG_DIV_BLOCK)
divrem_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int QW, size_t lanes,
               bool contig)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  /* interleaved: instance j at word j, rows `lanes` apart; contiguous: at j times
     the operand's width, rows adjacent */
  const u64 *np = in + j * (contig ? NN : 1);
  const u64 *dp = in + (size_t) NN * lanes + j * (contig ? ND : 1);
  u64 *qp = out + j * (contig ? QW : 1);
  u64 *rp = out + (size_t) QW * lanes + j * (contig ? ND : 1);
  if (contig)
    lanes = 1;
  const size_t stride = lanes;
  if (ND == 1)
    divrem_1_any (np, dp, qp, rp, NN, QW, stride);
  else
    divrem_one<ND < 2 ? 2 : ND> (np, dp, qp, rp, NN, QW, stride);
}

/* One group of TG lanes per instance, contiguous; ND = TG K. */
template <int K, int TG>
__global__ void __launch_bounds__ (MPZG_DIV_WARP_BLOCK)
divrem_group_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int QW,
                     size_t count)
{
  const int ND = TG * K;
  size_t j = ((size_t) blockIdx.x * blockDim.x + threadIdx.x) / TG;
  if (j >= count)
    return;                     /* the whole group */
  group_x<TG> x;
  divrem_coop<K> (x, in + j * NN, in + (size_t) NN * count + j * ND, out + j * QW,
                  out + (size_t) QW * count + j * ND, NN, QW);
}

/* One block per instance, contiguous; ND = blockDim.x * K. */
template <int K, int TB>
__global__ void __launch_bounds__ (TB)
divrem_block_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int QW,
                     size_t count)
{
  __shared__ block_smem sm;
  const size_t ND = (size_t) blockDim.x * K, j = blockIdx.x;
  block_x x (&sm);
  divrem_coop<K> (x, in + j * NN, in + (size_t) NN * count + j * ND, out + j * QW,
                  out + (size_t) QW * count + j * ND, NN, QW);
}

/* Class of widths (a, b), b <= a (indices into divrem_width). */
static unsigned
class_of (unsigned a, unsigned b)
{
  return a * (a + 1) / 2 + b;
}

static int
launch_small (unsigned ND, const u64 *in, u64 *out, int NN, int QW, size_t lanes, bool contig,
              cudaStream_t st)
{
  const unsigned blocks = (unsigned) ((lanes + MPZG_DIV_BLOCK - 1) / MPZG_DIV_BLOCK);
  switch (ND)
    {
#define MPZG_DIV_K(k)                                                                   \
    case k:                                                                             \
      divrem_kernel<k><<<blocks, MPZG_DIV_BLOCK, 0, st>>> (in, out, NN, QW, lanes, contig); \
      break;
      MPZG_DIV_K (1) MPZG_DIV_K (2) MPZG_DIV_K (3) MPZG_DIV_K (4) MPZG_DIV_K (6)
      MPZG_DIV_K (8) MPZG_DIV_K (12) MPZG_DIV_K (16) MPZG_DIV_K (24) MPZG_DIV_K (32)
#undef MPZG_DIV_K
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}

template <int K>
static int
launch_coop_k (unsigned ND, const u64 *in, u64 *out, int NN, int QW, size_t count,
               cudaStream_t st)
{
  const unsigned T = ND / K;
  if (T <= 32)
    {
      const unsigned blocks = (unsigned) ((count * T + MPZG_DIV_WARP_BLOCK - 1) / MPZG_DIV_WARP_BLOCK);
      /* no class gives fewer threads than coop_threads_bound: those groups are not built */
      switch (T)
        {
#define MPZG_DIV_G(tg)                                                                  \
        case tg:                                                                        \
          if constexpr (tg < coop_threads_bound (K, false))                             \
            return (int) cudaErrorInvalidValue;                                         \
          else                                                                          \
            divrem_group_kernel<K, tg><<<blocks, MPZG_DIV_WARP_BLOCK, 0, st>>> (in, out, NN, QW, count); \
          break;
          MPZG_DIV_G (2) MPZG_DIV_G (4) MPZG_DIV_G (8) MPZG_DIV_G (16) MPZG_DIV_G (32)
#undef MPZG_DIV_G
        default:
          return (int) cudaErrorInvalidValue;
        }
    }
  else if (count > 0x7fffffffu || T > DIV_BLOCK_MAX_THREADS || T % 32 != 0)
    return (int) cudaErrorInvalidValue;
  /* no width gives K more threads than a warp: no block kernel then */
  else if constexpr (coop_threads_bound (K, true) <= 32)
    return (int) cudaErrorInvalidValue;
  else if (T <= DIV_BLOCK_NARROW)
    divrem_block_kernel<K, DIV_BLOCK_NARROW><<<(unsigned) count, T, 0, st>>> (in, out, NN, QW, count);
  else if constexpr (coop_threads_bound (K, true) > DIV_BLOCK_NARROW)
    divrem_block_kernel<K, DIV_BLOCK_MAX_THREADS><<<(unsigned) count, T, 0, st>>> (in, out, NN, QW, count);
  else
    return (int) cudaErrorInvalidValue;
  return (int) cudaGetLastError ();
}

static int
launch_coop (unsigned ND, const u64 *in, u64 *out, int NN, int QW, size_t count, cudaStream_t st)
{
  return with_coop_k (coop_k ((int) ND), [&] (auto k) {
    return launch_coop_k<decltype (k)::value> (ND, in, out, NN, QW, count, st);
  });
}

} /* namespace dv */
} /* namespace mpzg */

using namespace mpzg::dv;

extern "C" unsigned
mpzg_mpn_divrem_classes (void)
{
  return NW * (NW + 1) / 2;
}

extern "C" size_t
mpzg_mpn_divrem_max (void)
{
  return divrem_width[NW - 1];
}

extern "C" unsigned
mpzg_mpn_divrem_class (size_t nn, size_t nd)
{
  return class_of (width_index (nn > nd ? nn : nd), width_index (nd));
}

extern "C" void
mpzg_mpn_divrem_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  unsigned a = 0;
  while (class_of (a + 1, 0) <= cls)
    a++;
  unsigned b = cls - class_of (a, 0);
  unsigned NN = divrem_width[a], ND = divrem_width[b];
  unsigned dmin = b == 0 ? 1 : divrem_width[b - 1] + 1;
  sh->cls = cls;
  sh->layout = a < NW_SMALL ? MPZG_MPN_INTERLEAVED : MPZG_MPN_CONTIGUOUS;
  sh->w[0] = NN;
  sh->w[1] = ND;
  sh->w[2] = 0;
  sh->ow[0] = NN - dmin + 1;
  sh->ow[1] = ND;
  sh->ow[2] = 0;
  sh->in_bytes = (size_t) (NN + ND) * sizeof (mpzg_mpn_word);
  sh->out_bytes = (size_t) (sh->ow[0] + ND) * sizeof (mpzg_mpn_word);
  sh->itch = 0;
}

extern "C" int
mpzg_mpn_divrem_setup (const mpzg_mpn_device *dev)
{
  (void) dev;     /* registers and under 1 KB of static shared memory: nothing to opt into */
  return 0;
}

extern "C" int
mpzg_mpn_divrem (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_mpn_word *in,
                 mpzg_mpn_word *out, mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s)
{
  (void) dev;
  (void) scratch;
  if (lanes == 0)
    return 0;
  const int NN = (int) sh->w[0], QW = (int) sh->ow[0];
  const unsigned ND = sh->w[1];
  cudaStream_t st = (cudaStream_t) s;
  if (ND <= MPZG_DIV_SMALL_MAX)
    return launch_small (ND, in, out, NN, QW, lanes, sh->layout == MPZG_MPN_CONTIGUOUS, st);
  return launch_coop (ND, in, out, NN, QW, lanes, st);
}
