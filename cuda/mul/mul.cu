/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mul.cu -- classical multiplication on the device, full products (na + nb words):
   the mul family of mpzg-mpn.h and its one ladder of kernel shapes.

   Small widths (up to MPZG_MUL_SMALL_MAX, small.cuh): one thread per instance on the
   interleaved layout, both operands padded to one small width.  Up to
   MPZG_MUL_SMALL_HYB_MAX the product is scanned in blocks of 8 columns with 64-bit
   products split by column parity (mul_small_hyb_kernel): chains of at most 5, and
   only one block's accumulators live.  Above it the operands no longer fit the
   registers with that scheme, and operand scanning with 32-bit chains runs
   (mul_small_kernel).  The parity split over whole rows (mul_small_wide_kernel,
   tuning builds) is correct but slower: with every row unrolled ptxas interleaves
   too many carry chains and spills the carry predicates.

   Up to 128 limbs (grp.cuh): G = 8 threads per instance at 32 and 64 limbs (Q = 4,
   8 result words each) and 16 at 128 (Q = 8), 32/G instances per warp; with whole
   warps per instance Q was 1 to 4 there, and the fixed cost of a step (b word,
   window word, two carry adds) weighed on few products.

   Above (block.cuh): whole warps per instance, Q = 8.

   From a narrower operand of MPZG_MUL_NTT_MIN_LIMBS words up (ntt.cu,
   ntt3-core.cuh): exact number-theoretic transforms over three prime fields, one
   block per product and field, then one per product to join them.  The
   classes are the same width pairs: the rung is chosen by the class's widths
   (ntt-rung.h).

   From a wider operand above MPZG_MUL_BLOCK_MAX_LIMBS words (ntt-grid.cu,
   ntt-grid-core.cuh): the whole-device transform, a sequence of launches per
   chunk with all of its products side by side.

   Both larger shapes share the load-balanced runs of runs.cuh.  Loading b and the
   window words as vectors once per block of steps (MPZG_MUL_VEC, tuning builds) was
   no faster.  The measurements are in bench/results (tuning.h names them). */

#include <string.h>
#include "mpzg-mpn.h"
#include "tuning.h"
#include "core/widths.h"
#include "mul/small.cuh"
#include "mul/grp.cuh"
#include "mul/block.cuh"
#include "mul/ntt.h"
#include "mul/ntt-rung.h"
#ifdef MPZG_TUNING_VARIANTS
#include "mul/variants.h"
#endif

#ifndef MPZG_TUNE_PROGRAM_BUILD      /* there: variables within these bounds (bench/tune.c) */
#if MPZG_MUL_SMALL_MAX > 32
#error "MPZG_MUL_SMALL_MAX is above the widest small width (core/widths.h)"
#endif
#if MPZG_MUL_GRP_MAX_LIMBS != 32 && MPZG_MUL_GRP_MAX_LIMBS != 64 && MPZG_MUL_GRP_MAX_LIMBS != 128
#error "MPZG_MUL_GRP_MAX_LIMBS: 32, 64 or 128 (the group kernel's shapes)"
#endif
#if MPZG_MUL_BLOCK_MAX_LIMBS > MPZG_MUL_BLOCK_MAX_CEIL
#error "MPZG_MUL_BLOCK_MAX_LIMBS is above MPZG_MUL_BLOCK_MAX_CEIL"
#endif
#endif

