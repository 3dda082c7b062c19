/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divrem-cases.h -- dividends and divisors that reach the corners of schoolbook
   division, for t-divrem (the kernels on a GPU) and t-divrem-host (the same
   kernel code compiled for the host).  Header-only, C and C++. */
#ifndef MPZG_DIVREM_CASES_H
#define MPZG_DIVREM_CASES_H

#include <string.h>
#include <gmp.h>

/* The widths of the device's classes (cuda/div/div.cu's divrem_width), dividend
   and divisor alike; the first DIVREM_NSMALL are the one-thread kernel's divisor
   widths and, for dividends, the interleaved classes' (up to DIVREM_SMALL_MAX). */
static const int divrem_widths[] = {
  1, 2, 3, 4, 6, 8, 12, 16, 24, 32,
  64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192
};
#define DIVREM_NWIDTHS ((int) (sizeof divrem_widths / sizeof divrem_widths[0]))
#define DIVREM_NSMALL 10
#define DIVREM_SMALL_MAX 32
#define DIVREM_MAX 8192

/* The smallest divisor size the class of divisor width nd_w takes, or -1. */
static inline int
divrem_dmin (int nd_w)
{
  int k;
  for (k = 0; k < DIVREM_NWIDTHS; k++)
    if (divrem_widths[k] == nd_w)
      return k == 0 ? 1 : divrem_widths[k - 1] + 1;
  return -1;
}

enum
{
  DC_RANDOM,            /* long runs of ones and zeros (mpz_rrandomb) */
  DC_UNIFORM,           /* uniform words */
  DC_TOPBIT,            /* d = 2^(64 nd - 1) */
  DC_POWER,             /* d = B^(nd - 1) */
  DC_ONES,              /* d = B^nd - 1 */
  DC_ABOVE,             /* n = m d + small */
  DC_BELOW,             /* n = m d - small */
  DC_NMAX,              /* n = B^nn - 1: the largest quotient */
  DC_QONES,             /* quotient digits all ones, random remainder */
  DC_QMAX,              /* a partial remainder whose top two words equal d's */
  DC_ADDBACK,           /* d's low words all ones, n = m d - 1: the 3-by-2 digit one too large */
  DC_DTOPONES,          /* d's top word all ones */
  DC_KINDS
};

static const char *const divrem_kind_names[DC_KINDS] = {
  "random", "uniform", "2^(64k-1)", "B^k", "B^k-1", "above-multiple", "below-multiple",
  "max-dividend", "quotient-ones", "qmax-window", "add-back", "d-top-ones"
};

/* x into xp[0..n) modulo B^n. */
static inline void
divrem_export (mp_limb_t *xp, int n, const mpz_t x)
{
  int k;
  for (k = 0; k < n; k++)
    xp[k] = mpz_getlimbn (x, k);        /* 0 above its size */
}

/* Limbs [0, n) of a number whose top limb is nonzero (n >= 1). */
static inline void
divrem_random_limbs (mpz_t x, int n, int runs, gmp_randstate_t rs)
{
  if (n <= 0)
    {
      mpz_set_ui (x, 0);
      return;
    }
  if (runs)
    mpz_rrandomb (x, rs, (mp_bitcnt_t) (64 * n));
  else
    mpz_urandomb (x, rs, (mp_bitcnt_t) (64 * n));
  if (mpz_size (x) < (size_t) n)
    mpz_setbit (x, (mp_bitcnt_t) (64 * n - 1 - gmp_urandomm_ui (rs, 64)));
}

/* A dividend np[0..nn) (its top limbs may be zero) and a divisor dp[0..nd) with
   dp[nd - 1] != 0, of the given kind. */
