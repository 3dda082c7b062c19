/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcd.c -- mpzg_gcd_n, mpzg_gcdext_n (with and without s and t) and
   mpzg_invert_n (with and without `exists`) against GMP loops. */

#include "common.h"
#include "entries.h"
#include "gcd-entries.h"

/* Pairs with a planted common factor, coprime pairs, one dividing the other,
   zeros, equal values, ±1, consecutive Fibonacci numbers (the longest Euclid),
   powers of two apart (different trailing zeros, the device's two routes for the
   cofactor), and |b| = 2|a| (one of GMP's exceptional cofactors). */
static void
gen (mpz_ptr *ops, size_t limbs)
{
  size_t fl, other = tst_urand (4) ? limbs : tst_urand (limbs + 2);
  mpz_t f;
  switch (tst_urand (14))
    {
    case 0: case 1: case 2: case 3:
      /* planted factor of 1..limbs limbs */
      mpz_init (f);
      fl = 1 + tst_urand (limbs + 1);
      tst_rand_nonzero (f, fl);
      tst_rand_op (ops[0], limbs > fl ? limbs - fl : 0);
      tst_rand_op (ops[1], other > fl ? other - fl : tst_urand (2));
      if (mpz_sgn (ops[0]) == 0) mpz_set_ui (ops[0], 1);
      mpz_mul (ops[0], ops[0], f);
      mpz_mul (ops[1], ops[1], f);
      mpz_clear (f);
      break;
    case 4:
      tst_rand_nonzero (ops[0], limbs / 2);
      tst_rand_op (ops[1], limbs / 2 + 1);
      mpz_mul (ops[1], ops[1], ops[0]);      /* a | b */
      break;
    case 5:
      tst_rand_op (ops[0], limbs);
      mpz_set_si (ops[1], (long) tst_urand (3) - 1);   /* -1, 0, 1 */
      break;
    case 6:
      tst_rand_op (ops[0], limbs);
      mpz_set (ops[1], ops[0]);
      if (tst_urand (2)) mpz_neg (ops[1], ops[1]);
      break;
    case 7:
      mpz_fib2_ui (ops[0], ops[1], limbs * 92 + 2);    /* about `limbs` limbs */
      tst_rand_sign (ops[0]);
      tst_rand_sign (ops[1]);
      break;
    case 8:
      tst_special (ops[0], tst_urand (tst_special_count ()));
      tst_rand_op (ops[1], limbs);
      break;
    case 9:
      tst_rand_op (ops[0], limbs);
      tst_rand_op (ops[1], other);
      mpz_mul_2exp (ops[0], ops[0], tst_urand (130));
      mpz_mul_2exp (ops[1], ops[1], tst_urand (130));
      break;
    case 10:
      tst_rand_nonzero (ops[0], limbs);
      mpz_mul_2exp (ops[1], ops[0], 1);
      tst_rand_sign (ops[1]);
      break;
    default:
      tst_rand_op (ops[0], limbs);
      tst_rand_op (ops[1], other);
      break;
    }
  if (tst_urand (2))
    mpz_swap (ops[0], ops[1]);
}

/* Inverses: odd, even and power-of-two moduli, ±1 and ±2, negative moduli,
   bases larger than the modulus, negative, zero, multiples of the modulus, and
   non-invertible ones (a planted common factor), about a quarter of them. */
static void
gen_inv (mpz_ptr *ops, size_t limbs)
{
  size_t bl;
  tst_rand_nonzero (ops[1], limbs);
  switch (tst_urand (10))
    {
    case 0: mpz_setbit (ops[1], 0); break;            /* odd */
    case 1: mpz_clrbit (ops[1], 0); if (!mpz_sgn (ops[1])) mpz_set_ui (ops[1], 2); break;
    case 2: mpz_set_ui (ops[1], 0); mpz_setbit (ops[1], limbs * TST_LIMB_BITS + tst_urand (3)); break;
    case 3: mpz_set_si (ops[1], (long) tst_urand (2) * 2 - 1); if (tst_urand (2)) mpz_mul_2exp (ops[1], ops[1], 1); break;
    default: break;
    }
  tst_rand_sign (ops[1]);
  bl = tst_urand (3) == 0 ? limbs + 1 : 1 + tst_urand (limbs + 1);
  tst_rand_op (ops[0], bl);
  switch (tst_urand (10))
    {
    case 0: mpz_set_ui (ops[0], 0); break;
    case 1: mpz_set_si (ops[0], tst_urand (2) ? 1 : -1); break;
    case 2: mpz_mul_ui (ops[0], ops[1], 1 + tst_urand (5)); break;   /* multiple */
    case 3: case 4:
      /* planted common factor: gcd(a, m) > 1 */
      {
        mpz_t f;
        mpz_init (f);
        tst_rand_nonzero (f, 1 + tst_urand (limbs / 2 + 1));
        if (mpz_cmpabs_ui (f, 1) == 0) mpz_set_ui (f, 3);
        mpz_mul (ops[0], ops[0], f);
        mpz_mul (ops[1], ops[1], f);
        mpz_clear (f);
      }
      break;
    default: break;
    }
}

static const tst_op ops[] = GCD_ENTRIES (gen, gen_inv);
/* The aliasings below skip the first, "none": the other tests run that. */
#define NOPS ((int) (sizeof ops / sizeof ops[0]))

