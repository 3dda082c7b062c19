/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-bingcd-host.cc -- the device's gcd code (cuda/gcd/gcd-core.cuh), compiled for
   the host and compared with mpz_gcd: whole instances of every class, with the
   operands in registers (RegStore) and in a strided buffer (MemStore, the shared
   memory kernel's store), over planted large common factors, equal operands, a
   zero or a power of two, consecutive Fibonacci numbers, runs of zero and one
   bits, a = b k, 2^m - 1 against 2^n - 1, every class edge, random pairs, and
   every pair of sizes in the small classes.  It also checks each instance's outer
   iterations against the binary GCD's bound (30 steps each, one bit of
   len(a) + len(b) per step), the property Pornin's approximations must keep.
   Needs no GPU, so the algorithm is checked on every build; tests/mpn/t-bingcd.c
   runs the kernels themselves.

   Usage: t-bingcd-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static int last_iterations;
#define MPZG_GCD_COUNT(it) (last_iterations = (it))
#include "gcd-core.cuh"
#include "gcd-cases.h"

using mpzg::gc::u64;

static int failures;
static long instances;
static double worst_ratio;      /* iterations over the bound, the largest seen */

static void
fail (const char *what, mpz_srcptr a, mpz_srcptr b, int W)
{
  if (++failures > 10)
    return;
  gmp_fprintf (stderr, "t-bingcd-host: %s (class %d)\n  a = %#Zx\n  b = %#Zx\n", what, W, a, b);
}

static int
pad (size_t n)
{
  for (int k = 0; k < GCD_NWIDTHS; k++)
    if (n <= (size_t) gcd_widths[k])
      return gcd_widths[k];
  abort ();
}

/* The gcd of a and b (both < 2^(64 W)) by the code of class W: in registers, or
   at lane j of `lanes` in a buffer whose other lanes must stay untouched. */
template <int W>
static void
run_width (mp_limb_t *g, const mp_limb_t *a, const mp_limb_t *b, int mem, int lanes, int j)
{
  if (!mem)
    {
      mpzg::gc::RegStore<W> s;
      for (int k = 0; k < W; k++)
        {
          s.v[0][k] = a[k];
          s.v[1][k] = b[k];
        }
      mpzg::gc::gcd<W> (s);
      for (int k = 0; k < W; k++)
        g[k] = s.v[1][k];
      return;
    }
  static u64 buf[2 * GCD_MAX * 5];
  const u64 canary = 0x5a5a5a5a5a5a5a5aull;
  for (int i = 0; i < 2 * W * lanes; i++)
    buf[i] = canary;
  for (int k = 0; k < W; k++)
    {
      buf[k * lanes + j] = a[k];
      buf[(W + k) * lanes + j] = b[k];
    }
  mpzg::gc::MemStore<W> s;
  s.p[0] = buf + j;
  s.p[1] = buf + W * lanes + j;
  s.stride = (size_t) lanes;
  mpzg::gc::gcd<W> (s);
  for (int k = 0; k < W; k++)
    g[k] = buf[(W + k) * lanes + j];
  for (int i = 0; i < 2 * W * lanes; i++)
    if (i % lanes != j && buf[i] != canary)
      {
        failures++;
        fprintf (stderr, "t-bingcd-host: class %d: another lane's word %d was written\n", W, i);
        break;
      }
}

static void
run_class (int W, mp_limb_t *g, const mp_limb_t *a, const mp_limb_t *b, int mem, int lanes,
           int j)
{
  switch (W)
    {
#define C(k) case k: run_width<k> (g, a, b, mem, lanes, j); break;
      C (1) C (2) C (4) C (8) C (16) C (32) C (64)
#undef C
    default: abort ();
    }
}

/* Bit length of the odd part of x (x != 0). */
static unsigned long
odd_bits (mpz_srcptr x)
{
  return mpz_sizeinbase (x, 2) - mpz_scan1 (x, 0);
}

/* One pair through class W (>= the pad of the longer operand), both stores. */
static void
check_pair_in (mpz_srcptr za, mpz_srcptr zb, int W, gmp_randstate_t rs, const char *kind)
{
  mp_limb_t a[GCD_MAX], b[GCD_MAX], g[GCD_MAX], want[GCD_MAX];
  mpz_t ref;
  mpz_init (ref);
  mpz_gcd (ref, za, zb);
  memset (a, 0, sizeof a);
  memset (b, 0, sizeof b);
  memset (want, 0, sizeof want);
  mpz_export (a, NULL, -1, 8, 0, 0, za);
  mpz_export (b, NULL, -1, 8, 0, 0, zb);
  mpz_export (want, NULL, -1, 8, 0, 0, ref);
  for (int mem = 0; mem < 2; mem++)
    {
      int lanes = mem && gmp_urandomm_ui (rs, 2) ? 5 : 1;
      int j = lanes > 1 ? (int) gmp_urandomm_ui (rs, (unsigned long) lanes) : 0;
      last_iterations = 0;
      run_class (W, g, a, b, mem, lanes, j);
      instances++;
      if (memcmp (g, want, (size_t) W * sizeof *g) != 0)
        {
          char what[96];
          snprintf (what, sizeof what, "gcd wrong, kind %s, %s", kind,
                    mem ? "memory store" : "register store");
          fail (what, za, zb, W);
        }
      if (mpz_sgn (za) != 0 && mpz_sgn (zb) != 0)
        {
          /* the binary GCD's bound: len(a') + len(b') - 1 steps, 30 per iteration,
             plus the last iteration that finds a = 0 */
          unsigned long l = odd_bits (za) + odd_bits (zb);
          int bound = (int) ((l - 1 + mpzg::gc::STEPS - 1) / mpzg::gc::STEPS) + 1;
          double ratio = (double) last_iterations / bound;
          if (ratio > worst_ratio)
            worst_ratio = ratio;
          if (last_iterations > bound)
            {
              char what[96];
              snprintf (what, sizeof what, "%d outer iterations, bound %d, kind %s",
                        last_iterations, bound, kind);
              fail (what, za, zb, W);
            }
        }
    }
  mpz_clear (ref);
}

