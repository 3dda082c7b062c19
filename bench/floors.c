/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* floors.c -- the host side's share of the floor: packing mpz_t limbs into one
   contiguous, zero-padded buffer, as the GPU path must before any transfer, with the
   GPU path's own stream stores (lib/gpu/stream-copy.h). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "stream-copy.h"

typedef struct
{
  mpz_t **in;
  int nin;
  size_t count, limbs;
  mp_limb_t *buf;
} pack_ctx;

static void
pack_range (void *vctx, size_t begin, size_t end)
{
  pack_ctx *c = vctx;
  size_t i;
  int k;
  for (k = 0; k < c->nin; k++)
    {
      mp_limb_t *dst = c->buf + (size_t) k * c->count * c->limbs;
      for (i = begin; i < end; i++)
        {
          size_t s = mpz_size (c->in[k][i]);
          const mp_limb_t *p = mpz_limbs_read (c->in[k][i]);
          if (s > c->limbs)
            s = c->limbs;
          mpzg_stream_copy ((uint64_t *) dst + i * c->limbs, (const uint64_t *) p, s);
          mpzg_stream_zero ((uint64_t *) dst + i * c->limbs + s, c->limbs - s);
        }
    }
  mpzg_stream_fence ();
}

double
bench_pack_us (mpz_t **in, int nin, size_t count, size_t limbs, int threads, int reps)
{
  pack_ctx c;
  double t[64], spent = 0;
  int r = 0;
  c.in = in;
  c.nin = nin;
  c.count = count;
  c.limbs = limbs;
  c.buf = malloc ((size_t) nin * count * limbs * sizeof *c.buf);
  if (c.buf == NULL)
    return -1.0;
  memset (c.buf, 0, (size_t) nin * count * limbs * sizeof *c.buf); /* touch the pages */
  while (r < 64 && bench_more_reps (r, reps, spent))
    {
      double t0 = bench_now_us ();
      bench_split (count, threads, pack_range, &c);
      t[r] = bench_now_us () - t0;
      spent += t[r++];
    }
  free (c.buf);
  return bench_median (t, r);
}

/* ---- the host memory bus: what staging through pinned buffers can reach ---- */

typedef struct
{
  uint64_t *dst;
  const uint64_t *src;
} copy_ctx;

static void
copy_range (void *vctx, size_t begin, size_t end)
{
  copy_ctx *c = vctx;
  const size_t line = 8;         /* words: split on cache lines */
  mpzg_stream_copy (c->dst + begin * line, c->src + begin * line, (end - begin) * line);
  mpzg_stream_fence ();
}

double
bench_host_copy_gbs (size_t bytes, int threads)
{
  copy_ctx c;
  double t[7];
  size_t words = bytes / 8 / 8 * 8;
  uint64_t *src = malloc (words * 8), *dst = malloc (words * 8);
  int r;
  if (src == NULL || dst == NULL || words == 0)
    {
      free (src);
      free (dst);
      return -1.0;
    }
  memset (src, 1, words * 8);
  memset (dst, 0, words * 8);
  c.dst = dst;
  c.src = src;
  for (r = 0; r < 7; r++)
    {
      double t0 = bench_now_us ();
      bench_split (words / 8, threads, copy_range, &c);
      t[r] = bench_now_us () - t0;
    }
  free (src);
  free (dst);
  return 2.0 * words * 8 / bench_median (t, 7) / 1e3;
}
