/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-block.c -- the mul kernel of the classes wider than 128 words (a block
   per product, operands in shared memory) against mpn_mul: the narrowest and the
   widest class and a random sample of the others, since GMP's reference dominates
   the run time there. */
#define MPN_NAME "t-mul-block"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->w[0] > 128)
#define MPN_SAMPLE 40
#include "mpn-shared.h"
