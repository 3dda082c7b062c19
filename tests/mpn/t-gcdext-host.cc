/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext-host.cc -- the device's extended gcd (cuda/gcd/gcdext-core.cuh),
   compiled for the host, with the host's normalization (lib/gpu/gcdext-norm.h),
   against mpz_gcdext (s and t both wanted, either one alone) and mpz_invert:
   every pair of |a|, |b| <= 64 with every sign, then whole instances of every class
   with random signs, the operands in registers and the other arrays in a strided
   buffer (OperandStore, the one-thread kernel's store) or all in the buffer
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
/* The most words a cofactor took beyond m's (gcdext-core.cuh's grow). */
static int excess_words;
#define MPZG_GCDEXT_GROW(Lc, Lm) \
  (excess_words = (Lc) - (Lm) > excess_words ? (Lc) - (Lm) : excess_words)
#include "gcdext-core.cuh"
#include "gcd-host.h"
#include "gcdext-norm.h"
#include "gcdext-host.h"

using mpzg::gc::u64;

static long instances, declined;


/* g and v for magnitudes x, y (W words) through a store, the cofactors' capacity
   checked at word J (gcdext-core.cuh's too_long: W in the kernels); false where
   gcdext declined. */
template <int W, int J, class S>
static bool
run_store (S &s, mp_limb_t *g, mp_limb_t *v, const mp_limb_t *x, const mp_limb_t *y)
{
  using namespace mpzg::gc;
  for (int k = 0; k < W; k++)
    {
      s.at (XA, k) = x[k];
      s.at (XB, k) = y[k];
    }
  if (!gcdext<W, J> (s))
    return false;
  for (int k = 0; k < W; k++)
    {
      g[k] = s.at (XB, k);
      v[k] = s.at (XV, k);
    }
  return true;
}

/* g and v for magnitudes x, y (W words) by the code of class W, at lane j of
   `lanes` in a buffer whose other lanes must stay untouched: a and b in
   registers, the other arrays in the buffer (mem 0, the one-thread kernel's
   OperandStore), or all five there (mem 1, MemStore, the shared memory kernel's);
   with `narrow`, the capacity checked one word lower (J = W - 1), which the
   operands of the class's full width exceed. */
template <int W>
static bool
run_width (mp_limb_t *g, mp_limb_t *v, const mp_limb_t *x, const mp_limb_t *y, int mem,
           int lanes, int j, bool narrow)
{
  using namespace mpzg::gc;
  const int J = W > 1 ? W - 1 : W;
  static u64 buf[XN * (GCD_MAX + 1) * 5];
  for (int i = 0; i < XN * (W + 1) * lanes; i++)
    buf[i] = GCD_HOST_CANARY;
  bool ok;
  if (!mem)
    {
      static OperandStore<W> s;
      for (int a = 0; a < 3; a++)
        s.p[a] = buf + (size_t) a * (W + 1) * lanes + j;
      s.stride = (size_t) lanes;
      ok = narrow ? run_store<W, J> (s, g, v, x, y) : run_store<W, W> (s, g, v, x, y);
      gcd_host_lanes (buf, 3 * (W + 1) * lanes, lanes, j, W);
      return ok;
    }
  MemStore<W + 1, XN> s;
  for (int a = 0; a < XN; a++)
    s.p[a] = buf + (size_t) a * (W + 1) * lanes + j;
  s.stride = (size_t) lanes;
  ok = narrow ? run_store<W, J> (s, g, v, x, y) : run_store<W, W> (s, g, v, x, y);
  gcd_host_lanes (buf, XN * (W + 1) * lanes, lanes, j, W);
  return ok;
}

static bool
run_class (int W, mp_limb_t *g, mp_limb_t *v, const mp_limb_t *x, const mp_limb_t *y, int mem,
           int lanes, int j, bool narrow)
{
  switch (W)
    {
#define C(k) case k: return run_width<k> (g, v, x, y, mem, lanes, j, narrow);
      C (1) C (2) C (4) C (8) C (16) C (32) C (64)
#undef C
    default: abort ();
    }
}

/* One signed pair through class W (>= the pad of the longer operand). */
static void
check_pair_in (mpz_srcptr za, mpz_srcptr zb, int W, int mem, gmp_randstate_t rs,
               const char *kind)
{
  mp_limb_t x[GCD_MAX], y[GCD_MAX], g[GCD_MAX], v[GCD_MAX];
  mpz_t G, V, ref;
  mpz_inits (G, V, ref, NULL);
  memset (x, 0, sizeof x);
  memset (y, 0, sizeof y);
  mpz_export (x, NULL, -1, 8, 0, 0, za);
  mpz_export (y, NULL, -1, 8, 0, 0, zb);
  int lanes = gmp_urandomm_ui (rs, 2) ? 5 : 1;
  int j = lanes > 1 ? (int) gmp_urandomm_ui (rs, (unsigned long) lanes) : 0;
  last_iterations = 0;
  const bool narrow = W > 1 && gmp_urandomm_ui (rs, 4) == 0;
  const bool ok = run_class (W, g, v, x, y, mem, lanes, j, narrow);
  instances++;
  if (!ok)
    {
      if (narrow)
        declined++;
      else
        gcd_host_fail ("declined with the full capacity", za, zb, W);
      mpz_clears (G, V, ref, NULL);
      return;
    }
  mpz_import (G, (size_t) W, -1, 8, 0, 0, g);
  mpz_import (V, (size_t) W, -1, 8, 0, 0, v);
  mpz_gcd (ref, za, zb);
  char where[96];
  snprintf (where, sizeof where, "kind %s, %s", kind,
            mem ? "memory store" : "operand store");
  if (mpz_cmp (G, ref) != 0)
    {
      char what[128];
      snprintf (what, sizeof what, "g wrong, %s", where);
      gcd_host_fail (what, za, zb, W);
    }
  gcdext_host_v (za, zb, V, last_iterations, W, where);
  gcdext_host_signed (za, zb, G, V, W, where);
  mpz_clears (G, V, ref, NULL);
}

/* Every sign of a pair of magnitudes (zeros once), both stores, its own class and
   sometimes a wider one. */
static void
check_pair (mpz_srcptr a, mpz_srcptr b, gmp_randstate_t rs, const char *kind)
{
  int W = gcd_class (a, b);
  gcdext_host_signs (a, b, [&] (mpz_srcptr x, mpz_srcptr y)
                     {
                       int mem = (int) gmp_urandomm_ui (rs, 2);
                       check_pair_in (x, y, W, mem, rs, kind);
                       if (W < GCD_MAX && gmp_urandomm_ui (rs, 8) == 0)
                         check_pair_in (x, y, gcd_pad ((size_t) W + 1), !mem, rs, kind);
                     });
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-gcdext-host", argc, argv, rs);
  auto check = [&rs] (mpz_srcptr x, mpz_srcptr y, const char *kind)
  {
    check_pair (x, y, rs, kind);
  };
  /* every pair of small magnitudes, every sign (check_pair) */
  gcdext_host_small (check);
  /* the edges with 2 too, and the rounds of gcd-cases.h's pairs */
  gcd_host_pairs (rs, rounds, gcd_host_one, 7, gcd_host_reps { 2, 6, 200, 300 }, check);
  printf ("t-gcdext-host: %ld instances, %ld declined with the capacity one word short; "
          "cofactors at most %d word(s) longer than m\n", instances, declined, excess_words);
  /* the narrow capacity must have been exceeded, and declined, somewhere; and the
     cofactors stay within the word above m's, which the kernels' capacity of W + 1
     words leaves room for */
  if (declined == 0 && host_failed ())
    fprintf (stderr, "t-gcdext-host: no instance declined with the narrow capacity\n");
  if (excess_words > 1 && host_failed ())
    fprintf (stderr, "t-gcdext-host: a cofactor took %d words more than m\n", excess_words);
  gmp_randclear (rs);
  return host_finish ();
}
