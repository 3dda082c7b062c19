/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-core.cuh -- schoolbook division of one instance by one thread: the reciprocal
   of the divisor's top limbs and the 2-by-1 and 3-by-2 quotient steps of Möller and
   Granlund, "Improved division by invariant integers" (IEEE Trans. Computers 60,
   2011), in GMP's formulation (udiv_qrnnd_preinv, udiv_qr_3by2, invert_pi1,
   mpn_sbpi1_div_qr).

   Host and device code: div.cu runs it on the GPU, and tests/mpn/t-divrem-host.cc
   compiles the very same functions with the host's C++ compiler and compares them
   with GMP, so the algorithm is checked on machines without a GPU.

   One instance, interleaved layout: word i of an operand at p[i * lanes].  The
   divisor (class width ND, nd significant words) is normalized to exactly ND words
   with its top bit set: shifted up by ws = ND - nd words and s bits.  The dividend
   is shifted by the same amount, so the quotient is unchanged and the remainder
   comes out shifted.  Then every index into the register arrays (the divisor, and
   a window of ND + 1 words of the partial remainder) is a compile-time constant:
   they stay in registers.  The dividend is not held: its words enter the window
   one per quotient digit, read from global memory (cached) at a run-time index,
   and the number of digits is the element's own nn - nd + 1, not the class's.
   The zero words the word shift puts at the bottom of the divisor cost at most
   ND / nd (< 1.5 over the class table) in multiplications. */
#ifndef MPZG_DIV_CORE_CUH
#define MPZG_DIV_CORE_CUH

#include <stddef.h>
#include "../core/word.cuh"
#include "../core/carry-flag.cuh"
#include "../tuning.h"

#ifdef __CUDACC__
#define MPZG_DIV_HD __host__ __device__ __forceinline__
#define MPZG_DIV_UNROLL _Pragma ("unroll")
#define MPZG_DIV_LOOP _Pragma ("unroll 1")
#else
#define MPZG_DIV_HD inline
#define MPZG_DIV_UNROLL
#define MPZG_DIV_LOOP
#endif

/* The host build counts the rare branches (tests show they are reached). */
#ifndef MPZG_DIV_COUNT
#define MPZG_DIV_COUNT(what) ((void) 0)
#endif

