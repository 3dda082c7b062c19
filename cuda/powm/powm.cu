/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm.cu -- modular exponentiation on the device: r = b^e mod m.

   Below MPZG_POWM_COOP_MIN_LIMBS words, one thread per instance on the
   interleaved layout (loads and stores coalesce across the instances of a warp),
   Montgomery products and a fixed window (powm-core.cuh).  From there up, a team
   of T lanes of a warp per instance, K = N / T words each (powm-coop.cuh):
   powm_coop_threads picks the smallest T of 4, 8, 16, 32 that leaves K at most 6
   (8 at 256 words), so that an instance's numbers stay in registers: at K = 8
   ptxas spilled 8 to 20 bytes in the classes of 32 to 128 words, even with 168
   registers.  The kernels are instantiated per modulus width only: the
   exponent is read a word at a time from global memory, so its class width is
   only the stride of its rows, and exponents of different sizes share a launch.
   The window table lives in the chunk's scratch, interleaved like the operands.

   From MPZG_POWM_COOP_MIN_LIMBS up to MPZG_POWM_ONE_MAX_LIMBS (exclusive; by
   default 16 words alone) both kernels are built and the launch's size
   chooses (powm_one_thread): one thread per instance from
   MPZG_POWM_ONE_MIN_LANES instances up, where there are threads enough to fill
   the device and the one-thread kernel's fewer instructions per product win,
   the teams below, where four times the threads do.  Both read and write the
   same interleaved operands, and the scratch is sized for the larger of their
   tables (powm_scratch_rows).

   Even moduli m = 2^k m': the kernels above compute b^e mod m' (0 at once for
   m' = 1), then a second launch computes b^e mod 2^k and joins the two in the
   output, in the scratch the table left free; its threads of odd moduli return
   after one load.  It runs one thread per instance (powm_even_kernel,
   powm-even.cuh) after the one-thread kernel, and after the teams at the widths
   that have both kernels (powm_even_by_one); the same team per instance
   (powm_even_coop_kernel, powm-even-coop.cuh) above.

   Classes: a pair of widths (N for the base and the modulus, EW for the exponent)
   from powm_width; a modulus of nm words with a base of nb words takes the
   smallest N >= max (nm, nb), an exponent of ne words the smallest EW >= ne (ne =
   0 takes the first). */

#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "powm-core.cuh"
#include "powm-coop.cuh"
#include "powm-even.cuh"
#include "powm-even-coop.cuh"

namespace mpzg {
namespace pw {

static const unsigned powm_width[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192,
                                        256 };
static const unsigned NW = sizeof powm_width / sizeof powm_width[0];
static_assert (sizeof powm_width / sizeof powm_width[0] == 16 && MPZG_POWM_MAX_LIMBS == 256,
               "powm_width and MPZG_POWM_MAX_LIMBS disagree");
/* the one-thread kernels are instantiated up to 64 words, the cooperative ones
   from 16; both below MPZG_POWM_ONE_MAX_LIMBS (16 or less: at no width) */
static_assert (MPZG_POWM_COOP_MIN_LIMBS >= 16 && MPZG_POWM_COOP_MIN_LIMBS <= 65,
               "MPZG_POWM_COOP_MIN_LIMBS outside 16 .. 65");
static_assert (MPZG_POWM_ONE_MAX_LIMBS >= 16 && MPZG_POWM_ONE_MAX_LIMBS <= 65,
               "MPZG_POWM_ONE_MAX_LIMBS outside 16 .. 65");
static_assert (MPZG_POWM_ONE_MIN_LANES >= 1, "MPZG_POWM_ONE_MIN_LANES below 1");

/* Inputs b (N rows), e (EW rows), m (N rows); output r (N rows); scratch
   powm_rows (EW) * N rows; row i of an operand at i * lanes.  The launch bounds
   name the blocks per multiprocessor ptxas is to leave room for (the registers
   it may use): left to itself it gave the 64-word kernel 32 registers and
   spilled 28 KB per thread (255 and 13 KB with one block), and the 16-word one
   168 registers and a spill (208, none, with two blocks; asked for three, 168
   and 312 bytes of spills, it ran 4 % slower for half again as many warps:
   bench/results/2026-11-25-h100-not-kept-powm-almost-montgomery). */
template <int N>
__global__ void __launch_bounds__ (MPZG_POWM_BLOCK, N >= 24 ? 1 : N >= 16 ? 2 : N >= 12 ? 3 : 4)
powm_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, u64 *__restrict__ scratch,
             int EW, size_t lanes)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  const u64 *bp = in + j, *ep = in + (size_t) N * lanes + j;
  const u64 *mp = in + (size_t) (N + EW) * lanes + j;
  powm_one<N> (bp, ep, EW, mp, out + j, scratch + j, lanes);
}

/* The cooperative kernel: instance j = thread / T (a warp holds 32 / T whole
   instances, and a chunk's lanes, a multiple of MPZG_MPN_LANE_GROUP, whole warps
   of them, so a warp returns as a whole).  Table layout: powm-coop.cuh.  The
   launch bounds leave ptxas 128 registers a thread up to K = 6 words (four blocks
   of 128 threads per multiprocessor), 168 at K = 8 (with 128 it spilled 28
   bytes there). */
template <int N, int T>
__global__ void __launch_bounds__ (MPZG_POWM_COOP_BLOCK,
                                   65536 / (N / T >= 8 ? 168 : 128) / MPZG_POWM_COOP_BLOCK)
powm_coop_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, u64 *__restrict__ scratch,
                  int EW, size_t lanes)
{
  static_assert (N % T == 0 && MPZG_MPN_LANE_GROUP % (32 / T) == 0, "team layout");
  size_t j = ((size_t) blockIdx.x * blockDim.x + threadIdx.x) / T;
  if (j >= lanes)
    return;
  team_x<T> x;
  const u64 *bp = in + j, *ep = in + (size_t) N * lanes + j;
  const u64 *mp = in + (size_t) (N + EW) * lanes + j;
  powm_coop<N / T> (x, bp, ep, EW, mp, out + j, scratch + j * T, lanes);
}

