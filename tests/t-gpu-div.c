/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gpu-div.c -- the GPU path of the division entries (tdiv, fdiv, cdiv: qr, q, r;
   mod; divexact on exact input) against GMP loops.  At the edges of every size
   class that the device's mpn layer reports (cuda/mpzg-mpn.h: dividend and divisor
   one past the next narrower width, at the width and one above it), with operands
   made to reach the corner cases of schoolbook division with a reciprocal:

     divisors   2^(64k - 1), B^k, B^k - 1 (B = 2^64), a top word just above B/2
                over small words, a top word of B/2 over words of ones, a top word
                of 1 (the largest normalizing shift), random;
     dividends  q d - 1, q d, q d + 1, B^k - 1 (the largest quotient), q d + r with
                every quotient digit B - 1, top words equal to the divisor's
                (followed by anything, or minus one: over a divisor whose top word
                is just above B/2 the estimated quotient digit overshoots, by up to
                two, and the correction steps run),
                the divisor's top word over random words, shorter than the
                divisor, zero, random;

   with every sign combination, one-limb divisors and zero divisors (outputs left
   untouched, the lowest index reported) in the same batches, and the aliasings
   of q and r with n and d.  Then batches of every class at once with elements for
   the CPU, batch counts off the lane group, auto mode on batches large enough for
   the GPU, and what a failing GPU leaves (mpzg_gpu_fail_after) for tdiv_qr.
   divexact's own kernels (the exact division, low words first) also get divisors
   with trailing zero limbs and bits and d = 1 under quotients of one limb up to
   the widest of each class, of all ones, with a top word of 1, and zero; and
   input that the divisor does not divide must come back canonical, the same on
   every call.

   Skips (exit status 77) when no GPU is usable. */

#include <stdio.h>
#include <stdlib.h>
#include "gpu-harness.h"
#include "entries.h"
#include "div-entries.h"
#include "mpzg-mpn.h"
#include "tuning.h"
#include "gpu.h"

/* ---- the entries ----------------------------------------------------------------- */

static void gen_any (mpz_ptr *ops, size_t limbs);
static void gen_exact (mpz_ptr *ops, size_t limbs);

static const tst_op ops[] = DIV_ENTRIES (gen_any, gen_exact);
#define NOPS ((int) (sizeof ops / sizeof ops[0]))
#define IS_EXACT(op) ((op)->gen == gen_exact)

/* ---- operands ---------------------------------------------------------------------- */

/* B^k = 2^(64 k) */
static void
pow_b (mpz_t r, size_t k)
{
  mpz_set_ui (r, 0);
  mpz_setbit (r, (mp_bitcnt_t) k * TST_LIMB_BITS);
}

#define NDKIND 7
/* A divisor of nd >= 1 limbs, non-negative, of the kind asked. */
static void
make_divisor (mpz_t d, size_t nd, int kind)
{
  mpz_t t;
  mpz_init (t);
  switch (kind)
    {
    case 1:                     /* 2^(64 nd - 1) */
      mpz_set_ui (d, 0);
      mpz_setbit (d, (mp_bitcnt_t) nd * TST_LIMB_BITS - 1);
      break;
    case 2:                     /* B^(nd - 1) */
      pow_b (d, nd - 1);
      break;
    case 3:                     /* B^nd - 1 */
      pow_b (d, nd);
      mpz_sub_ui (d, d, 1);
      break;
    case 4:                     /* top word 2^63 + 1, the others small */
      mpz_set_ui (d, 1);
      mpz_setbit (d, TST_LIMB_BITS - 1);
      mpz_mul_2exp (d, d, (mp_bitcnt_t) (nd - 1) * TST_LIMB_BITS);
      mpz_add_ui (d, d, tst_urand (4));
      break;
    case 5:                     /* top word 2^63, the others all ones */
      mpz_set_ui (d, 0);
      mpz_setbit (d, (mp_bitcnt_t) nd * TST_LIMB_BITS - 1);
      pow_b (t, nd - 1);
      mpz_add (d, d, t);
      mpz_sub_ui (d, d, 1);
      break;
    case 6:                     /* top word 1: the largest normalizing shift */
      tst_rand_nat (t, nd - 1);
      pow_b (d, nd - 1);
      mpz_add (d, d, t);
      break;
    default:
      tst_rand_nonzero (d, nd);
      mpz_abs (d, d);
      break;
    }
  mpz_clear (t);
}

