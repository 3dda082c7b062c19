/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-core.cuh -- modular exponentiation of one instance by one thread, for odd
   moduli (the odd part of an even one: powm-even.cuh does the rest): Montgomery
   multiplication (Montgomery, "Modular multiplication without trial division",
   Math. Comp. 44, 1985) in the CIOS form of Koç, Acar and Kaliski, "Analyzing and
   comparing Montgomery multiplication algorithms" (IEEE Micro 16, 1996), and a
   fixed-window exponentiation.

   Host and device code: powm.cu runs it on the GPU, and tests/mpn/t-powm-host.cc
   compiles the very same functions with the host's C++ compiler and compares them
   with mpz_powm, so the algorithm is checked on machines without a GPU.

   One instance, interleaved layout: word i of an operand at p[i * lanes].  The
   modulus m (class width N words, zero above its own size, odd: m / 2^k of the
   one in memory, odd_word) and the running power sit in registers (compile-time
   indices); the other factor of a product (montmul) is read a word at a time
   from memory, a row of the window table or a scratch row.  A squaring
   (montsqr) has its one operand in registers and takes each cross product
   once: its triangle is unrolled whole (O(N^2) code, at most 16 words on the
   device).  The steps of the product and of the squaring's reduction are
   unrolled whole up to MPZG_POWM_UNROLL_MAX words (every width the device runs
   on one thread), so that the moves of the accumulators between steps
   disappear, and run as a loop above, so that the code stays O(N) long.
   R = 2^(64 N).

   The steps, all on the device:
   - R mod m and R^2 mod m by doubling and Montgomery squaring (no division): from
     2^(L-1) (L the bit length of m) doubling 64 N - L + 1 times gives R mod m, the
     Montgomery form of 1; N doublings more give the form of 2^N, and six
     squarings the form of 2^(64 N) = R, which is R^2 mod m.
   - The base (any value below R, so a base >= m needs no division first) times
     R^2 mod m, reduced: its Montgomery form.
   - The table of its powers 0 .. 2^k - 1, k from the exponent's size in words
     (powm_window).
   - The exponent, ne words, as ceil(64 ne / k) digits of k bits from the top, the
     top one read from the table, then for each of the others k squarings and one
     product with the digit's row, the row of 0 (the form of 1) included: the
     sequence of operations depends on ne only, never on the exponent's bits.
   - A product with 1 leaves the Montgomery form.
   Every product ends with a masked (branch-free) conditional subtraction. */
#ifndef MPZG_POWM_CORE_CUH
#define MPZG_POWM_CORE_CUH

#include <stddef.h>
#include "../core/word.cuh"
#include "../core/carry-flag.cuh"

#ifdef __CUDACC__
#define MPZG_POWM_HD __host__ __device__ __forceinline__
#define MPZG_POWM_UNROLL _Pragma ("unroll")
#define MPZG_POWM_LOOP _Pragma ("unroll 1")
#else
#define MPZG_POWM_HD inline
#define MPZG_POWM_UNROLL
#define MPZG_POWM_LOOP
#endif

#include "../tuning.h"           /* MPZG_POWM_WINDOW_MAX */

