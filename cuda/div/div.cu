/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div.cu -- unsigned division with remainder on the device: n = q d + r, r < d.

   Small and mid sizes, one thread per instance on the interleaved layout (loads
   and stores coalesce across the instances of a warp), schoolbook division with a
   precomputed reciprocal of the divisor's top two words (div-core.cuh: Möller and
   Granlund's 3-by-2 step, as GMP's mpn_sbpi1_div_qr), and a one-limb-divisor path
   through their 2-by-1 step.  The kernels are instantiated per divisor width
   only: the dividend enters the register window a word at a time from global
   memory, so its class width is only the stride of the layout.

   Classes: a pair of widths (NN, ND) from divrem_width, ND <= NN; a divisor of nd
   words takes the smallest width ND >= nd, a dividend of nn words the smallest
   NN >= max (nn, nd).  The quotient has nn - nd + 1 <= NN - dmin + 1 words, dmin
   the smallest divisor the class takes (the width below ND, plus one). */

#include <cuda_runtime.h>
#include "../mpzg-mpn.h"
#include "../tuning.h"
#include "div-core.cuh"

namespace mpzg {
namespace dv {

static const unsigned divrem_width[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 };
static const unsigned NW = sizeof divrem_width / sizeof divrem_width[0];
static_assert (sizeof divrem_width / sizeof divrem_width[0] == 10 && MPZG_DIV_MAX_LIMBS == 32,
               "divrem_width and MPZG_DIV_MAX_LIMBS disagree");

/* Inputs n (NN rows), d (ND rows); outputs q (QW rows), r (ND rows); row i of an
   operand at i * lanes. */
template <int ND>
__global__ void __launch_bounds__ (MPZG_DIV_BLOCK)
divrem_kernel (const u64 *__restrict__ in, u64 *__restrict__ out, int NN, int QW, size_t lanes)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= lanes)
    return;
  const u64 *np = in + j, *dp = in + (size_t) NN * lanes + j;
  u64 *qp = out + j, *rp = out + (size_t) QW * lanes + j;
  if (ND == 1)
    divrem_1 (np, dp, qp, rp, NN, QW, lanes);
  else
    divrem_one<ND < 2 ? 2 : ND> (np, dp, qp, rp, NN, QW, lanes);
}

/* Index of the smallest width >= n, or NW. */
static unsigned
width_index (size_t n)
{
  unsigned k = 0;
  while (k < NW && divrem_width[k] < n)
    k++;
  return k;
}

/* Class of widths (a, b), b <= a (indices into divrem_width). */
static unsigned
class_of (unsigned a, unsigned b)
{
  return a * (a + 1) / 2 + b;
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
  sh->layout = MPZG_MPN_INTERLEAVED;
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
  (void) dev;                   /* registers only: nothing to opt into */
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
  const unsigned blocks = (unsigned) ((lanes + MPZG_DIV_BLOCK - 1) / MPZG_DIV_BLOCK);
  cudaStream_t st = (cudaStream_t) s;
  switch (sh->w[1])
    {
#define MPZG_DIV_K(k)                                                                   \
    case k:                                                                             \
      divrem_kernel<k><<<blocks, MPZG_DIV_BLOCK, 0, st>>> (in, out, NN, QW, lanes);       \
      break;
      MPZG_DIV_K (1) MPZG_DIV_K (2) MPZG_DIV_K (3) MPZG_DIV_K (4) MPZG_DIV_K (6)
      MPZG_DIV_K (8) MPZG_DIV_K (12) MPZG_DIV_K (16) MPZG_DIV_K (24) MPZG_DIV_K (32)
#undef MPZG_DIV_K
    default:
      return (int) cudaErrorInvalidValue;
    }
  return (int) cudaGetLastError ();
}