namespace mpzg {

#define MPZG_WIDTH(c, m) m,
static const unsigned small_widths[MPZG_MUL_SMALL_CLASSES] = {
  MPZG_MUL_SMALL_WIDTHS (MPZG_WIDTH)
};
#undef MPZG_WIDTH
/* the host stages a lane group of products through a tile of MPZG_MPN_INTERLEAVED_MAX rows */
#define MPZG_WIDTH_FITS(c, m) \
  static_assert (2 * (m) <= MPZG_MPN_INTERLEAVED_MAX, "small width above the staging tile");
MPZG_MUL_SMALL_WIDTHS (MPZG_WIDTH_FITS)
#undef MPZG_WIDTH_FITS

#ifndef MPZG_TUNING_VARIANTS
/* The default build: the variant chosen by measurement (tuning.h) and nothing else,
   so that no comparison kernel is compiled or chosen at run time. */
#if MPZG_MUL_WIDE != 1 || MPZG_MUL_VEC != 0 || MPZG_MUL_GRP != 1 || MPZG_MUL_Q4_MAX > 128
#error "the default build compiles only MPZG_MUL_WIDE=1 VEC=0 GRP=1 and Q = 8 above 128 limbs"
#error "(build other choices with -DMPZG_TUNING_VARIANTS)"
#endif
#if MPZG_MUL_SMALL_WIDE != 0 && MPZG_MUL_SMALL_WIDE != 2 && MPZG_MUL_SMALL_WIDE != 3
#error "MPZG_MUL_SMALL_WIDE 1 needs a build with -DMPZG_TUNING_VARIANTS"
#endif

/* Rung 1: one thread per instance, width M. */
template <int M>
static cudaError_t
mul_small (const u64 *a, const u64 *b, u64 *r, size_t count, cudaStream_t s)
{
  if constexpr (MPZG_MUL_SMALL_WIDE != 0 && M <= MPZG_MUL_SMALL_HYB_MAX)
    return launch_small (mul_small_hyb_kernel<M, MPZG_MUL_SMALL_WIDE == 3 ? 16 : 8>,
                         a, b, r, count, s);
  else
    return launch_small (mul_small_kernel<M>, a, b, r, count, s);
}

static cudaError_t
mul_small_class (unsigned cls, const u64 *a, const u64 *b, u64 *r, size_t count,
                 cudaStream_t s)
{
  switch (cls)
    {
#define MPZG_CASE(c, m) case c: return mul_small<m> (a, b, r, count, s);
      MPZG_MUL_SMALL_WIDTHS (MPZG_CASE)
#undef MPZG_CASE
    default:
      return cudaErrorInvalidValue;
    }
}

/* Rungs 2 and 3: groups of 8 threads (Q = 4, 8) or 16 (Q = 8) up to
   MPZG_MUL_GRP_MAX_LIMBS (at most G * Q = 128) limbs, then whole warps with Q = 8. */
static cudaError_t
mul_large (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r, unsigned Ma,
           unsigned Mb, size_t count, cudaStream_t s)
{
  const bool tri = MPZG_MUL_TRI != 0;
  if (Ma <= MPZG_MUL_GRP_MAX_LIMBS)
    {
      if (Ma <= 32)
        return launch_grp<4, 8, tri, MPZG_MUL_SW32 != 0> (dev, a, b, r, Ma, Mb, count, s,
                                                          MPZG_MUL_GRP_THREADS);
      if (Ma <= 64)
        return launch_grp<8, 8, tri, MPZG_MUL_SW64 != 0> (dev, a, b, r, Ma, Mb, count, s,
                                                          MPZG_MUL_GRP_THREADS);
      return launch_grp<8, 16, tri, MPZG_MUL_SW128 != 0> (dev, a, b, r, Ma, Mb, count, s,
                                                          MPZG_MUL_GRP_THREADS);
    }
  return launch_block_q<8, true, false> (dev, a, b, r, Ma, Mb, count, s);
}

static unsigned
mul_small_max (void)
{
  return MPZG_MUL_SMALL_MAX;
}

static cudaError_t
mul_setup (const mpzg_mpn_device *dev)
{
  return setup_block_q<8, true, false> (dev);
}

#else /* MPZG_TUNING_VARIANTS: every rung as variants.cu chooses */

static cudaError_t
mul_small_class (unsigned cls, const u64 *a, const u64 *b, u64 *r, size_t count,
                 cudaStream_t s)
{
  return variant_mul_small (small_widths[cls], a, b, r, count, s);
}

static cudaError_t
mul_large (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r, unsigned Ma,
           unsigned Mb, size_t count, cudaStream_t s)
{
  return variant_mul_large (dev, a, b, r, Ma, Mb, count, s);
}

static unsigned
mul_small_max (void)
{
  return variant_mul_small_max ();
}

static cudaError_t
mul_setup (const mpzg_mpn_device *dev)
{
  return variant_mul_setup (dev);
}

#endif

/* The whole-device transform's rung: a wider operand than one block holds. */
static bool
grid_takes (unsigned Ma)
{
  return Ma > MPZG_MUL_BLOCK_MAX_LIMBS;
}

/* The NTT rung below it (ntt-rung.h, which leaves the wider operands to grid_takes). */
static bool
ntt_takes (unsigned Ma, unsigned Mb)
{
  return mpzg_mul_ntt_takes (Ma, Mb);
}

} /* namespace mpzg */

