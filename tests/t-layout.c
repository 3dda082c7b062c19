/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-layout.c -- the GPU path's staging of limbs between mpz_t and the slot
   layouts (lib/gpu/layout.h), which runs on the host alone: every build checks it
   against GMP, where the suites reach it only with a GPU.

   - mpzg_stage_in: the operand and its zero padding, nothing beyond the slot;
   - mpzg_stage_out: every length and alignment of the destination (the plain and
     stream stores of its first and last lines), nothing written beyond n;
   - mpzg_unstage: signs, zero, outputs that must grow;
   - mpzg_unstage_neg_mod: |m| - y for both signs of m, results with zero top
     limbs, the output being m itself;
   - mpzg_normalized and mpzg_limbs_finish;
   - the tiles and columns of the interleaved layout, and its padded lane counts;
   - mpzg_grow: the value kept, the room made.

   Usage: t-layout [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "layout.h"

static int fails;

#define CHECK(cond)                                                     \
  do                                                                    \
    if (!(cond))                                                        \
      {                                                                 \
        if (fails++ < 20)                                               \
          fprintf (stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
      }                                                                 \
  while (0)

#define MAXW 64
static const mpzg_word CANARY = 0x5a5a5a5a5a5a5a5aull;

static gmp_randstate_t rs;

static mp_limb_t
rand_limb (void)
{
  return (mp_limb_t) gmp_urandomb_ui (rs, 32) << 32 | gmp_urandomb_ui (rs, 32);
}

static void
test_stage_in (void)
{
  mpzg_word slot[MAXW + 4];
  mp_limb_t x[MAXW];
  for (size_t w = 1; w <= MAXW; w++)
    for (size_t nx = 0; nx <= w; nx++)
      {
        for (size_t i = 0; i < MAXW + 4; i++)
          slot[i] = CANARY;
        for (size_t i = 0; i < nx; i++)
          x[i] = rand_limb ();
        mpzg_stage_in (slot, x, nx, w);
        mpzg_stream_fence ();
        for (size_t i = 0; i < w; i++)
          CHECK (slot[i] == (i < nx ? x[i] : 0));
        CHECK (slot[w] == CANARY);
      }
}

static void
test_stage_out (void)
{
  /* a 64-byte aligned buffer, the destination at every word offset in a line */
  mp_limb_t *buf = aligned_alloc (64, (MAXW + 24) * sizeof *buf);
  mpzg_word src[MAXW];
  for (size_t i = 0; i < MAXW; i++)
    src[i] = rand_limb ();
  for (size_t off = 0; off < 8; off++)
    for (size_t n = 1; n <= MAXW; n++)
      {
        for (size_t i = 0; i < MAXW + 24; i++)
          buf[i] = CANARY;
        mpzg_stage_out (buf + off, src, n);
        mpzg_stream_fence ();
        for (size_t i = 0; i < off; i++)
          CHECK (buf[i] == CANARY);
        for (size_t i = 0; i < n; i++)
          CHECK (buf[off + i] == src[i]);
        for (size_t i = off + n; i < MAXW + 24; i++)
          CHECK (buf[i] == CANARY);
      }
  free (buf);
}

static void
test_normalized (void)
{
  mpzg_word x[6] = { 1, 0, 7, 0, 0, 0 };
  CHECK (mpzg_normalized (x, 6) == 3);
  CHECK (mpzg_normalized (x, 2) == 1);
  CHECK (mpzg_normalized (x + 3, 3) == 0);
  CHECK (mpzg_normalized (x, 0) == 0);
  mpz_t z;
  mpz_init (z);
  mp_limb_t *p = mpzg_limbs_write (z, 4);
  p[0] = 5, p[1] = 0, p[2] = 0, p[3] = 0;
  mpzg_limbs_finish (z, -4);
  CHECK (mpz_cmp_si (z, -5) == 0);
  p = mpzg_limbs_write (z, 3);
  p[0] = p[1] = p[2] = 0;
  mpzg_limbs_finish (z, -3);
  CHECK (mpz_sgn (z) == 0 && z->_mp_size == 0);
  mpz_clear (z);
}

static void
test_unstage (void)
{
  mpzg_word src[MAXW];
  mpz_t r, want;
  mpz_inits (r, want, NULL);
  for (size_t n = 0; n <= MAXW; n += 7)
    for (int neg = 0; neg < 2; neg++)
      for (int fresh = 0; fresh < 2; fresh++)
        {
          for (size_t i = 0; i < n; i++)
            src[i] = rand_limb ();
          if (n > 0)
            src[n - 1] |= 1;            /* n words exactly */
          if (fresh)
            {
              mpz_clear (r);
              mpz_init (r);             /* no limbs yet: must grow */
            }
          else
            mpz_set_si (r, -12345);
          mpz_import (want, n, -1, sizeof src[0], 0, 0, src);
          if (neg)
            mpz_neg (want, want);
          mpzg_unstage (r, src, n, neg);
          mpzg_stream_fence ();
          CHECK (mpz_cmp (r, want) == 0);
          CHECK (mpz_size (r) == n);
        }
  mpz_clears (r, want, NULL);
}

/* |m| - y through mpzg_unstage_neg_mod, the output a fresh integer or m itself. */
static void
check_neg_mod (mpz_srcptr m, mpz_srcptr y)
{
  mpzg_word d[MAXW];
  mpz_t r, mm, want;
  mpz_inits (r, mm, want, NULL);
  mpz_abs (want, m);
  mpz_sub (want, want, y);
  mpzg_unstage_neg_mod (r, mpzg_limbs_read (y), mpz_size (y), m, d);
  mpzg_stream_fence ();
  CHECK (mpz_cmp (r, want) == 0);
  /* the output is m: m is read before it is written */
  mpz_set (mm, m);
  mpzg_unstage_neg_mod (mm, mpzg_limbs_read (y), mpz_size (y), mm, d);
  mpzg_stream_fence ();
  CHECK (mpz_cmp (mm, want) == 0);
  /* d may be y's own words */
  mp_limb_t *yw = (mp_limb_t *) d;
  memset (d, 0, sizeof d);
  memcpy (yw, mpzg_limbs_read (y), mpz_size (y) * sizeof *yw);
  mpzg_unstage_neg_mod (r, yw, mpz_size (y), m, d);
  mpzg_stream_fence ();
  CHECK (mpz_cmp (r, want) == 0);
  mpz_clears (r, mm, want, NULL);
}

static void
test_unstage_neg_mod (void)
{
  mpz_t m, y;
  mpz_inits (m, y, NULL);
  for (unsigned bits = 2; bits <= 64 * (MAXW - 1); bits += 61)
    for (int k = 0; k < 8; k++)
      {
        mpz_urandomb (m, rs, bits);
        mpz_setbit (m, bits - 1);
        switch (k % 4)
          {
          case 0:                       /* random 0 < y < |m| */
            mpz_urandomm (y, rs, m);
            break;
          case 1:                       /* y = |m| - 1: the result 1 */
            mpz_sub_ui (y, m, 1);
            break;
          case 2:                       /* y = 1: the result |m| - 1 */
            mpz_set_ui (y, 1);
            break;
          default:                      /* y just below |m|'s top limb */
            mpz_tdiv_r_2exp (y, m, bits > 64 ? bits - 64 : 1);
            break;
          }
        if (mpz_sgn (y) == 0)
          mpz_set_ui (y, 1);
        if (mpz_cmp (y, m) >= 0)
          continue;
        if (k >= 4)
          mpz_neg (m, m);
        check_neg_mod (m, y);
      }
  mpz_clears (m, y, NULL);
}

static void
test_tiles (void)
{
  mpzg_word tile[2 * MAXW * MPZG_LANES];
  mp_limb_t x[MPZG_LANES][MAXW], y[MPZG_LANES][MAXW];
  size_t nx[MPZG_LANES], ny[MPZG_LANES];
  const size_t w = 9, groups = 3, lanes = mpzg_padded_lanes (groups * MPZG_LANES - 3);
  mpzg_word *buf = malloc (2 * w * lanes * sizeof *buf), col[2 * MAXW];
  CHECK (lanes % MPZG_LANES == 0 && (lanes / MPZG_LANES) % 2 == 1);
  CHECK (lanes >= groups * MPZG_LANES - 3);
  CHECK (mpzg_padded_lanes (1) == MPZG_LANES);
  CHECK (mpzg_padded_lanes (2 * MPZG_LANES) == 3 * MPZG_LANES);
  for (size_t g = 0; g < groups; g++)
    {
      for (size_t l = 0; l < MPZG_LANES; l++)
        {
          nx[l] = (g * MPZG_LANES + l) % (w + 1);
          ny[l] = (g + 3 * l) % (w + 1);
          for (size_t i = 0; i < w; i++)
            x[l][i] = rand_limb (), y[l][i] = rand_limb ();
          if (l == MPZG_LANES - 1)
            mpzg_tile_clear (tile, 2 * w, l);       /* a padding lane */
          else if (l % 2)
            mpzg_tile_put2 (tile, w, x[l], nx[l], y[l], ny[l], l);
          else
            {
              mpzg_tile_put (tile, 0, w, x[l], nx[l], l);
              mpzg_tile_put (tile, w, w, y[l], ny[l], l);
            }
        }
      mpzg_tile_store (buf, lanes, g * MPZG_LANES, tile, 2 * w);
      mpzg_stream_fence ();
      for (size_t l = 0; l < MPZG_LANES; l++)
        {
          mpzg_column (col, buf, lanes, g * MPZG_LANES + l, 2 * w);
          for (size_t i = 0; i < w; i++)
            {
              const int pad = l == MPZG_LANES - 1;
              CHECK (col[i] == (!pad && i < nx[l] ? x[l][i] : 0));
              CHECK (col[w + i] == (!pad && i < ny[l] ? y[l][i] : 0));
            }
        }
    }
  free (buf);
}

static void
test_grow (void)
{
  mpz_t r, want;
  mpz_inits (r, want, NULL);
  mpz_urandomb (r, rs, 200);
  mpz_neg (r, r);
  mpz_set (want, r);
  CHECK (mpzg_grow (r, 1) == 0);                /* room already */
  CHECK (mpzg_grow (r, 40) == 1);
  CHECK (mpz_cmp (r, want) == 0 && r->_mp_alloc >= 40);
  CHECK (mpzg_grow (r, 40) == 0);
  mpz_clears (r, want, NULL);
}

int
main (int argc, char **argv)
{
  long rounds = argc > 1 ? atol (argv[1]) : 1;
  const char *seed = getenv ("MPZG_TEST_SEED");
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed != NULL ? strtoul (seed, NULL, 0) : 1);
  for (long r = 0; r < rounds; r++)
    {
      test_stage_in ();
      test_stage_out ();
      test_normalized ();
      test_unstage ();
      test_unstage_neg_mod ();
      test_tiles ();
      test_grow ();
    }
  gmp_randclear (rs);
  if (fails)
    fprintf (stderr, "t-layout: %d failures\n", fails);
  else
    printf ("t-layout: ok\n");
  return fails != 0;
}
