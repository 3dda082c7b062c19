/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* word.cuh -- one-word helpers of the host-and-device cores (division, gcd, powm,
   the NTT): the high half of a product, leading and trailing zero bits, the
   inverse of an odd word mod 2^64, and double-word shifts.  Compiled by nvcc for the kernels and by the host's C++
   compiler for the tests that check those cores without a GPU (tests/mpn/t-*-host),
   so each has a device and a host spelling. */
#ifndef MPZG_WORD_CUH
#define MPZG_WORD_CUH

#ifdef __CUDACC__
#define MPZG_WORD_HD __host__ __device__ __forceinline__
#else
#define MPZG_WORD_HD inline
#endif

namespace mpzg {

typedef unsigned long long u64;

MPZG_WORD_HD u64
umulhi (u64 a, u64 b)
{
#ifdef __CUDA_ARCH__
  return __umul64hi (a, b);
#else
  return (u64) (((unsigned __int128) a * b) >> 64);
#endif
}

MPZG_WORD_HD unsigned
clz64 (u64 x)                   /* x != 0 */
{
#ifdef __CUDA_ARCH__
  return (unsigned) __clzll ((long long) x);
#else
  return (unsigned) __builtin_clzll (x);
#endif
}

MPZG_WORD_HD unsigned
ctz64 (u64 x)                   /* x != 0 */
{
#ifdef __CUDA_ARCH__
  return (unsigned) __ffsll ((long long) x) - 1;
#else
  return (unsigned) __builtin_ctzll (x);
#endif
}

/* The trailing zeros of x, at most cap (cap <= 32; cap for x = 0). */
MPZG_WORD_HD unsigned
ctz32_capped (unsigned x, unsigned cap)
{
#ifdef __CUDA_ARCH__
  const unsigned z = (unsigned) __ffs ((int) x) - 1;   /* all ones for x = 0 */
#else
  const unsigned z = x != 0 ? (unsigned) __builtin_ctz (x) : ~0u;
#endif
  return z < cap ? z : cap;
}

/* d^-1 mod 2^64 for an odd d: 3d xor 2 is right in its low 5 bits (d (3d xor 2) = 1
   mod 32 for every odd d), and each Newton step v (2 - d v) doubles the bits
   that are right: 10, 20, 40, 80. */
MPZG_WORD_HD u64
binvert_word (u64 d)
{
  u64 v = (3 * d) ^ 2;
  v *= 2 - d * v;
  v *= 2 - d * v;
  v *= 2 - d * v;
  v *= 2 - d * v;
  return v;
}

/* The top word of (hi:lo) << s and the bottom word of (hi:lo) >> s, 0 <= s < 64,
   without a shift by 64 (undefined in C++). */
MPZG_WORD_HD u64
shl2 (u64 hi, u64 lo, unsigned s)
{
  return (hi << s) | ((lo >> 1) >> (63 - s));
}

MPZG_WORD_HD u64
shr2 (u64 hi, u64 lo, unsigned s)
{
  return (lo >> s) | ((hi << 1) << (63 - s));
}

/* shr2 for 0 < s < 32 on the device as two 32-bit funnel shifts, one for each half
   of the result: for a constant s the compiler spells the high half of shr2 as
   three instructions (a shift, a shift of the word above, an or). */
MPZG_WORD_HD u64
shr2_short (u64 hi, u64 lo, unsigned s)
{
#ifdef __CUDA_ARCH__
  const unsigned l = __funnelshift_r ((unsigned) lo, (unsigned) (lo >> 32), s);
  const unsigned h = __funnelshift_r ((unsigned) (lo >> 32), (unsigned) hi, s);
  return (u64) h << 32 | l;
#else
  return shr2 (hi, lo, s);
#endif
}

} /* namespace mpzg */

#endif
