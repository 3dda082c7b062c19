/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt3-core.cuh -- exact multiplication by number-theoretic transforms over three
   prime fields below 2^30 (ntt3-field.cuh), one product per three teams of threads
   and a fourth that joins their results: the operands cut into 32-bit digits (the
   halves of their words, so the cut is free), transformed in each field, multiplied
   pointwise, transformed back; then each coefficient of the digit convolution
   rebuilt from its three residues (Garner) and the coefficients carried into
   64-bit words.

   Exactness.  A coefficient of the digit convolution of Da and Db digits is a sum
   of at most min (Da, Db) <= L / 2 products of two digits below 2^32, so it is
   below 2^13 (2^32 - 1)^2 < 2^77 for the longest transform, L = 2^14, while
   p0 p1 p2 > 2^88: the residues determine it.  Each field has roots of unity of
   order 2^14 and 3 2^12 (its prime is 1 + 3 2^14 c).  ntt3_length refuses longer
   transforms.  No floating point.

   The transform, length L = 2^k or 3 2^k.  Forward: decimation in frequency
   (natural order in, bit-reversed order out), Gentleman-Sande butterflies; inverse: decimation
   in time from the bit-reversed order, Cooley-Tukey butterflies with the inverse
   roots, which undoes the forward stage by stage, so that no permutation is ever
   done: the pointwise product does not care about the order.  The stages are
   grouped into passes over the team's shared memory: first, when L = 3 2^k, one
   of radix 3 (pass3), which leaves three transforms of length 2^k; then one of
   radix 2^(k mod 3) when 3 does not divide k, then passes of radix 8.  A pass of
   radix R at stride S gives each thread groups of R points B + j + m S (m < R, j < S, B a multiple of
   R S), transformed in registers through log2 R stages (R - 1 roots from the
   table); the strides are 2^k / R0, then powers of 8 down to 1.  The first forward
   pass reads the digits from device memory; the forward pass of stride 1, the
   pointwise product (scaled by 1 / L) and the inverse pass of stride 1 run as one
   pass on the same groups; the last inverse pass writes the residues, reduced, to
   device memory.  So a product of length L in one field is about 2 log8 L passes
   and barriers, and each point of a pass costs one shared-memory load and store.
   The points are kept at slot (i), which permutes each aligned run of 32 words so
   that the 32 threads of a warp hit 32 distinct banks in every pass of every
   length (checked for every length by tests/mpn/t-mul-ntt-host.cc).

   Host and device code: the per-thread pieces are __host__ __device__; the drivers
   ntt3_residues and ntt3_join run them phase by phase over a team, a thread block
   on the GPU (cuda/mul/ntt.cu) and a loop over the "threads" on the host, where
   tests/mpn/t-mul-ntt-host.cc compares whole products with GMP's mpn_mul. */
#ifndef MPZG_NTT3_CORE_CUH
#define MPZG_NTT3_CORE_CUH

#include "ntt3-field.cuh"
#include "ntt3-length.h"

