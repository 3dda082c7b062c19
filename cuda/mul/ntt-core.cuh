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
   transform lengths L = 2^k or 3 * 2^k, so that padding the product to a length
   costs at most a third.  Roots come from one table of w^e, w a primitive root of
   order 3N, e < 3N (N = 2^NTT_LOG_N, the longest power-of-two part of a length),
   chosen with w^(3N / 192) = 2: 2 has order 192, so the roots of every order
   dividing 192 (2, 3, 4, 6, 8, 12, 16, ..., 64, 96, 192) are powers of two, and a
   product by one of them is a shift and a reduction (mul_2exp), not a product.

   The transform, by MPZG_MUL_NTT_RADIX (tuning.h).  In both, the forward transform
   is decimation in frequency (natural order in, a digit-reversed order out) and
   the inverse undoes it step by step with inverse roots, so that no permutation is
   ever done: the pointwise product does not care about the order.

   Radix 2: a radix-3 layer (when L = 3m), then radix-2 layers (Gentleman-Sande),
   each one pass over the team's memory with a barrier and a product per butterfly;
   the inverse runs Cooley-Tukey layers, the radix-3 layer last.

   Radix 16 (mixed radix, David H. Bailey's four-step decomposition applied
   recursively, as in ntt-grid-core.cuh).  A segment of M = R s points is an R by s
   array, point n1 s + n2 at row n1, column n2; its transform is the length-R
   transforms of the s columns, each output (k1, n2) times w_M^(n2 k1), then the
   length-s transforms of the rows, which are segments of s contiguous points.  A
   pass does the first two steps for every segment of its level: each thread loads
   a column of R <= 16 points into registers, transforms it there (ntt-radix.cuh:
   a radix-3 layer when 3 divides R, then radix-2 layers: roots of order dividing
   16 or 12, all products shifts), multiplies by the twiddles w_M^(n2 k1) (shifts when M divides
   192, else products by table roots) and writes it back where it was read.  So a
   transform is 2 to 4 passes over the team's memory instead of 6 to 15 layers, and
   full products are about one per point per pass boundary instead of one per
   butterfly.  The plan (ntt_make_plan) picks the radices: fewest passes, then
   fewest full products, the last pass of radix 16.  Fused: the digits are loaded
   by the first forward pass; the last forward pass of both operands (which has no
   twiddles), the pointwise product with the factor 1 / L and the first inverse
   pass run as one pass.  The memory holding a transform is swizzled (ntt_slot) so
   that the 64-bit accesses of the last pass, 16 contiguous words per thread, hit
   distinct banks.

   Host and device code: the per-thread pieces below are __host__ __device__; the
   driver ntt_mul_team runs them in phases over a team, a thread block on the GPU
   (cuda/mul/ntt.cu) and a loop over the "threads" on the host, where
   tests/mpn/t-mul-ntt-host.cc compares whole products with GMP's mpn_mul. */
#ifndef MPZG_NTT_CORE_CUH
#define MPZG_NTT_CORE_CUH

#include "../tuning.h"
#include "ntt-field.cuh"
#include "ntt-radix.cuh"

#if MPZG_MUL_NTT_RADIX != 2 && MPZG_MUL_NTT_RADIX != 16
#error "MPZG_MUL_NTT_RADIX: 2 or 16"
#endif

