/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt-core.cuh -- exact multiplication by a number-theoretic transform over the prime
   field of p = 2^64 - 2^32 + 1, one product per team of threads: the operands cut
   into 24-bit digits, both transformed, multiplied pointwise, transformed back, and
   the digit convolution carried into 64-bit words.

   Exactness.  A coefficient of the digit convolution is a sum of at most
   min(Da, Db) <= L products of two digits below 2^24, so it is below
   L (2^24 - 1)^2, which is below p for every transform length L <= 2^16
   (2^16 (2^24 - 1)^2 = 2^64 - 2^41 + 2^16 < p): the coefficient mod p is the
   coefficient.  ntt_length refuses longer transforms.  No floating point.

   The field (ntt-field.cuh) has roots of unity of order 2^k and 3 * 2^k:
   transform lengths L = 2^k or 3 * 2^k (one radix-3 layer, then radix-2 layers),
   so that padding the product to a length costs at most a third.

   The transform.  Forward: Gentleman-Sande (decimation in frequency, natural order
   in, a digit-reversed order out), the radix-3 layer first; inverse: Cooley-Tukey
   (decimation in time) with inverse roots, the radix-3 layer last, so that no
   permutation is ever done: the pointwise product does not care about the order.
   Roots come from one table of w^e, w a primitive root of order 3N, e < 2N
   (N = 2^NTT_LOG_N, the longest power-of-two part of a length).

   Host and device code: the per-thread pieces below are __host__ __device__; the
   driver ntt_mul_team runs them in phases over a team, a thread block on the GPU
   (cuda/mul/ntt.cu) and a loop over the "threads" on the host, where
   tests/mpn/t-mul-ntt-host.cc compares whole products with GMP's mpn_mul. */
#ifndef MPZG_NTT_CORE_CUH
#define MPZG_NTT_CORE_CUH

#include "ntt-field.cuh"

