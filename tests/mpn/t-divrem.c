/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-divrem.c -- the device's division (mpzg_mpn_divrem) on device memory, every
   class, against GMP's mpn_tdiv_qr: divisors 2^(64k-1), B^k and B^k-1, dividends
   just above and below multiples of the divisor, the largest dividends and
   quotients, quotient digits of all ones, partial remainders that force the digit
   B - 1 or an add-back, one-limb divisors, dividends shorter than the divisor, and
   the zero instances that pad a chunk.  Output words hold garbage before the
   launch, and canary words around the outputs must survive it.

   Exits 77 (skipped) when no CUDA device is usable.
   Usage: t-divrem [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <cuda_runtime.h>
#include "mpzg-mpn.h"
#include "divrem-cases.h"

#define GUARD 64                /* canary words before and after the outputs */
static const unsigned char GARBAGE = 0xa5;

static int failures;

static void
report (const char *what, unsigned cls, size_t lane, const mp_limb_t *np, int nn,
        const mp_limb_t *dp, int nd)
{
  int i;
  if (++failures > 10)
    return;
  fprintf (stderr, "t-divrem: class %u lane %zu: %s\n  n =", cls, lane, what);
  for (i = nn - 1; i >= 0; i--)
    fprintf (stderr, " %016lx", (unsigned long) np[i]);
  fprintf (stderr, "\n  d =");
  for (i = nd - 1; i >= 0; i--)
    fprintf (stderr, " %016lx", (unsigned long) dp[i]);
  fprintf (stderr, "\n");
}

static int
cuda_ok (cudaError_t e, const char *what)
{
  if (e == cudaSuccess)
    return 1;
  fprintf (stderr, "t-divrem: %s: %s\n", what, cudaGetErrorString (e));
  failures++;
  return 0;
}

/* Smallest divisor size the class of divisor width nd_w takes. */
static int
dmin_of (int nd_w)
{
  int k;
  for (k = 0; k < DIVREM_NWIDTHS; k++)
    if (divrem_widths[k] == nd_w)
      return k == 0 ? 1 : divrem_widths[k - 1] + 1;
  return -1;
}

/* One class: `count` instances (padded to lanes with zero instances). */
static void
check_class (const mpzg_mpn_device *dev, unsigned cls, size_t count, gmp_randstate_t rs)
{
  mpzg_mpn_shape sh;
  mpzg_mpn_divrem_shape (cls, &sh);
  const int NN = (int) sh.w[0], ND = (int) sh.w[1], QW = (int) sh.ow[0], RW = (int) sh.ow[1];
  const size_t groups = (count + MPZG_MPN_LANE_GROUP - 1) / MPZG_MPN_LANE_GROUP;
  const size_t lanes = (groups | 1) * MPZG_MPN_LANE_GROUP;
  const size_t in_words = (size_t) (NN + ND) * lanes, out_words = (size_t) (QW + RW) * lanes;
  mp_limb_t *in = calloc (in_words, sizeof *in);
  mp_limb_t *out = malloc ((out_words + 2 * GUARD) * sizeof *out);
  mp_limb_t np[DIVREM_MAX], dp[DIVREM_MAX], qref[DIVREM_MAX + 1], rref[DIVREM_MAX];
  mpzg_mpn_word *din = NULL, *dout = NULL;
  size_t j;
  int i;
  if (in == NULL || out == NULL)
    {
      fprintf (stderr, "t-divrem: out of memory\n");
      exit (1);
    }
  if (sh.cls != cls || sh.layout != MPZG_MPN_INTERLEAVED || ND > NN || sh.itch != 0
      || QW != NN - dmin_of (ND) + 1 || RW != ND
      || sh.in_bytes != (size_t) (NN + ND) * 8 || sh.out_bytes != (size_t) (QW + RW) * 8)
    report ("shape", cls, 0, NULL, 0, NULL, 0);
  for (j = 0; j < count; j++)
    {
      /* sizes of this class, by rejection */
      int nn, nd;
      do
        {
          nd = dmin_of (ND) + (int) gmp_urandomm_ui (rs, (unsigned long) (ND - dmin_of (ND) + 1));
          nn = (int) gmp_urandomm_ui (rs, (unsigned long) NN + 1);
        }
      while (mpzg_mpn_divrem_class ((size_t) nn, (size_t) nd) != cls);
      memset (np, 0, sizeof np);
      memset (dp, 0, sizeof dp);
      divrem_make (np, nn, dp, nd, (int) (j % DC_KINDS), rs);
      for (i = 0; i < NN; i++)
        in[(size_t) i * lanes + j] = np[i];
      for (i = 0; i < ND; i++)
        in[(size_t) (NN + i) * lanes + j] = dp[i];
    }
  if (!cuda_ok (cudaMalloc ((void **) &din, in_words * 8), "cudaMalloc")
      || !cuda_ok (cudaMalloc ((void **) &dout, (out_words + 2 * GUARD) * 8), "cudaMalloc")
      || !cuda_ok (cudaMemcpy (din, in, in_words * 8, cudaMemcpyHostToDevice), "upload")
      || !cuda_ok (cudaMemset (dout, GARBAGE, (out_words + 2 * GUARD) * 8), "cudaMemset"))
    goto done;
  if (!cuda_ok ((cudaError_t) mpzg_mpn_divrem (dev, &sh, din, dout + GUARD, NULL, lanes, NULL),
                "launch")
      || !cuda_ok (cudaDeviceSynchronize (), "kernel")
      || !cuda_ok (cudaMemcpy (out, dout, (out_words + 2 * GUARD) * 8, cudaMemcpyDeviceToHost),
                   "download"))
    goto done;
  for (j = 0; j < GUARD; j++)
    {
      mp_limb_t c;
      memset (&c, GARBAGE, sizeof c);
      if (out[j] != c || out[GUARD + out_words + j] != c)
        {
          report ("canary overwritten", cls, j, NULL, 0, NULL, 0);
          break;
        }
    }
  for (j = 0; j < lanes; j++)
    {
      const mp_limb_t *o = out + GUARD;
      for (i = 0; i < NN; i++)
        np[i] = in[(size_t) i * lanes + j];
      for (i = 0; i < ND; i++)
        dp[i] = in[(size_t) (NN + i) * lanes + j];
      if (j < count)
        divrem_ref (qref, QW, rref, RW, np, NN, dp, ND);
      else
        {
          /* a zero instance: q = 0, r = 0 */
          memset (qref, 0, sizeof qref);
          memset (rref, 0, sizeof rref);
        }
      for (i = 0; i < QW; i++)
        if (o[(size_t) i * lanes + j] != qref[i])
          {
            report ("quotient", cls, j, np, NN, dp, ND);
            break;
          }
      for (i = 0; i < RW; i++)
        if (o[(size_t) (QW + i) * lanes + j] != rref[i])
          {
            report ("remainder", cls, j, np, NN, dp, ND);
            break;
          }
    }
 done:
  cudaFree (din);
  cudaFree (dout);
  free (in);
  free (out);
}

int
main (int argc, char **argv)
{
  long rounds = argc > 1 ? atol (argv[1]) : 1, r;
  unsigned long seed = 1;
  const char *e = getenv ("MPZG_TEST_SEED");
  int ndev = 0;
  unsigned cls;
  mpzg_mpn_device dev;
  gmp_randstate_t rs;
  cudaError_t ce = cudaGetDeviceCount (&ndev);
  if (ce != cudaSuccess || ndev == 0)
    {
      printf ("t-divrem: skipped, no usable CUDA device (%s)\n",
              ce != cudaSuccess ? cudaGetErrorString (ce) : "none found");
      return 77;
    }
  memset (&dev, 0, sizeof dev);
  if (!cuda_ok (cudaSetDevice (0), "cudaSetDevice")
      || !cuda_ok (cudaDeviceGetAttribute (&dev.sms, cudaDevAttrMultiProcessorCount, 0),
                   "attribute"))
    return 1;
  if (mpzg_mpn_divrem_setup (&dev) != 0)
    {
      fprintf (stderr, "t-divrem: setup failed\n");
      return 1;
    }
  if (e != NULL && *e)
    seed = strtoul (e, NULL, 0);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  printf ("t-divrem: seed %lu, %u classes, widest %zu limbs\n", seed, mpzg_mpn_divrem_classes (),
          mpzg_mpn_divrem_max ());
  if (mpzg_mpn_divrem_max () != DIVREM_MAX
      || mpzg_mpn_divrem_classes () != DIVREM_NWIDTHS * (DIVREM_NWIDTHS + 1) / 2)
    report ("class table", 0, 0, NULL, 0, NULL, 0);
  for (r = 0; r < rounds; r++)
    for (cls = 0; cls < mpzg_mpn_divrem_classes (); cls++)
      {
        /* one small chunk (a single lane group and its padding), one of many warps */
        check_class (&dev, cls, 1 + gmp_urandomm_ui (rs, 7), rs);
        check_class (&dev, cls, 3000 + gmp_urandomm_ui (rs, 200), rs);
      }
  gmp_randclear (rs);
  if (failures)
    {
      fprintf (stderr, "t-divrem: %d failure%s\n", failures, failures == 1 ? "" : "s");
      return 1;
    }
  printf ("t-divrem: ok\n");
  return 0;
}