/* After the one-thread kernel: the even moduli's power of two and join, one
   thread per instance (powm_even_one: the power in registers). */
template <int N>
__global__ void __launch_bounds__ (MPZG_POWM_BLOCK)
powm_even_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, u64 *__restrict__ scratch,
                  int EW, size_t lanes)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  const u64 *bp = in + j, *ep = in + (size_t) N * lanes + j;
  const u64 *mp = in + (size_t) (N + EW) * lanes + j;
  powm_even_one<N> (bp, ep, EW, mp, out + j, scratch + j, lanes);
}

/* After the cooperative kernel: the even moduli's part by the same teams
   (powm-even-coop.cuh), on the table's rows; the launch bounds as that
   kernel's. */
template <int N, int T>
__global__ void __launch_bounds__ (MPZG_POWM_COOP_BLOCK,
                                   65536 / (N / T >= 8 ? 168 : 128) / MPZG_POWM_COOP_BLOCK)
powm_even_coop_kernel (const u64 *__restrict__ in, u64 *__restrict__ out,
                       u64 *__restrict__ scratch, int EW, size_t lanes)
{
  size_t j = ((size_t) blockIdx.x * blockDim.x + threadIdx.x) / T;
  if (j >= lanes)
    return;
  team_x<T> x;
  const u64 *bp = in + j, *ep = in + (size_t) N * lanes + j;
  const u64 *mp = in + (size_t) (N + EW) * lanes + j;
  powm_even_coop<N / T> (x, bp, ep, EW, mp, out + j, scratch + j * T, lanes);
}

/* One launch of the class of width N (one thread or a team per instance, by
   powm_one_thread), and the even moduli's one, of the same shape. */
