/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt-host.cc -- the device's NTT multiplication (cuda/mul/ntt-core.cuh),
   compiled for the host and compared with GMP: the field arithmetic against
   128-bit remainders, the root table's orders, the length choice, and whole
   products run phase by phase over a team of "threads" as the kernel's block runs
   them: at both edges of every NTT class of the mul ladder (the classes whose
   narrower operand is at least MPZG_MUL_NTT_MIN_LIMBS wide), with all-ones operands
   (the largest coefficients, which test the bound), random and sparse ones, and
   unbalanced pairs; then every transform length through small products, and
   through the widest square of each length, up to 3N.  With radix 16 also the
   shift products, the in-register transforms against the DFT, and the plans.  The
   products run in both of the kernel's schedules: both transforms together, and
   one after the other with the first stashed.  Needs no
   GPU, so the algorithm is checked on every build; tests/mpn/t-mul-ntt.c runs the
   kernel itself.

   Usage: t-mul-ntt-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>
#include "tuning.h"
#include "core/widths.h"
#include "mul/ntt-core.cuh"
#include "host-shared.h"

using namespace mpzg::ntt;
typedef unsigned __int128 u128;

static std::vector<u64> roots (NTT_TABLE);

/* The team of the host: the threads one after another in every phase. */
struct host_team
{
  unsigned T;
  unsigned threads () const { return T; }
  template <class F> void each (F f) { for (unsigned t = 0; t < T; t++) f (t); }
  void scan (unsigned char *items)
  {
    unsigned c = 0;
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
    if (c)
      {
        fprintf (stderr, "t-mul-ntt-host: carry out of the product\n");
        failures++;
      }
  }
};

static void
check_field (gmp_randstate_t rs, long count)
{
  const u64 P = MPZG_NTT_P;
  const u64 edge[] = { 0, 1, 2, P - 1, P - 2, 0xffffffffULL, 0x100000000ULL,
                       0xfffffffeffffffffULL, P >> 1, (P >> 1) + 1 };
  const int ne = sizeof edge / sizeof edge[0];
  for (long i = 0; i < count; i++)
    {
      u64 a = i < ne * ne ? edge[i / ne] : host_rand64 (rs) % P;
      u64 b = i < ne * ne ? edge[i % ne] : host_rand64 (rs) % P;
      if (i >= ne * ne && i % 4 == 0)
        b = P - 1 - (host_rand64 (rs) & 0xffff);
      if (add (a, b) != (u64) (((u128) a + b) % P)
          || sub (a, b) != (u64) (((u128) a + P - b) % P)
          || mul (a, b) != (u64) (((u128) a * b) % P))
        {
          fprintf (stderr, "t-mul-ntt-host: field arithmetic on %016llx %016llx\n", a, b);
          failures++;
          return;
        }
      u64 lo = host_rand64 (rs), hi = host_rand64 (rs);
      if (i < 4)
        lo = hi = ~0ULL;
      if (reduce (lo, hi) != (u64) ((((u128) hi << 64) | lo) % P))
        {
          fprintf (stderr, "t-mul-ntt-host: reduce %016llx %016llx\n", hi, lo);
          failures++;
          return;
        }
    }
}

/* The candidate lengths: 64, 96, 128, ..., N, 3N/2, 3N. */
static std::vector<unsigned>
candidates (void)
{
  std::vector<unsigned> c;
  for (unsigned k = 64; k <= NTT_N; k *= 2)
    {
      c.push_back (k);
      c.push_back (3 * k / 2);
    }
  c.push_back (3 * NTT_N);
  return c;
}

/* mul_2exp against products by powers of two, every exponent. */
static void
check_mul_2exp (gmp_randstate_t rs)
{
  const u64 P = MPZG_NTT_P;
  const u64 edge[] = { 0, 1, 2, P - 1, P - 2, 0xffffffffULL, 0x100000000ULL,
                       0xfffffffeffffffffULL, P >> 1, (P >> 1) + 1 };
  const int ne = sizeof edge / sizeof edge[0];
  for (unsigned e = 0; e < 192; e++)
    for (int i = 0; i < ne + 200; i++)
      {
        u64 a = i < ne ? edge[i] : host_rand64 (rs) % P;
        if (mul_2exp (a, e) != mul (a, power (2, e)))
          {
            fprintf (stderr, "t-mul-ntt-host: mul_2exp (%016llx, %u)\n", a, e);
            failures++;
            return;
          }
      }
}