namespace mpzg {
namespace ntt {

/* Digits of 24 bits: 8 digits per 3 words. */
enum { NTT_DIGIT_BITS = 24 };

/* The longest power-of-two part of a length (the root table's N), and the longest
   length the coefficient bound allows. */
enum { NTT_LOG_N = 14, NTT_N = 1 << NTT_LOG_N, NTT_MAX_LEN = 1 << 16 };
/* The root table's entries: w^e for e < 3N, every power of w (384 KB). */
enum { NTT_TABLE = 3 * NTT_N };

/* The table's root: of order 3N, with w^(3N / 192) = 2.  The roots of order 192 are
   g^(256 k) for g of order 3N; 2 is one of them (it has order 192), 2 = g^(256 k)
   with k prime to 192, hence to 3N, so w = g^k has order 3N. */
inline u64
table_root (void)
{
  const u64 g = root_of_order (3 * (u64) NTT_N), h = power (g, 3 * (u64) NTT_N / 192);
  u64 x = h, k = 1;
  for (; x != 2; k++)
    x = mul (x, h);
  return power (g, k);
}

/* The root table: w^e for e < NTT_TABLE. */
inline void
fill_roots (u64 *tw)
{
  fill_powers (tw, table_root (), NTT_TABLE);
}

/* w^e and w^-e = w^(3N - e) for 0 <= e < 3N */
MPZG_NTT_HD u64
root (const u64 *tw, unsigned e)
{
  return ld_root (tw, e);
}

MPZG_NTT_HD u64
root_inv (const u64 *tw, unsigned e)
{
  return e ? ld_root (tw, 3 * NTT_N - e) : 1;
}

/* ---- lengths ---- */

/* The transform of an na-word by nb-word product: the smallest length 2^k or
   3 * 2^k (2^k <= N, L >= 64) holding its Da + Db - 1 coefficients; *m receives
   the power-of-two part, *three whether L = 3m.  0 when the product is longer than
   the table or the coefficient bound allows.  The candidates in order: 64, 96,
   128, 192, ..., N, 3N/2, 3N. */
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

/* The length alone, for compile-time checks of the ladder's widest class. */
MPZG_NTT_HD constexpr unsigned
ntt_length_of (unsigned na, unsigned nb)
{
  unsigned m = 0;
  int three = 0;
  return ntt_length (na, nb, &m, &three);
}

/* A product's transform: its length L = m or 3m, and with radix 16 its passes,
   pass i's radix (points a column) in byte i of radices, the last 16 (radix 2
   leaves passes 0).  Bytes of a word rather than an array: the kernel indexes
   them by a variable, which an array parameter would take to local memory. */
enum { NTT_PASSES_MAX = 4, NTT_LAST_RADIX = 16 };

struct ntt_plan
{
  unsigned L, m;
  int three;
  unsigned passes;
  unsigned radices;
};

MPZG_NTT_HD unsigned
plan_radix (const ntt_plan &pl, unsigned i)
{
  return (pl.radices >> (8 * i)) & 255;
}

/* The radices of the passes, and how they cost: passes first (each a sweep over the
   transform and a barrier), then full products at the pass boundaries, then
   shift products there (the boundary of a segment of M points multiplies
   (R - 1)(s - 1) points of each segment; by shifts when M divides 192). */
static const unsigned char ntt_radices[] = { 2, 4, 6, 8, 12, 16 };

inline void
plan_cost (const unsigned char *radix, unsigned passes, unsigned L, unsigned long *full,
           unsigned long *shift)
{
  unsigned M = L;
  *full = *shift = 0;
  for (unsigned i = 0; i + 1 < passes; i++)
    {
      unsigned R = radix[i], s = M / R;
      unsigned long c = (unsigned long) (R - 1) * (s - 1) * (L / M);
      if (192 % M == 0)
        *shift += c;
      else
        *full += c;
      M = s;
    }
}

/* The plan of the cheapest radices, by trying every sequence; passes 0 when there
   is none (a length outside the candidates). */
inline void
plan_passes (ntt_plan *pl)
{
  const unsigned nr = sizeof ntt_radices / sizeof ntt_radices[0];
  unsigned long best_full = 0, best_shift = 0;
  pl->passes = 0;
  for (unsigned P = 2; P <= NTT_PASSES_MAX && !pl->passes; P++)
    {
      unsigned long combos = 1;
      for (unsigned i = 0; i + 1 < P; i++)
        combos *= nr;
      for (unsigned long c = 0; c < combos; c++)
        {
          unsigned char rad[NTT_PASSES_MAX];
          unsigned long cc = c, prod = NTT_LAST_RADIX, full, shift;
          for (unsigned i = 0; i + 1 < P; i++, cc /= nr)
            {
              rad[i] = ntt_radices[cc % nr];
              prod *= rad[i];
            }
          rad[P - 1] = NTT_LAST_RADIX;
          if (prod != pl->L)
            continue;
          plan_cost (rad, P, pl->L, &full, &shift);
          if (pl->passes && (full > best_full || (full == best_full && shift >= best_shift)))
            continue;
          pl->passes = P;
          best_full = full;
          best_shift = shift;
          pl->radices = 0;
          for (unsigned i = 0; i < P; i++)
            pl->radices |= (unsigned) rad[i] << (8 * i);
        }
    }
}

/* The transform of an na-word by nb-word product; returns its length (0: none). */
inline unsigned
ntt_make_plan (unsigned na, unsigned nb, ntt_plan *pl)
{
  pl->L = ntt_length (na, nb, &pl->m, &pl->three);
  pl->passes = 0;
#if MPZG_MUL_NTT_RADIX == 16
  if (pl->L)
    plan_passes (pl);
  if (!pl->passes)
    pl->L = 0;
#endif
  return pl->L;
}

/* Threads of the team for a length L, whole warps, at most max_threads.  Radix 2:
   about 4 butterflies each per layer.  Radix 16: a column of the last pass each,
   or two, four, ... when that is too many. */
MPZG_NTT_HD unsigned
team_threads (unsigned L, unsigned max_threads)
{
#if MPZG_MUL_NTT_RADIX == 2
  unsigned T = L / 8;
#else
  unsigned T = L / NTT_LAST_RADIX;
  while (T > max_threads)
    T /= 2;
#endif
  T = (T + 31) / 32 * 32;
  if (T < 32)
    T = 32;
  return T < max_threads ? T : max_threads;
}

/* Where point i of a transform is kept.  Radix 16: each aligned run of 16 words
   permuted by the run's index, so that 16 threads reading word j of 16 consecutive
   runs (the last pass) read 16 distinct banks; runs stay runs, so the passes that
   read 16 consecutive columns keep their conflict-free rows. */
MPZG_NTT_HD unsigned
ntt_slot (unsigned i)
{
#if MPZG_MUL_NTT_RADIX == 2
  return i;
#else
  return i ^ ((i >> 4) & 15);
#endif
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

#if MPZG_MUL_NTT_RADIX == 2

/* ---- radix 2: one layer a pass ---- */

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

#else

/* ---- radix 16: columns in registers ---- */

/* A pass over segments of M points (radix R, stride s = M / R): the column of
   group g is segment g / s, column n2 = g % s, points base + j s for j < R. */
MPZG_NTT_HD unsigned
column_base (unsigned g, unsigned s, unsigned R, unsigned *n2)
{
  *n2 = g % s;
  return (g - *n2) * R + *n2;
}

/* The twiddles of column n2 of a segment of M points after its length-R
   transforms: slot j times w_M^(n2 freq (j)) (forward) or its inverse; e = n2
   freq (j) < M.  w_M = 2^(192 / M) when M divides 192, else w^(3N / M). */
template <unsigned R>
MPZG_NTT_HD void
twiddle (u64 *x, unsigned M, unsigned n2, int inverse, const u64 *tw)
{
  if (n2 == 0)
    return;
  if (192 % M == 0)
    {
      const unsigned st = 192 / M;
MPZG_NTT_UNROLL
      for (unsigned j = 1; j < R; j++)
        {
          unsigned e = n2 * radix<R>::freq (j) * st;
          x[j] = mul_2exp (x[j], inverse ? 192 - e : e);
        }
      return;
    }
  const unsigned st = n2 * (3 * NTT_N / M);
MPZG_NTT_UNROLL
  for (unsigned j = 1; j < R; j++)
    {
      unsigned e = radix<R>::freq (j) * st;
      x[j] = mul (x[j], inverse ? root_inv (tw, e) : root (tw, e));
    }
}

/* A pass over the columns of segments of M points read from src (or, with
   digits, the digits of a, na words: the first forward pass): transformed and
   twiddled, or (inverse) the twiddles undone and then transformed back, and
   written to dst at the same points. */
template <unsigned R, bool inverse, bool digits>
MPZG_NTT_HD void
pass_cols (u64 *dst, const u64 *src, const u64 *a, unsigned na, unsigned L, unsigned M,
           const u64 *tw, unsigned t, unsigned T)
{
  const unsigned s = M / R;
  for (unsigned g = t; g < L / R; g += T)
    {
      unsigned n2, base = column_base (g, s, R, &n2);
      u64 x[R];
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        x[j] = digits ? digit (a, na, base + j * s) : src[ntt_slot (base + j * s)];
      if (inverse)
        {
          twiddle<R> (x, M, n2, 1, tw);
          radix<R>::inv (x);
        }
      else
        {
          radix<R>::fwd (x);
          twiddle<R> (x, M, n2, 0, tw);
        }
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        dst[ntt_slot (base + j * s)] = x[j];
    }
}

/* The last forward pass of a stashed operand: X's groups of R contiguous points
   transformed into Y, each group's points in order (Y is device memory, read back
   only by pass_mid, a group by the thread that wrote it: no swizzle). */
template <unsigned R>
MPZG_NTT_HD void
pass_stash (u64 *Y, const u64 *X, unsigned L, unsigned t, unsigned T)
{
  for (unsigned g = t; g < L / R; g += T)
    {
      u64 x[R];
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        x[j] = X[ntt_slot (g * R + j)];
      radix<R>::fwd (x);
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        Y[g * R + j] = x[j];
    }
}

/* The middle: the last forward pass of X (and of Y when y_fwd; else Y holds the
   stashed transform, pass_stash's), groups of R contiguous points, the pointwise
   product X Y / L (pow2: L = 2^k, 1 / L = 2^(192 - k) = 2^e, a shift; else a
   product by inv_len), and the first inverse pass, in X.  With y_fwd, Y's group is
   written back and read again (volatile: not kept in registers) as it is
   multiplied in, so that one group at a time is held (two would take 64
   registers of data). */
template <unsigned R, bool pow2>
MPZG_NTT_HD void
pass_mid (u64 *X, u64 *Y, int y_fwd, unsigned L, unsigned e, u64 inv_len, unsigned t,
          unsigned T)
{
  for (unsigned g = t; g < L / R; g += T)
    {
      u64 x[R];
      if (y_fwd)
        {
MPZG_NTT_UNROLL
          for (unsigned j = 0; j < R; j++)
            x[j] = Y[ntt_slot (g * R + j)];
          radix<R>::fwd (x);
MPZG_NTT_UNROLL
          for (unsigned j = 0; j < R; j++)
            ((volatile u64 *) Y)[ntt_slot (g * R + j)] = x[j];
        }
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        x[j] = X[ntt_slot (g * R + j)];
      radix<R>::fwd (x);
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        {
          unsigned i = y_fwd ? ntt_slot (g * R + j) : g * R + j;
          u64 v = mul (x[j], ((volatile const u64 *) Y)[i]);
          x[j] = pow2 ? mul_2exp (v, e) : mul (v, inv_len);
        }
      radix<R>::inv (x);
MPZG_NTT_UNROLL
      for (unsigned j = 0; j < R; j++)
        X[ntt_slot (g * R + j)] = x[j];
    }
}

/* Runtime radix to template: f (radix<R> ()) for the plan's radices. */
template <class F>
MPZG_NTT_HD void
with_radix (unsigned R, F f)
{
  switch (R)
    {
    case 2: f (radix<2> ()); break;
    case 4: f (radix<4> ()); break;
    case 6: f (radix<6> ()); break;
    case 8: f (radix<8> ()); break;
    case 12: f (radix<12> ()); break;
    default: f (radix<16> ()); break;
    }
}

#endif

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
      u64 c = X[ntt_slot (k)], v;
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
   Both transforms run pass by pass (layer by layer) together, or, with stash (X in
   shared memory, Y in device memory), one after the other in X, the first stashed
   in Y: then Y is written and read once instead of once per pass. */
#if MPZG_MUL_NTT_RADIX == 2

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
              u64 *X, u64 *Y, int stash, const ntt_plan &pl, u64 inv_len, const u64 *tw,
              unsigned char *items)
{
  const unsigned T = tm.threads (), n = na + nb, L = pl.L, m = pl.m;
  const int three = pl.three;
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

#else

template <class Team>
MPZG_NTT_TEAM void
ntt_mul_team (Team &tm, const u64 *a, unsigned na, const u64 *b, unsigned nb, u64 *r,
              u64 *X, u64 *Y, int stash, const ntt_plan &pl, u64 inv_len, const u64 *tw,
              unsigned char *items)
{
  const unsigned T = tm.threads (), n = na + nb, L = pl.L, P = pl.passes;
  unsigned e = 0;
  if (!pl.three)                /* 1 / L = 2^-k = 2^(192 - k) */
    for (e = 192; (1u << (192 - e)) < L; e--)
      ;
  /* The forward passes but the last: both operands together, or a's to the end
     (its last pass writes Y), then b's. */
  for (int op = 0; op < (stash ? 2 : 1); op++)
    {
      const u64 *x = op ? b : a;
      const unsigned nx = op ? nb : na;
      for (unsigned i = 0, M = L; i + 1 < P; M /= plan_radix (pl, i), i++)
        tm.each ([&] (unsigned t) {
          with_radix (plan_radix (pl, i), [&] (auto rd) {
            const unsigned R = decltype (rd)::points;
            if (i == 0)
              {
                pass_cols<R, false, true> (X, X, x, nx, L, M, tw, t, T);
                if (!stash)
                  pass_cols<R, false, true> (Y, Y, b, nb, L, M, tw, t, T);
              }
            else
              {
                pass_cols<R, false, false> (X, X, x, nx, L, M, tw, t, T);
                if (!stash)
                  pass_cols<R, false, false> (Y, Y, b, nb, L, M, tw, t, T);
              }
          });
        });
      if (stash && op == 0)
        tm.each ([&] (unsigned t) { pass_stash<NTT_LAST_RADIX> (Y, X, L, t, T); });
    }
  tm.each ([&] (unsigned t) {
    if (pl.three)
      pass_mid<NTT_LAST_RADIX, false> (X, Y, !stash, L, e, inv_len, t, T);
    else
      pass_mid<NTT_LAST_RADIX, true> (X, Y, !stash, L, e, inv_len, t, T);
  });
  for (unsigned i = P - 1, M = NTT_LAST_RADIX * plan_radix (pl, P - 2); i-- > 0;
       M *= i ? plan_radix (pl, i - 1) : 1)
    tm.each ([&] (unsigned t) {
      with_radix (plan_radix (pl, i), [&] (auto rd) {
        pass_cols<decltype (rd)::points, true, false> (X, X, NULL, 0, L, M, tw, t, T);
      });
    });
  tm.each ([&] (unsigned t) { items[t] = (unsigned char) carry_run (X, L, r, n, t, T); });
  tm.scan (items);
  tm.each ([&] (unsigned t) { carry_apply (r, n, items[t], t, T); });
}

#endif

} /* namespace ntt */
} /* namespace mpzg */

#endif
