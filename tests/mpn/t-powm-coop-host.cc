/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-powm-coop-host.cc -- the device's cooperative modular exponentiation
   (cuda/powm/powm-coop.cuh), compiled for the host and compared with mpz_powm.
   A host exchange context holds all T threads of an instance and runs every
   phase for each in turn, its scan on ballot-like masks as on the device, so the
   whole cooperative algorithm, broadcasts, shifts and carry scans included, is
   checked without a GPU, for every team size T (4, 8, 16, 32) and words per
   thread K from 1 to 8: the Montgomery product against a b / R mod m (operands
   at the ends of their ranges and random ones), then whole instances with moduli
   2^k - 1 and 2^k + 1 around the word edges of 1, N - 1 (up to 64 words) and N words (B^k - 1
   among them), 1, 3,
   2^(64N - 1) + 1 and random odd ones of the widest and narrower sizes; bases 0,
   1, 2, m - 1, m, m + 1, R - 1 and random ones below and above m; exponents 0, 1, 2, single
   bits, all ones and random ones, short and long, in exponent rows wider than the
   exponent.  Each instance runs in one lane of an interleaved layout of several
   lanes whose other words (inputs, result and table) hold canaries, which must
   survive.

   Usage: t-powm-coop-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <vector>
#include <gmp.h>

#include "powm-coop-host.h"
#include "powm-host.h"

using mpzg::u64;


static void
fail (const char *what, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m, int T, int K, int EW)
{
  if (!host_failed ())
    return;
  gmp_fprintf (stderr, "t-powm-coop-host: %s (T %d, K %d, EW %d)\n  b = %#Zx\n  e = %#Zx\n"
               "  m = %#Zx\n", what, T, K, EW, b, e, m);
}

/* coop_montmul against a b / R mod m: a below R, b below m, m odd, each at the
   ends of its range (m all ones, 2^(64N-1) + 1, 1, 3; a R - 1; b m - 1) or
   random. */
template <int T, int K>
static void
check_montmul (int count)
{
  const int N = T * K;
  mpz_t a, b, m, R, want, got;
  mpz_inits (a, b, m, R, want, got, NULL);
  mpz_setbit (R, 64 * N);
  std::vector<u64> av (N), bv (N), mv (N);
  static u64 A[T][K], Bv[T][K], M[T][K], Rv[T][K];
  host_x<T> x;
  for (int k = 0; k < count; k++)
    {
      montmul_operands (a, b, m, R, N, k);
      put (av.data (), a, N, 1, 0);
      put (bv.data (), b, N, 1, 0);
      put (mv.data (), m, N, 1, 0);
      for (int t = 0; t < T; t++)
        for (int i = 0; i < K; i++)
          {
            A[t][i] = av[t * K + i];
            Bv[t][i] = bv[t * K + i];
            M[t][i] = mv[t * K + i];
          }
      /* alternately into a fresh array and onto a (the kernel's squarings alias) */
      if (k % 2)
        {
          mpzg::pw::coop_montmul<K> (x, Rv, A, Bv, M, mpzg::pw::neg_inverse (mv[0]));
        }
      else
        {
          mpzg::pw::coop_montmul<K> (x, A, A, Bv, M, mpzg::pw::neg_inverse (mv[0]));
          for (int t = 0; t < T; t++)
            for (int i = 0; i < K; i++)
              Rv[t][i] = A[t][i];
        }
      mpz_import (got, N, -1, sizeof (u64), 0, 0, &Rv[0][0]);
      montmul_want (want, a, b, m, R);
      if (mpz_cmp (got, want) != 0)
        fail ("montmul (b is a, e is b)", a, b, m, T, K, 0);
    }
  mpz_clears (a, b, m, R, want, got, NULL);
}

/* One instance in lane j of `lanes`, exponent row EW words wide. */
template <int T, int K>
static void
run_one (mpz_srcptr b, mpz_srcptr e, int EW, mpz_srcptr m)
{
  int lanes = 1 + (int) urand (3), j = (int) urand (lanes);
  powm_lanes in (b, e, EW, m, T * K, mpzg::pw::powm_coop_rows (EW), lanes, j, T);
  host_x<T> x;
  mpzg::pw::powm_coop<K> (x, in.bb.data () + j, in.eb.data () + j, EW, in.mb.data () + j,
                          in.rb.data () + j, in.tb.data () + (size_t) j * T, (size_t) lanes);
  const char *what = in.check (b, e, m);
  if (what)
    fail (what, b, e, m, T, K, EW);
}

