/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-even.cuh -- modular exponentiation for even moduli, as mpz_powm does it:
   m = 2^k m' with m' odd, r1 = b^e mod m' by the Montgomery kernels
   (powm-core.cuh, powm-coop.cuh: they take the odd part m' of the modulus they
   are given, odd_word there), r2 = b^e mod 2^k here, and the two joined by the
   Chinese remainder theorem: r = r1 + m' ((r2 - r1) m'^-1 mod 2^k), below
   m' 2^k = m.

   Host and device code: powm.cu runs powm_even for every instance of the
   one-thread classes after their Montgomery kernel (one thread per instance;
   an odd modulus returns at once; the cooperative classes run the same steps
   by a team, powm-even-coop.cuh), and tests/mpn/t-powm-even-host.cc compiles
   the same functions with the host's C++ compiler and compares them with
   mpz_powm.

   Arithmetic mod 2^k on n = ceil (k / 64) words, the top word masked: only
   low halves of products.
   - b^e mod 2^k: for an odd b the group of units mod 2^k has exponent
     2^(k-2) for k >= 3 (2 for k = 2, 1 for k = 1), so only the low k - 2 bits
     of e count (e mod 2^(k-2)); for an even b = 2^v b', b^e = 0 mod 2^k once
     e v >= k, so a nonzero result needs e < k / v, at most 14 bits.
     A fixed window of w bits over those bits, w from their number
     (powm_window_bits) and the rows there are: a squaring (half the word
     products of a general product) for every bit and a product for every
     digit, 0 included, so that the steps depend on k and on how many bits
     count, not on their values (as the teams' powm_even_coop).
   - m'^-1 mod 2^k by Newton's (Hensel's) iteration x = x (2 - m' x), from the
     word inverse, the precision doubling each step: two products a step.
   - the join: one product mod 2^k and r1 + m' y, n rows of m's words.
   The numbers live in a work area of rows of N words (the class width) in the
   chunk's scratch, interleaved as the operands (word i of row r at
   w[(r N + i) lanes]): the Montgomery kernel is done with its table by then.
   EVEN_ROWS rows: the base mod 2^k, the power and a spare one, m', the inverse
   and two temporaries; the window's table of 2^w rows (b^0 .. b^(2^w - 1)) from
   the row of m' up while the power is computed, w at most what the scratch
   holds.  The time grows with the power of two's words, as about
   k n^2 (1/4 + 1/(2w)) word products for a long exponent, two loads each from
   the rows, and not with m': fine for the one-thread classes, narrower than
   MPZG_POWM_COOP_MIN_LIMBS words; in the launches of MPZG_POWM_ONE_MIN_LANES
   instances and more that run one thread per instance below
   MPZG_POWM_ONE_MAX_LIMBS, a modulus 3 2^1022 takes 2.9 times an odd one's
   time (bench/results/2026-11-24-h100-powm-squaring). */
#ifndef MPZG_POWM_EVEN_CUH
#define MPZG_POWM_EVEN_CUH

#include "powm-core.cuh"
#include "powm-coop.cuh"

