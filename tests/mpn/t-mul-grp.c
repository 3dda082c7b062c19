/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-grp.c -- the mul kernel of the contiguous classes up to
   MPZG_MUL_GRP_MAX_LIMBS words (a group of threads per product) against mpn_mul,
   every such class. */
#define MPN_NAME "t-mul-grp"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_CONTIGUOUS && (sh)->w[0] <= MPZG_MUL_GRP_MAX_LIMBS)
#include "tuning.h"
#include "mpn-shared.h"
