/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-addsub-small.c -- the add/sub kernel of the interleaved classes (one thread
   per instance) against mpn_add_n and mpn_sub_n. */
#define MPN_NAME "t-addsub-small"
#define MPN_ADDSUB 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_INTERLEAVED)
#include "mpn-shared.h"
