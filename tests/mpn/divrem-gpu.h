/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divrem-gpu.h -- what the division family's GPU tests share (t-divrem,
   t-divexact): the canaries and garbage around outputs, failure reports, CUDA
   checks, the layouts' word index and sizes at the edges of a class.  The includer
   defines DIVREM_GPU_NAME, the program's name for its messages. */
#ifndef MPZG_DIVREM_GPU_H
#define MPZG_DIVREM_GPU_H

#include <stdio.h>
#include <gmp.h>
#include <cuda_runtime.h>

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

#endif
