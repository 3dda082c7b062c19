/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-probe.c -- in auto mode the device is probed only once a call would use it:
   calls below the GPU's sizes (additions, which auto mode keeps on the CPU, and
   small products, divisions and gcds) leave it unprobed, and their results are
   GMP's; a batch of products worth the GPU probes it (in a build with CUDA).  The
   probe starts the CUDA runtime and runs a kernel, some 0.3 s once per process,
   which a program that never reaches the GPU's sizes should not pay.  The test
   runs first in its own process, with MPZG_BACKEND and MPZG_DEVICE unset.  "Below
   the GPU's sizes" is read from auto mode's thresholds (cuda/tuning-switch.h), so
   that a new tuning does not turn these calls into the GPU's. */

#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "entries.h"
#include "gpu.h"
#include "tuning.h"

/* Two operands of about `limbs` limbs, the second nonzero and shorter (a
   quotient of several limbs). */
static void
gen (mpz_ptr *ops, size_t limbs)
{
  tst_rand_op (ops[0], limbs);
  tst_rand_nonzero (ops[1], limbs / 2 + 1);
}

static const tst_op ops[] = {
  { "add", 1, 2, -1, 0, 0, tst_call_add, tst_ref_add, gen },
  { "mul", 1, 2, -1, 0, 0, tst_call_mul, tst_ref_mul, gen },
  { "tdiv_qr", 2, 2, 1, 0, 0, tst_call_tdiv_qr, tst_ref_tdiv_qr, gen },
  { "gcd", 1, 2, -1, 0, 0, tst_call_gcd, tst_ref_gcd, gen },
};
#define NOPS (sizeof ops / sizeof ops[0])

/* ops[first .. last] on n elements of `limbs` limbs, checked against GMP by the
   shared runner. */
static void
check_small (size_t first, size_t last, size_t n, size_t limbs)
{
  for (size_t k = first; k <= last; k++)
    tst_check_gen (&ops[k], NULL, gen, &limbs, 1, limbs, n, "below the GPU's sizes");
}

/* The largest average size in limbs that keeps products, divisions and gcds on
   the CPU whatever the count (below each family's MPZG_*_WORTH_AVG), and the
   same for products and divisions alone. */
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define SMALL_ALL (MIN2 (MIN2 (MPZG_MUL_WORTH_AVG, MPZG_DIV_WORTH_AVG), MPZG_GCD_WORTH_AVG) - 1)
#define SMALL_MUL_DIV (MIN2 (MPZG_MUL_WORTH_AVG, MPZG_DIV_WORTH_AVG) - 1)

/* Two operands of `limbs` limbs. */
static void
gen_big (mpz_ptr *ops, size_t limbs)
{
  tst_rand_op (ops[0], limbs);
  tst_rand_op (ops[1], limbs);
}

START_TEST (t_probe_deferred)
{
  const size_t n = 1024, limbs = 256;

  TST_BEGIN ();
  ck_assert_int_eq (mpzg_gpu_probed (0), 0);
  ck_assert (SMALL_ALL >= 1);
  check_small (0, NOPS - 1, 64, SMALL_ALL);
  check_small (0, 2, 64, SMALL_MUL_DIV);        /* add, mul, tdiv_qr */
  ck_assert (16 * 32 < MPZG_ADD_WORTH_LIMBS);
  check_small (0, 0, 16, 32);                   /* add: auto mode keeps it on the CPU */
  tst_assert (!mpzg_gpu_probed (0), "a call below the GPU's sizes probed the device");

  /* 1024 products of 256 by 256 limbs: the GPU's work in any tuning */
  tst_check_gen (&ops[1], NULL, gen_big, &limbs, 1, limbs, n, "worth the GPU");
  if (mpzg_have_cuda ())
    tst_assert (mpzg_gpu_probed (0), "a batch worth the GPU did not probe the device");
  else
    tst_assert (!mpzg_gpu_probed (0), "a build without CUDA probed");
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("probe");
  TCase *tc = tst_tcase ("probe");
  unsetenv ("MPZG_BACKEND");
  unsetenv ("MPZG_DEVICE");
  tcase_add_test (tc, t_probe_deferred);
  suite_add_tcase (s, tc);
  return tst_main (s, "t-probe");
}
