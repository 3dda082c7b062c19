/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divrem-gpu.h -- what the division family's GPU tests share (t-divrem,
   t-divexact): the canaries and garbage around outputs, failure reports, CUDA
   checks, the layouts' word index, sizes at the edges of a class, a chunk's
   lanes and its operands in the class's layout, one launch on device memory with
   its canaries checked, and the main program that runs a family's check of one
   class over every class.  The includer
   defines DIVREM_GPU_NAME, the program's name for its messages. */
#ifndef MPZG_DIVREM_GPU_H
#define MPZG_DIVREM_GPU_H

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
  fprintf (stderr, DIVREM_GPU_NAME ": class %u lane %zu: %s\n  n =", cls, lane, what);
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
  fprintf (stderr, DIVREM_GPU_NAME ": %s: %s\n", what, cudaGetErrorString (e));
  failures++;
  return 0;
}

/* Word i of instance j of an operand of width w at the given offset (in words)
   of a buffer of `lanes` instances, in the class's layout. */
static size_t
at (int il, size_t off, size_t lanes, int w, size_t j, int i)
{
  return off + (il ? (size_t) i * lanes + j : j * (size_t) w + (size_t) i);
}

/* A size in [lo, hi], the edges more often than not. */
static int
edge_size (int lo, int hi, gmp_randstate_t rs)
{
  switch (gmp_urandomm_ui (rs, 6))
    {
    case 0: return lo;
    case 1: return hi;
    case 2: return lo + 1 <= hi ? lo + 1 : hi;
    case 3: return hi - 1 >= lo ? hi - 1 : lo;
    default: return lo + (int) gmp_urandomm_ui (rs, (unsigned long) (hi - lo + 1));
    }
}


/* The lanes of a chunk of `count` instances of a class: interleaved, padded with
   zero instances to an odd number of lane groups; contiguous, the instances. */
static size_t
divrem_gpu_lanes (int il, size_t count)
{
  const size_t groups = (count + MPZG_MPN_LANE_GROUP - 1) / MPZG_MPN_LANE_GROUP;
  return il ? (groups | 1) * MPZG_MPN_LANE_GROUP : count;
}

/* Instance j's dividend (NN words) and divisor (ND words) into the input of a
   chunk of `lanes` instances, in the class's layout, and back out of it. */
static void
divrem_gpu_put (mp_limb_t *in, int il, size_t lanes, int NN, int ND, size_t j,
                const mp_limb_t *np, const mp_limb_t *dp)
{
  int i;
  for (i = 0; i < NN; i++)
    in[at (il, 0, lanes, NN, j, i)] = np[i];
  for (i = 0; i < ND; i++)
    in[at (il, (size_t) NN * lanes, lanes, ND, j, i)] = dp[i];
}

static void
divrem_gpu_get (const mp_limb_t *in, int il, size_t lanes, int NN, int ND, size_t j,
                mp_limb_t *np, mp_limb_t *dp)
{
  int i;
  for (i = 0; i < NN; i++)
    np[i] = in[at (il, 0, lanes, NN, j, i)];
  for (i = 0; i < ND; i++)
    dp[i] = in[at (il, (size_t) NN * lanes, lanes, ND, j, i)];
}

/* A family's launcher (cuda/mpzg-mpn.h). */
typedef int (*divrem_gpu_launcher) (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh,
                                    const mpzg_mpn_word *in, mpzg_mpn_word *out,
                                    mpzg_mpn_word *scratch, size_t lanes, mpzg_mpn_stream s);

/* One launch on device memory: the input in (in_words) up, the outputs (out_words,
   between GUARD canary words each side) filled with garbage before the launch,
   and all of it down into out (out_words + 2 GUARD words, the outputs at out +
   GUARD); reports overwritten canaries.  Returns 0 when a CUDA call failed
   (reported): out then holds nothing to compare. */
