/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext.c -- the device's gcd and cofactor (mpzg_mpn_gcdext), every class (the
   one-thread ones and the cooperative ones up to 1024 words): g
   against mpz_gcd, the cofactor against its range and, normalized as the host
   does (lib/gpu/gcdext-norm.h), against mpz_gcdext and mpz_invert for every sign;
   the pairs of gcd-cases.h and uniform ones, sizes anywhere inside the class, and
   the zero instances that pad a chunk.  Exits 77 (skipped) when no CUDA device is
   usable. */
#define MPN_NAME "t-gcdext"
#define MPN_GCDEXT 1
#define MPN_SELECT(sh) 1
#define MPN_EXTRA check_warp
#include "tuning.h"
#include "mpn-shared.h"

/* At 8 words a lane, the cooperative class of 512 words runs a launch of at least
   MPZG_GCDEXT_WARP_MIN_PAIRS instances one warp of 16 words a lane per instance,
   a smaller one a block of two warps: one launch on each side of that limit
   (above the family's usual cap on a launch, MAX_GCDEXT_WORDS).  The limit is
   tuning.h's as this file sees it: a build that sets it for nvcc alone runs these
   launches on whichever shape it gets there. */
static void
check_warp (const mpzg_mpn_device *dev, mpzg_mpn_stream stream)
{
  unsigned c, ncls = mpzg_mpn_gcdext_classes ();
  if (MPZG_GCDEXT_COOP_K != 8)
    return;
  for (c = 0; c < ncls && failures <= 20; c++)
    {
      mpzg_mpn_shape sh;
      mpzg_mpn_gcdext_shape (c, &sh);
      if (sh.layout != MPZG_MPN_CONTIGUOUS || sh.w[0] != 64 * MPZG_GCDEXT_COOP_K)
        continue;
      /* a build that moves the limit far up gets a launch of 4096 */
      check_launches_at_limit (dev, &sh, MPZG_GCDEXT_WARP_MIN_PAIRS, 4096,
                               "MPZG_GCDEXT_WARP_MIN_PAIRS", stream);
    }
}
