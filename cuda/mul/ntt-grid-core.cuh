/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt-grid-core.cuh -- exact multiplication of long operands by a number-theoretic
   transform spread over the whole device: the field of ntt-field.cuh
   (p = 2^64 - 2^32 + 1), operands cut into 16-bit digits, transforms of a
   power-of-two length L done in passes of thread blocks, each pass one sweep through
   device memory.

   Exactness.  A coefficient of the digit convolution is a sum of at most
   min(Da, Db) <= L products of two digits below 2^16, so it is below
   L (2^16 - 1)^2, which is below p for every L <= 2^32
   (2^32 (2^16 - 1)^2 = 2^64 - 2^49 + 2^32 < p): the coefficient mod p is the
   coefficient.  grid_log_length refuses lengths above 2^GRID_LOG_MAX (2^30: a
   product of 2^34 bits), far inside the bound.

   The decomposition (David H. Bailey's four-step FFT, "FFTs in External or
   Hierarchical Memory", applied recursively; no transposes).  Write a segment of M = R s points
   as an R by s array, point n1 s + n2 at row n1, column n2.  Its transform is: the
   length-R transforms of the s columns (stride s), each point (k1, n2) times
   w_M^(n2 k1), then the length-s transforms of the R rows, which are segments of s
   contiguous points, transformed the same way.  A pass does the first two steps for
   every segment of its level: pass i splits segments of L / (R_0 ... R_(i-1))
   points with radix R_i = 2^r_i; the last pass (s = 1) transforms contiguous groups
   of R points.  The outputs stay where the column transforms leave them (the
   radix-2 decimation-in-frequency layers of a column give its outputs in
   bit-reversed order, so the twiddle of row position j is w_M^(n2 bitrev(j))): the
   transform's output is in a digit-reversed order, the pointwise product does not
   care, and the inverse undoes the passes in reverse order (inverse twiddles, then
   decimation-in-time layers with inverse roots), so no permutation is ever done.

   Tiles.  A thread block takes C groups of R points of one pass into shared memory
   (a tile of R C <= 2^GRID_TILE_LOG words), transforms each group, and writes them
   back twiddled.  By a radix per kernel (tuning.h: MPZG_MUL_GRID_RADIX for the
   middle, MPZG_MUL_GRID_PASS_RADIX for the strided passes): radix 2 runs the r
   radix-2 layers with a barrier between layers and a full product per butterfly;
   radix 16 splits the group's R = 2^r points again the same way (a segment of 2^m
   points is 2^k rows of 2^(m-k) columns) into ceil(r / 4) register passes of k <= 4
   bits: each thread takes a column of 2^k points into registers, transforms it
   there (ntt-radix.cuh: its roots are powers of two, so its products are shifts),
   multiplies it by the twiddles w_(2^m)^(n2 bitrev(j)) (shifts when 2^m divides
   192, else full products) and writes it back, a barrier between register passes.
   Both compute the same values in the same places (grouping radix-2
   decimation-in-frequency layers is this decomposition), so the passes around a
   tile do not depend on the radix and each kernel may take its own.  The radix-16
   tile is swizzled (grid_slot) so that columns of contiguous points hit distinct
   banks, inside its kernel alone (its loads and stores place the words).  Passes
   with s > 1 take C = 2^GRID_COLS_LOG neighbouring columns (n2 .. n2 + C - 1), so
   that each of the R rows the block reads or writes is C contiguous words; the last
   pass takes C contiguous groups, R C contiguous words.  So every pass reads and
   writes L words in runs of at least 64 bytes; the pass plan keeps
   s >= 2^GRID_TILE_LOG for all passes but the last.  The last forward pass of both
   operands, the pointwise product (with the factor 1 / L) and the first inverse
   pass run in one kernel on the same groups, so the product's transforms make one
   sweep fewer each way.

   Roots.  W of order 2^32 (the largest power of two dividing p - 1); a root of order
   2^k is W^(2^(32-k)).  W is chosen with W^(2^26) = 2^3, so that its roots of order
   2^k <= 64 are 2^(192 / 2^k), the roots ntt-radix.cuh shifts by.  Two tables of 2^16 words: W^e and W^(2^16 e) for e < 2^16,
   so that W^E is one product of two table words (one word when E is a multiple of
   2^16, which every root of a radix-2 layer inside a tile is: r <= 16).

   Carrying.  Coefficient k (below 2^64) weighs 2^(16 k): the four coefficients
   4m .. 4m + 3 sum to S_m = lo_m + 2^64 hi_m (hi_m < 2^50), and the product is
   sum_m (lo_m + hi_(m-1)) 2^(64 m).  Each thread converts a run of
   GRID_RUN_WORDS words without the carry into the run and reports whether the run
   generates a carry or propagates one (all ones); the runs' carries come from an
   exclusive generate/propagate scan over blocks (core/carry.cuh), level by level
   up to one block, then resolved back down, and each run adds its carry in.

   Host and device code: the per-thread pieces below are __host__ __device__; the
   drivers (grid_fwd_pass, grid_middle, grid_inv_pass, the carry phases) run them in
   phases over a team, a thread block on the GPU (cuda/mul/ntt-grid.cu) and a loop
   over the "threads" on the host, where tests/mpn/t-mul-ntt-grid-host.cc runs every
   block of every pass in the kernels' order and compares with GMP's mpn_mul. */