static int
divrem_gpu_launch (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, divrem_gpu_launcher run,
                   const mp_limb_t *in, size_t in_words, mp_limb_t *out, size_t out_words,
                   size_t lanes)
{
  mpzg_mpn_word *din = NULL, *dout = NULL;
  const size_t all = out_words + 2 * GUARD;
  int ok = cuda_ok (cudaMalloc ((void **) &din, in_words * 8), "cudaMalloc")
    && cuda_ok (cudaMalloc ((void **) &dout, all * 8), "cudaMalloc")
    && cuda_ok (cudaMemcpy (din, in, in_words * 8, cudaMemcpyHostToDevice), "upload")
    && cuda_ok (cudaMemset (dout, GARBAGE, all * 8), "cudaMemset")
    && cuda_ok ((cudaError_t) run (dev, sh, din, dout + GUARD, NULL, lanes, NULL), "launch")
    && cuda_ok (cudaDeviceSynchronize (), "kernel")
    && cuda_ok (cudaMemcpy (out, dout, all * 8, cudaMemcpyDeviceToHost), "download");
  size_t j;
  cudaFree (din);
  cudaFree (dout);
  if (!ok)
    return 0;
  for (j = 0; j < GUARD; j++)
    {
      mp_limb_t c;
      memset (&c, GARBAGE, sizeof c);
      if (out[j] != c || out[GUARD + out_words + j] != c)
        {
          report ("canary overwritten", sh->cls, j, NULL, 0, NULL, 0);
          break;
        }
    }
  return 1;
}

/* What divrem_gpu_main tests: a family's mpn entry points (cuda/mpzg-mpn.h) and
   the program's check of `count` instances of one class. */
typedef struct
{
  int (*setup) (const mpzg_mpn_device *dev);
  unsigned (*classes) (void);
  size_t (*max) (void);
  void (*shape) (unsigned cls, mpzg_mpn_shape *sh);
  void (*check_class) (const mpzg_mpn_device *dev, unsigned cls, size_t count,
                       gmp_randstate_t rs);
} divrem_gpu_family;

/* Every class, a small chunk and a large one, `rounds` times (argv[1], default 1;
   MPZG_TEST_SEED sets the seed; MPZG_TEST_REPS below 0.5 runs the small chunk
   alone, for the sanitizers: every kernel shape runs, on a few instances).  Exits
   77 when no CUDA device is usable. */
static int
divrem_gpu_main (int argc, char **argv, const divrem_gpu_family *f)
{
  long rounds = argc > 1 ? atol (argv[1]) : 1, r;
  unsigned long seed = 1;
  const char *e = getenv ("MPZG_TEST_SEED"), *reps = getenv ("MPZG_TEST_REPS");
  int quick = reps != NULL && *reps && atof (reps) > 0 && atof (reps) < 0.5;
  int ndev = 0;
  unsigned cls;
  mpzg_mpn_device dev;
  gmp_randstate_t rs;
  cudaError_t ce = cudaGetDeviceCount (&ndev);
  if (ce != cudaSuccess || ndev == 0)
    {
      printf (DIVREM_GPU_NAME ": skipped, no usable CUDA device (%s)\n",
              ce != cudaSuccess ? cudaGetErrorString (ce) : "none found");
      return 77;
    }
  memset (&dev, 0, sizeof dev);
  if (!cuda_ok (cudaSetDevice (0), "cudaSetDevice")
      || !cuda_ok (cudaDeviceGetAttribute (&dev.sms, cudaDevAttrMultiProcessorCount, 0),
                   "attribute"))
    return 1;
  if (f->setup (&dev) != 0)
    {
      fprintf (stderr, DIVREM_GPU_NAME ": setup failed\n");
      return 1;
    }
  if (e != NULL && *e)
    seed = strtoul (e, NULL, 0);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  printf (DIVREM_GPU_NAME ": seed %lu, %u classes, widest %zu limbs\n", seed, f->classes (),
          f->max ());
  if (f->max () != DIVREM_MAX || f->classes () != DIVREM_NWIDTHS * (DIVREM_NWIDTHS + 1) / 2)
    report ("class table", 0, 0, NULL, 0, NULL, 0);
  for (r = 0; r < rounds; r++)
    for (cls = 0; cls < f->classes (); cls++)
      {
        mpzg_mpn_shape sh;
        f->shape (cls, &sh);
        /* one small chunk (a single lane group, or a few instances), and one of
           many warps or blocks, fewer where an instance is long (GMP checks them
           all) */
        size_t words = (size_t) sh.w[0] + sh.w[1];
        size_t many = words <= 64 ? 3000 : words <= 512 ? 600 : words <= 2048 ? 150 : 40;
        f->check_class (&dev, cls, 1 + gmp_urandomm_ui (rs, 7), rs);
        if (!quick)
          f->check_class (&dev, cls, many + gmp_urandomm_ui (rs, 1 + many / 16), rs);
      }
  gmp_randclear (rs);
  if (failures)
    {
      fprintf (stderr, DIVREM_GPU_NAME ": %d failure%s\n", failures, failures == 1 ? "" : "s");
      return 1;
    }
  printf (DIVREM_GPU_NAME ": ok\n");
  return 0;
}

#endif
