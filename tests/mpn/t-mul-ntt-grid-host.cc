/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-mul-ntt-grid-host.cc -- the device's whole-device NTT multiplication
   (cuda/mul/ntt-grid-core.cuh), compiled for the host and compared with GMP: the
   root tables, the length choice and the pass plans; then whole products run by the
   schedule the kernels run, every tile of every pass and every block of the carry
   phases, thread by thread in each phase: every transform length from 2^6 to 2^20
   (one and two passes) through balanced, unbalanced, all-ones (the largest
   coefficients) and squared operands, products of 4096 to 2^17 limbs, and one of
   2^22 coefficients (three passes), the tiles of the middle transformed by
   MPZG_MUL_GRID_RADIX and those of the strided passes by MPZG_MUL_GRID_PASS_RADIX
   (tests/mpn/Makefile.am builds it for each combination).  Needs no GPU, so the
   algorithm is checked on every build; tests/mpn/t-mul-ntt-grid.c runs the kernels themselves.

   Usage: t-mul-ntt-grid-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>
#include "tuning.h"
#include "mul/ntt-grid-core.cuh"
#include "host-shared.h"

using namespace mpzg::ntt;

static std::vector<u64> roots (GRID_ROOT_TABLE);
static long products;

/* The team of the host: the threads one after another in every phase. */
struct host_team
{
  unsigned T;
  unsigned threads () const { return T; }
  template <class F> void each (F f) { for (unsigned t = 0; t < T; t++) f (t); }
  unsigned scan2 (unsigned char *items)
  {
    unsigned c0 = 0, c1 = 1;
    for (unsigned t = 0; t < T; t++)
      {
        unsigned g = items[t] & 1, p = (items[t] >> 1) & 1;
        if (g && p)
          {
            if (host_failed ())
              fprintf (stderr, "t-mul-ntt-grid-host: item %u both generates and propagates\n", t);
          }
        items[t] = (unsigned char) (c0 | (c1 << 1));
        c0 = g | (p & c0);
        c1 = g | (p & c1);
      }
    return grid_block_item (c0, c1);
  }
};

/* The kernels' launches, each a loop over its tiles or blocks; shared memory and
   scratch start as garbage. */
struct host_exec
{
  const grid_layout *ly;
  const u64 *a, *b;
  size_t Ma, Mb;
  u64 *r, *X, *Y;
  unsigned char *items;
  u64 inv_len;
  std::vector<u64> tile, tile2;
  std::vector<unsigned char> local;

  u64 state;
  void garbage (std::vector<u64> &v)   /* cheap: tiles are filled millions of times */
  {
    for (size_t i = 0; i < v.size (); i++)
      v[i] = state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  }
  void fwd (const grid_pass &g, int which, int first)
  {
    host_team tm = { MPZG_MUL_GRID_THREADS };
    for (size_t k = 0; k < g.tiles; k++)
      {
        garbage (tile);
        grid_fwd_pass<MPZG_MUL_GRID_PASS_RADIX> (tm, tile.data (), g, k, which ? Y : X,
                                                 first ? (which ? b : a) : (const u64 *) 0,
                                                 which ? Mb : Ma, roots.data ());
      }
  }
  void middle (const grid_pass &g, int digits, int square)
  {
    host_team tm = { MPZG_MUL_GRID_THREADS };
    for (size_t k = 0; k < g.tiles; k++)
      {
        garbage (tile);
        garbage (tile2);
        grid_middle<MPZG_MUL_GRID_RADIX> (tm, tile.data (), tile2.data (), g, k, X, Y,
                                          digits ? a : (const u64 *) 0, Ma,
                                          digits ? b : (const u64 *) 0, Mb, square, inv_len,
                                          roots.data ());
      }
  }
  void inv (const grid_pass &g)
  {
    host_team tm = { MPZG_MUL_GRID_THREADS };
    for (size_t k = 0; k < g.tiles; k++)
      {
        garbage (tile);
        grid_inv_pass<MPZG_MUL_GRID_PASS_RADIX> (tm, tile.data (), g, k, X, roots.data ());
      }
  }
  void runs (size_t blocks)
  {
    host_team tm = { MPZG_MUL_GRID_CARRY_THREADS };
    for (size_t k = 0; k < blocks; k++)
      grid_carry_runs (tm, X, r, ly->n, ly->runs, k, items + ly->off[0],
                       ly->levels > 1 ? items + ly->off[1] : (unsigned char *) 0,
                       local.data ());
  }
  void scan (unsigned lv, size_t blocks)
  {
    host_team tm = { MPZG_MUL_GRID_CARRY_THREADS };
    for (size_t k = 0; k < blocks; k++)
      grid_carry_scan (tm, items + ly->off[lv], ly->count[lv], k,
                       lv + 1 < ly->levels ? items + ly->off[lv + 1] : (unsigned char *) 0,
                       local.data ());
  }
  void down (unsigned lv)
  {
    const unsigned char *up = lv + 1 < ly->levels ? items + ly->off[lv + 1] : 0;
    for (size_t x = 0; x < ly->count[lv]; x++)
      grid_carry_down (items + ly->off[lv], ly->count[lv], up, MPZG_MUL_GRID_CARRY_THREADS, x);
  }
  void finish ()
  {
    const unsigned char *up = ly->levels > 1 ? items + ly->off[1] : 0;
    for (size_t x = 0; x < ly->runs; x++)
      grid_carry_finish (r, ly->n, items + ly->off[0], up, MPZG_MUL_GRID_CARRY_THREADS,
                         ly->runs, x);
  }
};

