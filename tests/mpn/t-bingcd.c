/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-bingcd.c -- the device's gcd (mpzg_mpn_gcd), every class (the one-thread ones
   and the cooperative ones up to 1024 words), against mpz_gcd: the pairs of
   gcd-cases.h (planted common factors, equal operands, zeros, powers of two,
   Fibonacci neighbours, runs of bits, multiples, 2^m - 1 against 2^n - 1) and
   uniform ones, sizes anywhere inside the class and at its lower edge, and the
   zero instances that pad a chunk (gcd (0, 0) = 0).  Exits 77 (skipped) when no
   CUDA device is usable. */
#define MPN_NAME "t-bingcd"
#define MPN_GCD 1
#define MPN_SELECT(sh) 1
#define MPN_EXTRA check_wide
#include "tuning.h"
#include "mpn-shared.h"

/* The one-thread classes in shared memory (above MPZG_GCD_REG_MAX words: 64
   words, in builds that set MPZG_GCD_COOP_MIN_LIMBS to 128; none by default) run a
   launch of at least MPZG_GCD_SMEM_WIDE_LANES instances in blocks of
   MPZG_GCD_SMEM_BLOCK_WIDE threads, a smaller one in blocks of
   MPZG_GCD_SMEM_BLOCK: one launch of that many lanes (or a few lane groups
   more, so that the last block is partly empty), 8192 instances in the first
   lanes and zero instances in the rest.  The limits are tuning.h's as this file
   sees them: a build that sets them for nvcc alone runs this launch on whichever
   block it gets there.
   The cooperative classes wider than 32 lanes of MPZG_GCD_COOP_K words (1024
   words at 16) run a launch of at least MPZG_GCD_WARP_MIN_PAIRS instances one
   warp of 32 words a lane per instance, a smaller one a block of warps: one
   launch on each side of that limit. */
static void
check_wide (const mpzg_mpn_device *dev, mpzg_mpn_stream stream)
{
  const size_t G = MPZG_MPN_LANE_GROUP;
  unsigned c, ncls = mpzg_mpn_gcd_classes ();
  for (c = 0; c < ncls && failures <= 20; c++)
    {
      mpzg_mpn_shape sh;
      mpzg_mpn_gcd_shape (c, &sh);
      if (sh.layout == MPZG_MPN_CONTIGUOUS && sh.w[0] > 32 * MPZG_GCD_COOP_K)
        {
          /* a build that moves the limit beyond a test launch gets the largest */
          check_launches_at_limit (dev, &sh, MPZG_GCD_WARP_MIN_PAIRS, max_count (&sh),
                                   "MPZG_GCD_WARP_MIN_PAIRS", stream);
          continue;
        }
      if (sh.layout != MPZG_MPN_INTERLEAVED || sh.w[0] <= MPZG_GCD_REG_MAX)
        continue;
      const size_t lanes = (MPZG_GCD_SMEM_WIDE_LANES + G - 1) / G * G + G * urand (4);
      check_launch (dev, &sh, 8192 < lanes ? 8192 : lanes, lanes, stream);
      printf ("%s: class %u (width %u): one launch of %zu lanes or more "
              "(MPZG_GCD_SMEM_WIDE_LANES %lu)\n", MPN_NAME, c, sh.w[0], lanes,
              (unsigned long) MPZG_GCD_SMEM_WIDE_LANES);
    }
}
