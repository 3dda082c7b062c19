/* floors.c -- the host side's share of the floor: packing mpz_t limbs into one
   contiguous, zero-padded buffer, as the GPU path must before any transfer. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

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
          memcpy (dst + i * c->limbs, p, s * sizeof *p);
          memset (dst + i * c->limbs + s, 0, (c->limbs - s) * sizeof *p);
        }
    }
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