#define NNKIND 11
/* A dividend of about nn limbs against the divisor d > 0, non-negative, of the
   kind asked. */
static void
make_dividend (mpz_t n, mpz_srcptr d, size_t nn, int kind)
{
  size_t nd = mpz_size (d), k = nn > nd ? nn - nd : 0;
  mpz_t q, t;
  mpz_init (q);
  mpz_init (t);
  switch (kind)
    {
    case 1: case 2: case 3:     /* q d - 1, q d, q d + 1 */
      tst_rand_nonzero (q, k + tst_urand (2));
      mpz_abs (q, q);
      mpz_mul (n, q, d);
      if (kind == 1)
        mpz_sub_ui (n, n, 1);
      else if (kind == 3)
        mpz_add_ui (n, n, 1);
      break;
    case 4:                     /* B^nn - 1: the largest quotient */
      pow_b (n, nn);
      mpz_sub_ui (n, n, 1);
      break;
    case 5:                     /* every quotient digit B - 1, any remainder */
      pow_b (q, k + 1);
      mpz_sub_ui (q, q, 1);
      tst_rand_nat (t, nd);
      mpz_mod (t, t, d);
      mpz_mul (n, q, d);
      mpz_add (n, n, t);
      break;
    case 6:                     /* the top words the divisor's, then anything */
      tst_rand_nat (t, k);
      mpz_mul_2exp (n, d, (mp_bitcnt_t) k * TST_LIMB_BITS);
      mpz_add (n, n, t);
      break;
    case 7:                     /* the divisor's top words minus one, then ones */
      mpz_mul_2exp (n, d, (mp_bitcnt_t) k * TST_LIMB_BITS);
      mpz_sub_ui (n, n, 1);
      break;
    case 8:                     /* the divisor's top word, then random words */
      if (nn == 0)
        {
          mpz_set_ui (n, 0);
          break;
        }
      mpz_tdiv_q_2exp (q, d, (mp_bitcnt_t) (nd - 1) * TST_LIMB_BITS);
      tst_rand_nat (t, nn - 1);
      mpz_mul_2exp (n, q, (mp_bitcnt_t) (nn - 1) * TST_LIMB_BITS);
      mpz_add (n, n, t);
      break;
    case 9:                     /* shorter than the divisor */
      tst_rand_nat (n, nd - 1);
      break;
    case 10:
      mpz_set_ui (n, 0);
      break;
    default:
      tst_rand_nat (n, nn);
      break;
    }
  mpz_clear (q);
  mpz_clear (t);
}

/* Element i of in[0], in[1]: dividend kind nk of about nn limbs over divisor kind
   dk of nd limbs, signs s (bit 0: n < 0, bit 1: d < 0); divexact's dividend is
   rounded down to a multiple of the divisor. */
static void
make_pair (const tst_op *op, mpz_ptr n, mpz_ptr d, size_t nn, size_t nd, int dk, int nk, int s)
{
  make_divisor (d, nd, dk);
  make_dividend (n, d, nn, nk);
  if (IS_EXACT (op))
    {
      mpz_tdiv_q (n, n, d);
      mpz_mul (n, n, d);
    }
  if (s & 1)
    mpz_neg (n, n);
  if (s & 2)
    mpz_neg (d, d);
}

/* tst_op's generators (the recovery check after a failure): any kinds. */
static void
gen_any (mpz_ptr *o, size_t limbs)
{
  make_pair (&ops[0], o[0], o[1], limbs, 1 + tst_urand (limbs + 1),
             (int) tst_urand (NDKIND), (int) tst_urand (NNKIND), (int) tst_urand (4));
}

static void
gen_exact (mpz_ptr *o, size_t limbs)
{
  make_pair (&ops[NOPS - 1], o[0], o[1], limbs, 1 + tst_urand (limbs + 1),
             (int) tst_urand (NDKIND), (int) tst_urand (NNKIND), (int) tst_urand (4));
}

/* ---- batches ------------------------------------------------------------------------ */

static void
push (const tst_op *op, tst_batch *b, size_t nn, size_t nd, int dk, int nk, int s)
{
  ck_assert_uint_lt (b->n, b->cap);
  make_pair (op, b->in[0][b->n], b->in[1][b->n], nn, nd, dk, nk, s);
  b->n++;
}

/* Zero divisors at `count` random elements of b: their outputs stay untouched, and
   the call reports the lowest. */
