/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gpu.c -- the GPU path of mpzg_add_n, mpzg_sub_n and mpzg_mul_n against GMP
   loops, with MPZG_BACKEND=cuda: at the edges of every size class that the
   device's mpn layer reports (cuda/mpzg-mpn.h), with every sign combination,
   zero, equal and opposite operands, carries across the whole width and every
   aliasing (mul's classes above one block's width, the whole-device transform's,
   a sample: the square ones, those of a one-word b and every seventh); in batches
   that mix classes with elements above the classes' largest size (which go to the
   CPU in the same call, mul's to its path for long products); at batch counts 0,
   1 and off the lane group.  Then what a failing GPU leaves (mpzg_gpu_fail_after): in auto mode every
   result is still GMP's, with MPZG_BACKEND=cuda the call fails with MPZG_EDEVICE,
   names the lowest element not computed, and leaves those elements untouched.

   Skips (exit status 77) when no GPU is usable. */

#include <stdio.h>
#include <stdlib.h>
#include "gpu-harness.h"
#include "entries.h"
#include "mpzg-mpn.h"
#include "tuning.h"
#include "gpu.h"

static void
gen (mpz_ptr *x, size_t limbs)
{
  tst_rand_op (x[0], limbs);
  tst_rand_op (x[1], tst_urand (2) ? limbs : tst_urand (limbs + 1));
}

static const tst_op ops[] = {
  { "add", 1, 2, -1, 0, 0, tst_call_add, tst_ref_add, gen },
  { "sub", 1, 2, -1, 0, 0, tst_call_sub, tst_ref_sub, gen },
  { "mul", 1, 2, -1, 0, 0, tst_call_mul, tst_ref_mul, gen },
};
#define NOPS ((int) (sizeof ops / sizeof ops[0]))
/* A function, not a macro: a macro would compare with whatever is named ops where
   it is used (fail_gen's operands are). */
static int
is_mul (const tst_op *op)
{
  return op == &ops[2];
}

#define NALIAS ((size_t) TST_NALIAS_BINARY)

/* ---- the classes, as the mpn layer reports them ---------------------------------- */

typedef struct
{
  unsigned cls;
  size_t w0, w1;                /* padded widths: add/sub's w0 == w1 */
  size_t prev0, prev1;          /* the next narrower width of either operand, 0 if none */
} edge;

static int
cmp_edge (const void *p, const void *q)
{
  const edge *a = p, *b = q;
  if (a->w0 != b->w0)
    return a->w0 < b->w0 ? -1 : 1;
  return a->w1 < b->w1 ? -1 : a->w1 > b->w1;
}

/* The classes of add/sub or mul that the ladder picks for operands of their own
   widths (a class index it never picks has no elements), by width. */
static size_t
read_edges (int mul, edge **list)
{
  unsigned ncls = mul ? mpzg_mpn_mul_classes () : mpzg_mpn_addsub_classes (), c;
  size_t max = mul ? mpzg_mpn_mul_max () : mpzg_mpn_addsub_max (), n = 0, k, j;
  edge *e = malloc ((ncls ? ncls : 1) * sizeof *e);
  ck_assert_ptr_nonnull (e);
  for (c = 0; c < ncls; c++)
    {
      mpzg_mpn_shape sh;
      if (mul)
        mpzg_mpn_mul_shape (c, &sh);
      else
        mpzg_mpn_addsub_shape (c, &sh);
      if (sh.w[0] == 0 || sh.w[1] == 0 || sh.w[1] > sh.w[0] || sh.w[0] > max)
        continue;
      if ((mul ? mpzg_mpn_mul_class (sh.w[0], sh.w[1]) : mpzg_mpn_addsub_class (sh.w[0])) != c)
        continue;
      e[n].cls = c;
      e[n].w0 = sh.w[0];
      e[n].w1 = sh.w[1];
      n++;
    }
  tst_assert (n > 0, "the %s family reports no class that its ladder picks", mul ? "mul" : "add/sub");
  qsort (e, n, sizeof *e, cmp_edge);
  for (k = 0; k < n; k++)
    {
      e[k].prev0 = e[k].prev1 = 0;
      for (j = 0; j < n; j++)
        {
          if (e[j].w0 < e[k].w0 && e[j].w0 > e[k].prev0)
            e[k].prev0 = e[j].w0;
          if (e[j].w1 < e[k].w1 && e[j].w1 > e[k].prev1)
            e[k].prev1 = e[j].w1;
        }
    }
  tst_assert (e[n - 1].w0 == max, "the widest %s class is %zu words, the maximum %zu",
              mul ? "mul" : "add/sub", e[n - 1].w0, max);
  *list = e;
  return n;
}

