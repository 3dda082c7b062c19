/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tuning-switch.h -- the switch points of the GPU path, as bench/mpzg-tune
   measured them (see bench/README.md; cuda/tuning.h says what each one is).
   Written by mpzg-tune; rebuild the library after replacing it.

   Device:  NVIDIA H100 80GB HBM3 (sm_90, 132 SMs), CUDA 13.0, 16-core host
   Date:    2026-11-24
   Command: none: set by hand from the experiments tuning.h names
*/
#ifndef MPZG_TUNING_SWITCH_H
#define MPZG_TUNING_SWITCH_H

#ifndef MPZG_MUL_SMALL_MAX
#define MPZG_MUL_SMALL_MAX 24
#endif
#ifndef MPZG_MUL_GRP_MAX_LIMBS
#define MPZG_MUL_GRP_MAX_LIMBS 128
#endif
#ifndef MPZG_MUL_NTT_MIN_LIMBS
#define MPZG_MUL_NTT_MIN_LIMBS 1280
#endif
#ifndef MPZG_MUL_BLOCK_MAX_LIMBS
#define MPZG_MUL_BLOCK_MAX_LIMBS 4096
#endif
#ifndef MPZG_ADD_SMALL_MAX
#define MPZG_ADD_SMALL_MAX 32
#endif
#ifndef MPZG_ADD_BLOCK_MIN
#define MPZG_ADD_BLOCK_MIN 4096
#endif
#ifndef MPZG_ADD_WORTH_LIMBS
#define MPZG_ADD_WORTH_LIMBS ((size_t) 1073741824)
#endif
#ifndef MPZG_MUL_WORTH_AVG
#define MPZG_MUL_WORTH_AVG 16
#endif
#ifndef MPZG_MUL_WORTH_WORK
#define MPZG_MUL_WORTH_WORK ((double) 4194304)
#endif
#ifndef MPZG_MUL_HUGE_WORTH_LIMBS
#define MPZG_MUL_HUGE_WORTH_LIMBS ((size_t) 16384)
#endif
#ifndef MPZG_DIV_WORTH_AVG
#define MPZG_DIV_WORTH_AVG 16
#endif
#ifndef MPZG_DIV_WORTH_WORK
#define MPZG_DIV_WORTH_WORK ((double) 33554432)
#endif
#ifndef MPZG_GCD_WORTH_AVG
#define MPZG_GCD_WORTH_AVG 4
#endif
#ifndef MPZG_GCD_WORTH_WORK
#define MPZG_GCD_WORTH_WORK ((double) 2097152)
#endif
#ifndef MPZG_GCDEXT_WORTH_AVG
#define MPZG_GCDEXT_WORTH_AVG 8
#endif
#ifndef MPZG_GCDEXT_WORTH_COUNT
#define MPZG_GCDEXT_WORTH_COUNT ((size_t) 65536)
#endif
#ifndef MPZG_POWM_WORTH_AVG
#define MPZG_POWM_WORTH_AVG 4
#endif
#ifndef MPZG_POWM_WORTH_COUNT
#define MPZG_POWM_WORTH_COUNT ((size_t) 4096)
#endif
#ifndef MPZG_SLOT_WORDS
#define MPZG_SLOT_WORDS ((size_t) 1048576)
#endif

#endif
