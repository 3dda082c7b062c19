/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* batch-gcd.c -- find RSA moduli that share a prime factor, with Bernstein's
   product tree and remainder tree, one batched libmpzg call per tree level.

   Heninger, Durumeric, Wustrow, Halderman, "Mining your Ps and Qs: detection of
   widespread weak keys in network devices", USENIX Security 2012, section 3.3:

     P = N_1 N_2 ... N_m                     (product tree, bottom up)
     z_i = (P mod N_i^2) / N_i               (remainder tree, top down)
     g_i = gcd (z_i, N_i)                    g_i > 1: N_i shares a factor

   Every level of both trees is one call over all of its nodes (mpzg_mul_n going
   up; mpzg_mul_n for the squares and mpzg_mod_n going down; mpzg_divexact_n and
   mpzg_gcd_n at the leaves).  The low levels hold many small numbers, which is
   what a GPU is for; the top levels hold a few huge ones, which the library
   leaves to GMP.  --compare runs the same trees with plain GMP loops on one core
   and checks that every result agrees.

   Input: one modulus per line, decimal, or hexadecimal after 0x (--hex: every
   line hexadecimal, 0x optional); a line that is not exactly one such integer
   is an error.  Blank lines and lines starting with '#' are skipped; a line
   "# weak: i j k" (indices counting the moduli from 0, as --generate writes)
   names the moduli that --check expects to be found.  With no file, the
   program generates its own set (fixed seed): real primes, with a few planted
   pairs sharing one.  */

#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gmp.h>
#include "mpzg.h"
#include "prp.h"
#include "cli.h"

/* The name in messages: argv[0] may be a libtool wrapper's internal path. */
#define PROG "batch-gcd"
const char cli_prog[] = PROG;

#define DEFAULT_COUNT 10000
#define DEFAULT_BITS 1024
#define DEFAULT_SEED 20120808UL

static int progress = 0;        /* --progress: a line per tree level */
static int quiet = 0;

/* ---- Progress -------------------------------------------------------------
   On a terminal, a phase that has run for a second shows a status line on
   standard error, rewritten in place, and ends it with the phase's time; when
   standard error is not a terminal (a log, a pipe), nothing.  The line is off
   while the library prints its own lines (MPZG_VERBOSE), which it would cut. */

static int live;                /* standard error is a terminal, no --progress */
static struct
{
  const char *name;
  double t0, last;
  int shown;
} phase;

static void
phase_begin (const char *name)
{
  phase.name = name;
  phase.t0 = phase.last = now ();
  phase.shown = 0;
}

static void
phase_step (size_t done, size_t total, const char *unit)
{
  double t = now ();
  if (!live || mpzg_get_verbose () > 0 || t - phase.t0 < 1.0 || t - phase.last < 0.1)
    return;
  phase.last = t;
  phase.shown = 1;
  fprintf (stderr, "\r\033[K%s: %zu of %zu %s, %.1f s", phase.name, done, total, unit,
           t - phase.t0);
}

static void
phase_end (void)
{
  if (phase.shown)
    fprintf (stderr, "\r\033[K%s: done in %.1f s\n", phase.name, now () - phase.t0);
  phase.shown = 0;
}

/* A read-only view of x (no copy), for building input arrays out of elements of
   other arrays: a strided or repeated selection.  Never mpz_clear'ed. */
static void
view (mpz_t v, mpz_t x)
{
  mpz_roinit_n (v, mpz_limbs_read (x), mpz_sgn (x) < 0 ? -(mp_size_t) mpz_size (x)
                                                       : (mp_size_t) mpz_size (x));
}

/* ---- The batched operations, with mpzg or with a plain GMP loop -------- */

static int use_gmp;             /* 1: plain GMP loops (--compare's reference) */

/* Seconds spent per step of the trees, with libmpzg [0] and with GMP [1]: the
   breakdown that --compare prints. */
enum { STEP_PRODUCT, STEP_SQUARE, STEP_MOD, STEP_DIVEXACT, STEP_GCD, NSTEPS };
static const char *const step_name[NSTEPS] = {
  "product tree, mul", "remainder tree, squares (mul)", "remainder tree, mod",
  "leaves, divexact", "leaves, gcd"
};
static double step_time[2][NSTEPS];
#define TIMED(step, call)                                       \
  do {                                                          \
    double t_ = now ();                                         \
    call;                                                       \
    step_time[use_gmp][step] += now () - t_;                    \
  } while (0)

