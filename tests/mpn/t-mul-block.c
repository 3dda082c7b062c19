/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-block.c -- the mul kernel of the classes wider than MPZG_MUL_GRP_MAX_LIMBS
   words (a block per product, operands in shared memory) against mpn_mul: the
   narrowest and the widest class and a random sample of the others, since GMP's
   reference dominates the run time there.  The classes whose narrower operand is at least
   MPZG_MUL_NTT_MIN_LIMBS wide are the NTT's (t-mul-ntt). */
#include "tuning.h"
#define MPN_NAME "t-mul-block"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->w[0] > MPZG_MUL_GRP_MAX_LIMBS && (sh)->w[0] <= MPZG_MUL_BLOCK_MAX_LIMBS \
                        && (sh)->w[1] < MPZG_MUL_NTT_MIN_LIMBS)
#define MPN_SAMPLE 40
#include "mpn-shared.h"
