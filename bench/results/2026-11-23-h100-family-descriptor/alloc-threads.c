/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* alloc-threads.c -- writing N results of n limbs into mpz_t outputs from T threads,
   fresh (mpz_init_set_si just before: the write must allocate) or reused (limbs
   already there).  cc -O2 alloc-threads.c -lgmp -lpthread; ./a.out N n */
#include <gmp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
typedef struct { mpz_t *v; size_t b, e, n; } part;
static void *grow (void *a) { part *p = a; for (size_t i = p->b; i < p->e; i++) { mp_limb_t *r = mpz_limbs_write (p->v[i], p->n); for (size_t k = 0; k < p->n; k++) r[k] = i + k + 1; mpz_limbs_finish (p->v[i], p->n); } return NULL; }
static double run (mpz_t *v, size_t N, size_t n, int T) {
  for (size_t i = 0; i < N; i++) { mpz_clear (v[i]); mpz_init_set_si (v[i], -12345); }
  pthread_t t[64]; part p[64]; double t0 = now ();
  for (int k = 0; k < T; k++) { p[k].v = v; p[k].b = N * k / T; p[k].e = N * (k + 1) / T; p[k].n = n; pthread_create (&t[k], NULL, grow, &p[k]); }
  for (int k = 0; k < T; k++) pthread_join (t[k], NULL);
  return now () - t0; }
int main (int argc, char **argv) {
  size_t N = strtoul (argv[1], 0, 0), n = strtoul (argv[2], 0, 0);
  mpz_t *v = malloc (N * sizeof *v); for (size_t i = 0; i < N; i++) mpz_init (v[i]);
  int Ts[] = { 1, 2, 4, 8, 16 };
  for (int r = 0; r < 2; r++) for (int k = 0; k < 5; k++) printf ("N=%zu n=%zu T=%d fresh: %.1f ms\n", N, n, Ts[k], 1e3 * run (v, N, n, Ts[k]));
  /* reused: outputs already big */
  for (int k = 0; k < 5; k++) { pthread_t t[64]; part p[64]; double t0 = now (); int T = Ts[k];
    for (int j = 0; j < T; j++) { p[j].v = v; p[j].b = N * j / T; p[j].e = N * (j + 1) / T; p[j].n = n; pthread_create (&t[j], NULL, grow, &p[j]); }
    for (int j = 0; j < T; j++) pthread_join (t[j], NULL);
    printf ("N=%zu n=%zu T=%d reused: %.1f ms\n", N, n, T, 1e3 * (now () - t0)); }
  return 0; }
