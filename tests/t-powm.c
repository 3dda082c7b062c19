/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-powm.c -- mpzg_powm_n against a GMP loop: odd and even moduli, negative
   moduli, exponent 0, negative exponents (invertible and not), zero moduli. */

#include "common.h"
#include "entries.h"
#include "powm-entries.h"

/* Modulus of `limbs` limbs (odd, even, power of two, 2^k * odd, ±1), a base
   below, equal to or above it, an exponent of 0, 1, 2, small, a few limbs, or
   negative; the exponent gets shorter as the modulus grows, for time. */
static void
gen (mpz_ptr *ops, size_t limbs)
{
  mpz_ptr b = ops[0], e = ops[1], m = ops[2];
  size_t ebits;
  tst_rand_nonzero (m, limbs);
  switch (tst_urand (10))
    {
    case 0: case 1: case 2: mpz_setbit (m, 0); break;                       /* odd */
    case 3: mpz_clrbit (m, 0); if (!mpz_sgn (m)) mpz_set_ui (m, 2); break;  /* even */
    case 4: mpz_set_ui (m, 0); mpz_setbit (m, (limbs ? limbs : 1) * TST_LIMB_BITS - tst_urand (3)); break;
    case 5: mpz_mul_2exp (m, m, 1 + tst_urand (130)); break;                /* 2^k odd */
    case 6: if (tst_urand (4) == 0) mpz_set_ui (m, 1 + tst_urand (2)); break;
    default: break;
    }
  tst_rand_sign (m);
  switch (tst_urand (8))
    {
    case 0: mpz_set_si (b, (long) tst_urand (3) - 1); break;
    case 1: tst_rand_op (b, limbs + 1 + tst_urand (2)); break;
    case 2: mpz_mul_ui (b, m, tst_urand (3)); mpz_add_ui (b, b, tst_urand (2)); break;
    case 3:
      /* shares a factor with m: no inverse */
      tst_rand_op (b, 1 + tst_urand (limbs + 1));
      mpz_mul_ui (b, b, 2);
      if (mpz_odd_p (m)) mpz_mul_ui (m, m, 2);
      break;
    default: tst_rand_op (b, tst_urand (limbs + 1)); break;
    }
  ebits = limbs <= 16 ? 200 : limbs <= 128 ? 64 : limbs <= 1024 ? 16 : 6;
  switch (tst_urand (10))
    {
    case 0: mpz_set_ui (e, 0); break;
    case 1: mpz_set_ui (e, 1 + tst_urand (2)); break;
    case 2: mpz_set_si (e, -1 - (long) tst_urand (3)); break;
    case 3: mpz_rrandomb (e, tst_rands, 1 + tst_urand (ebits)); mpz_neg (e, e); break;
    case 4: mpz_set_ui (e, 0); mpz_setbit (e, tst_urand (ebits)); break;
    default: mpz_urandomb (e, tst_rands, 1 + tst_urand (ebits)); break;
    }
}

static const tst_op powm = POWM_ENTRY (gen);
/* The aliasings below skip the first, "none": the other tests run that. */

START_TEST (t_sizes) { TST_BEGIN (); tst_do_sizes (&powm, 2049); }
END_TEST
START_TEST (t_counts) { TST_BEGIN (); tst_do_counts (&powm, 32); }
END_TEST
START_TEST (t_aliases) { TST_BEGIN (); tst_do_aliases (&powm, powm_aliases + 1, POWM_NALIAS - 1, 40); }
END_TEST
START_TEST (t_regressions) { TST_BEGIN (); tst_do_regressions (&powm, powm_aliases + 1, POWM_NALIAS - 1); }
END_TEST
START_TEST (t_zero_moduli) { TST_BEGIN (); tst_do_zero_divisors (&powm, 24); }
END_TEST

/* Every special base and modulus with exponents 0, ±1, ±2, 3, 2^64 - 1, 2^64,
   -(2^64 + 1): zero moduli, ±1 moduli, powers of two, all-ones. */
