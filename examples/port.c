/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* port.c -- porting a GMP loop to libmpzg: put a batch of fractions in lowest
   terms (what mpq_canonicalize does for one), before and after.

   The loop is the "before"; the three calls are the "after".  The program runs
   both on the same random fractions and exits 1 unless they agree. */

#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <gmp.h>
#include "mpzg.h"

/* The name in messages: argv[0] may be a libtool wrapper's internal path. */
#define PROG "port"

/* Before: plain GMP, one fraction at a time. */
static void
reduce_gmp (mpz_t *num, mpz_t *den, mpz_t *g, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      mpz_gcd (g[i], num[i], den[i]);
      mpz_divexact (num[i], num[i], g[i]);
      mpz_divexact (den[i], den[i], g[i]);
    }
}

/* After: one libmpzg call per operation over the whole batch.  Outputs may be
   the same array as an input, as in the loop.  Every den[i] must be non-zero
   (so g[i] is); otherwise the call says MPZG_EDIVBYZERO and mpzg_error_index()
   says where, and the other fractions are still reduced. */
static int
reduce_mpzg (mpz_t *num, mpz_t *den, mpz_t *g, size_t n)
{
  int status;
  if ((status = mpzg_gcd_n (g, num, den, n)) != MPZG_OK
      || (status = mpzg_divexact_n (num, num, g, n)) != MPZG_OK
      || (status = mpzg_divexact_n (den, den, g, n)) != MPZG_OK)
    return status;
  return MPZG_OK;
}

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: port [OPTION] [COUNT]\n"
"Puts COUNT random fractions (default 10000) in lowest terms with a GMP loop\n"
"and with three libmpzg calls, and exits 1 unless they agree (2 on errors).\n"
"\n"
"  -h, --help     this text\n"
"  -V, --version  the program's and the library's version\n");
}

int
main (int argc, char **argv)
{
  static const struct option longopts[] = {
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };
  size_t n = 10000, i, bad = 0;
  mpz_t *num1, *den1, *num2, *den2, *g, common;
  gmp_randstate_t rs;
  int status, opt;

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
  if (optind < argc)
    {
      const char *arg = argv[optind];
      char *end;
      errno = 0;
      n = isdigit ((unsigned char) arg[0]) ? strtoul (arg, &end, 10) : 0;
      if (!isdigit ((unsigned char) arg[0]) || *end != '\0' || errno || optind + 1 < argc)
        {
          fprintf (stderr, "%s: COUNT must be one number, not '%s' (try '%s --help')\n",
                   PROG, arg, PROG);
          return 2;
        }
    }

  num1 = malloc ((n + 1) * sizeof *num1);
  den1 = malloc ((n + 1) * sizeof *den1);
  num2 = malloc ((n + 1) * sizeof *num2);
  den2 = malloc ((n + 1) * sizeof *den2);
  g = malloc ((n + 1) * sizeof *g);
  if (!num1 || !den1 || !num2 || !den2 || !g)
    {
      fprintf (stderr, "%s: out of memory\n", PROG);
      return 2;
    }
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 42);
  mpz_init (common);
  for (i = 0; i < n; i++)
    {
      mpz_inits (num1[i], den1[i], num2[i], den2[i], g[i], NULL);
      /* num/den with a planted common factor, so there is something to cancel. */
      mpz_urandomb (common, rs, gmp_urandomm_ui (rs, 1000));
      mpz_urandomb (num1[i], rs, 1 + gmp_urandomm_ui (rs, 3000));
      mpz_urandomb (den1[i], rs, 1 + gmp_urandomm_ui (rs, 3000));
      mpz_add_ui (den1[i], den1[i], 1);
      mpz_add_ui (common, common, 1);
      mpz_mul (num1[i], num1[i], common);
      mpz_mul (den1[i], den1[i], common);
      if (gmp_urandomb_ui (rs, 1))
        mpz_neg (num1[i], num1[i]);
      mpz_set (num2[i], num1[i]);
      mpz_set (den2[i], den1[i]);
    }

  reduce_gmp (num1, den1, g, n);
  status = reduce_mpzg (num2, den2, g, n);
  if (status != MPZG_OK)
    {
      fflush (stdout);
      fprintf (stderr, "port: %s\n", mpzg_strerror (status));
      return 2;
    }
  for (i = 0; i < n; i++)
    if (mpz_cmp (num1[i], num2[i]) != 0 || mpz_cmp (den1[i], den2[i]) != 0)
      bad++;
  printf ("port: %zu fractions reduced; the GMP loop and libmpzg %s\n", n,
          bad ? "DISAGREE" : "agree");
  for (i = 0; i < n; i++)
    mpz_clears (num1[i], den1[i], num2[i], den2[i], g[i], NULL);
  mpz_clear (common);
  gmp_randclear (rs);
  free (num1), free (den1), free (num2), free (den2), free (g);
  return bad ? 1 : 0;
}