template <int N>
static void
launch (const u64 *in, u64 *out, u64 *scratch, int EW, size_t lanes, cudaStream_t st)
{
  static_assert (powm_has_one (N) || powm_is_coop (N), "no powm kernel for the width");
  /* blocks of the launches of one thread per instance */
  const unsigned one_blocks = (unsigned) ((lanes + MPZG_POWM_BLOCK - 1) / MPZG_POWM_BLOCK);
  if constexpr (powm_has_one (N))
    if (powm_one_thread (N, lanes))
      {
        static_assert (N <= 64, "one-thread powm kernels up to 64 words");
        powm_kernel<N><<<one_blocks, MPZG_POWM_BLOCK, 0, st>>> (in, out, scratch, EW, lanes);
        powm_even_kernel<N><<<one_blocks, MPZG_POWM_BLOCK, 0, st>>> (in, out, scratch, EW,
                                                                     lanes);
        return;
      }
  if constexpr (powm_is_coop (N))
    {
      const int T = powm_coop_threads (N);
      const unsigned blocks = (unsigned) ((lanes * T + MPZG_POWM_COOP_BLOCK - 1)
                                          / MPZG_POWM_COOP_BLOCK);
      powm_coop_kernel<N, T><<<blocks, MPZG_POWM_COOP_BLOCK, 0, st>>> (in, out, scratch, EW,
                                                                        lanes);
      if constexpr (powm_even_by_one (N))
        powm_even_kernel<N><<<one_blocks, MPZG_POWM_BLOCK, 0, st>>> (in, out, scratch, EW,
                                                                     lanes);
      else
        powm_even_coop_kernel<N, T><<<blocks, MPZG_POWM_COOP_BLOCK, 0, st>>> (in, out,
                                                                               scratch, EW,
                                                                               lanes);
    }
}

/* Index of the smallest width >= n, or NW. */
static unsigned
width_index (size_t n)
{
  unsigned k = 0;
  while (k < NW && powm_width[k] < n)
    k++;
  return k;
}

} /* namespace pw */
} /* namespace mpzg */

using namespace mpzg::pw;

extern "C" unsigned
mpzg_mpn_powm_classes (void)
{
  return NW * NW;
}

extern "C" size_t
mpzg_mpn_powm_max (void)
{
  return powm_width[NW - 1];
}

extern "C" unsigned
mpzg_mpn_powm_class (size_t nb, size_t ne, size_t nm)
{
  return width_index (nb > nm ? nb : nm) * NW + width_index (ne);
}

extern "C" void
mpzg_mpn_powm_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  unsigned N = powm_width[cls / NW], EW = powm_width[cls % NW];
  sh->cls = cls;
  sh->layout = MPZG_MPN_INTERLEAVED;
  sh->w[0] = N;
  sh->w[1] = EW;
  sh->w[2] = N;
  sh->ow[0] = N;
  sh->ow[1] = 0;
  sh->ow[2] = 0;
  sh->in_bytes = (size_t) (2 * N + EW) * sizeof (mpzg_mpn_word);
  sh->out_bytes = (size_t) N * sizeof (mpzg_mpn_word);
  sh->itch = powm_scratch_rows ((int) N, (int) EW) * N;
}

extern "C" int
mpzg_mpn_powm_setup (const mpzg_mpn_device *dev)
{
  (void) dev;                   /* registers and scratch: nothing to opt into */
  return 0;
}

extern "C" int
mpzg_mpn_powm (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_mpn_word *in,
               mpzg_mpn_word *out, mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s)
{
  (void) dev;
  if (lanes == 0)
    return 0;
  const int EW = (int) sh->w[1];
  cudaStream_t st = (cudaStream_t) s;
  switch (sh->w[0])
    {
#define MPZG_POWM_K(k) case k: launch<k> (in, out, scratch, EW, lanes, st); break;
      MPZG_POWM_K (1) MPZG_POWM_K (2) MPZG_POWM_K (3) MPZG_POWM_K (4) MPZG_POWM_K (6)
      MPZG_POWM_K (8) MPZG_POWM_K (12) MPZG_POWM_K (16) MPZG_POWM_K (24) MPZG_POWM_K (32)
      MPZG_POWM_K (48) MPZG_POWM_K (64) MPZG_POWM_K (96) MPZG_POWM_K (128)
      MPZG_POWM_K (192) MPZG_POWM_K (256)
#undef MPZG_POWM_K
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}
