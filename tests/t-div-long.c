/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-div-long.c -- the division by a reciprocal and products (lib/div-long.c)
   against mpz_tdiv_qr, with GMP's products: quotients from one bit to past the
   reciprocal's first Newton step, divisors of one bit to many limbs, and the
   operands that stress a reciprocal (divisors 2^k, 2^k - 1, 2^k + 1 and all ones,
   remainders 0 and d - 1, quotients of all ones, dividends next to multiples of
   the divisor), every one without the GMP fallback; a failing product at each
   of its calls; its signs against GMP's t, f and c divisions and mpz_mod; and the
   division entries on elements above the
   GPU's division classes (which, with a GPU and MPZG_BACKEND=cuda, take this
   path), with every aliasing. */

#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "entries.h"
#include "div-long.h"

static int
gmp_products (void *ctx, mpz_t *r, mpz_t *a, mpz_t *b, size_t count)
{
  (void) ctx;
  for (size_t i = 0; i < count; i++)
    mpz_mul (r[i], a[i], b[i]);
  return 0;
}

/* 2^k, 2^k - 1, 2^k + 1, all ones below a random top, or random, of `bits` bits. */
static void
divisor_kind (mpz_t d, unsigned long bits, int kind)
{
  switch (kind)
    {
    case 0: mpz_set_ui (d, 0); mpz_setbit (d, bits - 1); break;
    case 1: mpz_set_ui (d, 1); mpz_mul_2exp (d, d, bits); mpz_sub_ui (d, d, 1); break;
    case 2: mpz_set_ui (d, 1); mpz_mul_2exp (d, d, bits - 1); mpz_add_ui (d, d, 1); break;
    default:
      tst_rand_nat (d, (bits + 63) / 64);
      mpz_fdiv_r_2exp (d, d, bits);
      mpz_setbit (d, bits - 1);
      break;
    }
}

/* n from d and the wanted quotient shape: random, q d, q d - 1, q d + d - 1,
   all-ones quotient, all-ones dividend. */
static void
dividend_kind (mpz_t n, mpz_srcptr d, unsigned long qbits, int kind)
{
  mpz_t q;
  mpz_init (q);
  tst_rand_nat (q, (qbits + 63) / 64);
  mpz_fdiv_r_2exp (q, q, qbits);
  switch (kind)
    {
    case 0: mpz_mul (n, q, d); break;
    case 1: mpz_mul (n, q, d); if (mpz_sgn (n) > 0) mpz_sub_ui (n, n, 1); break;
    case 2: mpz_mul (n, q, d); mpz_add (n, n, d); mpz_sub_ui (n, n, 1); break;
    case 3: mpz_set_ui (q, 1); mpz_mul_2exp (q, q, qbits); mpz_sub_ui (q, q, 1);
      mpz_mul (n, q, d); mpz_add (n, n, d); mpz_sub_ui (n, n, 1); break;
    case 4: mpz_set_ui (n, 1); mpz_mul_2exp (n, n, qbits + mpz_sizeinbase (d, 2) - 1);
      mpz_sub_ui (n, n, 1); break;
    default: mpz_mul (n, q, d); tst_rand_nat (q, mpz_size (d)); mpz_add (n, n, q); break;
    }
  mpz_clear (q);
}

/* Runs one batch of m elements through mpzg_div_long and checks each. */
static void
check_batch (mpz_t *n, mpz_t *d, size_t m, const char *what)
{
  mpz_t *q = tst_vec_new (m), *r = tst_vec_new (m), wq, wr;
  mpz_srcptr *np = malloc (m * sizeof *np), *dp = malloc (m * sizeof *dp);
  size_t fell = 1, i;
  ck_assert (np != NULL && dp != NULL);
  for (i = 0; i < m; i++)
    {
      np[i] = n[i];
      dp[i] = d[i];
    }
  ck_assert_int_eq (mpzg_div_long (q, r, np, dp, m, gmp_products, NULL, 2, &fell), 0);
  mpz_inits (wq, wr, NULL);
  for (i = 0; i < m; i++)
    {
      mpz_abs (wq, n[i]);
      mpz_abs (wr, d[i]);
      mpz_tdiv_qr (wq, wr, wq, wr);
      ck_assert_msg (mpz_cmp (q[i], wq) == 0 && mpz_cmp (r[i], wr) == 0,
                     "%s, element %zu: n of %zu bits, d of %zu bits", what, i,
                     mpz_sizeinbase (n[i], 2), mpz_sizeinbase (d[i], 2));
    }
  ck_assert_msg (fell == 0, "%s: %zu elements needed GMP's division", what, fell);
  mpz_clears (wq, wr, NULL);
  tst_vec_free (q, m);
  tst_vec_free (r, m);
  free (np);
  free (dp);
}

/* Quotients of 1 to 70 bits, around the first Newton step (the precision is the
   quotient's bits + 64; GMP's reciprocal reaches 32768 bits, the steps go above)
   and of up to four steps, divisors of 1 bit to 2^15 bits, every kind; one batch
   per quotient length, mixed divisors. */
