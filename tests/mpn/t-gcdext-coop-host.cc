/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext-coop-host.cc -- the device's cooperative extended gcd
   (cuda/gcd/gcdext-coop.cuh), compiled for the host, with the host's
   normalization (lib/gpu/gcdext-norm.h), against mpz_gcdext (s and t both wanted,
   either one alone) and mpz_invert, for every sign of each pair of magnitudes (the
   device sees magnitudes only).  All T threads of an instance run in
   coop-host.h's exchange context, which also checks the exchanges' contracts and
   runs zero, one, two or three outer iterations (in turn) after the instance is
   done, as a warp's groups do (gcd-coop.cuh).  Each instance runs twice, with
   the groups' and the blocks' way of finding the top words (coop_top), which
   must agree on g, v and the iterations.
   Checks g against mpz_gcd's, the cofactor's range (below the odd modulus) and
   each instance's outer iterations against the binary GCD's bound; fails if no
   operand ever went negative (the rare negation).  The cofactor ends with its lazy
   sign set only where the last iteration negated b, which the pairs may never
   reach: coop_neg_mod, its final m - v, is checked apart on random residues of
   every shape, and so is coop_reduce, the final v mod m, over the whole range
   the cofactor's bound allows.

   Shapes: the device's (K = 8 words per thread, T = W / 8 from 2 threads at 16
   words to 128 at 1024: the cooperative classes tuning.h may choose; at 512
   words also the warp of K = 16 that large launches take), and others
   with K = 1, 2 and 3, so that the words, carries and shifts cross threads at
   every offset.  Pairs: every pair of magnitudes up to 64; gcd-host.h's (planted
   common factors, equal operands, zero, one, powers of two, consecutive Fibonacci
   numbers, runs of zeros and ones, a = b k, common powers of two, 2^m - 1 against
   2^n - 1, very unbalanced sizes, the fixed edges of every class from 64 words up
   and sizes inside); and every kind at 63, 64, 65, 127, 128, 129, 255, 256, 257,
   511, 512, 513, 1023 and 1024 words.  Needs no GPU; tests/mpn/t-gcdext runs the
   kernels.

   Usage: t-gcdext-coop-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>

static int last_iterations;
static long negations, lazy_ends;
#define MPZG_GCD_COUNT(it) (last_iterations = (it))
#define MPZG_GCD_NEGATED() (negations++)
#define MPZG_GCDEXT_LAZY() (lazy_ends++)
#include "gcdext-coop.cuh"
#include "gcd-host.h"
#include "coop-host.h"
#include "gcdext-norm.h"
#include "gcdext-host.h"

using mpzg::gc::u64;
typedef coop_host_x<128> host_x;
typedef coop_host_x<128, false> host_x_blocks;  /* coop_top as in a block */

/* A shape: T threads of K words. */
struct shape
{
  int T, K;
};

/* The device's shapes, widths 16 to 1024 (gcdext.cu), and others. */
static const shape device_shapes[] = {
  { 2, 8 }, { 4, 8 }, { 8, 8 }, { 16, 8 }, { 32, 8 }, { 64, 8 }, { 128, 8 }
};
#define NDEVICE ((int) (sizeof device_shapes / sizeof device_shapes[0]))
/* gcdext.cu's warp at 512 words (MPZG_GCDEXT_WARP_MIN_PAIRS) */
static const shape device_warp = { 32, 16 };
static long warp_instances;
static const shape other_shapes[] = { { 4, 1 }, { 4, 2 }, { 4, 3 }, { 32, 1 }, { 32, 3 }, { 64, 2 } };
#define NOTHER ((int) (sizeof other_shapes / sizeof other_shapes[0]))

static long instances;
static long per_shape[2][NDEVICE > NOTHER ? NDEVICE : NOTHER];

template <int K>
static bool
run_k (int T, const u64 *a, const u64 *b, u64 *g, u64 *v)
{
  static int calls;
  const int c = calls++;
  /* coop_top's two ways (the groups' and the blocks') must give the same g and
     v after the same iterations; each with 0 to 3 iterations after done, in
     turn */
  std::vector<u64> g2 ((size_t) T * K), v2 ((size_t) T * K);
  host_x_blocks y (T);
  y.linger = (c + 1) % 4;
  mpzg::gc::gcdext_coop<K> (y, a, b, g2.data (), v2.data ());
  const int it2 = last_iterations;
  host_x x (T);
  x.linger = c % 4;
  mpzg::gc::gcdext_coop<K> (x, a, b, g, v);
  return !x.bad && !y.bad && last_iterations == it2
         && memcmp (g, g2.data (), g2.size () * sizeof (u64)) == 0
         && memcmp (v, v2.data (), v2.size () * sizeof (u64)) == 0;
}