namespace mpzg {
namespace dv {

typedef unsigned long long u64;

/* v = floor((B^2 - 1) / d) - B for B/2 <= d < B (B = 2^64): Möller-Granlund
   Algorithm 3 (GMP's invert_limb), the 11-bit start v0 computed rather than
   looked up, then two Newton steps in integers and an exact final adjustment. */
MPZG_DIV_HD u64
reciprocal_word (u64 d)
{
  u64 d0 = d & 1, d9 = d >> 55, d40 = (d >> 24) + 1, d63 = (d >> 1) + d0;
  u64 v0 = (unsigned) 0x7fd00 / (unsigned) d9;            /* (2^19 - 3 * 2^8) / d9 */
  u64 v1 = (v0 << 11) - ((v0 * v0 * d40) >> 40) - 1;
  u64 v2 = (v1 << 13) + ((v1 * ((1ull << 60) - v1 * d40)) >> 47);
  u64 e = ((v2 >> 1) & (0 - d0)) - v2 * d63;              /* 2^96 - v2 d63 + (v2/2) d0 */
  u64 v3 = (v2 << 31) + (umulhi (v2, e) >> 1);
  u64 lo = v3 * d, hi = umulhi (v3, d);
  lo += d;
  hi += lo < d;
  return v3 - hi - d;                                     /* v3 - floor((v3 + B + 1) d / B) */
}

/* q, r = (nh:nl) / d for a normalized d and nh < d, v = reciprocal_word (d):
   Möller-Granlund Algorithm 4 (GMP's udiv_qrnnd_preinv).  The candidate quotient
   is never too large and at most 2 too small; one adjustment is a masked add, the
   other a rare branch. */
MPZG_DIV_HD u64
div_2by1 (u64 &r, u64 nh, u64 nl, u64 d, u64 v)
{
  u64 qh = umulhi (nh, v), ql = nh * v;
  u64 t = ql + nl;
  qh += nh + 1 + (t < ql);
  ql = t;
  u64 rr = nl - qh * d;
  u64 mask = 0 - (u64) (rr > ql);
  qh += mask;
  rr += mask & d;
  if (rr >= d)
    {
      MPZG_DIV_COUNT (2by1_fix);
      rr -= d;
      qh++;
    }
  r = rr;
  return qh;
}

/* The reciprocal of a normalized two-word divisor (d1:d0): floor((B^3 - 1) /
   (d1:d0)) - B, Möller-Granlund Algorithm 6 (GMP's invert_pi1). */
MPZG_DIV_HD u64
reciprocal_2 (u64 d1, u64 d0)
{
  u64 v = reciprocal_word (d1);
  u64 p = d1 * v + d0;
  if (p < d0)
    {
      v--;
      u64 mask = 0 - (u64) (p >= d1);
      p -= d1;
      v += mask;
      p -= mask & d1;
    }
  u64 t1 = umulhi (d0, v), t0 = d0 * v;
  p += t1;
  if (p < t1)
    {
      v--;
      if (p >= d1 && (p > d1 || t0 >= d0))
        v--;
    }
  return v;
}

/* q, (r1:r0) = (n2:n1:n0) / (d1:d0), the divisor normalized, (n2:n1) < (d1:d0),
   v = reciprocal_2 (d1, d0): Möller-Granlund Algorithm 5 (GMP's udiv_qr_3by2).
   As in the 2-by-1 step the candidate is at most one too large (a masked
   adjustment) or one too small (a rare branch). */
MPZG_DIV_HD u64
div_3by2 (u64 &r1, u64 &r0, u64 n2, u64 n1, u64 n0, u64 d1, u64 d0, u64 v)
{
  u64 q = umulhi (n2, v), q0 = n2 * v;
  u64 t = q0 + n1;
  q += n2 + (t < q0);
  q0 = t;
  u64 a1 = n1 - d1 * q;
  /* (a1:n0) - (d1:d0) */
  u64 a0 = n0 - d0;
  a1 = a1 - d1 - (n0 < d0);
  u64 t1 = umulhi (d0, q), t0 = d0 * q;
  /* (a1:a0) - (t1:t0) */
  u64 b0 = a0 - t0;
  a1 = a1 - t1 - (a0 < t0);
  a0 = b0;
  q++;
  u64 mask = 0 - (u64) (a1 >= q0);
  q += mask;
  b0 = a0 + (mask & d0);
  a1 = a1 + (mask & d1) + (b0 < a0);
  a0 = b0;
  if (a1 >= d1 && (a1 > d1 || a0 >= d0))
    {
      MPZG_DIV_COUNT (3by2_fix);
      q++;
      b0 = a0 - d0;
      a1 = a1 - d1 - (a0 < d0);
      a0 = b0;
    }
  r1 = a1;
  r0 = a0;
  return q;
}

/* Word i of an operand of n significant words, zero outside [0, n). */
MPZG_DIV_HD u64
word_at (const u64 *p, int i, int n, size_t lanes)
{
  return i >= 0 && i < n ? p[(size_t) i * lanes] : 0;
}

/* R[0..N) -= q * dd[0..N) (GMP's mpn_submul_1) on 64-bit words, the carries by
   comparisons; returns the high word carried out.  Few registers live (one product
   at a time), which the one-thread kernels' occupancy needs more than
   submul_1's fewer instructions at the narrow classes (tuning.h,
   MPZG_DIV_ONE_CHAIN_MIN). */
template <int N>
MPZG_DIV_HD u64
submul_1_words (u64 *R, const u64 *dd, u64 q)
{
  u64 cy = 0;
MPZG_DIV_UNROLL
  for (int k = 0; k < N; k++)
    {
      u64 lo = dd[k] * q, hi = umulhi (dd[k], q);
      lo += cy;
      hi += lo < cy;
      u64 x = R[k];
      R[k] = x - lo;
      cy = hi + (x < lo);
    }
  return cy;
}

/* R[0..N) -= q * dd[0..N) (GMP's mpn_submul_1); returns the high word carried out.

   On 32-bit halves with the carry flag (core/carry-flag.cuh), as CGBN forms its rows:
   with q = q0 + q1 2^32 and d_j the divisor's 32-bit words, q d is the sum of the
   products at even positions, q0 d_2i at 2i and q1 d_2i+1 at 2i + 2 (e), and of
   those at odd positions, q0 d_2i+1 and q1 d_2i at 2i + 1 (o).  Each sum's first
   products do not overlap (mul_pairs) and its second ones are one chain on aligned
   pairs of words (mad_pairs); e and then o are subtracted from R by chains of
   borrows (sub_words), each as soon as it is formed, so that only one of them is
   live.  The
   64-bit C spelling (submul_1_words) pays a comparison pair and a select for every
   carry: about twice the instructions a word, measured in
   bench/results/2026-11-24-h100-division-carry-chains. */
template <int N>
MPZG_DIV_HD u64
submul_1 (u64 *R, const u64 *dd, u64 q)
{
  using namespace cc;
  if (N == 0)
    return 0;
  const int M = N > 0 ? N : 1;  /* the arrays' sizes where N = 0 (no code runs) */
  const u32 q0 = (u32) q, q1 = (u32) (q >> 32);
  u32 r[2 * M], e[2 * M + 2];
  unsigned cf = 0;
MPZG_DIV_UNROLL
  for (int i = 0; i < N; i++)
    {
      r[2 * i] = (u32) R[i];
      r[2 * i + 1] = (u32) (R[i] >> 32);
    }
  mul_pairs<N> (e, dd, 0, q0);
  e[2 * N] = e[2 * N + 1] = 0;
  mad_pairs<N> (e + 2, dd, 1, q1, cf);
  /* e < 2^(64 N + 64): no carry out of its top word */
  const u32 b1 = sub_words<2 * M> (r, e, cf);
  u64 c = join (e[2 * N], e[2 * N + 1]) + b1;
  /* o, at 32-bit offset 1: o[k] is position k + 1 */
  u32 o[2 * M + 1];
  mul_pairs<N> (o, dd, 1, q0);
  o[2 * N] = 0;
  mad_pairs<N> (o, dd, 0, q1, cf);
  addc (o[2 * N], cf);
  const u32 b2 = sub_words<2 * M - 1> (r + 1, o, cf);
  /* o's words 2N - 1 and 2N are positions 2N and 2N + 1: the high word */
  c += join (o[2 * N - 1], o[2 * N]) + b2;
MPZG_DIV_UNROLL
  for (int i = 0; i < N; i++)
    R[i] = join (r[2 * i], r[2 * i + 1]);
  return c;
}

/* The one-thread division's submul_1: by halves from MPZG_DIV_ONE_CHAIN_MIN words
   of class width, by words below (tuning.h). */
template <int ND, int N>
MPZG_DIV_HD u64
submul_1_one (u64 *R, const u64 *dd, u64 q)
{
  return ND >= MPZG_DIV_ONE_CHAIN_MIN ? submul_1<N> (R, dd, q) : submul_1_words<N> (R, dd, q);
}

/* One quotient digit: the window R[0..ND] (the partial remainder's top ND + 1
   words, R[0..ND-1] < the divisor on entry's top) divided by the normalized
   divisor dd[0..ND-1]; R[0..ND-1] receives the remainder.  mpn_sbpi1_div_qr's
   loop body: a 3-by-2 step on the top three words against the top two divisor
   words, then the rest of the divisor multiplied and subtracted; the 3-by-2
   quotient is then at most one too large (the lower divisor words can lower the
   true quotient by at most one), fixed by one add-back. */
template <int ND>
MPZG_DIV_HD u64
digit (u64 (&R)[ND + 1], const u64 (&dd)[ND], u64 v)
{
  const u64 d1 = dd[ND - 1], d0 = dd[ND - 2];
  u64 q;
  if (R[ND] == d1 && R[ND - 1] == d0)
    {
      /* The 3-by-2 step needs (n2:n1) < (d1:d0); here the quotient digit is B - 1
         (the window is below B times the divisor). */
      MPZG_DIV_COUNT (qmax);
      q = ~0ull;
      submul_1_one<ND, ND> (R, dd, q);
      return q;
    }
  u64 r1, r0;
  q = div_3by2 (r1, r0, R[ND], R[ND - 1], R[ND - 2], d1, d0, v);
  u64 cy = submul_1_one<ND, ND - 2> (R, dd, q);
  u64 cy1 = r0 < cy;
  r0 -= cy;
  cy = r1 < cy1;
  r1 -= cy1;
  R[ND - 2] = r0;
  R[ND - 1] = r1;
  if (cy != 0)
    {
      MPZG_DIV_COUNT (addback);
      u64 c = 0;
MPZG_DIV_UNROLL
      for (int k = 0; k < ND - 1; k++)
        {
          u64 x = R[k] + c;
          c = x < c;
          u64 y = x + dd[k];
          c += y < x;
          R[k] = y;
        }
      R[ND - 1] += d1 + c;
      q--;
    }
  return q;
}

/* Dividend np (at most NN words), divisor dp (ND words, nd >= 2 of them
   significant, nd > ND's next smaller class width); quotient into qp (QW words,
   zero above its own), remainder into rp (ND words).  A divisor that is zero (the
   zero instances that pad an interleaved chunk) gives q = 0, r = 0; a dividend
   shorter than the divisor gives q = 0, r = n. */
template <int ND>
MPZG_DIV_HD void
divrem_one (const u64 *np, const u64 *dp, u64 *qp, u64 *rp, int NN, int QW, size_t lanes)
{
  int nn = NN, nd = ND;
  while (nn > 0 && np[(size_t) (nn - 1) * lanes] == 0)
    nn--;
  while (nd > 0 && dp[(size_t) (nd - 1) * lanes] == 0)
    nd--;
  if (nd == 0 || nn < nd)
    {
      for (int i = 0; i < QW; i++)
        qp[(size_t) i * lanes] = 0;
MPZG_DIV_UNROLL
      for (int k = 0; k < ND; k++)
        rp[(size_t) k * lanes] = nd == 0 ? 0 : word_at (np, k, nn, lanes);
      return;
    }
  const int ws = ND - nd;
  const unsigned s = clz64 (dp[(size_t) (nd - 1) * lanes]);
  u64 dd[ND], R[ND + 1];
  {
    u64 prev = 0;
MPZG_DIV_UNROLL
    for (int k = 0; k < ND; k++)
      {
        u64 w = word_at (dp, k - ws, nd, lanes);
        dd[k] = shl2 (w, prev, s);
        prev = w;
      }
  }
  const u64 v = reciprocal_2 (dd[ND - 1], dd[ND - 2]);
  /* the shifted dividend's words: u''[i] = shl2 (n[i - ws], n[i - ws - 1], s) */
  const int qn = nn - nd + 1;
  u64 lo = word_at (np, qn - 1 - ws - 1, nn, lanes);
MPZG_DIV_UNROLL
  for (int k = 0; k <= ND; k++)
    {
      u64 hi = word_at (np, qn - 1 + k - ws, nn, lanes);
      R[k] = shl2 (hi, lo, s);
      lo = hi;
    }
  lo = word_at (np, qn - 1 - ws - 1, nn, lanes);      /* n[j - 1 - ws], j = qn - 1 */
MPZG_DIV_LOOP
  for (int j = qn - 1;; j--)
    {
      qp[(size_t) j * lanes] = digit<ND> (R, dd, v);
      if (j == 0)
        break;
      /* the next word enters at the bottom */
      u64 lo2 = word_at (np, j - 2 - ws, nn, lanes);
MPZG_DIV_UNROLL
      for (int k = ND; k > 0; k--)
        R[k] = R[k - 1];
      R[0] = shl2 (lo, lo2, s);
      lo = lo2;
    }
  for (int i = qn; i < QW; i++)
    qp[(size_t) i * lanes] = 0;
  /* r = R[0..ND-1] >> (64 ws + s): the low ws words of R are zero */
  R[ND] = 0;
MPZG_DIV_UNROLL
  for (int k = 0; k < ND; k++)
    {
      if (k >= ws)
        rp[(size_t) (k - ws) * lanes] = shr2 (R[k + 1], R[k], s);
      if (k >= nd)
        rp[(size_t) k * lanes] = 0;
    }
}

/* One-limb divisors: the dividend's words one by one through the 2-by-1 step.
   The quotient has QW >= NN words, the remainder one. */
MPZG_DIV_HD void
divrem_1 (const u64 *np, const u64 *dp, u64 *qp, u64 *rp, int NN, int QW, size_t lanes)
{
  int nn = NN;
  while (nn > 0 && np[(size_t) (nn - 1) * lanes] == 0)
    nn--;
  u64 d = dp[0];
  if (d == 0 || nn == 0)
    {
      for (int i = 0; i < QW; i++)
        qp[(size_t) i * lanes] = 0;
      rp[0] = 0;
      return;
    }
  const unsigned s = clz64 (d);
  d <<= s;
  const u64 v = reciprocal_word (d);
  u64 hi = np[(size_t) (nn - 1) * lanes];
  u64 r = shl2 (0, hi, s);              /* the bits shifted out of the top, < d */
MPZG_DIV_LOOP
  for (int i = nn - 1; i >= 0; i--)
    {
      u64 lo = i > 0 ? np[(size_t) (i - 1) * lanes] : 0;
      qp[(size_t) i * lanes] = div_2by1 (r, r, shl2 (hi, lo, s), d, v);
      hi = lo;
    }
  for (int i = nn; i < QW; i++)
    qp[(size_t) i * lanes] = 0;
  rp[0] = r >> s;
}

/* G words p[0..G) (p 16-byte aligned on the device): 16-byte loads. */
template <int G>
MPZG_DIV_HD void
load_words (u64 (&w)[G], const u64 *p)
{
MPZG_DIV_UNROLL
  for (int k = 0; k < G; k += 2)
    {
#ifdef __CUDA_ARCH__
      const ulonglong2 a = reinterpret_cast<const ulonglong2 *> (p)[k / 2];
      w[k] = a.x, w[k + 1] = a.y;
#else
      w[k] = p[k], w[k + 1] = p[k + 1];
#endif
    }
}

template <int G>
MPZG_DIV_HD void
store_words (u64 *p, const u64 (&w)[G])
{
MPZG_DIV_UNROLL
  for (int k = 0; k < G; k += 2)
    {
#ifdef __CUDA_ARCH__
      reinterpret_cast<ulonglong2 *> (p)[k / 2] = make_ulonglong2 (w[k], w[k + 1]);
#else
      p[k] = w[k], p[k + 1] = w[k + 1];
#endif
    }
}

/* The words of a group of divrem_1_rows: 4, 8 and 16 each won at some of 2^12
   to 2^18 bits and lost at others, by up to 1.6x (the warps' rows are a power of
   two apart); 4 takes the fewest registers
   (bench/results/2026-11-25-h100-division-one-limb). */
#ifndef MPZG_DIV_ROWS_GROUP
#define MPZG_DIV_ROWS_GROUP 4
#endif

/* divrem_1 on the contiguous layout (each instance's words adjacent), NN and QW
   multiples of G = MPZG_DIV_ROWS_GROUP, np and qp 16-byte aligned: the dividend
   read and the quotient written G words at a time, the next G read while these
   are divided.  A warp's threads read rows NN words apart: one word a load, as
   divrem_1 reads them, used an eighth of each 32-byte sector it fetched per load
   and lost the rest from L1 before the next word.  The words above the
   dividend's top, up to the top of its group, are zero and give zero quotient
   words. */
MPZG_DIV_HD void
divrem_1_rows (const u64 *np, const u64 *dp, u64 *qp, u64 *rp, int NN, int QW)
{
  const int G = MPZG_DIV_ROWS_GROUP;
  int nn = NN;
  while (nn > 0 && np[nn - 1] == 0)
    nn--;
  u64 d = dp[0];
  u64 w[G], c[G], q[G];
MPZG_DIV_UNROLL
  for (int k = 0; k < G; k++)
    q[k] = 0;
  if (d == 0 || nn == 0)
    {
MPZG_DIV_LOOP
      for (int i = 0; i < QW; i += G)
        store_words<G> (qp + i, q);
      rp[0] = 0;
      return;
    }
  const unsigned s = clz64 (d);
  d <<= s;
  const u64 v = reciprocal_word (d);
  const int top = (nn - 1) / G * G;     /* the group of the dividend's top word */
  load_words<G> (w, np + top);
  u64 hi = w[G - 1];
  u64 r = shl2 (0, hi, s);              /* the bits shifted out of the top, < d */
MPZG_DIV_LOOP
  for (int g = top; g >= 0; g -= G)
    {
      /* this group's words, then the next group's read before these are divided */
MPZG_DIV_UNROLL
      for (int k = 0; k < G; k++)
        c[k] = w[k];
      if (g > 0)
        load_words<G> (w, np + g - G);
      else
        w[G - 1] = 0;
MPZG_DIV_UNROLL
      for (int k = G - 1; k > 0; k--)
        {
          q[k] = div_2by1 (r, r, shl2 (hi, c[k - 1], s), d, v);
          hi = c[k - 1];
        }
      q[0] = div_2by1 (r, r, shl2 (hi, w[G - 1], s), d, v);
      hi = w[G - 1];
      store_words<G> (qp + g, q);
    }
MPZG_DIV_UNROLL
  for (int k = 0; k < G; k++)
    q[k] = 0;
MPZG_DIV_LOOP
  for (int i = top + G; i < QW; i += G)
    store_words<G> (qp + i, q);
  rp[0] = r >> s;
}

/* divrem_1 or, where its conditions hold, divrem_1_rows. */
MPZG_DIV_HD void
divrem_1_any (const u64 *np, const u64 *dp, u64 *qp, u64 *rp, int NN, int QW, size_t stride)
{
  if (stride == 1 && NN % MPZG_DIV_ROWS_GROUP == 0 && QW % MPZG_DIV_ROWS_GROUP == 0
      && (((size_t) np | (size_t) qp) & 15) == 0)
    divrem_1_rows (np, dp, qp, rp, NN, QW);
  else
    divrem_1 (np, dp, qp, rp, NN, QW, stride);
}

} /* namespace dv */
} /* namespace mpzg */

#endif
