/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-divexact.c -- the device's exact division (mpzg_mpn_divexact) on device memory,
   every class, against GMP's mpz_divexact: dividends q d with the sizes at the
   class's edges, divisors with trailing zero words and bits, powers of two, words
   of all ones and one-word divisors, quotients of all ones, with a top word of 1,
   with runs of zero words, and q = 0; some input that d does not divide, which
   must give n' / d' mod B^(nn - nd + 1) (the mpn layer's contract), and the zero
   instances that pad an interleaved chunk (q = 0).  Interleaved and contiguous
   classes, every kernel shape (one thread, groups of lanes, blocks).  Output words
   hold garbage before the launch, and canary words around the outputs must
   survive it.

   Exits 77 (skipped) when no CUDA device is usable.
   Usage: t-divexact [rounds] (default 1; MPZG_TEST_SEED sets the seed; MPZG_TEST_REPS
   below 0.5 runs only the small chunk of each class). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <cuda_runtime.h>
#include "mpzg-mpn.h"
#include "divrem-cases.h"

#define DIVREM_GPU_NAME "t-divexact"
#include "divrem-gpu.h"

/* A divisor of exactly nd words, of kind k. */
static void
make_divisor (mpz_t d, int nd, int k, gmp_randstate_t rs)
{
  switch (k % 5)
    {
    case 1:                     /* trailing zero words and bits */
      {
        unsigned long sh = gmp_urandomm_ui (rs, (unsigned long) (64 * nd - 1)) + 1;
        divrem_random_limbs (d, nd, 1, rs);
        mpz_tdiv_q_2exp (d, d, sh);
        mpz_setbit (d, 0);
        mpz_mul_2exp (d, d, sh);
        if ((int) mpz_size (d) > nd)
          mpz_tdiv_r_2exp (d, d, (mp_bitcnt_t) (64 * nd));
        mpz_setbit (d, (mp_bitcnt_t) (64 * nd - 1));
        break;
      }
    case 2:                     /* a power of two (d = 1 for one word) */
      mpz_set_ui (d, 0);
      mpz_setbit (d, (mp_bitcnt_t) (64 * (nd - 1) + (nd > 1 ? gmp_urandomm_ui (rs, 64) : 0)));
      break;
    case 3:                     /* B^nd - 1 */
      mpz_set_ui (d, 0);
      mpz_setbit (d, (mp_bitcnt_t) (64 * nd));
      mpz_sub_ui (d, d, 1);
      break;
    default:
      divrem_random_limbs (d, nd, k % 2, rs);
      break;
    }
}

/* A quotient of at most qn words (qn >= 1), of kind k. */
static void
make_quotient (mpz_t q, int qn, int k, gmp_randstate_t rs)
{
  mpz_t t;
  mpz_init (t);
  switch (k % 6)
    {
    case 1:                     /* all ones */
      mpz_set_ui (q, 0);
      mpz_setbit (q, (mp_bitcnt_t) (64 * qn));
      mpz_sub_ui (q, q, 1);
      break;
    case 2:                     /* top word 1 */
      mpz_urandomb (q, rs, (mp_bitcnt_t) (64 * (qn - 1)));
      mpz_setbit (q, (mp_bitcnt_t) (64 * (qn - 1)));
      break;
    case 3:                     /* a low word and a high one, zeros between */
      mpz_urandomb (q, rs, 64);
      mpz_urandomb (t, rs, 64);
      mpz_mul_2exp (t, t, (mp_bitcnt_t) (64 * (qn - 1)));
      mpz_add (q, q, t);
      break;
    case 4:
      mpz_set_ui (q, k % 12 == 4 ? 0 : 1);
      break;
    default:
      divrem_random_limbs (q, qn, k % 2, rs);
      break;
    }
  mpz_clear (t);
}

/* The expected quotient words: mpz_divexact, or for input d does not divide,
   n' / d' mod B^(nn - nd + 1) (0 when nn < nd). */
static void
reference (mp_limb_t *qp, int qw, const mpz_t n, const mpz_t d)
{
  mpz_t q, n1, d1, m, r;
  int i;
  mpz_inits (q, n1, d1, m, r, NULL);
  if (mpz_sgn (d) != 0)
    {
      mpz_tdiv_r (r, n, d);
      if (mpz_sgn (r) == 0)
        mpz_divexact (q, n, d);
      else if (mpz_size (n) >= mpz_size (d))
        {
          mp_bitcnt_t t = mpz_scan1 (d, 0);
          mpz_tdiv_q_2exp (n1, n, t);
          mpz_tdiv_q_2exp (d1, d, t);
          mpz_setbit (m, (mp_bitcnt_t) (64 * (mpz_size (n) - mpz_size (d) + 1)));
          mpz_invert (q, d1, m);
          mpz_mul (q, q, n1);
          mpz_mod (q, q, m);
        }
    }
  for (i = 0; i < qw; i++)
    qp[i] = mpz_getlimbn (q, i);
  mpz_clears (q, n1, d1, m, r, NULL);
}

static void
check_class (const mpzg_mpn_device *dev, unsigned cls, size_t count, gmp_randstate_t rs)
{
  mpzg_mpn_shape sh, dr;
  mpzg_mpn_divexact_shape (cls, &sh);
  mpzg_mpn_divrem_shape (cls, &dr);
  const int NN = (int) sh.w[0], ND = (int) sh.w[1], QW = (int) sh.ow[0];
  const int il = NN <= DIVREM_SMALL_MAX;
  const size_t lanes = divrem_gpu_lanes (il, count);
  const size_t in_words = (size_t) (NN + ND) * lanes, out_words = (size_t) QW * lanes;
  mp_limb_t *in = calloc (in_words, sizeof *in);
  mp_limb_t *out = malloc ((out_words + 2 * GUARD) * sizeof *out);
  mp_limb_t *np = malloc (3 * (DIVREM_MAX + 1) * sizeof *np);
  mp_limb_t *dp = np + DIVREM_MAX + 1, *qref = dp + DIVREM_MAX + 1;
  mpz_t n, d, q;
  size_t j;
  int i;
  if (in == NULL || out == NULL || np == NULL)
    {
      fprintf (stderr, "t-divexact: out of memory\n");
      exit (1);
    }
  mpz_inits (n, d, q, NULL);
  /* divrem's classes and inputs, the quotient alone */
  if (sh.cls != cls || sh.layout != dr.layout || sh.w[0] != dr.w[0] || sh.w[1] != dr.w[1]
      || sh.ow[0] != dr.ow[0] || sh.ow[1] != 0 || sh.itch != 0
      || sh.in_bytes != (size_t) (NN + ND) * 8 || sh.out_bytes != (size_t) QW * 8)
    report ("shape", cls, 0, NULL, 0, NULL, 0);
  for (j = 0; j < count; j++)
    {
      int nn, nd, tries = 0;
      do
        {
          int target = 0;
          nd = edge_size (divrem_dmin (ND), ND, rs);
          target = j % 5 == 4 ? (int) gmp_urandomm_ui (rs, (unsigned long) NN + 1)
            : edge_size (NN == ND ? nd : divrem_dmin (NN), NN, rs);
          make_divisor (d, nd, (int) j, rs);
          if (target < nd)
            mpz_set_ui (q, 0);
          else
            make_quotient (q, target - nd + 1, (int) (j / 5), rs);
          mpz_mul (n, q, d);
          if ((int) mpz_size (n) > NN)
            {
              mpz_tdiv_q_2exp (q, q, 64);
              mpz_mul (n, q, d);
            }
          if (j % 7 == 6 && mpz_sgn (n) != 0)
            mpz_add_ui (n, n, 1 + gmp_urandomm_ui (rs, 1000));     /* not exact */
          nn = (int) mpz_size (n);
        }
      while ((nn > NN || mpzg_mpn_divexact_class ((size_t) nn, (size_t) nd) != cls) && ++tries < 100);
      if (tries == 100)
        mpz_set_ui (n, 0);      /* n = 0 falls in every class of its divisor */
      memset (np, 0, (DIVREM_MAX + 1) * sizeof *np);
      memset (dp, 0, (DIVREM_MAX + 1) * sizeof *dp);
      divrem_export (np, NN, n);
      divrem_export (dp, ND, d);
      divrem_gpu_put (in, il, lanes, NN, ND, j, np, dp);
    }
  if (!divrem_gpu_launch (dev, &sh, mpzg_mpn_divexact, in, in_words, out, out_words, lanes))
    goto done;
  for (j = 0; j < lanes; j++)
    {
      const mp_limb_t *o = out + GUARD;
      divrem_gpu_get (in, il, lanes, NN, ND, j, np, dp);
      mpz_import (n, (size_t) NN, -1, sizeof (mp_limb_t), 0, 0, np);
      mpz_import (d, (size_t) ND, -1, sizeof (mp_limb_t), 0, 0, dp);
      reference (qref, QW, n, d);       /* zero instances: q = 0 */
      for (i = 0; i < QW; i++)
        if (o[at (il, 0, lanes, QW, j, i)] != qref[i])
          {
            report ("quotient", cls, j, np, NN, dp, ND);
            break;
          }
    }
 done:
  free (in);
  free (out);
  free (np);
  mpz_clears (n, d, q, NULL);
}

int
main (int argc, char **argv)
{
  static const divrem_gpu_family f = {
    mpzg_mpn_divexact_setup, mpzg_mpn_divexact_classes, mpzg_mpn_divexact_max, mpzg_mpn_divexact_shape, check_class
  };
  return divrem_gpu_main (argc, argv, &f);
}