/* The class the ladder picks for an element must hold it. */
static void
check_ladder (int mul, size_t na, size_t nb)
{
  mpzg_mpn_shape sh;
  size_t x = na > nb ? na : nb, y = na > nb ? nb : na;
  /* Zero operands need no class: the host may answer them itself. */
  if (x > (mul ? mpzg_mpn_mul_max () : mpzg_mpn_addsub_max ()) || x == 0 || (mul && y == 0))
    return;
  if (mul)
    mpzg_mpn_mul_shape (mpzg_mpn_mul_class (x, y), &sh);
  else
    mpzg_mpn_addsub_shape (mpzg_mpn_addsub_class (x), &sh);
  tst_assert (sh.w[0] >= x && sh.w[1] >= (mul ? y : x),
              "%s of %zu and %zu limbs: class %u of widths %u and %u is too narrow",
              mul ? "mul" : "add/sub", na, nb, sh.cls, sh.w[0], sh.w[1]);
}

/* ---- building batches -------------------------------------------------------------- */

/* Element *n (then n+1, ...): operands of na and nb limbs, with every sign
   combination (four elements) or one at random. */
static void
push_pair (mpz_t **in, size_t *n, size_t na, size_t nb, int all_signs)
{
  int s, s0 = all_signs ? 0 : (int) tst_urand (4), s1 = all_signs ? 4 : s0 + 1;
  for (s = s0; s < s1; s++, (*n)++)
    {
      tst_rand_nat (in[0][*n], na);
      tst_rand_nat (in[1][*n], nb);
      if (s & 1)
        mpz_neg (in[0][*n], in[0][*n]);
      if (s & 2)
        mpz_neg (in[1][*n], in[1][*n]);
    }
}

static void
ones (mpz_t r, size_t limbs)
{
  mpz_set_ui (r, 0);
  mpz_setbit (r, (mp_bitcnt_t) limbs * TST_LIMB_BITS);
  mpz_sub_ui (r, r, 1);
}

#define NSPECIALS 8
/* Operands at the widths w0, w1 whose results cancel or carry across the whole
   width: equal, opposite, opposite plus one, all-ones plus one, all-ones times
   all-ones, 2^(64 w0) - 1 against -2^(64 w0), top bits only, zero. */
static void
push_specials (mpz_t **in, size_t *n, size_t w0, size_t w1)
{
  mpz_ptr a, b;
  a = in[0][*n], b = in[1][(*n)++];
  tst_rand_op (a, w0);
  mpz_set (b, a);
  a = in[0][*n], b = in[1][(*n)++];
  tst_rand_op (a, w0);
  mpz_neg (b, a);
  a = in[0][*n], b = in[1][(*n)++];
  tst_rand_op (a, w0);
  mpz_neg (b, a);
  mpz_add_ui (b, b, 1);
  a = in[0][*n], b = in[1][(*n)++];
  ones (a, w0);
  mpz_set_si (b, tst_urand (2) ? 1 : -1);
  a = in[0][*n], b = in[1][(*n)++];
  ones (a, w0);
  ones (b, w1);
  tst_rand_sign (b);
  a = in[0][*n], b = in[1][(*n)++];
  ones (a, w0);
  mpz_set_ui (b, 0);
  mpz_setbit (b, (mp_bitcnt_t) w0 * TST_LIMB_BITS);
  mpz_neg (b, b);
  a = in[0][*n], b = in[1][(*n)++];
  mpz_set_ui (a, 0);
  mpz_setbit (a, (mp_bitcnt_t) w0 * TST_LIMB_BITS - 1);
  mpz_set_ui (b, 0);
  mpz_setbit (b, (mp_bitcnt_t) w1 * TST_LIMB_BITS - 1);
  a = in[0][*n], b = in[1][(*n)++];
  mpz_set_ui (a, 0);
  tst_rand_op (b, w1);
}

