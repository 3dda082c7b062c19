/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt-field.cuh -- the prime field of the number-theoretic transforms,
   p = 2^64 - 2^32 + 1: canonical residues, their sum, difference and product, powers,
   and tables of powers of a root of unity.  The field of the whole-device
   transform (ntt-grid-core.cuh).

   p - 1 = 2^32 * 3 * 5 * 17 * 257 * 65537 and 7 generates the multiplicative group,
   so there are roots of unity of every order 2^k (k <= 32) and 3 * 2^k.  Reduction
   of a 128-bit product uses 2^64 = 2^32 - 1 and 2^96 = -1 (mod p): shifts and adds;
   so does a product by a power of two (mul_2exp).
   No floating point.  Host and device code (tests/mpn/t-mul-ntt-grid-host.cc
   checks it against 128-bit remainders). */
#ifndef MPZG_NTT_FIELD_CUH
#define MPZG_NTT_FIELD_CUH

#include "../core/word.cuh"

#ifdef __CUDACC__
#define MPZG_NTT_HD __host__ __device__ __forceinline__
#define MPZG_NTT_TEAM __device__ __forceinline__
#else
#define MPZG_NTT_HD inline
#define MPZG_NTT_TEAM inline
#endif

/* Loops of constant trip count to unroll on the device (register arrays). */
#ifdef __CUDACC__
#define MPZG_NTT_UNROLL _Pragma ("unroll")
#else
#define MPZG_NTT_UNROLL
#endif

namespace mpzg {
namespace ntt {

typedef unsigned long long u64;

/* p = 2^64 - 2^32 + 1 and 2^64 mod p. */
#define MPZG_NTT_P 0xffffffff00000001ULL
#define MPZG_NTT_EPS 0xffffffffULL

/* Field arithmetic on canonical residues (< p); results canonical. */
MPZG_NTT_HD u64
add (u64 a, u64 b)
{
  u64 s = a + b;
  if (s < a)                    /* a + b = s + 2^64 = s + EPS (mod p), below p */
    return s + MPZG_NTT_EPS;
  return s >= MPZG_NTT_P ? s - MPZG_NTT_P : s;
}

MPZG_NTT_HD u64
sub (u64 a, u64 b)
{
  u64 d = a - b;
  return a < b ? d - MPZG_NTT_EPS : d;     /* d - 2^64 + p */
}

/* hi * 2^64 + lo mod p: with hi = hh 2^32 + hl, that is lo - hh + hl (2^32 - 1). */
MPZG_NTT_HD u64
reduce (u64 lo, u64 hi)
{
  u64 hh = hi >> 32, hl = hi & MPZG_NTT_EPS;
  u64 t0 = lo - hh;
  if (lo < hh)
    t0 -= MPZG_NTT_EPS;         /* lo - hh + p: in [0, p) */
  u64 t1 = (hl << 32) - hl;     /* < 2^64 - 2^32 */
  u64 s = t0 + t1;
  if (s < t0)
    s += MPZG_NTT_EPS;          /* cannot wrap: s < t1 */
  return s >= MPZG_NTT_P ? s - MPZG_NTT_P : s;
}

MPZG_NTT_HD u64
mul (u64 a, u64 b)
{
  return reduce (a * b, umulhi (a, b));
}

/* a 2^e for e < 192, without a product: 2 has order 192 (2^96 = -1), so every root
   of unity of an order dividing 192 is a power of two.  a 2^e for e < 64 is the
   two-word a << e, reduced; for 64 <= e < 96 it is (a << (e - 64)) 2^64, whose low
   word times 2^64 reduces as above and whose high word h (below 2^32) weighs
   2^128 = -2^32. */
MPZG_NTT_HD u64
mul_2exp (u64 a, unsigned e)
{
  u64 r;
  unsigned f = e >= 96 ? e - 96 : e;
  if (f == 0)
    r = a;
  else if (f < 64)
    r = reduce (a << f, a >> (64 - f));
  else
    {
      unsigned g = f - 64;
      r = sub (reduce (0, a << g), g ? (a >> (64 - g)) << 32 : 0);
    }
  return e >= 96 && r ? MPZG_NTT_P - r : r;
}

MPZG_NTT_HD u64
power (u64 a, u64 e)
{
  u64 r = 1;
  for (; e; e >>= 1, a = mul (a, a))
    if (e & 1)
      r = mul (r, a);
  return r;
}

/* A root of unity of order q (q divides p - 1): 7^((p - 1) / q). */
inline u64
root_of_order (u64 q)
{
  return power (7, (MPZG_NTT_P - 1) / q);
}

/* tw[e] = w^e for e < count. */
inline void
fill_powers (u64 *tw, u64 w, unsigned count)
{
  u64 x = 1;
  for (unsigned e = 0; e < count; e++, x = mul (x, w))
    tw[e] = x;
}

/* Loads of a root table (read only for the whole kernel: the read-only path). */
MPZG_NTT_HD u64
ld_root (const u64 *tw, u64 e)
{
#ifdef __CUDA_ARCH__
  return __ldg (tw + e);
#else
  return tw[e];
#endif
}

} /* namespace ntt */
} /* namespace mpzg */

#endif