/* W has order 2^32 and W^(2^26) = 8 (the register columns' roots are powers of
   two); grid_root_inv inverts grid_root. */
static void
check_roots (gmp_randstate_t rs)
{
  u64 w = roots[1];
  if (power (w, (u64) 1 << 31) != MPZG_NTT_P - 1 || roots[(1u << 16) + 1] != power (w, 1u << 16)
      || power (w, (u64) 1 << 26) != 8)
    {
      fprintf (stderr, "t-mul-ntt-grid-host: W is not of order 2^32 with W^(2^26) = 8\n");
      failures++;
    }
  for (int i = 0; i < 20000; i++)
    {
      u64 E = i < 16 ? ((u64) i << (i * 2)) & 0xffffffffULL : host_rand64 (rs) >> 32;
      if (i >= 16 && i % 3 == 0)
        E &= ~0xffffULL;
      if (grid_root (roots.data (), E) != power (w, E)
          || mul (grid_root (roots.data (), E), grid_root_inv (roots.data (), E)) != 1)
        {
          fprintf (stderr, "t-mul-ntt-grid-host: grid_root (%llu)\n", E);
          failures++;
          return;
        }
    }
}

/* Lengths: the shortest power of two holding the coefficients, none above
   2^GRID_LOG_MAX; plans: the radices sum to the length, the strided passes keep
   s >= 2^GRID_TILE_LOG and a tile within 2^GRID_TILE_LOG words, the tiles cover
   the transform. */
static void
check_plans (void)
{
  for (size_t na = 1; na <= ((size_t) 1 << 31); na += 1 + na / 7)
    for (size_t nb = 1; nb <= na; nb += 1 + nb / 3)
      {
        unsigned lg = grid_log_length (na, nb);
        unsigned long long need = 4 * (unsigned long long) (na + nb) - 1;
        unsigned want = GRID_LOG_MIN;
        while ((1ULL << want) < need)
          want++;
        if (want > GRID_LOG_MAX)
          want = 0;
        if (lg != want)
          {
            fprintf (stderr, "t-mul-ntt-grid-host: length 2^%u (want 2^%u) for %zu by %zu\n",
                     lg, want, na, nb);
            failures++;
            return;
          }
      }
  for (unsigned lg = GRID_LOG_MIN; lg <= GRID_LOG_MAX; lg++)
    {
      grid_plan pl;
      unsigned sum = 0;
      grid_make_plan (lg, &pl);
      if (pl.passes > GRID_PASSES_MAX)
        {
          fprintf (stderr, "t-mul-ntt-grid-host: %u passes at 2^%u\n", pl.passes, lg);
          failures++;
        }
      for (unsigned i = 0; i < pl.passes; i++)
        {
          grid_pass g = grid_pass_of (&pl, i);
          sum += g.r;
          int last = i + 1 == pl.passes;
          if ((last ? g.ls != 0 : g.ls < GRID_TILE_LOG) || g.r + g.lc > GRID_TILE_LOG
              || (!last && g.r > GRID_RADIX_LOG) || g.r == 0
              || (g.tiles << (g.r + g.lc)) != ((size_t) 1 << lg))
            {
              fprintf (stderr, "t-mul-ntt-grid-host: pass %u of 2^%u: r %u, s 2^%u, C 2^%u\n",
                       i, lg, g.r, g.ls, g.lc);
              failures++;
            }
        }
      if (sum != lg)
        {
          fprintf (stderr, "t-mul-ntt-grid-host: the radices of 2^%u sum to %u\n", lg, sum);
          failures++;
        }
    }
}

enum { ONES, RANDOM, SPARSE, TOP };
static const char *const kind_name[] = { "all ones", "random", "sparse", "top bit" };

static void
fill (gmp_randstate_t rs, u64 *p, size_t n, int kind)
{
  for (size_t i = 0; i < n; i++)
    switch (kind)
      {
      case ONES: p[i] = ~0ULL; break;
      case RANDOM: p[i] = host_rand64 (rs); break;
      case SPARSE: p[i] = gmp_urandomb_ui (rs, 3) == 0 ? host_rand64 (rs) : 0; break;
      default: p[i] = i + 1 == n ? 1ULL << 63 : 0; break;
      }
}