static bool
run_shape (const shape &s, const u64 *a, const u64 *b, u64 *g, u64 *v)
{
  switch (s.K)
    {
    case 1: return run_k<1> (s.T, a, b, g, v);
    case 2: return run_k<2> (s.T, a, b, g, v);
    case 3: return run_k<3> (s.T, a, b, g, v);
    case 8: return run_k<8> (s.T, a, b, g, v);
    case 16: return run_k<16> (s.T, a, b, g, v);
    default: abort ();
    }
}

/* One pair of magnitudes through shape s (T K >= the longer operand's words). */
static void
check_shape (mpz_srcptr za, mpz_srcptr zb, const shape &s, const char *kind)
{
  const int W = s.T * s.K, C = 3;
  const u64 canary = GCD_HOST_CANARY;
  std::vector<u64> a (W, 0), b (W, 0), g (W + C, canary), v (W + C, canary);
  mpz_t G, V, ref;
  mpz_inits (G, V, ref, NULL);
  mpz_export (a.data (), NULL, -1, 8, 0, 0, za);
  mpz_export (b.data (), NULL, -1, 8, 0, 0, zb);
  last_iterations = 0;
  bool ok = run_shape (s, a.data (), b.data (), g.data (), v.data ());
  instances++;
  for (int i = 0; i < C; i++)
    if (g[W + i] != canary || v[W + i] != canary)
      ok = false;
  mpz_import (G, (size_t) W, -1, 8, 0, 0, g.data ());
  mpz_import (V, (size_t) W, -1, 8, 0, 0, v.data ());
  mpz_gcd (ref, za, zb);
  char where[96];
  snprintf (where, sizeof where, "kind %s, T = %d, K = %d", kind, s.T, s.K);
  if (!ok || mpz_cmp (G, ref) != 0)
    {
      char what[128];
      snprintf (what, sizeof what, "g wrong%s, %s", ok ? "" : " or an exchange misused", where);
      gcd_host_fail (what, za, zb, W);
    }
  /* v below the odd modulus (b's lazy sign set at the end where the one-thread
     code's cofactor is m - v), the iterations within the bound */
  gcdext_host_v (za, zb, V, last_iterations, W, where);
  gcdext_host_signs (za, zb, [&] (mpz_srcptr x, mpz_srcptr y)
                     {
                       gcdext_host_signed (x, y, G, V, W, where);
                     });
  mpz_clears (G, V, ref, NULL);
}

/* One pair: through the device's shape for its class, and now and then through
   another shape that holds it. */
static void
check_pair (mpz_srcptr za, mpz_srcptr zb, gmp_randstate_t rs, const char *kind)
{
  size_t n = mpz_size (za) > mpz_size (zb) ? mpz_size (za) : mpz_size (zb);
  int k = 0;
  while (k < NDEVICE - 1 && (size_t) (device_shapes[k].T * device_shapes[k].K) < n)
    k++;
  check_shape (za, zb, device_shapes[k], kind);
  per_shape[0][k]++;
  if (device_shapes[k].T * device_shapes[k].K == device_warp.T * device_warp.K)
    {
      check_shape (za, zb, device_warp, kind);
      warp_instances++;
    }
  int fit[NOTHER], nfit = 0;
  for (int i = 0; i < NOTHER; i++)
    if ((size_t) (other_shapes[i].T * other_shapes[i].K) >= n)
      fit[nfit++] = i;
  if (nfit > 0 && (n <= 32 || gmp_urandomm_ui (rs, 4) == 0))
    {
      int i = fit[gmp_urandomm_ui (rs, (unsigned long) nfit)];
      check_shape (za, zb, other_shapes[i], kind);
      per_shape[1][i]++;
    }
}

/* m and r (non-negative, below 2^(64 W)) into the threads' words of shape s. */
template <int K>
static void
spread (const shape &s, mpz_srcptr m, mpz_srcptr r, u64 (&M)[host_x::V][K],
        u64 (&R)[host_x::V][K])
{
  const int W = s.T * K;
  std::vector<u64> mw (W, 0), rw (W, 0);
  mpz_export (mw.data (), NULL, -1, 8, 0, 0, m);
  mpz_export (rw.data (), NULL, -1, 8, 0, 0, r);
  for (int t = 0; t < s.T; t++)
    for (int i = 0; i < K; i++)
      {
        M[t][i] = mw[t * K + i];
        R[t][i] = rw[t * K + i];
      }
}

