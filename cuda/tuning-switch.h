/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tuning-switch.h -- the switch points of the GPU path, as bench/mpzg-tune
   measured them (see bench/README.md; cuda/tuning.h says what each one is).
   Written by mpzg-tune; rebuild the library after replacing it.

   Device:  0: NVIDIA H100 80GB HBM3, 79.2 GiB, compute capability 9.0, 132 SMs
   Date:    2026-11-25 15:47:52 UTC
   Command: bench/mpzg-tune -s auto,huge -T 230 -o cuda/tuning-switch.h
   Kept: MPZG_MUL_SMALL_MAX (step not run, -s; measured 2026-11-24 17:03 UTC, -s kernels)
   Kept: MPZG_MUL_GRP_MAX_LIMBS (step not run, -s; measured 2026-11-24 17:03 UTC, -s kernels)
   Kept: MPZG_MUL_NTT_MIN_LIMBS (step not run, -s; measured 2026-11-24 17:03 UTC, -s kernels)
   Kept: MPZG_MUL_BLOCK_MAX_LIMBS (step not run, -s; measured 2026-11-24 17:03 UTC, -s kernels)
   Kept: MPZG_ADD_SMALL_MAX (step not run, -s; measured 2026-11-24 17:03 UTC, -s kernels)
   Kept: MPZG_ADD_BLOCK_MIN (step not run, -s; measured 2026-11-24 17:03 UTC, -s kernels)
   Kept: MPZG_GCD_WARP_MIN_PAIRS (step not run, -s; measured 2026-11-26 01:52 UTC, -s shapes)
   Kept: MPZG_GCDEXT_WARP_MIN_PAIRS (step not run, -s; measured 2026-11-26 01:52 UTC, -s shapes)
   Not measured, kept: MPZG_ADD_WORTH_LIMBS (the GPU won at no size tried)
   Not measured, kept: MPZG_SLOT_WORDS (step not run, -s)
*/
#ifndef MPZG_TUNING_SWITCH_H
#define MPZG_TUNING_SWITCH_H

#ifndef MPZG_MUL_SMALL_MAX
#define MPZG_MUL_SMALL_MAX 16
#endif
#ifndef MPZG_MUL_GRP_MAX_LIMBS
#define MPZG_MUL_GRP_MAX_LIMBS 128
#endif
#ifndef MPZG_MUL_NTT_MIN_LIMBS
#define MPZG_MUL_NTT_MIN_LIMBS 192
#endif
#ifndef MPZG_MUL_BLOCK_MAX_LIMBS
#define MPZG_MUL_BLOCK_MAX_LIMBS 4096
#endif
#ifndef MPZG_ADD_SMALL_MAX
#define MPZG_ADD_SMALL_MAX 39
#endif
#ifndef MPZG_ADD_BLOCK_MIN
#define MPZG_ADD_BLOCK_MIN 2048
#endif
#ifndef MPZG_GCD_WARP_MIN_PAIRS
#define MPZG_GCD_WARP_MIN_PAIRS 265
#endif
#ifndef MPZG_GCDEXT_WARP_MIN_PAIRS
#define MPZG_GCDEXT_WARP_MIN_PAIRS 265
#endif
#ifndef MPZG_ADD_WORTH_LIMBS
#define MPZG_ADD_WORTH_LIMBS ((size_t) 1073741824)
#endif
#ifndef MPZG_MUL_WORTH_AVG
#define MPZG_MUL_WORTH_AVG 16
#endif
#ifndef MPZG_MUL_WORTH_WORK
#define MPZG_MUL_WORTH_WORK ((double) 12582912)
#endif
#ifndef MPZG_MUL_HUGE_WORTH_LIMBS
#define MPZG_MUL_HUGE_WORTH_LIMBS ((size_t) 1024)
#endif
#ifndef MPZG_DIV_WORTH_AVG
#define MPZG_DIV_WORTH_AVG 16
#endif
#ifndef MPZG_DIV_WORTH_WORK
#define MPZG_DIV_WORTH_WORK ((double) 196608)
#endif
#ifndef MPZG_GCD_WORTH_AVG
#define MPZG_GCD_WORTH_AVG 2
#endif
#ifndef MPZG_GCD_WORTH_WORK
#define MPZG_GCD_WORTH_WORK ((double) 1024)
#endif
#ifndef MPZG_GCDEXT_WORTH_AVG
#define MPZG_GCDEXT_WORTH_AVG 4
#endif
#ifndef MPZG_GCDEXT_WORTH_COUNT
#define MPZG_GCDEXT_WORTH_COUNT ((size_t) 32)
#endif
#ifndef MPZG_POWM_WORTH_AVG
#define MPZG_POWM_WORTH_AVG 2
#endif
#ifndef MPZG_POWM_WORTH_LIMBS
#define MPZG_POWM_WORTH_LIMBS ((size_t) 1536)
#endif
#ifndef MPZG_SLOT_WORDS
#define MPZG_SLOT_WORDS ((size_t) 1048576)
#endif

#endif