/* One product of Ma by Mb words (a square when square, b then a itself). */
static void
check_product (gmp_randstate_t rs, size_t Ma, size_t Mb, int kind, int square)
{
  grid_layout ly;
  if (square)
    Mb = Ma;
  if (!grid_layout_of (Ma, Mb, MPZG_MUL_GRID_CARRY_THREADS, &ly))
    {
      fprintf (stderr, "t-mul-ntt-grid-host: no layout for %zu by %zu words\n", Ma, Mb);
      failures++;
      return;
    }
  std::vector<u64> a (Ma), bv (square ? 0 : Mb), r (Ma + Mb), want (Ma + Mb), scratch (ly.itch);
  const u64 *b = square ? a.data () : bv.data ();
  fill (rs, a.data (), Ma, kind);
  if (!square)
    fill (rs, bv.data (), Mb, kind == TOP || kind == ONES ? kind : (int) ((kind + Mb) % 3));
  for (size_t i = 0; i < scratch.size (); i++)
    scratch[i] = host_rand64 (rs);
  for (size_t i = 0; i < r.size (); i++)
    r[i] = host_rand64 (rs);
  if (square)
    mpn_sqr ((mp_limb_t *) want.data (), (const mp_limb_t *) a.data (), Ma);
  else if (Ma >= Mb)
    mpn_mul ((mp_limb_t *) want.data (), (const mp_limb_t *) a.data (), Ma,
             (const mp_limb_t *) b, Mb);
  else
    mpn_mul ((mp_limb_t *) want.data (), (const mp_limb_t *) b, Mb,
             (const mp_limb_t *) a.data (), Ma);

  host_exec ex;
  ex.state = host_rand64 (rs);
  ex.ly = &ly;
  ex.a = a.data ();
  ex.b = b;
  ex.Ma = Ma;
  ex.Mb = Mb;
  ex.r = r.data ();
  ex.X = scratch.data ();
  ex.Y = scratch.data () + ly.L;
  ex.items = (unsigned char *) (scratch.data () + 2 * ly.L);
  ex.inv_len = power (ly.L, MPZG_NTT_P - 2);
  ex.tile.resize (1u << GRID_TILE_LOG);
  ex.tile2.resize (1u << GRID_TILE_LOG);
  ex.local.resize (MPZG_MUL_GRID_CARRY_THREADS);
  if (products % 2 == 0)
    grid_schedule (ex, ly, square, MPZG_MUL_GRID_CARRY_THREADS);
  else
    {
      /* in two calls, as mpzg_mpn_mul_grid_a and _rest make it */
      grid_schedule (ex, ly, square, MPZG_MUL_GRID_CARRY_THREADS, GRID_A_FORWARD);
      grid_schedule (ex, ly, square, MPZG_MUL_GRID_CARRY_THREADS, GRID_REST);
    }
  products++;
  if (r != want)
    {
      size_t i = 0;
      while (r[i] == want[i])
        i++;
      if (host_failed ())
        fprintf (stderr, "t-mul-ntt-grid-host: %zu by %zu words (L = 2^%u, %u passes, %s%s): "
                 "word %zu is %016llx, want %016llx\n", Ma, Mb, ly.plan.lg, ly.plan.passes,
                 kind_name[kind], square ? ", squared" : "", i, r[i], want[i]);
    }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-mul-ntt-grid-host", rs, 20261124UL);
  fill_grid_roots (roots.data ());

  check_roots (rs);
  check_plans ();
  for (long round = 0; round < (rounds < 1 ? 1 : rounds); round++)
    {
      /* every length up to 2^20, from both sides of each boundary */
      for (unsigned lg = GRID_LOG_MIN; lg <= 20; lg++)
        {
          size_t top = ((size_t) 1 << (lg - 3)), low = top / 2 + 1;
          check_product (rs, top, top, ONES, 0);
          check_product (rs, top, 0, lg & 1 ? ONES : RANDOM, 1);
          if (lg <= 17)
            {
              check_product (rs, low, top - low + 1, (int) ((lg + round) % 4), 0);
              check_product (rs, top * 2 - 3, 2, (int) ((lg + round + 1) % 4), 0);
              check_product (rs, 1, top * 2 - 1, RANDOM, 0);
            }
        }
      /* the sizes the ladder leaves to this multiplication */
      check_product (rs, 4096, 4096, RANDOM, 0);
      check_product (rs, 4097, 4095, ONES, 0);
      check_product (rs, 5000, 0, SPARSE, 1);
      check_product (rs, 12345, 777, RANDOM, 0);
      check_product (rs, (size_t) 1 << 17, (size_t) 1 << 17, RANDOM, 0);
      check_product (rs, (size_t) 1 << 17, 1000, ONES, 0);
      check_product (rs, 100000, 0, ONES, 1);
      /* three passes: 2^22 coefficients */
      check_product (rs, ((size_t) 1 << 19) - 5, 6, ONES, 0);
    }

  gmp_randclear (rs);
  printf ("t-mul-ntt-grid-host: radix %d middle, radix %d passes: %ld products, %d failures "
          "(MPZG_TEST_SEED=%lu)\n", MPZG_MUL_GRID_RADIX, MPZG_MUL_GRID_PASS_RADIX, products,
          failures, seed);
  return failures ? 1 : 0;
}
