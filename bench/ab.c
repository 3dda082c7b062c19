/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ab.c -- mpzg-ab: two builds of libmpzg in one process, call for call.

   mpzg-ab LIB_A LIB_B [options] loads both shared libraries (dlopen, each with its
   own symbols) and times the entries named by -O (add, mul, tdiv_qr, tdiv_qr_d64,
   mod, gcd, gcdext, invert, invert_even) of each, alternating A and B call by call on the same operands, so that
   whatever the host does meanwhile (other tenants, memory bandwidth that halves
   from one minute to the next, as seen on virtual machines) hits both builds
   alike.  Each row reports per build the median and minimum of the end-to-end
   times, and the median of the per-round ratios B/A,
   the paired comparison that cancels the host's drift.

   With -G, each timed call is preceded by GMP's loop over the same batch on all
   cores into its own fresh outputs, as in a program that has done other work with
   GMP before it calls the library; the rows then show both, with and without.  With
   -F the outputs are fresh (mpz_init) before every call, so the call allocates
   their limbs; by default they already hold room for the result.  Every result is
   checked against GMP once per row. */

#include <dlfcn.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

typedef int (*fn2) (mpz_t *, mpz_t *, mpz_t *, size_t);
typedef int (*fn3) (mpz_t *, mpz_t *, mpz_t *, mpz_t *, size_t);
typedef int (*fn4) (mpz_t *, mpz_t *, mpz_t *, mpz_t *, mpz_t *, size_t);
typedef int (*fninv) (mpz_t *, mpz_t *, mpz_t *, int *, size_t);

/* The entries compared: their symbol, outputs and the second operand's size. */
enum
{
  OP_ADD, OP_MUL, OP_TDIV_QR, OP_TDIV_QR_D64, OP_MOD, OP_GCD, OP_GCDEXT, OP_INVERT,
  OP_INVERT_EVEN, NOPS
};
static const struct
{
  const char *name, *symbol;
  int nout;                     /* 2: q and r; 3: g, s and t */
  int half;                     /* the second operand (a divisor) has half the bits (1)
                                   or 64 (2) */
} ops_info[NOPS] = {
  { "add", "mpzg_add_n", 1, 0 },
  { "mul", "mpzg_mul_n", 1, 0 },
  { "tdiv_qr", "mpzg_tdiv_qr_n", 2, 1 },
  { "tdiv_qr_d64", "mpzg_tdiv_qr_n", 2, 2 },
  { "mod", "mpzg_mod_n", 1, 1 },
  { "gcd", "mpzg_gcd_n", 1, 0 },
  { "gcdext", "mpzg_gcdext_n", 3, 0 },
  { "invert", "mpzg_invert_n", 1, 0 },          /* odd moduli */
  { "invert_even", "mpzg_invert_n", 1, 0 },     /* even moduli, odd bases */
};

static int
is_invert (int op)
{
  return op == OP_INVERT || op == OP_INVERT_EVEN;
}

typedef struct
{
  const char *path;
  void *h;
  void *fn[NOPS];
} lib;

static void
load (lib *l)
{
  l->h = dlopen (l->path, RTLD_NOW | RTLD_LOCAL);
  if (l->h == NULL)
    {
      fprintf (stderr, "mpzg-ab: %s\n", dlerror ());
      exit (2);
    }
  for (int op = 0; op < NOPS; op++)
    if ((l->fn[op] = dlsym (l->h, ops_info[op].symbol)) == NULL)
      {
        fprintf (stderr, "mpzg-ab: %s lacks %s\n", l->path, ops_info[op].symbol);
        exit (2);
      }
}

/* One call of entry op of l: outputs r[0] (and r[1]), operands a and b. */
static int
call (const lib *l, int op, mpz_t **r, mpz_t *a, mpz_t *b, size_t n)
{
  if (is_invert (op))
    return ((fninv) l->fn[op]) (r[0], a, b, NULL, n);
  if (ops_info[op].nout == 3)
    return ((fn4) l->fn[op]) (r[0], r[1], r[2], a, b, n);
  if (ops_info[op].nout == 2)
    return ((fn3) l->fn[op]) (r[0], r[1], a, b, n);
  return ((fn2) l->fn[op]) (r[0], a, b, n);
}

/* GMP's loop over elements [begin, end) (bench_split's range function) */
typedef struct
{
  int op;
  mpz_t **r, *a, *b;
} gmp_loop;

