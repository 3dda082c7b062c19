/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext-norm-host.cc -- the device's cofactors where g is one word
   (cuda/gcd/gcdext-norm.cuh), compiled for the host, and the host's signs on them
   (lib/gpu/gcdext-norm.h: mpzg_gcdext_device_signs), against mpz_gcdext: random
   operands of every gcdext class width with random signs, on both routes (either
   operand even), with planted common factors (of one word, even, odd and near
   2^64, and longer), zeros, equal operands, |y| of 1 and 2, extreme cofactors
   (x = 1, x = y - 1, y = x + 1) and every v the gcdext kernel may leave; through
   both layouts' strides; from 64 words also the warp's steps
   (cuda/gcd/gcdext-norm-coop.cuh), its 32 lanes run in turn.  Where the
   device declines (g of more than one word, a zero, |y| = g) the host's own
   normalization must be what is left, so the test checks that it declined exactly
   there.  Needs no GPU.

   Usage: t-gcdext-norm-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>
#include "gcdext-norm.cuh"
#include "gcdext-norm-coop.cuh"
#include "gcdext-norm.h"
#include "host-shared.h"

using namespace mpzg::gxn;
using mpzg::u64;

static_assert (GCDEXT_NORM_VALID == MPZG_GCDEXT_NORM_VALID
               && GCDEXT_NORM_NEG_C == MPZG_GCDEXT_NORM_NEG_C
               && GCDEXT_NORM_NEG_T == MPZG_GCDEXT_NORM_NEG_T
               && GCDEXT_NORM_ROUTE == MPZG_GCDEXT_NORM_ROUTE,
               "the device's and the host's flags");

static const unsigned widths[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256 };
static long checked, valid;
static gmp_randstate_t rs_v;    /* the kernel's choice of v */

/* gcdext_norm with t's words in registers (WR = W, the device's one-thread
   classes), or in memory where W has no such instance. */
static unsigned
norm_regs (view a, view b, view g, view v, view t, unsigned W)
{
  switch (W)
    {
    case 1: return gcdext_norm<1> (a, b, g, v, t, W);
    case 2: return gcdext_norm<2> (a, b, g, v, t, W);
    case 4: return gcdext_norm<4> (a, b, g, v, t, W);
    case 8: return gcdext_norm<8> (a, b, g, v, t, W);
    case 16: return gcdext_norm<16> (a, b, g, v, t, W);
    case 32: return gcdext_norm<32> (a, b, g, v, t, W);
    default: return gcdext_norm<0> (a, b, g, v, t, W);
    }
}

/* gcdext-norm-coop.cuh's warp context on the host: the lanes one after
   another, each phase for all of them before the next. */
template <int S>
struct warp_host
{
  cs_lane<S> st[32];

  template <class F>
  void each (F f) { for (unsigned L = 0; L < 32; L++) f (st[L], L); }

  template <class F>
  auto from (unsigned r, F f) { return f (st[r]); }

  void sync () {}

  template <class F>
  auto lane0 (F f) { return f (); }
};

/* gcdext_norm by the warp's steps (the checks and staging of gcdext.cu's
   gcdext_norm_coop_kernel, one lane at a time), W = 32 S, the loops over the
   slots unrolled (US = S) or not (1): the same steps, in other code on the
   device. */
template <int S, int US>
static unsigned
norm_coop (view a, view b, view g, view v, view t)
{
  const unsigned W = 32 * S;
  u64 g0;
  const int route = norm_route (a, b, g, W, &g0);
  if (route < 0)
    return 0;
  const view x = route ? b : a, y = route ? a : b;
  std::vector<u64> stage (norm_coop_words (W), 0);
  u64 *const ys = norm_coop_y (stage.data ()), *const vs = norm_coop_v (stage.data (), W);
  for (unsigned i = 0; i < W; i++)
    {
      ys[i] = y[i];
      vs[i] = v[i];
    }
  std::vector<warp_host<S>> w (1);
  const int neg_c = gcdext_norm_coop<S, US> (w[0], g0, x, stage.data (), t);
  if (neg_c < 0)
    return 0;
  for (unsigned i = 0; i < W; i++)
    v[i] = vs[i];
  return norm_flags (neg_c, route);
}

/* The warp's steps at W (a multiple of 32 from 64), or 0 elsewhere. */
static bool
has_coop (unsigned W)
{
  return W == 64 || W == 128 || W == 256;
}

static unsigned
norm_coop_w (view a, view b, view g, view v, view t, unsigned W, bool unrolled)
{
  switch (W)
    {
    case 64: return unrolled ? norm_coop<2, 2> (a, b, g, v, t) : norm_coop<2, 1> (a, b, g, v, t);
    case 128: return unrolled ? norm_coop<4, 4> (a, b, g, v, t) : norm_coop<4, 1> (a, b, g, v, t);
    default: return unrolled ? norm_coop<8, 8> (a, b, g, v, t) : norm_coop<8, 1> (a, b, g, v, t);
    }
}