namespace mpzg {
namespace ntt {

/* Digits of 24 bits: 8 digits per 3 words. */
enum { NTT_DIGIT_BITS = 24 };

/* The longest power-of-two part of a length (the root table's N), and the longest
   length the coefficient bound allows. */
enum { NTT_LOG_N = 14, NTT_N = 1 << NTT_LOG_N, NTT_MAX_LEN = 1 << 16 };
/* The root table's entries: w^e for e < 2N. */
enum { NTT_TABLE = 2 * NTT_N };

/* The root table: w^e for e < NTT_TABLE, w of order 3N. */
inline void
fill_roots (u64 *tw)
{
  fill_powers (tw, root_of_order (3 * (u64) NTT_N), NTT_TABLE);
}

/* w^e and w^-e for 0 <= e < 2N; w^(3N/2) = -1 */
MPZG_NTT_HD u64
root (const u64 *tw, unsigned e)
{
  return ld_root (tw, e);
}

MPZG_NTT_HD u64
root_inv (const u64 *tw, unsigned e)
{
  if (e == 0)
    return 1;
  if (e <= 3 * NTT_N / 2)
    return MPZG_NTT_P - ld_root (tw, 3 * NTT_N / 2 - e);
  return ld_root (tw, 3 * NTT_N - e);
}

/* ---- lengths ---- */

/* The transform of an na-word by nb-word product: the smallest length 2^k or
   3 * 2^k (2^k <= N, L >= 64) holding its Da + Db - 1 coefficients; *m receives
   the power-of-two part, *three whether the radix-3 layer runs.  0 when the product
   is longer than the table or the coefficient bound allows.  The candidates in
   order: 64, 96, 128, 192, ..., N, 3N/2, 3N. */
MPZG_NTT_HD constexpr unsigned
digits_of (unsigned words)
{
  return (unsigned) ((64 * (u64) words + NTT_DIGIT_BITS - 1) / NTT_DIGIT_BITS);
}

MPZG_NTT_HD constexpr unsigned
ntt_length (unsigned na, unsigned nb, unsigned *m, int *three)
{
  unsigned need = digits_of (na) + digits_of (nb) - 1;
  for (unsigned k = 64; k <= NTT_N; k *= 2)
    {
      if (k >= need)
        {
          *m = k;
          *three = 0;
          return k;
        }
      if (3 * k / 2 >= need)
        {
          *m = k / 2;
          *three = 1;
          return 3 * k / 2;
        }
    }
  if (3 * NTT_N >= need && 3 * NTT_N <= NTT_MAX_LEN)
    {
      *m = NTT_N;
      *three = 1;
      return 3 * NTT_N;
    }
  return 0;
}

/* Threads of the team for a length L: about 4 butterflies each per radix-2 layer,
   whole warps, at most max_threads. */
MPZG_NTT_HD unsigned
team_threads (unsigned L, unsigned max_threads)
{
  unsigned T = (L / 8 + 31) / 32 * 32;
  if (T < 32)
    T = 32;
  return T < max_threads ? T : max_threads;
}

/* The length alone, for compile-time checks of the ladder's widest class. */
MPZG_NTT_HD constexpr unsigned
ntt_length_of (unsigned na, unsigned nb)
{
  unsigned m = 0;
  int three = 0;
  return ntt_length (na, nb, &m, &three);
}

/* ---- per-thread pieces: thread t of T ---- */

/* Digit i of a (n words): 24 bits from bit 24 i; zero above a. */
MPZG_NTT_HD u64
digit (const u64 *a, unsigned n, unsigned i)
{
  unsigned bit = NTT_DIGIT_BITS * i, q = bit >> 6, s = bit & 63;
  if (q >= n)
    return 0;
  u64 d = a[q] >> s;
  if (s > 64 - NTT_DIGIT_BITS && q + 1 < n)
    d |= a[q + 1] << (64 - s);
  return d & ((1ULL << NTT_DIGIT_BITS) - 1);
}

/* An operand's digits into X, zero up to L. */
MPZG_NTT_HD void
load_digits (u64 *X, const u64 *a, unsigned na, unsigned L, unsigned t, unsigned T)
{
  for (unsigned i = t; i < L; i += T)
    X[i] = digit (a, na, i);
}

MPZG_NTT_HD void
copy (u64 *Y, const u64 *X, unsigned L, unsigned t, unsigned T)
{
  for (unsigned i = t; i < L; i += T)
    Y[i] = X[i];
}

/* The radix-3 layer of a length L = 3m forward (decimation in frequency): for
   j < m, (x0, x1, x2) at j, j + m, j + 2m to (y0, y1 w_L^j, y2 w_L^2j), with
   y1 = x0 - x2 + u, y2 = x0 - x1 - u, u = w3 (x1 - x2), since w3^2 = -1 - w3.
   w_L = w^(N/m), w3 = w^N. */
MPZG_NTT_HD void
radix3_fwd (u64 *X, unsigned m, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned st = NTT_N / m;
  const u64 w3 = root (tw, NTT_N);
  for (unsigned j = t; j < m; j += T)
    {
      u64 x0 = X[j], x1 = X[j + m], x2 = X[j + 2 * m];
      u64 u = mul (w3, sub (x1, x2));
      X[j] = add (x0, add (x1, x2));
      X[j + m] = mul (add (sub (x0, x2), u), root (tw, j * st));
      X[j + 2 * m] = mul (sub (sub (x0, x1), u), root (tw, 2 * j * st));
    }
}

/* Its inverse (without the factor 1/3): the twiddles undone, then the same
   butterfly with w3^-1 = w^(2N). */
MPZG_NTT_HD void
radix3_inv (u64 *X, unsigned m, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned st = NTT_N / m;
  const u64 w3i = root_inv (tw, NTT_N);
  for (unsigned j = t; j < m; j += T)
    {
      u64 x0 = X[j], x1 = mul (X[j + m], root_inv (tw, j * st));
      u64 x2 = mul (X[j + 2 * m], root_inv (tw, 2 * j * st));
      u64 u = mul (w3i, sub (x1, x2));
      X[j] = add (x0, add (x1, x2));
      X[j + m] = add (sub (x0, x2), u);
      X[j + 2 * m] = sub (sub (x0, x1), u);
    }
}

/* One radix-2 layer over all L points: pairs (i, i + h) in blocks of 2h (h = 2^lh),
   twiddle w_2h^j = w^(j 3N / 2h) for the j-th pair of a block.  Forward:
   (x + y, (x - y) w_2h^j); inverse: (x + y w_2h^-j, x - y w_2h^-j). */
MPZG_NTT_HD void
radix2_fwd (u64 *X, unsigned L, unsigned lh, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned h = 1u << lh, st = 3 * NTT_N >> (lh + 1);
  for (unsigned b = t; b < L / 2; b += T)
    {
      unsigned j = b & (h - 1), i = ((b >> lh) << (lh + 1)) + j;
      u64 x = X[i], y = X[i + h];
      X[i] = add (x, y);
      X[i + h] = j ? mul (sub (x, y), root (tw, j * st)) : sub (x, y);
    }
}

MPZG_NTT_HD void
radix2_inv (u64 *X, unsigned L, unsigned lh, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned h = 1u << lh, st = 3 * NTT_N >> (lh + 1);
  for (unsigned b = t; b < L / 2; b += T)
    {
      unsigned j = b & (h - 1), i = ((b >> lh) << (lh + 1)) + j;
      u64 x = X[i], y = X[i + h];
      if (j)
        y = mul (y, root_inv (tw, j * st));
      X[i] = add (x, y);
      X[i + h] = sub (x, y);
    }
}

/* X = X Y / L pointwise. */
MPZG_NTT_HD void
pointwise (u64 *X, const u64 *Y, unsigned L, u64 inv_len, unsigned t, unsigned T)
{
  for (unsigned i = t; i < L; i += T)
    X[i] = mul (mul (X[i], Y[i]), inv_len);
}

/* ---- carrying the coefficients into words ----
   Coefficient k (c_k < 2^64) weighs 2^(24 k) = 2^s 2^(64 q), q = 3k / 8 (integer
   part), s = 24 k mod 64: its low word c_k << s goes to word q, its high word
   c_k >> (64 - s) to word q + 1.  Word m collects at most three low words and three
   high words: a sum S_m below 2^67, S_m = lo_m + 2^64 hi_m.  The product is then
   sum_m (lo_m + hi_(m-1)) 2^(64 m): one carry chain, whose items are runs of
   words, one per thread, carried across the team by a scan. */

/* The first coefficient whose low word goes to word m: ceil(8m / 3). */
MPZG_NTT_HD unsigned
first_coef (unsigned m)
{
  return (8 * m + 2) / 3;
}

/* S_m from the coefficients X[0..L). */
MPZG_NTT_HD void
word_sum (const u64 *X, unsigned L, unsigned m, u64 *lo, u64 *hi)
{
  u64 l = 0, h = 0;
  unsigned k0 = m ? first_coef (m - 1) : 0, k1 = first_coef (m + 1);
  if (k1 > L)
    k1 = L;
  for (unsigned k = k0; k < k1; k++)
    {
      u64 c = X[k], v;
      unsigned s = (NTT_DIGIT_BITS * k) & 63;
      if ((3 * k) >> 3 == m)
        v = c << s;
      else if (s == 0)
        continue;
      else
        v = c >> (64 - s);
      l += v;
      h += l < v;
    }
  *lo = l;
  *hi = h;
}

/* Thread t's run of the n product words, [t R, t R + R) clipped to n with
   R = ceil (n / T): written to r without the carry into the run.  Returns the run's
   carry-chain item: bit 0 generate (a carry out of the run), bit 1 propagate (every
   word all ones; an empty run propagates).  Both cannot hold: a run's sum is below
   2^(64 R + 1) - 1. */
MPZG_NTT_HD unsigned
carry_run (const u64 *X, unsigned L, u64 *r, unsigned n, unsigned t, unsigned T)
{
  unsigned R = (n + T - 1) / T, m0 = t * R, m1 = m0 + R < n ? m0 + R : n;
  u64 lo, hi, prev = 0, c = 0, all = ~0ULL;
  if (m0 >= n)
    return 2;
  if (m0)
    word_sum (X, L, m0 - 1, &lo, &prev);
  for (unsigned m = m0; m < m1; m++)
    {
      word_sum (X, L, m, &lo, &hi);
      u64 add_in = prev + c, w = lo + add_in;
      c = w < lo;
      r[m] = w;
      all &= w;
      prev = hi;
    }
  return (unsigned) c | (all == ~0ULL ? 2u : 0u);
}

/* The carry into thread t's run, when cin. */
MPZG_NTT_HD void
carry_apply (u64 *r, unsigned n, unsigned cin, unsigned t, unsigned T)
{
  unsigned R = (n + T - 1) / T, m0 = t * R, m1 = m0 + R < n ? m0 + R : n;
  if (!cin)
    return;
  for (unsigned m = m0; m < m1; m++)
    if (++r[m] != 0)
      break;
}

/* ---- the whole product, over a team ----
   Team: threads () (T), each (f) runs f (t) for every thread t then waits for all,
   scan (items) replaces each thread's carry-chain item (carry_run's) by the carry
   into its run.  X and Y hold L words each; r receives na + nb words.
   Both transforms run layer by layer together, or, with stash (X in shared memory,
   Y in device memory), one after the other in X, the first stashed in Y: then Y is
   written and read once instead of once per layer. */
template <class Team>
MPZG_NTT_TEAM void
forward (Team &tm, u64 *X, u64 *Y, unsigned L, unsigned m, unsigned lm, int three,
         const u64 *tw)
{
  const unsigned T = tm.threads ();
  if (three)
    tm.each ([&] (unsigned t) {
      radix3_fwd (X, m, tw, t, T);
      if (Y)
        radix3_fwd (Y, m, tw, t, T);
    });
  for (unsigned lh = lm; lh-- > 0;)
    tm.each ([&] (unsigned t) {
      radix2_fwd (X, L, lh, tw, t, T);
      if (Y)
        radix2_fwd (Y, L, lh, tw, t, T);
    });
}

template <class Team>
MPZG_NTT_TEAM void
ntt_mul_team (Team &tm, const u64 *a, unsigned na, const u64 *b, unsigned nb, u64 *r,
              u64 *X, u64 *Y, int stash, unsigned L, unsigned m, int three, u64 inv_len,
              const u64 *tw, unsigned char *items)
{
  const unsigned T = tm.threads (), n = na + nb;
  unsigned lm = 0;
  while ((1u << lm) < m)
    lm++;
  if (stash)
    {
      tm.each ([&] (unsigned t) { load_digits (X, a, na, L, t, T); });
      forward (tm, X, (u64 *) 0, L, m, lm, three, tw);
      tm.each ([&] (unsigned t) {
        copy (Y, X, L, t, T);
        load_digits (X, b, nb, L, t, T);        /* the same indices: no race */
      });
      forward (tm, X, (u64 *) 0, L, m, lm, three, tw);
    }
  else
    {
      tm.each ([&] (unsigned t) {
        load_digits (X, a, na, L, t, T);
        load_digits (Y, b, nb, L, t, T);
      });
      forward (tm, X, Y, L, m, lm, three, tw);
    }
  tm.each ([&] (unsigned t) { pointwise (X, Y, L, inv_len, t, T); });
  for (unsigned lh = 0; lh < lm; lh++)
    tm.each ([&] (unsigned t) { radix2_inv (X, L, lh, tw, t, T); });
  if (three)
    tm.each ([&] (unsigned t) { radix3_inv (X, m, tw, t, T); });
  tm.each ([&] (unsigned t) { items[t] = (unsigned char) carry_run (X, L, r, n, t, T); });
  tm.scan (items);
  tm.each ([&] (unsigned t) { carry_apply (r, n, items[t], t, T); });
}

} /* namespace ntt */
} /* namespace mpzg */

#endif
