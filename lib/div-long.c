/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-long.c -- quotient and remainder of long operands by a reciprocal: the
   products (all of them) through the caller's batched multiplication, everything
   else linear.  Barrett's reduction with a reciprocal from Newton's iteration on
   whole numbers, as in Nielsen's thesis (whole shifted inverses, Algorithms 4
   and 5) and Brent and Zimmermann, Modern Computer Arithmetic (section 3.4),
   simplified: every product is a full one, and the quotient is corrected by the
   remainder.

   For N = |n| of nb bits and D = |d| of db bits, N >= D, the quotient has at most
   kq = nb - db + 1 bits.  With p = kq + GUARD bits of precision, shift both by
   s = db - p (right when positive, left when negative): Dt = D / 2^s has exactly
   p bits and Nt = N / 2^s (floored), so that |N/D - Nt/Dt| < 2^(2 - p + kq) is far
   below 1.  I <= 2^(2p) / Dt, I >= (2^(2p) / Dt)(1 - 2^(3 - p)), by Newton's
   iteration below; then Q~ = floor(Nt I / 2^(2p)) lies in [Q - 2, Q + 1] for
   Q = floor(N / D), and R = N - Q~ D, corrected by at most two additions or
   subtractions of D, gives Q and R.  An element that would need more (none, by
   that bound; the tests count them) is divided by GMP instead.

   Newton's iteration on whole numbers: from X ~ 2^(2l) / d_l (d_l the top l bits
   of Dt) to precision l' = min (p, 2l - NEWTON_MARGIN): d' = the top l' bits,
   X' = X 2^(l' - l), E = 2^(2l') - d' X', X'' = X' + floor (X' E / 2^(2l')).  With
   X' = (2^(2l') / d')(1 - e), X'' = (2^(2l') / d')(1 - e^2) less a floor, so the
   relative error squares at each step (never above the exact value) while the
   margin keeps the floors' error below it; two products per step at the new
   precision.  The first X comes from GMP at START_BITS. */

#include <config.h>
#include <stdlib.h>
#include "mpzg.h"
#include "div-long.h"

#define GUARD 64
#define NEWTON_MARGIN 32
#define START_BITS 4096
/* corrections the bound allows: Q~ in [Q - 2, Q + 1] */
#define MAX_FIX 3

typedef struct
{
  mpz_t Nt, Dt, X;
  mp_bitcnt_t p, l;             /* the target precision, the current one */
  int trivial;                  /* N < D: Q = 0, R = N */
} elem_state;

/* v = x * 2^s (s signed), floored. */
static void
shift (mpz_ptr v, mpz_srcptr x, long s)
{
  if (s >= 0)
    mpz_mul_2exp (v, x, (mp_bitcnt_t) s);
  else
    mpz_fdiv_q_2exp (v, x, (mp_bitcnt_t) -s);
}

/* z = 2^k */
static void
set_pow2 (mpz_ptr z, mp_bitcnt_t k)
{
  mpz_set_ui (z, 0);
  mpz_setbit (z, k);
}

static void
start (elem_state *e, mpz_srcptr N, mpz_srcptr D)
{
  const long nb = (long) mpz_sizeinbase (N, 2), db = (long) mpz_sizeinbase (D, 2);
  const long kq = nb - db + 1, p = kq + GUARD;
  mpz_inits (e->Nt, e->Dt, e->X, NULL);
  e->trivial = mpz_cmpabs (N, D) < 0;
  if (e->trivial)
    return;
  /* the magnitudes shifted (a negative operand floored would round its
     magnitude up) */
  mpz_abs (e->Dt, D);
  shift (e->Dt, e->Dt, p - db);
  mpz_abs (e->Nt, N);
  shift (e->Nt, e->Nt, p - db);
  e->p = (mp_bitcnt_t) p;
  e->l = e->p < START_BITS ? e->p : START_BITS;
  /* X = floor (2^(2l) / (top l bits of Dt)) */
  mpz_fdiv_q_2exp (e->X, e->Dt, e->p - e->l);
  {
    mpz_t pow;
    mpz_init (pow);
    set_pow2 (pow, 2 * e->l);
    mpz_fdiv_q (e->X, pow, e->X);
    mpz_clear (pow);
  }
}

static mp_bitcnt_t
next_precision (const elem_state *e)
{
  mp_bitcnt_t l2 = 2 * e->l - NEWTON_MARGIN;
  return l2 < e->p ? l2 : e->p;
}

/* Products of the listed elements: P[j] = A[j] * B[j]; A, B, P have m entries. */
static int
products (mpzg_mul_batch_fn mul, void *ctx, mpz_t *P, mpz_t *A, mpz_t *B, size_t m)
{
  return m == 0 ? 0 : mul (ctx, P, A, B, m);
}

static mpz_t *
mpz_array (size_t m)
{
  mpz_t *a = malloc ((m ? m : 1) * sizeof *a);
  if (a != NULL)
    for (size_t i = 0; i < m; i++)
      mpz_init (a[i]);
  return a;
}

static void
mpz_array_free (mpz_t *a, size_t m)
{
  if (a == NULL)
    return;
  for (size_t i = 0; i < m; i++)
    mpz_clear (a[i]);
  free (a);
}

