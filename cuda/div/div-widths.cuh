/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-widths.cuh -- the class widths of the division families (div.cu's divrem
   and divexact.cu's divexact, which share the classes and the layouts), and the
   most threads of their one-block kernels. */
#ifndef MPZG_DIV_WIDTHS_CUH
#define MPZG_DIV_WIDTHS_CUH

#include <stddef.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"

namespace mpzg {
namespace dv {

/* The one table of widths: dividend and divisor classes alike.  Above the small
   widths, 64 and 96 times the powers of two, two per octave: each is a power of
   two times coop_k's K, the cooperative shapes' threads. */
static const unsigned divrem_width[] = {
  1, 2, 3, 4, 6, 8, 12, 16, 24, 32,
  64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096
};
static const unsigned NW = sizeof divrem_width / sizeof divrem_width[0];
static const unsigned NW_SMALL = 10;
static_assert (NW == 23 && MPZG_DIV_MAX_LIMBS == 4096 && MPZG_DIV_SMALL_MAX == 32,
               "divrem_width and the limits of tuning.h disagree");
static_assert (2 * MPZG_DIV_SMALL_MAX <= MPZG_MPN_INTERLEAVED_MAX,
               "the interleaved classes exceed the host's staging tile");

/* The most threads of the one-block kernels: the widest divisor's (coop_k gives
   the widths 3 * 2^j three quarters of the words, and as many threads as the next
   power of two). */
#define DIV_BLOCK_MAX_THREADS (MPZG_DIV_MAX_LIMBS / MPZG_DIV_COOP_K)
static_assert (DIV_BLOCK_MAX_THREADS <= 1024 && DIV_BLOCK_MAX_THREADS / 32 <= 32,
               "block_smem holds 32 warps' words");

/* The fewest threads of an instance with K words per thread: the narrowest
   cooperative width that takes K (coop_k) over K, 64 / K for MPZG_DIV_COOP_K and
   96 / K for its three quarters.  The launchers instantiate no group narrower. */
template <int K>
constexpr int
coop_min_threads ()
{
  return (K == MPZG_DIV_COOP_K ? 2 : 3) * MPZG_DIV_SMALL_MAX / K;
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
