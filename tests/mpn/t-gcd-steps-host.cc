/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcd-steps-host.cc -- the gcd kernels' inner steps (steps in
   cuda/gcd/gcd-core.cuh, which takes an odd step and the even steps after it in
   one pass) against the binary GCD's steps taken one at a time, as Pornin
   defines them: the same matrix [f0 g0; f1 g1] for every pair of approximations
   tried.  Every gcd, gcdext and invert kernel builds its matrices there, so a
   pass that took one even step too many or too few would change all of them.

   Pairs (a, b odd): a = 0, a = b, a = b +- 2^k, a or a - b with 0 to 64 trailing
   zeros (the cap at the steps left, the 32-bit zero count's edge), a below and
   above b, words of all ones, single bits, and random words with sparse or dense
   bits.  Needs no GPU.

   Usage: t-gcd-steps-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include "gcd-core.cuh"
#include "host-shared.h"

using mpzg::gc::u64;

static long pairs;

/* The STEPS single steps, one at a time. */
static void
steps_single (u64 a, u64 b, long long &f0, long long &g0, long long &f1, long long &g1)
{
  f0 = 1, g0 = 0, f1 = 0, g1 = 1;
  for (int j = 0; j < mpzg::gc::STEPS; j++)
    {
      if (a & 1)
        {
          if (a < b)
            {
              const u64 t = a;
              const long long tf = f0, tg = g0;
              a = (b - a) >> 1;
              b = t;
              f0 = f1 - f0;
              g0 = g1 - g0;
              f1 = 2 * tf;
              g1 = 2 * tg;
              continue;
            }
          a = (a - b) >> 1;
          f0 -= f1;
          g0 -= g1;
        }
      else
        a >>= 1;
      f1 *= 2;
      g1 *= 2;
    }
}

static void
check (u64 a, u64 b)
{
  long long f0, g0, f1, g1;
  int h0, k0, h1, k1;
  b |= 1;
  pairs++;
  steps_single (a, b, f0, g0, f1, g1);
  mpzg::gc::steps (a, b, h0, k0, h1, k1);
  if ((f0 != h0 || g0 != k0 || f1 != h1 || g1 != k1) && host_failed ())
    fprintf (stderr, "t-gcd-steps-host: a %016llx b %016llx: [%d %d; %d %d], single steps "
             "[%lld %lld; %lld %lld]\n", (unsigned long long) a, (unsigned long long) b,
             h0, k0, h1, k1, f0, g0, f1, g1);
}

/* A random word: uniform, sparse (few ones), or dense (few zeros). */
static u64
word (gmp_randstate_t rs)
{
  const u64 x = host_rand64 (rs);
  switch (gmp_urandomm_ui (rs, 4))
    {
    case 0: return x & host_rand64 (rs) & host_rand64 (rs);
    case 1: return x | host_rand64 (rs) | host_rand64 (rs);
    default: return x;
    }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-gcd-steps-host", argc, argv, rs);
  const u64 edges[] = { 0, 1, 2, 3, ~0ull, ~0ull - 1, 1ull << 63, (1ull << 63) + 1,
                        (1ull << 62) - 1, 0xffffffffull, 0x100000000ull, 0x5555555555555555ull,
                        0xaaaaaaaaaaaaaaabull };
  const int ne = sizeof edges / sizeof edges[0];
  for (int i = 0; i < ne; i++)
    for (int j = 0; j < ne; j++)
      for (int k = 0; k < 64; k++)
        {
          check (edges[i] << k, edges[j]);
          check (edges[j] + (edges[i] << k), edges[j]);
          check (edges[j] - (edges[i] << k), edges[j]);
        }
  for (long r = 0; r < 2000000 * rounds; r++)
    {
      const u64 b = word (rs) | 1;
      const int z = (int) gmp_urandomm_ui (rs, 65);
      u64 a = word (rs);
      switch (gmp_urandomm_ui (rs, 4))
        {
        case 0: a = z < 64 ? a << z : 0; break;            /* a's trailing zeros */
        case 1: a = b + (z < 64 ? (a | 1) << z : 0); break; /* a - b's */
        case 2: a = b - (z < 64 ? (a | 1) << z : 0); break;
        default: break;
        }
      check (a, b);
    }
  printf ("t-gcd-steps-host: %ld pairs\n", pairs);
  gmp_randclear (rs);
  return host_finish ();
}
