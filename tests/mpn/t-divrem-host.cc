/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-divrem-host.cc -- the device's division code (cuda/div/div-core.cuh), compiled
   for the host and compared with GMP: the word reciprocals against exact
   division, the 3-by-2 step against mpz, and whole instances of every class
   against mpn_tdiv_qr: exhaustively over an alphabet of edge words at small
   sizes, adversarial and random cases at every size.  Needs no GPU, so the algorithm
   is checked on every build; tests/mpn/t-divrem.c runs the kernels themselves.
   It also counts the rare corrections and fails if any was never taken, so that
   the adversarial cases are known to reach them.

   The classes above DIVREM_SMALL_MAX limbs are t-divrem-big-host's.

   Usage: t-divrem-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static unsigned long n_2by1_fix, n_3by2_fix, n_qmax, n_addback;
#define MPZG_DIV_COUNT(what) (n_##what++)
#include "divrem-host.h"
#include "host-shared.h"

using mpzg::dv::u64;
typedef unsigned __int128 u128;

static void
fail (const char *what, const mp_limb_t *np, int nn, const mp_limb_t *dp, int nd)
{
  if (!host_failed ())
    return;
  fprintf (stderr, "t-divrem-host: %s\n  n =", what);
  host_words (np, nn, nn);
  fprintf (stderr, "\n  d =");
  host_words (dp, nd, nd);
  fprintf (stderr, "\n");
}

/* reciprocal_word against floor((B^2 - 1) / d) - B, over edges and random d */
static void
check_reciprocal_word (gmp_randstate_t rs, long count)
{
  for (long i = 0; i < count; i++)
    {
      u64 d;
      switch (i % 8)
        {
        case 0: d = (u64) 1 << 63 | (u64) i; break;                 /* just above B/2 */
        case 1: d = ~(u64) 0 - (u64) i; break;                      /* just below B */
        case 2: d = (u64) (256 + i % 256) << 55; break;             /* each d9, low zero */
        case 3: d = ((u64) (256 + i % 256) << 55) | (((u64) 1 << 55) - 1); break;
        default: d = host_rand64 (rs) | (u64) 1 << 63; break;
        }
      u128 num = ~(u128) 0;
      u64 want = (u64) (num / d);       /* the quotient is B + v: the low word is v */
      if (mpzg::dv::reciprocal_word (d) != want)
        {
          mp_limb_t dl = d;
          fail ("reciprocal_word", &dl, 1, &dl, 1);
        }
    }
}

/* reciprocal_2 and div_3by2 against mpz */
static void
check_3by2 (gmp_randstate_t rs, long count)
{
  mpz_t B3, dz, nz, qz, rz, t;
  mpz_inits (B3, dz, nz, qz, rz, t, NULL);
  mpz_setbit (B3, 192);
  mpz_sub_ui (B3, B3, 1);
  for (long i = 0; i < count; i++)
    {
      u64 d1 = host_rand64 (rs) | (u64) 1 << 63, d0 = host_rand64 (rs);
      if (i % 5 == 1)
        d0 = ~(u64) 0;
      if (i % 5 == 2)
        d0 = 0;
      if (i % 7 == 3)
        d1 = ~(u64) 0;
      if (i % 7 == 4)
        d1 = (u64) 1 << 63;
      mp_limb_t dl[2] = { d0, d1 };
      mpz_import (dz, 2, -1, 8, 0, 0, dl);
      mpz_tdiv_q (t, B3, dz);
      mpz_tdiv_r_2exp (t, t, 64);
      u64 v = mpzg::dv::reciprocal_2 (d1, d0);
      if (mpz_get_ui (t) != v)
        fail ("reciprocal_2", dl, 2, dl, 2);
      /* (n2:n1) < (d1:d0): random below, or just below */
      for (int k = 0; k < 4; k++)
        {
          u64 n2, n1, n0 = host_rand64 (rs);
          if (k == 0)
            {
              n2 = d1;
              n1 = d0 - 1;
              if (d0 == 0)
                {
                  n2 = d1 - 1;
                  n1 = ~(u64) 0;
                }
            }
          else
            {
              n2 = host_rand64 (rs) % d1;
              n1 = host_rand64 (rs);
            }
          mp_limb_t nl[3] = { n0, n1, n2 };
          mpz_import (nz, 3, -1, 8, 0, 0, nl);
          mpz_tdiv_qr (qz, rz, nz, dz);
          u64 r1, r0, q = mpzg::dv::div_3by2 (r1, r0, n2, n1, n0, d1, d0, v);
          mp_limb_t rl[2] = { 0, 0 };
          mpz_export (rl, NULL, -1, 8, 0, 0, rz);
          if (mpz_get_ui (qz) != q || rl[0] != r0 || rl[1] != r1 || mpz_size (qz) > 1)
            fail ("div_3by2", nl, 3, dl, 2);
        }
    }
  mpz_clears (B3, dz, nz, qz, rz, t, NULL);
}