namespace mpzg {
namespace pw {

/* Rows of N words powm_even works in. */
#define MPZG_POWM_EVEN_ROWS 7

/* Scratch rows of N words per instance of the class of widths N, EW: the
   Montgomery kernel's table (and, one thread per instance, the squarings' row:
   where both kernels are built, the one-thread kernel's rows, one more than the
   team's), or powm_even's work area where that is larger (never, with windows
   of 3 bits and more).  Both kernels of a class index the same `lanes` (the
   chunk's), so the chunk's scratch holds either's rows. */
MPZG_POWM_HD size_t
powm_scratch_rows (int N, int EW)
{
  size_t r = powm_has_one ((unsigned) N) ? powm_rows (EW) : powm_coop_rows (EW);
  return r > MPZG_POWM_EVEN_ROWS ? r : MPZG_POWM_EVEN_ROWS;
}

/* t = a b mod 2^(64 n), the top word and-ed with hm; rows of stride lanes, t
   neither a nor b.  Column by column (product scanning), the column's sum in a
   three-word accumulator: two loads per word product and one store per word. */
MPZG_POWM_HD void
mullo (u64 *t, const u64 *a, const u64 *b, int n, u64 hm, size_t lanes)
{
  u64 c0 = 0, c1 = 0, c2 = 0;
MPZG_POWM_LOOP
  for (int c = 0; c < n; c++)
    {
MPZG_POWM_LOOP
      for (int i = 0; i <= c; i++)
        {
          u64 x = a[(size_t) i * lanes], y = b[(size_t) (c - i) * lanes];
          u64 lo = x * y, hi = umulhi (x, y);
          c0 += lo;
          hi += c0 < lo;                /* at most 2^64 - 1: hi <= 2^64 - 2 */
          c1 += hi;
          c2 += c1 < hi;
        }
      t[(size_t) c * lanes] = c == n - 1 ? c0 & hm : c0;
      c0 = c1;
      c1 = c2;
      c2 = 0;
    }
}

/* t = a^2 mod 2^(64 n), top word and-ed with hm, t not a: each column's products
   a_i a_j with i < j once, doubled, and the square a_(c/2)^2; about half of
   mullo's word products. */
MPZG_POWM_HD void
sqrlo (u64 *t, const u64 *a, int n, u64 hm, size_t lanes)
{
  u64 c0 = 0, c1 = 0;                   /* what the columns below carry up */
MPZG_POWM_LOOP
  for (int c = 0; c < n; c++)
    {
      u64 d0 = 0, d1 = 0, d2 = 0;
MPZG_POWM_LOOP
      for (int i = 0; 2 * i < c; i++)
        {
          u64 x = a[(size_t) i * lanes], y = a[(size_t) (c - i) * lanes];
          u64 lo = x * y, hi = umulhi (x, y);
          d0 += lo;
          hi += d0 < lo;
          d1 += hi;
          d2 += d1 < hi;
        }
      /* doubled: d2 < 2^7 (at most 128 terms below 2^128), so no bit is lost */
      d2 = d2 << 1 | d1 >> 63;
      d1 = d1 << 1 | d0 >> 63;
      d0 <<= 1;
      if (c % 2 == 0)
        {
          u64 x = a[(size_t) (c / 2) * lanes];
          u64 lo = x * x, hi = umulhi (x, x);
          d0 += lo;
          hi += d0 < lo;
          d1 += hi;
          d2 += d1 < hi;
        }
      d0 += c0;
      u64 cy = d0 < c0;
      d1 += cy;
      d2 += d1 < cy;
      d1 += c1;
      d2 += d1 < c1;
      t[(size_t) c * lanes] = c == n - 1 ? d0 & hm : d0;
      c0 = d1;
      c1 = d2;
    }
}

/* Row x = 2 - x mod 2^(64 n): ~x + 3. */
MPZG_POWM_HD void
two_minus (u64 *x, int n, size_t lanes)
{
  u64 cy = 3;
MPZG_POWM_LOOP
  for (int i = 0; i < n; i++)
    {
      u64 s = ~x[(size_t) i * lanes] + cy;
      cy = s < cy;
      x[(size_t) i * lanes] = s;
    }
}

/* The even modulus's part of one instance: for m = 2^k m' with k >= 1, rp
   holding r1 = b^e mod m' (what the Montgomery kernel left there), rp = b^e mod
   m.  b below 2^(64 N), e of at most EW words (zero above its size), m of N
   words, all interleaved with stride lanes; w is the work area,
   MPZG_POWM_EVEN_ROWS rows of N words (row r, word i at w[(r N + i) lanes]).  An
   odd or zero m returns at once. */
MPZG_POWM_HD void
powm_even (const u64 *bp, const u64 *ep, int EW, const u64 *mp, u64 *rp, u64 *w, int N,
           size_t lanes)
{
  const int k = low_zero_bits (mp, N, lanes);
  if (k == 0)
    return;
  const int n = (k + 63) / 64;
  const u64 hm = k % 64 ? ((u64) 1 << (k % 64)) - 1 : ~(u64) 0;
  const size_t row = (size_t) N * lanes;
  u64 *B = w, *x = w + row, *t = w + 2 * row, *M = w + 3 * row, *inv = w + 4 * row;
  u64 *t1 = w + 5 * row, *t2 = w + 6 * row;

  /* b mod 2^k, and its trailing zeros v (-1: b = 0 mod 2^k) */
  int v = -1;
MPZG_POWM_LOOP
  for (int i = 0; i < n; i++)
    {
      u64 bi = bp[(size_t) i * lanes];
      if (i == n - 1)
        bi &= hm;
      B[(size_t) i * lanes] = bi;
      if (v < 0 && bi != 0)
        v = 64 * i + (int) ctz64 (bi);
    }
  int ne = 0;
MPZG_POWM_LOOP
  for (int i = EW - 1; i >= 0 && ne == 0; i--)
    if (ep[(size_t) i * lanes] != 0)
      ne = i + 1;

  /* r2 = b^e mod 2^k into x: the low nbits bits of e (see the head) */
  long nbits = 0;
  bool zero = false;
  if (v == 0)
    {
      const long g = k >= 3 ? k - 2 : k - 1;
      nbits = 64L * ne < g ? 64L * ne : g;
    }
  else if (ne > 0)
    {
      if (v < 0 || ne > 1 || ep[0] >= (u64) ((k + v - 1) / v))
        zero = true;
      else
        nbits = 64 - (long) clz64 (ep[0]);
    }
  if (nbits == 0)                       /* 1, or 0 where the power is 0 */
    {
MPZG_POWM_LOOP
      for (int i = 0; i < n; i++)
        x[(size_t) i * lanes] = i == 0 && !zero;
    }
  else
    {
      /* the table at rows 3 .. 3 + 2^w (M's row up: free until the power is
         done), row d of it b^d */
      const size_t rows = powm_scratch_rows (N, EW);
      int wb = powm_window_bits (nbits);
      while (3 + ((size_t) 1 << wb) > rows)
        wb--;                           /* rows >= 7: wb >= 2 */
      u64 *tab = w + 3 * row;
MPZG_POWM_LOOP
      for (int i = 0; i < n; i++)
        {
          tab[(size_t) i * lanes] = i == 0;
          tab[row + (size_t) i * lanes] = B[(size_t) i * lanes];
        }
MPZG_POWM_LOOP
      for (int d = 2; d < 1 << wb; d++)
        mullo (tab + d * row, tab + (d - 1) * row, B, n, hm, lanes);
      /* the digits of the low nbits bits, from the top: x starts as the top
         digit's row */
      const long nd = (nbits + wb - 1) / wb;
      const unsigned top = digit (ep, ne, wb, nd - 1, lanes)
        & ((1u << (nbits - (nd - 1) * wb)) - 1);
MPZG_POWM_LOOP
      for (int i = 0; i < n; i++)
        x[(size_t) i * lanes] = tab[top * row + (size_t) i * lanes];
MPZG_POWM_LOOP
      for (long j = nd - 2; j >= 0; j--)
        {
MPZG_POWM_LOOP
          for (int q = 0; q < wb; q++)
            {
              sqrlo (t, x, n, hm, lanes);
              u64 *s = x;
              x = t;
              t = s;
            }
          mullo (t, x, tab + digit (ep, ne, wb, j, lanes) * row, n, hm, lanes);
          u64 *s = x;
          x = t;
          t = s;
        }
    }

  /* m' (all its words: the join needs them) and m'^-1 mod 2^(64 n) */
  const int mn = N - (k >> 6);          /* words m' may have */
MPZG_POWM_LOOP
  for (int i = 0; i < (mn > n ? mn : n); i++)   /* zeros up to n for the inverse */
    M[(size_t) i * lanes] = odd_word (mp, N, k, i, lanes);
  inv[0] = 0 - neg_inverse (M[0]);
MPZG_POWM_LOOP
  for (int p = 1; p < n; p *= 2)
    {
      const int q = 2 * p < n ? 2 * p : n;
MPZG_POWM_LOOP
      for (int i = p; i < q; i++)
        inv[(size_t) i * lanes] = 0;
      mullo (t1, M, inv, q, ~(u64) 0, lanes);   /* 1 mod 2^(64 p) */
      two_minus (t1, q, lanes);
      mullo (t2, inv, t1, q, ~(u64) 0, lanes);
      u64 *s = inv;
      inv = t2;
      t2 = s;
    }

  /* y = (r2 - r1) m'^-1 mod 2^k, then rp = r1 + m' y (below m: no carry out) */
  u64 br = 0;
MPZG_POWM_LOOP
  for (int i = 0; i < n; i++)
    {
      u64 a = x[(size_t) i * lanes], b = rp[(size_t) i * lanes], s = a - b;
      u64 b1 = a < b;
      t1[(size_t) i * lanes] = s - br;
      br = b1 | (s < br);
    }
  mullo (t2, t1, inv, n, hm, lanes);
MPZG_POWM_LOOP
  for (int i = 0; i < n; i++)
    {
      const u64 yi = t2[(size_t) i * lanes];
      if (yi == 0)
        continue;
      u64 cy = 0;
      int j = 0;
MPZG_POWM_LOOP
      for (; j < mn && i + j < N; j++)
        {
          u64 mj = M[(size_t) j * lanes], lo = mj * yi, hi = umulhi (mj, yi);
          lo += cy;
          hi += lo < cy;
          u64 r = rp[(size_t) (i + j) * lanes];
          lo += r;
          hi += lo < r;
          rp[(size_t) (i + j) * lanes] = lo;
          cy = hi;
        }
MPZG_POWM_LOOP
      for (; cy != 0 && i + j < N; j++)
        {
          u64 r = rp[(size_t) (i + j) * lanes] + cy;
          cy = r < cy;
          rp[(size_t) (i + j) * lanes] = r;
        }
    }
}

} /* namespace pw */
} /* namespace mpzg */

#endif
