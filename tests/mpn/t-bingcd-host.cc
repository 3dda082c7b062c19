/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-bingcd-host.cc -- the device's gcd code (cuda/gcd/gcd-core.cuh), compiled for
   the host and compared with mpz_gcd: whole instances of every class, with the
   operands in registers (RegStore) and in a strided buffer (MemStore, the shared
   memory kernel's store), over planted large common factors, equal operands, a
   zero or a power of two, consecutive Fibonacci numbers, runs of zero and one
   bits, a = b k, 2^m - 1 against 2^n - 1, every class edge, random pairs, and
   every pair of sizes in the small classes.  It also checks each instance's outer
   iterations against the binary GCD's bound (30 steps each, one bit of
   len(a) + len(b) per step), the property Pornin's approximations must keep.
   Needs no GPU, so the algorithm is checked on every build; tests/mpn/t-bingcd.c
   runs the kernels themselves.

   Usage: t-bingcd-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static int last_iterations;
#define MPZG_GCD_COUNT(it) (last_iterations = (it))
#include "gcd-core.cuh"
#include "gcd-host.h"

using mpzg::gc::u64;

static long instances;

/* The gcd of a and b (both < 2^(64 W)) by the code of class W: in registers, or
   at lane j of `lanes` in a buffer whose other lanes must stay untouched. */
template <int W>
static void
run_width (mp_limb_t *g, const mp_limb_t *a, const mp_limb_t *b, int mem, int lanes, int j)
{
  if (!mem)
    {
      mpzg::gc::RegStore<W> s;
      for (int k = 0; k < W; k++)
        {
          s.v[0][k] = a[k];
          s.v[1][k] = b[k];
        }
      mpzg::gc::gcd<W> (s);
      for (int k = 0; k < W; k++)
        g[k] = s.v[1][k];
      return;
    }
  static u64 buf[2 * GCD_MAX * 5];
  for (int i = 0; i < 2 * W * lanes; i++)
    buf[i] = GCD_HOST_CANARY;
  for (int k = 0; k < W; k++)
    {
      buf[k * lanes + j] = a[k];
      buf[(W + k) * lanes + j] = b[k];
    }
  mpzg::gc::MemStore<W> s;
  s.p[0] = buf + j;
  s.p[1] = buf + W * lanes + j;
  s.stride = (size_t) lanes;
  mpzg::gc::gcd<W> (s);
  for (int k = 0; k < W; k++)
    g[k] = buf[(W + k) * lanes + j];
  gcd_host_lanes (buf, 2 * W * lanes, lanes, j, W);
}

static void
run_class (int W, mp_limb_t *g, const mp_limb_t *a, const mp_limb_t *b, int mem, int lanes,
           int j)
{
  switch (W)
    {
#define C(k) case k: run_width<k> (g, a, b, mem, lanes, j); break;
      C (1) C (2) C (4) C (8) C (16) C (32) C (64)
#undef C
    default: abort ();
    }
}

/* One pair through class W (>= the pad of the longer operand), both stores. */
static void
check_pair_in (mpz_srcptr za, mpz_srcptr zb, int W, gmp_randstate_t rs, const char *kind)
{
  mp_limb_t a[GCD_MAX], b[GCD_MAX], g[GCD_MAX], want[GCD_MAX];
  mpz_t ref;
  mpz_init (ref);
  mpz_gcd (ref, za, zb);
  memset (a, 0, sizeof a);
  memset (b, 0, sizeof b);
  memset (want, 0, sizeof want);
  mpz_export (a, NULL, -1, 8, 0, 0, za);
  mpz_export (b, NULL, -1, 8, 0, 0, zb);
  mpz_export (want, NULL, -1, 8, 0, 0, ref);
  for (int mem = 0; mem < 2; mem++)
    {
      int lanes = mem && gmp_urandomm_ui (rs, 2) ? 5 : 1;
      int j = lanes > 1 ? (int) gmp_urandomm_ui (rs, (unsigned long) lanes) : 0;
      last_iterations = 0;
      run_class (W, g, a, b, mem, lanes, j);
      instances++;
      if (memcmp (g, want, (size_t) W * sizeof *g) != 0)
        {
          char what[96];
          snprintf (what, sizeof what, "gcd wrong, kind %s, %s", kind,
                    mem ? "memory store" : "register store");
          gcd_host_fail (what, za, zb, W);
        }
      char what[64];
      snprintf (what, sizeof what, "kind %s", kind);
      gcd_host_iterations (za, zb, last_iterations, mpzg::gc::STEPS, what, W);
    }
  mpz_clear (ref);
}

static void
check_pair (mpz_srcptr za, mpz_srcptr zb, gmp_randstate_t rs, const char *kind)
{
  int W = gcd_class (za, zb);
  check_pair_in (za, zb, W, rs, kind);
  /* sometimes in a wider class too (padding words) */
  if (W < GCD_MAX && gmp_urandomm_ui (rs, 8) == 0)
    check_pair_in (za, zb, gcd_pad ((size_t) W + 1), rs, kind);
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-bingcd-host", argc, argv, rs);
  gcd_host_pairs (rs, rounds, gcd_host_one, 6, gcd_host_reps { 4, 12, 400, 2000 },
                  [&rs] (mpz_srcptr x, mpz_srcptr y, const char *kind)
                  {
                    check_pair (x, y, rs, kind);
                  });
  printf ("t-bingcd-host: %ld instances; most outer iterations against the bound: %.3f\n",
          instances, gcd_host_worst_ratio);
  gmp_randclear (rs);
  return host_finish ();
}