namespace mpzg {
namespace pw {

typedef unsigned long long u64;

typedef unsigned int u32;

/* The links of the products' carry chains on 32-bit words (core/carry-flag.cuh: one
   IMAD or IADD each on the device, the flag an argument on the host, so that the
   host test runs the very same sequence). */
using cc::mad_lo_cc;
using cc::madc_lo_cc;
using cc::mad_hi_cc;
using cc::madc_hi_cc;
using cc::addc_cc;
using cc::addc;
using cc::half;
using cc::mad_pairs_n;


/* The window of an exponent of `bits` bits: the k in 1 .. MPZG_POWM_WINDOW_MAX
   that minimizes the products, 2^k - 2 for the table and bits / k for the
   digits (the squarings are the same for every k).  Non-decreasing in bits. */
MPZG_POWM_HD int
powm_window_bits (long bits)
{
  int best = 1;
  long cost = bits;
  for (int k = 2; k <= MPZG_POWM_WINDOW_MAX; k++)
    {
      long c = (1L << k) - 2 + (bits + k - 1) / k;
      if (c < cost)
        {
          cost = c;
          best = k;
        }
    }
  return best;
}

/* The window of an exponent of ne words; a class's table is sized by its
   widest exponent. */
MPZG_POWM_HD int
powm_window (int ne)
{
  return powm_window_bits (64L * ne);
}

/* -m^-1 mod 2^64 for odd m (core/word.cuh). */
MPZG_POWM_HD u64
neg_inverse (u64 m0)
{
  return 0 - binvert_word (m0);
}

/* x -= m when x >= m, for x < 2m given as x[0..N) and a top bit `top`: masked.
   Two passes, the borrow first and then the subtraction of m or 0, so that no
   second N-word array is live beside x. */
template <int N>
MPZG_POWM_HD void
cond_sub (u64 *x, u64 top, const u64 *m)
{
  u64 br = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    {
      u64 mj = m[j], s = x[j] - mj;
      br = (x[j] < mj) | (s < br);
    }
  /* x >= m exactly when the top bit covers the borrow out of the top word */
  u64 mask = 0 - (u64) (top >= br);
  br = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    {
      u64 mj = m[j] & mask, s = x[j] - mj;
      u64 b1 = x[j] < mj;
      x[j] = s - br;
      br = b1 | (s < br);
    }
}

/* x = 2 x mod m, x < m. */
template <int N>
MPZG_POWM_HD void
double_mod (u64 *x, const u64 *m)
{
  u64 top = x[N - 1] >> 63;
MPZG_POWM_UNROLL
  for (int j = N - 1; j > 0; j--)
    x[j] = (x[j] << 1) | (x[j - 1] >> 63);
  x[0] <<= 1;
  cond_sub<N> (x, top, m);
}

/* E, O += x c, x of N words (2N halves x_j), c = c0 + c1 2^32: the sum of x c
   kept as two accumulators, E at the even 32-bit positions (x_2k c0 at 2k, x_2k+1
   c1 at 2k + 2) and O at the odd ones (x_2k+1 c0 and x_2k c1 at 2k + 1, O's word k
   is position k + 1), so that each of the four chains sits on aligned pairs of
   words (core/carry-flag.cuh's mad_pairs).  E has 2N + 3 words, O 2N + 2
   (montmul's bounds). */
template <int N>
MPZG_POWM_HD void
addmul_eo (u32 *E, u32 *O, const u64 *x, u32 c0, u32 c1)
{
  using cc::mad_pairs;
  const int n = 2 * N;
  unsigned cf = 0;
  mad_pairs<N> (E, x, 0, c0, cf);
  addc_cc (E[n], cf);
  addc_cc (E[n + 1], cf);
  addc (E[n + 2], cf);
  mad_pairs<N> (E + 2, x, 1, c1, cf);
  addc (E[n + 2], cf);
  mad_pairs<N> (O, x, 1, c0, cf);
  addc_cc (O[n], cf);
  addc (O[n + 1], cf);
  mad_pairs<N> (O, x, 0, c1, cf);
  addc_cc (O[n], cf);
  addc (O[n + 1], cf);
}

/* Zero, from a word below 2^30 that ends a step's carry chains, through an
   instruction ptxas cannot see through: added to the next step's pc, it makes
   that step wait for this one's chains.  Left free in a loop unrolled whole,
   ptxas started each step's chains while the step before was still running
   and kept their carries in more predicate registers than there are, spilling
   them (P2R): 196 spills and twice the instructions in the squaring of 8
   words. */
MPZG_POWM_HD u64
step_fence (u32 top)
{
#ifdef __CUDA_ARCH__
  asm volatile ("shr.b32 %0, %0, 30;" : "+r"(top));
#else
  top >>= 30;
#endif
  return top;
}

/* One step of Montgomery's reduction on addmul_eo's accumulators, t = E + O
   2^32 + pc: q = t minv mod 2^64 (t + q m = 0 mod 2^64), t = (t + q m) / 2^64.
   The low 64 bits of t + q m are zero: their carry into bit 64, and O's word 1
   (at bit 64, where O has no word after the shift), are the next pc.  In a
   loop unrolled whole (fence), the next step waits for this one (step_fence). */
template <int N>
MPZG_POWM_HD void
redc_step (u32 *E, u32 *O, u64 &pc, const u64 *m, u64 minv, bool fence)
{
  const int n = 2 * N;
  const u64 lo = ((u64) E[0] | (u64) E[1] << 32) + ((u64) O[0] << 32) + pc;
  const u64 q = lo * minv;
  addmul_eo<N> (E, O, m, (u32) q, (u32) (q >> 32));
  u64 s = ((u64) E[0] + pc) >> 32;
  s += (u64) E[1] + O[0];
  pc = (s >> 32) + O[1];
MPZG_POWM_UNROLL
  for (int j = 0; j <= n; j++)
    E[j] = E[j + 2];
  E[n + 1] = E[n + 2] = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < n; j++)
    O[j] = O[j + 2];
  O[n] = O[n + 1] = 0;
  if (fence)
    pc += step_fence (E[n] | O[n - 1]);
}

/* r = E + O 2^32 + c mod 2^(64 N), from the even and odd 32-bit accumulators
   (addmul_eo's layout), plus (HIGH) the high half of montsqr's square (T from
   word 2N, U from word 2N - 1; ignored otherwise); returns the carry into word
   N. */
template <int N, bool HIGH>
MPZG_POWM_HD u64
eo_sum (u64 *r, const u32 *E, const u32 *O, u64 c, const u32 *T, const u32 *U)
{
  const int n = 2 * N;
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    {
      u64 lo = (u64) E[2 * j] + (j > 0 ? O[2 * j - 1] : 0) + c;
      u64 hi = (u64) E[2 * j + 1] + O[2 * j];
      if (HIGH)
        {
          lo += (u64) T[n + 2 * j] + U[n - 1 + 2 * j];
          hi += (u64) T[n + 2 * j + 1] + U[n + 2 * j];
        }
      hi += lo >> 32;
      r[j] = (u64) (u32) lo | hi << 32;
      c = hi >> 32;
    }
  return c;
}

/* r = E + O 2^32 + pc, E and O montmul's accumulators after the last step, plus
   (HIGH) the high half of montsqr's square (eo_sum), then r -= m where the sum,
   below 2m, reaches it. */
template <int N, bool HIGH>
MPZG_POWM_HD void
redc_result (u64 *r, const u32 *E, const u32 *O, u64 pc, const u32 *T, const u32 *U,
             const u64 *m)
{
  const int n = 2 * N;
  const u64 c = eo_sum<N, HIGH> (r, E, O, pc, T, U);
  const u64 top = (u64) E[n] + O[n - 1] + c;
  cond_sub<N> (r, top, m);
}

/* r = a b / R mod m, for a < R and b < m (b's word i at bp[i * lanes]), m odd
   and minv = -m^-1 mod 2^64; r < m.  r may be a.  CIOS (Koç, Acar and Kaliski)
   with 64-bit digits of b on the device's 32-bit multiplier: t = (t + a b_i + q m)
   / 2^64, q = t minv mod 2^64, the sums in addmul_eo's two accumulators (t = E +
   O 2^32 + pc, pc what the shift by 64 bits leaves at position 0: the low words'
   carry and O's word at bit 64, below 2^32 + 2).
   t < a + m < 2R before each step; during one, E < 2R + 2 (2^32 + 2^64) R, 2N + 3
   words, and O < 2^(64 N + 3), 2N + 2 words with its carries.  Unrolled whole
   (up to MPZG_POWM_UNROLL_MAX words) the steps are kept in order by
   step_fence. */
template <int N>
MPZG_POWM_HD void
montmul (u64 *r, const u64 *a, const u64 *bp, size_t lanes, const u64 *m, u64 minv)
{
  const int n = 2 * N;
  u32 E[2 * N + 3], O[2 * N + 2];
  u64 pc = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < n + 3; j++)
    E[j] = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < n + 2; j++)
    O[j] = 0;
  constexpr bool whole = N <= MPZG_POWM_UNROLL_MAX;
