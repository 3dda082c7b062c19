/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* poly.c -- a polynomial over a batch, (a*a + b)*(b*b + b) + a*b, once with a
   GMP loop and once with libmpzg calls; exits 1 unless they agree.

   Every step is an element-wise operation over the whole batch, so the mpzg
   version is one call per step.  (A later device-resident API will keep the
   intermediates on the GPU between steps; here each call is end to end.) */

#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <gmp.h>
#include "mpzg.h"

/* The name in messages: argv[0] may be a libtool wrapper's internal path. */
#define PROG "poly"

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static mpz_t *
array_new (size_t n)
{
  mpz_t *a = malloc ((n ? n : 1) * sizeof *a);
  size_t i;
  if (a == NULL)
    {
      fprintf (stderr, "poly: out of memory\n");
      exit (2);
    }
  for (i = 0; i < n; i++)
    mpz_init (a[i]);
  return a;
}

static void
array_free (mpz_t *a, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    mpz_clear (a[i]);
  free (a);
}

/* r = (a*a + b)*(b*b + b) + a*b with plain GMP, one element at a time. */
static void
poly_gmp (mpz_t *r, mpz_t *a, mpz_t *b, size_t n)
{
  mpz_t s, t;
  size_t i;
  mpz_inits (s, t, NULL);
  for (i = 0; i < n; i++)
    {
      mpz_mul (s, a[i], a[i]);
      mpz_add (s, s, b[i]);
      mpz_mul (t, b[i], b[i]);
      mpz_add (t, t, b[i]);
      mpz_mul (r[i], s, t);
      mpz_mul (t, a[i], b[i]);
      mpz_add (r[i], r[i], t);
    }
  mpz_clears (s, t, NULL);
}

/* The same with libmpzg: one call per step over the whole batch.  s and t are
   scratch arrays of n elements.  Returns MPZG_OK or the first error. */
static int
poly_mpzg (mpz_t *r, mpz_t *a, mpz_t *b, mpz_t *s, mpz_t *t, size_t n)
{
  int st;
  if ((st = mpzg_mul_n (s, a, a, n)) != MPZG_OK
      || (st = mpzg_add_n (s, s, b, n)) != MPZG_OK
      || (st = mpzg_mul_n (t, b, b, n)) != MPZG_OK
      || (st = mpzg_add_n (t, t, b, n)) != MPZG_OK
      || (st = mpzg_mul_n (r, s, t, n)) != MPZG_OK
      || (st = mpzg_mul_n (t, a, b, n)) != MPZG_OK
      || (st = mpzg_add_n (r, r, t, n)) != MPZG_OK)
    return st;
  return MPZG_OK;
}

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: poly [OPTION] [COUNT [BITS [SEED]]]\n"
"Computes (a*a + b)*(b*b + b) + a*b over COUNT random pairs of signed integers\n"
"of up to BITS bits, with a GMP loop and with seven libmpzg calls, shows both\n"
"times, and exits 1 unless every result agrees (2 on errors).\n"
"Defaults: COUNT 100000, BITS 2048, SEED 1.\n"
"\n"
"  -h, --help     this text\n"
"  -V, --version  the program's and the library's version\n"
"\n"
"Settings: MPZG_BACKEND=auto|cuda|cpu, MPZG_THREADS, MPZG_VERBOSE=1 (what ran where).\n");
}

/* The whole of s as a decimal number, or a message and exit 2. */
static unsigned long
number (const char *what, const char *s, unsigned long min)
{
  char *end;
  unsigned long v;
  errno = 0;
  v = isdigit ((unsigned char) s[0]) ? strtoul (s, &end, 10) : 0;
  if (!isdigit ((unsigned char) s[0]) || *end != '\0' || errno || v < min)
    {
      fprintf (stderr, "%s: %s: '%s' is not a number%s (try '%s --help')\n", PROG, what, s,
               min > 0 ? " above 0" : "", PROG);
      exit (2);
    }
  return v;
}

int
main (int argc, char **argv)
{
  static const struct option longopts[] = {
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };
  size_t n = 100000;
  unsigned long bits = 2048, seed = 1;
  mpz_t *a, *b, *r1, *r2, *s, *t;
  gmp_randstate_t rs;
  size_t i, bad = 0;
  double t0, t_gmp, t_mpzg;
  char desc[256];
  int st, opt;

  argv[0] = (char *) PROG;      /* getopt's messages name the program by it */
  while ((opt = getopt_long (argc, argv, "hV", longopts, NULL)) != -1)
    switch (opt)
      {
      case 'h': usage (stdout); return 0;
      case 'V': printf ("%s (libmpzg) %s\n", PROG, mpzg_version ()); return 0;
      default:
        fprintf (stderr, "Try '%s --help'.\n", PROG);
        return 2;
      }
  if (argc - optind > 3)
    {
      fprintf (stderr, "%s: three numbers at most (try '%s --help')\n", PROG, PROG);
      return 2;
    }
  if (optind < argc)
    n = number ("COUNT", argv[optind], 0);
  if (optind + 1 < argc)
    bits = number ("BITS", argv[optind + 1], 1);
  if (optind + 2 < argc)
    seed = number ("SEED", argv[optind + 2], 0);
  a = array_new (n), b = array_new (n), r1 = array_new (n), r2 = array_new (n);
  s = array_new (n), t = array_new (n);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  /* Random sizes up to BITS, long runs of 0 and 1 bits, both signs. */
  for (i = 0; i < n; i++)
    {
      mpz_rrandomb (a[i], rs, 1 + gmp_urandomm_ui (rs, bits));
      mpz_rrandomb (b[i], rs, 1 + gmp_urandomm_ui (rs, bits));
      if (gmp_urandomb_ui (rs, 1))
        mpz_neg (a[i], a[i]);
      if (gmp_urandomb_ui (rs, 1))
        mpz_neg (b[i], b[i]);
    }
  if (n > 0)
    mpz_set_ui (a[0], 0);       /* and a zero */

  mpzg_backend (desc, sizeof desc);
  printf ("poly: %zu elements of up to %lu bits; libmpzg %s: %s\n", n, bits, mpzg_version (),
          desc);
  t0 = now ();
  poly_gmp (r1, a, b, n);
  t_gmp = now () - t0;
  t0 = now ();
  st = poly_mpzg (r2, a, b, s, t, n);
  t_mpzg = now () - t0;
  if (st != MPZG_OK)
    {
      fflush (stdout);
      fprintf (stderr, "poly: %s\n", mpzg_strerror (st));
      return 2;
    }
  for (i = 0; i < n; i++)
    if (mpz_cmp (r1[i], r2[i]) != 0)
      {
        if (bad++ == 0)
          {
            fflush (stdout);
            fprintf (stderr, "poly: element %zu differs (seed %lu)\n", i, seed);
          }
      }
  printf ("GMP loop, one core: %.3f s; libmpzg: %.3f s (speed-up %.2fx)\n", t_gmp, t_mpzg,
          t_mpzg > 0 ? t_gmp / t_mpzg : 0.0);
  if (bad)
    printf ("MISMATCH: %zu of %zu results differ\n", bad, n);
  else
    printf ("all %zu results agree with GMP\n", n);
  array_free (a, n), array_free (b, n), array_free (r1, n), array_free (r2, n);
  array_free (s, n), array_free (t, n);
  gmp_randclear (rs);
  return bad ? 1 : 0;
}
