/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt-host.cc -- the device's NTT multiplication in one block per field
   (cuda/mul/ntt3-core.cuh, ntt3-field.cuh), compiled for the host and compared with
   GMP: the fields' arithmetic against 64-bit remainders, the Chinese remainder step
   against GMP, the root tables, the lengths, the shared-memory slots (every pass of
   every length hits 32 distinct banks per warp), and whole products run phase by
   phase over teams of "threads" as the kernels' blocks run them: at both edges of
   every NTT class of the mul ladder (the classes whose narrower operand is at least
   MPZG_MUL_NTT_MIN_LIMBS wide), with all-ones operands (the largest coefficients),
   random, sparse and top-bit ones, and unbalanced pairs; then every transform
   length through small products and through the widest square it takes.  Needs no
   GPU, so the algorithm is checked on every build; tests/mpn/t-mul-ntt.c runs the
   kernels themselves.

   Usage: t-mul-ntt-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>
#include "tuning.h"
#include "core/widths.h"
#include "mul/ntt3-core.cuh"
#include "host-shared.h"

using namespace mpzg::ntt3;

static std::vector<factor> tables (2 * NPRIMES * NTT3_TABLE);
static crt_consts consts;

/* The team of the host: the threads one after another in every phase. */
struct host_team
{
  unsigned T;
  unsigned last_cout;
  unsigned threads () const { return T; }
  template <class F> void each (F f) { for (unsigned t = 0; t < T; t++) f (t); }
  unsigned scan (unsigned char *items, unsigned c)
  {
    for (unsigned t = 0; t < T; t++)
      {
        unsigned g = items[t] & 1, p = (items[t] >> 1) & 1;
        if (g && p)
          {
            fprintf (stderr, "t-mul-ntt-host: run %u both generates and propagates\n", t);
            failures++;
          }
        items[t] = (unsigned char) c;
        c = g | (p & c);
      }
    last_cout = c;
    return c;
  }
};

static int
bad (const char *what, int q, u32 x, u32 y)
{
  if (host_failed ())
    fprintf (stderr, "t-mul-ntt-host: field %d: %s on %08x %08x\n", q, what, x, y);
  return 1;
}

/* Each operation's range and residue, on edges and random values. */
template <int q>
static void
check_field (gmp_randstate_t rs, long count)
{
  constexpr u32 p = prime (q);
  const u32 edge[] = { 0, 1, 2, p - 1, p, p + 1, 2 * p - 1, 2 * p, 4 * p - 1, 0xffffffffu };
  const int ne = sizeof edge / sizeof edge[0];
  if ((u32) (p * (0u - neg_inverse (p))) != 1)
    bad ("neg_inverse", q, p, 0);
  for (long i = 0; i < count; i++)
    {
      u32 x = i < ne * ne ? edge[i / ne] : (u32) host_rand64 (rs);
      u32 y = i < ne * ne ? edge[i % ne] : (u32) host_rand64 (rs);
      factor w = make_factor (y, p);
      u32 s = mul_shoup<p> (x, w);
      if (s >= 2 * p || s % p != (u64) x * (y % p) % p)
        bad ("mul_shoup", q, x, y);
      u32 a = x % p, b = y % (2 * p);
      u32 m = mul_mont<p> (a, b);
      if (m >= 2 * p || (u64) m * ((1ULL << 32) % p) % p != (u64) a * b % p)
        bad ("mul_mont", q, a, b);
      u32 c = x % (4 * p);
      if (reduce2<p> (c) >= 2 * p || reduce2<p> (c) % p != c % p)
        bad ("reduce2", q, c, 0);
      if (reduce1<p> (c % (2 * p)) != c % p)
        bad ("reduce1", q, c, 0);
      u32 u = x % (2 * p), v = y % (2 * p), u0 = u, v0 = v;
      bfly_gs<p> (u, v, w);
      if (u >= 2 * p || v >= 2 * p || u % p != (u0 + v0) % p
          || v % p != (u64) ((u0 + 2 * p - v0) % p) * w.w % p)
        bad ("bfly_gs", q, u0, v0);
      u = u0, v = v0;
      bfly_ct<p> (u, v, w);
      u32 t = (u32) ((u64) v0 * w.w % p);
      if (u >= 2 * p || v >= 2 * p || u % p != (u0 + t) % p || v % p != (u0 + 2 * p - t) % p)
        bad ("bfly_ct", q, u0, v0);
    }
}

/* The Chinese remainder step against GMP: every residue triple of edges, and
   random ones. */