/* The longest exponent of the random ones, in words: beyond the modulus up to 16
   words, shorter above (check_full has the full lengths; a host product of many
   words is slow). */
static int
long_words (int N)
{
  return N <= 16 ? N + 1 : 8;
}

/* Modulus m with a few bases and exponents: 0, 1, 2, and random kinds and
   lengths, in rows up to a few words wider than the exponent. */
template <int T, int K>
static void
check_modulus (mpz_srcptr m, int count)
{
  const int N = T * K;
  mpz_t b, e;
  mpz_inits (b, e, NULL);
  for (int c = 0; c < count; c++)
    {
      make_base (b, m, N, (int) urand (9));
      int kind = c < 3 ? c : 3 + (int) urand (4);
      int words = 1 + (int) urand (c == 3 ? long_words (N) : 3);
      make_exponent (e, words, kind);
      int ne = (int) mpz_size (e), EW = (ne ? ne : 1) + (urand (3) ? 0 : (int) urand (4));
      run_one<T, K> (b, e, EW, m);
    }
  mpz_clears (b, e, NULL);
}

/* A random modulus of N words with an exponent of all ones of its length (the
   RSA case; up to 64 words, for time) and a random one (up to 32). */
template <int T, int K>
static void
check_full (void)
{
  const int N = T * K;
  mpz_t b, e, m;
  mpz_inits (b, e, m, NULL);
  mpz_urandomb (m, rs, 64 * N);
  mpz_setbit (m, 64 * N - 1);
  mpz_setbit (m, 0);
  for (int k = 0; k < 2; k++)
    {
      if (N > (k == 0 ? 64 : 32))
        continue;
      make_base (b, m, N, 8);
      make_exponent (e, N, k == 0 ? 3 : 6);
      run_one<T, K> (b, e, (int) mpz_size (e), m);
    }
  mpz_clears (b, e, m, NULL);
}

template <int T, int K>
static void
check_width (void)
{
  const int N = T * K, per = N <= 32 ? 3 : 1;
  mpz_t m;
  mpz_init (m);
  check_montmul<T, K> (N <= 64 ? 60 : 20);
  /* 2^k - 1 and 2^k + 1 around the word edges of 1, N - 1 and N words */
  const int sizes[3] = { 1, N - 1, N };
  for (int s = 0; s < 3; s++)
    for (int dk = -1; dk <= 1; dk++)
      {
        int k = 64 * sizes[s] + dk;
        if (sizes[s] < 1 || k < 2 || k > 64 * N || (N > 64 && s == 1))
          continue;
        mpz_set_ui (m, 0);
        mpz_setbit (m, k);
        mpz_sub_ui (m, m, 1);
        check_modulus<T, K> (m, dk == 0 ? 2 * per + 2 : per + 1);
        if (k < 64 * N)
          {
            mpz_add_ui (m, m, 2);
            check_modulus<T, K> (m, per + 1);
          }
      }
  /* 1, 3, 2^(64N - 1) + 1, random odd ones of N words and fewer */
  mpz_set_ui (m, 1);
  check_modulus<T, K> (m, per + 2);
  mpz_set_ui (m, 3);
  check_modulus<T, K> (m, per + 2);
  mpz_set_ui (m, 1);
  mpz_setbit (m, 64 * N - 1);
  check_modulus<T, K> (m, per + 1);
  for (int r = 0; r < (N > 64 ? 1 : 2 * per); r++)
    {
      int words = r == 0 ? N : 1 + (int) urand (N);
      mpz_urandomb (m, rs, 64 * words - (urand (2) ? 0 : (int) urand (63)));
      mpz_setbit (m, 0);
      check_modulus<T, K> (m, per + 3);
    }
  check_full<T, K> ();
  mpz_clear (m);
}

template <int T>
static void
check_team (void)
{
  check_width<T, 1> ();
  check_width<T, 2> ();
  check_width<T, 3> ();
  check_width<T, 4> ();
  check_width<T, 6> ();
  check_width<T, 8> ();
}

int
main (int argc, char **argv)
{
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-powm-coop-host", rs, 20261124UL);
  for (long r = 0; r < rounds && failures <= 10; r++)
    {
      check_team<4> ();
      check_team<8> ();
      check_team<16> ();
      check_team<32> ();
    }
  gmp_randclear (rs);
  printf ("t-powm-coop-host: MPZG_TEST_SEED=%lu, %ld instances, %d failure%s\n", seed,
          instances, failures, failures == 1 ? "" : "s");
  return host_finish ();
}