#ifdef __CUDACC__
#pragma unroll (whole ? N : 1)
#endif
  for (int i = 0; i < N; i++)
    {
      const u64 bi = bp[(size_t) i * lanes];
      addmul_eo<N> (E, O, a, (u32) bi, (u32) (bi >> 32));
      redc_step<N> (E, O, pc, m, minv, whole);
    }
  /* r = E + O 2^32 + pc (t < 2R: the top word 0 or 1) */
  redc_result<N, false> (r, E, O, pc, nullptr, nullptr, m);
}

/* E += the squares of a's 32-bit halves h < H, half h's at E's word 2h, in one
   chain whose carry out is dropped. */
template <int H>
MPZG_POWM_HD void
add_half_squares (u32 *E, const u64 *a)
{
  unsigned cf = 0;
MPZG_POWM_UNROLL
  for (int h = 0; h < H; h++)
    {
      const u32 c = half (a[h / 2], h % 2);
      if (h == 0)
        mad_lo_cc (E[0], c, c, cf);
      else
        madc_lo_cc (E[2 * h], c, c, cf);
      madc_hi_cc (E[2 * h + 1], c, c, cf);
    }
}

/* E + O 2^32 = a^2, a of N words, in montmul's two accumulators (zero on
   entry; E of 4N words, O of 4N - 1, O's word k at 32-bit position k + 1).  The
   products of halves a_k a_l, k < l, once each, then twice the sum, then the
   squares a_k^2: N (2N + 1) products of 32-bit halves against the 4 N^2 of a
   product by montmul.  Row i of the triangle: the high half c1 of a[i] and the
   halves above it times the low half c0, and the halves of a[i + 1 ..] times
   c1, in four chains on aligned pairs: O from position 4i (C) and 4i + 2 (D), E
   from 4i + 2 (A) and 4i + 4 (B).  C and B end on a pair that held at most 1
   (the high word zero, the low one at most a carry of the row below), so no
   carry leaves them; D and A end below the word 2N + 2i of O and of E, zero
   before the row, which takes their carry. */