static void
op_mul (mpz_t *r, mpz_t *a, mpz_t *b, size_t n)
{
  size_t i;
  int st;
  if (use_gmp)
    for (i = 0; i < n; i++)
      mpz_mul (r[i], a[i], b[i]);
  else if ((st = mpzg_mul_n (r, a, b, n)) != MPZG_OK)
    die ("mpzg_mul_n", st);
}

static void
op_mod (mpz_t *r, mpz_t *a, mpz_t *d, size_t n)
{
  size_t i;
  int st;
  if (use_gmp)
    for (i = 0; i < n; i++)
      mpz_mod (r[i], a[i], d[i]);
  else if ((st = mpzg_mod_n (r, a, d, n)) != MPZG_OK)
    die ("mpzg_mod_n", st);
}

static void
op_divexact (mpz_t *r, mpz_t *a, mpz_t *d, size_t n)
{
  size_t i;
  int st;
  if (use_gmp)
    for (i = 0; i < n; i++)
      mpz_divexact (r[i], a[i], d[i]);
  else if ((st = mpzg_divexact_n (r, a, d, n)) != MPZG_OK)
    die ("mpzg_divexact_n", st);
}

static void
op_gcd (mpz_t *r, mpz_t *a, mpz_t *b, size_t n)
{
  size_t i;
  int st;
  if (use_gmp)
    for (i = 0; i < n; i++)
      mpz_gcd (r[i], a[i], b[i]);
  else if ((st = mpzg_gcd_n (r, a, b, n)) != MPZG_OK)
    die ("mpzg_gcd_n", st);
}

/* ---- Batch GCD ------------------------------------------------------------ */

/* After each tree level: a line with --progress, else the live status. */
static void
level_note (const char *what, int level, int levels, size_t n, mpz_t x, double t0, int done)
{
  if (progress)
    fprintf (stderr, "  %s level %2d/%d: %8zu x %10zu bits  %8.2f s\n", what, level, levels,
             n, (size_t) mpz_sizeinbase (x, 2), now () - t0);
  else
    phase_step ((size_t) done, 2 * (size_t) levels + 1, "tree levels");
}

