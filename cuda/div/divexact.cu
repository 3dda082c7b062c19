/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divexact.cu -- exact division on the device: q = n / d for d dividing n, low
   words first (divexact-core.cuh: Hensel's division, as GMP's mpn_divexact).

   The classes, widths and layouts are the division's (div.cu), so that the host
   packs both alike; only the outputs differ (the quotient alone).  The shape of a
   class's kernel follows from its window width E, the smallest class width that
   is at least min (ND, QW): every instance of the class (ND its divisor width, QW
   the class's longest quotient) needs only min (nd, qn) words of divisor and of
   partial remainder, so long divisors with short quotients get a narrow window.

   - E <= MPZG_DIV_SMALL_MAX: one thread per instance, the window and the divisor's
     low words in registers; interleaved or contiguous as the class's layout says.
   - Above: T = E / K threads, K = coop_k (E) words per thread, as the division's
     cooperative shapes (div-coop.cuh's exchange contexts): a group of T lanes of a
     warp up to 32, one block of T threads above. */

#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "divexact-core.cuh"
#include "div-widths.cuh"

namespace mpzg {
namespace dv {

/* One thread per instance.  Inputs n (NN rows), d (ND rows); output q (QW rows);
   each operand's block is `lanes` instances wide (interleaved: word i of instance
   j at i * lanes + j; contiguous: at j * width + i). */
template <int E>
__global__ void __launch_bounds__ (MPZG_DIV_BLOCK)
divexact_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int ND, int QW,
                 size_t lanes, bool contig)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  const u64 *np = in + j * (contig ? NN : 1);
  const u64 *dp = in + (size_t) NN * lanes + j * (contig ? ND : 1);
  u64 *qp = out + j * (contig ? QW : 1);
  divexact_one<E> (np, dp, qp, NN, ND, QW, contig ? 1 : lanes);
}

/* One group of TG lanes per instance, contiguous; E = TG K. */
template <int K, int TG>
__global__ void __launch_bounds__ (MPZG_DIV_WARP_BLOCK)
divexact_group_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int ND, int QW,
                       size_t count)
{
  size_t j = ((size_t) blockIdx.x * blockDim.x + threadIdx.x) / TG;
  if (j >= count)
    return;                     /* the whole group */
  group_x<TG> x;
  divexact_coop<K> (x, in + j * NN, in + (size_t) NN * count + j * ND, out + j * QW, NN, ND, QW);
}

/* One block per instance, contiguous; E = blockDim.x * K. */
template <int K, int TB>
__global__ void __launch_bounds__ (TB)
divexact_block_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int ND,
                       int QW, size_t count)
{
  __shared__ block_smem sm;
  const size_t j = blockIdx.x;
  block_x x (&sm);
  divexact_coop<K> (x, in + j * NN, in + (size_t) NN * count + j * ND, out + j * QW, NN, ND, QW);
}

/* The window width of a class of divisor width ND and quotient width QW. */
static unsigned
window_width (unsigned ND, unsigned QW)
{
  return divrem_width[width_index (ND < QW ? ND : QW)];
}

