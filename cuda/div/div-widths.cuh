/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-widths.cuh -- the class widths of the division families (div.cu's divrem
   and divexact.cu's divexact, which share the classes and the layouts), and the
   most threads of their one-block kernels. */
#ifndef MPZG_DIV_WIDTHS_CUH
#define MPZG_DIV_WIDTHS_CUH

#include <stddef.h>
#include <type_traits>
#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "div-coop.cuh"

namespace mpzg {
namespace dv {

/* The one table of widths: dividend and divisor classes alike.  Above the small
   widths, 64 and 96 times the powers of two, two per octave: each is a power of
   two times coop_k's K, the cooperative shapes' threads. */
static constexpr unsigned divrem_width[] = {
  1, 2, 3, 4, 6, 8, 12, 16, 24, 32,
  64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192
};
static constexpr unsigned NW = sizeof divrem_width / sizeof divrem_width[0];
static constexpr unsigned NW_SMALL = 10;
static_assert (NW == 25 && MPZG_DIV_MAX_LIMBS == 8192 && MPZG_DIV_SMALL_MAX == 32,
               "divrem_width and the limits of tuning.h disagree");
static_assert (2 * MPZG_DIV_SMALL_MAX <= MPZG_MPN_INTERLEAVED_MAX,
               "the interleaved classes exceed the host's staging tile");

/* The threads of an instance of the cooperative width W: W / coop_k (W). */
constexpr int
coop_threads (unsigned W)
{
  return (int) W / coop_k ((int) W);
}

/* The fewest (most = false) or the most threads of an instance over the
   cooperative widths that coop_k gives K words per thread (K = 0: every one); 0
   for the most where no width takes K.  The launchers instantiate no group
   narrower than the fewest, and no block kernel where the most is a warp. */
constexpr int
coop_threads_bound (int K, bool most)
{
  int m = most ? 0 : 1 << 30;
  for (unsigned i = NW_SMALL; i < NW; i++)
    {
      const int t = coop_threads (divrem_width[i]);
      if ((K == 0 || coop_k ((int) divrem_width[i]) == K) && (most ? t > m : t < m))
        m = t;
    }
  return m;
}

/* The most threads of the one-block kernels. */
#define DIV_BLOCK_MAX_THREADS (coop_threads_bound (0, true))
static_assert (DIV_BLOCK_MAX_THREADS <= 1024 && DIV_BLOCK_MAX_THREADS / 32 <= 32,
               "block_smem holds 32 warps' words");
/* Blocks of up to DIV_BLOCK_NARROW threads (every class up to 4096 words) run
   kernels built for that launch bound, as they were measured; the wider ones
   (6144 and 8192 words, 256 threads) have kernels of their own, bound by
   DIV_BLOCK_MAX_THREADS. */
#define DIV_BLOCK_NARROW 128
static_assert (DIV_BLOCK_NARROW <= DIV_BLOCK_MAX_THREADS, "the narrow blocks' bound");

/* f (std::integral_constant<int, K> ()) for the words per thread K that coop_k
   may give (MPZG_DIV_COOP_K, MPZG_DIV_COOP_K_WIDE and three quarters of each):
   the cooperative launchers' one runtime-to-template step.  Any other K:
   cudaErrorInvalidValue. */
template <class F>
static int
with_coop_k (int K, F f)
{
  if (K == MPZG_DIV_COOP_K)
    return f (std::integral_constant<int, MPZG_DIV_COOP_K> ());
  if (K == 3 * MPZG_DIV_COOP_K / 4)
    return f (std::integral_constant<int, 3 * MPZG_DIV_COOP_K / 4> ());
  if (K == MPZG_DIV_COOP_K_WIDE)
    return f (std::integral_constant<int, MPZG_DIV_COOP_K_WIDE> ());
  if (K == 3 * MPZG_DIV_COOP_K_WIDE / 4)
    return f (std::integral_constant<int, 3 * MPZG_DIV_COOP_K_WIDE / 4> ());
  return (int) cudaErrorInvalidValue;
}

/* Index of the smallest width >= n, or NW. */
static inline unsigned
width_index (size_t n)
{
  unsigned k = 0;
  while (k < NW && divrem_width[k] < n)
    k++;
  return k;
}

} /* namespace dv */
} /* namespace mpzg */

#endif