static void
check_crt (gmp_randstate_t rs, long count)
{
  const u32 P[3] = { prime (0), prime (1), prime (2) };
  mpz_t x, m, r;
  mpz_inits (x, m, r, NULL);
  for (long i = 0; i < count; i++)
    {
      u32 res[3], w[3];
      for (int q = 0; q < 3; q++)
        {
          const u32 e[4] = { 0, 1, P[q] - 1, P[q] / 2 };
          res[q] = i < 64 ? e[(i >> (2 * q)) & 3] : (u32) (host_rand64 (rs) % P[q]);
        }
      if (i >= 64 && i % 3 == 0)        /* a value below 2^77, as the coefficients are */
        {
          mpz_urandomb (x, rs, 77);
          for (int q = 0; q < 3; q++)
            res[q] = (u32) mpz_fdiv_ui (x, P[q]);
        }
      crt (res[0], res[1], res[2], consts, w);
      mpz_set_ui (x, w[2]);
      mpz_mul_2exp (x, x, 32);
      mpz_add_ui (x, x, w[1]);
      mpz_mul_2exp (x, x, 32);
      mpz_add_ui (x, x, w[0]);
      mpz_set_ui (m, P[0]);
      mpz_mul_ui (m, m, P[1]);
      mpz_mul_ui (m, m, P[2]);
      int ok = mpz_cmp (x, m) < 0;
      for (int q = 0; q < 3; q++)
        ok = ok && mpz_fdiv_ui (x, P[q]) == res[q];
      if (!ok && host_failed ())
        fprintf (stderr, "t-mul-ntt-host: crt (%u, %u, %u)\n", res[0], res[1], res[2]);
    }
  mpz_clears (x, m, r, NULL);
}

/* Each span's entries: w_2h^e and w_2h^-e with w_2h of order exactly 2h, and their
   Shoup companions. */
static void
check_tables (void)
{
  for (int q = 0; q < NPRIMES; q++)
    for (unsigned h = 1; h < NTT3_MAX; h *= 2)
      {
        const u32 p = prime (q), w = tables[table_index (q, 0) + h + (h > 1)].w;
        if (h > 1 && mod_pow (w, h, p) != p - 1)
          bad ("root order", q, w, h);
        u64 x = 1;
        for (unsigned e = 0; e < h; e++, x = x * w % p)
          {
            factor f = tables[table_index (q, 0) + h + e], g = tables[table_index (q, 1) + h + e];
            if ((h > 1 && f.w != x) || (h == 1 && f.w != 1) || (u64) f.w * g.w % p != 1
                || f.wq != make_factor (f.w, p).wq || g.wq != make_factor (g.w, p).wq)
              {
                bad ("table", q, h, e);
                return;
              }
          }
      }
  /* the radix-3 pass's: w_L^e for L = 3m, e < 2m, w_L of order exactly L */
  for (int q = 0; q < NPRIMES; q++)
    for (unsigned m = 64; m <= NTT3_MAX / 4; m *= 2)
      {
        const u32 p = prime (q);
        const factor *t = &tables[table_index (q, 0) + NTT3_MAX + 2 * m],
          *ti = &tables[table_index (q, 1) + NTT3_MAX + 2 * m];
        const u32 w = t[1].w;
        if (mod_pow (w, 3 * m, p) != 1 || mod_pow (w, m, p) == 1 || mod_pow (w, 3 * m / 2, p) == 1)
          bad ("radix-3 root order", q, w, m);
        u64 x = 1;
        for (unsigned e = 0; e < 2 * m; e++, x = x * w % p)
          if (t[e].w != x || (u64) t[e].w * ti[e].w % p != 1 || t[e].wq != make_factor (x, p).wq
              || ti[e].wq != make_factor (ti[e].w, p).wq)
            {
              bad ("radix-3 table", q, m, e);
              return;
            }
      }
}

/* The banks of every pass: for each warp (32 consecutive groups) and each point m
   of the groups, 32 distinct banks; lengths 2^k and 3 2^k (a radix-3 pass of
   stride 2^k first). */
static void
check_banks (void)
{
  for (unsigned k = NTT3_LOG_MIN; k <= NTT3_LOG_MAX; k++)
    for (int three = 0; three < 2; three++)
      {
        if (three && 3u << k > NTT3_MAX)
          continue;
        const unsigned M = 1u << k, L = three ? 3 * M : M, r0 = k % 3;
        std::vector<unsigned> R, S;
        unsigned s = M;
        if (three)
          {
            R.push_back (3);
            S.push_back (M);
          }
        if (r0)
          {
            R.push_back (1u << r0);
            S.push_back (s >>= r0);
          }
        while (s > 1)
          {
            R.push_back (8);
            S.push_back (s /= 8);
          }
        for (size_t pi = 0; pi < R.size (); pi++)
          for (unsigned g0 = 0; g0 < L / R[pi]; g0 += 32)
            for (unsigned m = 0; m < R[pi]; m++)
              {
                unsigned seen = 0, worst = 0;
                for (unsigned g = g0; g < g0 + 32 && g < L / R[pi]; g++)
                  {
                    unsigned i = R[pi] == 3 ? g + m * M
                      : (g - (g & (S[pi] - 1))) * R[pi] + (g & (S[pi] - 1)) + m * S[pi];
                    unsigned bank = slot (i) & 31;
                    if (seen & (1u << bank))
                      worst = 1;
                    seen |= 1u << bank;
                    if (slot (i) >> 5 != i >> 5)
                      worst = 1;
                  }
                if (worst && host_failed ())
                  fprintf (stderr, "t-mul-ntt-host: L = %u, pass of radix %u stride %u: bank "
                           "conflict\n", L, R[pi], S[pi]);
              }
      }
}