START_TEST (t_sizes) { TST_BEGIN (); tst_do_sizes (&ops[_i], 2049); }
END_TEST
START_TEST (t_counts) { TST_BEGIN (); tst_do_counts (&ops[_i], 48); }
END_TEST
START_TEST (t_aliases)
{
  tst_alias list[GCD_MAX_ALIASES];
  size_t m;
  TST_BEGIN ();
  m = gcd_aliases_for (&ops[_i], list);
  tst_do_aliases (&ops[_i], list + 1, m - 1, 100);
}
END_TEST
START_TEST (t_specials) { TST_BEGIN (); tst_do_specials2 (&ops[_i]); }
END_TEST
START_TEST (t_regressions)
{
  tst_alias list[GCD_MAX_ALIASES];
  size_t m;
  TST_BEGIN ();
  m = gcd_aliases_for (&ops[_i], list);
  tst_do_regressions (&ops[_i], list + 1, m - 1);
}
END_TEST
START_TEST (t_zero_moduli) { TST_BEGIN (); tst_do_zero_divisors (&ops[_i], 32); }
END_TEST
/* Every pair of |a|, |b| <= 64 with every sign in one batch: GMP's exceptional
   cofactors (a or b zero, |a| = |b|, |a| or |b| twice the gcd, one dividing the
   other) and every route of the device's cofactor; zero moduli for invert. */
START_TEST (t_small)
{
  const long r = 64;
  size_t n = (size_t) (2 * r + 1) * (2 * r + 1), i = 0;
  mpz_t *in[2];
  tst_alias list[GCD_MAX_ALIASES];
  size_t m, k;
  long x, y;
  TST_BEGIN ();
  in[0] = tst_vec_new (n);
  in[1] = tst_vec_new (n);
  for (x = -r; x <= r; x++)
    for (y = -r; y <= r; y++, i++)
      {
        mpz_set_si (in[0][i], x);
        mpz_set_si (in[1][i], y);
      }
  tst_check_op (&ops[_i], NULL, in, n, "every small pair");
  m = gcd_aliases_for (&ops[_i], list);
  for (k = 1; k < m; k++)
    tst_check_op (&ops[_i], &list[k], in, n, "every small pair");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
}
END_TEST

START_TEST (t_big) { TST_BEGIN (); tst_do_big (&ops[_i], 16384, 2); }
END_TEST

/* invert: zero moduli and non-invertible elements at chosen indices; the status
   is that of the lowest one, every valid element computed, exists[] as GMP's. */
START_TEST (t_invert_mixed)
{
  static const struct { size_t n; long zero[3]; long noinv[3]; } cases[] = {
    { 1, { -1, -1, -1 }, { 0, -1, -1 } },
    { 2, { 1, -1, -1 }, { 0, -1, -1 } },
    { 2, { 0, -1, -1 }, { 1, -1, -1 } },
    { 33, { 5, 20, -1 }, { 3, 32, -1 } },
    { 33, { 3, 20, -1 }, { 5, 32, -1 } },
    { 257, { 256, -1, -1 }, { 255, 100, -1 } },
    { 257, { 0, 1, 2 }, { 3, 4, 5 } },
    { 1001, { 1000, -1, -1 }, { 999, -1, -1 } },
  };
  size_t c, i, n;
  int k;
  TST_BEGIN ();
  for (c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      mpz_t *in[2];
      n = cases[c].n;
      in[0] = tst_vec_new (n);
      in[1] = tst_vec_new (n);
      for (i = 0; i < n; i++)
        {
          /* invertible: m odd, a = 2^k, or a prime modulus */
          tst_rand_nonzero (in[1][i], 1 + tst_urand (8));
          mpz_setbit (in[1][i], 0);
          if (mpz_cmpabs_ui (in[1][i], 1) == 0) mpz_set_ui (in[1][i], 5);
          mpz_set_ui (in[0][i], 1);
          mpz_mul_2exp (in[0][i], in[0][i], tst_urand (200));
          tst_rand_sign (in[0][i]);
        }
      for (k = 0; k < 3; k++)
        {
          if (cases[c].noinv[k] >= 0)
            {
              i = cases[c].noinv[k];
              mpz_mul_ui (in[0][i], in[1][i], 3);        /* gcd = |m| > 1 */
            }
          if (cases[c].zero[k] >= 0)
            mpz_set_ui (in[1][cases[c].zero[k]], 0);
        }
      tst_check_op (&ops[5], NULL, in, n, "zero moduli and non-invertible");
      tst_check_op (&ops[6], NULL, in, n, "zero moduli and non-invertible");
      tst_vec_free (in[0], n);
      tst_vec_free (in[1], n);
    }
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("gcd");
  TCase *tc = tst_tcase ("gcd");
  tcase_add_loop_test (tc, t_regressions, 0, NOPS);
  tcase_add_loop_test (tc, t_specials, 0, NOPS);
  tcase_add_loop_test (tc, t_small, 0, NOPS);
  tcase_add_loop_test (tc, t_zero_moduli, 5, NOPS);
  tcase_add_test (tc, t_invert_mixed);
  tcase_add_loop_test (tc, t_sizes, 0, NOPS);
  tcase_add_loop_test (tc, t_counts, 0, NOPS);
  tcase_add_loop_test (tc, t_aliases, 0, NOPS);
  tcase_add_loop_test (tc, t_big, 0, NOPS);
  suite_add_tcase (s, tc);
  return tst_main (s, "gcd");
}
