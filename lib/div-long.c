/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-long.c -- quotient and remainder of long operands by a reciprocal: the
   products (all of them) through the caller's batched multiplication, everything
   else linear, on the caller's threads, element by element.  Barrett's reduction
   with a reciprocal from Newton's iteration on whole numbers, as in Nielsen's
   thesis (whole shifted inverses, Algorithms 4 and 5) and Brent and Zimmermann,
   Modern Computer Arithmetic (section 3.4), simplified: the quotient is corrected
   by the remainder.

   For N = |n| of nb bits and D = |d| of db bits, N >= D, the quotient has at most
   kq = nb - db + 1 bits.  With p = kq + GUARD bits of precision, shift both by
   s = db - p (right when positive, left when negative): Dt = D / 2^s has exactly
   p bits and Nt = N / 2^s (floored), so that |N/D - Nt/Dt| < 2^(2 - p + kq) is far
   below 1.  I <= 2^(2p) / Dt, I >= (2^(2p) / Dt)(1 - 2^(3 - p)), by Newton's
   iteration below, so Nt I / 2^(2p) is within 2^-60 of N/D.  The quotient's
   product takes Nt less its low p - 2 bits, which lowers that by less than 1/2
   (I <= 2^(p+1)); so Q~ = floor (floor (Nt / 2^(p-2)) I / 2^(p+2)) lies in
   [Q - 1, Q + 1] for Q = floor(N / D), and R = N - Q~ D, corrected by one
   addition or subtraction of D, gives Q and R.  An element that would need more
   (none, by that bound; the tests count them) is divided by GMP instead.

   Newton's iteration on whole numbers: from X ~ 2^(2l) / d_l (d_l the top l bits
   of Dt) to a precision l' <= 2l - NEWTON_MARGIN: d' = the top l' bits,
   X' = X 2^(l' - l), E = 2^(2l') - d' X', X'' = X' + floor (X' E / 2^(2l')).  With
   X' = (2^(2l') / d')(1 - e), X'' = (2^(2l') / d')(1 - e^2) less a floor, so the
   relative error squares at each step (never above the exact value) while the
   margin keeps the floors' error below it.  The two products are taken with X
   rather than X' (whose low l' - l bits are zero): with t = l' - l,
   E = 2^t E', E' = 2^(l' + l) - d' X, and X' E / 2^(2l') = X E' / 2^(2l), the same
   numbers from products of l' by l bits and l by about l' bits instead of l' by
   l' and l' by 2l' - l.  E' loses its low l - 2 bits before its product, which
   lowers the correction by less than one (X < 2^(l+1)): X'' stays below the exact
   value and within two units of the floor's.  The precisions are those that
   halve from p down to START_BITS or below (each l = ceil ((l' + NEWTON_MARGIN)
   / 2)), so that the last step lands on p: doubling up from the start instead
   would end with a step that adds a few bits at the full size, two products of
   the largest size for nothing.  The first X comes from GMP. */

#include <config.h>
#include <stdlib.h>
#include "mpzg.h"
#include "div-long.h"
#include "pool.h"

#define GUARD 64
#define NEWTON_MARGIN 32
/* GMP computes the first reciprocal, to at most this many bits (a division of
   twice that by that, a fraction of a millisecond): the steps below it would be
   batched products too small to pay for their calls.  A build may set it lower
   to run many steps on small operands. */
#ifndef START_BITS
#define START_BITS 32768
#endif
/* corrections before GMP takes over: the bound, Q~ in [Q - 1, Q + 1], needs one
   (so the tests, which fail on any element GMP took over, check the bound) */
#define MAX_FIX 1
/* cost of an element's linear work per limb, for mpzg_parallel_for (whose unit is
   about a limb product): a few passes over its operands */
#define LINEAR_COST 4

typedef struct
{
  mpz_t Nt, Dt, X;
  mp_bitcnt_t p, l;             /* the target precision, the current one */
  mp_bitcnt_t l2;               /* this step's precision */
  int trivial;                  /* N < D: Q = 0, R = N */
  int fell;                     /* divided by GMP after all */
} elem_state;

/* One call's state, shared by the parallel loops' range functions. */
typedef struct
{
  elem_state *st;
  mpz_t *q, *r, *A, *B, *P;
  const mpz_srcptr *n, *d;
  size_t *who;                  /* the elements of the current batch of products */
} long_ctx;

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

/* The precision below l on the way down from p: a step from it may reach l. */
static mp_bitcnt_t
halve (mp_bitcnt_t l)
{
  return (l + NEWTON_MARGIN + 1) / 2;
}

/* The precision of the step after l, for the target p (l one of the precisions
   that halve from p, or p itself). */
static mp_bitcnt_t
next_precision (mp_bitcnt_t l, mp_bitcnt_t p)
{
  mp_bitcnt_t c = p;
  while (halve (c) > l)
    c = halve (c);
  return c;
}

static void
start (elem_state *e, mpz_srcptr N, mpz_srcptr D)
{
  const long nb = (long) mpz_sizeinbase (N, 2), db = (long) mpz_sizeinbase (D, 2);
  const long kq = nb - db + 1, p = kq + GUARD;
  mpz_inits (e->Nt, e->Dt, e->X, NULL);
  e->fell = 0;
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
  for (e->l = e->p; e->l > START_BITS;)
    e->l = halve (e->l);
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

/* ---- the linear work, element by element on the caller's threads ---- */

static size_t
elem_cost (void *vc, size_t i)
{
  const long_ctx *c = vc;
  return LINEAR_COST * (mpz_size (c->n[i]) + 1);
}

static size_t
who_cost (void *vc, size_t j)
{
  const long_ctx *c = vc;
  return elem_cost (vc, c->who[j]);
}

static void
start_range (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t i = begin; i < end; i++)
    start (&c->st[i], c->n[i], c->d[i]);
}

/* A = d', B = X: the step's first product, d' X */
static void
step_operands (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t j = begin; j < end; j++)
    {
      elem_state *e = &c->st[c->who[j]];
      e->l2 = next_precision (e->l, e->p);
      mpz_fdiv_q_2exp (c->A[j], e->Dt, e->p - e->l2);
      mpz_set (c->B[j], e->X);
    }
}