/* ntt3_length against the definition. */
static void
check_lengths (void)
{
  for (unsigned n = 1; n <= 2 * NTT3_MAX; n += 1 + n / 64)
    for (unsigned nb = 1; nb <= n; nb += 1 + nb / 4)
      {
        unsigned need = n + nb - 1, best = 0;
        for (unsigned L = 64; L <= NTT3_MAX && !best; L *= 2)
          best = L >= need ? L
            : L >= 128 && 3 * L / 2 >= need && 3 * L / 2 <= NTT3_MAX ? 3 * L / 2 : 0;
        ntt3_len len = ntt3_length (n, nb);
        if (len.L != best || (best && len.L != (len.three ? 3u : 1u) << len.k))
          {
            if (host_failed ())
              fprintf (stderr, "t-mul-ntt-host: length %u (want %u) for %u by %u digits\n",
                       len.L, best, n, nb);
            return;
          }
      }
}

enum { ONES, RANDOM, SPARSE, TOP };
static const char *const kind_name[] = { "all ones", "random", "sparse", "top bit" };
static long products;

static void
fill (gmp_randstate_t rs, u64 *p, unsigned w, unsigned n, int kind)
{
  memset (p, 0, w * sizeof *p);
  for (unsigned i = 0; i < n; i++)
    switch (kind)
      {
      case ONES: p[i] = ~0ULL; break;
      case RANDOM: p[i] = host_rand64 (rs); break;
      case SPARSE: p[i] = gmp_urandomb_ui (rs, 3) == 0 ? host_rand64 (rs) : 0; break;
      default: p[i] = i + 1 == n ? 1ULL << 63 : 0; break;
      }
}

/* One product of na by nb words at the class widths Ma >= Mb (the kernels' view:
   operands padded with zeros), emulated over the teams the kernels would launch:
   the three fields' teams, then the joining team. */
static void
check_product (gmp_randstate_t rs, unsigned Ma, unsigned Mb, unsigned na, unsigned nb,
               int kind)
{
  const ntt3_len len = ntt3_length (2 * Ma, 2 * Mb);
  const unsigned L = len.L, n = 2 * (Ma + Mb);
  if (L == 0)
    {
      if (host_failed ())
        fprintf (stderr, "t-mul-ntt-host: no length for %u by %u words\n", Ma, Mb);
      return;
    }
  std::vector<u64> a (Ma), b (Mb), r (Ma + Mb), want (Ma + Mb, 0);
  std::vector<u32> X (L), Y (L), res (3 * L);
  std::vector<unsigned char> items (MPZG_MUL_NTT_JOIN_THREADS);
  fill (rs, a.data (), Ma, na, kind);
  fill (rs, b.data (), Mb, nb, kind == TOP ? (int) TOP : (int) ((kind + na) % 3));
  for (unsigned i = 0; i < Ma + Mb; i++)
    r[i] = host_rand64 (rs);
  if (na >= nb && nb > 0)
    mpn_mul ((mp_limb_t *) want.data (), (const mp_limb_t *) a.data (), na,
             (const mp_limb_t *) b.data (), nb);
  else if (na > 0 && nb > 0)
    mpn_mul ((mp_limb_t *) want.data (), (const mp_limb_t *) b.data (), nb,
             (const mp_limb_t *) a.data (), na);
  host_team tm = { ntt3_threads (L, MPZG_MUL_NTT_THREADS), 0 };
  const u32 *da = (const u32 *) a.data (), *db = (const u32 *) b.data ();
  for (unsigned i = 0; i < 3 * L; i++)
    res[i] = (u32) host_rand64 (rs);
  for (int q = 0; q < NPRIMES; q++)
    {
      for (unsigned i = 0; i < L; i++)  /* shared memory holds garbage */
        X[i] = Y[i] = (u32) host_rand64 (rs);
      u32 *rq = res.data () + q * L;
      if (q == 0)
        ntt3_residues<0> (tm, da, 2 * Ma, db, 2 * Mb, rq, X.data (), Y.data (), len,
                          ntt3_scale (0, L), tables.data ());
      else if (q == 1)
        ntt3_residues<1> (tm, da, 2 * Ma, db, 2 * Mb, rq, X.data (), Y.data (), len,
                          ntt3_scale (1, L), tables.data ());
      else
        ntt3_residues<2> (tm, da, 2 * Ma, db, 2 * Mb, rq, X.data (), Y.data (), len,
                          ntt3_scale (2, L), tables.data ());
    }
  host_team tj = { MPZG_MUL_NTT_JOIN_THREADS, 0 };
  ntt3_join (tj, res.data (), L, (u32 *) r.data (), n, consts, items.data ());
  products++;
  if (tj.last_cout)
    {
      fprintf (stderr, "t-mul-ntt-host: carry out of the product\n");
      failures++;
    }
  if (r != want)
    {
      unsigned i = 0;
      while (r[i] == want[i])
        i++;
      if (host_failed ())
        fprintf (stderr, "t-mul-ntt-host: %u by %u words (class %u by %u, L = %u, %u "
                 "threads, %s): word %u is %016llx, want %016llx\n", na, nb, Ma, Mb, L, tm.T,
                 kind_name[kind], i, r[i], want[i]);
    }
}

