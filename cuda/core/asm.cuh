/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* asm.cuh -- word types and the carry-chain primitives every kernel builds on.

   The 32-bit multiply-add chains are PTX with the carry flag running from one
   statement to the next (as in CGBN): ptxas turns an aligned lo/hi pair of them into
   one IMAD.WIDE.U32(.X).  They are asm volatile so that the compiler keeps the
   statements of one chain in order; nothing may come between two links of a chain
   that touches the carry flag. */
#ifndef MPZG_ASM_CUH
#define MPZG_ASM_CUH

#include <stdint.h>

namespace mpzg {

typedef unsigned long long u64;
typedef unsigned int u32;

/* d += a * b (low or high half), starting (mad) or continuing (madc) a chain,
   setting the carry flag (cc). */
__device__ __forceinline__ void mad_lo_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void madc_lo_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void mad_hi_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void madc_hi_cc (u32 &d, u32 a, u32 b)
{ asm volatile ("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
/* d += a, starting or continuing a chain */
__device__ __forceinline__ void add_cc (u32 &d, u32 a)
{ asm volatile ("add.cc.u32 %0, %0, %1;" : "+r"(d) : "r"(a)); }
__device__ __forceinline__ void addc_cc (u32 &d, u32 a)
{ asm volatile ("addc.cc.u32 %0, %0, %1;" : "+r"(d) : "r"(a)); }
/* d += the carry flag, passing the carry on (addc_cc0) or ending the chain (addc0) */
__device__ __forceinline__ void addc_cc0 (u32 &d)
{ asm volatile ("addc.cc.u32 %0, %0, 0;" : "+r"(d)); }
__device__ __forceinline__ void addc0 (u32 &d)
{ asm volatile ("addc.u32 %0, %0, 0;" : "+r"(d)); }

/* s = a + b + c (c in {0,1}); returns the carry out. */
__device__ __forceinline__ unsigned
addc64 (u64 &s, u64 a, u64 b, unsigned c)
{
  u64 t = a + b;
  unsigned c1 = t < a;
  s = t + c;
  return c1 | (s < t);
}

/* The 64-bit word made of 32-bit words lo and hi. */
__device__ __forceinline__ u64
join64 (u32 lo, u32 hi)
{
  return (u64) lo | ((u64) hi << 32);
}

/* acc (W+2 words) = E + O * 2^32, for the even- and odd-column sums of 64-bit
   product chains; the caller knows the sum fits (it is a column sum). */
template <int W>
__device__ __forceinline__ void
fold_wide (u32 *acc, const u32 *E, const u32 *O)
{
  acc[0] = E[0];
  acc[1] = E[1];
  add_cc (acc[1], O[0]);
#pragma unroll
  for (int k = 2; k <= W; k++)
    {
      acc[k] = E[k];
      addc_cc (acc[k], O[k - 1]);
    }
  acc[W + 1] = O[W];
  addc0 (acc[W + 1]);
}

} /* namespace mpzg */

#endif
