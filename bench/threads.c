/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* threads.c -- mpzg-bench --threads: how mpzg_mul_n on the CPU backend scales with
   mpzg_set_threads (1, 2, 4, ..., all online cores), against a plain GMP loop. */

#include <stdio.h>
#include <time.h>
#include <mpzg.h>
#include "bench.h"

#define MAX_REPS 64

static double
cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

/* Median wall time of mpzg_mul_n; *busy receives CPU time over wall time (cores
   kept busy, over all reps): below the thread count means the threads waited,
   for work or for a core that other processes held. */
static double
time_mpzg (mpz_t *r, mpz_t *a, mpz_t *b, mpz_t *ref, size_t n, int reps, int *valid,
           double *busy)
{
  double t[MAX_REPS], spent = 0, cpu = 0;
  int k = 0;
  while (k < MAX_REPS && bench_more_reps (k, reps, spent))
    {
      double t0, c0;
      size_t first, bad;
      int st;
      bench_poison (r, n);
      c0 = cpu_us ();
      t0 = bench_now_us ();
      st = mpzg_mul_n (r, a, b, n);
      t[k] = bench_now_us () - t0;
      cpu += cpu_us () - c0;
      spent += t[k++];
      if (st != MPZG_OK)
        {
          printf ("!! mpzg_mul_n failed: %s\n", mpzg_strerror (st));
          *valid = 0;
        }
      else if ((bad = bench_compare (r, ref, n, &first)) != 0)
        {
          printf ("!! MISMATCH: %zu of %zu differ, first at %zu\n", bad, n, first);
          *valid = 0;
        }
    }
  *busy = cpu / spent;
  return bench_median (t, k);
}

/* Median wall time of the GMP loop split statically over `threads` pthreads. */
static double
time_split (mpz_t **out, mpz_t **in, size_t n, int threads, int reps)
{
  const bench_op *mul = bench_find_op ("mul");
  double t[MAX_REPS], spent = 0;
  int k = 0;
  while (k < MAX_REPS && bench_more_reps (k, reps, spent))
    {
      double t0 = bench_now_us ();
      bench_gmp (mul, out, in, n, threads);
      t[k] = bench_now_us () - t0;
      spent += t[k++];
    }
  return bench_median (t, k);
}

int
bench_threads_mode (unsigned tbits, unsigned long bits, int reps)
{
  size_t n = (size_t) ((1ULL << tbits) / bits), i;
  int cores = bench_online_cores (), t, valid = 1, last = 0;
  double gmp_us, one_us = 0, two_us = 0, split1_us = 0;
  mpz_t *a, *b, *r, *ref, *in[2], *out[1];
  gmp_randstate_t rs;
  const bench_op *mul = bench_find_op ("mul");

  if (n == 0)
    n = 1;
  a = bench_alloc (n, bits);
  b = bench_alloc (n, bits);
  r = bench_alloc (n, 2 * bits + 64);
  ref = bench_alloc (n, 2 * bits + 64);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 1);
  for (i = 0; i < n; i++)
    {
      mpz_urandomb (a[i], rs, bits);
      mpz_urandomb (b[i], rs, bits);
    }
  gmp_randclear (rs);
  in[0] = a;
  in[1] = b;
  out[0] = ref;
  bench_gmp (mul, out, in, n, 1);                 /* reference and warm-up */
  out[0] = r;
  gmp_us = time_split (out, in, n, 1, reps);

  mpzg_set_backend (MPZG_BACKEND_CPU);
  printf ("# thread scaling: mpzg_mul_n, %lu x %lu bits, %zu elements, backend cpu, "
          "median of up to %d reps\n", bits, bits, n, reps);
  printf ("# plain GMP loop, 1 core: %.1f us\n", gmp_us);
  printf ("# split = the GMP loop cut statically over the same number of pthreads: what the\n"
          "# machine gives right now; busy = process CPU time / wall time during mpzg's calls\n");
  printf ("%8s %12s %10s %12s %10s %9s %8s\n", "threads", "mpzg-us", "mpzg-x", "split-us",
          "split-x", "mpzg/gmp", "busy");
  for (t = 1; !last; t *= 2)
    {
      double us, split_us, busy;
      if (t >= cores)
        {
          t = cores;
          last = 1;
        }
      mpzg_set_threads (t);
      us = time_mpzg (r, a, b, ref, n, reps, &valid, &busy);
      split_us = time_split (out, in, n, t, reps);
      if (t == 1)
        {
          one_us = us;
          split1_us = split_us;
        }
      if (t == 2)
        two_us = us;
      printf ("%8d %12.1f %10.2f %12.1f %10.2f %9.2f %8.2f\n", t, us, one_us / us, split_us,
              split1_us / split_us, gmp_us / us, busy);
      fflush (stdout);
    }
  mpzg_set_threads (0);
  mpzg_set_backend (MPZG_BACKEND_AUTO);

  {
    char load[128];
    bench_loadavg (load, sizeof load);
    printf ("# load average at end: %s\n", load);
  }
  if (two_us > 0)
    printf ("# speedup 1 -> 2 threads: %.2fx (target >= 1.70x): %s\n", one_us / two_us,
            one_us / two_us >= 1.7 ? "met" : "NOT MET");
  printf ("# results %s\n", valid ? "all equal to GMP's" : "MISMATCH");
  bench_free (a, n);
  bench_free (b, n);
  bench_free (r, n);
  bench_free (ref, n);
  return valid ? 0 : 1;
}
