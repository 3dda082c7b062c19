/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* primes.c -- probable-prime tests on a batch of numbers, and random primes,
   with the modular powers of many candidates in one mpzg_powm_n call.

   Testing (numbers read from a file, or random odd numbers): trial division on
   the CPU, the strong test to base 2 on all the others in one batch, then
   GMP's own mpz_probab_prime_p on the few that pass, which are nearly all
   primes.  So every verdict is mpz_probab_prime_p's: composites are proven by
   a factor or the failed strong test, and the rest is what GMP says.  --check
   and --compare run mpz_probab_prime_p on every number as well and compare.

   Searching (--random K): K random primes of B bits, each the first prime
   after a random start; a sieve, then rounds in which every unfinished search
   tests its next candidate, all of them in one batch (see prp.h).  --compare
   times GMP's mpz_nextprime from random starts.  */

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "mpzg.h"
#include "prp.h"
#include "cli.h"

/* The name in messages: argv[0] may be a libtool wrapper's internal path. */
#define PROG "primes"
const char cli_prog[] = PROG;

#define DEFAULT_COUNT 10000
#define DEFAULT_BITS 1024
#define DEFAULT_SEED 20260101UL
#define DEFAULT_REPS 25         /* as GMP's manual suggests: Baillie-PSW, then one more */
#define DEFAULT_ROUNDS 2

static int progress = 0;

/* ---- Reading numbers ------------------------------------------------------ */

/* Reads the numbers of f into *N (grown as needed) and returns their count.
   Blank lines and lines starting with '#' are skipped; any other line that is
   not one number ends the program with FILE:LINE (lines count from 1). */
static size_t
read_numbers (FILE *f, const char *name, int force_hex, mpz_t **N)
{
  char *line = NULL, *s;
  size_t cap = 0, m = 0, lineno = 0, ncap = 0, i;

  *N = NULL;
  errno = 0;
  while (getline (&line, &cap, f) != -1)
    {
      const char *digits;
      int base;
      lineno++;
      s = trim (line);
      if (*s == '\0' || *s == '#')
        continue;
      parse_line (name, lineno, s, force_hex, &digits, &base);
      if (m == ncap)
        {
          ncap = ncap ? 2 * ncap : 1024;
          *N = realloc (*N, ncap * sizeof **N);
          if (*N == NULL)
            fail ("reading %s: out of memory", name);
          for (i = m; i < ncap; i++)
            mpz_init ((*N)[i]);
        }
      if (mpz_set_str ((*N)[m], digits, base) != 0)
        fail ("%s:%zu: '%s' is not a number", name, lineno, shown (s));
      m++;
    }
  if (ferror (f))
    fail ("%s: %s", name, strerror (errno ? errno : EIO));
  free (line);
  for (i = m; i < ncap; i++)
    mpz_clear ((*N)[i]);
  return m;
}

/* ---- Output --------------------------------------------------------------- */

static void
print_number (mpz_t x, int hex)
{
  if (hex)
    fputs ("0x", stdout);
  mpz_out_str (stdout, hex ? 16 : 10, x);
  putchar ('\n');
}

static void
flush_or_fail (void)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    fail ("writing: %s", strerror (errno));
}

/* ---- Testing a batch ------------------------------------------------------ */

