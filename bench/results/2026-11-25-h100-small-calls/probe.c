/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* median and minimum of 15 calls of mpzg_tdiv_qr_n (1024-bit dividends, 512-bit
   divisors) with the backend forced to cuda, each call after a CPU call of the same
   batch (alt) or right after the previous GPU call (gpu) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <gmp.h>
#include "mpzg.h"
static double now (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec * 1e-6; }
static int cmp (const void *a, const void *b) { double x = *(const double *) a, y = *(const double *) b; return x < y ? -1 : x > y; }
int main (int argc, char **argv)
{
  size_t sizes[] = { 16, 256, 1024, 4096, 16384, 65536 };
  gmp_randstate_t rs; gmp_randinit_default (rs);
  for (int si = 0; si < 6; si++)
    {
      size_t n = sizes[si];
      mpz_t *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b), *q = malloc (n * sizeof *q), *r = malloc (n * sizeof *r);
      for (size_t i = 0; i < n; i++) { mpz_inits (a[i], b[i], q[i], r[i], NULL); mpz_urandomb (a[i], rs, 1024); mpz_urandomb (b[i], rs, 512); mpz_setbit (b[i], 511); }
      mpzg_set_backend (MPZG_BACKEND_CUDA);
      mpzg_tdiv_qr_n (q, r, a, b, n);
      for (int alt = 1; alt >= 0; alt--)
        {
          double t[15];
          for (int k = 0; k < 15; k++)
            {
              if (alt) { mpzg_set_backend (MPZG_BACKEND_CPU); mpzg_tdiv_qr_n (q, r, a, b, n); }
              mpzg_set_backend (MPZG_BACKEND_CUDA);
              double t0 = now (); int st = mpzg_tdiv_qr_n (q, r, a, b, n); t[k] = now () - t0;
              if (st) { printf ("error %d\n", st); return 1; }
            }
          qsort (t, 15, sizeof t[0], cmp);
          printf ("%s n=%6zu %s: median %8.3f ms, min %8.3f ms\n", argv[1], n, alt ? "alt" : "gpu", t[7], t[0]);
        }
      for (size_t i = 0; i < n; i++) mpz_clears (a[i], b[i], q[i], r[i], NULL);
      free (a); free (b); free (q); free (r);
      fflush (stdout);
    }
  return 0;
}