static int
launch_small (unsigned E, const u64 *in, u64 *out, int NN, int ND, int QW, size_t lanes,
              bool contig, cudaStream_t st)
{
  const unsigned blocks = (unsigned) ((lanes + MPZG_DIV_BLOCK - 1) / MPZG_DIV_BLOCK);
  switch (E)
    {
#define MPZG_DIVEXACT_E(e)                                                              \
    case e:                                                                             \
      divexact_kernel<e><<<blocks, MPZG_DIV_BLOCK, 0, st>>> (in, out, NN, ND, QW, lanes, contig); \
      break;
      MPZG_DIVEXACT_E (1) MPZG_DIVEXACT_E (2) MPZG_DIVEXACT_E (3) MPZG_DIVEXACT_E (4)
      MPZG_DIVEXACT_E (6) MPZG_DIVEXACT_E (8) MPZG_DIVEXACT_E (12) MPZG_DIVEXACT_E (16)
      MPZG_DIVEXACT_E (24) MPZG_DIVEXACT_E (32)
#undef MPZG_DIVEXACT_E
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}

template <int K>
static int
launch_coop_k (unsigned E, const u64 *in, u64 *out, int NN, int ND, int QW, size_t count,
               cudaStream_t st)
{
  const unsigned T = E / K;
  if (T <= 32)
    {
      const unsigned blocks = (unsigned) ((count * T + MPZG_DIV_WARP_BLOCK - 1) / MPZG_DIV_WARP_BLOCK);
      /* no class gives fewer threads than coop_threads_bound: those groups are not built */
      switch (T)
        {
#define MPZG_DIVEXACT_G(tg)                                                             \
        case tg:                                                                        \
          if constexpr (tg < coop_threads_bound (K, false))                             \
            return (int) cudaErrorInvalidValue;                                         \
          else                                                                          \
            divexact_group_kernel<K, tg><<<blocks, MPZG_DIV_WARP_BLOCK, 0, st>>> (in, out, NN, ND, QW, count); \
          break;
          MPZG_DIVEXACT_G (2) MPZG_DIVEXACT_G (4) MPZG_DIVEXACT_G (8) MPZG_DIVEXACT_G (16)
          MPZG_DIVEXACT_G (32)
#undef MPZG_DIVEXACT_G
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
    divexact_block_kernel<K, DIV_BLOCK_NARROW><<<(unsigned) count, T, 0, st>>> (in, out, NN, ND, QW, count);
  else if constexpr (coop_threads_bound (K, true) > DIV_BLOCK_NARROW)
    divexact_block_kernel<K, DIV_BLOCK_MAX_THREADS><<<(unsigned) count, T, 0, st>>> (in, out, NN, ND, QW, count);
  else
    return (int) cudaErrorInvalidValue;
  return (int) cudaGetLastError ();
}

static int
launch_coop (unsigned E, const u64 *in, u64 *out, int NN, int ND, int QW, size_t count,
             cudaStream_t st)
{
  return with_coop_k (coop_k ((int) E), [&] (auto k) {
    return launch_coop_k<decltype (k)::value> (E, in, out, NN, ND, QW, count, st);
  });
}

} /* namespace dv */
} /* namespace mpzg */

using namespace mpzg::dv;

extern "C" unsigned
mpzg_mpn_divexact_classes (void)
{
  return mpzg_mpn_divrem_classes ();
}

extern "C" size_t
mpzg_mpn_divexact_max (void)
{
  return mpzg_mpn_divrem_max ();
}

extern "C" unsigned
mpzg_mpn_divexact_class (size_t nn, size_t nd)
{
  return mpzg_mpn_divrem_class (nn, nd);
}

extern "C" void
mpzg_mpn_divexact_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  mpzg_mpn_divrem_shape (cls, sh);
  sh->ow[1] = 0;
  sh->out_bytes = (size_t) sh->ow[0] * sizeof (mpzg_mpn_word);
}

extern "C" int
mpzg_mpn_divexact_setup (const mpzg_mpn_device *dev)
{
  (void) dev;     /* registers and under 1 KB of static shared memory: nothing to opt into */
  return 0;
}

extern "C" int
mpzg_mpn_divexact (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_mpn_word *in,
                   mpzg_mpn_word *out, mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s)
{
  (void) dev;
  (void) scratch;
  if (lanes == 0)
    return 0;
  const int NN = (int) sh->w[0], ND = (int) sh->w[1], QW = (int) sh->ow[0];
  const unsigned E = window_width ((unsigned) ND, (unsigned) QW);
  cudaStream_t st = (cudaStream_t) s;
  if (E <= MPZG_DIV_SMALL_MAX)
    return launch_small (E, in, out, NN, ND, QW, lanes, sh->layout == MPZG_MPN_CONTIGUOUS, st);
  if (sh->layout != MPZG_MPN_CONTIGUOUS)
    return (int) cudaErrorInvalidValue;
  return launch_coop (E, in, out, NN, ND, QW, lanes, st);
}