/* Both edges of every NTT class: the class widths themselves, and one word above
   the next narrower widths (the smallest sizes the class takes). */
static void
check_classes (gmp_randstate_t rs, long rounds)
{
  unsigned lo = mpzg_width_index (MPZG_MUL_NTT_MIN_LIMBS),
    hi = mpzg_width_index (MPZG_MUL_BLOCK_MAX_LIMBS);
  for (long round = 0; round < rounds; round++)
    for (unsigned ia = lo; ia <= hi; ia++)
      for (unsigned ib = lo; ib <= ia; ib++)
        {
          unsigned Ma = mpzg_width_value (ia), Mb = mpzg_width_value (ib);
          unsigned pa = mpzg_width_value (ia - 1) + 1, pb = mpzg_width_value (ib - 1) + 1;
          int kind = (int) ((ia + ib + round) % 4);
          check_product (rs, Ma, Mb, Ma, Mb, ONES);
          check_product (rs, Ma, Mb, pa, pb, kind == ONES ? RANDOM : kind);
          if (ia == ib || ib == lo || ia == hi)
            {
              check_product (rs, Ma, Mb, Ma, pb, RANDOM);
              check_product (rs, Ma, Mb, pa > Mb ? pa : Mb, Mb, ONES);
            }
        }
}

/* Small and unbalanced products (outside the ladder's classes, the same code), and
   every length by the widest square it takes (all ones) and an unbalanced product
   of the same length. */
static void
check_small (gmp_randstate_t rs)
{
  for (unsigned na = 1; na <= 200; na += 1 + na / 8)
    for (unsigned nb = 1; nb <= na; nb += 1 + nb / 4)
      for (int kind = 0; kind < 4; kind++)
        check_product (rs, na, nb, na, nb, kind);
  check_product (rs, MPZG_MUL_BLOCK_MAX_LIMBS, 1, MPZG_MUL_BLOCK_MAX_LIMBS, 1, ONES);
  check_product (rs, MPZG_MUL_BLOCK_MAX_LIMBS, 3, MPZG_MUL_BLOCK_MAX_LIMBS, 3, RANDOM);
  for (unsigned L = 64; L <= NTT3_MAX; L = L % 3 ? (L >= 128 ? 3 * L / 2 : 2 * L) : 4 * L / 3)
    {
      /* the widest square of length L: 4n - 1 <= L digits, and one word more */
      unsigned n = L / 4;
      if (ntt3_length (2 * n, 2 * n).L != L || (n + 1 <= NTT3_MAX / 4
                                                 && ntt3_length (2 * n + 2, 2 * n + 2).L == L))
        {
          if (host_failed ())
            fprintf (stderr, "t-mul-ntt-host: no widest square of length %u\n", L);
          continue;
        }
      check_product (rs, n, n, n, n, ONES);
      check_product (rs, n + n / 2, n / 2, n + n / 2, n / 2, RANDOM);
    }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-mul-ntt-host", rs, 20261124UL);
  fill_tables (tables.data ());
  consts = make_crt ();

  check_field<0> (rs, 200000);
  check_field<1> (rs, 200000);
  check_field<2> (rs, 200000);
  check_crt (rs, 100000);
  check_tables ();
  check_banks ();
  check_lengths ();
  check_small (rs);
  check_classes (rs, rounds < 1 ? 1 : rounds);

  gmp_randclear (rs);
  printf ("t-mul-ntt-host: %ld products, %d failures (MPZG_TEST_SEED=%lu)\n", products,
          failures, seed);
  return failures ? 1 : 0;
}