static void
plant_zero_divisors (tst_batch *b, int count)
{
  int k;
  for (k = 0; k < count && b->n > 0; k++)
    mpz_set_ui (b->in[1][tst_urand (b->n)], 0);
}

/* ---- the classes, as the mpn layer reports them ---------------------------------- */

typedef struct
{
  unsigned cls;
  size_t wn, wd;                /* padded widths of the dividend and the divisor */
  size_t pn, pd;                /* the next narrower widths, 0 if none */
} edge;

static int
cmp_edge (const void *p, const void *q)
{
  const edge *a = p, *b = q;
  if (a->wn != b->wn)
    return a->wn < b->wn ? -1 : 1;
  return a->wd < b->wd ? -1 : a->wd > b->wd;
}

/* The classes that the ladder picks for operands of their own widths, by width. */
static size_t
read_edges (edge **list)
{
  unsigned ncls = mpzg_mpn_divrem_classes (), c;
  size_t max = mpzg_mpn_divrem_max (), n = 0, k, j;
  edge *e = malloc ((ncls ? ncls : 1) * sizeof *e);
  ck_assert_ptr_nonnull (e);
  tst_assert (max == mpzg_gpu_max_limbs (&mpzg_gpu_tdiv_qr),
              "the division family's limit is %zu limbs, its mpn layer's %zu",
              mpzg_gpu_max_limbs (&mpzg_gpu_tdiv_qr), max);
  for (c = 0; c < ncls; c++)
    {
      mpzg_mpn_shape sh;
      mpzg_mpn_divrem_shape (c, &sh);
      if (sh.w[0] == 0 || sh.w[1] == 0 || sh.w[1] > sh.w[0] || sh.w[0] > max)
        continue;
      if (mpzg_mpn_divrem_class (sh.w[0], sh.w[1]) != c)
        continue;
      e[n].cls = c;
      e[n].wn = sh.w[0];
      e[n].wd = sh.w[1];
      n++;
    }
  tst_assert (n > 0, "the division family reports no class that its ladder picks");
  qsort (e, n, sizeof *e, cmp_edge);
  for (k = 0; k < n; k++)
    {
      e[k].pn = e[k].pd = 0;
      for (j = 0; j < n; j++)
        {
          if (e[j].wn < e[k].wn && e[j].wn > e[k].pn)
            e[k].pn = e[j].wn;
          if (e[j].wd < e[k].wd && e[j].wd > e[k].pd)
            e[k].pd = e[j].wd;
        }
    }
  tst_assert (e[n - 1].wn == max, "the widest division class is %zu words, the maximum %zu",
              e[n - 1].wn, max);
  *list = e;
  return n;
}

/* The class the ladder picks for an element must hold it, its quotient and its
   remainder. */
static void
check_ladder (size_t nn, size_t nd)
{
  mpzg_mpn_shape sh;
  size_t x = nn > nd ? nn : nd;
  if (nd == 0 || x > mpzg_mpn_divrem_max ())
    return;
  mpzg_mpn_divrem_shape (mpzg_mpn_divrem_class (nn, nd), &sh);
  tst_assert (sh.w[0] >= x && sh.w[1] >= nd && sh.ow[1] >= nd
              && (nn < nd || sh.ow[0] >= nn - nd + 1),
              "division of %zu by %zu limbs: class %u of widths %u, %u and outputs %u, %u "
              "is too narrow", nn, nd, sh.cls, sh.w[0], sh.w[1], sh.ow[0], sh.ow[1]);
}

/* Classes up to this dividend width get every divisor kind against every dividend
   kind at every edge and every aliasing; wider ones fewer (the GMP reference
   grows with the square of the width). */
#define FULL_LIMBS 64
#define ALL_ALIASES_LIMBS 8

/* Per class: dividends of pn + 1, wn, wn + 1 limbs against divisors of pd + 1,
   wd, wd + 1 limbs, of every kind, signs in turn (each pair of kinds meets every
   sign combination); one-limb divisors; zero divisors in every third class. */