/* Swaps the operands of elements [from, n) at random: the library puts the longer
   operand first itself. */
static void
shuffle_operands (mpz_t **in, size_t from, size_t n)
{
  for (; from < n; from++)
    if (tst_urand (2))
      mpz_swap (in[0][from], in[1][from]);
}

/* ---- every class edge -------------------------------------------------------------- */

/* Per add/sub class of width w after the next narrower width p: the longer operand
   of p, p + 1, w - 1, w, w + 1 limbs (w + 1: the next class or the CPU), against
   one limb less, the same, one, zero and a random size below; then the specials. */
static void
check_addsub_classes (const tst_op *op)
{
  edge *e;
  size_t ne = read_edges (0, &e), k, j, n, cap;
  int r, reps = tst_reps (1);
  char where[96];
  for (k = 0; k < ne; k++)
    {
      size_t w = e[k].w0, p = e[k].prev0;
      size_t sizes[5] = { p, p + 1, w - 1, w, w + 1 };
      int all_signs = w <= 1024;
      mpz_t *in[3] = { NULL, NULL, NULL };
      cap = 5 * (7 + 2 * (size_t) reps) * 4 + NSPECIALS;
      in[0] = tst_vec_new (cap);
      in[1] = tst_vec_new (cap);
      n = 0;
      for (j = 0; j < 5; j++)
        {
          size_t s = sizes[j];
          push_pair (in, &n, s, s, all_signs);
          push_pair (in, &n, s, s ? s - 1 : 0, all_signs);
          push_pair (in, &n, s ? s - 1 : 0, s, all_signs);
          push_pair (in, &n, s, 0, all_signs);
          push_pair (in, &n, 0, s, all_signs);
          push_pair (in, &n, s, 1, all_signs);
          push_pair (in, &n, 1, s, all_signs);
          for (r = 0; r < reps; r++)
            {
              push_pair (in, &n, s, tst_urand (s + 1), all_signs);
              push_pair (in, &n, tst_urand (s + 1), s, all_signs);
            }
          check_ladder (0, s, s);
        }
      tst_assert (mpzg_mpn_addsub_class (p + 1) == e[k].cls,
                  "add/sub of %zu limbs: class %u, want %u (widths %zu to %zu)",
                  p + 1, mpzg_mpn_addsub_class (p + 1), e[k].cls, p + 1, w);
      push_specials (in, &n, w, w);
      ck_assert_uint_le (n, cap);
      /* Every aliasing on the narrow classes, one in turn on the wide ones. */
      for (j = 0; j < NALIAS; j++)
        if (w <= 1024 || j == k % NALIAS)
          {
            snprintf (where, sizeof where, "class %u, width %zu (after %zu)", e[k].cls, w, p);
            tst_check_op (op, &tst_aliases_binary[j], in, n, where);
          }
      tst_vec_free (in[0], cap);
      tst_vec_free (in[1], cap);
    }
  free (e);
}

/* Per mul class of widths w0 >= w1 after the next narrower widths p0, p1: a of
   p0 + 1, w0, w0 + 1 limbs against b of zero, one, p1 + 1, w1, w1 + 1 limbs, in
   either order; then the specials. */
