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
   indices); the other factor of every product
   is read a word at a time from memory: a row of the window table, or the scratch
   row where a squaring's operand is stored first, so that the product's outer loop
   need not be unrolled (the code stays O(N), not O(N^2), long).  R = 2^(64 N).

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

/* Half h (0 low, 1 high) of a word: a register half on the device. */
MPZG_POWM_HD u32
half (u64 x, int h)
{
  return (u32) (h ? x >> 32 : x);
}

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

/* -m^-1 mod 2^64 for odd m (Newton's iteration: each step doubles the correct low
   bits, from the 3 of m itself). */
MPZG_POWM_HD u64
neg_inverse (u64 m0)
{
  u64 x = m0;
  for (int i = 0; i < 5; i++)
    x *= 2 - m0 * x;
  return 0 - x;
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

/* One step of a Montgomery product on 32-bit words, n = 2N of them:
   t = (t + a b_i + q m) / 2^32 with q = t_0 minv mod 2^32, so that the low word
   becomes 0.  a b_i and q m each as a chain of the low halves of the word
   products and one of the high halves: 4n multiply-adds of 32 bits. */
template <int N>
MPZG_POWM_HD void
mont_step (u32 *t, const u64 *a, u32 bi, const u64 *m, u32 minv)
{
  const int n = 2 * N;
  unsigned cf = 0;
  mad_lo_cc (t[0], half (a[0], 0), bi, cf);
MPZG_POWM_UNROLL
  for (int j = 1; j < n; j++)
    madc_lo_cc (t[j], half (a[j / 2], j % 2), bi, cf);
  addc_cc (t[n], cf);
  addc (t[n + 1], cf);
  mad_hi_cc (t[1], half (a[0], 0), bi, cf);
MPZG_POWM_UNROLL
  for (int j = 1; j < n; j++)
    madc_hi_cc (t[j + 1], half (a[j / 2], j % 2), bi, cf);
  addc (t[n + 1], cf);
  u32 q = t[0] * minv;
  mad_lo_cc (t[0], q, half (m[0], 0), cf);
MPZG_POWM_UNROLL
  for (int j = 1; j < n; j++)
    madc_lo_cc (t[j], q, half (m[j / 2], j % 2), cf);
  addc_cc (t[n], cf);
  addc (t[n + 1], cf);
  mad_hi_cc (t[1], q, half (m[0], 0), cf);
MPZG_POWM_UNROLL
  for (int j = 1; j < n; j++)
    madc_hi_cc (t[j + 1], q, half (m[j / 2], j % 2), cf);
  addc (t[n + 1], cf);
MPZG_POWM_UNROLL
  for (int j = 0; j <= n; j++)
    t[j] = t[j + 1];
  t[n + 1] = 0;
}

/* r = a b / R mod m, for a < R and b < m (b's word i at bp[i * lanes]), m odd
   and minv = -m^-1 mod 2^64; r < m.  r may be a.  CIOS on 32-bit words (the
   device's multiplier is 32 bits wide), one step per half word of b; t < a + m <
   2R before each step (2N + 1 words, 2N + 2 during it).  Up to 8 words the loop
   is unrolled whole, so that the moves of t's words between steps disappear;
   above, one step per iteration (two spilled more at 48 and 64 words). */
template <int N>
MPZG_POWM_HD void
montmul (u64 *r, const u64 *a, const u64 *bp, size_t lanes, const u64 *m, u64 minv)
{
  u32 t[2 * N + 2];
MPZG_POWM_UNROLL
  for (int j = 0; j < 2 * N + 2; j++)
    t[j] = 0;
#ifdef __CUDACC__
#pragma unroll (N <= 8 ? 2 * N : 1)
#endif
  for (int i = 0; i < 2 * N; i++)
    {
      u64 bi = bp[(size_t) (i >> 1) * lanes];
      mont_step<N> (t, a, (u32) (bi >> (32 * (i & 1))), m, (u32) minv);
    }
MPZG_POWM_UNROLL
  for (int j = 0; j < N; j++)
    r[j] = (u64) t[2 * j] | (u64) t[2 * j + 1] << 32;
  cond_sub<N> (r, t[2 * N], m);
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

/* Scratch rows per instance of a class whose exponents have at most ew words: the
   table and one row for the squarings' operand. */
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
  u64 *sq = tab;                        /* the squarings' operand */
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
    {
      store_row<N> (sq, x, lanes);
      montmul<N> (x, x, sq, lanes, m, minv);
    }
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
        {
          store_row<N> (sq, x, lanes);
          montmul<N> (x, x, sq, lanes, m, minv);
        }
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