static void
check_class (const tst_op *op, const edge *e, size_t k)
{
  size_t ns[3] = { e->pn + 1, e->wn, e->wn + 1 };
  size_t ds[3] = { e->pd + 1, e->wd, e->wd + 1 };
  int full = e->wn <= FULL_LIMBS, p, dk, nk;
  size_t j, nal = DIV_NALIAS (op);
  tst_batch b;
  char where[128];
  tst_batch_new (&b, 2, 9 * NDKIND * NNKIND + NNKIND);
  for (p = 0; p < 9; p++)
    {
      size_t nn = ns[p / 3], nd = ds[p % 3];
      check_ladder (nn, nd);
      if (full)
        for (dk = 0; dk < NDKIND; dk++)
          for (nk = 0; nk < NNKIND; nk++)
            push (op, &b, nn, nd, dk, nk, (p + dk + nk) & 3);
      else
        for (nk = 0; nk < NNKIND; nk++)
          push (op, &b, nn, nd, (p + nk) % NDKIND, nk, (p + nk) & 3);
    }
  for (nk = 0; nk < NNKIND; nk++)
    push (op, &b, ns[tst_urand (3)], 1, nk % NDKIND, nk, nk & 3);
  if (k % 3 == 1)
    plant_zero_divisors (&b, 1 + (int) tst_urand (3));
  snprintf (where, sizeof where, "class %u, widths %zu / %zu (after %zu / %zu)",
            e->cls, e->wn, e->wd, e->pn, e->pd);
  for (j = 0; j < nal; j++)
    if (e->wn <= ALL_ALIASES_LIMBS || (full && j == 0) || j == 1 + k % (nal - 1))
      tst_check_op (op, &DIV_ALIASES (op)[j], b.in, b.n, where);
  tst_batch_free (&b);
}

START_TEST (t_class_edges)
{
  edge *e;
  size_t ne, k;
  TST_BEGIN ();
  ne = read_edges (&e);
  for (k = 0; k < ne; k++)
    check_class (&ops[_i], &e[k], k);
  free (e);
}
END_TEST

/* ---- divexact: the exact division's own corners ------------------------------------ */

/* q d for the exact division (low words first): d = u 2^t, u odd of about nd limbs
   less the shift, t taking whole zero limbs and bits (kind & 3: none, bits, limbs,
   both), or d = 1 (kind 4); q of about nq limbs: random, a top word of 1, all
   ones, one word, zero (kind / 5 % 5); signs s. */
static void
make_exact (mpz_ptr n, mpz_ptr d, size_t nd, size_t nq, int kind, int s)
{
  int dk = kind % 5, qk = kind / 5 % 5;
  mp_bitcnt_t t = 0;
  if (dk == 4)
    mpz_set_ui (d, 1);
  else
    {
      if (dk & 1)
        t += 1 + tst_urand (TST_LIMB_BITS - 1);
      if (dk & 2)
        t += (mp_bitcnt_t) TST_LIMB_BITS * tst_urand (nd);
      tst_rand_nonzero (d, nd);
      mpz_abs (d, d);
      mpz_tdiv_q_2exp (d, d, t);
      mpz_setbit (d, 0);
      mpz_mul_2exp (d, d, t);
    }
  switch (qk)
    {
    case 1:
      tst_rand_nat (n, nq > 1 ? nq - 1 : 0);
      mpz_setbit (n, (mp_bitcnt_t) TST_LIMB_BITS * (nq > 1 ? nq - 1 : 0));
      break;
    case 2:
      pow_b (n, nq);
      mpz_sub_ui (n, n, 1);
      break;
    case 3:
      tst_rand_nonzero (n, 1);
      break;
    case 4:
      mpz_set_ui (n, 0);
      break;
    default:
      tst_rand_nat (n, nq);
      break;
    }
  mpz_mul (n, n, d);
  if (s & 1)
    mpz_neg (n, n);
  if (s & 2)
    mpz_neg (d, d);
}

/* Per class: divisors at the class's edges with trailing zero limbs and bits, or
   1; quotients of one limb up to the widest the class holds (a long divisor with
   a short quotient is the exact division's cheap case), of every kind; every
   sign; under every aliasing of the smallest classes. */
