/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-host.h -- for the gcd and gcdext host tests: the class of a pair, the
   pairs both put through their class's code (the fixed edges of every class, and
   a round of gcd-cases.h's kinds over every size and class), their failure
   messages and the outer iterations' bound.  C++ only, after host-shared.h. */
#ifndef MPZG_GCD_HOST_H
#define MPZG_GCD_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <gmp.h>
#include "gcd-cases.h"
#include "host-shared.h"

/* What stands in the words of a strided buffer that no instance owns. */
static const unsigned long long GCD_HOST_CANARY = 0x5a5a5a5a5a5a5a5aull;

/* The width of the class that takes n words. */
static inline int
gcd_pad (size_t n)
{
  for (int k = 0; k < GCD_NWIDTHS; k++)
    if (n <= (size_t) gcd_widths[k])
      return gcd_widths[k];
  abort ();
}

/* The width of the class that takes the pair (a, b). */
static inline int
gcd_class (mpz_srcptr a, mpz_srcptr b)
{
  return gcd_pad (mpz_size (a) > mpz_size (b) ? mpz_size (a) : mpz_size (b));
}

/* Counts a failure of the pair (a, b) in class W; describes the first ten. */
static inline void
gcd_host_fail (const char *what, mpz_srcptr a, mpz_srcptr b, int W)
{
  if (!host_failed ())
    return;
  gmp_fprintf (stderr, "%s: %s (class %d)\n  a = %#Zx\n  b = %#Zx\n", host_name, what, W, a,
               b);
}

/* Counts a failure where one of the n words at buf outside lane j of `lanes`
   is no longer the canary: class W's code wrote another instance's words. */
static inline void
gcd_host_lanes (const unsigned long long *buf, int n, int lanes, int j, int W)
{
  for (int i = 0; i < n; i++)
    if (i % lanes != j && buf[i] != GCD_HOST_CANARY)
      {
        failures++;
        fprintf (stderr, "%s: class %d: another lane's word %d was written\n", host_name, W, i);
        break;
      }
}

/* The largest ratio of an instance's outer iterations to the binary GCD's bound
   that gcd_host_iterations has seen. */
static double gcd_host_worst_ratio;

/* Checks the outer iterations of the pair (a, b) in class W against the binary
   GCD's bound for l bits of len(a) + len(b) (l - 1 steps, `steps` per
   iteration, plus the last iteration that leaves a = 0), the property Pornin's
   approximations must keep; counts a failure where it is exceeded.  what names
   the code and the kind in the message. */
static inline void
gcd_host_bound (mpz_srcptr a, mpz_srcptr b, unsigned long l, int iterations, int steps,
                const char *what, int W)
{
  int bound = (int) ((l - 1 + (unsigned long) steps - 1) / (unsigned long) steps) + 1;
  double ratio = (double) iterations / bound;
  if (ratio > gcd_host_worst_ratio)
    gcd_host_worst_ratio = ratio;
  if (iterations > bound)
    {
      char msg[192];
      snprintf (msg, sizeof msg, "%d outer iterations, bound %d, %s", iterations, bound, what);
      gcd_host_fail (msg, a, b, W);
    }
}

/* The same on the lengths of the odd parts a', b' (the gcd's). */
static inline void
gcd_host_iterations (mpz_srcptr a, mpz_srcptr b, int iterations, int steps, const char *what,
                     int W)
{
  if (mpz_sgn (a) == 0 || mpz_sgn (b) == 0)
    return;
  unsigned long l = mpz_sizeinbase (a, 2) - mpz_scan1 (a, 0) + mpz_sizeinbase (b, 2)
    - mpz_scan1 (b, 0);
  gcd_host_bound (a, b, l, iterations, steps, what, W);
}

/* A ladder of class widths: the one-thread classes (gcd_widths) or the
   cooperative ones (gcd_coop_widths). */
struct gcd_host_ladder
{
  const int *w;
  int n;
};