int
mpzg_div_long (mpz_t *q, mpz_t *r, const mpz_srcptr *n, const mpz_srcptr *d, size_t m,
               mpzg_mul_batch_fn mul, void *ctx, size_t *fallbacks)
{
  elem_state *st = malloc ((m ? m : 1) * sizeof *st);
  mpz_t *A = mpz_array (m), *B = mpz_array (m), *P = mpz_array (m);
  size_t *who = malloc ((m ? m : 1) * sizeof *who), i, j, k, fell = 0;
  int status = 0;
  if (st == NULL || A == NULL || B == NULL || P == NULL || who == NULL)
    {
      status = MPZG_ENOMEM;
      m = 0;                    /* st's elements were never started */
    }
  for (i = 0; i < m; i++)
    start (&st[i], n[i], d[i]);

  /* Newton's steps, every element still short of its precision in one batch */
  for (;;)
    {
      for (k = 0, i = 0; i < m; i++)
        if (!st[i].trivial && st[i].l < st[i].p)
          who[k++] = i;
      if (k == 0 || status != 0)
        break;
      for (j = 0; j < k; j++)
        {
          elem_state *e = &st[who[j]];
          mp_bitcnt_t l2 = next_precision (e);
          mpz_fdiv_q_2exp (A[j], e->Dt, e->p - l2);       /* d' */
          mpz_mul_2exp (e->X, e->X, l2 - e->l);          /* X' */
          mpz_set (B[j], e->X);
          e->l = l2;
        }
      if ((status = products (mul, ctx, P, A, B, k)) != 0)
        break;
      for (j = 0; j < k; j++)
        {
          elem_state *e = &st[who[j]];
          /* E = 2^(2l') - d' X', into A; X' stays in B */
          set_pow2 (A[j], 2 * e->l);
          mpz_sub (A[j], A[j], P[j]);
        }
      if ((status = products (mul, ctx, P, B, A, k)) != 0)
        break;
      for (j = 0; j < k; j++)
        {
          elem_state *e = &st[who[j]];
          mpz_fdiv_q_2exp (P[j], P[j], 2 * e->l);
          mpz_add (e->X, e->X, P[j]);
        }
    }

  /* Q~ = floor (Nt I / 2^(2p)) */
  for (k = 0, i = 0; i < m && status == 0; i++)
    if (!st[i].trivial)
      {
        mpz_swap (A[k], st[i].Nt);
        mpz_swap (B[k], st[i].X);
        who[k++] = i;
      }
  if (status == 0 && (status = products (mul, ctx, P, A, B, k)) == 0)
    for (j = 0; j < k; j++)
      {
        mpz_fdiv_q_2exp (q[who[j]], P[j], 2 * st[who[j]].p);
        mpz_set (A[j], q[who[j]]);
        mpz_abs (B[j], d[who[j]]);
      }
  /* R = N - Q~ D, corrected */
  if (status == 0 && (status = products (mul, ctx, P, A, B, k)) == 0)
    for (j = 0; j < k; j++)
      {
        size_t e = who[j];
        int fix = 0;
        mpz_abs (r[e], n[e]);
        mpz_sub (r[e], r[e], P[j]);
        while (mpz_sgn (r[e]) < 0 && fix++ < MAX_FIX)
          {
            mpz_add (r[e], r[e], B[j]);
            mpz_sub_ui (q[e], q[e], 1);
          }
        while (mpz_cmp (r[e], B[j]) >= 0 && fix++ < MAX_FIX)
          {
            mpz_sub (r[e], r[e], B[j]);
            mpz_add_ui (q[e], q[e], 1);
          }
        if (mpz_sgn (r[e]) < 0 || mpz_cmp (r[e], B[j]) >= 0)
          {
            mpz_abs (A[j], n[e]);
            mpz_tdiv_qr (q[e], r[e], A[j], B[j]);
            fell++;
          }
      }
  for (i = 0; i < m && status == 0; i++)
    if (st[i].trivial)
      {
        mpz_set_ui (q[i], 0);
        mpz_abs (r[i], n[i]);
      }

  for (i = 0; i < m; i++)
    mpz_clears (st[i].Nt, st[i].Dt, st[i].X, NULL);
  free (st);
  free (who);
  mpz_array_free (A, m);
  mpz_array_free (B, m);
  mpz_array_free (P, m);
  if (fallbacks != NULL)
    *fallbacks = fell;
  return status;
}

void
mpzg_div_long_signs (mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d, mpz_ptr Q, mpz_ptr R,
                     int round)
{
  const int sn = mpz_sgn (n), sd = mpz_sgn (d);
  int up = 0;                   /* |q| + 1 and r from |d| - |r| */
  if (mpz_sgn (R) != 0)
    up = round == MPZG_ROUND_F ? sn != sd
      : round == MPZG_ROUND_C ? sn == sd
      : round == MPZG_ROUND_MOD ? sn < 0 : 0;
  if (up)
    {
      mpz_add_ui (Q, Q, 1);
      if (sd > 0)               /* R = |d| - R */
        mpz_sub (R, d, R);
      else
        {
          mpz_add (R, R, d);
          mpz_neg (R, R);
        }
    }
  if (sn != sd)
    mpz_neg (Q, Q);
  /* the remainder's sign: n's for t; d's where f rounded; the opposite of d's
     where c rounded; non-negative for mod */
  if (round == MPZG_ROUND_MOD)
    ;
  else if (up)
    {
      if ((round == MPZG_ROUND_F) != (sd > 0))
        mpz_neg (R, R);
    }
  else if (sn < 0)
    mpz_neg (R, R);
  /* outputs last: q and r may be n or d */
  if (q != NULL)
    mpz_swap (q, Q);
  if (r != NULL)
    mpz_swap (r, R);
}
