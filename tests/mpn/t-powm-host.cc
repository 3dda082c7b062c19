/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-powm-host.cc -- the device's modular exponentiation (cuda/powm/powm-core.cuh),
   compiled for the host and compared with mpz_powm: the word inverse, the window
   choice, the Montgomery product and square against mpz (operands at the ends
   of their ranges and random ones), and whole instances of every modulus width: moduli
   2^k - 1 and 2^k + 1 around every word edge of the sizes a class takes (all of
   them up to 16 words; above, the class's edges and one size inside, for time),
   1, 3 and random odd moduli of those sizes; bases 0, 1, 2, m - 1, m, m + 1, the
   largest the class holds (R - 1) and random ones below and above m; exponents
   0, 1, 2, single bits, all ones and random ones of lengths up to the modulus's
   and (but at 64 words) one beyond, in exponent rows wider than the exponent.
   Each instance runs in one lane of an interleaved layout of several lanes whose
   other words hold canaries, which must survive.

   Usage: t-powm-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>

#include "powm-core.cuh"
#include "powm-host.h"

using mpzg::pw::u64;

static const int widths[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64 };
static const int NWIDTHS = sizeof widths / sizeof widths[0];
static void
fail (const char *what, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m, int N, int EW)
{
  if (!host_failed ())
    return;
  gmp_fprintf (stderr, "t-powm-host: %s (N %d, EW %d)\n  b = %#Zx\n  e = %#Zx\n  m = %#Zx\n",
               what, N, EW, b, e, m);
}

template <int N>
static void
run_one (mpz_srcptr b, mpz_srcptr e, int EW, mpz_srcptr m, int lanes, int j)
{
  powm_lanes in (b, e, EW, m, N, mpzg::pw::powm_rows (EW), lanes, j, 1);
  mpzg::pw::powm_one<N> (in.bb.data () + j, in.eb.data () + j, EW, in.mb.data () + j,
                         in.rb.data () + j, in.tb.data () + j, (size_t) lanes);
  const char *what = in.check (b, e, m);
  if (what)
    fail (what, b, e, m, N, EW);
}

static void
run (int N, mpz_srcptr b, mpz_srcptr e, int EW, mpz_srcptr m, int lanes, int j)
{
  switch (N)
    {
#define W(k) case k: run_one<k> (b, e, EW, m, lanes, j); break;
      W (1) W (2) W (3) W (4) W (6) W (8) W (12) W (16) W (24) W (32) W (48) W (64)
#undef W
    default: abort ();
    }
}

static int
pad (int n)
{
  for (int k = 0; k < NWIDTHS; k++)
    if (n <= widths[k])
      return widths[k];
  abort ();
}

/* One instance of modulus m in class width N (>= m's size), with exponent e in a
   row of its padded width or wider, in a random lane. */
static void
check (int N, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m)
{
  int ne = (int) mpz_size (e);
  int EW = pad (ne ? ne : 1);
  if (EW < 64 && urand (4) == 0)
    EW = pad (EW + 1 + (int) urand (64 - EW));
  int lanes = 1 + (int) urand (5);
  run (N, b, e, EW, m, lanes, (int) urand (lanes));
}

/* Every base kind (above 16 words, unless thorough, a third of them at random,
   for time) with the exponents 0, 1, 2 and (thorough) four random ones of random
   lengths, short above 16 words (full lengths: check_full). */
static void
check_modulus (int N, mpz_srcptr m, int thorough)
{
  mpz_t b, e;
  mpz_inits (b, e, NULL);
  int maxw = N <= 8 ? 2 * N + 2 : N <= 16 ? N + 1 : 2;
  for (int bk = 0; bk < 9; bk++)
    {
      if (N > 16 && !thorough && urand (3) != 0)
        continue;
      make_base (b, m, N, bk);
      for (int ek = 0; ek < (thorough ? 7 : 3); ek++)
        {
          int words = ek < 3 ? 1 : 1 + (int) urand (maxw);
          make_exponent (e, words, ek < 3 ? ek : 3 + (int) urand (4));
          check (N, b, e, m);
        }
    }
  mpz_clears (b, e, NULL);
}

/* A random modulus of N words with exponents of all ones and random ones of N
   words and (up to the largest class) N + 1: the full lengths of RSA, and
   beyond. */
static void
check_full (int N)
{
  mpz_t b, e, m;
  mpz_inits (b, e, m, NULL);
  mpz_urandomb (m, rs, 64 * N);
  mpz_setbit (m, 64 * N - 1);
  mpz_setbit (m, 0);
  for (int k = 0; k < 4; k++)
    {
      make_base (b, m, N, k < 2 ? 8 : 7);
      make_exponent (e, k % 2 == 0 || N == 64 ? N : N + 1, k < 2 ? 3 : 6);
      check (N, b, e, m);
    }
  mpz_clears (b, e, m, NULL);
}

/* montmul<N> against a b / R mod m: a below R, b below m, m odd, each at the
   ends of its range (m all ones, 2^(64N-1) + 1, 1; a R - 1; b m - 1) or random;
   montsqr<N> against b^2 / R mod m (m - 1 gives the largest square), in place
   (r is the operand) and not. */
template <int N>
static void
check_montmul_width (int count)
{
  mpz_t a, b, m, R, want, got;
  mpz_inits (a, b, m, R, want, got, NULL);
  mpz_setbit (R, 64 * N);
  u64 av[N], bv[N], mv[N], rv[N];
  for (int k = 0; k < count; k++)
    {
      montmul_operands (a, b, m, R, N, k);
      put (av, a, N, 1, 0);
      put (bv, b, N, 1, 0);
      put (mv, m, N, 1, 0);
      const u64 minv = mpzg::pw::neg_inverse (mv[0]);
      mpzg::pw::montmul<N> (rv, av, bv, 1, mv, minv);
      mpz_import (got, N, -1, sizeof (u64), 0, 0, rv);
      montmul_want (want, a, b, m, R);
      if (mpz_cmp (got, want) != 0)
        fail ("montmul", a, b, m, N, 0);
      montmul_want (want, b, b, m, R);
      mpzg::pw::montsqr<N> (rv, bv, mv, minv);
      mpz_import (got, N, -1, sizeof (u64), 0, 0, rv);
      if (mpz_cmp (got, want) != 0)
        fail ("montsqr", b, b, m, N, 0);
      mpzg::pw::montsqr<N> (bv, bv, mv, minv);
      mpz_import (got, N, -1, sizeof (u64), 0, 0, bv);
      if (mpz_cmp (got, want) != 0)
        fail ("montsqr (in place)", b, b, m, N, 0);
    }
  mpz_clears (a, b, m, R, want, got, NULL);
}

static void
check_montmul (void)
{
#define W(k) check_montmul_width<k> (k <= 16 ? 400 : 100);
  W (1) W (2) W (3) W (4) W (6) W (8) W (12) W (16) W (24) W (32) W (48) W (64)
#undef W
}

/* The word inverse and the window choice. */
static void
check_inverse_and_window (void)
{
  for (u64 m = 1; m < 1 << 16; m += 2)
    if (m * (0 - mpzg::pw::neg_inverse (m)) != 1)
      {
        fprintf (stderr, "t-powm-host: neg_inverse (%llu)\n", m);
        failures++;
        break;
      }
  for (int k = 0; k < 1000; k++)
    {
      u64 m = ((u64) urand (1ul << 32) << 32 | urand (1ul << 32)) | 1;
      if (m * (0 - mpzg::pw::neg_inverse (m)) != 1)
        {
          fprintf (stderr, "t-powm-host: neg_inverse (%#llx)\n", m);
          failures++;
        }
    }
  for (int ne = 1; ne <= 64; ne++)
    if (mpzg::pw::powm_window (ne) < mpzg::pw::powm_window (ne - 1)
        || mpzg::pw::powm_window (ne) > MPZG_POWM_WINDOW_MAX)
      {
        fprintf (stderr, "t-powm-host: powm_window (%d) = %d after %d\n", ne,
                 mpzg::pw::powm_window (ne), mpzg::pw::powm_window (ne - 1));
        failures++;
      }
}

/* The modulus sizes after `words` that a class of sizes lo .. N is tested at:
   every one up to 16 words, else lo, one inside and N. */
static int
next_size (int words, int lo, int N)
{
  if (N <= 16 || words == N)
    return words + 1;
  if (words == lo && N - lo > 1)
    return lo + 1 + (int) urand (N - lo - 1);
  return N;
}

int
main (int argc, char **argv)
{
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-powm-host", rs, 20261123UL);
  check_inverse_and_window ();
  check_montmul ();

  mpz_t m;
  mpz_init (m);
  for (long r = 0; r < rounds; r++)
    for (int w = 0; w < NWIDTHS && failures <= 10; w++)
      {
        int N = widths[w], lo = w == 0 ? 1 : widths[w - 1] + 1;
        /* 2^k - 1 and 2^k + 1 around every word edge of the class's sizes (the
           edges of the class and one size inside it above 16 words, for time) */
        for (int words = lo; words <= N; words = next_size (words, lo, N))
          for (int dk = -1; dk <= 1; dk++)
            {
              int k = 64 * words + dk;
              if (k < 2 || k > 64 * N)
                continue;
              mpz_set_ui (m, 0);
              mpz_setbit (m, k);
              mpz_sub_ui (m, m, 1);
              check_modulus (N, m, words == N);
              if (k < 64 * N)
                {
                  mpz_add_ui (m, m, 2);
                  check_modulus (N, m, 0);
                }
            }
        check_full (N);
        /* 1, 3, random odd moduli of every size, with the top bit set or not */
        mpz_set_ui (m, 1);
        check_modulus (N, m, 0);
        mpz_set_ui (m, 3);
        check_modulus (N, m, 0);
        for (int words = lo; words <= N; words = next_size (words, lo, N))
          {
            mpz_urandomb (m, rs, 64 * words - (urand (2) ? 0 : (int) urand (63)));
            mpz_setbit (m, 0);
            if (urand (2))
              mpz_setbit (m, 64 * words - 1);
            check_modulus (N, m, N <= 16 || words == N);
          }
      }
  mpz_clear (m);
  gmp_randclear (rs);
  printf ("t-powm-host: MPZG_TEST_SEED=%lu, %ld instances, %d failure%s\n", seed, instances,
          failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
