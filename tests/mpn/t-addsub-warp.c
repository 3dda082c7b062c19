/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-addsub-warp.c -- the add/sub kernels of the contiguous classes (a warp or a
   block per instance, carries resolved across threads) against mpn_add_n and
   mpn_sub_n. */
#define MPN_NAME "t-addsub-warp"
#define MPN_ADDSUB 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_CONTIGUOUS)
#include "mpn-shared.h"
