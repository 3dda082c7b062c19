/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-list.h -- the switch points that bench/mpzg-tune measures and writes to
   tuning-switch.h, in the header's order: X (macro, variable, C type, kind), kind
   MPZG_TUNE_UNSIGNED, MPZG_TUNE_SIZE or MPZG_TUNE_DOUBLE (how the header spells the
   value).  The tuning build (tune-vars.h) turns each macro into its variable. */
#ifndef MPZG_TUNE_LIST_H
#define MPZG_TUNE_LIST_H

#define MPZG_TUNE_UNSIGNED 0
#define MPZG_TUNE_SIZE 1
#define MPZG_TUNE_DOUBLE 2

#define MPZG_TUNE_SWITCHES(X)                                                           \
  X (MPZG_MUL_SMALL_MAX, mpzg_tune_mul_small_max, unsigned, MPZG_TUNE_UNSIGNED)         \
  X (MPZG_MUL_GRP_MAX_LIMBS, mpzg_tune_mul_grp_max_limbs, unsigned, MPZG_TUNE_UNSIGNED) \
  X (MPZG_MUL_NTT_MIN_LIMBS, mpzg_tune_mul_ntt_min_limbs, unsigned, MPZG_TUNE_UNSIGNED) \
  X (MPZG_MUL_BLOCK_MAX_LIMBS, mpzg_tune_mul_block_max_limbs, unsigned, MPZG_TUNE_UNSIGNED) \
  X (MPZG_ADD_SMALL_MAX, mpzg_tune_add_small_max, unsigned, MPZG_TUNE_UNSIGNED)         \
  X (MPZG_ADD_BLOCK_MIN, mpzg_tune_add_block_min, unsigned, MPZG_TUNE_UNSIGNED)         \
  X (MPZG_GCD_WARP_MIN_PAIRS, mpzg_tune_gcd_warp_min_pairs, unsigned, MPZG_TUNE_UNSIGNED) \
  X (MPZG_GCDEXT_WARP_MIN_PAIRS, mpzg_tune_gcdext_warp_min_pairs, unsigned,              \
     MPZG_TUNE_UNSIGNED)                                                                 \
  X (MPZG_ADD_WORTH_LIMBS, mpzg_tune_add_worth_limbs, size_t, MPZG_TUNE_SIZE)           \
  X (MPZG_MUL_WORTH_AVG, mpzg_tune_mul_worth_avg, unsigned, MPZG_TUNE_UNSIGNED)         \
  X (MPZG_MUL_WORTH_WORK, mpzg_tune_mul_worth_work, double, MPZG_TUNE_DOUBLE)           \
  X (MPZG_MUL_HUGE_WORTH_LIMBS, mpzg_tune_mul_huge_worth_limbs, size_t, MPZG_TUNE_SIZE) \
  X (MPZG_DIV_WORTH_AVG, mpzg_tune_div_worth_avg, unsigned, MPZG_TUNE_UNSIGNED)         \
  X (MPZG_DIV_WORTH_WORK, mpzg_tune_div_worth_work, double, MPZG_TUNE_DOUBLE)           \
  X (MPZG_GCD_WORTH_AVG, mpzg_tune_gcd_worth_avg, unsigned, MPZG_TUNE_UNSIGNED)         \
  X (MPZG_GCD_WORTH_WORK, mpzg_tune_gcd_worth_work, double, MPZG_TUNE_DOUBLE)           \
  X (MPZG_GCDEXT_WORTH_AVG, mpzg_tune_gcdext_worth_avg, unsigned, MPZG_TUNE_UNSIGNED)   \
  X (MPZG_GCDEXT_WORTH_COUNT, mpzg_tune_gcdext_worth_count, size_t, MPZG_TUNE_SIZE)     \
  X (MPZG_POWM_WORTH_AVG, mpzg_tune_powm_worth_avg, unsigned, MPZG_TUNE_UNSIGNED)       \
  X (MPZG_POWM_WORTH_LIMBS, mpzg_tune_powm_worth_limbs, size_t, MPZG_TUNE_SIZE)         \
  X (MPZG_SLOT_WORDS, mpzg_tune_slot_words, size_t, MPZG_TUNE_SIZE)

#endif
