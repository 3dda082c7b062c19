/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* carry-flag.cuh -- carry-flag chains on 32- and 64-bit words with a host spelling,
   for the cores that tests/mpn/t-*-host compile with the host's C++ compiler
   (division, powm).

   On the device each link is one PTX statement on the carry flag (as asm.cuh's, for
   the device-only kernels): ptxas turns an aligned lo/hi pair of multiply-adds into
   one IMAD.WIDE.U32(.X) and a run of adds or subtractions into IADD3(.X) with the
   flag in a predicate, where the same arithmetic written with comparisons in C
   pays an ISETP pair and a SEL for every 64-bit carry.  The statements are asm
   volatile, so that the compiler keeps the links of a chain in order; nothing that
   touches the flag may come between two of them.  On the host the flag is the
   argument cf, so that the host tests run the very same sequence.

   The flag of a subtraction is its borrow (PTX: subc d = a - (b + CF)); a chain of
   subtractions ends with sub_end, a chain of additions with addc, so that no chain
   reads the flag another kind of link set. */
#ifndef MPZG_CARRY_FLAG_CUH
#define MPZG_CARRY_FLAG_CUH

namespace mpzg {
namespace cc {

typedef unsigned long long u64;
typedef unsigned int u32;
#ifndef __CUDA_ARCH__
typedef unsigned __int128 u128;
#endif

#ifdef __CUDA_ARCH__
/* d += the low or high word of a b, starting (mad) or continuing (madc) a chain */
__device__ __forceinline__ void mad_lo_cc (u32 &d, u32 a, u32 b, unsigned &)
{ asm volatile ("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void madc_lo_cc (u32 &d, u32 a, u32 b, unsigned &)
{ asm volatile ("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void mad_hi_cc (u32 &d, u32 a, u32 b, unsigned &)
{ asm volatile ("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
__device__ __forceinline__ void madc_hi_cc (u32 &d, u32 a, u32 b, unsigned &)
{ asm volatile ("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b)); }
/* d += the flag, passing a carry on (addc_cc) or ending the chain (addc) */
__device__ __forceinline__ void addc_cc (u32 &d, unsigned &)
{ asm volatile ("addc.cc.u32 %0, %0, 0;" : "+r"(d)); }
__device__ __forceinline__ void addc (u32 &d, unsigned &)
{ asm volatile ("addc.u32 %0, %0, 0;" : "+r"(d)); }
/* d -= a, starting (sub_cc) or continuing (subc_cc) a chain of borrows */
__device__ __forceinline__ void sub_cc (u32 &d, u32 a, unsigned &)
{ asm volatile ("sub.cc.u32 %0, %0, %1;" : "+r"(d) : "r"(a)); }
__device__ __forceinline__ void subc_cc (u32 &d, u32 a, unsigned &)
{ asm volatile ("subc.cc.u32 %0, %0, %1;" : "+r"(d) : "r"(a)); }
/* the 64-bit product a b, outside any chain (one IMAD.WIDE.U32: the C spelling
   (u64) a * b left ptxas adding a zero to the high word) */
__device__ __forceinline__ u64 mul_wide (u32 a, u32 b)
{
  u64 d;
  asm ("mul.wide.u32 %0, %1, %2;" : "=l"(d) : "r"(a), "r"(b));
  return d;
}
/* the chain's final borrow, 0 or 1 */
__device__ __forceinline__ u32 sub_end (unsigned &)
{
  u32 d = 0;
  asm volatile ("subc.u32 %0, %0, 0;" : "+r"(d));
  return d & 1;
}
/* the same links on 64-bit words, for rows whose operands are 64-bit words (powm's
   cooperative products) */
__device__ __forceinline__ void mad64_lo_cc (u64 &d, u64 a, u64 b, unsigned &)
{ asm volatile ("mad.lo.cc.u64 %0, %1, %2, %0;" : "+l"(d) : "l"(a), "l"(b)); }
__device__ __forceinline__ void madc64_lo_cc (u64 &d, u64 a, u64 b, unsigned &)
{ asm volatile ("madc.lo.cc.u64 %0, %1, %2, %0;" : "+l"(d) : "l"(a), "l"(b)); }
__device__ __forceinline__ void mad64_hi_cc (u64 &d, u64 a, u64 b, unsigned &)
{ asm volatile ("mad.hi.cc.u64 %0, %1, %2, %0;" : "+l"(d) : "l"(a), "l"(b)); }
__device__ __forceinline__ void madc64_hi_cc (u64 &d, u64 a, u64 b, unsigned &)
{ asm volatile ("madc.hi.cc.u64 %0, %1, %2, %0;" : "+l"(d) : "l"(a), "l"(b)); }
__device__ __forceinline__ void addc64_cc (u64 &d, unsigned &)
{ asm volatile ("addc.cc.u64 %0, %0, 0;" : "+l"(d)); }
__device__ __forceinline__ void addc64 (u64 &d, unsigned &)
{ asm volatile ("addc.u64 %0, %0, 0;" : "+l"(d)); }
#else
inline void mad_lo_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ u64 s = (u64) d + (u32) (a * b); d = (u32) s; cf = (unsigned) (s >> 32); }
inline void madc_lo_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ u64 s = (u64) d + (u32) (a * b) + cf; d = (u32) s; cf = (unsigned) (s >> 32); }
inline void mad_hi_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ u64 s = (u64) d + (u32) (((u64) a * b) >> 32); d = (u32) s; cf = (unsigned) (s >> 32); }
inline void madc_hi_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ u64 s = (u64) d + (u32) (((u64) a * b) >> 32) + cf; d = (u32) s; cf = (unsigned) (s >> 32); }
inline void addc_cc (u32 &d, unsigned &cf)
{ u64 s = (u64) d + cf; d = (u32) s; cf = (unsigned) (s >> 32); }
inline void addc (u32 &d, unsigned &cf)
{ d += cf; }
inline void sub_cc (u32 &d, u32 a, unsigned &cf)
{ cf = d < a; d -= a; }
inline void subc_cc (u32 &d, u32 a, unsigned &cf)
{ u64 s = (u64) d - a - cf; d = (u32) s; cf = (unsigned) (s >> 63); }
inline u32 sub_end (unsigned &cf)
{ return cf; }
inline u64 mul_wide (u32 a, u32 b)
{ return (u64) a * b; }
typedef unsigned __int128 u128;
inline void mad64_lo_cc (u64 &d, u64 a, u64 b, unsigned &cf)
{ u128 s = (u128) d + (u64) (a * b); d = (u64) s; cf = (unsigned) (s >> 64); }
inline void madc64_lo_cc (u64 &d, u64 a, u64 b, unsigned &cf)
{ u128 s = (u128) d + (u64) (a * b) + cf; d = (u64) s; cf = (unsigned) (s >> 64); }
inline void mad64_hi_cc (u64 &d, u64 a, u64 b, unsigned &cf)
{ u128 s = (u128) d + (u64) (((u128) a * b) >> 64); d = (u64) s; cf = (unsigned) (s >> 64); }
inline void madc64_hi_cc (u64 &d, u64 a, u64 b, unsigned &cf)
{ u128 s = (u128) d + (u64) (((u128) a * b) >> 64) + cf; d = (u64) s; cf = (unsigned) (s >> 64); }
inline void addc64_cc (u64 &d, unsigned &cf)
{ u128 s = (u128) d + cf; d = (u64) s; cf = (unsigned) (s >> 64); }
inline void addc64 (u64 &d, unsigned &cf)
{ d += cf; }
#endif

/* The two halves of a word, and the word of two halves. */
#ifdef __CUDACC__
__host__ __device__ __forceinline__
#else
inline
#endif
u64 join (u32 lo, u32 hi)
{
  return (u64) lo | ((u64) hi << 32);
}

} /* namespace cc */
} /* namespace mpzg */

#endif
