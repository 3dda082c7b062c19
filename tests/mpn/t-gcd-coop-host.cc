/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcd-coop-host.cc -- the device's cooperative gcd code (cuda/gcd/gcd-coop.cuh),
   compiled for the host and compared with mpz_gcd.  All T threads of an instance
   run in coop-host.h's exchange context, which also checks the exchanges'
   contracts and runs zero, one, two or three outer iterations (in turn) after
   the instance is done, as a warp's groups do (gcd-coop.cuh).  Each instance
   runs twice, the groups' way of finding the top words (kept during the scan,
   coop_top) with the words a thread halved as the operands shrink
   (coop_phases, as the device does), and the blocks' way (selected afterwards)
   with the words a thread kept, which must agree on the gcd and the
   iterations.  Fails if no operand ever went
   negative (the rare path after a wrong comparison of the approximations) or no
   loop ever halved its words a thread.

   Shapes: the device's for both values of MPZG_GCD_COOP_K, whichever the build
   took (K = 16 words per thread, T = W / 16: groups of 4 to 32 lanes, a block of
   two warps at 1024 words; K = 32, T = W / 32: groups of 2 to 32 lanes), and
   others for T = 4 and T = 32 with K = 1, 2, 3 and 8, so that the approximations'
   words, the carries and the shifts cross threads at every offset.  Pairs:
   gcd-host.h's (planted common factors,
   equal operands, zero, powers of two, consecutive Fibonacci numbers, runs of zeros
   and ones, a = b k, 2^m - 1 against 2^n - 1, very unbalanced sizes, the fixed
   edges of every cooperative class and sizes at every class edge), each through the
   device's two shapes for its class and through another shape that holds it.  Checks
   each instance's outer iterations against the binary GCD's bound, as
   t-bingcd-host does.  Needs no GPU; tests/mpn/t-bingcd runs the kernels.

   Usage: t-gcd-coop-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>

static int last_iterations;
static long negations, halvings;
#define MPZG_GCD_COUNT(it) (last_iterations = (it))
#define MPZG_GCD_NEGATED() (negations++)
#define MPZG_GCD_HALVED() (halvings++)
#include "gcd-coop.cuh"
#include "../tuning.h"
#include "gcd-host.h"
#include "coop-host.h"

using mpzg::gc::u64;

typedef coop_host_x<64> host_x;
typedef coop_host_x<64, false, false> host_x_ref;  /* the top selected, K kept */

/* A shape: T threads of K words. */
struct shape
{
  int T, K;
};

/* The words per thread a build may give the device (gcd.cu's launch_coop takes
   T = W / K threads for class width W). */
static_assert (MPZG_GCD_COOP_K == 16 || MPZG_GCD_COOP_K == 32,
               "the device's shapes tested here are those of K = 16 and K = 32");
static const int device_k[2] = { 16, 32 };

/* The other shapes (T = 4 and T = 32, every K). */
static const shape other_shapes[] = {
  { 4, 1 }, { 4, 2 }, { 4, 3 }, { 4, 8 }, { 32, 1 }, { 32, 2 }, { 32, 3 }, { 32, 8 }
};
#define NOTHER ((int) (sizeof other_shapes / sizeof other_shapes[0]))

static long instances;
static long per_device[2][GCD_COOP_NWIDTHS], per_other[NOTHER];

template <int K>
static bool
run_k (int T, const u64 *a, const u64 *b, u64 *g)
{
  static int calls;
  const int c = calls++;
  /* the groups' way (the top words kept in the scan) with K halved as the
     operands shrink, and the blocks' way (the top words selected) with K kept,
     must give the same gcd after the same iterations; each with 0 to 3
     iterations after done, in turn */
  std::vector<u64> g2 ((size_t) T * K);
  host_x_ref y (T);
  y.linger = (c + 1) % 4;
  mpzg::gc::gcd_coop<K> (y, a, b, g2.data ());
  const int it2 = last_iterations;
  host_x x (T);
  x.linger = c % 4;
  mpzg::gc::gcd_coop<K> (x, a, b, g);
  return !x.bad && !y.bad && last_iterations == it2
         && memcmp (g, g2.data (), g2.size () * sizeof (u64)) == 0;
}

static bool
run_shape (const shape &s, const u64 *a, const u64 *b, u64 *g)
{
  switch (s.K)
    {
    case 1: return run_k<1> (s.T, a, b, g);
    case 2: return run_k<2> (s.T, a, b, g);
    case 3: return run_k<3> (s.T, a, b, g);
    case 8: return run_k<8> (s.T, a, b, g);
    case 16: return run_k<16> (s.T, a, b, g);
    case 32: return run_k<32> (s.T, a, b, g);
    default: abort ();
    }
}

