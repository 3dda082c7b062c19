/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt.c -- the NTT mul kernel (the classes whose narrower operand is at least
   MPZG_MUL_NTT_MIN_LIMBS wide: a block per product, exact transforms over
   p = 2^64 - 2^32 + 1) against mpn_mul, every class: each has a transform length
   and a placement of its own (both transforms in shared memory, one, or none). */
#include "tuning.h"
#define MPN_NAME "t-mul-ntt"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_CONTIGUOUS && (sh)->w[1] >= MPZG_MUL_NTT_MIN_LIMBS \
                        && (sh)->w[0] <= MPZG_MUL_BLOCK_MAX_LIMBS)
#include "mpn-shared.h"