static void
check_mul_classes (const tst_op *op)
{
  edge *e;
  size_t ne = read_edges (1, &e), k, i, j, n, cap;
  int r, reps = tst_reps (1);
  char where[128];
  for (k = 0; k < ne; k++)
    {
      size_t w0 = e[k].w0, w1 = e[k].w1;
      size_t as[3] = { e[k].prev0 + 1, w0, w0 + 1 };
      size_t bs[5] = { 0, 1, e[k].prev1 + 1, w1, w1 + 1 };
      int all_signs = w0 * w1 <= 256;
      mpz_t *in[3] = { NULL, NULL, NULL };
      /* products cost GMP milliseconds each up there */
      if (w0 > MPZG_MUL_BLOCK_MAX_LIMBS && w1 != w0 && e[k].prev1 != 0 && k % 7 != 0)
        continue;
      cap = (3 * 5 + (size_t) reps) * 4 + NSPECIALS;
      in[0] = tst_vec_new (cap);
      in[1] = tst_vec_new (cap);
      n = 0;
      for (i = 0; i < 3; i++)
        for (j = 0; j < 5; j++)
          {
            push_pair (in, &n, as[i], bs[j], all_signs);
            check_ladder (1, as[i], bs[j]);
          }
      for (r = 0; r < reps; r++)
        push_pair (in, &n, e[k].prev0 + 1 + tst_urand (w0 - e[k].prev0),
                   tst_urand (w1 + 1), all_signs);
      push_specials (in, &n, w0, w1);
      shuffle_operands (in, 0, n);
      ck_assert_uint_le (n, cap);
      snprintf (where, sizeof where, "class %u, widths %zu x %zu (after %zu x %zu)",
                e[k].cls, w0, w1, e[k].prev0, e[k].prev1);
      tst_check_op (op, &tst_aliases_binary[k % NALIAS], in, n, where);
      tst_vec_free (in[0], cap);
      tst_vec_free (in[1], cap);
    }
  free (e);
}

START_TEST (t_class_edges)
{
  TST_BEGIN ();
  if (is_mul (&ops[_i]))
    check_mul_classes (&ops[_i]);
  else
    check_addsub_classes (&ops[_i]);
}
END_TEST

/* ---- mixed batches and counts ------------------------------------------------------ */

/* Element i of a mixed batch: both operands at the edge of a random class (or a
   random size inside it), now and then above the GPU's largest size (the CPU
   takes those in the same call). */
static void
push_mixed (const tst_op *op, mpz_t **in, size_t *n, const edge *e, size_t ne)
{
  const edge *c = &e[tst_urand (ne)];
  int mul = is_mul (op);
  size_t max = mul ? mpzg_mpn_mul_max () : mpzg_mpn_addsub_max ();
  size_t na, nb;
  if (tst_urand (mul ? 64 : 16) == 0)
    {
      na = max + 1 + tst_urand (3);
      nb = mul ? tst_urand (na + 1) : na - tst_urand (2);
    }
  else
    {
      na = tst_urand (4) ? c->w0 + tst_urand (2) : c->prev0 + 1 + tst_urand (c->w0 - c->prev0);
      nb = tst_urand (4) ? c->w1 + tst_urand (2) : tst_urand (c->w1 + 1);
    }
  push_pair (in, n, na, nb, 0);
  shuffle_operands (in, *n - 1, *n);
}

/* One batch with an element of every class and some for the CPU, under every
   aliasing. */
