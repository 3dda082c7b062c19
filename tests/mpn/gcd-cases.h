/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-cases.h -- operand pairs for the gcd tests (t-bingcd-host.cc,
   t-gcd-coop-host.cc, t-bingcd.c): the sizes of the device's classes and the
   kinds of pairs that reach the binary GCD's edges.  C and C++. */
#ifndef MPZG_GCD_CASES_H
#define MPZG_GCD_CASES_H

#include <gmp.h>

/* The class widths of cuda/gcd/gcd.cu, in words: those of the one-thread code
   (gcd-core.cuh, and the extended gcd's), and those of the cooperative code
   (gcd-coop.cuh; the 64-word class has both). */
static const int gcd_widths[] = { 1, 2, 4, 8, 16, 32, 64 };
#define GCD_NWIDTHS ((int) (sizeof gcd_widths / sizeof gcd_widths[0]))
#define GCD_MAX 64
static const int gcd_coop_widths[] = { 64, 128, 256, 512, 1024 };
#define GCD_COOP_NWIDTHS ((int) (sizeof gcd_coop_widths / sizeof gcd_coop_widths[0]))
#define GCD_COOP_MAX 1024

enum
{
  GC_RANDOM,            /* uniform bits */
  GC_RUNS,              /* long runs of zeros and ones (mpz_rrandomb) */
  GC_PLANTED,           /* a large common factor times random cofactors */
  GC_EQUAL,             /* a = b */
  GC_ZERO,              /* one operand zero, or both */
  GC_POW2,              /* one operand, or both, a power of two */
  GC_FIB,               /* consecutive Fibonacci numbers */
  GC_MULTIPLE,          /* a = b k */
  GC_TWOS,              /* both with many trailing zeros, the common part planted */
  GC_ONES,              /* 2^m - 1 and 2^n - 1: the gcd is 2^gcd(m,n) - 1 */
  GC_KINDS
};

static const char *const gcd_kind_names[GC_KINDS] = {
  "random", "runs", "planted", "equal", "zero", "pow2", "fib", "multiple", "twos", "ones"
};

/* Up to `bits` bits of kind `kind` into a (sizes chosen inside that). */
static void
gcd_random_bits (mpz_t r, gmp_randstate_t rs, unsigned long bits, int runs)
{
  if (bits == 0)
    {
      mpz_set_ui (r, 0);
      return;
    }
  if (runs)
    mpz_rrandomb (r, rs, bits);
  else
    mpz_urandomb (r, rs, bits);
}

static unsigned long
gcd_urand (gmp_randstate_t rs, unsigned long n)
{
  return n <= 1 ? 0 : gmp_urandomm_ui (rs, n);
}

/* A pair (a, b) of kind `kind`, each at most `bits` bits (bits >= 1), often
   exactly that many; a and b may come out swapped.  Non-negative. */
static void
gcd_make (mpz_t a, mpz_t b, unsigned long bits, int kind, gmp_randstate_t rs)
{
  unsigned long ba = gcd_urand (rs, 2) ? bits : 1 + gcd_urand (rs, bits);
  unsigned long bb = gcd_urand (rs, 2) ? bits : 1 + gcd_urand (rs, bits);
  int runs = (int) gcd_urand (rs, 2);
  mpz_t g, t;
  mpz_init (g);
  mpz_init (t);
  switch (kind)
    {
    case GC_RANDOM:
    case GC_RUNS:
    default:
      gcd_random_bits (a, rs, ba, kind == GC_RUNS);
      gcd_random_bits (b, rs, bb, kind == GC_RUNS);
      break;
    case GC_PLANTED:
    case GC_TWOS:
      {
        /* g of up to min(ba, bb) bits, cofactors filling the rest */
        unsigned long m = ba < bb ? ba : bb, bg = 1 + gcd_urand (rs, m);
        gcd_random_bits (g, rs, bg, runs);
        if (mpz_sgn (g) == 0)
          mpz_set_ui (g, 1);
        if (kind == GC_TWOS)
          {
            unsigned long z = gcd_urand (rs, bg);
            mpz_tdiv_q_2exp (g, g, z);
            mpz_mul_2exp (g, g, z);
            if (mpz_sgn (g) == 0)
              mpz_setbit (g, z);
          }
        bg = mpz_sizeinbase (g, 2);
        gcd_random_bits (a, rs, ba > bg ? ba - bg : 0, runs);
        gcd_random_bits (b, rs, bb > bg ? bb - bg : 0, runs);
        if (mpz_sgn (a) == 0)
          mpz_set_ui (a, 1);
        if (mpz_sgn (b) == 0)
          mpz_set_ui (b, 1 + gcd_urand (rs, 3));
        if (kind == GC_TWOS)
          {
            mpz_mul_2exp (a, a, gcd_urand (rs, 64));
            mpz_mul_2exp (b, b, gcd_urand (rs, 64));
          }
        mpz_mul (a, a, g);
        mpz_mul (b, b, g);
        /* keep within bits */
        if (mpz_sizeinbase (a, 2) > bits)
          mpz_set (a, g);
        if (mpz_sizeinbase (b, 2) > bits)
          mpz_set (b, g);
        break;
      }
    case GC_EQUAL:
      gcd_random_bits (a, rs, ba, runs);
      mpz_set (b, a);
      break;
    case GC_ZERO:
      gcd_random_bits (a, rs, gcd_urand (rs, 4) == 0 ? 0 : ba, runs);
      mpz_set_ui (b, 0);
      break;
    case GC_POW2:
      mpz_set_ui (a, 0);
      mpz_setbit (a, gcd_urand (rs, ba));
      if (gcd_urand (rs, 2))
        {
          mpz_set_ui (b, 0);
          mpz_setbit (b, gcd_urand (rs, bb));
        }
      else
        gcd_random_bits (b, rs, bb, runs);
      break;
    case GC_FIB:
      {
        /* the largest consecutive pair within ba bits, or a random smaller one */
        unsigned long n = (unsigned long) ((double) ba * 1.44) + 2;
        if (gcd_urand (rs, 2))
          n = 1 + gcd_urand (rs, n);
        do
          mpz_fib2_ui (a, b, n--);
        while (n > 0 && mpz_sizeinbase (a, 2) > bits);
        break;
      }
    case GC_MULTIPLE:
      gcd_random_bits (b, rs, bb, runs);
      if (mpz_sgn (b) == 0)
        mpz_set_ui (b, 1);
      gcd_random_bits (t, rs, bits > mpz_sizeinbase (b, 2) ? bits - mpz_sizeinbase (b, 2) : 0,
                       runs);
      if (mpz_sgn (t) == 0)
        mpz_set_ui (t, 1);
      mpz_mul (a, b, t);
      break;
    case GC_ONES:
      {
        unsigned long m = 1 + gcd_urand (rs, ba), n = 1 + gcd_urand (rs, bb);
        mpz_set_ui (a, 0);
        mpz_setbit (a, m);
        mpz_sub_ui (a, a, 1);
        mpz_set_ui (b, 0);
        mpz_setbit (b, n);
        mpz_sub_ui (b, b, 1);
        break;
      }
    }
  if (gcd_urand (rs, 2))
    mpz_swap (a, b);
  mpz_clear (g);
  mpz_clear (t);
}

#endif
