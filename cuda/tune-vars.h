/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-vars.h -- the tuning build (-DMPZG_TUNE_PROGRAM_BUILD, as GMP's
   TUNE_PROGRAM_BUILD): each switch point of tuning-switch.h becomes a variable that
   bench/mpzg-tune sets between measurements (defined in lib/gpu/tune-vars.c with
   the header's values).  Only the host side reads them: the launchers' and the
   classes' choices, the auto mode and the pipeline; no kernel does.  Included by
   tuning.h after tuning-switch.h, in that build only. */
#ifndef MPZG_TUNE_VARS_H
#define MPZG_TUNE_VARS_H

#include <stddef.h>
#include "tune-list.h"

#ifdef __cplusplus
extern "C" {
#endif
#define MPZG_TUNE_EXTERN(macro, var, type, kind) extern type var;
MPZG_TUNE_SWITCHES (MPZG_TUNE_EXTERN)
#undef MPZG_TUNE_EXTERN
#ifdef __cplusplus
}
#endif

#undef MPZG_MUL_SMALL_MAX
#define MPZG_MUL_SMALL_MAX mpzg_tune_mul_small_max
#undef MPZG_MUL_GRP_MAX_LIMBS
#define MPZG_MUL_GRP_MAX_LIMBS mpzg_tune_mul_grp_max_limbs
#undef MPZG_MUL_NTT_MIN_LIMBS
#define MPZG_MUL_NTT_MIN_LIMBS mpzg_tune_mul_ntt_min_limbs
#undef MPZG_MUL_BLOCK_MAX_LIMBS
#define MPZG_MUL_BLOCK_MAX_LIMBS mpzg_tune_mul_block_max_limbs
#undef MPZG_ADD_SMALL_MAX
#define MPZG_ADD_SMALL_MAX mpzg_tune_add_small_max
#undef MPZG_ADD_BLOCK_MIN
#define MPZG_ADD_BLOCK_MIN mpzg_tune_add_block_min
#undef MPZG_GCD_WARP_MIN_PAIRS
#define MPZG_GCD_WARP_MIN_PAIRS mpzg_tune_gcd_warp_min_pairs
#undef MPZG_GCDEXT_WARP_MIN_PAIRS
#define MPZG_GCDEXT_WARP_MIN_PAIRS mpzg_tune_gcdext_warp_min_pairs
#undef MPZG_ADD_WORTH_LIMBS
#define MPZG_ADD_WORTH_LIMBS mpzg_tune_add_worth_limbs
#undef MPZG_MUL_WORTH_AVG
#define MPZG_MUL_WORTH_AVG mpzg_tune_mul_worth_avg
#undef MPZG_MUL_WORTH_WORK
#define MPZG_MUL_WORTH_WORK mpzg_tune_mul_worth_work
#undef MPZG_MUL_HUGE_WORTH_LIMBS
#define MPZG_MUL_HUGE_WORTH_LIMBS mpzg_tune_mul_huge_worth_limbs
#undef MPZG_DIV_WORTH_AVG
#define MPZG_DIV_WORTH_AVG mpzg_tune_div_worth_avg
#undef MPZG_DIV_WORTH_WORK
#define MPZG_DIV_WORTH_WORK mpzg_tune_div_worth_work
#undef MPZG_GCD_WORTH_AVG
#define MPZG_GCD_WORTH_AVG mpzg_tune_gcd_worth_avg
#undef MPZG_GCD_WORTH_WORK
#define MPZG_GCD_WORTH_WORK mpzg_tune_gcd_worth_work
#undef MPZG_GCDEXT_WORTH_AVG
#define MPZG_GCDEXT_WORTH_AVG mpzg_tune_gcdext_worth_avg
#undef MPZG_GCDEXT_WORTH_COUNT
#define MPZG_GCDEXT_WORTH_COUNT mpzg_tune_gcdext_worth_count
#undef MPZG_POWM_WORTH_AVG
#define MPZG_POWM_WORTH_AVG mpzg_tune_powm_worth_avg
#undef MPZG_POWM_WORTH_LIMBS
#define MPZG_POWM_WORTH_LIMBS mpzg_tune_powm_worth_limbs
#undef MPZG_SLOT_WORDS
#define MPZG_SLOT_WORDS mpzg_tune_slot_words

#endif
