/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-small.c -- the mul kernel of the interleaved classes (one thread per
   product) against mpn_mul. */
#define MPN_NAME "t-mul-small"
#define MPN_MUL 1
#define MPN_SELECT(sh) ((sh)->layout == MPZG_MPN_INTERLEAVED)
#include "mpn-shared.h"
