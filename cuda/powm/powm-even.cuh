/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-even.cuh -- modular exponentiation for even moduli, as mpz_powm does it:
   m = 2^k m' with m' odd, r1 = b^e mod m' by the Montgomery kernels
   (powm-core.cuh, powm-coop.cuh: they take the odd part m' of the modulus they
   are given, odd_word there), r2 = b^e mod 2^k here, and the two joined by the
   Chinese remainder theorem: r = r1 + m' ((r2 - r1) m'^-1 mod 2^k), below
   m' 2^k = m.

   Host and device code: powm.cu runs powm_even_one, one thread per instance,
   after the Montgomery kernel of every class up to MPZG_POWM_UNROLL_MAX words,
   the one-thread kernel's or the teams' (powm_even_by_one; an odd modulus
   returns at once); the wider cooperative classes run the same steps by a
   team (powm-even-coop.cuh).  tests/mpn/t-powm-even-host.cc compiles the same
   functions with the host's C++ compiler and compares them with mpz_powm.

   Arithmetic mod 2^k on n = ceil (k / 64) words, the top word masked: only
   low halves of products.  Up to MPZG_POWM_UNROLL_MAX words the power is
   taken in registers (pow_lo_regs: mod 2^(64 N) at the class width, whatever
   k, then masked to k bits), by products on the Montgomery core's 32-bit
   accumulators (mul_lo_eo, sqr_lo_eo); above, and for the inverse and the
   join everywhere, on rows in memory (mullo, sqrlo).
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
   holds.  The time grows with k, as about k N^2 (1/4 + 1/(2w)) word products
   for a long exponent in registers (k n^2 (...) on rows, two loads each), and
   not with m'.  The worst case, m' of one word and 2^k of the full width,
   costs the Montgomery part at the class width and the power: 3 2^1022 takes
   1.29 times an odd modulus's time at 1024 bits, 3 2^510 1.46 times at 512
   (bench/results/2026-11-24-h100-powm-even-registers). */
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

/* The products mod 2^(64 N) with the numbers in registers, on the even and odd
   32-bit accumulators of the Montgomery core (powm-core.cuh's addmul_eo and
   sqr_eo, whose layout they share: E's word j at bit 32 j, O's at 32 (j + 1)),
   each chain cut where it reaches bit 64 N: every chain's last pair is the one
   at word 2N - 2, so its carry out, and O's word 2N - 1, fall at bit 64 N and
   above and are dropped with the high half.  sqr_lo_eo takes the cross
   products below bit 64 N once and doubles them, about N^2 + N products of
   32-bit halves; mul_lo_eo 2 N^2 + N.  Used where N is a constant: every
   index a register's. */

/* r = a b mod 2^(64 N), a in registers, b's word i at bp[i * lanes]; r may be
   a.  Word i of b adds a b_i at bit 64 i in four chains (addmul_eo's, cut at
   bit 64 N): N - i pairs, or N - i - 1 for the high halves' chain into E. */
template <int N>
MPZG_POWM_HD void
mul_lo_eo (u64 *r, const u64 *a, const u64 *bp, size_t lanes)
{
  u32 E[2 * N], O[2 * N];
MPZG_POWM_UNROLL
  for (int j = 0; j < 2 * N; j++)
    E[j] = O[j] = 0;
MPZG_POWM_UNROLL
  for (int i = 0; i < N; i++)
    {
      const u64 bi = bp[(size_t) i * lanes];
      const u32 c0 = half (bi, 0), c1 = half (bi, 1);
      unsigned cf = 0;
      mad_pairs_n (E + 2 * i, a, 0, c0, N - i, cf);
      if (i < N - 1)
        mad_pairs_n (E + 2 * i + 2, a, 1, c1, N - i - 1, cf);
      mad_pairs_n (O + 2 * i, a, 1, c0, N - i, cf);
      mad_pairs_n (O + 2 * i, a, 0, c1, N - i, cf);
    }
  eo_sum<N, false> (r, E, O, 0, nullptr, nullptr);
}

/* r = a^2 mod 2^(64 N), a in registers; r may be a.  sqr_eo's triangle (row
   i: chains C, D, A, B at O 4i, O 4i + 2, E 4i + 2, E 4i + 4) cut at bit 64 N,
   doubled, and the squares of the halves below bit 64 N. */