/* z = the threads' words R of shape s. */
template <int K>
static void
gather (const shape &s, mpz_ptr z, const u64 (&R)[host_x::V][K])
{
  std::vector<u64> out (s.T * K);
  for (int t = 0; t < s.T; t++)
    for (int i = 0; i < K; i++)
      out[t * K + i] = R[t][i];
  mpz_import (z, out.size (), -1, 8, 0, 0, out.data ());
}

/* coop_neg_mod on r < m through shape s (r zero, one, m - 1 or random). */
template <int K>
static void
check_neg_mod (const shape &s, gmp_randstate_t rs)
{
  const int W = s.T * K;
  static u64 R[host_x::V][K], M[host_x::V][K], S[host_x::V][K];
  mpz_t m, r, want, got;
  mpz_inits (m, r, want, got, NULL);
  mpz_rrandomb (m, rs, 1 + gmp_urandomm_ui (rs, 64ul * (unsigned long) W));
  mpz_setbit (m, 0);
  switch (gmp_urandomm_ui (rs, 4))
    {
    case 0: mpz_set_ui (r, 0); break;
    case 1: mpz_set_ui (r, 1); break;
    case 2: mpz_sub_ui (r, m, 1); break;
    default: mpz_urandomm (r, rs, m); break;
    }
  if (mpz_cmp (r, m) >= 0)
    mpz_set_ui (r, 0);
  spread<K> (s, m, r, M, R);
  host_x x (s.T);
  mpzg::gc::coop_neg_mod<K> (x, R, M, S);
  gather<K> (s, got, R);
  mpz_neg (want, r);
  mpz_mod (want, want, m);
  if (x.bad || mpz_cmp (got, want) != 0)
    gcd_host_fail ("m - v wrong (a = m, b = v)", m, r, W);
  mpz_clears (m, r, want, got, NULL);
}

/* coop_reduce on R through shape s: |R| < (it + 1) m for a random iteration count
   it, R at the extremes (+-((it + 1) m - 1)), zero, +-m multiples, -2^(64 W)
   multiples (whose W words are zero) or random, with
   a random lazy sign sv; the result must be in [0, m) and, with its sign flag,
   congruent to R with sv's. */
template <int K>
static void
check_reduce (const shape &s, gmp_randstate_t rs)
{
  const int W = s.T * K;
  static u64 R[host_x::V][K], M[host_x::V][K], S[host_x::V][K];
  static long long rt[host_x::V];
  mpz_t m, r, lim, lo, hi, want, got;
  mpz_inits (m, r, lim, lo, hi, want, got, NULL);
  /* m of all 64 W bits half the time: the range then passes 2^(64 W) */
  mpz_rrandomb (m, rs, gmp_urandomm_ui (rs, 2) ? 64ul * (unsigned long) W
                : 1 + gmp_urandomm_ui (rs, 64ul * (unsigned long) W));
  mpz_setbit (m, 0);
  const int it = (int) gmp_urandomm_ui (rs, (unsigned long) mpzg::gc::coop_max_iterations (W) + 1);
  mpz_mul_ui (lim, m, (unsigned long) it + 1);          /* |R| < lim */
  switch (gmp_urandomm_ui (rs, 7))
    {
    case 0: mpz_sub_ui (r, lim, 1); break;
    case 1: mpz_sub_ui (r, lim, 1); mpz_neg (r, r); break;
    case 2: mpz_set_ui (r, 0); break;
    case 3: mpz_mul_ui (r, m, gmp_urandomm_ui (rs, (unsigned long) it + 1)); break;
    case 4:                     /* W zero words: the negation's carry reaches the top */
      mpz_tdiv_q_2exp (r, lim, 64ul * (unsigned long) W);
      mpz_mul_2exp (r, r, 64ul * (unsigned long) W);
      if (mpz_cmp (r, lim) >= 0)
        mpz_sub_ui (r, r, 1);
      mpz_neg (r, r);
      break;
    default: mpz_urandomm (r, rs, lim); break;
    }
  if (gmp_urandomm_ui (rs, 2))
    mpz_neg (r, r);
  /* R's W words (two's complement) and the signed word above them */
  mpz_fdiv_q_2exp (hi, r, 64ul * (unsigned long) W);
  mpz_fdiv_r_2exp (lo, r, 64ul * (unsigned long) W);
  spread<K> (s, m, lo, M, R);
  for (int t = 0; t < s.T; t++)
    rt[t] = t == s.T - 1 ? mpz_get_si (hi) : 0;
  unsigned sv = (unsigned) gmp_urandomm_ui (rs, 2);
  const unsigned sv0 = sv;
  host_x x (s.T);
  mpzg::gc::coop_reduce<K> (x, R, rt, M, S, it, sv);
  gather<K> (s, got, R);
  if (sv != sv0)
    mpz_neg (r, r);
  mpz_mod (want, r, m);
  if (x.bad || rt[s.T - 1] != 0 || mpz_cmp (got, want) != 0)
    gcd_host_fail ("v mod m wrong (a = m, b = v)", m, r, W);
  mpz_clears (m, r, lim, lo, hi, want, got, NULL);
}