/* w has order exactly 3N and w^(3N/192) = 2; root and root_inv are w^e and w^-e
   over the whole group. */
static void
check_roots (void)
{
  u64 w = roots[1], wN = power (w, NTT_N), x = 1;
  if (power (w, 3 * (u64) NTT_N) != 1 || wN == 1 || mul (wN, mul (wN, wN)) != 1
      || power (w, 3 * (u64) NTT_N / 2) != MPZG_NTT_P - 1 || power (w, 3 * NTT_N / 192) != 2)
    {
      fprintf (stderr, "t-mul-ntt-host: w is not of order 3N with w^(3N/192) = 2\n");
      failures++;
    }
  for (unsigned e = 0; e < 3 * NTT_N; e++, x = mul (x, w))
    if (root (roots.data (), e) != x || mul (x, root_inv (roots.data (), e)) != 1)
      {
        fprintf (stderr, "t-mul-ntt-host: root or root_inv (%u)\n", e);
        failures++;
        return;
      }
}

#if MPZG_MUL_NTT_RADIX == 16
/* The in-register transforms: slot j holds the DFT's frequency freq (j) (roots
   w_R = 2^(192 / R)), freq is a permutation, and inv undoes fwd up to the factor R. */
static void
check_radices (gmp_randstate_t rs)
{
  for (unsigned ri = 0; ri < sizeof ntt_radices; ri++)
    with_radix (ntt_radices[ri], [&] (auto rd) {
      const unsigned R = decltype (rd)::points;
      u64 x[R], y[R], seen = 0;
      for (unsigned j = 0; j < R; j++)
        x[j] = y[j] = host_rand64 (rs) % MPZG_NTT_P;
      radix<R>::fwd (y);
      for (unsigned j = 0; j < R; j++)
        {
          unsigned k = radix<R>::freq (j);
          u64 want = 0;
          for (unsigned n = 0; n < R; n++)
            want = add (want, mul_2exp (x[n], (192 / R) * (n * k % R)));
          seen |= 1ULL << k;
          if (k >= R || y[j] != want)
            {
              fprintf (stderr, "t-mul-ntt-host: radix %u slot %u\n", R, j);
              failures++;
              return;
            }
        }
      radix<R>::inv (y);
      for (unsigned j = 0; j < R; j++)
        if (seen != (1ULL << R) - 1 || y[j] != mul (x[j], R))
          {
            fprintf (stderr, "t-mul-ntt-host: radix %u inverse, slot %u\n", R, j);
            failures++;
            return;
          }
    });
}

/* Every candidate length has a plan of radices of the set whose product is L, the
   last 16; ntt_slot permutes [0, L). */
static void
check_plans (void)
{
  for (unsigned L : candidates ())
      {
        ntt_plan pl;
        unsigned prod = 1;
        pl.L = L;
        plan_passes (&pl);
        for (unsigned i = 0; i < pl.passes; i++)
          prod *= plan_radix (pl, i);
        if (pl.passes < 2 || pl.passes > NTT_PASSES_MAX || prod != L
            || plan_radix (pl, pl.passes - 1) != NTT_LAST_RADIX)
          {
            fprintf (stderr, "t-mul-ntt-host: no plan for L = %u\n", L);
            failures++;
          }
        std::vector<unsigned char> hit (L, 0);
        for (unsigned i = 0; i < L; i++)
          if (ntt_slot (i) >= L || hit[ntt_slot (i)]++)
            {
              fprintf (stderr, "t-mul-ntt-host: ntt_slot is no permutation of %u\n", L);
              failures++;
              break;
            }
      }
}
#endif

/* The lengths: each holds the product's coefficients, is within the bound, and
   is the shortest candidate (2^k or 3 * 2^k) that does. */
static void
check_lengths (void)
{
  for (unsigned na = 1; na <= 2 * MPZG_MUL_BLOCK_MAX_LIMBS; na += 1 + na / 64)
    for (unsigned nb = 1; nb <= na; nb += 1 + nb / 16)
      {
        unsigned m, need = digits_of (na) + digits_of (nb) - 1, best = 0;
        int three;
        unsigned L = ntt_length (na, nb, &m, &three);
        for (unsigned k = 64; k <= NTT_N && !best; k *= 2)
          best = k >= need ? k : 3 * k / 2 >= need ? 3 * k / 2 : 0;
        if (!best && 3 * NTT_N >= need)
          best = 3 * NTT_N;
        if (L != best || (L && (L != (three ? 3 : 1) * m || m > NTT_N || L > NTT_MAX_LEN)))
          {
            fprintf (stderr, "t-mul-ntt-host: length %u (want %u) for %u by %u words\n",
                     L, best, na, nb);
            failures++;
            return;
          }
      }
}

