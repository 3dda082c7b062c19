/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-grid.c -- the mul classes whose wider operand is above
   MPZG_MUL_BLOCK_MAX_LIMBS (the whole-device transform, cuda/mul/ntt-grid.cu, a
   chunk's products side by side) against mpn_mul, through the mul family's shape,
   scratch and launcher: a sample of them, the first and the last included
   (t-mul-ntt-grid tests the transform itself at every pass count). */
#include "tuning.h"
#define MPN_NAME "t-mul-grid"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->w[0] > MPZG_MUL_BLOCK_MAX_LIMBS)
#define MPN_SAMPLE 24
#include "mpn-shared.h"
