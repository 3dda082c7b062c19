/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt.c -- the NTT mul kernels (the classes whose narrower operand is at least
   MPZG_MUL_NTT_MIN_LIMBS wide: a block per product and prime field, then a block
   per product joining the fields) against mpn_mul, every class: each has a
   transform length of its own. */
#include "tuning.h"
#define MPN_NAME "t-mul-ntt"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_CONTIGUOUS && (sh)->w[1] >= MPZG_MUL_NTT_MIN_LIMBS \
                        && (sh)->w[0] <= MPZG_MUL_BLOCK_MAX_LIMBS)
#include "mpn-shared.h"
