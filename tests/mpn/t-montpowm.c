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
   the teams at its longest), and the zero instances that pad a chunk. */
#define MPN_NAME "t-montpowm"
#define MPN_POWM 1
#define MPN_SELECT(sh) ((sh)->w[1] == 1 || (sh)->w[1] == (sh)->w[0] \
                        || (sh)->w[1] == mpzg_mpn_powm_max ())
#include "mpn-shared.h"