/* g[i] = gcd (N[i], (P mod N[i]^2) / N[i]) where P is the product of all N. */
static void
batch_gcd (mpz_t *g, mpz_t *N, size_t m)
{
  mpz_t **tree, **rem;
  size_t *cnt, k, i, levels;
  double t0 = now ();

  /* Levels: 0 holds the moduli, levels-1 the product P. */
  for (levels = 1, k = m; k > 1; k = (k + 1) / 2)
    levels++;
  tree = xmalloc (levels * sizeof *tree);
  rem = xmalloc (levels * sizeof *rem);
  cnt = xmalloc (levels * sizeof *cnt);
  tree[0] = N;
  cnt[0] = m;

  /* Product tree: node j of level k+1 is the product of nodes 2j and 2j+1 of
     level k (just node 2j when that is the last, unpaired one). */
  for (k = 0; k + 1 < levels; k++)
    {
      size_t half = cnt[k] / 2;
      mpz_t *left = xmalloc ((half + 1) * sizeof *left);
      mpz_t *right = xmalloc ((half + 1) * sizeof *right);
      cnt[k + 1] = (cnt[k] + 1) / 2;
      tree[k + 1] = array_new (cnt[k + 1]);
      for (i = 0; i < half; i++)
        {
          view (left[i], tree[k][2 * i]);
          view (right[i], tree[k][2 * i + 1]);
        }
      TIMED (STEP_PRODUCT, op_mul (tree[k + 1], left, right, half));
      if (cnt[k] % 2)
        mpz_set (tree[k + 1][half], tree[k][cnt[k] - 1]);
      free (left);
      free (right);
      level_note ("product  ", (int) k + 1, (int) levels - 1, cnt[k + 1], tree[k + 1][0], t0,
                  (int) k + 1);
    }

  /* Remainder tree: rem[k][j] = P mod tree[k][j]^2, from its parent's remainder
     (P mod x^2 = (P mod y^2) mod x^2 when x divides y).  At the top, P itself. */
  rem[levels - 1] = tree[levels - 1];
  for (k = levels - 1; k-- > 0;)
    {
      mpz_t *sq = array_new (cnt[k]);
      mpz_t *parent = xmalloc (cnt[k] * sizeof *parent);
      TIMED (STEP_SQUARE, op_mul (sq, tree[k], tree[k], cnt[k]));
      for (i = 0; i < cnt[k]; i++)
        view (parent[i], rem[k + 1][i / 2]);
      rem[k] = array_new (cnt[k]);
      TIMED (STEP_MOD, op_mod (rem[k], parent, sq, cnt[k]));
      free (parent);
      array_free (sq, cnt[k]);
      /* Level k+1 has served its purpose (the root is both tree and rem). */
      if (rem[k + 1] != tree[k + 1])
        array_free (rem[k + 1], cnt[k + 1]);
      array_free (tree[k + 1], cnt[k + 1]);
      level_note ("remainder", (int) k, (int) levels - 1, cnt[k], rem[k][0], t0,
                  2 * (int) levels - 2 - (int) k);
    }

  /* Leaves: z = (P mod N^2) / N, exact since N divides P; then gcd (z, N). */
  TIMED (STEP_DIVEXACT, op_divexact (rem[0], rem[0], N, m));
  TIMED (STEP_GCD, op_gcd (g, rem[0], N, m));
  level_note ("gcd      ", 0, (int) levels - 1, m, N[0], t0, 2 * (int) levels - 1);
  array_free (rem[0], m);
  free (tree);
  free (rem);
  free (cnt);
}

/* ---- Generated moduli ----------------------------------------------------- */

static size_t gen_rounds;       /* mpzg_powm_n calls made by the generation */

static void
primes_found (size_t found, size_t k)
{
  phase_step (found, k, "primes");
}

/* Fills p[0..k) with random primes of `bits` bits, the top two set: a sieve,
   then rounds of the strong test to base 2 on the next candidates of every
   prime still sought, all in one mpzg_powm_n batch per round (prp.h).  For random numbers of hundreds of bits
   a composite passes it with negligible probability; this is a demo, not a key
   generator. */
static void
random_primes (mpz_t *p, size_t k, unsigned long bits, gmp_randstate_t rs)
{
  prp_stats st = { 0 };
  int status = prp_random_primes (p, k, bits, 1, rs, &st, primes_found);
  if (status != MPZG_OK)
    die ("generating primes", status);
  gen_rounds = st.powm_calls;
}

/* A set of m moduli of 2*half bits, N_i = p_2i p_2i+1, with weak ones planted:
   pairs sharing one prime, a triangle (A = pq, B = pr, C = qs: A shares both its
   primes, so its gcd is A itself), and one repeated modulus.  weak[i] = 1 for
   the planted ones. */