static int
test_batch (mpz_t *N, size_t m, int reps, int hex, int quiet, int check, int compare)
{
  int *v = xmalloc (m * sizeof *v);
  prp_stats st = { 0 };
  size_t i, nprime = 0;
  double t0, t_mpzg;
  int status = 0, err;

  t0 = now ();
  if ((err = prp_test_n (v, N, m, reps, &st)) != MPZG_OK)
    die ("testing", err);
  t_mpzg = now () - t0;
  for (i = 0; i < m; i++)
    if (v[i])
      {
        nprime++;
        if (!quiet)
          print_number (N[i], hex);
      }
  printf ("# %zu numbers, %zu probable primes; batched test: %.3f s\n", m, nprime, t_mpzg);
  flush_or_fail ();
  if (progress)
    fprintf (stderr,
             "  trial division (CPU):       %8.3f s, %zu numbers decided\n"
             "  strong test to base 2:      %8.3f s, %zu numbers, %zu passed, %zu mpzg_powm_n calls\n"
             "  mpz_probab_prime_p (CPU):   %8.3f s, on the %zu that passed\n",
             st.trial_s, st.trial, st.strong_s, st.strong, st.survivors, st.powm_calls,
             st.confirm_s, st.survivors);
  flush_or_fail ();

  if (check || compare)
    {
      size_t ndiff = 0, first = 0;
      double t_gmp;
      t0 = now ();
      for (i = 0; i < m; i++)
        if (mpz_probab_prime_p (N[i], reps) != v[i] && ndiff++ == 0)
          first = i;
      t_gmp = now () - t0;
      if (compare)
        printf ("# mpz_probab_prime_p on each, one core: %.3f s (speed-up of the batch: %.2fx)\n",
                t_gmp, t_mpzg > 0 ? t_gmp / t_mpzg : 0.0);
      if (ndiff)
        {
          printf ("# MISMATCH: %zu of %zu verdicts differ from mpz_probab_prime_p (first: number %zu)\n",
                  ndiff, m, first);
          status = 1;
        }
      else
        printf ("# all %zu verdicts agree with mpz_probab_prime_p (reps %d)\n", m, reps);
      flush_or_fail ();
    }
  free (v);
  return status;
}

/* ---- Random primes -------------------------------------------------------- */

static void
round_note (size_t found, size_t k)
{
  static size_t rounds;
  fprintf (stderr, "  round %zu: %zu of %zu primes\n", ++rounds, found, k);
}

/* k primes of `bits` bits the GMP way, one after another: mpz_nextprime after
   a random start (as the batched search picks them), again when it runs past
   bits bits. */
static void
nextprime_loop (mpz_t *p, size_t k, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  for (i = 0; i < k; i++)
    do
      {
        mpz_urandomb (p[i], rs, bits);
        mpz_setbit (p[i], bits - 1);
        mpz_setbit (p[i], bits - 2);
        mpz_nextprime (p[i], p[i]);
      }
    while (mpz_sizeinbase (p[i], 2) != bits);
}

