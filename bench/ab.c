/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ab.c -- mpzg-ab: two builds of libmpzg in one process, call for call.

   mpzg-ab LIB_A LIB_B [options] loads both shared libraries (dlopen, each with its
   own symbols) and times mpzg_add_n and mpzg_mul_n of each, alternating A and B call
   by call on the same operands, so that whatever the host does meanwhile (other
   tenants, memory bandwidth that halves from one minute to the next, as seen on
   virtual machines) hits both builds alike.  Each row reports per build the median
   and minimum of the end-to-end times, and the median of the per-round ratios B/A,
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

typedef int (*op_fn) (mpz_t *, mpz_t *, mpz_t *, size_t);

typedef struct
{
  const char *path;
  void *h;
  op_fn fn[2];                  /* add, mul */
} lib;

static const char *op_names[2] = { "add", "mul" };

static void
load (lib *l)
{
  l->h = dlopen (l->path, RTLD_NOW | RTLD_LOCAL);
  if (l->h == NULL)
    {
      fprintf (stderr, "mpzg-ab: %s\n", dlerror ());
      exit (2);
    }
  l->fn[0] = (op_fn) dlsym (l->h, "mpzg_add_n");
  l->fn[1] = (op_fn) dlsym (l->h, "mpzg_mul_n");
  if (l->fn[0] == NULL || l->fn[1] == NULL)
    {
      fprintf (stderr, "mpzg-ab: %s lacks mpzg_add_n or mpzg_mul_n\n", l->path);
      exit (2);
    }
}

/* GMP's loop over elements [begin, end) (bench_split's range function) */
typedef struct
{
  int op;
  mpz_t *r, *a, *b;
} gmp_loop;

static void
gmp_range (void *ctx, size_t begin, size_t end)
{
  gmp_loop *g = ctx;
  for (size_t i = begin; i < end; i++)
    if (g->op == 0)
      mpz_add (g->r[i], g->a[i], g->b[i]);
    else
      mpz_mul (g->r[i], g->a[i], g->b[i]);
}

#define MAX_ROUNDS 64

static void
usage (void)
{
  fprintf (stderr,
           "usage: mpzg-ab LIB_A LIB_B [-O add,mul] [-b BITS,...] [-t LOG2] [-r ROUNDS] [-F] [-G]\n"
           "  -O LIST  operations (default add,mul)\n"
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
        ops = (strstr (optarg, "add") ? 1 : 0) | (strstr (optarg, "mul") ? 2 : 0);
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
  printf ("%-4s %8s %8s %-6s %20s %20s %8s\n", "op", "bits", "count", "before", "A", "B",
          "B/A");

  gmp_randstate_t rs;
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 1);
  int bad = 0;
  for (int op = 0; op < 2; op++)
    {
      if (!(ops & (1 << op)))
        continue;
      for (int bi = 0; bi < nbits; bi++)
        {
          size_t n = ((size_t) 1 << log2) / bits[bi];
          if (n == 0)
            n = 1;
          unsigned long rbits = 2 * bits[bi] + GMP_NUMB_BITS;
          mpz_t *a = bench_alloc (n, bits[bi]), *b = bench_alloc (n, bits[bi]);
          mpz_t *ref = bench_alloc (n, rbits), *gout = bench_alloc (n, rbits);
          mpz_t *r[2] = { bench_alloc (n, rbits), bench_alloc (n, rbits) };
          gmp_loop gref = { op, ref, a, b }, gg = { op, gout, a, b };
          for (size_t i = 0; i < n; i++)
            {
              mpz_urandomb (a[i], rs, bits[bi]);
              mpz_setbit (a[i], bits[bi] - 1);
              mpz_urandomb (b[i], rs, bits[bi]);
              mpz_setbit (b[i], bits[bi] - 1);
              if (i & 1)
                mpz_neg (b[i], b[i]);
            }
          bench_split (n, threads, gmp_range, &gref);
          /* t[g][k][i]: build k's call of round i, after GMP's loop (g = 1) or not */
          static double t[2][2][MAX_ROUNDS];
          /* one untimed call each: the device's setup, the kernels' first load */
          for (int k = 0; k < 2; k++)
            L[k].fn[op] (r[k], a, b, n);
          for (int i = 0; i < rounds; i++)
            for (int g = 0; g <= gmp_before; g++)
              for (int j = 0; j < 2; j++)
                {
                  int k = (i + j) & 1;          /* A first in even rounds, B first in odd */
                  if (fresh)
                    bench_poison_fresh (r[k], n);
                  if (g)
                    {
                      bench_poison_fresh (gout, n);
                      bench_split (n, threads, gmp_range, &gg);
                    }
                  double t0 = bench_now_us ();
                  int st = L[k].fn[op] (r[k], a, b, n);
                  t[g][k][i] = (bench_now_us () - t0) * 1e-3;
                  if (st != 0)
                    {
                      printf ("!! %s: %s returned %d\n", L[k].path, op_names[op], st);
                      bad++;
                    }
                }
          for (int k = 0; k < 2; k++)
            {
              size_t first;
              if (bench_compare (r[k], ref, n, &first) != 0)
                {
                  printf ("!! MISMATCH %s %s %lu bits at %zu\n", k ? "B" : "A", op_names[op],
                          bits[bi], first);
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
              printf ("%-4s %8lu %8zu %-6s %20s %20s %8.3f\n", op_names[op], bits[bi], n,
                      g ? "gmp" : "none", s[0], s[1], bench_median (ratio, rounds));
              fflush (stdout);
            }
          bench_free (a, n);
          bench_free (b, n);
          bench_free (ref, n);
          bench_free (gout, n);
          bench_free (r[0], n);
          bench_free (r[1], n);
        }
    }
  gmp_randclear (rs);
  printf ("# %d failures\n", bad);
  return bad != 0;
}
