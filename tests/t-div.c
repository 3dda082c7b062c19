/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-div.c -- tdiv, fdiv, cdiv (qr, q, r), mod and divexact against GMP loops. */

#include "common.h"
#include "entries.h"
#include "div-entries.h"

/* A dividend of `limbs` limbs and a divisor longer, equal, one limb shorter,
   much shorter, single-limb, ±1, equal to the dividend, or one that leaves a
   tiny remainder.  The divisor is zero only where a test plants it. */
static void
gen (mpz_ptr *ops, size_t limbs)
{
  size_t dl;
  tst_rand_op (ops[0], limbs);
  switch (tst_urand (10))
    {
    case 0: dl = limbs + 1 + tst_urand (2); break;
    case 1: case 2: dl = limbs; break;
    case 3: case 4: dl = limbs > 1 ? limbs - 1 : 1; break;
    case 5: dl = 1; break;
    case 6: dl = limbs > 2 ? 2 : 1; break;
    default: dl = 1 + tst_urand (limbs + 1); break;
    }
  tst_rand_nonzero (ops[1], dl);
  switch (tst_urand (16))
    {
    case 0: mpz_set_si (ops[1], tst_urand (2) ? 1 : -1); break;
    case 1: mpz_set (ops[1], ops[0]); if (!mpz_sgn (ops[1])) mpz_set_ui (ops[1], 7); break;
    case 2: mpz_neg (ops[1], ops[0]); if (!mpz_sgn (ops[1])) mpz_set_si (ops[1], -3); break;
    case 3:
      /* dividend = q d + r with small r of either sign, or r = 0 */
      {
        mpz_t q;
        mpz_init (q);
        tst_rand_op (q, limbs > dl ? limbs - dl + 1 : 1);
        mpz_mul (ops[0], q, ops[1]);
        mpz_add_ui (ops[0], ops[0], tst_urand (3));
        if (tst_urand (2))
          mpz_sub_ui (ops[0], ops[0], 2);
        mpz_clear (q);
      }
      break;
    case 4: tst_special (ops[0], tst_urand (tst_special_count ())); break;
    case 5:
      tst_special (ops[1], tst_urand (tst_special_count ()));
      if (!mpz_sgn (ops[1])) mpz_set_ui (ops[1], 2);
      break;
    default: break;
    }
}

/* divexact: the dividend is a multiple of the divisor. */
static void
gen_exact (mpz_ptr *ops, size_t limbs)
{
  size_t dl = tst_urand (3) == 0 ? 1 : 1 + tst_urand (limbs + 1);
  size_t ql = limbs >= dl ? limbs - dl + tst_urand (2) : tst_urand (2);
  mpz_t q;
  mpz_init (q);
  tst_rand_nonzero (ops[1], dl);
  switch (tst_urand (8))
    {
    case 0: mpz_set_ui (q, 0); break;
    case 1: mpz_set_si (q, tst_urand (2) ? 1 : -1); break;
    case 2: mpz_set_si (ops[1], tst_urand (2) ? 1 : -1); tst_rand_op (q, limbs); break;
    case 3: tst_special (ops[1], 3 + tst_urand (tst_special_count () - 3)); tst_rand_op (q, ql); break;
    default: tst_rand_op (q, ql); break;
    }
  mpz_mul (ops[0], q, ops[1]);
  mpz_clear (q);
}

static const tst_op ops[] = DIV_ENTRIES (gen, gen_exact);
/* The aliasings below skip the first, "none": the other tests run that. */
#define NOPS ((int) (sizeof ops / sizeof ops[0]))

START_TEST (t_sizes) { TST_BEGIN (); tst_do_sizes (&ops[_i], 2049); }
END_TEST
START_TEST (t_counts) { TST_BEGIN (); tst_do_counts (&ops[_i], 64); }
END_TEST
START_TEST (t_aliases) { TST_BEGIN (); tst_do_aliases (&ops[_i], DIV_ALIASES (&ops[_i]) + 1, DIV_NALIAS (&ops[_i]) - 1, 150); }
END_TEST
START_TEST (t_specials)
{
  TST_BEGIN ();
  if (ops[_i].gen != gen_exact)
    tst_do_specials2 (&ops[_i]);   /* includes zero divisors */
}
END_TEST
START_TEST (t_regressions)
{
  TST_BEGIN ();
  if (ops[_i].gen != gen_exact)
    tst_do_regressions (&ops[_i], DIV_ALIASES (&ops[_i]) + 1, DIV_NALIAS (&ops[_i]) - 1);
}
END_TEST
START_TEST (t_zero_divisors) { TST_BEGIN (); tst_do_zero_divisors (&ops[_i], 40); }
END_TEST

/* 2^20 bits by 2^19, 2^20 - 64 and 64 bits. */
START_TEST (t_big)
{
  mpz_t *in[2];
  size_t n = 4, i;
  TST_BEGIN ();
  in[0] = tst_vec_new (n);
  in[1] = tst_vec_new (n);
  for (i = 0; i < n; i++)
    tst_rand_op (in[0][i], 16384 + i % 2);
  tst_rand_nonzero (in[1][0], 8192);
  tst_rand_nonzero (in[1][1], 16383);
  tst_rand_nonzero (in[1][2], 1);
  tst_rand_nonzero (in[1][3], 16385);
  if (ops[_i].gen == gen_exact)
    for (i = 0; i < n; i++)
      mpz_mul (in[0][i], in[0][i], in[1][i]);   /* exact multiples */
  tst_check_op (&ops[_i], NULL, in, n, "big");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("div");
  TCase *tc = tst_tcase ("div");
  tcase_add_loop_test (tc, t_regressions, 0, NOPS);
  tcase_add_loop_test (tc, t_specials, 0, NOPS);
  tcase_add_loop_test (tc, t_zero_divisors, 0, NOPS);
  tcase_add_loop_test (tc, t_sizes, 0, NOPS);
  tcase_add_loop_test (tc, t_counts, 0, NOPS);
  tcase_add_loop_test (tc, t_aliases, 0, NOPS);
  tcase_add_loop_test (tc, t_big, 0, NOPS);
  suite_add_tcase (s, tc);
  return tst_main (s, "div");
}