#ifndef MPZG_NTT_GRID_CORE_CUH
#define MPZG_NTT_GRID_CORE_CUH

#include <stddef.h>
#include "../tuning.h"
#include "ntt-field.cuh"
#include "ntt-radix.cuh"

#if MPZG_MUL_GRID_RADIX != 2 && MPZG_MUL_GRID_RADIX != 16
#error "MPZG_MUL_GRID_RADIX: 2 or 16"
#endif
#if MPZG_MUL_GRID_PASS_RADIX != 2 && MPZG_MUL_GRID_PASS_RADIX != 16
#error "MPZG_MUL_GRID_PASS_RADIX: 2 or 16"
#endif

namespace mpzg {
namespace ntt {

enum
{
  GRID_DIGIT_BITS = 16,
  GRID_LOG_MIN = 6,             /* the shortest transform */
  GRID_LOG_MAX = 30,            /* the longest: 2^30 coefficients, 8 GiB a transform */
  GRID_TILE_LOG = 12,           /* a tile: 2^12 words, 32 KB of shared memory */
  GRID_COLS_LOG = 3,            /* columns per tile of the strided passes: 64-byte rows */
  GRID_RADIX_LOG = GRID_TILE_LOG - GRID_COLS_LOG,     /* radix of the strided passes */
  GRID_PASSES_MAX = 3,
  GRID_ROOT_LOG = 32,           /* W has order 2^32 */
  GRID_ROOT_HALF = 16,
  GRID_ROOT_TABLE = 2 << GRID_ROOT_HALF,      /* the two tables, one after the other */
  GRID_RUN_WORDS = 8,           /* product words per thread of the carry pass */
  GRID_SUB_LOG = 4              /* radix 16: columns of at most 2^4 points */
};

static_assert (GRID_LOG_MAX <= 32, "the coefficient bound holds up to L = 2^32");
static_assert (GRID_TILE_LOG <= GRID_ROOT_HALF, "a tile's roots are in the high table");
static_assert (GRID_TILE_LOG + (GRID_PASSES_MAX - 1) * GRID_RADIX_LOG >= GRID_LOG_MAX,
               "every length has a plan");

/* W: of order 2^32 with W^(2^26) = 8.  The roots of order 64 are g^(2^26 k) for
   g of order 2^32, k odd; 8 = 2^3 is one of them (2 has order 192), so W = g^k has
   order 2^32. */
inline u64
grid_table_root (void)
{
  const u64 g = root_of_order ((u64) 1 << GRID_ROOT_LOG), h = power (g, (u64) 1 << 26);
  u64 x = h, k = 1;
  for (; x != 8; k += 2)
    x = mul (x, mul (h, h));
  return power (g, k);
}

/* The root tables: tw[e] = W^e, tw[2^16 + e] = W^(2^16 e), e < 2^16. */
inline void
fill_grid_roots (u64 *tw)
{
  u64 w = grid_table_root ();
  fill_powers (tw, w, 1u << GRID_ROOT_HALF);
  fill_powers (tw + (1u << GRID_ROOT_HALF), power (w, 1u << GRID_ROOT_HALF),
               1u << GRID_ROOT_HALF);
}

/* W^E for E < 2^32, and W^-E = W^(2^32 - E). */
MPZG_NTT_HD u64
grid_root (const u64 *tw, u64 E)
{
  u64 l = E & ((1u << GRID_ROOT_HALF) - 1), h = E >> GRID_ROOT_HALF;
  u64 x = ld_root (tw + (1u << GRID_ROOT_HALF), h);
  return l ? mul (x, ld_root (tw, l)) : x;
}

MPZG_NTT_HD u64
grid_root_inv (const u64 *tw, u64 E)
{
  return E ? grid_root (tw, ((u64) 1 << GRID_ROOT_LOG) - E) : 1;
}

/* ---- lengths and pass plans ---- */

/* log2 of the transform length of an Ma by Mb word product: the smallest power of
   two, at least 2^GRID_LOG_MIN, that holds its 4 Ma + 4 Mb - 1 coefficients; 0 when
   that is above 2^GRID_LOG_MAX (the coefficient bound allows up to 2^32). */
MPZG_NTT_HD constexpr unsigned
grid_log_length (size_t Ma, size_t Mb)
{
  unsigned lg = GRID_LOG_MIN;
  if (Ma == 0 || Mb == 0 || Ma > ((size_t) 1 << GRID_LOG_MAX) || Mb > ((size_t) 1 << GRID_LOG_MAX))
    return 0;
  const unsigned long long need = 4 * (unsigned long long) (Ma + Mb) - 1;
  while (lg <= GRID_LOG_MAX && ((unsigned long long) 1 << lg) < need)
    lg++;
  return lg <= GRID_LOG_MAX ? lg : 0;
}

/* The passes of a length 2^lg: radices 2^r[i], the last up to 2^GRID_TILE_LOG
   (contiguous groups), the others up to 2^GRID_RADIX_LOG and as even as can be. */
struct grid_plan
{
  unsigned lg, passes;
  unsigned r[GRID_PASSES_MAX];
};

MPZG_NTT_HD void
grid_make_plan (unsigned lg, grid_plan *pl)
{
  unsigned last = lg < GRID_TILE_LOG ? lg : GRID_TILE_LOG, rest = lg - last;
  unsigned np = (rest + GRID_RADIX_LOG - 1) / GRID_RADIX_LOG;
  pl->lg = lg;
  pl->passes = np + 1;
  for (unsigned i = 0; i < np; i++)
    pl->r[i] = rest / np + (i < rest % np ? 1 : 0);
  pl->r[np] = last;
}

/* One pass's geometry: radix R = 2^r, stride s = 2^ls (1 for the last pass), C = 2^lc
   groups per tile, tiles per transform. */
struct grid_pass
{
  unsigned r, ls, lc, lm;       /* lm: log2 of the segment length M = R s */
  size_t tiles;
};

MPZG_NTT_HD grid_pass
grid_pass_of (const grid_plan *pl, unsigned i)
{
  grid_pass g;
  unsigned above = 0;
  for (unsigned k = 0; k < i; k++)
    above += pl->r[k];
  g.r = pl->r[i];
  g.lm = pl->lg - above;
  g.ls = g.lm - g.r;
  if (g.ls)
    g.lc = GRID_COLS_LOG;
  else
    {
      g.lc = GRID_TILE_LOG - g.r;
      if (g.lc > pl->lg - g.r)  /* no more groups than the transform has */
        g.lc = pl->lg - g.r;
    }
  g.tiles = ((size_t) 1 << (pl->lg - g.r)) >> g.lc;
  return g;
}

/* ---- per-thread pieces: thread t of T, tile b of a pass ----
   Tile word q is point j of group c: q = j C + c in the strided passes (rows of C
   columns), q = c R + j in the last (groups one after another).  The point's index
   in the transform follows. */

MPZG_NTT_HD void
grid_split (const grid_pass &g, unsigned q, unsigned *j, unsigned *c)
{
  if (g.ls)
    {
      *j = q >> g.lc;
      *c = q & ((1u << g.lc) - 1);
    }
  else
    {
      *j = q & ((1u << g.r) - 1);
      *c = q >> g.r;
    }
}

/* The transform index of tile word q of tile b, and the group's column n2 (its
   index inside its segment's row, 0 in the last pass). */
MPZG_NTT_HD size_t
grid_index (const grid_pass &g, size_t b, unsigned q, u64 *n2)
{
  unsigned j, c;
  grid_split (g, q, &j, &c);
  size_t grp = (b << g.lc) + c;
  size_t lo = grp & (((size_t) 1 << g.ls) - 1), hi = grp >> g.ls;
  *n2 = lo;
  return (hi << g.lm) + ((size_t) j << g.ls) + lo;
}

/* Digit i (16 bits) of an n-word operand; zero above it. */
MPZG_NTT_HD u64
grid_digit (const u64 *a, size_t n, size_t i)
{
  size_t q = i >> 2;
  return q < n ? (a[q] >> (16 * (i & 3))) & 0xffff : 0;
}

MPZG_NTT_HD unsigned
bit_reverse (unsigned j, unsigned bits)
{
  unsigned v = 0;
  for (unsigned k = 0; k < bits; k++, j >>= 1)
    v = (v << 1) | (j & 1);
  return v;
}

/* Where tile word q is kept by a tile of radix TR: at q by radix 2.  Radix 16: each
   aligned run of 16 words permuted by its index x (the run's words xored with
   x ^ 2x), so that the 16 threads of a half-warp reading word j of the columns of a
   register pass hit 16 distinct banks in every pass of every plan but one (r = 5 of a
   strided pass, its last register pass: two to a bank): columns of contiguous points
   (runs 1 apart) and the strided passes' columns of 8 words at strides of 64 (runs 4
   apart) alike.  Runs stay runs, so rows of consecutive words (loads, stores, the
   first register passes) stay conflict-free. */
template <unsigned TR>
MPZG_NTT_HD unsigned
grid_slot (unsigned q)
{
  const unsigned x = q >> 4;
  return TR == 2 ? q : q ^ ((x ^ (x << 1)) & 15);
}

/* The twiddle exponent of point j of a group at column n2 (E of W^E): w_M^(n2
   bitrev(j)) with w_M = W^(2^(32 - lm)). */
MPZG_NTT_HD u64
grid_twiddle_exp (const grid_pass &g, unsigned j, u64 n2)
{
  return (n2 * bit_reverse (j, g.r)) << (GRID_ROOT_LOG - g.lm);
}

/* Load tile b from X (or, when a is not null, from the n-word operand's digits):
   the forward pass's input, and the inverse pass's with its inverse twiddles; kept
   as a tile of radix TR keeps its words. */
template <unsigned TR>
MPZG_NTT_HD void
grid_load (u64 *tile, const grid_pass &g, size_t b, const u64 *X, const u64 *a, size_t n,
           int inverse, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned words = 1u << (g.r + g.lc);
  for (unsigned q = t; q < words; q += T)
    {
      u64 n2;
      size_t i = grid_index (g, b, q, &n2);
      u64 v = a ? grid_digit (a, n, i) : X[i];
      if (inverse && n2)
        {
          unsigned j, c;
          grid_split (g, q, &j, &c);
          v = mul (v, grid_root_inv (tw, grid_twiddle_exp (g, j, n2)));
        }
      tile[grid_slot<TR> (q)] = v;
    }
}

/* Store tile b (of radix TR) to X, with the forward twiddles (forward passes with
   s > 1). */
template <unsigned TR>
MPZG_NTT_HD void
grid_store (u64 *X, const u64 *tile, const grid_pass &g, size_t b, int twiddle,
            const u64 *tw, unsigned t, unsigned T)
{
  const unsigned words = 1u << (g.r + g.lc);
  for (unsigned q = t; q < words; q += T)
    {
      u64 n2, v = tile[grid_slot<TR> (q)];
      size_t i = grid_index (g, b, q, &n2);
      if (twiddle && n2)
        {
          unsigned j, c;
          grid_split (g, q, &j, &c);
          v = mul (v, grid_root (tw, grid_twiddle_exp (g, j, n2)));
        }
      X[i] = v;
    }
}

/* Work item u of a tile's 2^(lb + lc) (each of the C groups 2^lb of them): its
   group c and its index v in the group.  Consecutive items are consecutive groups
   in the strided passes (the groups are the tile's columns) and consecutive
   indices in the last pass (the groups are runs of the tile), so that items' words
   are neighbours in both. */
MPZG_NTT_HD void
grid_item (const grid_pass &g, unsigned lb, unsigned u, unsigned *c, unsigned *v)
{
  if (g.ls)
    {
      *c = u & ((1u << g.lc) - 1);
      *v = u >> g.lc;
    }
  else
    {
      *v = u & ((1u << lb) - 1);
      *c = u >> lb;
    }
}

/* ---- radix 2: one layer at a time ---- */

/* Butterfly u of a radix-2 layer of half-width h = 2^lh over the tile's C groups:
   the tile words x and y of the pair (i, i + h) of its group, and j = i mod h.
   Consecutive threads take consecutive columns (strided passes) or consecutive
   pairs (the last pass), so that shared-memory accesses are consecutive words. */
MPZG_NTT_HD void
grid_pair (const grid_pass &g, unsigned lh, unsigned u, unsigned *x, unsigned *y,
           unsigned *j)
{
  unsigned c, p;
  grid_item (g, g.r - 1, u, &c, &p);
  unsigned jj = p & ((1u << lh) - 1), i = ((p >> lh) << (lh + 1)) + jj;
  *j = jj;
  if (g.ls)
    {
      *x = (i << g.lc) + c;
      *y = ((i + (1u << lh)) << g.lc) + c;
    }
  else
    {
      *x = (c << g.r) + i;
      *y = *x + (1u << lh);
    }
}

/* Butterfly layer lh of every group of the tile: forward (INV 0, decimation in
   frequency) (x + y, (x - y) w_2h^j), w_2h = W^(2^(31-lh)), a root of the high table
   (lh < 16); inverse (INV 1, decimation in time) (x + y w_2h^-j, x - y w_2h^-j). */
template <int INV>
MPZG_NTT_HD void
grid_layer (u64 *tile, const grid_pass &g, unsigned lh, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned pairs = 1u << (g.r - 1 + g.lc);
  const u64 *hi = tw + (1u << GRID_ROOT_HALF);
  for (unsigned u = t; u < pairs; u += T)
    {
      unsigned ix, iy, j;
      grid_pair (g, lh, u, &ix, &iy, &j);
      u64 x = tile[ix], y = tile[iy];
      const u64 e = (u64) j << (GRID_ROOT_HALF - 1 - lh);
      if (INV)
        {
          if (j)
            y = mul (y, ld_root (hi, (1u << GRID_ROOT_HALF) - e));
          tile[ix] = add (x, y);
          tile[iy] = sub (x, y);
        }
      else
        {
          tile[ix] = add (x, y);
          tile[iy] = j ? mul (sub (x, y), ld_root (hi, e)) : sub (x, y);
        }
    }
}

/* X = X Y / L, or X^2 / L when Y is X. */
MPZG_NTT_HD void
grid_pointwise (u64 *X, const u64 *Y, unsigned words, u64 inv_len, unsigned t, unsigned T)
{
  for (unsigned q = t; q < words; q += T)
    X[q] = mul (mul (X[q], Y[q]), inv_len);
}

/* ---- radix 16: register columns ---- */

/* The register passes of a group of 2^r points: ceil(r / 4) of them, pass i of
   grid_sub_bits (r, i) bits, the bits as even as can be. */
MPZG_NTT_HD unsigned
grid_sub_count (unsigned r)
{
  return (r + GRID_SUB_LOG - 1) / GRID_SUB_LOG;
}

MPZG_NTT_HD unsigned
grid_sub_bits (unsigned r, unsigned i)
{
  unsigned n = grid_sub_count (r);
  return r / n + (i < r % n ? 1 : 0);
}

/* Column u of a register pass of k bits over segments of 2^m points of the
   tile's groups: its first tile word q0, the tile-word step between its points, and
   its column n2 in its segment.  The segment is 2^k rows of s = 2^(m-k) points;
   the column is points j0 + i s of its group, j0 = (segment) 2^m + n2.
   Consecutive threads take consecutive columns of a strided pass's C groups, then
   consecutive n2: consecutive tile words while s allows. */
MPZG_NTT_HD void
grid_column (const grid_pass &g, unsigned m, unsigned k, unsigned u, unsigned *q0,
             unsigned *step, unsigned *n2)
{
  unsigned c, v;
  grid_item (g, g.r - k, u, &c, &v);
  const unsigned ls = m - k;
  *n2 = v & ((1u << ls) - 1);
  unsigned j0 = ((v >> ls) << m) + *n2;
  if (g.ls)
    {
      *q0 = (j0 << g.lc) + c;
      *step = 1u << (ls + g.lc);
    }
  else
    {
      *q0 = (c << g.r) + j0;
      *step = 1u << ls;
    }
}

/* Column n2's twiddles after its transform: slot j times w_(2^m)^(n2 freq (j)) (or
   its inverse), e = n2 freq (j) < 2^m; w_(2^m) = 2^(192 / 2^m) when m <= 6,
   else the high table's W^(2^(32-m)) = tw[2^16 + 2^(16-m)]. */
template <unsigned R>
MPZG_NTT_HD void
grid_sub_twiddle (u64 *x, unsigned m, unsigned n2, int inverse, const u64 *tw)
{
  if (n2 == 0)
    return;
  if (m <= 6)
    {
      const unsigned st = 192u >> m;
MPZG_NTT_UNROLL
      for (unsigned j = 1; j < R; j++)
        {
          unsigned e = n2 * radix<R>::freq (j) * st;
          x[j] = mul_2exp (x[j], inverse ? 192 - e : e);
        }
      return;
    }
  const u64 *hi = tw + (1u << GRID_ROOT_HALF);
  const unsigned st = n2 << (GRID_ROOT_HALF - m);
MPZG_NTT_UNROLL
  for (unsigned j = 1; j < R; j++)
    {
      unsigned e = radix<R>::freq (j) * st;
      x[j] = mul (x[j], ld_root (hi, inverse ? (1u << GRID_ROOT_HALF) - e : e));
    }
}

/* A tile's column of R points from tile words q0, q0 + st, ... into x, and back. */
template <unsigned R, class P>
MPZG_NTT_HD void
grid_col_load (u64 *x, P tile, unsigned q0, unsigned st)
{
MPZG_NTT_UNROLL
  for (unsigned j = 0; j < R; j++)
    x[j] = tile[grid_slot<16> (q0 + j * st)];
}

template <unsigned R, class P>
MPZG_NTT_HD void
grid_col_store (P tile, const u64 *x, unsigned q0, unsigned st)
{
MPZG_NTT_UNROLL
  for (unsigned j = 0; j < R; j++)
    tile[grid_slot<16> (q0 + j * st)] = x[j];
}

/* A register pass of R = 2^k points a column over segments of 2^m points of the
   tile's groups: forward (INV 0) each column transformed, then twiddled; inverse
   (INV 1) the twiddles undone, then the column's inverse transform. */
template <unsigned R, int INV>
MPZG_NTT_HD void
grid_sub (u64 *tile, const grid_pass &g, unsigned m, const u64 *tw, unsigned t, unsigned T)
{
  const unsigned k = radix<R>::q, cols = 1u << (g.r + g.lc - k);
  for (unsigned u = t; u < cols; u += T)
    {
      unsigned q0, st, n2;
      grid_column (g, m, k, u, &q0, &st, &n2);
      u64 x[R];
      grid_col_load<R> (x, tile, q0, st);
      if (INV)
        {
          grid_sub_twiddle<R> (x, m, n2, 1, tw);
          radix<R>::inv (x);
        }
      else
        {
          radix<R>::fwd (x);
          grid_sub_twiddle<R> (x, m, n2, 0, tw);
        }
      grid_col_store<R> (tile, x, q0, st);
    }
}

/* The middle's innermost register pass (segments of R = 2^k points, no twiddles)
   forward for both tiles (tile2 null: a square), the pointwise product X Y / L and
   the same register pass inverse, in registers: the tile's words written once.
   tile2's column is written back and read again (volatile: not kept in registers)
   as it is multiplied in, so that one column at a time is held. */
template <unsigned R>
MPZG_NTT_HD void
grid_mid_sub (u64 *tile, u64 *tile2, const grid_pass &g, u64 inv_len, unsigned t,
              unsigned T)
{
  const unsigned k = radix<R>::q, cols = 1u << (g.r + g.lc - k);
  for (unsigned u = t; u < cols; u += T)
    {
      unsigned q0, st, n2;
      grid_column (g, k, k, u, &q0, &st, &n2);
      u64 x[R];
      if (tile2)
        {
          grid_col_load<R> (x, tile2, q0, st);
          radix<R>::fwd (x);
          grid_col_store<R> ((volatile u64 *) tile2, x, q0, st);
        }
      grid_col_load<R> (x, tile, q0, st);
      radix<R>::fwd (x);
      if (tile2)
MPZG_NTT_UNROLL
        for (unsigned j = 0; j < R; j++)
          x[j] = mul (mul (x[j], ((volatile const u64 *) tile2)[grid_slot<16> (q0 + j * st)]),
                      inv_len);
      else
MPZG_NTT_UNROLL
        for (unsigned j = 0; j < R; j++)
          x[j] = mul (mul (x[j], x[j]), inv_len);
      radix<R>::inv (x);
      grid_col_store<R> (tile, x, q0, st);
    }
}

/* Runtime bits to template: f (radix<2^k> ()) for 1 <= k <= 4. */
template <class F>
MPZG_NTT_HD void
grid_with_radix (unsigned k, F f)
{
  switch (k)
    {
    case 1: f (radix<2> ()); break;
    case 2: f (radix<4> ()); break;
    case 3: f (radix<8> ()); break;
    default: f (radix<16> ()); break;
    }
}

/* ---- carrying ---- */

/* S_m = lo + 2^64 hi from the coefficients 4m .. 4m + 3 (all below 4n <= L). */
MPZG_NTT_HD void
grid_word_sum (const u64 *X, size_t m, u64 *lo, u64 *hi)
{
  const u64 *c = X + 4 * m;
  u64 l = c[0], h = 0;
  for (unsigned k = 1; k < 4; k++)
    {
      u64 v = c[k] << (16 * k);
      l += v;
      h += (l < v) + (c[k] >> (64 - 16 * k));
    }
  *lo = l;
  *hi = h;
}

/* Run `run` of the n product words, [run R, run R + R) clipped to n (R =
   GRID_RUN_WORDS), written to r without the carry into the run.  Returns the run's
   carry-chain item: bit 0 generate, bit 1 propagate (every word all ones; a run past
   the product propagates).  Both cannot hold: hi_(m0-1) < 2^50. */
MPZG_NTT_HD unsigned
grid_carry_run (const u64 *X, u64 *r, size_t n, size_t run)
{
  size_t m0 = run * GRID_RUN_WORDS, m1 = m0 + GRID_RUN_WORDS < n ? m0 + GRID_RUN_WORDS : n;
  u64 lo, hi, prev = 0, c = 0, all = ~0ULL;
  if (m0 >= n)
    return 2;
  if (m0)
    grid_word_sum (X, m0 - 1, &lo, &prev);
  for (size_t m = m0; m < m1; m++)
    {
      grid_word_sum (X, m, &lo, &hi);
      u64 w = lo + (prev + c);
      c = w < lo;
      r[m] = w;
      all &= w;
      prev = hi;
    }
  return (unsigned) c | (all == ~0ULL ? 2u : 0u);
}

/* The carry into run `run` (cin) added in. */
MPZG_NTT_HD void
grid_carry_apply (u64 *r, size_t n, size_t run, unsigned cin)
{
  size_t m0 = run * GRID_RUN_WORDS, m1 = m0 + GRID_RUN_WORDS < n ? m0 + GRID_RUN_WORDS : n;
  if (!cin)
    return;
  for (size_t m = m0; m < m1; m++)
    if (++r[m] != 0)
      break;
}

/* The carry scan's levels: level 0 has one item per run, level k + 1 one per
   block of B items of level k, up to a level of at most B items (one block).
   Byte offsets of each level in the items area; returns the levels' count. */
MPZG_NTT_HD unsigned
grid_scan_levels (size_t runs, unsigned B, size_t *off, size_t *count, size_t *bytes)
{
  unsigned lv = 0;
  size_t o = 0, k = runs;
  for (;;)
    {
      off[lv] = o;
      count[lv] = k;
      o += k;
      lv++;
      if (k <= B)
        break;
      k = (k + B - 1) / B;
    }
  *bytes = o;
  return lv;
}

/* A block's item from its threads' carries with carry-in 0 (c0) and 1 (c1) out of
   the block: generates when c0, propagates when c1 alone. */
MPZG_NTT_HD unsigned
grid_block_item (unsigned c0, unsigned c1)
{
  return c0 | ((c1 & ~c0 & 1u) << 1);
}

/* A thread's resolved carry: its item holds bit 0 the carry with carry-in 0 into
   its block, bit 1 with carry-in 1. */
MPZG_NTT_HD unsigned
grid_resolve (unsigned item, unsigned cin)
{
  return (item >> (cin ? 1 : 0)) & 1u;
}

/* ---- the drivers, over a team ----
   Team: threads () (T), each (f) runs f (t) for every thread t then waits for all,
   scan2 (items) replaces each thread's carry-chain item (bit 0 generate, bit 1
   propagate) by its carry-in for a block carry-in of 0 (bit 0) and of 1 (bit 1), and
   returns the block's item. */

/* The tile's transform, a barrier between its layers or register passes.  Radix 2:
   the r layers forward on tile (and on tile2, when not null), and inverse. */
template <class Team>
MPZG_NTT_TEAM void
grid_fwd_layers (Team &tm, u64 *tile, u64 *tile2, const grid_pass &g, const u64 *tw)
{
  const unsigned T = tm.threads ();
  for (unsigned lh = g.r; lh-- > 0;)
    tm.each ([&] (unsigned t) {
      grid_layer<0> (tile, g, lh, tw, t, T);
      if (tile2)
        grid_layer<0> (tile2, g, lh, tw, t, T);
    });
}

template <class Team>
MPZG_NTT_TEAM void
grid_inv_layers (Team &tm, u64 *tile, const grid_pass &g, const u64 *tw)
{
  const unsigned T = tm.threads ();
  for (unsigned lh = 0; lh < g.r; lh++)
    tm.each ([&] (unsigned t) { grid_layer<1> (tile, g, lh, tw, t, T); });
}

/* Radix 16: the first `count` register passes forward on tile (and tile2, when not
   null); returns the bits of the passes after them, 0 when count is all. */
template <class Team>
MPZG_NTT_TEAM unsigned
grid_fwd_subs (Team &tm, u64 *tile, u64 *tile2, const grid_pass &g, unsigned count,
               const u64 *tw)
{
  const unsigned T = tm.threads ();
  unsigned m = g.r;
  for (unsigned i = 0; i < count; m -= grid_sub_bits (g.r, i), i++)
    tm.each ([&] (unsigned t) {
      grid_with_radix (grid_sub_bits (g.r, i), [&] (auto rd) {
        grid_sub<decltype (rd)::points, 0> (tile, g, m, tw, t, T);
        if (tile2)
          grid_sub<decltype (rd)::points, 0> (tile2, g, m, tw, t, T);
      });
    });
  return m;
}

/* Register passes count - 1 down to 0 inverse, m the bits of the passes after
   them (undone already). */
template <class Team>
MPZG_NTT_TEAM void
grid_inv_subs (Team &tm, u64 *tile, const grid_pass &g, unsigned count, unsigned m,
               const u64 *tw)
{
  const unsigned T = tm.threads ();
  for (unsigned i = count; i-- > 0;)
    {
      m += grid_sub_bits (g.r, i);
      tm.each ([&] (unsigned t) {
        grid_with_radix (grid_sub_bits (g.r, i), [&] (auto rd) {
          grid_sub<decltype (rd)::points, 1> (tile, g, m, tw, t, T);
        });
      });
    }
}

/* Forward pass i (not the last) on tile b, the tile transformed by radix TR: from X,
   or from the operand a's digits (the first pass), to X. */
template <unsigned TR, class Team>
MPZG_NTT_TEAM void
grid_fwd_pass (Team &tm, u64 *tile, const grid_pass &g, size_t b, u64 *X, const u64 *a,
               size_t n, const u64 *tw)
{
  const unsigned T = tm.threads ();
  tm.each ([&] (unsigned t) { grid_load<TR> (tile, g, b, X, a, n, 0, tw, t, T); });
  if (TR == 2)
    grid_fwd_layers (tm, tile, (u64 *) 0, g, tw);
  else
    grid_fwd_subs (tm, tile, (u64 *) 0, g, grid_sub_count (g.r), tw);
  tm.each ([&] (unsigned t) { grid_store<TR> (X, tile, g, b, 1, tw, t, T); });
}

/* The last pass forward for both operands, the pointwise product and the first
   inverse pass, on tile b, the tiles transformed by radix TR: X and Y in (or the
   operands' digits when the last pass is the only one), the product's transform out
   in X.  Y null: a square (tile2 unused). */
template <unsigned TR, class Team>
MPZG_NTT_TEAM void
grid_middle (Team &tm, u64 *tile, u64 *tile2, const grid_pass &g, size_t b, u64 *X,
             const u64 *Y, const u64 *a, size_t na, const u64 *bw, size_t nb, int square,
             u64 inv_len, const u64 *tw)
{
  const unsigned T = tm.threads (), words = 1u << (g.r + g.lc);
  tm.each ([&] (unsigned t) {
    grid_load<TR> (tile, g, b, X, a, na, 0, tw, t, T);
    if (!square)
      grid_load<TR> (tile2, g, b, Y, bw, nb, 0, tw, t, T);
  });
  if (TR == 2)
    {
      if (square)
        grid_fwd_layers (tm, tile, (u64 *) 0, g, tw);
      else
        grid_fwd_layers (tm, tile, tile2, g, tw);
      tm.each ([&] (unsigned t) {
        grid_pointwise (tile, square ? tile : tile2, words, inv_len, t, T);
      });
      grid_inv_layers (tm, tile, g, tw);
    }
  else
    {
      /* The register passes but the innermost forward, the innermost both ways
         around the pointwise product, then the others inverse (g.r >= 1: n >= 1). */
      const unsigned n = grid_sub_count (g.r);
      const unsigned m = grid_fwd_subs (tm, tile, square ? (u64 *) 0 : tile2, g, n - 1, tw);
      tm.each ([&] (unsigned t) {
        grid_with_radix (m, [&] (auto rd) {
          grid_mid_sub<decltype (rd)::points> (tile, square ? (u64 *) 0 : tile2, g, inv_len,
                                               t, T);
        });
      });
      grid_inv_subs (tm, tile, g, n - 1, m, tw);
    }
  tm.each ([&] (unsigned t) { grid_store<TR> (X, tile, g, b, 0, tw, t, T); });
}

/* Inverse pass i (not the last) on tile b of X, the tile transformed by radix TR. */
template <unsigned TR, class Team>
MPZG_NTT_TEAM void
grid_inv_pass (Team &tm, u64 *tile, const grid_pass &g, size_t b, u64 *X, const u64 *tw)
{
  const unsigned T = tm.threads ();
  tm.each ([&] (unsigned t) {
    grid_load<TR> (tile, g, b, X, (const u64 *) 0, 0, 1, tw, t, T);
  });
  if (TR == 2)
    grid_inv_layers (tm, tile, g, tw);
  else
    grid_inv_subs (tm, tile, g, grid_sub_count (g.r), 0, tw);
  tm.each ([&] (unsigned t) { grid_store<TR> (X, tile, g, b, 0, tw, t, T); });
}

/* Carry, level 0, block b of T runs: the runs' words into r, their carries with
   block carry-in 0 and 1 into items0, the block's item into items1[b]. */
template <class Team>
MPZG_NTT_TEAM void
grid_carry_runs (Team &tm, const u64 *X, u64 *r, size_t n, size_t runs, size_t b,
                 unsigned char *items0, unsigned char *items1, unsigned char *local)
{
  const unsigned T = tm.threads ();
  tm.each ([&] (unsigned t) {
    size_t run = b * T + t;
    local[t] = (unsigned char) grid_carry_run (X, r, n, run);
  });
  unsigned item = tm.scan2 (local);
  tm.each ([&] (unsigned t) {
    size_t run = b * T + t;
    if (run < runs)
      items0[run] = local[t];
    if (t == 0 && items1)
      items1[b] = (unsigned char) item;
  });
}

/* Carry, level k >= 1, block b: the same over the items of the level below's
   blocks (count of them), in place; the block's item into up[b] (null at the top
   level). */
template <class Team>
MPZG_NTT_TEAM void
grid_carry_scan (Team &tm, unsigned char *items, size_t count, size_t b, unsigned char *up,
                 unsigned char *local)
{
  const unsigned T = tm.threads ();
  tm.each ([&] (unsigned t) {
    size_t k = b * T + t;
    local[t] = k < count ? items[k] : 2;
  });
  unsigned item = tm.scan2 (local);
  tm.each ([&] (unsigned t) {
    size_t k = b * T + t;
    if (k < count)
      items[k] = local[t];
    if (t == 0 && up)
      up[b] = (unsigned char) item;
  });
}

/* Resolving, level k (one element a thread, any grid): item x of the level takes
   the resolved carry into its block (up, resolved already; none at the top level),
   and keeps it in bit 0. */
MPZG_NTT_HD void
grid_carry_down (unsigned char *items, size_t count, const unsigned char *up, unsigned B,
                 size_t x)
{
  if (x < count)
    items[x] = (unsigned char) grid_resolve (items[x], up ? up[x / B] & 1u : 0u);
}

/* Level 0: run x's resolved carry added in. */
MPZG_NTT_HD void
grid_carry_finish (u64 *r, size_t n, const unsigned char *items0, const unsigned char *up,
                   unsigned B, size_t runs, size_t x)
{
  if (x < runs)
    grid_carry_apply (r, n, x, grid_resolve (items0[x], up ? up[x / B] & 1u : 0u));
}

/* ---- one product's layout and schedule ---- */

/* An Ma by Mb product's transform and scratch: per product X (L words), Y (L words,
   unused by a square), then the carry scan's items (a byte each, `levels` levels
   for blocks of B runs or items); itch words in all. */
struct grid_layout
{
  grid_plan plan;
  size_t L, n, runs, itch;
  unsigned levels;
  size_t off[8], count[8];
};

MPZG_NTT_HD int
grid_layout_of (size_t Ma, size_t Mb, unsigned B, grid_layout *ly)
{
  unsigned lg = grid_log_length (Ma, Mb);
  size_t bytes;
  if (lg == 0)
    return 0;
  grid_make_plan (lg, &ly->plan);
  ly->L = (size_t) 1 << lg;
  ly->n = Ma + Mb;
  ly->runs = (ly->n + GRID_RUN_WORDS - 1) / GRID_RUN_WORDS;
  ly->levels = grid_scan_levels (ly->runs, B, ly->off, ly->count, &bytes);
  ly->itch = 2 * ly->L + (bytes + 7) / 8;
  return 1;
}

/* The order of the phases, for an executor that runs each over all its tiles or
   threads (the kernels' launches on the GPU, loops on the host):
     fwd (g, which, first)   forward pass g of operand which (0: a into X, 1: b into
                             Y), from the operand's digits when first
     middle (g, digits, square)   the last pass, pointwise product, first inverse
                             pass (from the operands' digits when it is the only pass)
     inv (g)                 an inverse pass of X
     runs (blocks)           carry level 0
     scan (k, blocks)        carry level k >= 1
     down (k)                resolve level k >= 1, top first
     finish ()               level 0's carries into the product.
   parts: GRID_A_FORWARD, a's forward passes but the last (which the middle
   runs), GRID_REST the others, so that the device may start on a while b is still
   being copied; both, the whole product. */
enum { GRID_A_FORWARD = 1, GRID_REST = 2 };

template <class Exec>
inline void
grid_schedule (Exec &ex, const grid_layout &ly, int square, unsigned B,
               unsigned parts = GRID_A_FORWARD | GRID_REST)
{
  const grid_plan &pl = ly.plan;
  const unsigned last = pl.passes - 1;
  if (parts & GRID_A_FORWARD)
    for (unsigned i = 0; i < last; i++)
      ex.fwd (grid_pass_of (&pl, i), 0, i == 0);
  if (!(parts & GRID_REST))
    return;
  if (!square)
    for (unsigned i = 0; i < last; i++)
      ex.fwd (grid_pass_of (&pl, i), 1, i == 0);
  ex.middle (grid_pass_of (&pl, last), last == 0, square);
  for (unsigned i = last; i-- > 0;)
    ex.inv (grid_pass_of (&pl, i));
  ex.runs ((ly.runs + B - 1) / B);
  for (unsigned k = 1; k < ly.levels; k++)
    ex.scan (k, (ly.count[k] + B - 1) / B);
  for (unsigned k = ly.levels; k-- > 1;)
    ex.down (k);
  ex.finish ();
}

} /* namespace ntt */
} /* namespace mpzg */

#endif