static void
gmp_range (void *ctx, size_t begin, size_t end)
{
  gmp_loop *g = ctx;
  for (size_t i = begin; i < end; i++)
    switch (g->op)
      {
      case OP_ADD: mpz_add (g->r[0][i], g->a[i], g->b[i]); break;
      case OP_MUL: mpz_mul (g->r[0][i], g->a[i], g->b[i]); break;
      case OP_TDIV_QR:
      case OP_TDIV_QR_D64: mpz_tdiv_qr (g->r[0][i], g->r[1][i], g->a[i], g->b[i]); break;
      case OP_MOD: mpz_mod (g->r[0][i], g->a[i], g->b[i]); break;
      case OP_GCDEXT: mpz_gcdext (g->r[0][i], g->r[1][i], g->r[2][i], g->a[i], g->b[i]); break;
      case OP_INVERT:
      case OP_INVERT_EVEN: mpz_invert (g->r[0][i], g->a[i], g->b[i]); break;
      default: mpz_gcd (g->r[0][i], g->a[i], g->b[i]); break;
      }
}

#define MAX_ROUNDS 64

static void
usage (void)
{
  fprintf (stderr,
           "usage: mpzg-ab LIB_A LIB_B [-O add,mul] [-b BITS,...] [-t LOG2] [-r ROUNDS] [-F] [-G]\n"
           "  -O LIST  operations: add, mul, tdiv_qr, mod (divisors of half the bits),\n"
           "           tdiv_qr_d64 (divisors of 64 bits),\n"
           "           gcd, gcdext, invert (odd moduli), invert_even (even moduli, odd\n"
           "           bases) (default add,mul)\n"
           "  -b LIST  operand sizes in bits (default 256,1024,4096,16384,65536,262144)\n"
           "  -t LOG2  total bits per operand array (default 30)\n"
           "  -r N     rounds, each one call of A and one of B, in alternating order (default 9)\n"
           "  -F       fresh outputs before every call (default: outputs keep their limbs)\n"
           "  -G       also time each call right after GMP's loop on all cores\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  lib L[2];
  unsigned long bits[32];
  int nbits = 0, ops = 3, rounds = 9, fresh = 0, gmp_before = 0, log2 = 30, c;
  int threads = bench_online_cores ();
  if (argc < 3)
    usage ();
  L[0].path = argv[1];
  L[1].path = argv[2];
  optind = 3;
  while ((c = getopt (argc, argv, "O:b:t:r:FG")) != -1)
    switch (c)
      {
      case 'O':
        ops = 0;
        for (char *s = optarg, *e; *s; s = *e == ',' ? e + 1 : e)
          {
            size_t len;
            int op;
            e = strchr (s, ',');
            if (e == NULL)
              e = s + strlen (s);
            len = (size_t) (e - s);
            for (op = 0; op < NOPS; op++)
              if (strlen (ops_info[op].name) == len && strncmp (s, ops_info[op].name, len) == 0)
                break;
            if (op == NOPS)
              usage ();
            ops |= 1 << op;
          }
        break;
      case 'b':
        for (char *s = optarg, *e; *s && nbits < 32; s = *e == ',' ? e + 1 : e)
          {
            bits[nbits] = strtoul (s, &e, 0);
            if (e == s || bits[nbits++] == 0)
              usage ();
          }
        break;
      case 't':
        log2 = atoi (optarg);
        break;
      case 'r':
        rounds = atoi (optarg);
        break;
      case 'F':
        fresh = 1;
        break;
      case 'G':
        gmp_before = 1;
        break;
      default:
        usage ();
      }
  if (rounds < 1 || rounds > MAX_ROUNDS || ops == 0 || log2 < 10 || log2 > 36)
    usage ();
  if (nbits == 0)
    {
      unsigned long d[] = { 256, 1024, 4096, 16384, 65536, 262144 };
      for (nbits = 0; nbits < 6; nbits++)
        bits[nbits] = d[nbits];
    }
  load (&L[0]);
  load (&L[1]);
  printf ("# mpzg-ab: A = %s, B = %s; %d rounds, outputs %s%s; 2^%d bits per operand array\n",
          L[0].path, L[1].path, rounds, fresh ? "fresh" : "reused",
          gmp_before ? ", with and without GMP's loop on all cores just before" : "", log2);
  printf ("# times in ms per batch: median (minimum) of each build; B/A: median of the "
          "per-round ratios\n");
  printf ("%-7s %8s %8s %-6s %20s %20s %8s\n", "op", "bits", "count", "before", "A", "B",
          "B/A");

  gmp_randstate_t rs;
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 1);
  int bad = 0;
  for (int op = 0; op < NOPS; op++)
    {
      if (!(ops & (1 << op)))
        continue;
      for (int bi = 0; bi < nbits; bi++)
        {
          size_t n = ((size_t) 1 << log2) / bits[bi];
          const int nout = ops_info[op].nout;
          if (n == 0)
            n = 1;
          unsigned long rbits = 2 * bits[bi] + GMP_NUMB_BITS;
          unsigned long bbits = ops_info[op].half == 2 ? 64 : ops_info[op].half ? bits[bi] / 2
                                : bits[bi];
          mpz_t *a = bench_alloc (n, bits[bi]), *b = bench_alloc (n, bbits);
          mpz_t *ref[3], *gout[3], *r[2][3];
          for (int o = 0; o < 3; o++)
            {
              ref[o] = o < nout ? bench_alloc (n, rbits) : NULL;
              gout[o] = o < nout ? bench_alloc (n, rbits) : NULL;
              r[0][o] = o < nout ? bench_alloc (n, rbits) : NULL;
              r[1][o] = o < nout ? bench_alloc (n, rbits) : NULL;
            }
          gmp_loop gref = { op, ref, a, b }, gg = { op, gout, a, b };
          for (size_t i = 0; i < n; i++)
            {
              mpz_urandomb (a[i], rs, bits[bi]);
              mpz_setbit (a[i], bits[bi] - 1);
              mpz_urandomb (b[i], rs, bbits);
              mpz_setbit (b[i], bbits - 1);
              if (i & 1)
                mpz_neg (b[i], b[i]);
              if ((i & 2) && ops_info[op].half)
                mpz_neg (a[i], a[i]);     /* all four sign pairs: mod's fix-ups */
              if (is_invert (op))
                {
                  /* an odd (or even) modulus, a base with an inverse modulo it */
                  if (op == OP_INVERT)
                    mpz_setbit (b[i], 0);
                  else
                    {
                      mpz_clrbit (b[i], 0);
                      mpz_setbit (a[i], 0);
                    }
                  if (i & 2)
                    mpz_neg (a[i], a[i]);
                  mpz_gcd (r[0][0][i], a[i], b[i]);
                  if (mpz_cmp_ui (r[0][0][i], 1) != 0)
                    mpz_set_ui (a[i], 1);
                }
            }
          bench_split (n, threads, gmp_range, &gref);
          /* t[g][k][i]: build k's call of round i, after GMP's loop (g = 1) or not */
          static double t[2][2][MAX_ROUNDS];
          /* one untimed call each: the device's setup, the kernels' first load */
          for (int k = 0; k < 2; k++)
            call (&L[k], op, r[k], a, b, n);
          for (int i = 0; i < rounds; i++)
            for (int g = 0; g <= gmp_before; g++)
              for (int j = 0; j < 2; j++)
                {
                  int k = (i + j) & 1;          /* A first in even rounds, B first in odd */
                  if (fresh)
                    for (int o = 0; o < nout; o++)
                      bench_poison_fresh (r[k][o], n);
                  if (g)
                    {
                      for (int o = 0; o < nout; o++)
                        bench_poison_fresh (gout[o], n);
                      bench_split (n, threads, gmp_range, &gg);
                    }
                  double t0 = bench_now_us ();
                  int st = call (&L[k], op, r[k], a, b, n);
                  t[g][k][i] = (bench_now_us () - t0) * 1e-3;
                  if (st != 0)
                    {
                      printf ("!! %s: %s returned %d\n", L[k].path, ops_info[op].name, st);
                      bad++;
                    }
                }
          for (int k = 0; k < 2; k++)
            for (int o = 0; o < nout; o++)
              {
                size_t first;
                if (bench_compare (r[k][o], ref[o], n, &first) != 0)
                  {
                    printf ("!! MISMATCH %s %s %lu bits, output %d, at %zu\n", k ? "B" : "A",
                            ops_info[op].name, bits[bi], o, first);
                    bad++;
                  }
              }
          for (int g = 0; g <= gmp_before; g++)
            {
              double ratio[MAX_ROUNDS], med[2], mn[2];
              char s[2][32];
              for (int i = 0; i < rounds; i++)
                ratio[i] = t[g][1][i] / t[g][0][i];
              for (int k = 0; k < 2; k++)
                {
                  mn[k] = t[g][k][0];
                  for (int i = 1; i < rounds; i++)
                    mn[k] = t[g][k][i] < mn[k] ? t[g][k][i] : mn[k];
                  med[k] = bench_median (t[g][k], rounds);
                  snprintf (s[k], sizeof s[k], "%.2f (%.2f)", med[k], mn[k]);
                }
              printf ("%-7s %8lu %8zu %-6s %20s %20s %8.3f\n", ops_info[op].name, bits[bi], n,
                      g ? "gmp" : "none", s[0], s[1], bench_median (ratio, rounds));
              fflush (stdout);
            }
          bench_free (a, n);
          bench_free (b, n);
          for (int o = 0; o < nout; o++)
            {
              bench_free (ref[o], n);
              bench_free (gout[o], n);
              bench_free (r[0][o], n);
              bench_free (r[1][o], n);
            }
        }
    }
  gmp_randclear (rs);
  printf ("# %d failures\n", bad);
  return bad != 0;
}