/* One instance at lane j of `lanes`, through the kernel's code for class width ND. */
static void
run_one (int ND, const mp_limb_t *np, int NN, const mp_limb_t *dp, int QW, mp_limb_t *qp,
         mp_limb_t *rp, int lanes, int j)
{
  const int C = 3;              /* canary words after each operand's rows */
  static u64 nb[(DIVREM_SMALL_MAX + 3) * 5], db[(DIVREM_SMALL_MAX + 3) * 5];
  static u64 qb[(DIVREM_SMALL_MAX + 3) * 5], rb[(DIVREM_SMALL_MAX + 3) * 5];
  const u64 canary = 0x5a5a5a5a5a5a5a5aull;
  for (int i = 0; i < (NN + C) * lanes; i++)
    nb[i] = 0xdeadbeefdeadbeefull;
  for (int i = 0; i < (ND + C) * lanes; i++)
    db[i] = 0xdeadbeefdeadbeefull;
  for (int i = 0; i < (QW + C) * lanes; i++)
    qb[i] = canary;
  for (int i = 0; i < (ND + C) * lanes; i++)
    rb[i] = canary;
  for (int i = 0; i < NN; i++)
    nb[i * lanes + j] = np[i];
  for (int i = 0; i < ND; i++)
    db[i * lanes + j] = dp[i];
  divrem_host_small (ND, nb + j, db + j, qb + j, rb + j, NN, QW, (size_t) lanes);
  for (int i = 0; i < QW; i++)
    qp[i] = qb[i * lanes + j];
  for (int i = 0; i < ND; i++)
    rp[i] = rb[i * lanes + j];
  /* other lanes and the rows past the outputs untouched */
  for (int i = 0; i < (QW + C) * lanes; i++)
    if ((i % lanes != j || i >= QW * lanes) && qb[i] != canary)
      fail ("q canary", np, NN, dp, ND);
  for (int i = 0; i < (ND + C) * lanes; i++)
    if ((i % lanes != j || i >= ND * lanes) && rb[i] != canary)
      fail ("r canary", np, NN, dp, ND);
}

static long instances;

static void
compare (const mp_limb_t *np, int nn, const mp_limb_t *dp, int nd, int kind, int lanes, int j)
{
  mp_limb_t q[DIVREM_SMALL_MAX + 1], r[DIVREM_SMALL_MAX], qref[DIVREM_SMALL_MAX + 1], rref[DIVREM_SMALL_MAX];
  int NN, ND, QW;
  divrem_class (nn, nd, &NN, &ND, &QW);
  divrem_ref (qref, QW, rref, ND, np, NN, dp, ND);
  run_one (ND, np, NN, dp, QW, q, r, lanes, j);
  instances++;
  if (memcmp (q, qref, (size_t) QW * sizeof *q) != 0 || memcmp (r, rref, (size_t) ND * sizeof *r))
    {
      char what[96];
      snprintf (what, sizeof what, "divrem nn=%d nd=%d class (%d, %d) kind %s", nn, nd, NN, ND,
                kind < 0 ? "alphabet" : divrem_kind_names[kind]);
      fail (what, np, nn, dp, nd);
    }
}

/* Every dividend and divisor spelt in an alphabet of words at the edges of the
   reciprocals' ranges (nn + nd <= 6, nd <= 3): exhaustive over these words. */
static void
check_alphabet (void)
{
  static const mp_limb_t A[] = { 0, 1, ((mp_limb_t) 1 << 63) - 1, (mp_limb_t) 1 << 63,
                                 ((mp_limb_t) 1 << 63) + 1, ~(mp_limb_t) 1, ~(mp_limb_t) 0 };
  const int K = (int) (sizeof A / sizeof A[0]);
  mp_limb_t np[DIVREM_SMALL_MAX], dp[DIVREM_SMALL_MAX];
  for (int nd = 1; nd <= 3; nd++)
    for (int nn = 0; nn + nd <= 6; nn++)
      {
        long total = 1;
        for (int i = 0; i < nn + nd; i++)
          total *= K;
        for (long c = 0; c < total; c++)
          {
            long x = c;
            memset (np, 0, sizeof np);
            memset (dp, 0, sizeof dp);
            for (int i = 0; i < nn; i++, x /= K)
              np[i] = A[x % K];
            for (int i = 0; i < nd; i++, x /= K)
              dp[i] = A[x % K];
            if (dp[nd - 1] == 0)
              continue;
            compare (np, nn, dp, nd, -1, 1, 0);
          }
      }
}

static void
check_instance (gmp_randstate_t rs, int nn, int nd, int kind)
{
  mp_limb_t np[DIVREM_SMALL_MAX], dp[DIVREM_SMALL_MAX];
  memset (np, 0, sizeof np);
  memset (dp, 0, sizeof dp);
  divrem_make (np, nn, dp, nd, kind, rs);
  int lanes = gmp_urandomm_ui (rs, 4) == 0 ? 5 : 1;
  compare (np, nn, dp, nd, kind, lanes, lanes > 1 ? (int) gmp_urandomm_ui (rs, 5) : 0);
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-divrem-host", argc, argv, rs);

  check_reciprocal_word (rs, 200000 * rounds);
  check_3by2 (rs, 50000 * rounds);
  check_alphabet ();
  for (long round = 0; round < rounds; round++)
    {
      /* every divisor size, every dividend size up to the widest class, every kind */
      for (int nd = 1; nd <= DIVREM_SMALL_MAX; nd++)
        for (int nn = 0; nn <= DIVREM_SMALL_MAX; nn++)
          for (int kind = 0; kind < DC_KINDS; kind++)
            for (int rep = 0; rep < 3; rep++)
              check_instance (rs, nn, nd, kind);
      /* small divisors and the sizes around them, many more times */
      for (int k = 0; k < 20000; k++)
        {
          int nd = 1 + (int) gmp_urandomm_ui (rs, 4);
          int nn = (int) gmp_urandomm_ui (rs, 9);
          check_instance (rs, nn, nd, (int) gmp_urandomm_ui (rs, DC_KINDS));
        }
    }
  printf ("t-divrem-host: %ld instances; corrections taken: 2-by-1 %lu, 3-by-2 %lu, "
          "digit B-1 %lu, add-back %lu\n", instances, n_2by1_fix, n_3by2_fix, n_qmax, n_addback);
  if (n_3by2_fix == 0 || n_qmax == 0 || n_addback == 0)
    {
      fprintf (stderr, "t-divrem-host: a rare correction was never reached\n");
      failures++;
    }
  gmp_randclear (rs);
  return host_finish ();
}
