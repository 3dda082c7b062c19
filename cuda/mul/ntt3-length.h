/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt3-length.h -- the transform length of the one-block NTT (ntt3-core.cuh) for a
   product, in C and C++: the transform uses it, and the mul ladder's rung
   (ntt-rung.h) weighs the transform's work by it. */
#ifndef MPZG_NTT3_LENGTH_H
#define MPZG_NTT3_LENGTH_H

/* log2 of the shortest and the longest transform (one block's shared memory holds
   two of 2^14 32-bit points). */
#define MPZG_NTT3_LOG_MIN 6
#define MPZG_NTT3_LOG_MAX 14

#ifdef __cplusplus
#define MPZG_NTT3_LENGTH_FN constexpr inline
#else
#define MPZG_NTT3_LENGTH_FN static inline
#endif

/* The smallest L >= need among 64, 128, 192, 256, ..., 2^j, 3 2^(j-1), ...,
   2^MPZG_NTT3_LOG_MAX (so that padding costs at most a third), with *k the log2 of
   its power-of-two part and *three whether L = 3 2^k; 0 when need is above the
   longest. */
MPZG_NTT3_LENGTH_FN unsigned
mpzg_ntt3_length (unsigned long long need, unsigned *k, int *three)
{
  unsigned j = MPZG_NTT3_LOG_MIN;
  for (; j <= MPZG_NTT3_LOG_MAX; j++)
    {
      if ((1ULL << j) >= need)
        {
          *k = j;
          *three = 0;
          return 1u << j;
        }
      if (j > MPZG_NTT3_LOG_MIN && j < MPZG_NTT3_LOG_MAX && (3ULL << (j - 1)) >= need)
        {
          *k = j - 1;
          *three = 1;
          return 3u << (j - 1);
        }
    }
  *k = 0;
  *three = 0;
  return 0;
}

#endif
