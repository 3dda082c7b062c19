/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-divexact-host.cc -- the device's exact division (cuda/div/divexact-core.cuh),
   compiled for the host and compared with GMP's mpz_divexact: the word inverse
   against mpz_invert; every class of the division's table, at its edges, through
   the shape divexact.cu gives it (one thread for windows up to DIVREM_SMALL_MAX
   words, on the interleaved layout where the class is, else the cooperative code
   with all its threads emulated by divrem-host-x.h's context, with this build's
   words per thread and each other a build may take: 8, 16, 32); divisors with trailing zero words and bits, d = 1,
   powers of two, words of all ones, n = 0, quotients of all ones and with a top
   word of 1, one-word divisors, nd = nn; an alphabet of edge words exhaustively
   at small sizes.  Input that d does not divide must give n' / d' mod B^qn (the
   mpn layer's contract), touch nothing outside the quotient and give the same
   words every time.  Needs no GPU; tests/mpn/t-divexact runs the kernels.

   Usage: t-divexact-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>

static unsigned long n_2by1_fix, n_3by2_fix, n_qmax, n_addback, n_xborrow, n_xbeta;
#define MPZG_DIV_COUNT(what) (n_##what++)
#include "divrem-host.h"
#include "divexact-core.cuh"
#include "host-shared.h"
#include "divrem-host-x.h"

using mpzg::dv::u64;

static long instances, inexact, coop_instances;

static void
fail (const char *what, const mpz_t n, const mpz_t d)
{
  if (!host_failed ())
    return;
  gmp_fprintf (stderr, "t-divexact-host: %s\n  n = %#Zx\n  d = %#Zx\n", what, n, d);
}

/* binvert_word against mpz_invert modulo B */
static void
check_binvert (gmp_randstate_t rs, long count)
{
  mpz_t B, x, y;
  mpz_inits (B, x, y, NULL);
  mpz_setbit (B, 64);
  for (long i = 0; i < count; i++)
    {
      u64 d = i < 64 ? (u64) 2 * (u64) i + 1 : i < 128 ? ~(u64) 0 - 2 * (u64) (i - 64)
        : host_rand64 (rs) | 1;
      mpz_set_ui (x, d);
      mpz_invert (y, x, B);
      if (mpz_get_ui (y) != mpzg::binvert_word (d))
        fail ("binvert_word", x, B);
    }
  mpz_clears (B, x, y, NULL);
}

/* The window width divexact.cu gives a class: the smallest width >= min (ND, QW). */
static int
window_width (int ND, int QW)
{
  return divrem_pad (ND < QW ? ND : QW);
}

template <int E>
static void
one_width (const u64 *np, const u64 *dp, u64 *qp, int NN, int ND, int QW, size_t lanes)
{
  mpzg::dv::divexact_one<E> (np, dp, qp, NN, ND, QW, lanes);
}

static void
run_small (int E, const u64 *np, const u64 *dp, u64 *qp, int NN, int ND, int QW, size_t lanes)
{
  switch (E)
    {
#define W(k) case k: one_width<k> (np, dp, qp, NN, ND, QW, lanes); break;
      W (1) W (2) W (3) W (4) W (6) W (8) W (12) W (16) W (24) W (32)
#undef W
    default: abort ();
    }
}

/* The cooperative code for window E, K words per thread as a build that takes KC
   for it chooses them (KC = 0: this build, as divexact.cu's launch_coop). */
static bool
run_coop (int E, const u64 *np, const u64 *dp, u64 *qp, int NN, int ND, int QW, int KC)
{
  return div_coop_run (E, KC, [&] (host_x &x, auto k) {
    mpzg::dv::divexact_coop<decltype (k)::value> (x, np, dp, qp, NN, ND, QW);
  });
}

/* The expected words: mpz_divexact for exact input, else n' / d' mod B^qn. */
static void
reference (std::vector<mp_limb_t> &qref, const mpz_t n, const mpz_t d, bool exact)
{
  mpz_t q, n1, d1, m;
  mpz_inits (q, n1, d1, m, NULL);
  size_t nn = mpz_size (n), nd = mpz_size (d);
  if (exact)
    mpz_divexact (q, n, d);
  else if (nn >= nd)
    {
      mp_bitcnt_t t = mpz_scan1 (d, 0);
      mpz_tdiv_q_2exp (n1, n, t);
      mpz_tdiv_q_2exp (d1, d, t);
      mpz_setbit (m, (mp_bitcnt_t) (64 * (nn - nd + 1)));
      mpz_invert (q, d1, m);
      mpz_mul (q, q, n1);
      mpz_mod (q, q, m);
    }
  for (size_t i = 0; i < qref.size (); i++)
    qref[i] = mpz_getlimbn (q, (mp_size_t) i);
  mpz_clears (q, n1, d1, m, NULL);
}

/* n / d (magnitudes) through the shape of its class; true when it agreed. */
static bool
run_instance (const mpz_t n, const mpz_t d, bool exact, int lanes, int j)
{
  const int nn = (int) mpz_size (n), nd = (int) mpz_size (d);
  int NN, ND, QW;
  divrem_class (nn, nd, &NN, &ND, &QW);
  const int E = window_width (ND, QW);
  const int C = 3;              /* garbage after the operands, canaries after q */
  const u64 canary = 0x5a5a5a5a5a5a5a5aull, garbage = 0xdeadbeefdeadbeefull;
  const bool il = NN <= DIVREM_SMALL_MAX;
  if (!il || E > DIVREM_SMALL_MAX)
    lanes = 1, j = 0;
  std::vector<u64> nb ((size_t) (NN + C) * lanes, garbage), db ((size_t) (ND + C) * lanes, garbage);
  std::vector<u64> qb ((size_t) (QW + C) * lanes, canary);
  std::vector<mp_limb_t> qref (QW);
  for (int i = 0; i < NN; i++)
    nb[(size_t) i * lanes + j] = mpz_getlimbn (n, i);
  for (int i = 0; i < ND; i++)
    db[(size_t) i * lanes + j] = mpz_getlimbn (d, i);
  reference (qref, n, d, exact);
  bool ok = true;
  if (E <= DIVREM_SMALL_MAX)
    run_small (E, nb.data () + j, db.data () + j, qb.data () + j, NN, ND, QW, (size_t) lanes);
  else
    {
      /* the build's words per thread, then each other value a build may choose:
         the same words, inexact input included */
      ok = run_coop (E, nb.data (), db.data (), qb.data (), NN, ND, QW, 0);
      coop_instances++;
      for (int kc : div_coop_ks)
        if (ok && div_coop_k (E, kc) != div_coop_k (E, 0))
          {
            std::vector<u64> q2 (QW + C, canary);
            ok = run_coop (E, nb.data (), db.data (), q2.data (), NN, ND, QW, kc) && q2 == qb;
          }
    }
  instances++;
  for (size_t i = 0; i < qb.size (); i++)
    {
      const size_t row = i / (size_t) lanes, lane = i % (size_t) lanes;
      if (lane == (size_t) j && row < (size_t) QW)
        {
          if (qb[i] != qref[row])
            ok = false;
        }
      else if (qb[i] != canary)
        ok = false;
    }
  if (!ok)
    {
      char what[128];
      snprintf (what, sizeof what, "%s nn=%d nd=%d class (%d, %d) window %d lanes %d",
                exact ? "exact" : "inexact", nn, nd, NN, ND, E, lanes);
      fail (what, n, d);
    }
  return ok;
}

enum
{
  DK_RANDOM,            /* long runs of ones and zeros */
  DK_UNIFORM,
  DK_ZERO_WORDS,        /* trailing zero words and bits */
  DK_ZERO_BITS,         /* trailing zero bits */
  DK_POWER,             /* 2^k: d = 1 for one word */
  DK_ONES,              /* B^nd - 1 */
  DK_KINDS
};

enum
{
  QK_RANDOM,
  QK_UNIFORM,
  QK_TOP1,              /* the top word 1 */
  QK_ONES,              /* words of all ones */
  QK_ONE,               /* q = 1 */
  QK_ZERO,              /* n = 0 */
  QK_SPARSE,            /* a few low words and a few high ones, zeros between */
  QK_KINDS
};

/* A divisor of exactly nd words of the kind. */
static void
make_divisor (mpz_t d, int nd, int kind, gmp_randstate_t rs)
{
  switch (kind)
    {
    case DK_ZERO_WORDS:
    case DK_ZERO_BITS:
      {
        unsigned long z = kind == DK_ZERO_BITS || nd == 1 ? 0 : gmp_urandomm_ui (rs, (unsigned long) nd);
        unsigned long b = 1 + gmp_urandomm_ui (rs, 63);
        divrem_random_limbs (d, nd, (int) gmp_urandomm_ui (rs, 2), rs);
        mpz_tdiv_q_2exp (d, d, 64 * z + b);
        mpz_setbit (d, 0);
        mpz_mul_2exp (d, d, 64 * z + b);
        if ((int) mpz_size (d) > nd)
          mpz_tdiv_r_2exp (d, d, (mp_bitcnt_t) (64 * nd));
        if ((int) mpz_size (d) < nd)
          mpz_setbit (d, (mp_bitcnt_t) (64 * nd - 1));
        break;
      }
    case DK_POWER:
      mpz_set_ui (d, 0);
      mpz_setbit (d, (mp_bitcnt_t) (64 * (nd - 1) + (nd == 1 ? 0 : gmp_urandomm_ui (rs, 64))));
      break;
    case DK_ONES:
      mpz_set_ui (d, 0);
      mpz_setbit (d, (mp_bitcnt_t) (64 * nd));
      mpz_sub_ui (d, d, 1);
      break;
    default:
      divrem_random_limbs (d, nd, kind == DK_RANDOM, rs);
      break;
    }
}

/* A quotient of qn words (qn >= 1) of the kind. */
static void
make_quotient (mpz_t q, int qn, int kind, gmp_randstate_t rs)
{
  switch (kind)
    {
    case QK_TOP1:
      mpz_urandomb (q, rs, (mp_bitcnt_t) (64 * (qn - 1)));
      mpz_setbit (q, (mp_bitcnt_t) (64 * (qn - 1)));
      break;
    case QK_ONES:
      mpz_set_ui (q, 0);
      mpz_setbit (q, (mp_bitcnt_t) (64 * qn));
      mpz_sub_ui (q, q, 1);
      break;
    case QK_ONE:
      mpz_set_ui (q, 1);
      break;
    case QK_ZERO:
      mpz_set_ui (q, 0);
      break;
    case QK_SPARSE:
      {
        /* so that the dividend has runs of zero words under its top, which the
           window takes in while the subtractions below still carry into them */
        mpz_t t;
        mpz_init (t);
        unsigned long lo = 1 + gmp_urandomm_ui (rs, qn < 3 ? (unsigned long) qn : 3);
        divrem_random_limbs (q, (int) lo, 0, rs);
        mpz_urandomb (t, rs, 64);
        mpz_mul_2exp (t, t, (mp_bitcnt_t) (64 * (qn - 1)));
        mpz_add (q, q, t);
        mpz_clear (t);
        break;
      }
    default:
      divrem_random_limbs (q, qn, kind == QK_RANDOM, rs);
      break;
    }
}

/* n = q d with nd words of d and about nn words of n (nn or nn - 1 when the
   product falls short), and, every few instances, n + 1 and n with a random low
   word: input that d does not divide. */
static void
check (gmp_randstate_t rs, int nn, int nd, int dk, int qk)
{
  mpz_t n, d, q;
  mpz_inits (n, d, q, NULL);
  make_divisor (d, nd, dk, rs);
  int qn = nn - nd + 1;
  if (qn < 1)
    qk = QK_ZERO;
  make_quotient (q, qn < 1 ? 1 : qn, qk, rs);
  mpz_mul (n, q, d);
  if ((int) mpz_size (n) > nn)
    {
      mpz_tdiv_q_2exp (q, q, 64);
      mpz_mul (n, q, d);
    }
  int lanes = gmp_urandomm_ui (rs, 4) == 0 ? 5 : 1;
  int j = lanes > 1 ? (int) gmp_urandomm_ui (rs, 5) : 0;
  run_instance (n, d, true, lanes, j);
  if (instances % 5 == 0 && mpz_sgn (n) != 0)
    {
      mpz_add_ui (n, n, 1 + gmp_urandomm_ui (rs, 1000));
      if ((int) mpz_size (n) >= nd && mpz_size (n) <= DIVREM_MAX)
        {
          inexact++;
          run_instance (n, d, false, lanes, j);
        }
    }
  mpz_clears (n, d, q, NULL);
}

/* Every q and d spelt in an alphabet of edge words, qn + nd <= 5. */
static void
check_alphabet (void)
{
  static const mp_limb_t A[] = { 0, 1, 2, ((mp_limb_t) 1 << 63) - 1, (mp_limb_t) 1 << 63,
                                 ~(mp_limb_t) 1, ~(mp_limb_t) 0 };
  const int K = (int) (sizeof A / sizeof A[0]);
  mpz_t n, d, q;
  mpz_inits (n, d, q, NULL);
  for (int nd = 1; nd <= 3; nd++)
    for (int qn = 1; qn + nd <= 5; qn++)
      {
        long total = 1;
        for (int i = 0; i < qn + nd; i++)
          total *= K;
        for (long c = 0; c < total; c++)
          {
            mp_limb_t qw[5], dw[5];
            long x = c;
            for (int i = 0; i < qn; i++, x /= K)
              qw[i] = A[x % K];
            for (int i = 0; i < nd; i++, x /= K)
              dw[i] = A[x % K];
            if (dw[nd - 1] == 0)
              continue;
            mpz_import (q, (size_t) qn, -1, sizeof (mp_limb_t), 0, 0, qw);
            mpz_import (d, (size_t) nd, -1, sizeof (mp_limb_t), 0, 0, dw);
            mpz_mul (n, q, d);
            run_instance (n, d, true, 1, 0);
          }
      }
  mpz_clears (n, d, q, NULL);
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-divexact-host", argc, argv, rs);
  int kind = 0;
  check_binvert (rs, 100000 * rounds);
  check_alphabet ();
  for (long round = 0; round < rounds; round++)
    {
      /* every pair of small sizes, every kind */
      for (int nd = 1; nd <= DIVREM_SMALL_MAX; nd++)
        for (int nn = nd - 1; nn <= DIVREM_SMALL_MAX + 2; nn++)
          for (int rep = 0; rep < 4; rep++, kind++)
            check (rs, nn, nd, kind % DK_KINDS, (kind / DK_KINDS) % QK_KINDS);
      /* every class's edges: the divisor at its class's edges and inside, the
         dividend likewise (and as long as the divisor) */
      for (int b = 0; b < DIVREM_NWIDTHS; b++)
        {
          const int ND = divrem_widths[b], dmin = divrem_dmin (ND);
          const int nds[] = { dmin, dmin + 1, (dmin + ND) / 2, ND - 1, ND };
          for (int a = b; a < DIVREM_NWIDTHS; a++)
            {
              const int NN = divrem_widths[a], nmin = a == 0 ? 1 : divrem_widths[a - 1] + 1;
              for (int x = 0; x < 5; x++)
                {
                  const int nd = nds[x];
                  if (nd < 1 || nd > ND || (x > 0 && nd == nds[x - 1]))
                    continue;
                  const int nns[] = { nd, nd + 1, nmin, nmin + 1, (nmin + NN) / 2, NN - 1, NN };
                  for (int y = 0; y < 7; y++)
                    {
                      const int nn = nns[y];
                      if (nn < nd || nn > DIVREM_MAX || divrem_pad (nn) != NN
                          || (y > 0 && nn == nns[y - 1]))
                        continue;
                      int QW, NN2, ND2;
                      divrem_class (nn, nd, &NN2, &ND2, &QW);
                      /* fewer repetitions where an instance is long */
                      long work = (long) (nn - nd + 1) * window_width (ND, QW);
                      int reps = work > (1L << 20) ? 1 : work > (1L << 14) ? 3 : 8;
                      for (int rep = 0; rep < reps; rep++, kind++)
                        check (rs, nn, nd, kind % DK_KINDS, (kind / DK_KINDS) % QK_KINDS);
                    }
                }
            }
        }
    }
  printf ("t-divexact-host: %ld instances (%ld cooperative, %ld not exact); borrows into "
          "a dividend word %lu, out of the cooperative window %lu\n", instances, coop_instances,
          inexact, n_xborrow, n_xbeta);
  if (coop_instances == 0 || inexact == 0 || n_xborrow == 0 || n_xbeta == 0)
    {
      fprintf (stderr, "t-divexact-host: a shape or a kind of input was never run\n");
      failures++;
    }
  gmp_randclear (rs);
  return host_finish ();
}
