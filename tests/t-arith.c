/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-arith.c -- mpzg_add_n, mpzg_sub_n, mpzg_mul_n against GMP loops. */

#include "common.h"
#include "entries.h"

/* Operands of `limbs` limbs: same size, one limb apart, much shorter, or equal
   and opposite values (which cancel to zero), with specials now and then. */
static void
gen (mpz_ptr *ops, size_t limbs)
{
  size_t other;
  switch (tst_urand (8))
    {
    case 0: other = limbs > 0 ? limbs - 1 : 0; break;
    case 1: other = limbs + 1; break;
    case 2: other = tst_urand (limbs + 1); break;
    case 3: other = 1; break;
    default: other = limbs; break;
    }
  tst_rand_op (ops[0], limbs);
  tst_rand_op (ops[1], other);
  switch (tst_urand (16))
    {
    case 0: mpz_neg (ops[1], ops[0]); break;          /* a + b = 0 */
    case 1: mpz_set (ops[1], ops[0]); break;          /* a - b = 0 */
    case 2: tst_special (ops[1], tst_urand (tst_special_count ())); break;
    case 3: tst_special (ops[0], tst_urand (tst_special_count ())); break;
    case 4:                                            /* |a| - |b| borrows far */
      mpz_set_ui (ops[1], 1);
      mpz_mul_2exp (ops[0], ops[1], limbs * TST_LIMB_BITS);
      if (tst_urand (2)) mpz_neg (ops[1], ops[1]);
      break;
    default: break;
    }
  if (tst_urand (2))
    {
      mpz_ptr t = ops[0];
      mpz_swap (t, ops[1]);
    }
}

static const tst_op ops[] = {
  { "add", 1, 2, -1, 0, 0, tst_call_add, tst_ref_add, gen },
  { "sub", 1, 2, -1, 0, 0, tst_call_sub, tst_ref_sub, gen },
  { "mul", 1, 2, -1, 0, 0, tst_call_mul, tst_ref_mul, gen },
};
#define NOPS ((int) (sizeof ops / sizeof ops[0]))

/* common.h's aliasings but "none" (the other tests run the calls unaliased) */
#define NALIAS (TST_NALIAS_BINARY - 1)

START_TEST (t_sizes) { TST_BEGIN (); tst_do_sizes (&ops[_i], 2049); }
END_TEST
START_TEST (t_counts) { TST_BEGIN (); tst_do_counts (&ops[_i], 64); }
END_TEST
START_TEST (t_aliases) { TST_BEGIN (); tst_do_aliases (&ops[_i], tst_aliases_binary + 1, NALIAS, 200); }
END_TEST
START_TEST (t_specials) { TST_BEGIN (); tst_do_specials2 (&ops[_i]); }
END_TEST
START_TEST (t_regressions) { TST_BEGIN (); tst_do_regressions (&ops[_i], tst_aliases_binary + 1, NALIAS); }
END_TEST
START_TEST (t_big) { TST_BEGIN (); tst_do_big (&ops[_i], 16384, 3); }
END_TEST

/* Carries and borrows that run the whole length: (2^k - 1) + 1, 2^k - 1, and
   products of all-ones numbers, at every size of the list. */
START_TEST (t_carry_chains)
{
  const size_t *l;
  size_t ns = tst_sizes (&l), j, i, n = 4 * ns;
  mpz_t *in[2];
  TST_BEGIN ();
  in[0] = tst_vec_new (n);
  in[1] = tst_vec_new (n);
  for (j = 0; j < ns; j++)
    {
      size_t bits = (l[j] ? l[j] : 1) * TST_LIMB_BITS;
      i = 4 * j;
      mpz_set_ui (in[0][i], 0); mpz_setbit (in[0][i], bits); mpz_sub_ui (in[0][i], in[0][i], 1);
      mpz_set_ui (in[1][i], 1);
      mpz_set_ui (in[0][i + 1], 0); mpz_setbit (in[0][i + 1], bits);
      mpz_set_si (in[1][i + 1], -1);
      mpz_neg (in[0][i + 2], in[0][i]);
      mpz_set (in[1][i + 2], in[0][i]);
      mpz_add_ui (in[1][i + 2], in[1][i + 2], 2);
      mpz_set (in[0][i + 3], in[0][i]);
      mpz_set (in[1][i + 3], in[0][i]);
    }
  tst_check_op (&ops[_i], NULL, in, n, "carry chains");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("arith");
  TCase *tc = tst_tcase ("arith");
  tcase_add_loop_test (tc, t_regressions, 0, NOPS);
  tcase_add_loop_test (tc, t_specials, 0, NOPS);
  tcase_add_loop_test (tc, t_carry_chains, 0, NOPS);
  tcase_add_loop_test (tc, t_sizes, 0, NOPS);
  tcase_add_loop_test (tc, t_counts, 0, NOPS);
  tcase_add_loop_test (tc, t_aliases, 0, NOPS);
  tcase_add_loop_test (tc, t_big, 0, NOPS);
  suite_add_tcase (s, tc);
  return tst_main (s, "arith");
}