static inline void
divrem_make (mp_limb_t *np, int nn, mp_limb_t *dp, int nd, int kind, gmp_randstate_t rs)
{
  mpz_t n, d, m, t;
  int runs = gmp_urandomm_ui (rs, 2);
  mpz_inits (n, d, m, t, NULL);
  switch (kind)
    {
    case DC_TOPBIT:
      mpz_setbit (d, (mp_bitcnt_t) (64 * nd - 1));
      break;
    case DC_POWER:
      mpz_setbit (d, (mp_bitcnt_t) (64 * (nd - 1)));
      break;
    case DC_ONES:
      mpz_setbit (d, (mp_bitcnt_t) (64 * nd));
      mpz_sub_ui (d, d, 1);
      break;
    case DC_ADDBACK:
      /* top two words random, the rest all ones */
      if (nd <= 2)
        {
          divrem_random_limbs (d, nd, runs, rs);
          break;
        }
      divrem_random_limbs (t, 2, runs, rs);
      mpz_mul_2exp (d, t, (mp_bitcnt_t) (64 * (nd - 2)));
      mpz_setbit (m, (mp_bitcnt_t) (64 * (nd - 2)));
      mpz_sub_ui (m, m, 1);
      mpz_add (d, d, m);
      break;
    case DC_DTOPONES:
      divrem_random_limbs (d, nd, runs, rs);
      mpz_setbit (t, (mp_bitcnt_t) (64 * nd));
      mpz_setbit (m, (mp_bitcnt_t) (64 * (nd - 1)));
      mpz_sub (t, t, m);                /* the top word's bits */
      mpz_ior (d, d, t);
      break;
    default:
      divrem_random_limbs (d, nd, kind == DC_RANDOM ? 1 : runs && kind != DC_UNIFORM, rs);
      break;
    }
  if (mpz_sgn (d) == 0)
    mpz_set_ui (d, 1);
  switch (kind)
    {
    case DC_ABOVE:
    case DC_BELOW:
    case DC_ADDBACK:
    case DC_QMAX:
    case DC_QONES:
      {
        int qn = nn - nd + (kind == DC_QMAX ? 0 : 1);
        if (qn <= 0)
          {
            divrem_random_limbs (n, nn, runs, rs);
            break;
          }
        if (kind == DC_QONES)
          {
            mpz_set_ui (m, 0);
            mpz_setbit (m, (mp_bitcnt_t) (64 * (nn - nd)));
            mpz_sub_ui (m, m, 1);       /* nn - nd words of ones */
            mpz_mul (n, m, d);
            mpz_urandomm (t, rs, d);
            mpz_add (n, n, t);
            break;
          }
        if (kind == DC_QMAX)
          {
            /* (d - 1) B^k + x, x < B^k: after the top digits the window is d - 1
               followed by dividend words */
            mpz_sub_ui (n, d, 1);
            mpz_mul_2exp (n, n, (mp_bitcnt_t) (64 * qn));
            mpz_urandomb (t, rs, (mp_bitcnt_t) (64 * qn));
            mpz_add (n, n, t);
            break;
          }
        /* m in [1, (B^nn - 1) / d] */
        mpz_set_ui (t, 0);
        mpz_setbit (t, (mp_bitcnt_t) (64 * nn));
        mpz_sub_ui (t, t, 1);
        mpz_tdiv_q (t, t, d);
        mpz_urandomm (m, rs, t);
        mpz_add_ui (m, m, 1);
        mpz_mul (n, m, d);
        mpz_set_ui (t, kind == DC_ADDBACK ? 1 : gmp_urandomm_ui (rs, 4) + 1);
        if (kind == DC_ABOVE)
          mpz_add (n, n, t);
        else
          mpz_sub (n, n, t);
        break;
      }
    case DC_NMAX:
      mpz_set_ui (n, 0);
      mpz_setbit (n, (mp_bitcnt_t) (64 * nn));
      mpz_sub_ui (n, n, 1);
      break;
    case DC_UNIFORM:
      divrem_random_limbs (n, nn, 0, rs);
      break;
    default:
      divrem_random_limbs (n, nn, runs || kind == DC_RANDOM, rs);
      break;
    }
  /* a few dividends with random top limbs cleared: nn < the class width */
  if (nn > 0 && gmp_urandomm_ui (rs, 8) == 0)
    mpz_tdiv_r_2exp (n, n, (mp_bitcnt_t) (64 * gmp_urandomm_ui (rs, (unsigned long) nn)));
  divrem_export (np, nn, n);
  divrem_export (dp, nd, d);
  mpz_clears (n, d, m, t, NULL);
}

/* The reference: q (qw words, zero above) and r (nd words, zero above) of n / d by
   GMP, with n's and d's significant sizes found here. */
static inline void
divrem_ref (mp_limb_t *qp, int qw, mp_limb_t *rp, int rw, const mp_limb_t *np, int nn,
            const mp_limb_t *dp, int nd)
{
  while (nn > 0 && np[nn - 1] == 0)
    nn--;
  while (nd > 0 && dp[nd - 1] == 0)
    nd--;
  memset (qp, 0, (size_t) qw * sizeof *qp);
  memset (rp, 0, (size_t) rw * sizeof *rp);
  if (nn < nd)
    {
      if (nn > 0)
        memcpy (rp, np, (size_t) nn * sizeof *rp);
      return;
    }
  mpn_tdiv_qr (qp, rp, 0, np, nn, dp, nd);
}

#endif
