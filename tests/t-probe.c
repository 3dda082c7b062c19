/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-probe.c -- in auto mode the device is probed only once a call would use it:
   calls below the GPU's sizes (additions, which auto mode keeps on the CPU, and
   small products, divisions and gcds) leave it unprobed, and their results are
   GMP's; a batch of products worth the GPU probes it (in a build with CUDA).  The
   probe starts the CUDA runtime and runs a kernel, some 0.3 s once per process,
   which a program that never reaches the GPU's sizes should not pay.  The test
   runs first in its own process, with MPZG_BACKEND and MPZG_DEVICE unset. */

#include <stdio.h>
#include <stdlib.h>
#include "common.h"
#include "gpu.h"

/* n elements of `limbs` limbs each; r = a op b by the library and by GMP. */
static void
check_small (const char *what, size_t n, size_t limbs)
{
  mpz_t *a = tst_vec_new (n), *b = tst_vec_new (n), *r = tst_vec_new (n), *q = tst_vec_new (n);
  mpz_t ref, rr;
  size_t i;
  mpz_inits (ref, rr, NULL);
  for (i = 0; i < n; i++)
    {
      tst_rand_op (a[i], limbs);
      tst_rand_nonzero (b[i], limbs / 2 + 1);
    }
  ck_assert_int_eq (mpzg_add_n (r, a, b, n), MPZG_OK);
  for (i = 0; i < n; i++)
    {
      mpz_add (ref, a[i], b[i]);
      tst_assert (mpz_cmp (ref, r[i]) == 0, "%s: add element %zu differs from GMP", what, i);
    }
  ck_assert_int_eq (mpzg_mul_n (r, a, b, n), MPZG_OK);
  for (i = 0; i < n; i++)
    {
      mpz_mul (ref, a[i], b[i]);
      tst_assert (mpz_cmp (ref, r[i]) == 0, "%s: mul element %zu differs from GMP", what, i);
    }
  ck_assert_int_eq (mpzg_tdiv_qr_n (q, r, a, b, n), MPZG_OK);
  for (i = 0; i < n; i++)
    {
      mpz_tdiv_qr (ref, rr, a[i], b[i]);
      tst_assert (mpz_cmp (ref, q[i]) == 0 && mpz_cmp (rr, r[i]) == 0,
                  "%s: tdiv_qr element %zu differs from GMP", what, i);
    }
  ck_assert_int_eq (mpzg_gcd_n (r, a, b, n), MPZG_OK);
  for (i = 0; i < n; i++)
    {
      mpz_gcd (ref, a[i], b[i]);
      tst_assert (mpz_cmp (ref, r[i]) == 0, "%s: gcd element %zu differs from GMP", what, i);
    }
  mpz_clears (ref, rr, NULL);
  tst_vec_free (a, n);
  tst_vec_free (b, n);
  tst_vec_free (r, n);
  tst_vec_free (q, n);
}

START_TEST (t_probe_deferred)
{
  const size_t n = 1024, limbs = 256;
  mpz_t *a, *b, *r, ref;
  size_t i;

  TST_BEGIN ();
  ck_assert_int_eq (mpzg_gpu_probed (0), 0);
  check_small ("64 elements of 4 limbs", 64, 4);
  check_small ("16 elements of 32 limbs", 16, 32);
  tst_assert (!mpzg_gpu_probed (0), "a call below the GPU's sizes probed the device");

  /* 1024 products of 256 by 256 limbs: the GPU's work in any tuning */
  a = tst_vec_new (n);
  b = tst_vec_new (n);
  r = tst_vec_new (n);
  mpz_init (ref);
  for (i = 0; i < n; i++)
    {
      tst_rand_op (a[i], limbs);
      tst_rand_op (b[i], limbs);
    }
  ck_assert_int_eq (mpzg_mul_n (r, a, b, n), MPZG_OK);
  for (i = 0; i < n; i++)
    {
      mpz_mul (ref, a[i], b[i]);
      tst_assert (mpz_cmp (ref, r[i]) == 0, "mul element %zu differs from GMP", i);
    }
  if (mpzg_have_cuda ())
    tst_assert (mpzg_gpu_probed (0), "a batch worth the GPU did not probe the device");
  else
    tst_assert (!mpzg_gpu_probed (0), "a build without CUDA probed");
  mpz_clear (ref);
  tst_vec_free (a, n);
  tst_vec_free (b, n);
  tst_vec_free (r, n);
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
