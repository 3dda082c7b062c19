/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt3-field.cuh -- the three prime fields of the one-block NTT multiplication
   (ntt3-core.cuh), and the Chinese remainder step that joins them.

   Three primes below 2^30, each 1 + 3 2^14 c, so that each has roots of unity of
   order 2^14 and 3 2^12 (the transform lengths 2^k and 3 2^k), and 32-bit words
   hold four times a residue: the transforms keep their values lazily in [0, 2p)
   (David Harvey, "Faster arithmetic for number-theoretic transforms"), and a sum
   or difference of two such values plus 2p stays below 4p < 2^32.

   Products by a known factor w (the roots, the scale 1/L) are Victor Shoup's: with
   w' = floor (w 2^32 / p), x w mod p is x w - floor (x w' / 2^32) p, exact in 32
   bits and in [0, 2p), for every 32-bit x.  The product of two transformed values
   is Montgomery's (REDC with R = 2^32).  The Chinese remainder step is Garner's,
   again by Shoup products.  No floating point, no division on the device.

   Host and device code: tests/mpn/t-mul-ntt-host.cc checks every operation
   against 64-bit remainders. */
#ifndef MPZG_NTT3_FIELD_CUH
#define MPZG_NTT3_FIELD_CUH

#ifdef __CUDACC__
#define MPZG_NTT3_HD __host__ __device__ __forceinline__
#define MPZG_NTT3_TEAM __device__ __forceinline__
#define MPZG_NTT3_UNROLL _Pragma ("unroll")
#else
#define MPZG_NTT3_UNROLL
#define MPZG_NTT3_HD inline
#define MPZG_NTT3_TEAM inline
#endif

