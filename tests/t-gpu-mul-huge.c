/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gpu-mul-huge.c -- mpzg_mul_n's path for elements above the mul ladder's limit
   (lib/gpu/mul-huge.c: one at a time through the whole-device transform of
   cuda/mul/ntt-grid.cu) against GMP, with MPZG_BACKEND=cuda: products from one limb
   above the limit up to two 2^22-limb (2^28-bit) operands, balanced, unbalanced,
   all ones, with every sign; every aliasing (op1 == op2: squares); a batch that
   mixes the ladder's elements, long ones and long ones by zero (the CPU's); products
   on one thread; then what a failing GPU leaves, under MPZG_BACKEND=cuda and in auto mode.
   MPZG_TEST_HUGE_LIMBS sets the largest operand (default 2^22 limbs).

   Skips (exit status 77) when no GPU is usable. */

#include <stdio.h>
#include <stdlib.h>
#include "gpu-harness.h"
#include "entries.h"
#include "mpzg-mpn.h"
#include "tuning.h"

static void
gen (mpz_ptr *ops, size_t limbs)
{
  tst_rand_op (ops[0], limbs);
  tst_rand_op (ops[1], limbs);
}

static const tst_op mul_op = { "mul", 1, 2, -1, 0, 0, tst_call_mul, tst_ref_mul, gen };

#define NALIAS ((int) TST_NALIAS_BINARY)

static size_t
top_limbs (void)
{
  const char *s = getenv ("MPZG_TEST_HUGE_LIMBS");
  size_t top = (size_t) 1 << 22;
  if (s != NULL && *s)
    top = strtoul (s, NULL, 0);
  return top;
}

/* 2^(64 limbs) - 1, with a random sign. */
static void
ones (mpz_t r, size_t limbs)
{
  mpz_set_ui (r, 0);
  mpz_setbit (r, (mp_bitcnt_t) limbs * 64);
  mpz_sub_ui (r, r, 1);
  tst_rand_sign (r);
}

/* One batch of element pairs (na[i], nb[i]); kind 1: all ones. */
static void
check_pairs (const size_t *na, const size_t *nb, const int *kind, size_t n, const tst_alias *al,
             const char *where)
{
  mpz_t *in[3] = { tst_vec_new (n), tst_vec_new (n), NULL };
  size_t i;
  for (i = 0; i < n; i++)
    {
      if (kind[i])
        {
          ones (in[0][i], na[i]);
          ones (in[1][i], nb[i]);
        }
      else
        {
          tst_rand_op (in[0][i], na[i]);
          tst_rand_op (in[1][i], nb[i]);
        }
    }
  tst_check_op (&mul_op, al, in, n, where);
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
}

/* Sizes from one limb above the ladder's limit to the top, a product or two each. */
START_TEST (t_sizes)
{
  const size_t lim = mpzg_mpn_mul_max (), top = top_limbs ();
  static const size_t extra[] = { 1, 904, 4099, 12288, 28672 };
  TST_BEGIN ();
  for (size_t e = 0; e < sizeof extra / sizeof extra[0]; e++)
    {
      size_t na[3] = { lim + extra[e], lim + extra[e], lim + 2 * extra[e] + 5 };
      size_t nb[3] = { lim + extra[e], 1 + extra[e] % 977, 3 };
      int kind[3] = { (int) (e & 1), 0, 1 };
      char where[64];
      snprintf (where, sizeof where, "%zu limbs", na[0]);
      check_pairs (na, nb, kind, 3, NULL, where);
    }
  for (size_t k = (size_t) 1 << 15; k <= top; k *= 2)
    {
      size_t na[2] = { k, k + 1 }, nb[2] = { k, k / 3 };
      int kind[2] = { k == top, 0 };
      char where[64];
      snprintf (where, sizeof where, "2^%d bits", 6 + __builtin_ctzl (k));
      check_pairs (na, nb, kind, k == top ? 1 : 2, NULL, where);
    }
}
END_TEST