namespace mpzg {
namespace ntt3 {

/* The longest transform (one block's shared memory holds two of 32-bit points),
   the shortest, and the root tables' entries per field and direction: for each
   span h = 2^i < NTT3_MAX, the roots w_2h^e or w_2h^-e (w_2h of order 2h) for
   e < h at entry h + e, so that the threads of a warp, which take consecutive e,
   read consecutive entries; then, from entry NTT3_MAX, for each length L = 3m
   (m = 2^i, 64 <= m <= NTT3_MAX / 4) the roots w_L^e or w_L^-e for e < 2m at
   entry NTT3_MAX + 2m + e (the radix-3 pass's; w_L^m is a cube root of 1). */
enum { NTT3_LOG_MAX = MPZG_NTT3_LOG_MAX, NTT3_MAX = 1 << NTT3_LOG_MAX,
       NTT3_LOG_MIN = MPZG_NTT3_LOG_MIN, NTT3_TABLE = 2 * NTT3_MAX };

/* Table t of the 2 NPRIMES tables: field q, forward (inv 0) or inverse roots. */
MPZG_NTT3_HD constexpr unsigned
table_index (int q, int inv)
{
  return (unsigned) (2 * q + inv) * NTT3_TABLE;
}

/* The tables, 2 NPRIMES NTT3_TABLE factors. */
inline void
fill_tables (factor *tw)
{
  for (int q = 0; q < NPRIMES; q++)
    {
      const u32 p = prime (q);
      tw[table_index (q, 0)] = tw[table_index (q, 1)] = make_factor (0, p);  /* unused */
      for (unsigned i = 0, h = 1; h < NTT3_MAX; i++, h *= 2)
        {
          const u32 w = root_of_order (q, i + 1), wi = mod_pow (w, p - 2, p);
          u64 x = 1, y = 1;
          for (unsigned e = 0; e < h; e++, x = x * w % p, y = y * wi % p)
            {
              tw[table_index (q, 0) + h + e] = make_factor ((u32) x, p);
              tw[table_index (q, 1) + h + e] = make_factor ((u32) y, p);
            }
        }
      for (unsigned m = 1; m < 128; m++)
        tw[table_index (q, 0) + NTT3_MAX + m] = tw[table_index (q, 1) + NTT3_MAX + m]
          = make_factor (0, p);  /* unused */
      for (unsigned m = 64; m <= NTT3_MAX / 4; m *= 2)
        {
          const u32 w = mod_pow (generator (q), (p - 1) / (3 * m), p), wi = mod_pow (w, p - 2, p);
          u64 x = 1, y = 1;
          for (unsigned e = 0; e < 2 * m; e++, x = x * w % p, y = y * wi % p)
            {
              tw[table_index (q, 0) + NTT3_MAX + 2 * m + e] = make_factor ((u32) x, p);
              tw[table_index (q, 1) + NTT3_MAX + 2 * m + e] = make_factor ((u32) y, p);
            }
        }
    }
}

/* A transform's length: L = 2^k, or L = 3 2^k when three. */
struct ntt3_len
{
  unsigned L, k;
  int three;
};

/* The transform for a product of na by nb digits (32-bit words): the length of
   ntt3-length.h for its na + nb - 1 coefficients (host only). */
constexpr inline ntt3_len
ntt3_length (unsigned na, unsigned nb)
{
  unsigned k = 0;
  int three = 0;
  const unsigned L = mpzg_ntt3_length ((unsigned long long) na + nb - 1, &k, &three);
  return ntt3_len { L, k, three };
}

/* Threads of a field's team for a length L: a group of 8 points each in a pass of
   radix 8, at most max_threads (then several groups each). */
MPZG_NTT3_HD constexpr unsigned
ntt3_threads (unsigned L, unsigned max_threads)
{
  return L / 8 < max_threads ? L / 8 : max_threads;
}

/* The scale of the pointwise product in field q: 2^32 / L mod p (the Montgomery
   product divides by 2^32). */
inline factor
ntt3_scale (int q, unsigned L)
{
  const u32 p = prime (q);
  const u32 inv_len = mod_pow (L % p, p - 2, p);
  return make_factor ((u32) (((u64) 1 << 32) % p * inv_len % p), p);
}

/* Where point i of a transform is kept: bits 0-4 of i xored with bits 3-7. */
MPZG_NTT3_HD unsigned
slot (unsigned i)
{
  return i ^ ((i >> 3) & 31);
}

MPZG_NTT3_HD factor
ld_factor (const factor *t)
{
#ifdef __CUDA_ARCH__
  const uint2 v = __ldg ((const uint2 *) t);
  factor f = { v.x, v.y };
  return f;
#else
  return *t;
#endif
}

/* The R points of a group, stride S, offset j, in registers: forward from the
   natural order, stages of spans R S / 2 down to S; inverse the reverse.  The
   stage of span h multiplies the points at j + m S within their block of 2h by
   w_2h^(j + m S), table entry h + j + m S. */
template <int q, int R, bool fwd>
MPZG_NTT3_HD void
radix (u32 *v, unsigned j, unsigned S, const factor *tw)
{
  constexpr u32 p = prime (q);
MPZG_NTT3_UNROLL
  for (int i = 0; (1 << i) < R; i++)
    {
      const int half = fwd ? R >> (i + 1) : 1 << i;
MPZG_NTT3_UNROLL
      for (int m = 0; m < half; m++)
        {
          const factor w = ld_factor (tw + half * S + j + m * S);
MPZG_NTT3_UNROLL
          for (int base = 0; base < R; base += 2 * half)
            if (fwd)
              bfly_gs<p> (v[base + m], v[base + m + half], w);
            else
              bfly_ct<p> (v[base + m], v[base + m + half], w);
        }
    }
}

/* Where a pass reads and writes: the team's shared memory, or device memory (the
   digits, n of them, zero above; the residues, reduced to [0, p)). */
enum { IN_SHARED, IN_DIGITS };
enum { OUT_SHARED, OUT_RESIDUES };

/* Point i as a pass reads it (the digit, reduced to [0, 2p), or the point at its
   slot) and writes it (the residue, reduced to [0, p), or the point at its slot). */
template <int q, int in>
MPZG_NTT3_HD u32
ld_point (const u32 *X, const u32 *digits, unsigned n, unsigned i)
{
  constexpr u32 p = prime (q);
  const factor one = { 1, (u32) ((1ULL << 32) / p) };
  if (in == IN_DIGITS)
    return i < n ? mul_shoup<p> (digits[i], one) : 0;
  return X[slot (i)];
}

template <int q, int out>
MPZG_NTT3_HD void
st_point (u32 *X, u32 *res, unsigned i, u32 v)
{
  if (out == OUT_RESIDUES)
    res[i] = reduce1<prime (q)> (v);
  else
    X[slot (i)] = v;
}

/* Thread t's groups of one pass of radix R at stride S over X. */
template <int q, int R, bool fwd, int in, int out>
MPZG_NTT3_HD void
pass (u32 *X, const u32 *digits, unsigned n, u32 *res, unsigned L, unsigned S,
      const factor *tw, unsigned t, unsigned T)
{
  for (unsigned g = t; g < L / R; g += T)
    {
      const unsigned j = g & (S - 1), B = (g - j) * R + j;
      u32 v[R];
MPZG_NTT3_UNROLL
      for (int m = 0; m < R; m++)
        v[m] = ld_point<q, in> (X, digits, n, B + m * S);
      radix<q, R, fwd> (v, j, S, tw);
MPZG_NTT3_UNROLL
      for (int m = 0; m < R; m++)
        st_point<q, out> (X, res, B + m * S, v[m]);
    }
}

/* The radix-3 pass of a length L = 3m: for j < m the points j, j + m, j + 2m,
   forward (decimation in frequency) to y0 = x0 + x1 + x2,
   y1 = (x0 - x2 + u) w_L^j, y2 = (x0 - x1 - u) w_L^2j with u = w3 (x1 - x2), since
   w3^2 = -1 - w3; the inverse undoes it with the inverse roots (times 3).  t3: the
   table's roots of w_L (entry NTT3_MAX + 2m on), w3 = w_L^m among them. */
template <int q, bool fwd, int in, int out>
MPZG_NTT3_HD void
pass3 (u32 *X, const u32 *digits, unsigned n, u32 *res, unsigned m, const factor *t3,
       unsigned t, unsigned T)
{
  constexpr u32 p = prime (q);
  const factor w3 = ld_factor (t3 + m);
  for (unsigned j = t; j < m; j += T)
    {
      u32 x[3];
MPZG_NTT3_UNROLL
      for (int r = 0; r < 3; r++)
        x[r] = ld_point<q, in> (X, digits, n, j + r * m);
      u32 y[3];
      if (fwd)
        {
          const u32 u = mul_shoup<p> (x[1] - x[2] + 2 * p, w3);
          y[0] = reduce2<p> (reduce2<p> (x[0] + x[1]) + x[2]);
          y[1] = mul_shoup<p> (reduce2<p> (x[0] - x[2] + 2 * p) + u, ld_factor (t3 + j));
          y[2] = mul_shoup<p> (reduce2<p> (x[0] - x[1] + 2 * p) - u + 2 * p,
                               ld_factor (t3 + 2 * j));
        }
      else
        {
          const u32 b = mul_shoup<p> (x[1], ld_factor (t3 + j));
          const u32 c = mul_shoup<p> (x[2], ld_factor (t3 + 2 * j));
          const u32 u = mul_shoup<p> (b - c + 2 * p, w3);
          y[0] = reduce2<p> (reduce2<p> (x[0] + b) + c);
          y[1] = reduce2<p> (reduce2<p> (x[0] - c + 2 * p) + u);
          y[2] = reduce2<p> (reduce2<p> (x[0] - b + 2 * p) - u + 2 * p);
        }
MPZG_NTT3_UNROLL
      for (int r = 0; r < 3; r++)
        st_point<q, out> (X, res, j + r * m, y[r]);
    }
}

/* The pass of stride 1 in the middle: both forward transforms' last stages, the
   pointwise product times 1 / L into X, and the inverse transform's first stages. */
template <int q>
MPZG_NTT3_HD void
pass_mid (u32 *X, const u32 *Y, unsigned L, factor scale, const factor *twf,
          const factor *twi, unsigned t, unsigned T)
{
  constexpr u32 p = prime (q);
  for (unsigned g = t; g < L / 8; g += T)
    {
      u32 x[8], y[8];
MPZG_NTT3_UNROLL
      for (int m = 0; m < 8; m++)
        {
          x[m] = X[slot (8 * g + m)];
          y[m] = Y[slot (8 * g + m)];
        }
      radix<q, 8, true> (x, 0, 1, twf);
      radix<q, 8, true> (y, 0, 1, twf);
MPZG_NTT3_UNROLL
      for (int m = 0; m < 8; m++)
        x[m] = mul_shoup<p> (mul_mont<p> (reduce1<p> (x[m]), y[m]), scale);
      radix<q, 8, false> (x, 0, 1, twi);
MPZG_NTT3_UNROLL
      for (int m = 0; m < 8; m++)
        X[slot (8 * g + m)] = x[m];
    }
}

/* ---- one field's residues of the product, over a team ----
   Team: threads () (T), each (f) runs f (t) for every thread t then waits for all.
   a, b: na, nb digits; X, Y: L points each (shared memory); res receives the L
   residues of the product's digit convolution in field q. */
template <int R>
struct radix_c
{
  static constexpr int value = R;
};

template <int q, class Team>
MPZG_NTT3_TEAM void
ntt3_residues (Team &tm, const u32 *a, unsigned na, const u32 *b, unsigned nb, u32 *res,
               u32 *X, u32 *Y, ntt3_len len, factor scale, const factor *tables)
{
  const unsigned T = tm.threads (), L = len.L, k = len.k, M = 1u << k, r0 = k % 3, n8 = k / 3;
  const factor *twf = tables + table_index (q, 0), *twi = tables + table_index (q, 1);
  const factor *t3f = twf + NTT3_MAX + 2 * M, *t3i = twi + NTT3_MAX + 2 * M;
  /* a forward pass of both operands, from the digits or shared memory; an inverse
     pass of X, to shared memory or the residues */
  auto fwd = [&] (auto rd, unsigned S, bool from_digits) {
    constexpr int R = decltype (rd)::value;
    if (from_digits)
      tm.each ([&] (unsigned t) {
        pass<q, R, true, IN_DIGITS, OUT_SHARED> (X, a, na, 0, L, S, twf, t, T);
        pass<q, R, true, IN_DIGITS, OUT_SHARED> (Y, b, nb, 0, L, S, twf, t, T);
      });
    else
      tm.each ([&] (unsigned t) {
        pass<q, R, true, IN_SHARED, OUT_SHARED> (X, 0, 0, 0, L, S, twf, t, T);
        pass<q, R, true, IN_SHARED, OUT_SHARED> (Y, 0, 0, 0, L, S, twf, t, T);
      });
  };
  auto inv = [&] (auto rd, unsigned S, bool to_residues) {
    constexpr int R = decltype (rd)::value;
    if (to_residues)
      tm.each ([&] (unsigned t) {
        pass<q, R, false, IN_SHARED, OUT_RESIDUES> (X, 0, 0, res, L, S, twi, t, T);
      });
    else
      tm.each ([&] (unsigned t) {
        pass<q, R, false, IN_SHARED, OUT_SHARED> (X, 0, 0, 0, L, S, twi, t, T);
      });
  };
  /* forward: radix 3 (L = 3M), radix 2^r0, radix 8 down to stride 8 */
  if (len.three)
    tm.each ([&] (unsigned t) {
      pass3<q, true, IN_DIGITS, OUT_SHARED> (X, a, na, 0, M, t3f, t, T);
      pass3<q, true, IN_DIGITS, OUT_SHARED> (Y, b, nb, 0, M, t3f, t, T);
    });
  if (r0 == 1)
    fwd (radix_c<2> (), M / 2, !len.three);
  else if (r0 == 2)
    fwd (radix_c<4> (), M / 4, !len.three);
  unsigned S = M >> r0;
  for (unsigned i = 0; i + 1 < n8; i++)
    {
      S /= 8;
      fwd (radix_c<8> (), S, i == 0 && r0 == 0 && !len.three);
    }
  tm.each ([&] (unsigned t) { pass_mid<q> (X, Y, L, scale, twf, twi, t, T); });
  /* inverse: the same passes in the other order */
  S = 1;
  for (unsigned i = 1; i < n8; i++)
    {
      S *= 8;
      inv (radix_c<8> (), S, i + 1 == n8 && r0 == 0 && !len.three);
    }
  if (r0 == 1)
    inv (radix_c<2> (), M / 2, !len.three);
  else if (r0 == 2)
    inv (radix_c<4> (), M / 4, !len.three);
  if (len.three)
    tm.each ([&] (unsigned t) {
      pass3<q, false, IN_SHARED, OUT_RESIDUES> (X, 0, 0, res, M, t3i, t, T);
    });
}

/* ---- joining the residues into the product ----
   Coefficient c_k (three words, from the residues at k, L + k, 2L + k; zero at
   k < 0 or k >= L) goes to words k, k + 1, k + 2 of the product.  Word m's sum
   S_m = c_m[0] + c_(m-1)[1] + c_(m-2)[2] is below 3 2^32: S_m = lo_m + 2^32 hi_m,
   and the product is sum_m (lo_m + hi_(m-1)) 2^(32 m): one carry chain of 32-bit
   words, whose items are runs of words, one per thread, carried across the team
   by a scan. */
MPZG_NTT3_HD void
coefficient (const u32 *res, unsigned L, int k, const crt_consts &c, u32 *x)
{
  if (k < 0 || (unsigned) k >= L)
    x[0] = x[1] = x[2] = 0;
  else
    crt (res[k], res[L + k], res[2 * L + k], c, x);
}

/* Words a thread takes in a round of the join: short runs, so that the threads of
   a warp read neighbouring residues (a warp's run of words is 128 R bytes). */
enum { NTT3_JOIN_RUN = 4 };

/* The run of the n product words from m0, R words clipped to n: written to r
   without the carry into the run.  Returns the run's carry-chain item: bit 0
   generate (a carry out of the run), bit 1 propagate (every word all ones; an empty
   run propagates).  Both cannot hold: the run's sum
   sum (lo_m + hi_(m-1)) 2^(32 (m - m0)) is at most (2^32 + 1)(2^(32 R) - 1) / (2^32 - 1)
   < 2^(32 R) + 2^(32 (R - 1)) + 1, so with a carry out the low words are below
   2^(32 (R - 1)) + 1, not all ones. */
MPZG_NTT3_HD unsigned
carry_run (const u32 *res, unsigned L, u32 *r, unsigned n, const crt_consts &c, unsigned m0,
           unsigned R)
{
  const unsigned m1 = m0 + R < n ? m0 + R : n;
  u32 c1[3], c2[3], c3[3], all = ~0u, carry = 0;
  if (m0 >= n)
    return 2;
  coefficient (res, L, (int) m0 - 3, c, c3);
  coefficient (res, L, (int) m0 - 2, c, c2);
  coefficient (res, L, (int) m0 - 1, c, c1);
  u64 prev_hi = ((u64) c1[0] + c2[1] + c3[2]) >> 32;
  for (unsigned m = m0; m < m1; m++)
    {
      u32 c0[3];
      coefficient (res, L, (int) m, c, c0);
      const u64 s = (u64) c0[0] + c1[1] + c2[2];
      const u64 w = (u64) (u32) s + prev_hi + carry;
      r[m] = (u32) w;
      all &= (u32) w;
      carry = (u32) (w >> 32);
      prev_hi = s >> 32;
      c2[0] = c1[0], c2[1] = c1[1], c2[2] = c1[2];
      c1[0] = c0[0], c1[1] = c0[1], c1[2] = c0[2];
    }
  return carry | (all == ~0u ? 2u : 0u);
}

/* The carry into the run from m0, when cin. */
MPZG_NTT3_HD void
carry_apply (u32 *r, unsigned n, unsigned cin, unsigned m0, unsigned R)
{
  const unsigned m1 = m0 + R < n ? m0 + R : n;
  if (!cin)
    return;
  for (unsigned m = m0; m < m1; m++)
    if (++r[m] != 0)
      break;
}

/* The product's n words (32-bit) from the residues, over a team, in rounds of
   T NTT3_JOIN_RUN words: scan (items, cin) replaces each thread's carry-chain item
   by the carry into its run, the first run's including cin, and returns the carry
   out of the round's last run, which goes into the next round. */
template <class Team>
MPZG_NTT3_TEAM void
ntt3_join (Team &tm, const u32 *res, unsigned L, u32 *r, unsigned n, const crt_consts &c,
           unsigned char *items)
{
  const unsigned T = tm.threads (), R = NTT3_JOIN_RUN;
  unsigned cin = 0;
  for (unsigned base = 0; base < n; base += T * R)
    {
      tm.each ([&] (unsigned t) {
        items[t] = (unsigned char) carry_run (res, L, r, n, c, base + t * R, R);
      });
      cin = tm.scan (items, cin);
      tm.each ([&] (unsigned t) { carry_apply (r, n, items[t], base + t * R, R); });
    }
}

} /* namespace ntt3 */
} /* namespace mpzg */

#endif
