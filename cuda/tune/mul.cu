/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune/mul.cu -- mul/mul.cu for the tuning build that only bench/mpzg-tune links:
   its switch points are the variables of tune-vars.h, which the tuner sets. */
#define MPZG_TUNE_PROGRAM_BUILD 1
#include "mul/mul.cu"