/* A = floor (E' / 2^(l - 2)), E' = 2^(l' + l) - d' X: the second product, X by
   E' less its low l - 2 bits */
static void
step_error (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t j = begin; j < end; j++)
    {
      elem_state *e = &c->st[c->who[j]];
      set_pow2 (c->A[j], e->l2 + e->l);
      mpz_sub (c->A[j], c->A[j], c->P[j]);
      mpz_fdiv_q_2exp (c->A[j], c->A[j], e->l - 2);
    }
}

/* X'' = X 2^(l' - l) + floor (X floor (E' / 2^(l - 2)) / 2^(l + 2)) */
static void
step_update (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t j = begin; j < end; j++)
    {
      elem_state *e = &c->st[c->who[j]];
      mpz_fdiv_q_2exp (c->P[j], c->P[j], e->l + 2);
      mpz_mul_2exp (e->X, e->X, e->l2 - e->l);
      mpz_add (e->X, e->X, c->P[j]);
      e->l = e->l2;
    }
}

/* A = floor (Nt / 2^(p - 2)), B = I: the product for the quotient */
static void
quotient_operands (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t j = begin; j < end; j++)
    {
      elem_state *e = &c->st[c->who[j]];
      mpz_fdiv_q_2exp (c->A[j], e->Nt, e->p - 2);
      mpz_swap (c->B[j], e->X);
    }
}

/* Q~ = floor (floor (Nt / 2^(p - 2)) I / 2^(p + 2)) into q; A = Q~, B = |d|: the
   last product, Q~ D */
static void
quotient_range (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t j = begin; j < end; j++)
    {
      size_t i = c->who[j];
      mpz_fdiv_q_2exp (c->q[i], c->P[j], c->st[i].p + 2);
      mpz_set (c->A[j], c->q[i]);
      mpz_abs (c->B[j], c->d[i]);
    }
}

