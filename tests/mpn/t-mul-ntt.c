/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt.c -- the NTT mul kernels (the classes mul/ntt-rung.h gives them: a
   block per product and prime field, then a block per product joining the fields)
   against mpn_mul, every class: each has a transform length of its own. */
#include "tuning.h"
#include "mul/ntt-rung.h"
#define MPN_NAME "t-mul-ntt"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_CONTIGUOUS && mpzg_mul_ntt_takes ((sh)->w[0], (sh)->w[1]))
#include "mpn-shared.h"