template <int N>
MPZG_POWM_HD void
sqr_eo (u32 *E, u32 *O, const u64 *a)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < N; i++)
    {
      const int n = N - i - 1, top = 2 * N + 2 * i;
      const u32 c0 = half (a[i], 0), c1 = half (a[i], 1);
      unsigned cf = 0;
      mad_pairs_n (O + 4 * i, a + i, 1, c0, n + 1, cf);                /* C */
      if (n > 0)
        {
          mad_pairs_n (O + 4 * i + 2, a + i + 1, 0, c1, n, cf);        /* D */
          addc (O[top], cf);
          mad_pairs_n (E + 4 * i + 2, a + i + 1, 0, c0, n, cf);        /* A */
          addc (E[top], cf);
          mad_pairs_n (E + 4 * i + 4, a + i + 1, 1, c1, n, cf);        /* B */
        }
    }
  /* twice the triangle: 2 E + 2 O 2^32 < a^2 < 2^(128 N), no bit leaves */
MPZG_POWM_UNROLL
  for (int j = 4 * N - 1; j > 0; j--)
    {
      E[j] = E[j] << 1 | E[j - 1] >> 31;
      if (j < 4 * N - 1)
        O[j] = O[j] << 1 | O[j - 1] >> 31;
    }
  E[0] <<= 1;
  O[0] <<= 1;
  /* the squares: their carry out is zero (the whole is a^2) */
  add_half_squares<2 * N> (E, a);
}

/* r = a^2 / R mod m, for a < m (m odd, minv = -m^-1 mod 2^64); r < m, and r may
   be a.  The square T = a^2 by sqr_eo, then Montgomery's reduction of its low
   half alone, with montmul's steps (the products by q only), so that the
   accumulators shift over zeros: (T mod R + Q m) / R <= m, and with the high half
   T / R < m the sum is below 2m, one masked subtraction from r < m.  Of the
   8 N^2 products of halves of a squaring by montmul, 2 N^2 - N are saved, and
   the operand need not go through memory. */