static void
check_pair (mpz_srcptr za, mpz_srcptr zb, gmp_randstate_t rs, const char *kind)
{
  size_t n = mpz_size (za) > mpz_size (zb) ? mpz_size (za) : mpz_size (zb);
  int W = pad (n);
  check_pair_in (za, zb, W, rs, kind);
  /* sometimes in a wider class too (padding words) */
  if (W < GCD_MAX && gmp_urandomm_ui (rs, 8) == 0)
    check_pair_in (za, zb, pad ((size_t) W + 1), rs, kind);
}

int
main (int argc, char **argv)
{
  long rounds = argc > 1 ? atol (argv[1]) : 1;
  unsigned long seed = 1;
  const char *e = getenv ("MPZG_TEST_SEED");
  gmp_randstate_t rs;
  mpz_t a, b;
  if (e != NULL && *e)
    seed = strtoul (e, NULL, 0);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  mpz_init (a);
  mpz_init (b);
  printf ("t-bingcd-host: seed %lu, %ld round%s\n", seed, rounds, rounds == 1 ? "" : "s");

  /* fixed edges: zeros, ones, every class's widest all-ones and 2^(64W-1) */
  for (int k = 0; k < GCD_NWIDTHS; k++)
    {
      unsigned long bits = 64ul * (unsigned long) gcd_widths[k];
      mpz_t x[6];
      for (int i = 0; i < 6; i++)
        mpz_init (x[i]);
      mpz_setbit (x[1], 0);                             /* 1 */
      mpz_setbit (x[2], bits);
      mpz_sub_ui (x[2], x[2], 1);                       /* all ones */
      mpz_setbit (x[3], bits - 1);                      /* 2^(bits-1) */
      mpz_sub_ui (x[4], x[2], 2);                       /* all ones but bit 1 */
      mpz_setbit (x[5], bits - 1);
      mpz_add_ui (x[5], x[5], 1);                       /* 2^(bits-1) + 1 */
      for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
          check_pair (x[i], x[j], rs, "edge");
      for (int i = 0; i < 6; i++)
        mpz_clear (x[i]);
    }

  for (long round = 0; round < rounds; round++)
    {
      /* every size in bits up to two words, every kind */
      for (unsigned long bits = 1; bits <= 130; bits++)
        for (int kind = 0; kind < GC_KINDS; kind++)
          for (int rep = 0; rep < 4; rep++)
            {
              gcd_make (a, b, bits, kind, rs);
              check_pair (a, b, rs, gcd_kind_names[kind]);
            }
      /* every class, its edges (one word above the class below, the full width)
         and sizes inside, every kind */
      for (int k = 0; k < GCD_NWIDTHS; k++)
        {
          int W = gcd_widths[k], lo = k == 0 ? 1 : gcd_widths[k - 1] + 1;
          for (int kind = 0; kind < GC_KINDS; kind++)
            for (int rep = 0; rep < 12; rep++)
              {
                int words = rep % 3 == 0 ? W : rep % 3 == 1 ? lo
                  : lo + (int) gmp_urandomm_ui (rs, (unsigned long) (W - lo + 1));
                unsigned long bits = 64ul * (unsigned long) words;
                if (rep % 4 == 3)
                  bits -= gmp_urandomm_ui (rs, 64);
                gcd_make (a, b, bits, kind, rs);
                check_pair (a, b, rs, gcd_kind_names[kind]);
              }
        }
      /* mixed sizes: one short operand against a long one */
      for (int rep = 0; rep < 400; rep++)
        {
          mpz_urandomb (a, rs, 1 + gmp_urandomm_ui (rs, 64 * GCD_MAX));
          mpz_urandomb (b, rs, 1 + gmp_urandomm_ui (rs, 128));
          if (rep % 2)
            mpz_swap (a, b);
          check_pair (a, b, rs, "mixed");
        }
      /* random sizes in the RSA range, the most common use */
      for (int rep = 0; rep < 2000; rep++)
        {
          unsigned long bits = 256ul << gmp_urandomm_ui (rs, 5);
          gcd_make (a, b, bits, (int) gmp_urandomm_ui (rs, GC_KINDS), rs);
          check_pair (a, b, rs, "rsa");
        }
    }
  printf ("t-bingcd-host: %ld instances; most outer iterations against the bound: %.3f\n",
          instances, worst_ratio);
  mpz_clear (a);
  mpz_clear (b);
  gmp_randclear (rs);
  if (failures)
    fprintf (stderr, "t-bingcd-host: %d failure%s\n", failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