START_TEST (t_specials)
{
  static const char *exps[] = { "0", "1", "-1", "2", "-2", "3", "ffffffffffffffff",
                                "10000000000000000", "-10000000000000001" };
  size_t ns = tst_special_count (), ne = sizeof exps / sizeof exps[0];
  size_t n = ns * ne * ns, a, e, m, i = 0;
  mpz_t *in[3];
  TST_BEGIN ();
  in[0] = tst_vec_new (n);
  in[1] = tst_vec_new (n);
  in[2] = tst_vec_new (n);
  for (a = 0; a < ns; a++)
    for (e = 0; e < ne; e++)
      for (m = 0; m < ns; m++, i++)
        {
          tst_special (in[0][i], a);
          mpz_set_str (in[1][i], exps[e], 16);
          tst_special (in[2][i], m);
        }
  tst_check_op (&powm, NULL, in, n, "special values");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
  tst_vec_free (in[2], n);
}
END_TEST

/* Negative exponents only, half of the bases invertible, with zero moduli mixed
   in: the lowest failing index decides the status. */
START_TEST (t_negative_exponents)
{
  static const size_t counts[] = { 1, 2, 31, 33, 257 };
  size_t c, i, n;
  mpz_t *in[3];
  TST_BEGIN ();
  for (c = 0; c < sizeof counts / sizeof counts[0]; c++)
    {
      n = counts[c];
      in[0] = tst_vec_new (n);
      in[1] = tst_vec_new (n);
      in[2] = tst_vec_new (n);
      for (i = 0; i < n; i++)
        {
          size_t l = 1 + tst_urand (12);
          tst_rand_nonzero (in[2][i], l);
          tst_rand_op (in[0][i], l);
          if (tst_urand (2))
            {
              /* planted factor: no inverse */
              mpz_mul_ui (in[0][i], in[0][i], 6);
              mpz_mul_ui (in[2][i], in[2][i], 3);
            }
          mpz_urandomb (in[1][i], tst_rands, 1 + tst_urand (100));
          mpz_add_ui (in[1][i], in[1][i], 1);
          mpz_neg (in[1][i], in[1][i]);
          if (tst_urand (16) == 0)
            mpz_set_ui (in[2][i], 0);
        }
      tst_check_op (&powm, NULL, in, n, "negative exponents");
      /* and the same with the failing elements all after the first good one */
      tst_check_op (&powm, &powm_aliases[POWM_ALIAS_ROP_BASE], in, n, "negative exponents");
      tst_vec_free (in[0], n);
      tst_vec_free (in[1], n);
      tst_vec_free (in[2], n);
    }
}
END_TEST

/* A 2^20-bit modulus (odd and even) with a short exponent. */
START_TEST (t_big)
{
  mpz_t *in[3];
  size_t n = 3, i;
  TST_BEGIN ();
  in[0] = tst_vec_new (n);
  in[1] = tst_vec_new (n);
  in[2] = tst_vec_new (n);
  for (i = 0; i < n; i++)
    {
      tst_rand_nonzero (in[2][i], 16384);
      tst_rand_op (in[0][i], 16384 + 1 - i);
      mpz_set_si (in[1][i], i == 2 ? -3 : 5 + (long) i);
    }
  mpz_setbit (in[2][0], 0);
  mpz_clrbit (in[2][1], 0);
  mpz_setbit (in[2][2], 0);
  tst_check_op (&powm, NULL, in, n, "big");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
  tst_vec_free (in[2], n);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("powm");
  TCase *tc = tst_tcase ("powm");
  tcase_add_test (tc, t_regressions);
  tcase_add_test (tc, t_specials);
  tcase_add_test (tc, t_zero_moduli);
  tcase_add_test (tc, t_negative_exponents);
  tcase_add_test (tc, t_sizes);
  tcase_add_test (tc, t_counts);
  tcase_add_test (tc, t_aliases);
  tcase_add_test (tc, t_big);
  suite_add_tcase (s, tc);
  return tst_main (s, "powm");
}
