/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-block.c -- the mul kernel of the classes wider than MPZG_MUL_GRP_MAX_LIMBS
   words (a block per product, operands in shared memory) against mpn_mul: the
   narrowest and the widest class and a random sample of the others, since GMP's
   reference dominates the run time there.  The classes the NTT takes
   (mul/ntt-rung.h) are t-mul-ntt's. */
#include "tuning.h"
#include "mul/ntt-rung.h"
#define MPN_NAME "t-mul-block"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->w[0] > MPZG_MUL_GRP_MAX_LIMBS && (sh)->w[0] <= MPZG_MUL_BLOCK_MAX_LIMBS \
                        && !mpzg_mul_ntt_takes ((sh)->w[0], (sh)->w[1]))
#define MPN_SAMPLE 40
#include "mpn-shared.h"
