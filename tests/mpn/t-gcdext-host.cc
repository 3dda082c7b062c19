/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext-host.cc -- the device's extended gcd (cuda/gcd/gcdext-core.cuh),
   compiled for the host, with the host's normalization (lib/gpu/gcdext-norm.h),
   against mpz_gcdext (s and t both wanted, either one alone) and mpz_invert:
   every pair of |a|, |b| <= 64 with every sign, then whole instances of every class
   with random signs, operands in registers (RegStore) and in a strided buffer
   (MemStore, the shared memory kernel's store), over the pairs of gcd-cases.h
   (planted common factors, equal operands, zeros, powers of two, Fibonacci
   neighbours, runs of bits, a = b k, common powers of two, 2^m - 1 against
   2^n - 1), every class edge and random pairs.  It also checks the cofactor's
   range and each instance's outer iterations against the binary GCD's bound.
   Needs no GPU; tests/mpn/t-gcdext.c runs the kernels themselves.

   Usage: t-gcdext-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static int last_iterations;
#define MPZG_GCD_COUNT(it) (last_iterations = (it))
#include "gcdext-core.cuh"
#include "gcd-cases.h"
#include "gcdext-norm.h"

using mpzg::gc::u64;

static int failures;
static long instances;

static void
fail (const char *what, mpz_srcptr a, mpz_srcptr b, int W)
{
  if (++failures > 10)
    return;
  gmp_fprintf (stderr, "t-gcdext-host: %s (class %d)\n  a = %#Zx\n  b = %#Zx\n", what, W, a, b);
}

static int
pad (size_t n)
{
  for (int k = 0; k < GCD_NWIDTHS; k++)
    if (n <= (size_t) gcd_widths[k])
      return gcd_widths[k];
  abort ();
}

/* g and v for magnitudes x, y (W words) by the code of class W: in registers, or
   at lane j of `lanes` in a buffer whose other lanes must stay untouched. */
template <int W>
static void
run_width (mp_limb_t *g, mp_limb_t *v, const mp_limb_t *x, const mp_limb_t *y, int mem,
           int lanes, int j)
{
  using namespace mpzg::gc;
  if (!mem)
    {
      static RegStore<W, XN> s;
      for (int k = 0; k < W; k++)
        {
          s.v[XA][k] = x[k];
          s.v[XB][k] = y[k];
        }
      gcdext<W> (s);
      for (int k = 0; k < W; k++)
        {
          g[k] = s.v[XB][k];
          v[k] = s.v[XV][k];
        }
      return;
    }
  static u64 buf[XN * GCD_MAX * 5];
  const u64 canary = 0x5a5a5a5a5a5a5a5aull;
  for (int i = 0; i < XN * W * lanes; i++)
    buf[i] = canary;
  MemStore<W, XN> s;
  for (int a = 0; a < XN; a++)
    s.p[a] = buf + (size_t) a * W * lanes + j;
  s.stride = (size_t) lanes;
  for (int k = 0; k < W; k++)
    {
      s.at (XA, k) = x[k];
      s.at (XB, k) = y[k];
    }
  gcdext<W> (s);
  for (int k = 0; k < W; k++)
    {
      g[k] = s.at (XB, k);
      v[k] = s.at (XV, k);
    }
  for (int i = 0; i < XN * W * lanes; i++)
    if (i % lanes != j && buf[i] != canary)
      {
        failures++;
        fprintf (stderr, "t-gcdext-host: class %d: another lane's word %d was written\n", W, i);
        break;
      }
}

static void
run_class (int W, mp_limb_t *g, mp_limb_t *v, const mp_limb_t *x, const mp_limb_t *y, int mem,
           int lanes, int j)
{
  switch (W)
    {
#define C(k) case k: run_width<k> (g, v, x, y, mem, lanes, j); break;
      C (1) C (2) C (4) C (8) C (16) C (32) C (64)
#undef C
    default: abort ();
    }
}

static int
differ (mpz_srcptr x, mpz_srcptr y)
{
  return mpz_cmp (x, y) != 0;
}

/* One signed pair through class W (>= the pad of the longer operand). */
static void
check_pair_in (mpz_srcptr za, mpz_srcptr zb, int W, int mem, gmp_randstate_t rs,
               const char *kind)
{
  mp_limb_t x[GCD_MAX], y[GCD_MAX], g[GCD_MAX], v[GCD_MAX];
  mpz_t G, V, s, t, s1, t1, w0, w1, rg, rs_, rt, ri, inv;
  mpz_inits (G, V, s, t, s1, t1, w0, w1, rg, rs_, rt, ri, inv, NULL);
  memset (x, 0, sizeof x);
  memset (y, 0, sizeof y);
  mpz_export (x, NULL, -1, 8, 0, 0, za);
  mpz_export (y, NULL, -1, 8, 0, 0, zb);
  int lanes = mem && gmp_urandomm_ui (rs, 2) ? 5 : 1;
  int j = lanes > 1 ? (int) gmp_urandomm_ui (rs, (unsigned long) lanes) : 0;
  last_iterations = 0;
  run_class (W, g, v, x, y, mem, lanes, j);
  instances++;
  mpz_import (G, (size_t) W, -1, 8, 0, 0, g);
  mpz_import (V, (size_t) W, -1, 8, 0, 0, v);
  mpz_gcdext (rg, rs_, rt, za, zb);
  char what[128];
  const char *store = mem ? "memory store" : "register store";
  if (differ (G, rg))
    {
      snprintf (what, sizeof what, "g wrong, kind %s, %s", kind, store);
      fail (what, za, zb, W);
    }
  if (mpz_sgn (za) != 0 && mpz_sgn (zb) != 0)
    {
      /* v below the odd modulus, and the iterations within the binary GCD's
         bound (lengths after the common power of two) */
      unsigned long z = mpz_scan1 (za, 0) < mpz_scan1 (zb, 0) ? mpz_scan1 (za, 0)
        : mpz_scan1 (zb, 0);
      mpz_abs (w0, mpzg_gcdext_route (za, zb) ? za : zb);
      mpz_tdiv_q_2exp (w0, w0, z);
      if (mpz_cmp (V, w0) >= 0)
        {
          snprintf (what, sizeof what, "v out of range, kind %s, %s", kind, store);
          fail (what, za, zb, W);
        }
      unsigned long l = mpz_sizeinbase (za, 2) + mpz_sizeinbase (zb, 2) - 2 * z;
      int bound = (int) ((l - 1 + mpzg::gc::STEPS - 1) / mpzg::gc::STEPS) + 1;
      if (last_iterations > bound)
        {
          snprintf (what, sizeof what, "%d outer iterations, bound %d, kind %s",
                    last_iterations, bound, kind);
          fail (what, za, zb, W);
        }
    }
  else if (mpz_sgn (V) != 0)
    fail ("v not zero for a zero operand", za, zb, W);
  mpzg_gcdext_norm (s, t, G, za, zb, V, w0, w1);
  if (differ (s, rs_) || differ (t, rt))
    {
      snprintf (what, sizeof what, "s or t wrong, kind %s, %s", kind, store);
      fail (what, za, zb, W);
      if (failures <= 10)
        gmp_fprintf (stderr, "  got s = %Zd, t = %Zd\n  want s = %Zd, t = %Zd\n", s, t, rs_, rt);
    }
  /* one cofactor alone, as mpz_gcdext gives it */
  mpz_gcdext (rg, rs_, NULL, za, zb);
  mpzg_gcdext_norm (s1, NULL, G, za, zb, V, w0, w1);
  if (differ (s1, rs_))
    fail ("s alone wrong", za, zb, W);
  mpz_gcdext (rg, NULL, rt, za, zb);
  mpzg_gcdext_norm (NULL, t1, G, za, zb, V, w0, w1);
  if (differ (t1, rt))
    fail ("t alone wrong", za, zb, W);
  if (mpz_sgn (zb) != 0)
    {
      mpz_set_ui (ri, 12345);
      mpz_set_ui (inv, 12345);
      int want = mpz_invert (ri, za, zb) != 0;
      int got = mpzg_invert_norm (inv, G, za, zb, V, w0);
      if (want != got || (want && differ (inv, ri)))
        {
          snprintf (what, sizeof what, "invert wrong (exists %d, want %d), kind %s", got,
                    want, kind);
          fail (what, za, zb, W);
        }
    }
  mpz_clears (G, V, s, t, s1, t1, w0, w1, rg, rs_, rt, ri, inv, NULL);
}

/* Every sign of a pair of magnitudes (zeros once), both stores, its own class and
   sometimes a wider one. */
static void
check_pair (mpz_srcptr a, mpz_srcptr b, gmp_randstate_t rs, const char *kind)
{
  size_t n = mpz_size (a) > mpz_size (b) ? mpz_size (a) : mpz_size (b);
  int W = pad (n);
  mpz_t x, y;
  mpz_init (x);
  mpz_init (y);
  for (int sg = 0; sg < 4; sg++)
    {
      if (((sg & 1) && mpz_sgn (a) == 0) || ((sg & 2) && mpz_sgn (b) == 0))
        continue;
      mpz_set (x, a);
      mpz_set (y, b);
      if (sg & 1)
        mpz_neg (x, x);
      if (sg & 2)
        mpz_neg (y, y);
      int mem = (int) gmp_urandomm_ui (rs, 2);
      check_pair_in (x, y, W, mem, rs, kind);
      if (W < GCD_MAX && gmp_urandomm_ui (rs, 8) == 0)
        check_pair_in (x, y, pad ((size_t) W + 1), !mem, rs, kind);
    }
  mpz_clear (x);
  mpz_clear (y);
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
  printf ("t-gcdext-host: seed %lu, %ld round%s\n", seed, rounds, rounds == 1 ? "" : "s");

  /* every pair of small magnitudes, every sign (check_pair) */
  for (unsigned long i = 0; i <= 64; i++)
    for (unsigned long k = 0; k <= 64; k++)
      {
        mpz_set_ui (a, i);
        mpz_set_ui (b, k);
        check_pair (a, b, rs, "small");
      }

  /* fixed edges: zeros, ones, every class's widest all-ones and 2^(64W-1) */
  for (int k = 0; k < GCD_NWIDTHS; k++)
    {
      unsigned long bits = 64ul * (unsigned long) gcd_widths[k];
      mpz_t x[7];
      for (int i = 0; i < 7; i++)
        mpz_init (x[i]);
      mpz_setbit (x[1], 0);                             /* 1 */
      mpz_setbit (x[2], bits);
      mpz_sub_ui (x[2], x[2], 1);                       /* all ones */
      mpz_setbit (x[3], bits - 1);                      /* 2^(bits-1) */
      mpz_sub_ui (x[4], x[2], 2);                       /* all ones but bit 1 */
      mpz_setbit (x[5], bits - 1);
      mpz_add_ui (x[5], x[5], 1);                       /* 2^(bits-1) + 1 */
      mpz_set_ui (x[6], 2);                             /* 2 */
      for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++)
          check_pair (x[i], x[j], rs, "edge");
      for (int i = 0; i < 7; i++)
        mpz_clear (x[i]);
    }

  for (long round = 0; round < rounds; round++)
    {
      /* every size in bits up to two words, every kind */
      for (unsigned long bits = 1; bits <= 130; bits++)
        for (int kind = 0; kind < GC_KINDS; kind++)
          for (int rep = 0; rep < 2; rep++)
            {
              gcd_make (a, b, bits, kind, rs);
              check_pair (a, b, rs, gcd_kind_names[kind]);
            }
      /* every class, its edges and sizes inside, every kind */
      for (int k = 0; k < GCD_NWIDTHS; k++)
        {
          int W = gcd_widths[k], lo = k == 0 ? 1 : gcd_widths[k - 1] + 1;
          for (int kind = 0; kind < GC_KINDS; kind++)
            for (int rep = 0; rep < 6; rep++)
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
      for (int rep = 0; rep < 200; rep++)
        {
          mpz_urandomb (a, rs, 1 + gmp_urandomm_ui (rs, 64 * GCD_MAX));
          mpz_urandomb (b, rs, 1 + gmp_urandomm_ui (rs, 128));
          if (rep % 2)
            mpz_swap (a, b);
          check_pair (a, b, rs, "mixed");
        }
      /* random sizes in the RSA range */
      for (int rep = 0; rep < 300; rep++)
        {
          unsigned long bits = 256ul << gmp_urandomm_ui (rs, 5);
          gcd_make (a, b, bits, (int) gmp_urandomm_ui (rs, GC_KINDS), rs);
          check_pair (a, b, rs, "rsa");
        }
    }
  printf ("t-gcdext-host: %ld instances\n", instances);
  mpz_clear (a);
  mpz_clear (b);
  gmp_randclear (rs);
  if (failures)
    fprintf (stderr, "t-gcdext-host: %d failure%s\n", failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