template <int N>
MPZG_POWM_HD void
montsqr (u64 *r, const u64 *a, const u64 *m, u64 minv)
{
  const int n = 2 * N;
  u32 T[4 * N], U[4 * N - 1];           /* a^2 = T + U 2^32, as E and O */
MPZG_POWM_UNROLL
  for (int j = 0; j < 4 * N; j++)
    T[j] = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < 4 * N - 1; j++)
    U[j] = 0;
  sqr_eo<N> (T, U, a);
  /* the low half: T's words below 2N, U's below 2N - 1 (U's word 2N - 1 is at
     bit 64 N) */
  u32 E[2 * N + 3], O[2 * N + 2];
  u64 pc = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < n + 3; j++)
    E[j] = j < n ? T[j] : 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < n + 2; j++)
    O[j] = j < n - 1 ? U[j] : 0;
  constexpr bool whole = N <= MPZG_POWM_UNROLL_MAX;
#ifdef __CUDACC__
#pragma unroll (whole ? N : 1)
#endif
  for (int i = 0; i < N; i++)
    redc_step<N> (E, O, pc, m, minv, whole);
  /* r = E + O 2^32 + pc + the high half: the sum is below 2m < 2R */
  redc_result<N, true> (r, E, O, pc, T, U, m);
}

/* x into row p (word i at p[i * lanes]). */
template <int N>
MPZG_POWM_HD void
store_row (u64 *p, const u64 *x, size_t lanes)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < N; i++)
    p[(size_t) i * lanes] = x[i];
}

template <int N>
MPZG_POWM_HD void
load_row (u64 *x, const u64 *p, size_t lanes)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < N; i++)
    x[i] = p[(size_t) i * lanes];
}

/* Digit j (bits [j k, j k + k)) of the exponent of ne words at ep. */
MPZG_POWM_HD unsigned
digit (const u64 *ep, int ne, int k, long j, size_t lanes)
{
  long pos = j * k;
  int w = (int) (pos >> 6), o = (int) (pos & 63);
  u64 v = ep[(size_t) w * lanes] >> o;
  if (o + k > 64 && w + 1 < ne)
    v |= ep[(size_t) (w + 1) * lanes] << (64 - o);
  return (unsigned) (v & ((1u << k) - 1));
}

/* The top digit of the low nbits bits (nbits >= 1) of the exponent at ep, cut
   into digits of k bits from the bottom: digit ceil (nbits / k) - 1, without
   the bits from nbits up. */
MPZG_POWM_HD unsigned
top_digit (const u64 *ep, int ne, int k, long nbits, size_t lanes)
{
  const long nd = (nbits + k - 1) / k;
  return digit (ep, ne, k, nd - 1, lanes) & ((1u << (nbits - (nd - 1) * k)) - 1);
}

/* Scratch rows per instance of a class whose exponents have at most ew words: the
   table and one row for R^2 mod m and for 1. */
MPZG_POWM_HD size_t
powm_rows (int ew)
{
  return ((size_t) 1 << powm_window (ew)) + 1;
}

/* k for m = 2^k m' (m' odd), m of N words at mp (stride lanes); 0 for odd m and for m = 0
   (the zero instances that pad a chunk). */
MPZG_POWM_HD int
low_zero_bits (const u64 *mp, int N, size_t lanes)
{
MPZG_POWM_LOOP
  for (int j = 0; j < N; j++)
    {
      u64 w = mp[(size_t) j * lanes];
      if (w != 0)
        return 64 * j + (int) ctz64 (w);
    }
  return 0;
}