enum { ONES, RANDOM, SPARSE, TOP };

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

static const char *const kind_name[] = { "all ones", "random", "sparse", "top bit" };
static long products;

/* One product of na by nb words at the class widths Ma >= Mb (the kernel's view:
   operands padded with zeros), emulated over the team the kernel would launch. */
static void
check_product (gmp_randstate_t rs, unsigned Ma, unsigned Mb, unsigned na, unsigned nb,
               int kind)
{
  ntt_plan pl;
  unsigned L = ntt_make_plan (Ma, Mb, &pl);
  if (L == 0)
    {
      fprintf (stderr, "t-mul-ntt-host: no length for %u by %u words\n", Ma, Mb);
      failures++;
      return;
    }
  std::vector<u64> a (Ma), b (Mb), r (Ma + Mb), want (Ma + Mb, 0), X (L), Y (L);
  std::vector<unsigned char> items (MPZG_MUL_NTT_THREADS);
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
  host_team tm = { team_threads (L, MPZG_MUL_NTT_THREADS) };
  for (int stash = 0; stash < 2; stash++)
    {
      for (unsigned i = 0; i < L; i++)  /* shared memory and scratch hold garbage */
        X[i] = Y[i] = host_rand64 (rs);
      ntt_mul_team (tm, a.data (), Ma, b.data (), Mb, r.data (), X.data (), Y.data (), stash,
                    pl, power (L, MPZG_NTT_P - 2), roots.data (), items.data ());
      products++;
      if (r != want)
        {
          unsigned i = 0;
          while (r[i] == want[i])
            i++;
          if (host_failed ())
            fprintf (stderr, "t-mul-ntt-host: %u by %u words (class %u by %u, L = %u, %u "
                     "threads, %s, %s): word %u is %016llx, want %016llx\n", na, nb, Ma, Mb,
                     L, tm.T, kind_name[kind], stash ? "stashed" : "together", i, r[i],
                     want[i]);
        }
      for (unsigned i = 0; i < Ma + Mb; i++)
        r[i] = host_rand64 (rs);
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

/* Every length through small and unbalanced products (outside the ladder's
   classes, the same code): each length's edges and its radix-3 and radix-2 forms. */
static void
check_small (gmp_randstate_t rs)
{
  for (unsigned na = 1; na <= 200; na += 1 + na / 8)
    for (unsigned nb = 1; nb <= na; nb += 1 + nb / 4)
      for (int kind = 0; kind < 4; kind++)
        check_product (rs, na, nb, na, nb, kind);
  check_product (rs, MPZG_MUL_BLOCK_MAX_LIMBS, 1, MPZG_MUL_BLOCK_MAX_LIMBS, 1, ONES);
  check_product (rs, MPZG_MUL_BLOCK_MAX_LIMBS, 3, MPZG_MUL_BLOCK_MAX_LIMBS, 3, RANDOM);
}

/* Every candidate length, 64 to 3N, by the widest square it takes (all ones) and
   an unbalanced product of the same length. */
static void
check_every_length (gmp_randstate_t rs)
{
  unsigned n = 1;
  for (unsigned L : candidates ())
      {
        while (ntt_length_of (n + 1, n + 1) != 0 && ntt_length_of (n + 1, n + 1) <= L)
          n++;
        if (ntt_length_of (n, n) != L)
          {
            fprintf (stderr, "t-mul-ntt-host: no square of length %u\n", L);
            failures++;
            continue;
          }
        unsigned nb = n / 3 + 1, na = n;
        while (ntt_length_of (na + 1, nb) == L)
          na++;
        check_product (rs, n, n, n, n, ONES);
        check_product (rs, na, nb, na, nb, RANDOM);
      }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-mul-ntt-host", rs, 20261124UL);
  fill_roots (roots.data ());

  check_field (rs, 100000);
  check_mul_2exp (rs);
  check_roots ();
  check_lengths ();
#if MPZG_MUL_NTT_RADIX == 16
  check_radices (rs);
  check_plans ();
#endif
  check_small (rs);
  check_every_length (rs);
  check_classes (rs, rounds < 1 ? 1 : rounds);

  gmp_randclear (rs);
  printf ("t-mul-ntt-host: %ld products, %d failures (MPZG_TEST_SEED=%lu)\n", products,
          failures, seed);
  return failures ? 1 : 0;
}