namespace mpzg {
namespace ntt3 {

typedef unsigned int u32;
typedef unsigned long long u64;

/* The primes, their generators (a primitive root of each field), and the number
   of primes. */
enum { NPRIMES = 3 };
#define MPZG_NTT3_P0 1073479681u /* 4095 * 2^18 + 1 */
#define MPZG_NTT3_P1 1073184769u /* 32751 * 2^15 + 1 */
#define MPZG_NTT3_P2 1072496641u /* 16365 * 2^16 + 1; 11 generates each field */

MPZG_NTT3_HD constexpr u32
prime (int q)
{
  return q == 0 ? MPZG_NTT3_P0 : q == 1 ? MPZG_NTT3_P1 : MPZG_NTT3_P2;
}

inline u32
generator (int q)
{
  (void) q;
  return 11u;
}

/* -p^-1 mod 2^32 (Newton's iteration from x = p, right mod 8: each step doubles the
   correct low bits). */
MPZG_NTT3_HD constexpr u32
neg_inverse (u32 p)
{
  u32 x = p;
  for (int i = 0; i < 4; i++)
    x *= 2u - p * x;
  return 0u - x;
}

/* A factor and its Shoup companion floor (w 2^32 / p). */
struct factor
{
  u32 w, wq;
};

MPZG_NTT3_HD u32
mulhi (u32 a, u32 b)
{
#ifdef __CUDA_ARCH__
  return __umulhi (a, b);
#else
  return (u32) (((u64) a * b) >> 32);
#endif
}

MPZG_NTT3_HD u32
minu (u32 a, u32 b)
{
  return a < b ? a : b;
}

/* [0, 4p) to [0, 2p), and [0, 2p) to [0, p): unsigned x - m wraps above x when
   x < m. */
template <u32 p>
MPZG_NTT3_HD u32
reduce2 (u32 x)
{
  return minu (x, x - 2 * p);
}

template <u32 p>
MPZG_NTT3_HD u32
reduce1 (u32 x)
{
  return minu (x, x - p);
}

/* x w mod p in [0, 2p), for any 32-bit x. */
template <u32 p>
MPZG_NTT3_HD u32
mul_shoup (u32 x, factor f)
{
  return x * f.w - mulhi (x, f.wq) * p;
}

/* a b 2^-32 mod p in [0, 2p), for a b < p 2^32. */
template <u32 p>
MPZG_NTT3_HD u32
mul_mont (u32 a, u32 b)
{
  const u64 t = (u64) a * b;
  const u32 m = (u32) t * neg_inverse (p);
  return (u32) ((t + (u64) m * p) >> 32);
}

/* The butterflies on values in [0, 2p), results in [0, 2p).
   Gentleman-Sande (forward): (x, y) to (x + y, (x - y) w).
   Cooley-Tukey (inverse):    (x, y) to (x + y w, x - y w). */
template <u32 p>
MPZG_NTT3_HD void
bfly_gs (u32 &x, u32 &y, factor w)
{
  const u32 s = reduce2<p> (x + y), d = x - y + 2 * p;
  x = s;
  y = mul_shoup<p> (d, w);
}

template <u32 p>
MPZG_NTT3_HD void
bfly_ct (u32 &x, u32 &y, factor w)
{
  const u32 t = mul_shoup<p> (y, w);
  y = reduce2<p> (x - t + 2 * p);
  x = reduce2<p> (x + t);
}

/* ---- host-side constants ---- */

inline u32
mod_pow (u32 b, u64 e, u32 p)
{
  u64 r = 1, x = b % p;
  for (; e; e >>= 1, x = x * x % p)
    if (e & 1)
      r = r * x % p;
  return (u32) r;
}

inline factor
make_factor (u32 w, u32 p)
{
  factor f = { w % p, (u32) (((u64) (w % p) << 32) / p) };
  return f;
}

/* A root of unity of order 2^k in field q (k at most the prime's 2-adic order). */
inline u32
root_of_order (int q, unsigned k)
{
  const u32 p = prime (q);
  return mod_pow (generator (q), (u64) (p - 1) >> k, p);
}

/* ---- the Chinese remainder step ----
   The constants of Garner's algorithm: x = r0 + p0 v1 + p0 p1 v2 with
   v1 = (r1 - r0) / p0 mod p1 and v2 = (r2 - r0 - p0 v1) / (p0 p1) mod p2. */
struct crt_consts
{
  factor inv_p0_mod_p1, one_mod_p2, p0_mod_p2, inv_p0p1_mod_p2;
};

inline crt_consts
make_crt (void)
{
  const u32 p0 = prime (0), p1 = prime (1), p2 = prime (2);
  crt_consts c;
  c.inv_p0_mod_p1 = make_factor (mod_pow (p0 % p1, p1 - 2, p1), p1);
  c.one_mod_p2 = make_factor (1, p2);
  c.p0_mod_p2 = make_factor (p0 % p2, p2);
  c.inv_p0p1_mod_p2 = make_factor (mod_pow ((u32) ((u64) p0 * p1 % p2), p2 - 2, p2), p2);
  return c;
}

/* The integer below p0 p1 p2 (< 2^90) of residues r0 < p0, r1 < p1, r2 < p2, as
   three 32-bit words x[0] (low) .. x[2]. */
MPZG_NTT3_HD void
crt (u32 r0, u32 r1, u32 r2, const crt_consts &c, u32 *x)
{
  const u32 p0 = MPZG_NTT3_P0, p1 = MPZG_NTT3_P1, p2 = MPZG_NTT3_P2;
  const u64 p0p1 = (u64) p0 * p1;
  /* r0 < p0 < 2 p1 */
  const u32 v1 = reduce1<p1> (mul_shoup<p1> (r1 + p1 - reduce1<p1> (r0), c.inv_p0_mod_p1));
  /* r0 mod p2 and p0 v1 mod p2, each in [0, p2); their difference from r2 plus 2 p2
     in (0, 3 p2] */
  const u32 m0 = reduce1<p2> (mul_shoup<p2> (r0, c.one_mod_p2));
  const u32 m1 = reduce1<p2> (mul_shoup<p2> (v1, c.p0_mod_p2));
  const u32 v2 = reduce1<p2> (mul_shoup<p2> (r2 + 2 * p2 - m0 - m1, c.inv_p0p1_mod_p2));
  const u64 s = (u64) v1 * p0 + r0 + (u64) v2 * (u32) p0p1;
  const u64 rest = (s >> 32) + (u64) v2 * (u32) (p0p1 >> 32);
  x[0] = (u32) s;
  x[1] = (u32) rest;
  x[2] = (u32) (rest >> 32);
}

} /* namespace ntt3 */
} /* namespace mpzg */

#endif