static void
generate (mpz_t *N, unsigned char *weak, size_t m, unsigned long bits, unsigned long seed)
{
  gmp_randstate_t rs;
  mpz_t *p = array_new (2 * m);
  size_t *perm = xmalloc (m * sizeof *perm);
  size_t i, u = 0, pairs = 2 + m / 10000;

  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  random_primes (p, 2 * m, bits / 2, rs);

  /* A random order of the indices, to pick the weak ones from. */
  for (i = 0; i < m; i++)
    perm[i] = i;
  for (i = m - 1; i > 0; i--)
    {
      size_t j = gmp_urandomm_ui (rs, i + 1), t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
  memset (weak, 0, m);
  /* Index i uses primes 2i and 2i+1 unless planted otherwise. */
  for (i = 0; i < pairs && u + 2 <= m; i++, u += 2)       /* b shares a's first prime */
    mpz_set (p[2 * perm[u + 1]], p[2 * perm[u]]), weak[perm[u]] = weak[perm[u + 1]] = 1;
  if (u + 3 <= m)                                           /* triangle */
    {
      size_t a = perm[u], b = perm[u + 1], c = perm[u + 2];
      mpz_set (p[2 * b], p[2 * a]);
      mpz_set (p[2 * c], p[2 * a + 1]);
      weak[a] = weak[b] = weak[c] = 1;
      u += 3;
    }
  for (i = 0; i < m; i++)
    mpz_mul (N[i], p[2 * i], p[2 * i + 1]);
  if (u + 2 <= m)                                           /* repeated modulus */
    {
      mpz_set (N[perm[u + 1]], N[perm[u]]);
      weak[perm[u]] = weak[perm[u + 1]] = 1;
    }
  array_free (p, 2 * m);
  free (perm);
  gmp_randclear (rs);
}

/* ---- Reading moduli ------------------------------------------------------- */

/* Reads moduli from f into *N (grown as needed).  Lines "# weak: ..." set
   expect[i] and *have_expect.  Returns the count.  Any line that is not blank, a
   comment or one modulus ends the program with FILE:LINE (lines count from 1). */
static size_t
read_moduli (FILE *f, const char *name, int force_hex, mpz_t **N, unsigned char **expect,
             int *have_expect)
{
  char *line = NULL, *s;
  size_t cap = 0, m = 0, lineno = 0, ncap = 0, nexp = 0, i, weak_line = 0;
  size_t *exp_idx = NULL;
  ssize_t len;

  *N = NULL;
  *have_expect = 0;
  errno = 0;
  while ((len = getline (&line, &cap, f)) != -1)
    {
      const char *digits;
      int base;
      lineno++;
      s = trim (line);
      if (*s == '\0')
        continue;
      if (*s == '#')
        {
          if (strncmp (s, "# weak:", 7) == 0)
            {
              char *q = s + 7, *qe;
              *have_expect = 1;
              weak_line = lineno;
              for (;;)
                {
                  unsigned long v;
                  while (isspace ((unsigned char) *q))
                    q++;
                  if (*q == '\0')
                    break;
                  errno = 0;
                  v = isdigit ((unsigned char) *q) ? strtoul (q, &qe, 10) : 0;
                  if (!isdigit ((unsigned char) *q) || errno
                      || (*qe != '\0' && !isspace ((unsigned char) *qe)))
                    fail ("%s:%zu: '# weak:' takes indices of moduli (0, 1, ...), not '%s'",
                          name, lineno, shown (q));
                  exp_idx = realloc (exp_idx, (nexp + 1) * sizeof *exp_idx);
                  if (exp_idx == NULL)
                    die ("reading", MPZG_ENOMEM);
                  exp_idx[nexp++] = v;
                  q = qe;
                }
            }
          continue;
        }
      if (m == ncap)
        {
          size_t j;
          ncap = ncap ? 2 * ncap : 1024;
          *N = realloc (*N, ncap * sizeof **N);
          if (*N == NULL)
            die ("reading", MPZG_ENOMEM);
          for (j = m; j < ncap; j++)
            mpz_init ((*N)[j]);
        }
      parse_line (name, lineno, s, force_hex, &digits, &base);
      if (mpz_set_str ((*N)[m], digits, base) != 0 || mpz_cmp_ui ((*N)[m], 1) <= 0)
        fail ("%s:%zu: '%s' is not a modulus (an integer > 1)", name, lineno, shown (s));
      m++;
    }
  if (ferror (f))
    fail ("%s: %s", name, strerror (errno ? errno : EIO));
  free (line);
  for (i = m; i < ncap; i++)
    mpz_clear ((*N)[i]);
  *expect = xmalloc (m);
  memset (*expect, 0, m);
  for (i = 0; i < nexp; i++)
    {
      if (exp_idx[i] >= m)
        fail ("%s:%zu: '# weak:' names modulus %zu, but the moduli are 0 to %zu",
              name, weak_line, exp_idx[i], m - 1);
      (*expect)[exp_idx[i]] = 1;
    }
  free (exp_idx);
  return m;
}

/* ---- Reporting ------------------------------------------------------------ */

static void
print_short (FILE *f, mpz_t x)
{
  char *s = mpz_get_str (NULL, 16, x);
  size_t len = strlen (s);
  if (len > 24)
    fprintf (f, "%.10s..%s (%zu bits)", s, s + len - 10, (size_t) mpz_sizeinbase (x, 2));
  else
    fprintf (f, "%s", s);
  free (s);
}

/* Prints the weak moduli and the factors found; checks every factorization.
   Returns the number of weak moduli, and marks them in found[]. */
static size_t
report (mpz_t *N, mpz_t *g, size_t m, unsigned char *found, int full, int *bad)
{
  size_t i, j, nweak = 0, *w;
  mpz_t f, q;
  mpz_inits (f, q, NULL);
  w = xmalloc (m * sizeof *w);
  for (i = 0; i < m; i++)
    {
      found[i] = mpz_cmp_ui (g[i], 1) != 0;
      if (found[i])
        w[nweak++] = i;
    }
  for (j = 0; j < nweak; j++)
    {
      size_t k, dup = m;
      i = w[j];
      mpz_set (f, g[i]);
      /* gcd = N: every prime of N is shared; look for a proper factor among the
         other weak moduli (a quadratic step, over the few weak ones only). */
      for (k = 0; k < nweak && mpz_cmp (f, N[i]) == 0; k++)
        if (w[k] != i)
          {
            mpz_gcd (q, N[i], N[w[k]]);
            if (mpz_cmp (q, N[i]) == 0)
              dup = w[k];
            else if (mpz_cmp_ui (q, 1) != 0)
              mpz_set (f, q);
          }
      if (mpz_cmp (f, N[i]) == 0)
        {
          if (!quiet)
            printf ("modulus %zu: repeated%s%zu\n", i, dup < m ? ", same as modulus " : "",
                    dup < m ? dup : 0);
          if (dup == m)
            *bad = 1;
          continue;
        }
      mpz_divexact (q, N[i], f);
      {
        mpz_t t;
        mpz_init (t);
        mpz_mul (t, f, q);
        if (mpz_cmp (t, N[i]) != 0 || mpz_cmp_ui (f, 1) <= 0 || mpz_cmp_ui (q, 1) <= 0)
          *bad = 1;
        mpz_clear (t);
      }
      if (quiet)
        continue;
      printf ("modulus %zu: factored, p = ", i);
      if (full)
        mpz_out_str (stdout, 16, f);
      else
        print_short (stdout, f);
      printf (", q = ");
      if (full)
        mpz_out_str (stdout, 16, q);
      else
        print_short (stdout, q);
      printf ("\n");
    }
  free (w);
  mpz_clears (f, q, NULL);
  return nweak;
}

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: batch-gcd [OPTION]... [FILE]\n"
"Find RSA moduli that share a prime factor (batch GCD with product and remainder\n"
"trees, every tree level one libmpzg call).  Moduli are read from FILE ('-' for\n"
"standard input); with no FILE a set is generated: real random primes, fixed\n"
"seed, a few weak moduli planted.\n"
"\n"
"  -n, --count=M      generate M moduli (default %d)\n"
"  -b, --bits=B       generated moduli have B bits, even, at least 64 (default %d,\n"
"                     as most weak keys of the 2012 survey; the full-scale run is\n"
"                     -n 100000 -b 2048, where finding the 200000 primes takes\n"
"                     most of the time: save the set once with --generate and\n"
"                     read it back)\n"
"  -s, --seed=S       random seed for the generated set (default %lu)\n"
"  -g, --generate     print the generated set (with its '# weak:' line) and exit\n"
"  -x, --hex          read every modulus as hexadecimal, 0x prefix optional\n"
"  -c, --compare      also run the same trees with plain GMP loops on one core,\n"
"                     compare every result, and show both times, in total and\n"
"                     per step (product tree, squares, mod, divexact, gcd)\n"
"  -k, --check        exit 1 unless exactly the planted (or '# weak:') moduli are\n"
"                     found, with verified factors\n"
"  -p, --progress     a line per tree level on standard error (default: a status\n"
"                     line on a terminal for any step longer than a second,\n"
"                     nothing when standard error is not a terminal)\n"
"  -q, --quiet        print only the summary\n"
"  -f, --full         print factors in full (hexadecimal)\n"
"  -h, --help         this text\n"
"  -V, --version      the program's and the library's version\n"
"\n"
"Input: one modulus per line, an integer > 1 in decimal, or in hexadecimal\n"
"after 0x (with --hex: always hexadecimal); a line that is anything else (two\n"
"numbers, a sign, an exponent) is an error.  Blank lines and lines starting\n"
"with '#' are skipped, except '# weak: I J ...', which lists the indices of the\n"
"moduli that --check expects to be found, as --generate writes it.\n"
"\n"
"Moduli are numbered from 0 in the order read, blank and '#' lines not counted:\n"
"'modulus 0' is the first, in the output and in '# weak:'.  Error messages give\n"
"FILE:LINE with lines counted from 1.\n"
"\n"
"Settings: MPZG_BACKEND=auto|cuda|cpu, MPZG_THREADS, MPZG_VERBOSE=1 (what ran\n"
"where; the generation's calls are left out).\n"
"Exit status: 0 on success, 1 on a failed --check or --compare, 2 on errors.\n",
           DEFAULT_COUNT, DEFAULT_BITS, DEFAULT_SEED);
}