/* One pair through shape s (T K >= the longer operand's words). */
static void
check_shape (mpz_srcptr za, mpz_srcptr zb, const shape &s, const char *kind)
{
  const int W = s.T * s.K, C = 3;
  const u64 canary = GCD_HOST_CANARY;
  std::vector<u64> a (W, 0), b (W, 0), want (W, 0), g (W + C, canary);
  mpz_t ref;
  mpz_init (ref);
  mpz_gcd (ref, za, zb);
  mpz_export (a.data (), NULL, -1, 8, 0, 0, za);
  mpz_export (b.data (), NULL, -1, 8, 0, 0, zb);
  mpz_export (want.data (), NULL, -1, 8, 0, 0, ref);
  mpz_clear (ref);
  last_iterations = 0;
  bool ok = run_shape (s, a.data (), b.data (), g.data ());
  instances++;
  for (int i = 0; i < C; i++)
    if (g[W + i] != canary)
      ok = false;
  if (!ok || memcmp (g.data (), want.data (), (size_t) W * sizeof (u64)) != 0)
    {
      char what[96];
      snprintf (what, sizeof what, "gcd wrong%s, kind %s, T = %d, K = %d",
                ok ? "" : " or an exchange misused", kind, s.T, s.K);
      gcd_host_fail (what, za, zb, W);
    }
  char what[64];
  snprintf (what, sizeof what, "kind %s, T = %d, K = %d", kind, s.T, s.K);
  gcd_host_iterations (za, zb, last_iterations, mpzg::gc::STEPS, what, W);
}

/* One pair: through the device's shapes for its class at both K (the 64-word
   class's below 64 words: padding words), and through another shape that holds
   it, chosen at random. */
static void
check_pair (mpz_srcptr za, mpz_srcptr zb, gmp_randstate_t rs, const char *kind)
{
  size_t n = mpz_size (za) > mpz_size (zb) ? mpz_size (za) : mpz_size (zb);
  int k = 0;
  while (k < GCD_COOP_NWIDTHS - 1 && (size_t) gcd_coop_widths[k] < n)
    k++;
  for (int d = 0; d < 2; d++)
    {
      const shape s = { gcd_coop_widths[k] / device_k[d], device_k[d] };
      check_shape (za, zb, s, kind);
      per_device[d][k]++;
    }
  int fit[NOTHER], nfit = 0;
  for (int i = 0; i < NOTHER; i++)
    if ((size_t) (other_shapes[i].T * other_shapes[i].K) >= n)
      fit[nfit++] = i;
  /* the long operands only now and then through the slower narrow shapes */
  if (nfit > 0 && (n <= 64 || gmp_urandomm_ui (rs, 4) == 0))
    {
      int i = fit[gmp_urandomm_ui (rs, (unsigned long) nfit)];
      check_shape (za, zb, other_shapes[i], kind);
      per_other[i]++;
    }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-gcd-coop-host", argc, argv, rs);
  const gcd_host_ladder coop = { gcd_coop_widths, GCD_COOP_NWIDTHS };
  gcd_host_pairs (rs, rounds, coop, 7, gcd_host_reps { 1, 3, 12, 200 },
                  [&rs] (mpz_srcptr x, mpz_srcptr y, const char *kind)
                  {
                    check_pair (x, y, rs, kind);
                  });
  /* the small sizes through every shape that holds them: words, carries and
     approximations at every thread offset */
  mpz_t a, b;
  mpz_init (a);
  mpz_init (b);
  for (long round = 0; round < rounds; round++)
    for (unsigned long bits = 1; bits <= 64 * 24; bits += 1 + gmp_urandomm_ui (rs, 40))
      for (int kind = 0; kind < GC_KINDS; kind++)
        {
          gcd_make (a, b, bits, kind, rs);
          for (int i = 0; i < NOTHER; i++)
            if (64ul * (unsigned long) (other_shapes[i].T * other_shapes[i].K) >= bits)
              {
                check_shape (a, b, other_shapes[i], gcd_kind_names[kind]);
                per_other[i]++;
              }
        }
  mpz_clear (a);
  mpz_clear (b);
  printf ("t-gcd-coop-host: %ld instances; most outer iterations against the bound: %.3f; "
          "negations %ld; halvings of K %ld\n", instances, gcd_host_worst_ratio, negations,
          halvings);
  if (negations == 0)
    {
      fprintf (stderr, "t-gcd-coop-host: no operand ever went negative\n");
      failures++;
    }
  if (halvings == 0 && MPZG_GCD_COOP_KMIN <= 8)
    {
      fprintf (stderr, "t-gcd-coop-host: no outer loop ever halved its words a thread\n");
      failures++;
    }
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < GCD_COOP_NWIDTHS; i++)
      if (per_device[d][i] == 0)
        {
          fprintf (stderr, "t-gcd-coop-host: the class of %d words at K = %d was never tested\n",
                   gcd_coop_widths[i], device_k[d]);
          failures++;
        }
  for (int i = 0; i < NOTHER; i++)
    if (per_other[i] == 0)
      {
        fprintf (stderr, "t-gcd-coop-host: the shape T = %d, K = %d was never tested\n",
                 other_shapes[i].T, other_shapes[i].K);
        failures++;
      }
  gmp_randclear (rs);
  return host_finish ();
}