START_TEST (t_divexact_corners)
{
  const tst_op *op = &ops[NOPS - 1];
  edge *e;
  size_t ne, k, j;
  char where[128];
  TST_BEGIN ();
  ne = read_edges (&e);
  for (k = 0; k < ne; k++)
    {
      size_t ds[2] = { e[k].pd + 1, e[k].wd };
      int full = e[k].wn <= FULL_LIMBS, kind, x;
      tst_batch b;
      tst_batch_new (&b, 2, 2 * 3 * 25);
      for (x = 0; x < 2; x++)
        for (kind = 0; kind < 25; kind++)
          {
            size_t nd = ds[x], room = e[k].wn > nd ? e[k].wn - nd : 0;
            size_t qs[3] = { 1, 1 + room / 2, room + 1 };
            int y;
            for (y = 0; y < 3; y++)
              {
                if (!full && (kind + y) % 3 != 0)
                  continue;
                ck_assert_uint_lt (b.n, b.cap);
                make_exact (b.in[0][b.n], b.in[1][b.n], nd, qs[y], kind, (kind + x + y) & 3);
                b.n++;
              }
          }
      tst_batch_shuffle (&b);
      snprintf (where, sizeof where, "divexact corners, class %u, widths %zu / %zu",
                e[k].cls, e[k].wn, e[k].wd);
      for (j = 0; j < DIV_NALIAS (op); j++)
        if (e[k].wn <= ALL_ALIASES_LIMBS || j == k % DIV_NALIAS (op))
          tst_check_op (op, &DIV_ALIASES (op)[j], b.in, b.n, where);
      tst_batch_free (&b);
    }
  free (e);
}
END_TEST

/* Input that the divisor does not divide (GMP leaves the quotient unspecified):
   the call succeeds, its results are canonical integers (no zero top limb, no
   negative zero) and the same on a second call; a dividend shorter than the
   divisor gives 0, as GMP's. */
START_TEST (t_divexact_inexact)
{
  edge *e;
  size_t ne, k, n = 0, cap;
  mpz_t *q1, *q2, *nv, *dv;
  TST_BEGIN ();
  ne = read_edges (&e);
  cap = 4 * ne;
  q1 = tst_vec_new (cap);
  q2 = tst_vec_new (cap);
  nv = tst_vec_new (cap);
  dv = tst_vec_new (cap);
  for (k = 0; k < ne; k++)
    {
      int r;
      for (r = 0; r < 4; r++, n++)
        {
          size_t nd = r & 1 ? e[k].wd : e[k].pd + 1;
          make_divisor (dv[n], nd, (int) ((k + r) % NDKIND));
          if (r == 3)
            tst_rand_nat (nv[n], nd - 1);
          else
            {
              tst_rand_nonzero (nv[n], e[k].wn);
              mpz_abs (nv[n], nv[n]);
              if (mpz_divisible_p (nv[n], dv[n]))
                mpz_add_ui (nv[n], nv[n], 1);
            }
          if ((k + r) & 1)
            mpz_neg (nv[n], nv[n]);
          if ((k + r) & 2)
            mpz_neg (dv[n], dv[n]);
        }
    }
  ck_assert_int_eq (mpzg_divexact_n (q1, nv, dv, n), MPZG_OK);
  ck_assert_int_eq (mpzg_divexact_n (q2, nv, dv, n), MPZG_OK);
  for (k = 0; k < n; k++)
    {
      size_t sz = mpz_size (q1[k]);
      tst_assert (mpz_cmp (q1[k], q2[k]) == 0, "element %zu: two calls disagree", k);
      tst_assert (sz == 0 || mpz_getlimbn (q1[k], (mp_size_t) sz - 1) != 0,
                  "element %zu: a zero top limb", k);
      tst_assert (sz == 0 || mpz_size (nv[k]) >= mpz_size (dv[k]),
                  "element %zu: |n| < |d| must give 0", k);
      tst_assert (sz == 0 || sz <= mpz_size (nv[k]) - mpz_size (dv[k]) + 1,
                  "element %zu: a quotient of %zu limbs", k, sz);
    }
  tst_vec_free (q1, cap);
  tst_vec_free (q2, cap);
  tst_vec_free (nv, cap);
  tst_vec_free (dv, cap);
  free (e);
}
END_TEST

/* ---- mixed batches, counts, auto mode ---------------------------------------------- */

/* An element at the edge of a random class (or inside it), of random kinds and
   signs, now and then with a one-limb divisor, or above the GPU's largest size
   (dividend or divisor: the CPU takes those in the same call).  With wide > 0,
   only one element in `wide` comes from a class wider than FULL_LIMBS (large
   batches: the GMP reference of wide classes is slow). */