int
main (int argc, char **argv)
{
  static const struct option longopts[] = {
    { "count", required_argument, NULL, 'n' },
    { "bits", required_argument, NULL, 'b' },
    { "seed", required_argument, NULL, 's' },
    { "generate", no_argument, NULL, 'g' },
    { "hex", no_argument, NULL, 'x' },
    { "compare", no_argument, NULL, 'c' },
    { "check", no_argument, NULL, 'k' },
    { "progress", no_argument, NULL, 'p' },
    { "quiet", no_argument, NULL, 'q' },
    { "full", no_argument, NULL, 'f' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };
  unsigned long count = DEFAULT_COUNT, bits = DEFAULT_BITS, seed = DEFAULT_SEED;
  int opt, gen_only = 0, force_hex = 0, compare = 0, check = 0, full = 0, have_expect;
  int bad = 0, status = 0;
  mpz_t *N, *g;
  unsigned char *expect, *found;
  size_t m, i, nweak, nexpect;
  char desc[256];
  double t0, t_mpzg, t_gmp = 0;

  argv[0] = (char *) PROG;      /* getopt's messages name the program by it */
  while ((opt = getopt_long (argc, argv, "n:b:s:gxckpqfhV", longopts, NULL)) != -1)
    switch (opt)
      {
      case 'n': count = number ("--count", optarg); break;
      case 'b': bits = number ("--bits", optarg); break;
      case 's': seed = number ("--seed", optarg); break;
      case 'g': gen_only = 1; break;
      case 'x': force_hex = 1; break;
      case 'c': compare = 1; break;
      case 'k': check = 1; break;
      case 'p': progress = 1; break;
      case 'q': quiet = 1; break;
      case 'f': full = 1; break;
      case 'h': usage (stdout); return 0;
      case 'V': printf ("%s (libmpzg) %s\n", PROG, mpzg_version ()); return 0;
      default:
        fprintf (stderr, "Try '%s --help'.\n", PROG);
        return 2;
      }
  if (optind + 1 < argc)
    fail ("one FILE at most (try '%s --help')", PROG);
  if (count < 2)
    fail ("--count: at least 2 moduli");
  if (bits < 64 || bits % 2)
    fail ("--bits: an even number of at least 64");
  if (gen_only && optind < argc)
    fail ("--generate makes a set: give it no FILE");
  live = !progress && isatty (2);

  mpzg_backend (desc, sizeof desc);
  if (optind < argc)
    {
      const char *name = argv[optind];
      FILE *f = open_input (name, "moduli");
      m = read_moduli (f, name, force_hex, &N, &expect, &have_expect);
      if (f != stdin)
        fclose (f);
      if (m < 2)
        fail ("%s: %zu moduli; the batch GCD needs two or more", name, m);
      /* Refuse now rather than after the whole run. */
      if (check && !have_expect)
        fail ("%s: --check needs a '# weak:' line saying which moduli are weak", name);
      if (!quiet)
        printf ("read %zu moduli from %s\n", m, name);
    }
  else
    {
      /* The generation's hundreds of rounds of mpzg_powm_n would drown the
         trees' lines of MPZG_VERBOSE: it runs without them. */
      int verbose = mpzg_get_verbose ();
      m = count;
      N = array_new (m);
      if (progress && !gen_only)
        fprintf (stderr, "generating %zu moduli: %zu random primes of %lu bits...\n", m,
                 2 * m, bits / 2);
      expect = xmalloc (m);
      have_expect = 1;
      t0 = now ();
      mpzg_set_verbose (0);
      phase_begin ("generating primes");
      generate (N, expect, m, bits, seed);
      phase_end ();
      mpzg_set_verbose (verbose);
      if (verbose > 0)
        fprintf (stderr, "%s: generation: %zu calls of mpzg_powm_n, not shown\n", PROG,
                 gen_rounds);
      if (gen_only)
        {
          printf ("# %zu RSA moduli of %lu bits, seed %lu, generated by batch-gcd\n"
                  "# moduli count from 0; these share a prime factor with another:\n# weak:",
                  m, bits, seed);
          for (i = 0; i < m; i++)
            if (expect[i])
              printf (" %zu", i);
          printf ("\n");
          for (i = 0; i < m; i++)
            {
              fputs ("0x", stdout);
              mpz_out_str (stdout, 16, N[i]);
              putchar ('\n');
            }
          if (fflush (stdout) != 0 || ferror (stdout))
            fail ("writing: %s", strerror (errno));
          array_free (N, m);
          free (expect);
          return 0;
        }
      if (!quiet)
        printf ("generated %zu moduli of %lu bits (seed %lu) in %.2f s\n", m, bits, seed,
                now () - t0);
    }

  if (!quiet)
    printf ("libmpzg %s: %s\n", mpzg_version (), desc);
  fflush (stdout);
  g = array_new (m);
  t0 = now ();
  phase_begin ("batch GCD with libmpzg");
  batch_gcd (g, N, m);
  phase_end ();
  t_mpzg = now () - t0;

  found = xmalloc (m);
  nweak = report (N, g, m, found, full, &bad);
  printf ("batch GCD of %zu moduli with libmpzg: %.3f s, %zu weak\n", m, t_mpzg, nweak);
  fflush (stdout);

  if (compare)
    {
      mpz_t *gg = array_new (m);
      size_t ndiff = 0;
      use_gmp = 1;
      t0 = now ();
      phase_begin ("same trees with GMP loops");
      batch_gcd (gg, N, m);
      phase_end ();
      t_gmp = now () - t0;
      use_gmp = 0;
      for (i = 0; i < m; i++)
        ndiff += mpz_cmp (g[i], gg[i]) != 0;
      printf ("same trees with plain GMP loops, one core: %.3f s (speed-up of libmpzg: %.2fx)\n",
              t_gmp, t_gmp / t_mpzg);
      if (!quiet)
        {
          int k;
          printf ("%-30s %10s %10s %9s\n", "step (every level)", "libmpzg", "GMP 1c", "speed-up");
          for (k = 0; k < NSTEPS; k++)
            printf ("%-30s %8.3f s %8.3f s %8.2fx\n", step_name[k], step_time[0][k],
                    step_time[1][k], step_time[0][k] > 0 ? step_time[1][k] / step_time[0][k] : 0.0);
        }
      if (ndiff)
        {
          printf ("MISMATCH: %zu of %zu results differ between libmpzg and GMP\n", ndiff, m);
          status = 1;
        }
      else
        printf ("libmpzg and GMP agree on all %zu results\n", m);
      array_free (gg, m);
    }

  if (bad)
    {
      printf ("FAILED: a reported factorization does not check\n");
      status = 1;
    }
  if (check)
    {
      size_t miss = 0, extra = 0;
      for (i = 0, nexpect = 0; i < m; i++)
        {
          nexpect += expect[i];
          miss += expect[i] && !found[i];
          extra += !expect[i] && found[i];
        }
      if (miss || extra)
        {
          printf ("CHECK FAILED: %zu planted weak moduli missed, %zu reported wrongly\n", miss,
                  extra);
          status = 1;
        }
      else
        printf ("check: found exactly the %zu planted weak moduli\n", nexpect);
    }
  array_free (N, m);
  array_free (g, m);
  free (expect);
  free (found);
  return status;
}
