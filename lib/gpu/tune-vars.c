/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-vars.c -- the switch points as variables (cuda/tune-vars.h), for the tuning
   build that only bench/mpzg-tune links; they start at tuning-switch.h's values. */

#include <stddef.h>
#include "tuning-switch.h"
#include "tune-list.h"

#define MPZG_TUNE_DEFINE(macro, var, type, kind) type var = macro;
MPZG_TUNE_SWITCHES (MPZG_TUNE_DEFINE)
#undef MPZG_TUNE_DEFINE

/* the declarations, to check the definitions' types against them */
#include "tune-vars.h"