static void
push_mixed (const tst_op *op, tst_batch *b, const edge *e, size_t ne, unsigned long wide)
{
  size_t max = mpzg_mpn_divrem_max (), narrow = 0, nn, nd;
  const edge *c;
  int dk = (int) tst_urand (NDKIND), nk = (int) tst_urand (NNKIND), s = (int) tst_urand (4);
  unsigned long r = tst_urand (32);
  while (narrow < ne && e[narrow].wn <= FULL_LIMBS)
    narrow++;
  if (wide > 0 && narrow > 0 && narrow < ne && tst_urand (wide) != 0)
    ne = narrow;
  c = &e[tst_urand (ne)];
  if (r < 2 && wide > 0 && max > FULL_LIMBS && tst_urand (wide) != 0)
    r = 4;                      /* above a wide GPU limit: as rare as wide classes */
  switch (r)
    {
    case 0:
      nn = max + 1 + tst_urand (2);
      nd = 1 + tst_urand (nn);
      break;
    case 1:
      nd = max + 1;
      nn = nd + tst_urand (3);
      nk = 0;
      break;
    case 2: case 3:
      nn = c->wn + tst_urand (2);
      nd = 1;
      break;
    default:
      nn = tst_urand (4) ? c->wn + tst_urand (2) : c->pn + 1 + tst_urand (c->wn - c->pn);
      nd = tst_urand (4) ? c->wd + tst_urand (2) : c->pd + 1 + tst_urand (c->wd - c->pd);
      break;
    }
  push (op, b, nn, nd, dk, nk, s);
}

/* One batch with elements of every class, of every kind, and some for the CPU (a
   dividend or a divisor above the GPU's largest size), zero divisors among them,
   under every aliasing. */
START_TEST (t_every_class_in_one_batch)
{
  const tst_op *op = &ops[_i];
  edge *e;
  size_t ne, k, max = mpzg_mpn_divrem_max ();
  tst_batch b;
  TST_BEGIN ();
  ne = read_edges (&e);
  tst_batch_new (&b, 2, 2 * ne + 8);
  for (k = 0; k < ne; k++)
    {
      push (op, &b, e[k].wn, e[k].wd, (int) (k % NDKIND), (int) (k % NNKIND), (int) (k & 3));
      push (op, &b, e[k].pn + 1, e[k].pd + 1, (int) ((k + 3) % NDKIND), (int) ((k + 5) % NNKIND),
            (int) ((k + 1) & 3));
    }
  push (op, &b, max + 1, max / 2 + 1, 0, 0, 1);
  push (op, &b, max + 1, 1, 4, 6, 2);
  push (op, &b, max + 2, max + 1, 5, 7, 3);
  push (op, &b, max, max + 1, 0, 0, 0);
  tst_batch_shuffle (&b);
  tst_check_op (op, NULL, b.in, b.n, "every class in one batch");
  plant_zero_divisors (&b, 3);
  for (k = 0; k < DIV_NALIAS (op); k++)
    tst_check_op (op, &DIV_ALIASES (op)[k], b.in, b.n, "every class in one batch, zero divisors");
  tst_batch_free (&b);
  free (e);
}
END_TEST

/* Batch counts 0, 1, around the lane group of 8, and larger ones that are not a
   multiple of it, of mixed classes. */
START_TEST (t_counts)
{
  static const size_t counts[] = { 0, 1, 2, 7, 8, 9, 17, 255, 1001 };
  const tst_op *op = &ops[_i];
  edge *e;
  size_t ne, j, k;
  int r, reps = tst_reps (1);
  char where[64];
  TST_BEGIN ();
  ne = read_edges (&e);
  for (r = 0; r < reps; r++)
    for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
      {
        tst_batch b;
        tst_batch_new (&b, 2, counts[j]);
        for (k = 0; k < counts[j]; k++)
          push_mixed (op, &b, e, ne, 0);
        snprintf (where, sizeof where, "count %zu", counts[j]);
        tst_check_op (op, &DIV_ALIASES (op)[(j + r) % DIV_NALIAS (op)], b.in, b.n, where);
        tst_batch_free (&b);
      }
  free (e);
}
END_TEST

/* Auto mode on a batch of mixed classes large enough (count and average size) for
   the GPU by the tuned thresholds, with zero divisors and elements for the CPU. */
/* auto mode's work threshold reached at the smallest average size it takes */
#define AUTO_N ((size_t) (MPZG_DIV_WORTH_WORK / (MPZG_DIV_WORTH_AVG * MPZG_DIV_WORTH_AVG)) + 4099)