/* The final steps on shape s: v mod m and m - v. */
static void
check_finals (const shape &s, gmp_randstate_t rs)
{
  switch (s.K)
    {
#define C(k) case k: check_neg_mod<k> (s, rs); check_reduce<k> (s, rs); break;
      C (1) C (2) C (3) C (8) C (16)
#undef C
    default: abort ();
    }
}

/* The cooperative classes of gcdext.cu from 64 words (the one-thread code's last
   class, which tuning.h may give to the cooperative kernel) up. */
static const int coop_widths[] = { 64, 128, 256, 512, 1024 };

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  mpz_t a, b;
  long rounds = host_start ("t-gcdext-coop-host", argc, argv, rs);
  auto check = [&rs] (mpz_srcptr x, mpz_srcptr y, const char *kind)
  {
    check_pair (x, y, rs, kind);
  };
  /* every pair of small magnitudes (each through every sign) */
  gcdext_host_small (check);
  /* the fixed edges and the rounds of gcd-cases.h's pairs */
  const gcd_host_ladder lad = { coop_widths, 5 };
  gcd_host_pairs (rs, rounds, lad, 7, gcd_host_reps { 1, 1, 8, 40 }, check);
  mpz_init (a);
  mpz_init (b);
  /* every kind at the class edges */
  static const int edges[] = { 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1023,
                               1024 };
  for (long round = 0; round < rounds; round++)
    for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++)
      for (int kind = 0; kind < GC_KINDS; kind++)
        {
          gcd_make (a, b, 64ul * (unsigned long) edges[e], kind, rs);
          check_pair (a, b, rs, gcd_kind_names[kind]);
        }
  mpz_clear (a);
  mpz_clear (b);
  /* the final v mod m and m - v, every shape */
  for (long round = 0; round < rounds; round++)
    for (int k = 0; k < 50; k++)
      {
        for (int i = 0; i < NDEVICE; i++)
          check_finals (device_shapes[i], rs);
        check_finals (device_warp, rs);
        for (int i = 0; i < NOTHER; i++)
          check_finals (other_shapes[i], rs);
      }
  printf ("t-gcdext-coop-host: %ld instances; most outer iterations against the bound: %.3f; "
          "negations %ld; cofactors ending negated %ld\n", instances, gcd_host_worst_ratio,
          negations, lazy_ends);
  if (negations == 0)
    {
      fprintf (stderr, "t-gcdext-coop-host: no operand ever went negative\n");
      failures++;
    }

  for (int i = 0; i < NDEVICE; i++)
    if (per_shape[0][i] == 0)
      {
        fprintf (stderr, "t-gcdext-coop-host: the device shape T = %d, K = %d was never tested\n",
                 device_shapes[i].T, device_shapes[i].K);
        failures++;
      }
  if (warp_instances == 0)
    {
      fprintf (stderr, "t-gcdext-coop-host: the device shape T = %d, K = %d was never tested\n",
               device_warp.T, device_warp.K);
      failures++;
    }
  for (int i = 0; i < NOTHER; i++)
    if (per_shape[1][i] == 0)
      {
        fprintf (stderr, "t-gcdext-coop-host: the shape T = %d, K = %d was never tested\n",
                 other_shapes[i].T, other_shapes[i].K);
        failures++;
      }
  gmp_randclear (rs);
  return host_finish ();
}
