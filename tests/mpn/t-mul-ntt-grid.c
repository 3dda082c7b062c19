/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt-grid.c -- the whole-device NTT multiplication (mpzg_mpn_mul_grid,
   cuda/mul/ntt-grid.cu) against mpn_mul: every pass count (one, two and three
   passes), balanced, unbalanced, all-ones (the largest coefficients), sparse and
   squared operands, batches of products (more than one launch's 65535 too), up to
   a product of two 2^22-word (2^28-bit) operands.  Guards: canary words after every
   buffer, garbage in the product and the scratch before the call, inputs unchanged
   after it.

   Exit status: 0 when every product matched, 1 otherwise, 77 (skipped) when no
   CUDA device is usable.  Environment: MPZG_TEST_SEED (a number), MPZG_DEVICE,
   MPZG_TEST_GRID_MAX (the largest Ma + Mb tried, in words; default 2^23). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <cuda_runtime_api.h>
#include "mpzg-mpn.h"
#include "device-open.h"

#define NAME "t-mul-ntt-grid"
#define CANARY 0xc0ffee0ddba11ad5ULL
#define GUARD 8

static gmp_randstate_t rands;
static long failures, products;

static mpzg_mpn_word
rand_word (void)
{
  return ((mpzg_mpn_word) gmp_urandomb_ui (rands, 32) << 32) | gmp_urandomb_ui (rands, 32);
}

enum { ONES, RANDOM, SPARSE };
static const char *const kind_name[] = { "all ones", "random", "sparse" };

static void
fill (mpzg_mpn_word *p, size_t n, int kind)
{
  for (size_t i = 0; i < n; i++)
    p[i] = kind == ONES ? ~0ULL : kind == RANDOM ? rand_word ()
      : gmp_urandomb_ui (rands, 4) == 0 ? rand_word () : 0;
}

static void *
dev_alloc (size_t words)
{
  void *p = NULL;
  if (cudaMalloc (&p, words * sizeof (mpzg_mpn_word)) != cudaSuccess)
    return NULL;
  return p;
}

/* count products of Ma by Mb words (squares when square: b is a). */
static void
check (const mpzg_mpn_device *dev, cudaStream_t s, size_t Ma, size_t Mb, size_t count,
       int kind, int square)
{
  size_t itch, n, i, g;
  mpzg_mpn_word *a, *b, *r, *want, *copy, *da = NULL, *db = NULL, *dr = NULL, *ds = NULL;
  int rc;
  if (square)
    Mb = Ma;
  n = Ma + Mb;
  itch = mpzg_mpn_mul_grid_itch (Ma, Mb);
  if (itch == 0)
    {
      printf ("%s: FAIL: no scratch size for %zu by %zu words\n", NAME, Ma, Mb);
      failures++;
      return;
    }
  a = malloc (count * Ma * sizeof *a);
  b = malloc (count * Mb * sizeof *b);
  r = malloc ((count * n + GUARD) * sizeof *r);
  want = malloc (n * sizeof *want);
  copy = malloc ((count * Ma + count * Mb) * sizeof *copy);
  if (!a || !b || !r || !want || !copy)
    {
      printf ("%s: skipped %zu by %zu words: out of host memory\n", NAME, Ma, Mb);
      goto done;
    }
  fill (a, count * Ma, kind);
  fill (b, count * Mb, kind == ONES ? ONES : (kind + 1) % 3);
  for (i = 0; i < count; i++)   /* a zero top word now and then */
    if (kind != ONES && i % 3 == 1)
      a[i * Ma + Ma - 1] = 0;
  memcpy (copy, a, count * Ma * sizeof *a);
  memcpy (copy + count * Ma, b, count * Mb * sizeof *b);
  da = dev_alloc (count * Ma + GUARD);
  db = square ? da : dev_alloc (count * Mb + GUARD);
  dr = dev_alloc (count * n + GUARD);
  ds = dev_alloc (count * itch + GUARD);
  if (!da || !db || !dr || !ds)
    {
      printf ("%s: skipped %zu by %zu words, %zu products: out of device memory\n", NAME, Ma,
              Mb, count);
      goto done;
    }
  for (i = 0; i < count * n + GUARD; i++)
    r[i] = i < count * n ? rand_word () : CANARY;
  {
    /* garbage scratch with canaries after it, the canaries after the inputs */
    mpzg_mpn_word *junk = malloc ((count * itch + GUARD) * sizeof *junk);
    if (junk == NULL)
      goto done;
    for (i = 0; i < count * itch + GUARD; i++)
      junk[i] = i < count * itch ? rand_word () ^ i : CANARY;
    cudaMemcpy (ds, junk, (count * itch + GUARD) * sizeof *junk, cudaMemcpyHostToDevice);
    for (i = 0; i < GUARD; i++)
      junk[i] = CANARY;
    cudaMemcpy (da, a, count * Ma * sizeof *a, cudaMemcpyHostToDevice);
    cudaMemcpy (da + count * Ma, junk, GUARD * sizeof *junk, cudaMemcpyHostToDevice);
    if (!square)
      {
        cudaMemcpy (db, b, count * Mb * sizeof *b, cudaMemcpyHostToDevice);
        cudaMemcpy (db + count * Mb, junk, GUARD * sizeof *junk, cudaMemcpyHostToDevice);
      }
    free (junk);
  }
  cudaMemcpy (dr, r, (count * n + GUARD) * sizeof *r, cudaMemcpyHostToDevice);
  rc = mpzg_mpn_mul_grid (dev, da, square ? da : db, dr, Ma, Mb, count, ds, s);
  if (rc == 0)
    rc = (int) cudaStreamSynchronize (s);
  if (rc != 0)
    {
      printf ("%s: FAIL: %zu by %zu words, %zu products: error %d (%s)\n", NAME, Ma, Mb, count,
              rc, cudaGetErrorString ((cudaError_t) rc));
      failures++;
      goto done;
    }
  cudaMemcpy (r, dr, (count * n + GUARD) * sizeof *r, cudaMemcpyDeviceToHost);
  for (i = 0; i < GUARD; i++)
    if (r[count * n + i] != CANARY)
      {
        printf ("%s: FAIL: %zu by %zu words: a write past the products\n", NAME, Ma, Mb);
        failures++;
        break;
      }
  {
    mpzg_mpn_word *back = malloc ((count * itch + GUARD) * sizeof *back);
    if (back != NULL)
      {
        cudaMemcpy (back, ds, (count * itch + GUARD) * sizeof *back, cudaMemcpyDeviceToHost);
        for (i = 0; i < GUARD; i++)
          if (back[count * itch + i] != CANARY)
            {
              printf ("%s: FAIL: %zu by %zu words: a write past the scratch\n", NAME, Ma, Mb);
              failures++;
              break;
            }
        cudaMemcpy (back, da, count * Ma * sizeof *back, cudaMemcpyDeviceToHost);
        if (memcmp (back, copy, count * Ma * sizeof *back) != 0)
          {
            printf ("%s: FAIL: %zu by %zu words: a changed\n", NAME, Ma, Mb);
            failures++;
          }
        if (!square)
          {
            cudaMemcpy (back, db, count * Mb * sizeof *back, cudaMemcpyDeviceToHost);
            if (memcmp (back, copy + count * Ma, count * Mb * sizeof *back) != 0)
              {
                printf ("%s: FAIL: %zu by %zu words: b changed\n", NAME, Ma, Mb);
                failures++;
              }
          }
        free (back);
      }
  }
  for (g = 0; g < count; g++)
    {
      const mp_limb_t *pa = (const mp_limb_t *) (a + g * Ma);
      const mp_limb_t *pb = (const mp_limb_t *) (square ? a + g * Ma : b + g * Mb);
      if (square)
        mpn_sqr ((mp_limb_t *) want, pa, Ma);
      else if (Ma >= Mb)
        mpn_mul ((mp_limb_t *) want, pa, Ma, pb, Mb);
      else
        mpn_mul ((mp_limb_t *) want, pb, Mb, pa, Ma);
      products++;
      if (memcmp (want, r + g * n, n * sizeof *want) != 0)
        {
          for (i = 0; want[i] == r[g * n + i]; i++)
            ;
          if (++failures <= 10)
            printf ("%s: FAIL: %zu by %zu words (%s%s), product %zu of %zu: word %zu is "
                    "%016llx, want %016llx\n", NAME, Ma, Mb, kind_name[kind],
                    square ? ", squared" : "", g, count, i, r[g * n + i], want[i]);
        }
    }
done:
  cudaFree (da);
  if (!square)
    cudaFree (db);
  cudaFree (dr);
  cudaFree (ds);
  free (a);
  free (b);
  free (r);
  free (want);
  free (copy);
}

int
main (void)
{
  unsigned long seed = 20261124UL;
  size_t top = (size_t) 1 << 23, k;
  const char *s;
  struct cudaDeviceProp prop;
  mpzg_mpn_device dev;
  cudaStream_t stream;
  int rc;

  setvbuf (stdout, NULL, _IOLBF, 0);
  if ((s = getenv ("MPZG_TEST_SEED")) != NULL && *s)
    seed = strtoul (s, NULL, 0);
  if ((s = getenv ("MPZG_TEST_GRID_MAX")) != NULL && *s)
    top = strtoul (s, NULL, 0);
  gmp_randinit_default (rands);
  gmp_randseed_ui (rands, seed);
  if ((rc = device_open (NAME, &dev, &prop, &stream)) != 0)
    return rc;
  printf ("%s: MPZG_TEST_SEED=%lu, on %s (%d SMs)\n", NAME, seed, prop.name, dev.sms);
  if ((rc = mpzg_mpn_mul_grid_setup (&dev)) != 0)
    {
      printf ("%s: FAIL: setup returned %d (%s)\n", NAME, rc, cudaGetErrorString ((cudaError_t) rc));
      return 1;
    }
  if (mpzg_mpn_mul_grid_itch (mpzg_mpn_mul_grid_max (), 1) != 0
      || mpzg_mpn_mul_grid_itch (mpzg_mpn_mul_grid_max () - 1, 1) == 0)
    {
      printf ("%s: FAIL: mpzg_mpn_mul_grid_max and the scratch query disagree\n", NAME);
      failures++;
    }

  /* one pass (up to 1024 words of product), then two, batches */
  check (&dev, stream, 1, 1, 70000, RANDOM, 0);
  check (&dev, stream, 1, 1, 1000, ONES, 1);
  check (&dev, stream, 3, 100, 300, RANDOM, 0);
  check (&dev, stream, 512, 512, 200, ONES, 0);
  check (&dev, stream, 1000, 24, 77, SPARSE, 0);
  check (&dev, stream, 513, 512, 50, ONES, 0);
  check (&dev, stream, 4096, 4096, 300, RANDOM, 0);
  check (&dev, stream, 4096, 0, 100, ONES, 1);
  check (&dev, stream, 6000, 2500, 20, SPARSE, 0);
  for (k = (size_t) 1 << 13; 2 * k <= top; k *= 2)
    {
      check (&dev, stream, k, k, 2, ONES, 0);
      check (&dev, stream, k, k - 7, 1, RANDOM, 0);
      check (&dev, stream, k, 0, 1, k & 0x15555 ? RANDOM : ONES, 1);
      check (&dev, stream, 2 * k - 5, 3, 1, RANDOM, 0);
    }

  gmp_randclear (rands);
  cudaStreamDestroy (stream);
  printf ("%s: %ld products, %ld failures\n", NAME, products, failures);
  return failures ? 1 : 0;
}