/* Word i of m' = m / 2^k, m of N words at mp. */
MPZG_POWM_HD u64
odd_word (const u64 *mp, int N, int k, int i, size_t lanes)
{
  const int j = i + (k >> 6);
  u64 lo = j < N ? mp[(size_t) j * lanes] : 0;
  u64 hi = j + 1 < N ? mp[(size_t) (j + 1) * lanes] : 0;
  return shr2 (hi, lo, (unsigned) k & 63);
}

/* rp = bp^ep mod m' for one instance, m' the odd part of the modulus at mp (m'
   = m for odd m; powm-even.cuh does the rest for even ones): b < R, e of at most
   EW words (zero above its size), m nonzero (or zero: a padding instance, whose
   result is garbage), all N words wide but e; the scratch is powm_rows (EW) rows
   of N words at tab. */
template <int N>
MPZG_POWM_HD void
powm_one (const u64 *bp, const u64 *ep, int EW, const u64 *mp, u64 *rp, u64 *tab, size_t lanes)
{
  u64 m[N];
  const int kz = low_zero_bits (mp, N, lanes);
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    m[j] = odd_word (mp, N, kz, j, lanes);
  u64 x[N];
  const u64 minv = neg_inverse (m[0]);
  u64 *sq = tab;                        /* R^2 mod m, then 1 */
  tab += (size_t) N * lanes;

  /* R mod m and R^2 mod m */
  int L = 0;
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    if (m[j] != 0)
      L = 64 * j + 64 - (int) clz64 (m[j]);
  if (L == 1)
    {
      /* m' = 1 (m a power of two): b^e mod 1 = 0, without the steps */
MPZG_POWM_UNROLL
      for (int j = 0; j < N; j++)
        rp[(size_t) j * lanes] = 0;
      return;
    }
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    x[j] = L > 0 && j == (L - 1) / 64 ? (u64) 1 << ((L - 1) % 64) : 0;
  cond_sub<N> (x, 0, m);                /* m = 1 */
MPZG_POWM_LOOP
  for (int s = 64 * N - L + 1; s > 0; s--)
    double_mod<N> (x, m);
  store_row<N> (tab, x, lanes);         /* row 0: R mod m, the form of 1 */
MPZG_POWM_LOOP
  for (int s = 0; s < N; s++)
    double_mod<N> (x, m);
MPZG_POWM_LOOP
  for (int s = 0; s < 6; s++)
    montsqr<N> (x, x, m, minv);
  store_row<N> (sq, x, lanes);          /* R^2 mod m */

  /* the table */
  load_row<N> (x, bp, lanes);
  montmul<N> (x, x, sq, lanes, m, minv);
  store_row<N> (tab + (size_t) N * lanes, x, lanes);
  int ne = 0;
MPZG_POWM_LOOP
  for (int i = 0; i < EW; i++)
    if (ep[(size_t) i * lanes] != 0)
      ne = i + 1;
  const int k = powm_window (ne);
MPZG_POWM_LOOP
  for (int d = 2; d < 1 << k; d++)
    {
      montmul<N> (x, x, tab + (size_t) N * lanes, lanes, m, minv);
      store_row<N> (tab + (size_t) d * N * lanes, x, lanes);
    }

  /* the digits, from the top */
  long nd = (64L * ne + k - 1) / k;
  if (nd == 0)
    load_row<N> (x, tab, lanes);
  else
    load_row<N> (x, tab + (size_t) digit (ep, ne, k, nd - 1, lanes) * N * lanes, lanes);
MPZG_POWM_LOOP
  for (long j = nd - 2; j >= 0; j--)
    {
MPZG_POWM_LOOP
      for (int s = 0; s < k; s++)
        montsqr<N> (x, x, m, minv);
      montmul<N> (x, x, tab + (size_t) digit (ep, ne, k, j, lanes) * N * lanes, lanes, m,
                  minv);
    }

  /* out of the Montgomery form: a product with 1 */
MPZG_POWM_UNROLL
  for (int i = 0; i < N; i++)
    sq[(size_t) i * lanes] = i == 0;
  montmul<N> (x, x, sq, lanes, m, minv);
  store_row<N> (rp, x, lanes);
}

} /* namespace pw */
} /* namespace mpzg */

#endif
