/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-montpowm.c -- the powm kernels (one thread per instance below
   MPZG_POWM_COOP_MIN_LIMBS, a team of lanes from there up; for even moduli the
   second launch, the power of two and the join) against mpz_powm: every modulus
   width, so both sides of the change of kernel and every team size, each with
   exponents of one word, of its own width and of the widest (every modulus
   width is checked on the host by t-powm-host, t-powm-coop-host and
   t-powm-even-host); bases above the modulus, exponents 0, 1, 2 and all ones,
   moduli 1, 2^(64k) + 1 and 2^j, even ones one time in four, long powers of
   two 2^k m' (m' of one word, k up to the full width: the even moduli's part on
   the teams at its longest), and the zero instances that pad a chunk.  Then
   the widths that have both kernels (below MPZG_POWM_ONE_MAX_LIMBS), where the
   launch's lanes choose: launches of fewer and of at least
   MPZG_POWM_ONE_MIN_LANES lanes (check_both). */
#define MPN_NAME "t-montpowm"
#define MPN_POWM 1
#define MPN_SELECT(sh) ((sh)->w[1] == 1 || (sh)->w[1] == (sh)->w[0] \
                        || (sh)->w[1] == mpzg_mpn_powm_max ())
#define MPN_EXTRA check_both
#include "tuning.h"
#include "mpn-shared.h"

/* Words of device memory (inputs, outputs, scratch) one launch of check_both
   may take: 1 GiB. */
#define BOTH_MAX_WORDS ((size_t) 1 << 27)

/* At every width N with both kernels (MPZG_POWM_COOP_MIN_LIMBS <= N <
   MPZG_POWM_ONE_MAX_LIMBS), exponents of one word and of N words: a launch of
   the largest multiple of the lane group below MPZG_POWM_ONE_MIN_LANES lanes
   (the teams) and one of at least that many (one thread per instance).  With
   one-word exponents every lane is an instance (GMP's references cost little
   there); with N words max_count's instances take the first lanes and the zero
   instances that pad a chunk the rest.  A table row spans all the lanes, so
   the top row of any instance with a long exponent lies at the top of the
   scratch, and the guards after it catch a kernel whose rows the shape's itch
   does not hold.  Odd and even moduli (long powers of two among them) as
   random_instance makes them.  The limits are tuning.h's as this file sees
   them: a build that sets them for nvcc alone runs these launches on
   whichever kernel they get there. */
static void
check_both (const mpzg_mpn_device *dev, mpzg_mpn_stream stream)
{
  const size_t G = MPZG_MPN_LANE_GROUP;
  const size_t below = (MPZG_POWM_ONE_MIN_LANES - 1) / G * G;
  const size_t at = (MPZG_POWM_ONE_MIN_LANES + G - 1) / G * G;
  unsigned c, ncls = mpzg_mpn_powm_classes ();
  for (c = 0; c < ncls && failures <= 20; c++)
    {
      mpzg_mpn_shape sh;
      size_t n, words;
      int k;
      mpzg_mpn_powm_shape (c, &sh);
      n = sh.w[0];
      if (!picked (&sh) || n < MPZG_POWM_COOP_MIN_LIMBS || n >= MPZG_POWM_ONE_MAX_LIMBS
          || (sh.w[1] != 1 && sh.w[1] != n))
        continue;
      words = (sh.in_bytes + sh.out_bytes) / 8 + sh.itch;
      for (k = 0; k < 2; k++)
        {
          /* k = 1: at the limit or a few lane groups above */
          size_t lanes = k ? at + G * urand (4) : below;
          size_t count = sh.w[1] == 1 ? lanes : max_count (&sh);
          if (lanes == 0)
            continue;                   /* MPZG_POWM_ONE_MIN_LANES within one group */
          if (lanes > BOTH_MAX_WORDS / words)
            {
              printf ("%s: class %u (widths %zu %u): %zu lanes would take more than %zu "
                      "words; not launched\n", MPN_NAME, c, n, sh.w[1], lanes,
                      BOTH_MAX_WORDS);
              continue;
            }
          check_launch (dev, &sh, count < lanes ? count : lanes, lanes, stream);
        }
      printf ("%s: class %u (widths %zu %u): launches of %zu lanes and of %zu or more "
              "(MPZG_POWM_ONE_MIN_LANES %lu)\n", MPN_NAME, c, n, sh.w[1], below, at,
              (unsigned long) MPZG_POWM_ONE_MIN_LANES);
    }
}
