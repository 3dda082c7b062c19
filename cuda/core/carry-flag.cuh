/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* carry-flag.cuh -- carry-flag chains on 32-bit words with a host spelling,
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
/* d += a, starting (add_cc) or continuing (addc_cc) a chain of carries */
__device__ __forceinline__ void add_cc (u32 &d, u32 a, unsigned &)
{ asm volatile ("add.cc.u32 %0, %0, %1;" : "+r"(d) : "r"(a)); }
__device__ __forceinline__ void addc_cc (u32 &d, u32 a, unsigned &)
{ asm volatile ("addc.cc.u32 %0, %0, %1;" : "+r"(d) : "r"(a)); }
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
#else
/* d + x + cin into d, the carry out into cf: every host link
   (D twice as wide as W) */
template <class W, class D>
inline void
link (W &d, W x, unsigned cin, unsigned &cf)
{
  const D s = (D) d + x + cin;
  d = (W) s;
  cf = (unsigned) (s >> (8 * sizeof (W)));
}
template <class W, class D>
inline W
mul_hi (W a, W b)
{
  return (W) (((D) a * b) >> (8 * sizeof (W)));
}
inline void mad_lo_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ link<u32, u64> (d, a * b, 0, cf); }
inline void madc_lo_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ link<u32, u64> (d, a * b, cf, cf); }
inline void mad_hi_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ link<u32, u64> (d, mul_hi<u32, u64> (a, b), 0, cf); }
inline void madc_hi_cc (u32 &d, u32 a, u32 b, unsigned &cf)
{ link<u32, u64> (d, mul_hi<u32, u64> (a, b), cf, cf); }
inline void addc_cc (u32 &d, unsigned &cf) { link<u32, u64> (d, 0, cf, cf); }
inline void addc (u32 &d, unsigned &cf) { d += cf; }
inline void add_cc (u32 &d, u32 a, unsigned &cf) { link<u32, u64> (d, a, 0, cf); }
inline void addc_cc (u32 &d, u32 a, unsigned &cf) { link<u32, u64> (d, a, cf, cf); }
inline void sub_cc (u32 &d, u32 a, unsigned &cf) { cf = d < a; d -= a; }
inline void subc_cc (u32 &d, u32 a, unsigned &cf)
{ u64 s = (u64) d - a - cf; d = (u32) s; cf = (unsigned) (s >> 63); }
inline u32 sub_end (unsigned &cf) { return cf; }
inline u64 mul_wide (u32 a, u32 b) { return (u64) a * b; }
#endif

#ifdef __CUDACC__
#define MPZG_CC_HD __host__ __device__ __forceinline__
#define MPZG_CC_UNROLL _Pragma ("unroll")
#else
#define MPZG_CC_HD inline
#define MPZG_CC_UNROLL
#endif

/* The word of two halves. */
MPZG_CC_HD u64 join (u32 lo, u32 hi)
{
  return (u64) lo | ((u64) hi << 32);
}

/* Half h (0 low, 1 high) of a word: a register half on the device. */
MPZG_CC_HD u32
half (u64 x, int h)
{
  return (u32) (h ? x >> 32 : x);
}

/* acc[2k], acc[2k + 1] = the product of half h of x[k] and c, k < N: products that
   do not overlap, one IMAD.WIDE.U32 each. */
template <int N>
MPZG_CC_HD void
mul_pairs (u32 *acc, const u64 *x, int h, u32 c)
{
MPZG_CC_UNROLL
  for (int k = 0; k < N; k++)
    {
      const u64 p = mul_wide (c, half (x[k], h));
      acc[2 * k] = (u32) p;
      acc[2 * k + 1] = (u32) (p >> 32);
    }
}

/* acc[2k], acc[2k + 1] += the product of half h of x[k] and c, k < n (n >= 1), as
   one chain on aligned pairs of words (one IMAD.WIDE.U32.X each, carry in and
   out; a chain of low halves and one of high halves would take an IMAD, an
   IMAD.HI and two IADD3 a product).  The carry out is left in cf for the
   caller's addc links.  n must be a constant once the caller is unrolled (the
   words are registers): mad_pairs<N> where it is one already. */
MPZG_CC_HD void
mad_pairs_n (u32 *acc, const u64 *x, int h, u32 c, int n, unsigned &cf)
{
  mad_lo_cc (acc[0], half (x[0], h), c, cf);
  madc_hi_cc (acc[1], half (x[0], h), c, cf);
MPZG_CC_UNROLL
  for (int k = 1; k < n; k++)
    {
      madc_lo_cc (acc[2 * k], half (x[k], h), c, cf);
      madc_hi_cc (acc[2 * k + 1], half (x[k], h), c, cf);
    }
}

template <int N>
MPZG_CC_HD void
mad_pairs (u32 *acc, const u64 *x, int h, u32 c, unsigned &cf)
{
  mad_pairs_n (acc, x, h, c, N, cf);
}

/* d[0..n) -= x[0..n) (n >= 1), one chain of borrows; returns the borrow out. */
template <int n>
MPZG_CC_HD u32
sub_words (u32 *d, const u32 *x, unsigned &cf)
{
  sub_cc (d[0], x[0], cf);
MPZG_CC_UNROLL
  for (int j = 1; j < n; j++)
    subc_cc (d[j], x[j], cf);
  return sub_end (cf);
}

} /* namespace cc */
} /* namespace mpzg */

#endif
