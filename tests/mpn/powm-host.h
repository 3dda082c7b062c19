/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-host.h -- what the host builds of the powm kernels' tests share
   (t-powm-host.cc, t-powm-coop-host.cc): the random state, the kinds of bases
   and exponents, and one instance in one lane of an interleaved layout whose
   other words (inputs, result, table) hold canaries, checked against mpz_powm.
   C++ only. */
#ifndef MPZG_POWM_HOST_H
#define MPZG_POWM_HOST_H

#include <vector>
#include <gmp.h>
#include "host-shared.h"

typedef unsigned long long powm_word;

static gmp_randstate_t rs;
static long instances;

static unsigned long
urand (unsigned long n)
{
  return gmp_urandomm_ui (rs, n);
}

/* z into words [0, n) of lane j of an interleaved operand. */
static void
put (powm_word *p, mpz_srcptr z, int n, int lanes, int j)
{
  size_t cnt = 0;
  std::vector<powm_word> w (n + 1, 0);
  if (mpz_sgn (z))
    mpz_export (w.data (), &cnt, -1, sizeof (powm_word), 0, 0, z);
  for (int i = 0; i < n; i++)
    p[(size_t) i * lanes + j] = w[i];
}

/* An exponent of kind 0 .. 6 of `words` words (kinds 0 .. 2: 0, 1, 2). */
static void
make_exponent (mpz_ptr e, int words, int kind)
{
  switch (kind)
    {
    case 0: mpz_set_ui (e, 0); break;
    case 1: mpz_set_ui (e, 1); break;
    case 2: mpz_set_ui (e, 2); break;
    case 3:                             /* all ones */
      mpz_set_ui (e, 0);
      mpz_setbit (e, 64 * words);
      mpz_sub_ui (e, e, 1);
      break;
    case 4:                             /* a single bit: the top one, or a random one */
      mpz_set_ui (e, 0);
      mpz_setbit (e, urand (2) ? 64 * words - 1 : urand (64 * words));
      break;
    case 5:                             /* long runs of ones and zeros */
      mpz_rrandomb (e, rs, 64 * words);
      break;
    default:
      mpz_urandomb (e, rs, 64 * words);
      mpz_setbit (e, 64 * (words - 1));
      break;
    }
}

/* A base of kind 0 .. 8 for modulus m in class width N. */
static void
make_base (mpz_ptr b, mpz_srcptr m, int N, int kind)
{
  switch (kind)
    {
    case 0: mpz_set_ui (b, 0); break;
    case 1: mpz_set_ui (b, 1); break;
    case 2: mpz_set_ui (b, 2); break;
    case 3: mpz_sub_ui (b, m, 1); break;
    case 4: mpz_set (b, m); break;
    case 5: mpz_add_ui (b, m, 1); break;
    case 6:                             /* R - 1 */
      mpz_set_ui (b, 0);
      mpz_setbit (b, 64 * N);
      mpz_sub_ui (b, b, 1);
      break;
    case 7:                             /* above m, below R */
      mpz_urandomb (b, rs, 64 * N);
      break;
    default: mpz_urandomm (b, rs, m); break;
    }
  if (mpz_sizeinbase (b, 2) > (size_t) 64 * N)
    mpz_tdiv_r_2exp (b, b, 64 * N);
}

/* Operands of a Montgomery product test, case k, R = 2^(64 N): m odd, at the
   ends of its range (R - 1, 2^(64N-1) + 1, 1, 3) or random; a below R (R - 1 or
   random); b below m (m - 1 or random). */
static void
montmul_operands (mpz_ptr a, mpz_ptr b, mpz_ptr m, mpz_srcptr R, int N, int k)
{
  switch (k % 4)
    {
    case 0: mpz_sub_ui (m, R, 1); break;
    case 1: mpz_set_ui (m, 1); mpz_setbit (m, 64 * N - 1); break;
    case 2: mpz_set_ui (m, 1 + 2 * urand (2)); break;
    default: mpz_urandomb (m, rs, 64 * N - urand (64 * N)); mpz_setbit (m, 0); break;
    }
  if (k % 3 == 0)
    mpz_sub_ui (a, R, 1);
  else
    mpz_urandomb (a, rs, 64 * N);
  if (k % 5 == 0)
    mpz_sub_ui (b, m, 1);
  else
    mpz_urandomm (b, rs, m);
}

/* want = a b / R mod m = a b (R^-1 mod m) mod m. */
static void
montmul_want (mpz_ptr want, mpz_srcptr a, mpz_srcptr b, mpz_srcptr m, mpz_srcptr R)
{
  mpz_invert (want, R, m);
  mpz_mul (want, want, a);
  mpz_mul (want, want, b);
  mpz_mod (want, want, m);
}

/* One instance of class width N in lane j of `lanes`: the base, the exponent (a
   row EW words wide) and the modulus in place, every other word, and a table of
   `rows` rows of N words whose word i belongs to lane (i / tdiv) mod lanes, full
   of canaries. */
struct powm_lanes
{
  static constexpr powm_word CANARY = 0x5ca1ab1edeadbeefull;
  int N, EW, lanes, j, tdiv;
  size_t rows;
  std::vector<powm_word> bb, eb, mb, rb, tb;

  powm_lanes (mpz_srcptr b, mpz_srcptr e, int EW_, mpz_srcptr m, int N_, size_t rows_,
              int lanes_, int j_, int tdiv_)
    : N (N_), EW (EW_), lanes (lanes_), j (j_), tdiv (tdiv_), rows (rows_),
      bb (N_ * lanes_, CANARY), eb (EW_ * lanes_, CANARY), mb (N_ * lanes_, CANARY),
      rb ((N_ + 1) * lanes_, CANARY), tb ((rows_ * N_ + 1) * lanes_, CANARY)
  {
    put (bb.data (), b, N, lanes, j);
    put (eb.data (), e, EW, lanes, j);
    put (mb.data (), m, N, lanes, j);
  }

  /* After the run: what is wrong (the result against mpz_powm, then the
     canaries), or NULL.  even_rows: the instance also owns that many rows of N
     words of the scratch in the interleaved layout of the operands
     (powm-even.cuh's work area). */
  const char *
  check (mpz_srcptr b, mpz_srcptr e, mpz_srcptr m, size_t even_rows = 0)
  {
    const char *what = NULL;
    mpz_t got, want;
    mpz_inits (got, want, NULL);
    std::vector<powm_word> r (N);
    for (int i = 0; i < N; i++)
      r[i] = rb[(size_t) i * lanes + j];
    mpz_import (got, N, -1, sizeof (powm_word), 0, 0, r.data ());
    mpz_powm (want, b, e, m);
    instances++;
    if (mpz_cmp (got, want) != 0)
      what = "wrong result";
    for (size_t i = 0; i < rb.size () && !what; i++)
      if (((int) (i % lanes) != j || i >= (size_t) N * lanes) && rb[i] != CANARY)
        what = "result canary";
    for (size_t i = 0; i < tb.size () && !what; i++)
      if (((int) (i / tdiv % lanes) != j || i >= rows * N * lanes)
          && ((int) (i % lanes) != j || i >= even_rows * N * lanes) && tb[i] != CANARY)
        what = "scratch canary";
    for (size_t i = 0; i < bb.size () && !what; i++)
      if ((int) (i % lanes) != j && (bb[i] != CANARY || mb[i] != CANARY))
        what = "input canary";
    for (size_t i = 0; i < eb.size () && !what; i++)
      if ((int) (i % lanes) != j && eb[i] != CANARY)
        what = "exponent canary";
    mpz_clears (got, want, NULL);
    return what;
  }
};

#endif