/* The device's inputs and outputs for a, b (magnitudes at width W, stride
   `stride`), with the gcdext kernel's g and v computed by GMP. */
static void
check (mpz_srcptr a, mpz_srcptr b, unsigned W, size_t stride)
{
  mpz_t A, B, g, v, s, t, ws, wt, C, T;
  mpz_inits (A, B, g, v, s, t, ws, wt, NULL);
  mpz_abs (A, a);
  mpz_abs (B, b);
  mpz_gcd (g, A, B);
  /* the kernel's v: route 0 (|b| / 2^k odd): |a| v = g (mod |b| / 2^k) */
  int route = mpz_sgn (A) != 0 && mpz_sgn (B) != 0 && mpz_scan1 (B, 0) > mpz_scan1 (A, 0);
  mpz_srcptr X = route ? B : A, Y = route ? A : B;
  mpz_set_ui (v, 0);
  if (mpz_sgn (A) != 0 && mpz_sgn (B) != 0)
    {
      mpz_t m, xm;
      mpz_inits (m, xm, NULL);
      mpz_tdiv_q_2exp (m, Y, mpz_scan1 (A, 0) < mpz_scan1 (B, 0) ? mpz_scan1 (A, 0)
                       : mpz_scan1 (B, 0));
      if (mpz_cmp_ui (m, 1) > 0)
        {
          mpz_divexact (xm, X, g);
          mpz_t mg;
          mpz_init (mg);
          mpz_divexact (mg, Y, g);
          if (mpz_cmp_ui (mg, 1) > 0)
            {
              mpz_invert (xm, xm, mg);      /* x / g is invertible mod y / g */
              mpz_set (v, xm);              /* |x| v = g (mod y); any such v < m works */
              /* the kernel's v may be any of them below m: add a random multiple of
                 y / g below m / (y / g) = g / 2^k (the largest, and none, too) */
              mpz_t h;
              mpz_init (h);
              mpz_tdiv_q (h, m, mg);
              if (mpz_sgn (h) > 0)
                {
                  unsigned long pick = gmp_urandomm_ui (rs_v, 4);
                  if (pick == 1)
                    mpz_urandomm (h, rs_v, h);
                  else if (pick == 2)
                    mpz_sub_ui (h, h, 1);
                  else
                    mpz_set_ui (h, 0);
                  mpz_addmul (v, h, mg);
                }
              mpz_clear (h);
            }
          mpz_clear (mg);
        }
      mpz_clears (m, xm, NULL);
    }
  std::vector<u64> mem (7 * W * stride, 0x5555555555555555ULL);
  u64 *base = mem.data ();
  view va = { base, stride }, vb = { base + W * stride, stride }, vg = { base + 2 * W * stride, stride },
    vv = { base + 3 * W * stride, stride }, vt = { base + 4 * W * stride, stride };
  for (unsigned i = 0; i < W; i++)
    {
      va[i] = i < mpz_size (A) ? mpz_getlimbn (A, i) : 0;
      vb[i] = i < mpz_size (B) ? mpz_getlimbn (B, i) : 0;
      vg[i] = i < mpz_size (g) ? mpz_getlimbn (g, i) : 0;
      vv[i] = i < mpz_size (v) ? mpz_getlimbn (v, i) : 0;
    }
  std::vector<u64> before (mem);
  /* both storages of t: in memory (any W) and in registers */
  const unsigned long pick = gmp_urandomm_ui (rs_v, 4);
  unsigned flags = has_coop (W) && pick >= 2 ? norm_coop_w (va, vb, vg, vv, vt, W, pick == 3)
    : pick & 1 ? norm_regs (va, vb, vg, vv, vt, W) : gcdext_norm<0> (va, vb, vg, vv, vt, W);
  mpz_gcdext (ws, s, t, a, b);  /* ws: g */
  checked++;
  int should = mpz_size (g) == 1 && mpz_sgn (A) != 0 && mpz_sgn (B) != 0
    && mpz_cmpabs (Y, g) > 0;
  if (!flags)
    {
      if (should && host_failed ())
        gmp_fprintf (stderr, "t-gcdext-norm-host: declined a = %Zx, b = %Zx\n", a, b);
      if (mem != before && host_failed ())
        gmp_fprintf (stderr, "t-gcdext-norm-host: declined but wrote, a = %Zx, b = %Zx\n", a, b);
    }
  else
    {
      valid++;
      if (!should && host_failed ())
        gmp_fprintf (stderr, "t-gcdext-norm-host: took a = %Zx, b = %Zx (g = %Zx)\n", a, b, g);
      std::vector<u64> c (W), tt (W);
      for (unsigned i = 0; i < W; i++)
        c[i] = vv[i], tt[i] = vt[i];
      unsigned nc = W, nt = W;
      while (nc > 0 && c[nc - 1] == 0)
        nc--;
      while (nt > 0 && tt[nt - 1] == 0)
        nt--;
      mpz_roinit_n (C, (const mp_limb_t *) c.data (), (mp_size_t) nc);
      mpz_roinit_n (T, (const mp_limb_t *) tt.data (), (mp_size_t) nt);
      mpzg_gcdext_device_st (ws, wt, C, T, flags, mpz_sgn (a), mpz_sgn (b));
      if ((mpz_cmp (ws, s) != 0 || mpz_cmp (wt, t) != 0) && host_failed ())
        gmp_fprintf (stderr, "t-gcdext-norm-host: a = %Zx, b = %Zx (W %u, stride %zu): "
                     "s = %Zx t = %Zx, want %Zx %Zx\n", a, b, W, stride, ws, wt, s, t);
      for (size_t k = 0; k < mem.size (); k++)   /* nothing outside a, b, g, v, t */
        if (k >= 5 * W * stride || k % stride != 0)
          if (mem[k] != before[k] && host_failed ())
            {
              fprintf (stderr, "t-gcdext-norm-host: wrote word %zu outside its views\n", k);
              break;
            }
    }
  mpz_clears (A, B, g, v, s, t, ws, wt, NULL);
}

