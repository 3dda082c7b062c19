/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt-rung.h -- which products of the one-block classes the NTT takes (ntt.cu)
   rather than the classical block kernel: the narrower operand at least
   MPZG_MUL_NTT_MIN_LIMBS wide (the switch point mpzg-tune measures on balanced
   products), and then either operands within a factor 2 of each other, or a
   classical product's Ma Mb word products at least MPZG_MUL_NTT_WORK times the
   transform's L log2 L points and stages: the transform's length follows the sum
   of the widths, the classical work their product, so a narrow operand beside a
   wide one stays classical.  Plain C: the mpn tests select their classes by it. */
#ifndef MPZG_MUL_NTT_RUNG_H
#define MPZG_MUL_NTT_RUNG_H

#include "tuning.h"
#include "ntt3-length.h"

static inline int
mpzg_mul_ntt_takes (unsigned Ma, unsigned Mb)
{
  unsigned k;
  int three;
  unsigned long long L;
  if (Ma > MPZG_MUL_BLOCK_MAX_LIMBS || Mb < MPZG_MUL_NTT_MIN_LIMBS)
    return 0;
  /* the transform of the product's 2 Ma + 2 Mb - 1 digits; log2 L rounded up */
  L = mpzg_ntt3_length (2ULL * Ma + 2ULL * Mb - 1, &k, &three);
  return Ma <= 2ULL * Mb
    || (unsigned long long) Ma * Mb >= MPZG_MUL_NTT_WORK * L * (k + (unsigned) three);
}

#endif