static const gcd_host_ladder gcd_host_one = { gcd_widths, GCD_NWIDTHS };

/* The fixed edges of every class of the ladder, each pair of the first nx (6 or
   7) of 0, 1, all ones, 2^(bits-1), all ones but bit 1, 2^(bits-1) + 1 and 2
   (bits the class's width) through check (a, b, "edge"). */
template <class F>
static void
gcd_host_edges (const gcd_host_ladder &lad, int nx, F check)
{
  for (int k = 0; k < lad.n; k++)
    {
      unsigned long bits = 64ul * (unsigned long) lad.w[k];
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
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < nx; j++)
          check (x[i], x[j], "edge");
      for (int i = 0; i < 7; i++)
        mpz_clear (x[i]);
    }
}

/* How many pairs one round of gcd_host_round puts through: of each kind at
   each size up to two words, of each kind at each class, of mixed sizes, and
   of RSA sizes. */
struct gcd_host_reps
{
  int bits, cls, mixed, rsa;
};

/* One round of pairs on the ladder's classes, a and b their room, through
   check (a, b, kind name). */
template <class F>
static void
gcd_host_round (gmp_randstate_t rs, mpz_t a, mpz_t b, const gcd_host_ladder &lad,
                const gcd_host_reps &reps, F check)
{
  /* every size in bits up to two words, every kind */
  for (unsigned long bits = 1; bits <= 130; bits++)
    for (int kind = 0; kind < GC_KINDS; kind++)
      for (int rep = 0; rep < reps.bits; rep++)
        {
          gcd_make (a, b, bits, kind, rs);
          check (a, b, gcd_kind_names[kind]);
        }
  /* every class, its edges (one word above the class below, the full width)
     and sizes inside, every kind */
  for (int k = 0; k < lad.n; k++)
    {
      int W = lad.w[k], lo = k == 0 ? 1 : lad.w[k - 1] + 1;
      for (int kind = 0; kind < GC_KINDS; kind++)
        for (int rep = 0; rep < reps.cls; rep++)
          {
            int words = rep % 3 == 0 ? W : rep % 3 == 1 ? lo
              : lo + (int) gmp_urandomm_ui (rs, (unsigned long) (W - lo + 1));
            unsigned long bits = 64ul * (unsigned long) words;
            if (rep % 4 == 3)
              bits -= gmp_urandomm_ui (rs, 64);
            gcd_make (a, b, bits, kind, rs);
            check (a, b, gcd_kind_names[kind]);
          }
    }
  /* mixed sizes: one short operand against a long one */
  for (int rep = 0; rep < reps.mixed; rep++)
    {
      mpz_urandomb (a, rs, 1 + gmp_urandomm_ui (rs, 64ul * (unsigned long) lad.w[lad.n - 1]));
      mpz_urandomb (b, rs, 1 + gmp_urandomm_ui (rs, 128));
      if (rep % 2)
        mpz_swap (a, b);
      check (a, b, "mixed");
    }
  /* random sizes in the RSA range, the most common use */
  for (int rep = 0; rep < reps.rsa; rep++)
    {
      unsigned long bits = 256ul << gmp_urandomm_ui (rs, 5);
      gcd_make (a, b, bits, (int) gmp_urandomm_ui (rs, GC_KINDS), rs);
      check (a, b, "rsa");
    }
}

/* The fixed edges (the first nx) of the ladder's classes, then `rounds` rounds
   of pairs, through check (a, b, kind name). */
template <class F>
static void
gcd_host_pairs (gmp_randstate_t rs, long rounds, const gcd_host_ladder &lad, int nx,
                const gcd_host_reps &reps, F check)
{
  mpz_t a, b;
  mpz_init (a);
  mpz_init (b);
  gcd_host_edges (lad, nx, check);
  for (long round = 0; round < rounds; round++)
    gcd_host_round (rs, a, b, lad, reps, check);
  mpz_clear (a);
  mpz_clear (b);
}

#endif