START_TEST (t_core)
{
  static const unsigned long qbits[] = { 1, 2, 63, 64, 65, 70, 1000, 4033, 20000, 32703,
                                          32704, 32705, 32800, 65535, 65536, 70000,
                                          140000, 300000 };
  static const unsigned long dbits[] = { 1, 2, 63, 64, 65, 128, 4095, 4096, 4097,
                                          9000, 32768 };
  const size_t nq = sizeof qbits / sizeof qbits[0], nd = sizeof dbits / sizeof dbits[0];
  const size_t m = nd * 6;
  TST_BEGIN ();
  for (size_t a = 0; a < nq; a++)
    {
      mpz_t *n = tst_vec_new (m), *d = tst_vec_new (m);
      char what[64];
      for (size_t b = 0; b < nd; b++)
        for (int k = 0; k < 6; k++)
          {
            size_t i = b * 6 + k;
            divisor_kind (d[i], dbits[b], dbits[b] == 1 ? 0 : (int) ((k + a) % 5));
            dividend_kind (n[i], d[i], qbits[a], k);
            if (tst_urand (2))
              mpz_neg (n[i], n[i]);
            if (tst_urand (2))
              mpz_neg (d[i], d[i]);
          }
      snprintf (what, sizeof what, "quotients of %lu bits", qbits[a]);
      check_batch (n, d, m, what);
      tst_vec_free (n, m);
      tst_vec_free (d, m);
    }
}
END_TEST

/* n < d, n == d, n == 0, and random sizes. */
START_TEST (t_core_random)
{
  const size_t m = 64;
  mpz_t *n = tst_vec_new (m), *d = tst_vec_new (m);
  TST_BEGIN ();
  for (int rep = 0; rep < tst_reps (4); rep++)
    {
      for (size_t i = 0; i < m; i++)
        {
          tst_rand_nonzero (d[i], 1 + tst_urand (200));
          switch (i % 8)
            {
            case 0: tst_rand_nat (n[i], mpz_size (d[i]) > 1 ? mpz_size (d[i]) - 1 : 0); break;
            case 1: mpz_set (n[i], d[i]); break;
            case 2: mpz_set_ui (n[i], 0); break;
            default: tst_rand_op (n[i], mpz_size (d[i]) + tst_urand (300)); break;
            }
        }
      check_batch (n, d, m, "random");
    }
  tst_vec_free (n, m);
  tst_vec_free (d, m);
}
END_TEST

/* Products that fail at call `fail_at` (counting from 1; 0: never). */
typedef struct
{
  int calls, fail_at;
} failing_ctx;

static int
failing_products (void *ctx, mpz_t *r, mpz_t *a, mpz_t *b, size_t count)
{
  failing_ctx *f = ctx;
  if (++f->calls == f->fail_at)
    return MPZG_EDEVICE;
  return gmp_products (NULL, r, a, b, count);
}

/* A batch whose elements take several Newton steps (and one with none), its
   products failing at each of their calls in turn: mpzg_div_long returns the
   products' status, on one thread and on several (the sanitizer builds see that
   it frees what it took). */
START_TEST (t_products_fail)
{
  const size_t m = 6;
  mpz_t *n = tst_vec_new (m), *d = tst_vec_new (m), *q = tst_vec_new (m), *r = tst_vec_new (m);
  mpz_srcptr np[6], dp[6];
  failing_ctx f = { 0, 0 };
  size_t fell, i;
  TST_BEGIN ();
  for (i = 0; i < m; i++)
    {
      tst_rand_nonzero (d[i], 1 + 40 * i);
      tst_rand_op (n[i], mpz_size (d[i]) + (i == 0 ? 1 : 2500 * i));
      np[i] = n[i];
      dp[i] = d[i];
    }
  ck_assert_int_eq (mpzg_div_long (q, r, np, dp, m, failing_products, &f, 2, &fell), 0);
  ck_assert_msg (f.calls >= 6, "only %d calls of the products", f.calls);
  for (int threads = 1; threads <= 2; threads++)
    for (int k = 1; k <= f.calls; k++)
      {
        failing_ctx g = { 0, k };
        ck_assert_int_eq (mpzg_div_long (q, r, np, dp, m, failing_products, &g, threads, &fell),
                          MPZG_EDEVICE);
        ck_assert_int_eq (g.calls, k);
      }
  tst_vec_free (n, m);
  tst_vec_free (d, m);
  tst_vec_free (q, m);
  tst_vec_free (r, m);
}
END_TEST

