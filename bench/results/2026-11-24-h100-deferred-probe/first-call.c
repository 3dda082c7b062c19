/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* first-call.c -- the time of a process's first libmpzg call (1000 additions of
   about 200 bits, auto mode), then of a product and an addition of the same
   operands.  Build: cc -O2 first-call.c -lmpzg -lgmp */
#include <stdio.h>
#include <time.h>
#include <gmp.h>
#include <mpzg.h>

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int
main (void)
{
  enum { N = 1000 };
  static mpz_t a[N], b[N], r[N];
  for (int i = 0; i < N; i++)
    {
      mpz_init_set_ui (a[i], i + 1);
      mpz_mul_2exp (a[i], a[i], 200);
      mpz_init_set_ui (b[i], 3 * i + 7);
      mpz_init (r[i]);
    }
  double t0 = now ();
  int s1 = mpzg_add_n (r, a, b, N);
  double t1 = now ();
  int s2 = mpzg_mul_n (r, a, b, N);
  double t2 = now ();
  int s3 = mpzg_add_n (r, a, b, N);
  double t3 = now ();
  printf ("first add %.3f ms (%d), then mul %.3f ms (%d), add %.3f ms (%d)\n",
          1e3 * (t1 - t0), s1, 1e3 * (t2 - t1), s2, 1e3 * (t3 - t2), s3);
  return 0;
}