START_TEST (t_auto)
{
  const tst_op *op = &ops[_i];
  edge *e;
  size_t ne, k;
  tst_batch b;
  TST_BEGIN ();
  ne = read_edges (&e);
  tst_batch_new (&b, 2, AUTO_N);
  for (k = 0; k < AUTO_N; k++)
    push_mixed (op, &b, e, ne, 256);
  ck_assert_int_eq (mpzg_set_backend (MPZG_BACKEND_AUTO), MPZG_OK);
  tst_check_op (op, &DIV_ALIASES (op)[_i % DIV_NALIAS (op)], b.in, b.n, "auto");
  plant_zero_divisors (&b, 5);
  tst_check_op (op, &DIV_ALIASES (op)[(_i + 1) % DIV_NALIAS (op)], b.in, b.n, "auto, zero divisors");
  tst_batch_free (&b);
  free (e);
}
END_TEST

/* ---- a failing GPU ------------------------------------------------------------------ */

/* tdiv_qr (both outputs) on dividends of FAIL_LIMBS limbs (or the GPU's largest
   size, if smaller) over divisors of half as many, enough of them for ten chunks of
   MPZG_SLOT_WORDS input words; every seventh of another class, every 4999th above
   the GPU's largest size.  Auto mode sends such a batch to the GPU. */
#define FAIL_LIMBS 32

static size_t
fail_limbs (void)
{
  size_t max = mpzg_mpn_divrem_max ();
  return max < FAIL_LIMBS ? max : FAIL_LIMBS;
}

static void
fail_gen (const tst_fail_batch *fb, mpz_ptr *o, size_t i)
{
  size_t nn = fail_limbs (), nd = (nn + 1) / 2;
  if (i % 4999 == 2500)
    {
      nn = fb->max + 1;
      nd = 1 + tst_urand (nn);
    }
  else if (i % 7 == 3)
    {
      nn = 1 + tst_urand (nn);
      nd = 1 + tst_urand (nn);
    }
  make_pair (fb->op, o[0], o[1], nn, nd, (int) tst_urand (NDKIND), (int) tst_urand (NNKIND),
             (int) tst_urand (4));
}

static void
fail_batch (tst_fail_batch *fb)
{
  mpzg_mpn_shape sh;
  size_t nn = fail_limbs ();
  mpzg_mpn_divrem_shape (mpzg_mpn_divrem_class (nn, (nn + 1) / 2), &sh);
  fb->op = &ops[0];
  fb->max = mpzg_mpn_divrem_max ();
  fb->beyond = mpzg_gpu_huge_takes (&mpzg_gpu_tdiv_qr);  /* long divisions */
  fb->n = 10 * MPZG_SLOT_WORDS / (sh.in_bytes / sizeof (mpzg_mpn_word));
  /* enough work for auto mode's threshold (count times size squared) */
  if (fb->n < (size_t) (MPZG_DIV_WORTH_WORK / ((double) fail_limbs () * fail_limbs ())) + 1000)
    fb->n = (size_t) (MPZG_DIV_WORTH_WORK / ((double) fail_limbs () * fail_limbs ())) + 1000;
  tst_fail_batch_make (fb, fail_gen);
}

/* MPZG_BACKEND=cuda: the GPU share fails before the first chunk, after one, after
   three, or never; q separate, q == n, q == d in turn (r separate). */
START_TEST (t_fail_cuda)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_cuda_runs (&fb, 3, mpzg_mpn_divrem_max () + 2);
  tst_fail_batch_free (&fb);
}
END_TEST

/* Auto mode: the failed elements are recomputed with GMP, also when q is n or d. */
START_TEST (t_fail_auto)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_auto_runs (&fb, 0, mpzg_mpn_divrem_max () + 2);
  tst_fail_batch_free (&fb);
}
END_TEST

/* ---- the suite ------------------------------------------------------------------------ */

static void
add_tests (TCase *tc)
{
  tcase_add_loop_test (tc, t_class_edges, 0, NOPS);
  tcase_add_loop_test (tc, t_every_class_in_one_batch, 0, NOPS);
  tcase_add_loop_test (tc, t_counts, 0, NOPS);
  tcase_add_loop_test (tc, t_auto, 0, NOPS);
  tcase_add_test (tc, t_divexact_corners);
  tcase_add_test (tc, t_divexact_inexact);
  tcase_add_test (tc, t_fail_cuda);
  tcase_add_test (tc, t_fail_auto);
}

int
main (void)
{
  return tst_gpu_main ("gpu-div", add_tests);
}