/* The signs, every rounding, against GMP, with q and r on the inputs. */
START_TEST (t_signs)
{
  mpz_t n, d, Q, R, q, r, wq, wr;
  TST_BEGIN ();
  mpz_inits (n, d, Q, R, q, r, wq, wr, NULL);
  for (int rep = 0; rep < 400; rep++)
    for (int round = MPZG_ROUND_T; round <= MPZG_ROUND_MOD; round++)
      {
        tst_rand_nonzero (d, 1 + tst_urand (3));
        tst_rand_op (n, 1 + tst_urand (4));
        if (rep % 5 == 0)
          mpz_mul (n, n, d);    /* remainder 0 */
        mpz_abs (Q, n);
        mpz_abs (R, d);
        mpz_tdiv_qr (Q, R, Q, R);
        switch (round)
          {
          case MPZG_ROUND_T: mpz_tdiv_qr (wq, wr, n, d); break;
          case MPZG_ROUND_F: mpz_fdiv_qr (wq, wr, n, d); break;
          case MPZG_ROUND_C: mpz_cdiv_qr (wq, wr, n, d); break;
          default: mpz_mod (wr, n, d); break;
          }
        if (rep % 2)
          {
            /* q on n, r on d */
            mpz_set (q, n);
            mpz_set (r, d);
            mpzg_div_long_signs (round == MPZG_ROUND_MOD ? NULL : q, r, q, r, Q, R, round);
          }
        else
          mpzg_div_long_signs (round == MPZG_ROUND_MOD ? NULL : q, r, n, d, Q, R, round);
        ck_assert_msg (mpz_cmp (r, wr) == 0 && (round == MPZG_ROUND_MOD || mpz_cmp (q, wq) == 0),
                       "round %d, n = %s", round, tst_str (n));
      }
  mpz_clears (n, d, Q, R, q, r, wq, wr, NULL);
}
END_TEST

/* The entries on elements above the GPU's division classes (8192 limbs) with
   quotients of 256 limbs and more, short ones beside them. */
static void
gen_long (mpz_ptr *ops, size_t limbs)
{
  size_t dl = 8193 + tst_urand (900);
  (void) limbs;
  tst_rand_nonzero (ops[1], tst_urand (4) ? dl : 1 + tst_urand (40));
  if (tst_urand (5) == 0)
    divisor_kind (ops[1], 64 * dl - tst_urand (3), (int) tst_urand (3));
  dividend_kind (ops[0], ops[1], 64 * (256 + tst_urand (5000)), (int) tst_urand (6));
  if (tst_urand (2))
    mpz_neg (ops[0], ops[0]);
  if (tst_urand (2))
    mpz_neg (ops[1], ops[1]);
}

static const tst_op ops[] = {
  { "tdiv_qr", 2, 2, 1, 0, 0, tst_call_tdiv_qr, tst_ref_tdiv_qr, gen_long },
  { "tdiv_q", 1, 2, 1, 0, 0, tst_call_tdiv_q, tst_ref_tdiv_q, gen_long },
  { "tdiv_r", 1, 2, 1, 0, 0, tst_call_tdiv_r, tst_ref_tdiv_r, gen_long },
  { "fdiv_qr", 2, 2, 1, 0, 0, tst_call_fdiv_qr, tst_ref_fdiv_qr, gen_long },
  { "fdiv_q", 1, 2, 1, 0, 0, tst_call_fdiv_q, tst_ref_fdiv_q, gen_long },
  { "fdiv_r", 1, 2, 1, 0, 0, tst_call_fdiv_r, tst_ref_fdiv_r, gen_long },
  { "cdiv_qr", 2, 2, 1, 0, 0, tst_call_cdiv_qr, tst_ref_cdiv_qr, gen_long },
  { "cdiv_q", 1, 2, 1, 0, 0, tst_call_cdiv_q, tst_ref_cdiv_q, gen_long },
  { "cdiv_r", 1, 2, 1, 0, 0, tst_call_cdiv_r, tst_ref_cdiv_r, gen_long },
  { "mod", 1, 2, 1, 0, 0, tst_call_mod, tst_ref_mod, gen_long },
};
#define NOPS ((int) (sizeof ops / sizeof ops[0]))

static const tst_alias aliases_qr[] = {
  { "q == n, r == d", { 1, 2 }, { 0 } },
  { "q == d, r == n", { 2, 1 }, { 0 } },
  { "q == n == d", { 1, 0 }, { 0, 1 } },
};
static const tst_alias aliases_1[] = {
  { "rop == n", { 1 }, { 0 } },
  { "rop == d", { 2 }, { 0 } },
};

START_TEST (t_entries)
{
  const tst_op *op = &ops[_i];
  TST_BEGIN ();
  tst_check_gen (op, NULL, gen_long, NULL, 0, 1, 6, "long");
  if (op->nout == 2)
    tst_do_aliases (op, aliases_qr, sizeof aliases_qr / sizeof aliases_qr[0], 1);
  else
    tst_do_aliases (op, aliases_1, sizeof aliases_1 / sizeof aliases_1[0], 1);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("div-long");
  TCase *tc = tst_tcase ("div-long");
  tcase_add_test (tc, t_core);
  tcase_add_test (tc, t_core_random);
  tcase_add_test (tc, t_products_fail);
  tcase_add_test (tc, t_signs);
  tcase_add_loop_test (tc, t_entries, 0, NOPS);
  suite_add_tcase (s, tc);
  return tst_main (s, "t-div-long");
}