START_TEST (t_every_class_in_one_batch)
{
  const tst_op *op = &ops[_i];
  edge *e;
  size_t ne, k, n = 0, cap;
  mpz_t *in[3] = { NULL, NULL, NULL };
  TST_BEGIN ();
  ne = read_edges (is_mul (op), &e);
  cap = ne + ne / 8 + 8;
  in[0] = tst_vec_new (cap);
  in[1] = tst_vec_new (cap);
  for (k = 0; k < ne; k++)
    {
      push_pair (in, &n, e[k].w0, e[k].w1, 0);
      if (k % 8 == 3)
        push_mixed (op, in, &n, e, ne);
    }
  /* three for the CPU: two at the end, one in the middle */
  for (k = 0; k < 3; k++)
    push_pair (in, &n, (is_mul (op) ? mpzg_mpn_mul_max () : mpzg_mpn_addsub_max ()) + 1, 1 + k, 0);
  mpz_swap (in[0][n - 1], in[0][n / 2]);
  mpz_swap (in[1][n - 1], in[1][n / 2]);
  shuffle_operands (in, 0, n);
  for (k = 0; k < NALIAS; k++)
    tst_check_op (op, &tst_aliases_binary[k], in, n, "every class in one batch");
  tst_vec_free (in[0], cap);
  tst_vec_free (in[1], cap);
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
  size_t ne, j, k, n;
  int r, reps = tst_reps (2);
  char where[64];
  TST_BEGIN ();
  ne = read_edges (is_mul (op), &e);
  for (r = 0; r < reps; r++)
    for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
      {
        mpz_t *in[3] = { NULL, NULL, NULL };
        in[0] = tst_vec_new (counts[j]);
        in[1] = tst_vec_new (counts[j]);
        for (n = 0, k = 0; k < counts[j]; k++)
          push_mixed (op, in, &n, e, ne);
        snprintf (where, sizeof where, "count %zu", counts[j]);
        tst_check_op (op, &tst_aliases_binary[(j + r) % NALIAS], in, n, where);
        tst_vec_free (in[0], counts[j]);
        tst_vec_free (in[1], counts[j]);
      }
  free (e);
}
END_TEST

/* ---- a failing GPU ------------------------------------------------------------------ */

/* Elements of the failure tests: 2^16 of 64 limbs (at least eight chunks of
   MPZG_SLOT_WORDS input words), every seventh of another class, every 4999th above
   the classes' largest size (add/sub: the CPU's; mul: its long products' path, the
   GPU's, so that the failure test counts them as GPU elements; their b is not
   zero, which would make them the CPU's).  Auto mode sends such a mul batch to the
   GPU. */
#define FAIL_N ((size_t) 1 << 16)
#define FAIL_LIMBS 64

static void
fail_gen (const tst_fail_batch *fb, mpz_ptr *x, size_t i)
{
  static const size_t other[] = { 1, 5, 17, 130 };
  size_t na;
  int big = i % 4999 == 2500;
  if (big)
    na = (is_mul (fb->op) ? mpzg_mpn_mul_max () : fb->max) + 1;
  else if (i % 7 == 3)
    na = other[tst_urand (4)];
  else
    na = FAIL_LIMBS;
  tst_rand_op (x[0], na);
  tst_rand_op (x[1], tst_urand (8) ? na : big ? 1 + tst_urand (na) : tst_urand (na + 1));
}

static void
fail_batch (const tst_op *op, tst_fail_batch *fb)
{
  fb->op = op;
  fb->max = is_mul (op) ? mpzg_mpn_mul_grid_max () : mpzg_mpn_addsub_max ();
  fb->beyond = NULL;
  fb->n = FAIL_N;
  tst_fail_batch_make (fb, fail_gen);
}

/* MPZG_BACKEND=cuda: the GPU share fails before the first chunk, after one, after
   three (of at least eight), or never (a limit no call reaches); rop separate,
   rop == op1, rop == op2 in turn. */
START_TEST (t_fail_cuda)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&ops[_i], &fb);
  tst_fail_cuda_runs (&fb, 3, 200);
  tst_fail_batch_free (&fb);
}
END_TEST

/* Auto mode: the failed elements are recomputed with GMP, also when the output is
   an input (the recomputation must read operands the GPU share did not
   overwrite).  Only mul: auto mode sends add/sub to the GPU from 2^30 limbs. */
START_TEST (t_fail_auto)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&ops[2], &fb);
  tst_fail_auto_runs (&fb, 0, 200);
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
  tcase_add_loop_test (tc, t_fail_cuda, 0, NOPS);
  tcase_add_test (tc, t_fail_auto);
}

int
main (void)
{
  return tst_gpu_main ("gpu", add_tests);
}
