/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-powm-even-host.cc -- the device's modular exponentiation for even moduli,
   compiled for the host and compared with mpz_powm: the Montgomery kernel of
   the class (powm-core.cuh below MPZG_POWM_COOP_MIN_LIMBS words, powm-coop.cuh
   through the host's exchange context from there up; both, each instance on
   each, at the widths below MPZG_POWM_ONE_MAX_LIMBS that have both) on the odd
   part of the modulus, then the even moduli's part (powm-even.cuh by one
   thread, powm-even-coop.cuh by the class's team through the same context), as
   powm.cu runs them, in the rows each kernel may touch (which must be within
   powm_scratch_rows).  First the products mod 2^(64 n) against mpz: mullo and
   sqrlo for n up to 256 words, mul_lo_eo and sqr_lo_eo (in registers) for n
   up to 16, coop_mullo and coop_sqrlo for every team size
   (4, 8, 16, 32 threads) and 2 to 8 words a thread, n at the threads' edges,
   the broadcast factor's length na from 1 to the full width.  Then long
   exponents against 2^k and 3 2^k for k of the full length, one word less and
   the previous class's width: all ones and random ones beyond k bits, 2^(k-2)
   and its neighbours (the group's exponent for an odd base), even bases
   around k / v.  Then every class width with moduli 2^k and 2^k m' (m' odd,
   random or 1, 3, all ones) for k = 1, 2, 3, 64 j - 1, 64 j, 64 j + 1 (j = 1,
   half, the last two, the edges of the team's threads and the previous class's
   width) and the full length (64 w - 1 for a modulus of w words), moduli of
   the class's widest size and narrower ones; bases 0, 1, 2, 2^v, m - 1, m,
   random odd and even ones below and above m, R - 1; exponents 0, 1, 2, 3,
   small ones around k / v (where an even base's power becomes 0 mod 2^k), all
   ones and random ones, of one word and long (up to the modulus's length below
   16 words, beyond k bits).  Each instance runs in one lane of an interleaved
   layout of several lanes whose other words hold canaries, which must
   survive (the team's scratch rows in the layout of its table).

   Usage: t-powm-even-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <vector>
#include <gmp.h>

#include "powm-coop-host.h"
#include "powm-even.cuh"
#include "powm-host.h"

using mpzg::pw::u64;

static const int widths[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256 };
static const int NWIDTHS = sizeof widths / sizeof widths[0];

/* kernel: which of a class's two kernels failed, where it has both */
static void
fail (const char *what, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m, int N, int EW,
      const char *kernel = "")
{
  if (!host_failed ())
    return;
  gmp_fprintf (stderr, "t-powm-even-host: %s (N %d, EW %d%s)\n  b = %#Zx\n  e = %#Zx\n"
               "  m = %#Zx\n", what, N, EW, kernel, b, e, m);
}

/* One instance of class width N in a random lane: the class's Montgomery kernel,
   then the even moduli's part (both on the same scratch, as the two launches of
   powm.cu), by one thread (ONE) or by the class's team. */
template <int N, bool ONE>
static void
run_one (mpz_srcptr b, mpz_srcptr e, int EW, mpz_srcptr m)
{
  const int T = ONE ? 1 : mpzg::pw::powm_coop_threads (N);
  /* the rows this kernel may touch, within those the class's shape gives */
  size_t rows = ONE ? mpzg::pw::powm_rows (EW) : mpzg::pw::powm_coop_rows (EW);
  if (ONE && rows < MPZG_POWM_EVEN_ROWS)
    rows = MPZG_POWM_EVEN_ROWS;
  /* after the teams, one thread's even part in the interleaved rows: all of the
     class's scratch */
  const bool even_one = ONE || mpzg::pw::powm_even_by_one (N);
  if (!ONE && even_one)
    rows = mpzg::pw::powm_scratch_rows (N, EW);
  if (rows > mpzg::pw::powm_scratch_rows (N, EW))
    {
      fail ("powm_scratch_rows below the kernel's rows", b, e, m, N, EW,
            ONE ? ", one thread per instance" : ", a team per instance");
      return;
    }
  int lanes = 1 + (int) urand (3), j = (int) urand (lanes);
  powm_lanes in (b, e, EW, m, N, rows, lanes, j, T);
  const u64 *bp = in.bb.data () + j, *ep = in.eb.data () + j, *mp = in.mb.data () + j;
  u64 *rp = in.rb.data () + j;
  if constexpr (ONE)
    {
      mpzg::pw::powm_one<N> (bp, ep, EW, mp, rp, in.tb.data () + j, (size_t) lanes);
      /* the device's choice (powm_even_one), and now and then the rows'
         version, which builds with one thread per instance above
         MPZG_POWM_UNROLL_MAX words take */
      if (N <= MPZG_POWM_UNROLL_MAX && urand (4) == 0)
        mpzg::pw::powm_even<0> (bp, ep, EW, mp, rp, in.tb.data () + j, N, (size_t) lanes);
      else
        mpzg::pw::powm_even_one<N> (bp, ep, EW, mp, rp, in.tb.data () + j, (size_t) lanes);
    }
  else
    {
      host_x<mpzg::pw::powm_coop_threads (N)> x;
      u64 *tab = in.tb.data () + (size_t) j * T;
      mpzg::pw::powm_coop<N / mpzg::pw::powm_coop_threads (N)> (x, bp, ep, EW, mp, rp, tab,
                                                                 (size_t) lanes);
      if constexpr (mpzg::pw::powm_even_by_one (N))
        mpzg::pw::powm_even_one<N> (bp, ep, EW, mp, rp, in.tb.data () + j, (size_t) lanes);
      else
        mpzg::pw::powm_even_coop<N / mpzg::pw::powm_coop_threads (N)> (x, bp, ep, EW, mp, rp,
                                                                        tab, (size_t) lanes);
    }
  /* the one-thread part's work area: rows in the operands' layout */
  const char *what = in.check (b, e, m, ONE ? MPZG_POWM_EVEN_ROWS : even_one ? rows : 0);
  if (what)
    fail (what, b, e, m, N, EW,
          !mpzg::pw::powm_has_one (N) || !mpzg::pw::powm_is_coop (N) ? ""
          : ONE ? ", one thread per instance" : ", a team per instance");
}

/* Every kernel the class of width N has: at the widths with both, the
   instance on each. */
template <int N>
static void
run_width (mpz_srcptr b, mpz_srcptr e, int EW, mpz_srcptr m)
{
  if constexpr (mpzg::pw::powm_has_one (N))
    run_one<N, true> (b, e, EW, m);
  if constexpr (mpzg::pw::powm_is_coop (N))
    run_one<N, false> (b, e, EW, m);
}

static void
run (int N, mpz_srcptr b, mpz_srcptr e, int EW, mpz_srcptr m)
{
  switch (N)
    {
#define W(k) case k: run_width<k> (b, e, EW, m); break;
      W (1) W (2) W (3) W (4) W (6) W (8) W (12) W (16) W (24) W (32) W (48) W (64) W (96)
      W (128) W (192) W (256)
#undef W
    default: abort ();
    }
}

/* An instance with the exponent in a row of its own size or a few words wider. */
static void
check (int N, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m)
{
  int ne = (int) mpz_size (e), EW = (ne ? ne : 1) + (urand (3) ? 0 : (int) urand (4));
  run (N, b, e, EW, m);
}

/* Base kind 0 .. 11 against m in class width N. */
static void
even_base (mpz_ptr b, mpz_srcptr m, int N, int kind)
{
  switch (kind)
    {
    case 9:                             /* a small power of two */
      mpz_set_ui (b, 0);
      mpz_setbit (b, urand (8));
      break;
    case 10:                            /* random even below m */
      mpz_urandomm (b, rs, m);
      mpz_clrbit (b, 0);
      break;
    case 11:                            /* random odd, of any size the class holds */
      mpz_urandomb (b, rs, 1 + urand (64 * N));
      mpz_setbit (b, 0);
      break;
    default:
      make_base (b, m, N, kind);        /* 0, 1, 2, m - 1, m, m + 1, R - 1, random */
      break;
    }
}

/* Modulus m of class width N with every base kind, against the exponents 0, 1,
   2, 3, the ones around k / v for even bases, and `more` others of random kinds
   and of up to maxw words. */
static void
check_modulus (int N, mpz_srcptr m, int more, int maxw)
{
  mpz_t b, e;
  mpz_inits (b, e, NULL);
  const long k = (long) mpz_scan1 (m, 0);
  /* above 16 words a random part of the base kinds and of 0 .. 3, for time (the
     host's run of the cooperative kernel is slow there; the moduli of the
     widest classes all have the class's own size) */
  const unsigned long keep = N <= 8 ? 1 : N <= 64 ? 3 : N <= 128 ? 8 : 16;
  for (int bk = 0; bk < 12; bk++)
    {
      if (urand (keep) != 0)
        continue;
      even_base (b, m, N, bk);
      for (int ek = 0; ek < 4; ek++)
        {
          if (urand (keep) != 0 && ek != bk % 4)
            continue;
          mpz_set_ui (e, ek);
          check (N, b, e, m);
        }
      /* an even base b = 2^v b': b^e = 0 mod 2^k from e = ceil (k / v) on */
      if (mpz_sgn (b) != 0 && mpz_even_p (b))
        {
          long v = (long) mpz_scan1 (b, 0), c = (k + v - 1) / v;
          for (long d = -1; d <= 1; d++)
            if (c + d >= 0)
              {
                mpz_set_ui (e, (unsigned long) (c + d));
                check (N, b, e, m);
              }
        }
      for (int r = 0; r < more; r++)
        {
          make_exponent (e, 1 + (int) urand (maxw), 3 + (int) urand (4));
          check (N, b, e, m);
        }
    }
  mpz_clears (b, e, NULL);
}

/* The class width below N (0 for the first). */
static int
prev_width (int N)
{
  for (int i = 1; i < NWIDTHS; i++)
    if (widths[i] == N)
      return widths[i - 1];
  return 0;
}

/* Moduli 2^k and 2^k m' of w words (w <= N) for the k of the head, m' random odd
   (its top bit set where it fits, so that m has w words), 1, 3 or all ones. */
static void
check_width (int N, int w, int thorough)
{
  mpz_t m, o;
  mpz_inits (m, o, NULL);
  std::vector<long> ks = { 1, 2, 3, 64L * w - 1 };
  /* the cooperative classes: the edges of the team's threads too (K words
     each; every one up to 8 threads, two random ones above) and the previous
     class's width */
  const int K = mpzg::pw::powm_is_coop (N) ? N / mpzg::pw::powm_coop_threads (N) : 0;
  const int r1 = K ? 1 + (int) urand (w / K) : 0, r2 = K ? 1 + (int) urand (w / K) : 0;
  for (int q = 1; q <= w; q++)
    if (w <= 4 || q == 1 || q == w / 2 || q >= w - 1
        || (K && q % K == 0 && (w / K <= 8 || q / K == r1 || q / K == r2))
        || (K && q == prev_width (N)))
      for (long d = -1; d <= 1; d++)
        if (64L * q + d > 3 && 64L * q + d < 64L * w)
          ks.push_back (64L * q + d);
  /* long exponents: beyond the modulus up to 16 words, short above (a host
     product of many words is slow, and k of them are made) */
  const int maxw = N <= 16 ? w + 1 : 2;
  for (long k : ks)
    for (int kind = 0; kind < 5; kind++)
      {
        long ob = 64L * w - k;                  /* bits m' may have */
        if (kind == 0 && k < 64L * (w - 1))
          continue;                             /* 2^k must have w words */
        if (N > 64 && kind > 0 && urand (3))
          continue;                             /* for time */
        switch (kind)
          {
          case 0: mpz_set_ui (o, 1); break;
          case 1: mpz_set_ui (o, 3); break;
          case 2: mpz_set_ui (o, 0); mpz_setbit (o, ob); mpz_sub_ui (o, o, 1); break;
          default:
            mpz_urandomb (o, rs, ob);
            mpz_setbit (o, 0);
            if (urand (2))
              mpz_setbit (o, ob - 1);
            break;
          }
        mpz_mul_2exp (m, o, k);
        if (mpz_sizeinbase (m, 2) > 64 * (size_t) w)
          continue;                             /* 3 2^k beyond w words */
        check_modulus (N, m, thorough || N <= 8 ? 2 : urand (4) == 0, maxw);
      }
  mpz_clears (m, o, NULL);
}

/* mullo and sqrlo against mpz, n words, the top word masked to kbits bits. */
static void
check_products (void)
{
  mpz_t a, b, want, got;
  mpz_inits (a, b, want, got, NULL);
  for (int n = 1; n <= 256; n += n < 12 ? 1 : 1 + (int) urand (40))
    for (int c = 0; c < 6; c++)
      {
        long kbits = 64L * n - (c % 2 ? (long) urand (64) : 0);
        u64 hm = kbits % 64 ? ((u64) 1 << (kbits % 64)) - 1 : ~(u64) 0;
        if (c < 2)
          {
            mpz_set_ui (a, 0);
            mpz_setbit (a, kbits);
            mpz_sub_ui (a, a, 1);
            mpz_set (b, a);
          }
        else
          {
            mpz_rrandomb (a, rs, kbits);
            mpz_urandomb (b, rs, kbits);
          }
        std::vector<u64> av (n), bv (n), tv (n);
        put (av.data (), a, n, 1, 0);
        put (bv.data (), b, n, 1, 0);
        mpz_mul (want, a, b);
        mpz_tdiv_r_2exp (want, want, kbits);
        mpzg::pw::mullo (tv.data (), av.data (), bv.data (), n, hm, 1);
        mpz_import (got, n, -1, sizeof (u64), 0, 0, tv.data ());
        if (mpz_cmp (got, want) != 0)
          fail ("mullo", a, b, want, n, 0);
        mpz_mul (want, a, a);
        mpz_tdiv_r_2exp (want, want, kbits);
        mpzg::pw::sqrlo (tv.data (), av.data (), n, hm, 1);
        mpz_import (got, n, -1, sizeof (u64), 0, 0, tv.data ());
        if (mpz_cmp (got, want) != 0)
          fail ("sqrlo", a, a, want, n, 0);
      }
  mpz_clears (a, b, want, got, NULL);
}

/* mul_lo_eo and sqr_lo_eo (registers, N words) against mpz: all ones, sparse
   and random operands, b's row in a lane of several. */
template <int N>
static void
check_products_regs (void)
{
  mpz_t a, b, want, got;
  mpz_inits (a, b, want, got, NULL);
  for (int c = 0; c < 8; c++)
    {
      if (c < 2)
        {
          mpz_set_ui (a, 0);
          mpz_setbit (a, 64 * N);
          mpz_sub_ui (a, a, 1);
          mpz_set (b, a);
          if (c == 1)
            mpz_clrbit (b, urand (64 * N));
        }
      else
        {
          mpz_rrandomb (a, rs, 64 * N);
          mpz_urandomb (b, rs, 64 * N - (c % 3 ? 0 : (long) urand (64 * N)));
        }
      const int lanes = 1 + (int) urand (3), j = (int) urand (lanes);
      u64 av[N], tv[N];
      std::vector<u64> bv ((size_t) N * lanes, 0x5a5a5a5a5a5a5a5aULL);
      put (av, a, N, 1, 0);
      put (bv.data (), b, N, lanes, j);
      mpz_mul (want, a, b);
      mpz_tdiv_r_2exp (want, want, 64 * N);
      mpzg::pw::mul_lo_eo<N> (tv, av, bv.data () + j, (size_t) lanes);
      mpz_import (got, N, -1, sizeof (u64), 0, 0, tv);
      if (mpz_cmp (got, want) != 0)
        fail ("mul_lo_eo", a, b, want, N, 0);
      mpzg::pw::mul_lo_eo<N> (av, av, bv.data () + j, (size_t) lanes);   /* in place */
      mpz_import (got, N, -1, sizeof (u64), 0, 0, av);
      if (mpz_cmp (got, want) != 0)
        fail ("mul_lo_eo in place", a, b, want, N, 0);
      put (av, a, N, 1, 0);
      mpz_mul (want, a, a);
      mpz_tdiv_r_2exp (want, want, 64 * N);
      mpzg::pw::sqr_lo_eo<N> (tv, av);
      mpz_import (got, N, -1, sizeof (u64), 0, 0, tv);
      if (mpz_cmp (got, want) != 0)
        fail ("sqr_lo_eo", a, a, want, N, 0);
      mpzg::pw::sqr_lo_eo<N> (av, av);
      mpz_import (got, N, -1, sizeof (u64), 0, 0, av);
      if (mpz_cmp (got, want) != 0)
        fail ("sqr_lo_eo in place", a, a, want, N, 0);
    }
  mpz_clears (a, b, want, got, NULL);
}

template <int... Ns>
static void
check_products_regs_all (void)
{
  (check_products_regs<Ns> (), ...);
}

/* The team's coop_mullo and coop_sqrlo against mpz on T threads of K words:
   n at the ends, around the threads' edges and random, a's length na from 1 to
   N, the top word masked to random bit counts, operands of all ones, sparse
   and random, results onto an operand as the kernel does. */
template <int T, int K>
static void
check_coop_products (void)
{
  const int N = T * K;
  mpz_t a, b, want, got;
  mpz_inits (a, b, want, got, NULL);
  static u64 A[T][K], Bv[T][K], Z[T][K];
  host_x<T> x;
  std::vector<int> ns = { 1, 2, K - 1, K, K + 1, N / 2, N / 2 + 1, N - 1, N };
  for (int r = 0; r < 4; r++)
    ns.push_back (1 + (int) urand (N));
  for (int n : ns)
    for (int c = 0; c < 6; c++)
      {
        if (n < 1)
          continue;
        const long kbits = 64L * n - (c % 2 ? (long) urand (64) : 0);
        const u64 hm = kbits % 64 ? ((u64) 1 << (kbits % 64)) - 1 : ~(u64) 0;
        const int na = c < 4 ? n : 1 + (int) urand (N);
        if (c < 2)
          {
            mpz_set_ui (a, 0);
            mpz_setbit (a, kbits);
            mpz_sub_ui (a, a, 1);
            mpz_set (b, a);
          }
        else
          {
            mpz_rrandomb (a, rs, kbits);
            mpz_urandomb (b, rs, 64L * N);
          }
        /* the words of a below na are the factor; b all of its words */
        mpz_t ac;
        mpz_init (ac);
        mpz_tdiv_r_2exp (ac, a, 64L * na);
        std::vector<u64> av (N), bv (N);
        put (av.data (), a, N, 1, 0);
        put (bv.data (), b, N, 1, 0);
        for (int t = 0; t < T; t++)
          for (int i = 0; i < K; i++)
            {
              A[t][i] = av[t * K + i];
              Bv[t][i] = bv[t * K + i];
            }
        mpzg::pw::coop_mullo<K> (x, A, A, na, Bv, n, hm);
        mpz_import (got, N, -1, sizeof (u64), 0, 0, &A[0][0]);
        mpz_mul (want, ac, b);
        mpz_tdiv_r_2exp (want, want, kbits);
        if (mpz_cmp (got, want) != 0)
          fail ("coop_mullo (b is a mod 2^(64 na), e is b, EW is n)", ac, b, want, N, n);
        mpz_clear (ac);
        /* the square of a mod 2^kbits, a zero above */
        mpz_tdiv_r_2exp (a, a, kbits);
        put (av.data (), a, N, 1, 0);
        for (int t = 0; t < T; t++)
          for (int i = 0; i < K; i++)
            A[t][i] = av[t * K + i];
        mpzg::pw::coop_sqrlo<K> (x, A, Z, n, hm);
        mpz_import (got, N, -1, sizeof (u64), 0, 0, &A[0][0]);
        mpz_mul (want, a, a);
        mpz_tdiv_r_2exp (want, want, kbits);
        if (mpz_cmp (got, want) != 0)
          fail ("coop_sqrlo (EW is n)", a, a, want, N, n);
      }
  mpz_clears (a, b, want, got, NULL);
}

/* Long exponents against m = 2^k (the Montgomery kernel's part is 0 at once)
   and, up to 64 words, 3 2^k: k the full length, its edges and random ones;
   odd bases with exponents of all ones and random ones beyond k bits, 2^(k-2)
   and its neighbours (the group's exponent: b^(2^(k-2)) = 1), and even bases
   with e around k / v. */
static void
check_long (int N)
{
  mpz_t b, e, m;
  mpz_inits (b, e, m, NULL);
  const long ks[] = { 64L * N - 1, 64L * N - 2, 64L * (N - 1), 64L * prev_width (N) + 1,
                      3 + (long) urand (64L * N - 3) };
  /* above 64 words (the host runs all T threads of the team, several seconds
     an instance at the full length) two instances, one above 128: of the
     full length and of one of the kinds, the others in other rounds */
  const int few = N > 128 ? 1 : N > 64 ? 2 : 0, pick = (int) urand (6);
  int done = 0;
  for (long k : ks)
    for (int mk = 0; mk < 2; mk++)
      {
        if (k < 3 || k >= 64L * N || (mk == 1 && (N > 64 || k + 2 > 64L * N)))
          continue;
        mpz_set_ui (m, mk ? 3 : 1);
        mpz_mul_2exp (m, m, k);
        for (int c = 0; c < 7; c++)
          {
            if (few && (done == few || (done == 0 ? c != pick : c != 6)))
              continue;
            done++;
            mpz_urandomb (b, rs, 64L * N);
            mpz_setbit (b, 0);
            const int words = (int) ((k + 63) / 64) + 1;
            switch (c)
              {
              case 0: make_exponent (e, words, 3); break;
              case 1: make_exponent (e, words, 6); break;
              case 2: case 3: case 4:           /* 2^(k-2) - 1, 2^(k-2), 2^(k-2) + 1 */
                mpz_set_ui (e, 0);
                mpz_setbit (e, k - 2);
                if (c == 2)
                  mpz_sub_ui (e, e, 1);
                else if (c == 4)
                  mpz_add_ui (e, e, 1);
                break;
              case 5:                           /* e with k - 1 bits, all ones */
                mpz_set_ui (e, 0);
                mpz_setbit (e, k - 1);
                mpz_sub_ui (e, e, 1);
                break;
              default:                          /* an even base, e around k / v */
                {
                  long v = 1 + (long) urand (8);
                  mpz_set_ui (b, 0);
                  mpz_setbit (b, v);
                  mpz_set_ui (e, (unsigned long) ((k + v - 1) / v - urand (2)));
                }
                break;
              }
            if (mk == 1 && c < 2 && N > 16)
              make_exponent (e, 2, c ? 6 : 3);  /* the Montgomery part: for time */
            check (N, b, e, m);
          }
      }
  mpz_clears (b, e, m, NULL);
}

template <int T>
static void
check_team_products (void)
{
  check_coop_products<T, 2> ();
  check_coop_products<T, 3> ();
  check_coop_products<T, 4> ();
  check_coop_products<T, 6> ();
  check_coop_products<T, 8> ();
}

int
main (int argc, char **argv)
{
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-powm-even-host", rs, 20261125UL);
  check_products ();
  check_products_regs_all<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16> ();
  check_team_products<4> ();
  check_team_products<8> ();
  check_team_products<16> ();
  check_team_products<32> ();
  for (int i = 0; i < NWIDTHS && failures <= 10; i++)
    check_long (widths[i]);
  for (long r = 0; r < rounds && failures <= 10; r++)
    for (int i = 0; i < NWIDTHS && failures <= 10; i++)
      {
        int N = widths[i], lo = i == 0 ? 1 : widths[i - 1] + 1;
        check_width (N, N, 1);
        if (lo < N && N <= 64)
          check_width (N, lo + (int) urand (N - lo), 0);
      }
  gmp_randclear (rs);
  printf ("t-powm-even-host: MPZG_TEST_SEED=%lu, %ld instances, %d failure%s\n", seed,
          instances, failures, failures == 1 ? "" : "s");
  return host_finish ();
}