/* ---- mpzg-mpn.h ---- */

unsigned
mpzg_mpn_mul_classes (void)
{
  return MPZG_MUL_SMALL_CLASSES + MPZG_NWIDTHS * MPZG_NWIDTHS;
}

size_t
mpzg_mpn_mul_max (void)
{
  return MPZG_MUL_MAX_LIMBS;
}

/* Up to the small maximum: the smallest small width >= na (classes 0..7); above,
   a and b each at its padded width (core/widths.h), nb = 0 as 1 word. */
unsigned
mpzg_mpn_mul_class (size_t na, size_t nb)
{
  if (na <= mpzg::mul_small_max ())
    {
      unsigned c = 0;
      while (c + 1 < MPZG_MUL_SMALL_CLASSES && na > mpzg::small_widths[c])
        c++;
      return c;
    }
  return MPZG_MUL_SMALL_CLASSES + mpzg_width_index ((unsigned) na) * MPZG_NWIDTHS
    + mpzg_width_index ((unsigned) nb);
}

void
mpzg_mpn_mul_shape (unsigned cls, mpzg_mpn_shape *sh)
{
  memset (sh, 0, sizeof *sh);
  sh->cls = cls;
  if (cls < MPZG_MUL_SMALL_CLASSES)
    {
      size_t M = mpzg::small_widths[cls];
      sh->layout = MPZG_MPN_INTERLEAVED;
      sh->w[0] = sh->w[1] = (unsigned) M;
      sh->ow[0] = (unsigned) (2 * M);
      sh->in_bytes = sh->out_bytes = 16 * M;
    }
  else
    {
      size_t Ma = mpzg_width_value ((cls - MPZG_MUL_SMALL_CLASSES) / MPZG_NWIDTHS);
      size_t Mb = mpzg_width_value ((cls - MPZG_MUL_SMALL_CLASSES) % MPZG_NWIDTHS);
      sh->layout = MPZG_MPN_CONTIGUOUS;
      sh->w[0] = (unsigned) Ma;
      sh->w[1] = (unsigned) Mb;
      sh->ow[0] = (unsigned) (Ma + Mb);
      sh->in_bytes = sh->out_bytes = 8 * (Ma + Mb);
      if (mpzg::grid_takes ((unsigned) Ma))
        sh->itch = mpzg_mpn_mul_grid_itch (Ma, Mb);
      else if (mpzg::ntt_takes ((unsigned) Ma, (unsigned) Mb))
        sh->itch = mpzg::ntt_itch ((unsigned) Ma, (unsigned) Mb);
    }
}

/* The block and NTT kernels' shared-memory opt-ins, on the current device (function
   attributes, set per device), and the NTTs' root tables. */
int
mpzg_mpn_mul_setup (const mpzg_mpn_device *dev)
{
  cudaError_t e = mpzg::mul_setup (dev);
  if (e == cudaSuccess)
    e = mpzg::ntt_setup (dev);
  return e != cudaSuccess ? (int) e : mpzg_mpn_mul_grid_setup (dev);
}

int
mpzg_mpn_mul (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, const mpzg_mpn_word *in,
              mpzg_mpn_word *out, mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s)
{
  const size_t Ma = sh->w[0], Mb = sh->w[1];
  if (lanes == 0)
    return 0;
  if (sh->layout == MPZG_MPN_INTERLEAVED)
    return (int) mpzg::mul_small_class (sh->cls, in, in + Ma * lanes, out, lanes, s);
  if (mpzg::grid_takes ((unsigned) Ma))
    return mpzg_mpn_mul_grid (dev, in, in + Ma * lanes, out, Ma, Mb, lanes, scratch, s);
  if (mpzg::ntt_takes ((unsigned) Ma, (unsigned) Mb))
    return (int) mpzg::ntt_launch (dev, in, in + Ma * lanes, out, (unsigned) Ma, (unsigned) Mb,
                                   lanes, scratch, sh->itch, s);
  return (int) mpzg::mul_large (dev, in, in + Ma * lanes, out, (unsigned) Ma, (unsigned) Mb,
                                lanes, s);
}
