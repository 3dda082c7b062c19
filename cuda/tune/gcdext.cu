/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune/gcdext.cu -- gcd/gcdext.cu for the tuning build that only bench/mpzg-tune links:
   its switch points are the variables of tune-vars.h, which the tuner sets. */
#define MPZG_TUNE_PROGRAM_BUILD 1
#include "gcd/gcdext.cu"