/* Every aliasing, squares among them, with both signs. */
START_TEST (t_aliases)
{
  const size_t lim = mpzg_mpn_mul_max ();
  size_t na[4] = { lim + 1, lim + 3000, 3 * lim, 20000 };
  size_t nb[4] = { lim + 1, lim + 100, 2 * lim, 20000 };
  int kind[4] = { 1, 0, 0, 0 };
  TST_BEGIN ();
  check_pairs (na, nb, kind, 4, &tst_aliases_binary[_i], tst_aliases_binary[_i].name);
}
END_TEST

/* On one thread (MPZG_THREADS=1, or a call the crew has no helper for): the
   caller alone copies every chunk of the operands and the product through the
   pinned slots, the last ones too. */
START_TEST (t_one_thread)
{
  const size_t lim = mpzg_mpn_mul_max ();
  size_t na[4] = { lim + 1, lim + 2, 3 * lim, (size_t) 1 << 21 };
  size_t nb[4] = { lim + 1, lim + 3000, 2 * lim + 7, ((size_t) 1 << 21) - 5 };
  int kind[4] = { 0, 1, 0, 0 };
  TST_BEGIN ();
  ck_assert_int_eq (mpzg_set_threads (1), MPZG_OK);
  check_pairs (na, nb, kind, 4, NULL, "one thread");
  ck_assert_int_eq (mpzg_set_threads (0), MPZG_OK);
}
END_TEST

/* The ladder's elements, long ones, and long ones by zero (the CPU's) in one batch,
   shuffled. */
START_TEST (t_mixed)
{
  const size_t n = 301, lim = mpzg_mpn_mul_max ();
  mpz_t *in[3] = { tst_vec_new (n), tst_vec_new (n), NULL };
  TST_BEGIN ();
  for (size_t i = 0; i < n; i++)
    {
      size_t a = i % 50 == 7 ? lim + 1 + tst_urand (3 * lim)
        : i % 10 == 1 ? 1 + tst_urand (lim) : 1 + tst_urand (4096);
      size_t b = i % 100 == 57 ? 0 : i % 50 == 7 ? 1 + tst_urand (2 * lim) : 1 + tst_urand (a);
      tst_rand_op (in[0][i], a);
      tst_rand_op (in[1][i], b);
      if (i % 2)
        mpz_swap (in[0][i], in[1][i]);
    }
  tst_check_op (&mul_op, NULL, in, n, "mixed");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
}
END_TEST

/* Failure batches: 12 long elements, large enough for auto mode to send them to
   the GPU, one after another; the failure planned after k elements. */
static void
fail_gen (const tst_fail_batch *fb, mpz_ptr *ops, size_t i)
{
  (void) fb;
  tst_rand_op (ops[0], mpzg_mpn_mul_max () + 1 + i * 37);
  tst_rand_op (ops[1], MPZG_MUL_HUGE_WORTH_LIMBS + tst_urand (1000));
}

static void
fail_batch (tst_fail_batch *fb)
{
  fb->op = &mul_op;
  fb->max = mpzg_mpn_mul_grid_max ();   /* every element is the GPU's */
  fb->beyond = NULL;
  fb->n = 12;
  tst_fail_batch_make (fb, fail_gen);
}

START_TEST (t_fail_cuda)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_cuda_runs (&fb, 3, 200);
  tst_fail_batch_free (&fb);
}
END_TEST

START_TEST (t_fail_auto)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_auto_runs (&fb, 1, 200);
  tst_fail_batch_free (&fb);
}
END_TEST

static void
add_tests (TCase *tc)
{
  tcase_add_test (tc, t_sizes);
  tcase_add_loop_test (tc, t_aliases, 0, NALIAS);
  tcase_add_test (tc, t_one_thread);
  tcase_add_test (tc, t_mixed);
  tcase_add_test (tc, t_fail_cuda);
  tcase_add_test (tc, t_fail_auto);
}

int
main (void)
{
  return tst_gpu_main ("gpu-mul-huge", add_tests);
}