template <int N>
MPZG_POWM_HD void
sqr_lo_eo (u64 *r, const u64 *a)
{
  u32 E[2 * N], O[2 * N];
MPZG_POWM_UNROLL
  for (int j = 0; j < 2 * N; j++)
    E[j] = O[j] = 0;
MPZG_POWM_UNROLL
  for (int i = 0; 2 * i < N; i++)
    {
      const u32 c0 = half (a[i], 0), c1 = half (a[i], 1);
      unsigned cf = 0;
      mad_pairs_n (O + 4 * i, a + i, 1, c0, N - 2 * i, cf);             /* C */
      if (N - 2 * i - 1 > 0)
        {
          mad_pairs_n (O + 4 * i + 2, a + i + 1, 0, c1, N - 2 * i - 1, cf);     /* D */
          mad_pairs_n (E + 4 * i + 2, a + i + 1, 0, c0, N - 2 * i - 1, cf);     /* A */
        }
      if (N - 2 * i - 2 > 0)
        mad_pairs_n (E + 4 * i + 4, a + i + 1, 1, c1, N - 2 * i - 2, cf);       /* B */
    }
MPZG_POWM_UNROLL
  for (int j = 2 * N - 1; j > 0; j--)
    {
      E[j] = E[j] << 1 | E[j - 1] >> 31;
      O[j] = O[j] << 1 | O[j - 1] >> 31;
    }
  E[0] <<= 1;
  O[0] <<= 1;
  /* the squares of the N halves whose square starts below bit 64 N */
  add_half_squares<N> (E, a);
  eo_sum<N, false> (r, E, O, 0, nullptr, nullptr);
}

/* Row x = b^e mod 2^(64 N) for the one-thread classes' N, with the numbers in
   registers (the window's table in rows): the low nbits bits of e (ne words)
   by a window of wb bits, the table at tab (rows 0 .. 2^wb - 1, row stride
   `row`).  powm_even then keeps x's low k bits. */
template <int N>
MPZG_POWM_HD void
pow_lo_regs (u64 *x, const u64 *bp, const u64 *ep, int ne, long nbits, int wb, u64 *tab,
             size_t row, size_t lanes)
{
  u64 a[N];
  load_row<N> (a, bp, lanes);
MPZG_POWM_UNROLL
  for (int i = 0; i < N; i++)
    tab[(size_t) i * lanes] = i == 0;
  store_row<N> (tab + row, a, lanes);
MPZG_POWM_LOOP
  for (int d = 2; d < 1 << wb; d++)
    {
      mul_lo_eo<N> (a, a, tab + row, lanes);
      store_row<N> (tab + d * row, a, lanes);
    }
  const long nd = (nbits + wb - 1) / wb;
  load_row<N> (a, tab + top_digit (ep, ne, wb, nbits, lanes) * row, lanes);
MPZG_POWM_LOOP
  for (long j = nd - 2; j >= 0; j--)
    {
MPZG_POWM_LOOP
      for (int q = 0; q < wb; q++)
        sqr_lo_eo<N> (a, a);
      mul_lo_eo<N> (a, a, tab + digit (ep, ne, wb, j, lanes) * row, lanes);
    }
  store_row<N> (x, a, lanes);
}

/* The even modulus's part of one instance: for m = 2^k m' with k >= 1, rp
   holding r1 = b^e mod m' (what the Montgomery kernel left there), rp = b^e mod
   m.  b below 2^(64 N), e of at most EW words (zero above its size), m of N
   words, all interleaved with stride lanes; w is the work area,
   MPZG_POWM_EVEN_ROWS rows of N words (row r, word i at w[(r N + i) lanes]).  An
   odd or zero m returns at once.  R = N: the power in registers (pow_lo_regs);
   R = 0: on rows of n words, for any N (powm_even_one chooses). */
template <int R>
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
      if constexpr (R == 0)
        B[(size_t) i * lanes] = bi;     /* the registers' version loads b itself */
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
      if constexpr (R > 0)
        {
          pow_lo_regs<R> (x, bp, ep, ne, nbits, wb, tab, row, lanes);
          x[(size_t) (n - 1) * lanes] &= hm;
        }
      else
        {
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
          const unsigned top = top_digit (ep, ne, wb, nbits, lanes);
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

/* Whether the even moduli's part of the class of width N runs one thread per
   instance, its power in registers (powm_even_one), after the teams'
   Montgomery kernel too: at the widths that have both kernels, up to
   MPZG_POWM_UNROLL_MAX words.  A launch that the teams take is too small to
   fill the device with one thread per instance, but the power's products mod
   2^k are a thread's own, and one thread's registers do them in fewer
   instructions than a team exchanging words. */
MPZG_POWM_HD constexpr bool
powm_even_by_one (unsigned N)
{
  return powm_has_one (N) && N <= MPZG_POWM_UNROLL_MAX;
}

/* powm_even for a one-thread class of width N: the power in registers up to
   MPZG_POWM_UNROLL_MAX words, where the products are unrolled whole (every
   width the device runs on one thread by default), on rows above. */
template <int N>
MPZG_POWM_HD void
powm_even_one (const u64 *bp, const u64 *ep, int EW, const u64 *mp, u64 *rp, u64 *w,
               size_t lanes)
{
  powm_even<(N <= MPZG_POWM_UNROLL_MAX ? N : 0)> (bp, ep, EW, mp, rp, w, N, lanes);
}

} /* namespace pw */
} /* namespace mpzg */

#endif
