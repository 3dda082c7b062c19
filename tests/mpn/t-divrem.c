/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-divrem.c -- the device's division (mpzg_mpn_divrem) on device memory, every
   class, against GMP's mpn_tdiv_qr: divisors 2^(64k-1), B^k and B^k-1, dividends
   just above and below multiples of the divisor, the largest dividends and
   quotients, quotient digits of all ones, partial remainders that force the digit
   B - 1 or an add-back, one-limb divisors, dividends shorter than the divisor, and
   the zero instances that pad a chunk; interleaved classes (up to
   DIVREM_SMALL_MAX limbs) and contiguous ones (up to DIVREM_MAX, the one-thread,
   one-warp and one-block kernels), each class at its edges: the smallest and
   largest dividend and divisor sizes it takes.  Output words hold garbage before
   the launch, and canary words around the outputs must survive it.

   Exits 77 (skipped) when no CUDA device is usable.
   Usage: t-divrem [rounds] (default 1; MPZG_TEST_SEED sets the seed; MPZG_TEST_REPS
   below 0.5 runs only the small chunk of each class). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <cuda_runtime.h>
#include "mpzg-mpn.h"
#include "divrem-cases.h"

#define DIVREM_GPU_NAME "t-divrem"
#include "divrem-gpu.h"

#define dmin_of divrem_dmin

/* One class: `count` instances (padded to lanes with zero instances). */
static void
check_class (const mpzg_mpn_device *dev, unsigned cls, size_t count, gmp_randstate_t rs)
{
  mpzg_mpn_shape sh;
  mpzg_mpn_divrem_shape (cls, &sh);
  const int NN = (int) sh.w[0], ND = (int) sh.w[1], QW = (int) sh.ow[0], RW = (int) sh.ow[1];
  const int il = NN <= DIVREM_SMALL_MAX;
  const size_t lanes = divrem_gpu_lanes (il, count);
  const size_t in_words = (size_t) (NN + ND) * lanes, out_words = (size_t) (QW + RW) * lanes;
  mp_limb_t *in = calloc (in_words, sizeof *in);
  mp_limb_t *out = malloc ((out_words + 2 * GUARD) * sizeof *out);
  mp_limb_t *np = malloc (4 * (DIVREM_MAX + 1) * sizeof *np);
  mp_limb_t *dp = np + DIVREM_MAX + 1, *qref = dp + DIVREM_MAX + 1, *rref = qref + DIVREM_MAX + 1;
  size_t j;
  int i;
  if (in == NULL || out == NULL || np == NULL)
    {
      fprintf (stderr, "t-divrem: out of memory\n");
      exit (1);
    }
  if (sh.cls != cls || sh.layout != (il ? MPZG_MPN_INTERLEAVED : MPZG_MPN_CONTIGUOUS)
      || ND > NN || sh.itch != 0
      || QW != NN - dmin_of (ND) + 1 || RW != ND
      || sh.in_bytes != (size_t) (NN + ND) * 8 || sh.out_bytes != (size_t) (QW + RW) * 8)
    report ("shape", cls, 0, NULL, 0, NULL, 0);
  for (j = 0; j < count; j++)
    {
      /* sizes of this class, at its edges more often than not: the divisor in
         [dmin, ND], the dividend in [0, NN] within the class */
      int nn, nd, nmin;
      nd = edge_size (dmin_of (ND), ND, rs);
      nmin = NN == ND ? nd - 1 : dmin_of (NN);    /* NN == ND: shorter dividends too */
      if (nmin < 0)
        nmin = 0;
      do
        nn = j % 5 == 4 ? (int) gmp_urandomm_ui (rs, (unsigned long) NN + 1)
          : edge_size (nmin, NN, rs);
      while (mpzg_mpn_divrem_class ((size_t) nn, (size_t) nd) != cls);
      memset (np, 0, (DIVREM_MAX + 1) * sizeof *np);
      memset (dp, 0, (DIVREM_MAX + 1) * sizeof *dp);
      divrem_make (np, nn, dp, nd, (int) (j % DC_KINDS), rs);
      divrem_gpu_put (in, il, lanes, NN, ND, j, np, dp);
    }
  if (!divrem_gpu_launch (dev, &sh, mpzg_mpn_divrem, in, in_words, out, out_words, lanes))
    goto done;
  for (j = 0; j < lanes; j++)
    {
      const mp_limb_t *o = out + GUARD;
      divrem_gpu_get (in, il, lanes, NN, ND, j, np, dp);
      if (j < count)
        divrem_ref (qref, QW, rref, RW, np, NN, dp, ND);
      else
        {
          /* a zero instance: q = 0, r = 0 */
          memset (qref, 0, (size_t) QW * sizeof *qref);
          memset (rref, 0, (size_t) RW * sizeof *rref);
        }
      for (i = 0; i < QW; i++)
        if (o[at (il, 0, lanes, QW, j, i)] != qref[i])
          {
            report ("quotient", cls, j, np, NN, dp, ND);
            break;
          }
      for (i = 0; i < RW; i++)
        if (o[at (il, (size_t) QW * lanes, lanes, RW, j, i)] != rref[i])
          {
            report ("remainder", cls, j, np, NN, dp, ND);
            break;
          }
    }
 done:
  free (in);
  free (out);
  free (np);
}

int
main (int argc, char **argv)
{
  static const divrem_gpu_family f = {
    mpzg_mpn_divrem_setup, mpzg_mpn_divrem_classes, mpzg_mpn_divrem_max, mpzg_mpn_divrem_shape, check_class
  };
  return divrem_gpu_main (argc, argv, &f);
}