static int
random_primes (size_t k, unsigned long bits, int rounds, int reps, unsigned long seed, int hex,
               int quiet, int check, int compare)
{
  mpz_t *p = array_new (k);
  gmp_randstate_t rs;
  prp_stats st = { 0 };
  size_t i;
  double t0, t_mpzg;
  int status = 0, err;

  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  t0 = now ();
  if ((err = prp_random_primes (p, k, bits, rounds, rs, &st, progress ? round_note : NULL))
      != MPZG_OK)
    die ("searching", err);
  t_mpzg = now () - t0;
  if (!quiet)
    for (i = 0; i < k; i++)
      print_number (p[i], hex);
  printf ("# %zu random primes of %lu bits (seed %lu, %d strong test%s each): %.3f s\n", k, bits,
          seed, rounds, rounds > 1 ? "s" : "", t_mpzg);
  flush_or_fail ();
  if (progress)
    fprintf (stderr,
             "  sieving (CPU):              %8.3f s, %zu candidates tested\n"
             "  strong tests:               %8.3f s, %zu passed base 2, %zu mpzg_powm_n calls\n",
             st.trial_s, st.candidates, st.strong_s, st.survivors, st.powm_calls);
  flush_or_fail ();

  if (check)
    {
      size_t nbad = 0, first = 0;
      for (i = 0; i < k; i++)
        if ((mpz_sizeinbase (p[i], 2) != bits || !mpz_tstbit (p[i], bits - 2)
             || mpz_probab_prime_p (p[i], reps) == 0) && nbad++ == 0)
          first = i;
      if (nbad)
        {
          printf ("# CHECK FAILED: %zu of %zu are not primes of %lu bits with the top two set "
                  "(first: number %zu)\n", nbad, k, bits, first);
          status = 1;
        }
      else
        printf ("# all %zu are primes of %lu bits by mpz_probab_prime_p (reps %d)\n", k, bits,
                reps);
    }
  if (compare)
    {
      mpz_t *q = array_new (k);
      double t_gmp;
      t0 = now ();
      nextprime_loop (q, k, bits, rs);
      t_gmp = now () - t0;
      printf ("# mpz_nextprime from random starts, one core: %.3f s (speed-up of the batch: %.2fx)\n",
              t_gmp, t_mpzg > 0 ? t_gmp / t_mpzg : 0.0);
      array_free (q, k);
    }
  flush_or_fail ();
  array_free (p, k);
  gmp_randclear (rs);
  return status;
}

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: primes [OPTION]... [FILE]\n"
"Test a batch of numbers for primality, or find random primes, with the\n"
"modular powers of all candidates in one libmpzg call.  Numbers are read from\n"
"FILE ('-' for standard input); with no FILE, random odd numbers are tested.\n"
"Prints the probable primes, one per line, then a summary line starting with\n"
"'#' (so that the output can be read back).\n"
"\n"
"  -n, --count=N      test N random odd numbers (default %d)\n"
"  -b, --bits=B       random numbers and primes have B bits (default %d)\n"
"  -s, --seed=S       random seed (default %lu)\n"
"  -r, --random=K     find K random primes of B bits (B at least 16) instead\n"
"  -t, --rounds=T     --random: strong tests per prime, to the bases 2, 3, 5,\n"
"                     ... (1 to %d, default %d)\n"
"  -e, --reps=R       mpz_probab_prime_p's reps (default %d)\n"
"  -x, --hex          read every number as hexadecimal, 0x prefix optional,\n"
"                     and print in hexadecimal after 0x\n"
"  -k, --check        compare every verdict with mpz_probab_prime_p (with\n"
"                     --random: check every prime with it); exit 1 on any\n"
"                     difference\n"
"  -c, --compare      as --check, and time mpz_probab_prime_p on each number\n"
"                     (with --random: mpz_nextprime from random starts) on one\n"
"                     core against the batch\n"
"  -p, --progress     the time and count of each step on standard error\n"
"  -q, --quiet        print only the summary\n"
"  -h, --help         this text\n"
"  -V, --version      the program's and the library's version\n"
"\n"
"Testing: trial division by the primes below %d, then the strong\n"
"(Miller-Rabin) test to base 2 on all the others in one batch, then\n"
"mpz_probab_prime_p on those that pass: every verdict is the one of\n"
"mpz_probab_prime_p (N, R).  --random: a sieve, then rounds in which every\n"
"search tests its next candidate, all in one batch; no test by GMP unless\n"
"--check.\n"
"\n"
"Input: one number per line, an integer >= 0 in decimal, or in hexadecimal\n"
"after 0x (with --hex: always hexadecimal); a line that is anything else is an\n"
"error, given as FILE:LINE with lines counted from 1.  Blank lines and lines\n"
"starting with '#' are skipped.\n"
"\n"
"Settings: MPZG_BACKEND=auto|cuda|cpu, MPZG_THREADS, MPZG_VERBOSE=1.\n"
"Exit status: 0 on success, 1 on a failed --check or --compare, 2 on errors.\n",
           DEFAULT_COUNT, DEFAULT_BITS, DEFAULT_SEED, PRP_MAX_ROUNDS, DEFAULT_ROUNDS,
           DEFAULT_REPS, PRP_TRIAL_LIMIT);
}