/* R = N - Q~ D, corrected; GMP's division where the bound would not hold */
static void
remainder_range (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t j = begin; j < end; j++)
    {
      size_t i = c->who[j];
      mpz_ptr q = c->q[i], r = c->r[i];
      int fix = 0;
      mpz_abs (r, c->n[i]);
      mpz_sub (r, r, c->P[j]);
      while (mpz_sgn (r) < 0 && fix++ < MAX_FIX)
        {
          mpz_add (r, r, c->B[j]);
          mpz_sub_ui (q, q, 1);
        }
      while (mpz_cmp (r, c->B[j]) >= 0 && fix++ < MAX_FIX)
        {
          mpz_sub (r, r, c->B[j]);
          mpz_add_ui (q, q, 1);
        }
      if (mpz_sgn (r) < 0 || mpz_cmp (r, c->B[j]) >= 0)
        {
          mpz_abs (c->A[j], c->n[i]);
          mpz_tdiv_qr (q, r, c->A[j], c->B[j]);
          c->st[i].fell = 1;
        }
    }
}

/* Q = 0, R = N for N < D; every element's state freed */
static void
finish_range (void *vc, size_t begin, size_t end)
{
  long_ctx *c = vc;
  for (size_t i = begin; i < end; i++)
    {
      if (c->st[i].trivial)
        {
          mpz_set_ui (c->q[i], 0);
          mpz_abs (c->r[i], c->n[i]);
        }
      mpz_clears (c->st[i].Nt, c->st[i].Dt, c->st[i].X, NULL);
    }
}

/* fn over [0, n) on up to `threads` threads; on the caller alone if the loop
   cannot get the memory it needs for more */
static void
each (size_t n, mpzg_cost_fn cost, mpzg_range_fn fn, long_ctx *c, int threads)
{
  if (n > 0 && mpzg_parallel_for (n, cost, fn, c, threads) != 0)
    fn (c, 0, n);
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
               mpzg_mul_batch_fn mul, void *ctx, int threads, size_t *fallbacks)
{
  long_ctx c = { .q = q, .r = r, .n = n, .d = d };
  size_t i, k, fell = 0;
  int status = 0;
  c.st = malloc ((m ? m : 1) * sizeof *c.st);
  c.who = malloc ((m ? m : 1) * sizeof *c.who);
  c.A = mpz_array (m);
  c.B = mpz_array (m);
  c.P = mpz_array (m);
  if (c.st == NULL || c.A == NULL || c.B == NULL || c.P == NULL || c.who == NULL)
    {
      status = MPZG_ENOMEM;
      m = 0;                    /* st's elements were never started */
    }
  each (m, elem_cost, start_range, &c, threads);

  /* Newton's steps, every element still short of its precision in one batch */
  for (;;)
    {
      for (k = 0, i = 0; i < m; i++)
        if (!c.st[i].trivial && c.st[i].l < c.st[i].p)
          c.who[k++] = i;
      if (k == 0 || status != 0)
        break;
      each (k, who_cost, step_operands, &c, threads);
      if ((status = products (mul, ctx, c.P, c.A, c.B, k)) != 0)
        break;
      each (k, who_cost, step_error, &c, threads);
      if ((status = products (mul, ctx, c.P, c.B, c.A, k)) != 0)
        break;
      each (k, who_cost, step_update, &c, threads);
    }

  /* Q~, then R = N - Q~ D */
  for (k = 0, i = 0; i < m && status == 0; i++)
    if (!c.st[i].trivial)
      c.who[k++] = i;
  if (status == 0)
    each (k, who_cost, quotient_operands, &c, threads);
  if (status == 0 && (status = products (mul, ctx, c.P, c.A, c.B, k)) == 0)
    each (k, who_cost, quotient_range, &c, threads);
  if (status == 0 && (status = products (mul, ctx, c.P, c.A, c.B, k)) == 0)
    each (k, who_cost, remainder_range, &c, threads);
  for (i = 0; i < m && status == 0; i++)
    fell += (size_t) c.st[i].fell;
  /* q and r are undefined after a failure: the trivial elements' are written
     all the same, with every element's state freed */
  each (m, elem_cost, finish_range, &c, threads);

  free (c.st);
  free (c.who);
  mpz_array_free (c.A, m);
  mpz_array_free (c.B, m);
  mpz_array_free (c.P, m);
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