static void
random_operand (mpz_t x, gmp_randstate_t rs, unsigned W)
{
  unsigned long bits = 1 + gmp_urandomm_ui (rs, 64 * W);
  mpz_rrandomb (x, rs, bits);
  if (gmp_urandomb_ui (rs, 1))
    mpz_urandomb (x, rs, bits);
  if (gmp_urandomb_ui (rs, 1))
    mpz_neg (x, x);
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-gcdext-norm-host", rs, 20261124UL);
  mpz_t a, b, f;
  mpz_inits (a, b, f, NULL);
  gmp_randinit_default (rs_v);
  gmp_randseed_ui (rs_v, seed);
  for (long round = 0; round < (rounds < 1 ? 1 : rounds); round++)
    for (unsigned W : widths)
      for (int i = 0; i < (W <= 16 ? 3000 : 400); i++)
        {
          random_operand (a, rs, W);
          random_operand (b, rs, W);
          switch (i % 10)
            {
            case 0:                     /* a planted common factor */
              mpz_urandomb (f, rs, 1 + gmp_urandomm_ui (rs, 32 * W));
              mpz_add_ui (f, f, 2);
              mpz_mul (a, a, f);
              mpz_mul (b, b, f);
              mpz_tdiv_r_2exp (a, a, 64 * W);
              mpz_tdiv_r_2exp (b, b, 64 * W);
              break;
            case 1:                     /* x = 1, x = y - 1, y = x + 1 */
              if (i % 3 == 0)
                mpz_set_si (a, i % 2 ? 1 : -1);
              else if (i % 3 == 1)
                mpz_sub_ui (a, b, 1);
              else
                mpz_add_ui (b, a, 1);
              mpz_tdiv_r_2exp (a, a, 64 * W);
              mpz_tdiv_r_2exp (b, b, 64 * W);
              break;
            case 2:                     /* |y| of 1 or 2, a zero, equal operands */
              if (i % 4 == 0)
                mpz_set_si (b, i % 8 ? 2 : -1);
              else if (i % 4 == 1)
                mpz_set_ui (a, 0);
              else if (i % 4 == 2)
                mpz_set_ui (b, 0);
              else
                mpz_neg (a, b);
              break;
            case 4:                     /* a planted factor of one word, even or odd,
                                           small or near 2^64 */
              if (i % 3 == 0)
                mpz_set_ui (f, 2 + gmp_urandomm_ui (rs, 1000));
              else if (i % 3 == 1)
                {
                  mpz_urandomb (f, rs, 64);
                  mpz_setbit (f, 63);
                }
              else
                {
                  mpz_urandomb (f, rs, 1 + gmp_urandomm_ui (rs, 64));
                  mpz_add_ui (f, f, 2);
                  mpz_mul_2exp (f, f, gmp_urandomm_ui (rs, 8));
                  mpz_tdiv_r_2exp (f, f, 64);
                  if (mpz_cmp_ui (f, 2) < 0)
                    mpz_set_ui (f, 6);
                }
              mpz_mul (a, a, f);
              mpz_mul (b, b, f);
              mpz_tdiv_r_2exp (a, a, 64 * W);
              mpz_tdiv_r_2exp (b, b, 64 * W);
              break;
            case 3:                     /* b even: route 1 */
              mpz_mul_2exp (b, b, 1);
              mpz_tdiv_r_2exp (b, b, 64 * W);
              mpz_setbit (a, 0);
              break;
            default:
              break;
            }
          check (a, b, W, 1);
          if (i % 7 == 0)
            check (a, b, W, 3);
        }
  mpz_clears (a, b, f, NULL);
  gmp_randclear (rs);
  printf ("t-gcdext-norm-host: %ld pairs, %ld taken by the device, %d failures "
          "(MPZG_TEST_SEED=%lu)\n", checked, valid, failures, seed);
  return failures ? 1 : 0;
}
