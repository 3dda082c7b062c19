/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcdext-host.h -- for t-gcdext-host and t-gcdext-coop-host: the checks of the
   device's extended gcd that do not depend on its shape (the cofactor's range,
   the outer iterations, and the host's normalization against mpz_gcdext and
   mpz_invert), every sign of a pair of magnitudes and every pair of small
   ones.  C++ only, after
   gcd-host.h and gcdext-norm.h. */
#ifndef MPZG_GCDEXT_HOST_H
#define MPZG_GCDEXT_HOST_H

#include <stdio.h>
#include <gmp.h>

/* The device's cofactor V of the pair (a, b) (signed or magnitudes) in class W:
   below the odd modulus (|a| or |b| without the common power of two), zero for
   a zero operand; and its `iterations` within the binary GCD's bound on the
   lengths after the common power of two (one operand may stay even).  where
   names the code and the kind in the messages. */
static inline void
gcdext_host_v (mpz_srcptr a, mpz_srcptr b, mpz_srcptr V, int iterations, int W,
               const char *where)
{
  char what[160];
  if (mpz_sgn (a) == 0 || mpz_sgn (b) == 0)
    {
      if (mpz_sgn (V) != 0)
        gcd_host_fail ("v not zero for a zero operand", a, b, W);
      return;
    }
  const unsigned long z = mpz_scan1 (a, 0) < mpz_scan1 (b, 0) ? mpz_scan1 (a, 0)
    : mpz_scan1 (b, 0);
  mpz_t m;
  mpz_init (m);
  mpz_abs (m, mpzg_gcdext_route (a, b) ? a : b);
  mpz_tdiv_q_2exp (m, m, z);
  if (mpz_cmp (V, m) >= 0)
    {
      snprintf (what, sizeof what, "v out of range, %s", where);
      gcd_host_fail (what, a, b, W);
    }
  mpz_clear (m);
  const unsigned long l = mpz_sizeinbase (a, 2) + mpz_sizeinbase (b, 2) - 2 * z;
  snprintf (what, sizeof what, "%s", where);
  gcd_host_bound (a, b, l, iterations, mpzg::gc::STEPS, what, W);
}

/* The normalized cofactors (both, s alone, t alone) and the inverse of the
   signed pair (a, b) from the device's G and V, against mpz_gcdext's and
   mpz_invert's. */
static inline void
gcdext_host_signed (mpz_srcptr a, mpz_srcptr b, mpz_srcptr G, mpz_srcptr V, int W,
                    const char *where)
{
  mpz_t s, t, s1, t1, w0, w1, rg, rs, rt, ri, inv;
  char what[160];
  mpz_inits (s, t, s1, t1, w0, w1, rg, rs, rt, ri, inv, NULL);
  mpz_gcdext (rg, rs, rt, a, b);
  mpzg_gcdext_norm (s, t, G, a, b, V, w0, w1);
  if (mpz_cmp (s, rs) != 0 || mpz_cmp (t, rt) != 0)
    {
      snprintf (what, sizeof what, "s or t wrong, %s", where);
      gcd_host_fail (what, a, b, W);
      if (failures <= 10)
        gmp_fprintf (stderr, "  got s = %Zd, t = %Zd\n  want s = %Zd, t = %Zd\n", s, t, rs, rt);
    }
  mpzg_gcdext_norm (s1, NULL, G, a, b, V, w0, w1);
  if (mpz_cmp (s1, rs) != 0)
    gcd_host_fail ("s alone wrong", a, b, W);
  mpzg_gcdext_norm (NULL, t1, G, a, b, V, w0, w1);
  if (mpz_cmp (t1, rt) != 0)
    gcd_host_fail ("t alone wrong", a, b, W);
  if (mpz_sgn (b) != 0)
    {
      mpz_set_ui (ri, 12345);
      mpz_set_ui (inv, 12345);
      int want = mpz_invert (ri, a, b) != 0;
      int got = mpzg_invert_norm (inv, G, a, b, V, w0);
      if (want != got || (want && mpz_cmp (inv, ri) != 0))
        {
          snprintf (what, sizeof what, "invert wrong (exists %d, want %d), %s", got, want,
                    where);
          gcd_host_fail (what, a, b, W);
        }
      /* the case the unpacking takes from v's words, without mpzg_invert_norm: v
         itself for a > 0, |b| - v for a < 0 */
      if (mpzg_invert_from_v (G, a, b))
        {
          mpz_abs (w0, b);
          if (mpz_sgn (a) < 0)
            mpz_sub (w0, w0, V);
          else
            mpz_set (w0, V);
          if (!want || mpz_cmp (w0, ri) != 0)
            gcd_host_fail ("invert is not v or |b| - v where mpzg_invert_from_v says so", a, b,
                           W);
        }
    }
  mpz_clears (s, t, s1, t1, w0, w1, rg, rs, rt, ri, inv, NULL);
}

/* f (x, y) for every sign of the magnitudes a, b (a zero one unsigned only). */
template <class F>
static void
gcdext_host_signs (mpz_srcptr a, mpz_srcptr b, F f)
{
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
      f (x, y);
    }
  mpz_clear (x);
  mpz_clear (y);
}

/* check (a, b, "small") for every pair of magnitudes up to 64. */
template <class F>
static void
gcdext_host_small (F check)
{
  mpz_t a, b;
  mpz_init (a);
  mpz_init (b);
  for (unsigned long i = 0; i <= 64; i++)
    for (unsigned long k = 0; k <= 64; k++)
      {
        mpz_set_ui (a, i);
        mpz_set_ui (b, k);
        check (a, b, "small");
      }
  mpz_clear (a);
  mpz_clear (b);
}

#endif