int
main (int argc, char **argv)
{
  static const struct option longopts[] = {
    { "count", required_argument, NULL, 'n' },
    { "bits", required_argument, NULL, 'b' },
    { "seed", required_argument, NULL, 's' },
    { "random", required_argument, NULL, 'r' },
    { "rounds", required_argument, NULL, 't' },
    { "reps", required_argument, NULL, 'e' },
    { "hex", no_argument, NULL, 'x' },
    { "check", no_argument, NULL, 'k' },
    { "compare", no_argument, NULL, 'c' },
    { "progress", no_argument, NULL, 'p' },
    { "quiet", no_argument, NULL, 'q' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };
  unsigned long count = DEFAULT_COUNT, bits = DEFAULT_BITS, seed = DEFAULT_SEED, k = 0;
  unsigned long rounds = DEFAULT_ROUNDS, reps = DEFAULT_REPS;
  int opt, hex = 0, check = 0, compare = 0, quiet = 0, status;
  char desc[256];

  argv[0] = (char *) PROG;      /* getopt's messages name the program by it */
  while ((opt = getopt_long (argc, argv, "n:b:s:r:t:e:xkcpqhV", longopts, NULL)) != -1)
    switch (opt)
      {
      case 'n': count = number ("--count", optarg); break;
      case 'b': bits = number ("--bits", optarg); break;
      case 's': seed = number ("--seed", optarg); break;
      case 'r': k = number ("--random", optarg); if (k == 0) fail ("--random: at least 1 prime"); break;
      case 't': rounds = number ("--rounds", optarg); break;
      case 'e': reps = number ("--reps", optarg); break;
      case 'x': hex = 1; break;
      case 'k': check = 1; break;
      case 'c': compare = 1; break;
      case 'p': progress = 1; break;
      case 'q': quiet = 1; break;
      case 'h': usage (stdout); return 0;
      case 'V': printf ("%s (libmpzg) %s\n", PROG, mpzg_version ()); return 0;
      default:
        fprintf (stderr, "Try '%s --help'.\n", PROG);
        return 2;
      }
  if (optind + 1 < argc)
    fail ("one FILE at most (try '%s --help')", PROG);
  if (k && optind < argc)
    fail ("--random makes its own primes: give it no FILE");
  if (bits < (k ? 16 : 2) || bits > 1UL << 24)
    fail ("--bits: a number from %d to %lu", k ? 16 : 2, 1UL << 24);
  if (rounds < 1 || rounds > PRP_MAX_ROUNDS)
    fail ("--rounds: a number from 1 to %d", PRP_MAX_ROUNDS);
  if (reps < 1 || reps > 1000)
    fail ("--reps: a number from 1 to 1000");

  mpzg_backend (desc, sizeof desc);
  if (!quiet)
    printf ("# libmpzg %s: %s\n", mpzg_version (), desc);
  fflush (stdout);              /* before --progress's lines on standard error */
  if (k)
    status = random_primes (k, bits, (int) rounds, (int) reps, seed, hex, quiet, check, compare);
  else
    {
      mpz_t *N;
      size_t m, i;
      if (optind < argc)
        {
          const char *name = argv[optind];
          FILE *f = open_input (name, "numbers");
          m = read_numbers (f, name, hex, &N);
          if (f != stdin)
            fclose (f);
          if (!quiet)
            printf ("# read %zu numbers from %s\n", m, name);
        }
      else
        {
          gmp_randstate_t rs;
          gmp_randinit_default (rs);
          gmp_randseed_ui (rs, seed);
          m = count;
          N = array_new (m);
          for (i = 0; i < m; i++)
            {
              mpz_urandomb (N[i], rs, bits);
              mpz_setbit (N[i], bits - 1);
              mpz_setbit (N[i], 0);
            }
          gmp_randclear (rs);
          if (!quiet)
            printf ("# %zu random odd numbers of %lu bits (seed %lu)\n", m, bits, seed);
        }
      status = test_batch (N, m, (int) reps, hex, quiet, check, compare);
      array_free (N, m);
    }
  return status;
}
