/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gpu-gcd.c -- mpzg_gcd_n, mpzg_gcdext_n (with and without s and t) and
   mpzg_invert_n (with and without `exists`) against GMP loops, with
   MPZG_BACKEND=cuda.  At the edges of every size class of the device's gcd
   (cuda/mpzg-mpn.h: operands of w - 1, w and w + 1 limbs around each class width
   w, against each other and against shorter ones), with operands made for the
   corners of a binary GCD:

     zero on either side and both, a = b, a = -b, a = b k, ±1, powers of two on
     either side, both with trailing zeros, a planted large common factor,
     consecutive Fibonacci numbers (the most steps for their size), long runs of
     zero and one bits, 2^p - 1 against 2^q - 1;

   with every sign combination and every aliasing of outputs with inputs that the
   calls allow; then every pair of |a|, |b| <= 20 of every sign; batches of every
   class at once with elements above the GPU's largest size (which go to the CPU in
   the same call); batch counts off the lane group; and what a failing GPU leaves
   (mpzg_gpu_fail_after) for gcd, in auto mode and under MPZG_BACKEND=cuda.

   gcdext and invert have the gcd's classes on the GPU, the one-thread ones and the
   cooperative ones from 64 limbs (read_widths checks that their ladder and limit
   are the gcd's), so every test here runs them at every class edge and, in
   t_coop_sizes, at every size of the cooperative classes (33 limbs, the 64-limb
   class's lower edge, to 1024).

   Skips (exit status 77) when no GPU is usable. */

#include <stdio.h>
#include <stdlib.h>
#include "gpu-harness.h"
#include "entries.h"
#include "gcd-entries.h"
#include "mpzg-mpn.h"
#include "tuning.h"
#include "gpu.h"

/* ---- the entries --------------------------------------------------------------------- */

static void gen_any (mpz_ptr *ops, size_t limbs);

static const tst_op ops[] = GCD_ENTRIES (gen_any, gen_any);
#define NOPS ((int) (sizeof ops / sizeof ops[0]))

/* ---- operands ------------------------------------------------------------------------ */

/* Exactly `limbs` limbs with the top bit set (products of such numbers have exactly
   the sum of their sizes); 1 for zero limbs. */
static void
rand_top (mpz_t r, size_t limbs)
{
  if (limbs == 0)
    {
      mpz_set_ui (r, 1);
      return;
    }
  tst_rand_nat (r, limbs);
  mpz_setbit (r, (mp_bitcnt_t) limbs * TST_LIMB_BITS - 1);
}

/* A power of two of exactly `limbs` limbs; 0 for zero limbs. */
static void
pow2 (mpz_t r, size_t limbs)
{
  mpz_set_ui (r, 0);
  if (limbs > 0)
    mpz_setbit (r, (mp_bitcnt_t) limbs * TST_LIMB_BITS - 1 - tst_urand (TST_LIMB_BITS));
}

/* F(k) and F(k + 1) with F(k + 1) of exactly `limbs` limbs (limbs >= 1). */
static void
fibonacci (mpz_t a, mpz_t b, size_t limbs)
{
  /* F(k) has about 0.694 k bits */
  unsigned long k = (unsigned long) limbs * 92;
  mpz_fib2_ui (b, a, k + 1);
  while (mpz_size (b) > limbs)
    mpz_fib2_ui (b, a, --k + 1);
  for (;;)
    {
      mpz_fib2_ui (b, a, k + 2);
      if (mpz_size (b) > limbs)
        break;
      k++;
    }
  mpz_fib2_ui (b, a, k + 1);
}

#define NKIND 15
/* Operands of about na and nb limbs (exactly, where the kind allows) of the kind
   asked, non-negative. */
static void
make_kind (mpz_t a, mpz_t b, size_t na, size_t nb, int kind)
{
  size_t lo = na < nb ? na : nb, hi = na > nb ? na : nb;
  mpz_t g;
  mpz_init (g);
  switch (kind)
    {
    case 1:                     /* gcd (0, b) */
      mpz_set_ui (a, 0);
      rand_top (b, nb);
      break;
    case 2:                     /* gcd (a, 0) */
      rand_top (a, na);
      mpz_set_ui (b, 0);
      break;
    case 3:                     /* gcd (0, 0) */
      mpz_set_ui (a, 0);
      mpz_set_ui (b, 0);
      break;
    case 4: case 5:             /* a = b (signs make a = -b) */
      tst_rand_nat (a, hi);
      mpz_set (b, a);
      break;
    case 6:                     /* the longer a multiple of the shorter */
      rand_top (g, lo);
      rand_top (a, hi - lo);
      if (hi == lo)
        mpz_set_ui (a, 2 + tst_urand (1000));
      mpz_mul (a, a, g);
      if (na < nb)
        mpz_swap (a, g);
      mpz_set (b, g);
      break;
    case 7: case 8:             /* a power of two on one side */
      pow2 (a, kind == 7 ? na : nb);
      rand_top (b, kind == 7 ? nb : na);
      if (kind == 8)
        mpz_swap (a, b);
      break;
    case 9:                     /* two powers of two, or trailing zeros on both sides */
      if (tst_urand (3) == 0)
        {
          pow2 (a, na);
          pow2 (b, nb);
        }
      else
        {
          mp_bitcnt_t za, zb;
          rand_top (a, na);
          rand_top (b, nb);
          za = tst_urand (mpz_sizeinbase (a, 2));
          zb = tst_urand (mpz_sizeinbase (b, 2));
          mpz_fdiv_q_2exp (a, a, za);
          mpz_mul_2exp (a, a, za);
          mpz_fdiv_q_2exp (b, b, zb);
          mpz_mul_2exp (b, b, zb);
        }
      break;
    case 10:                    /* a planted large common factor */
      {
        size_t gl = lo > 1 ? lo - tst_urand (lo < 4 ? 2 : 4) : lo;
        rand_top (g, gl);
        rand_top (a, na > gl ? na - gl : 0);
        rand_top (b, nb > gl ? nb - gl : 0);
        if (na == gl && tst_urand (2))
          mpz_set_ui (a, 3);
        mpz_mul (a, a, g);
        mpz_mul (b, b, g);
      }
      break;
    case 11:                    /* consecutive Fibonacci numbers */
      if (hi == 0)
        {
          mpz_set_ui (a, 1);
          mpz_set_ui (b, 1);
        }
      else
        fibonacci (a, b, hi);
      if (na > nb)
        mpz_swap (a, b);
      break;
    case 12:                    /* long runs of zeros and ones */
      mpz_rrandomb (a, tst_rands, (mp_bitcnt_t) na * TST_LIMB_BITS);
      mpz_rrandomb (b, tst_rands, (mp_bitcnt_t) nb * TST_LIMB_BITS);
      break;
    case 13:                    /* 2^p - 1 and 2^q - 1: gcd 2^gcd(p, q) - 1 */
      mpz_set_ui (a, 0);
      mpz_set_ui (b, 0);
      if (na > 0)
        mpz_setbit (a, (mp_bitcnt_t) na * TST_LIMB_BITS - tst_urand (TST_LIMB_BITS));
      if (nb > 0)
        mpz_setbit (b, (mp_bitcnt_t) nb * TST_LIMB_BITS - tst_urand (TST_LIMB_BITS));
      if (na > 0)
        mpz_sub_ui (a, a, 1);
      if (nb > 0)
        mpz_sub_ui (b, b, 1);
      break;
    case 14:                    /* one side 1 */
      tst_rand_nat (a, na);
      mpz_set_ui (b, 1);
      if (tst_urand (2))
        mpz_swap (a, b);
      break;
    default:
      tst_rand_nat (a, na);
      tst_rand_nat (b, nb);
      break;
    }
  mpz_clear (g);
}

/* Kind and signs s (bit 0: a < 0, bit 1: b < 0). */
static void
make_pair (mpz_ptr a, mpz_ptr b, size_t na, size_t nb, int kind, int s)
{
  make_kind (a, b, na, nb, kind);
  if (s & 1)
    mpz_neg (a, a);
  if (s & 2)
    mpz_neg (b, b);
  if (kind == 5 && mpz_sgn (a) == mpz_sgn (b))
    mpz_neg (b, b);             /* a = -b */
}

/* tst_op's generator: any kind, the other operand of any size up to limbs + 1. */
static void
gen_any (mpz_ptr *o, size_t limbs)
{
  size_t other = tst_urand (2) ? limbs : tst_urand (limbs + 2);
  make_pair (o[0], o[1], limbs, other, (int) tst_urand (NKIND), (int) tst_urand (4));
}

/* ---- batches ------------------------------------------------------------------------- */

static void
push (tst_batch *b, size_t na, size_t nb, int kind, int s)
{
  ck_assert_uint_lt (b->n, b->cap);
  make_pair (b->in[0][b->n], b->in[1][b->n], na, nb, kind, s);
  b->n++;
}

/* Under every aliasing op allows. */
static void
check_all_aliases (const tst_op *op, tst_batch *b, const char *where)
{
  tst_alias list[GCD_MAX_ALIASES];
  size_t m = gcd_aliases_for (op, list), j;
  for (j = 0; j < m; j++)
    tst_check_op (op, &list[j], b->in, b->n, where);
}

/* ---- the classes, as the mpn layer reports them -------------------------------------- */

/* The widths that the ladder picks for operands of their own size, ascending. */
static size_t
read_widths (size_t **list)
{
  unsigned ncls = mpzg_mpn_gcd_classes (), c;
  size_t max = mpzg_mpn_gcd_max (), n = 0, k;
  size_t *w = malloc ((ncls ? ncls : 1) * sizeof *w);
  ck_assert_ptr_nonnull (w);
  tst_assert (max == mpzg_gpu_max_limbs (&mpzg_gpu_gcd),
              "the gcd family's limit is %zu limbs, its mpn layer's %zu",
              mpzg_gpu_max_limbs (&mpzg_gpu_gcd), max);
  tst_assert (mpzg_mpn_gcdext_max () == max && mpzg_gpu_max_limbs (&mpzg_gpu_gcdext) == max
              && mpzg_gpu_max_limbs (&mpzg_gpu_invert) == max,
              "gcdext's limit is %zu limbs (families: gcdext %zu, invert %zu), the gcd's %zu",
              mpzg_mpn_gcdext_max (), mpzg_gpu_max_limbs (&mpzg_gpu_gcdext),
              mpzg_gpu_max_limbs (&mpzg_gpu_invert), max);
  for (c = 0; c < ncls; c++)
    {
      mpzg_mpn_shape sh;
      mpzg_mpn_gcd_shape (c, &sh);
      if (sh.w[0] == 0 || sh.w[0] > max || mpzg_mpn_gcd_class (sh.w[0]) != c)
        continue;
      tst_assert (sh.w[1] == sh.w[0] && sh.ow[0] == sh.w[0],
                  "gcd class %u: widths %u, %u and output %u, want one width", c, sh.w[0],
                  sh.w[1], sh.ow[0]);
      for (k = n; k > 0 && w[k - 1] > sh.w[0]; k--)
        w[k] = w[k - 1];
      w[k] = sh.w[0];
      n++;
    }
  tst_assert (n > 0, "the gcd family reports no class that its ladder picks");
  tst_assert (w[n - 1] == max, "the widest gcd class is %zu words, the maximum %zu", w[n - 1], max);
  /* each size up to the maximum in the narrowest class that holds it */
  for (k = 1; k <= max; k++)
    {
      mpzg_mpn_shape sh;
      size_t j = 0;
      while (w[j] < k)
        j++;
      mpzg_mpn_gcd_shape (mpzg_mpn_gcd_class (k), &sh);
      tst_assert (sh.w[0] == w[j], "gcd of %zu limbs: class of width %u, want %zu", k, sh.w[0], w[j]);
      mpzg_mpn_gcdext_shape (mpzg_mpn_gcdext_class (k), &sh);
      tst_assert (sh.w[0] == w[j] && sh.w[1] == w[j] && sh.ow[0] == w[j] && sh.ow[1] == w[j],
                  "gcdext of %zu limbs: class of widths %u, %u and outputs %u, %u, want %zu",
                  k, sh.w[0], sh.w[1], sh.ow[0], sh.ow[1], w[j]);
    }
  *list = w;
  return n;
}

/* Per class of width w: the longer operand of w - 1, w, w + 1 limbs against the
   shorter of each of those, of one limb and of a random size below; every kind,
   the signs in turn (each kind meets every sign combination across the sizes). */
static void
push_class (tst_batch *b, size_t w)
{
  size_t ls[3] = { w - 1, w, w + 1 }, i, j;
  int kind, p = 0;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 5; j++, p++)
      {
        size_t na = ls[i], nb = j < 3 ? ls[j] : j == 3 ? 1 : tst_urand (ls[i] + 1);
        for (kind = 0; kind < NKIND; kind++)
          push (b, na, nb, kind, (p + kind) & 3);
      }
}

START_TEST (t_class_edges)
{
  const tst_op *op = &ops[_i];
  size_t *w, nw, k;
  char where[64];
  TST_BEGIN ();
  nw = read_widths (&w);
  for (k = 0; k < nw; k++)
    {
      tst_batch b;
      tst_batch_new (&b, 2, 15 * NKIND);
      push_class (&b, w[k]);
      snprintf (where, sizeof where, "class of width %zu", w[k]);
      check_all_aliases (op, &b, where);
      tst_batch_free (&b);
    }
  free (w);
}
END_TEST

/* Every pair of |a|, |b| <= 20, of every sign, in one batch. */
#define SMALL 20

START_TEST (t_small)
{
  const tst_op *op = &ops[_i];
  tst_batch b;
  long x, y;
  TST_BEGIN ();
  tst_batch_new (&b, 2, (2 * SMALL + 1) * (2 * SMALL + 1));
  for (x = -SMALL; x <= SMALL; x++)
    for (y = -SMALL; y <= SMALL; y++, b.n++)
      {
        mpz_set_si (b.in[0][b.n], x);
        mpz_set_si (b.in[1][b.n], y);
      }
  check_all_aliases (op, &b, "|a|, |b| <= 20");
  tst_batch_shuffle (&b);
  tst_check_op (op, NULL, b.in, b.n, "|a|, |b| <= 20, shuffled");
  tst_batch_free (&b);
}
END_TEST

/* The lower edge of the first class that runs cooperatively (the contiguous
   layout) among ncls classes of shape, or 0 when none does. */
static size_t
first_coop_size (unsigned ncls, void (*shape) (unsigned, mpzg_mpn_shape *))
{
  size_t lo = 1;
  for (unsigned c = 0; c < ncls; c++)
    {
      mpzg_mpn_shape sh;
      shape (c, &sh);
      if (sh.layout == MPZG_MPN_CONTIGUOUS)
        return lo;
      lo = sh.w[0] + 1;
    }
  return 0;
}

/* The smallest size that runs cooperatively for gcd or for gcdext and invert,
   or 0 when none does. */
static size_t
coop_min_size (void)
{
  size_t g = first_coop_size (mpzg_mpn_gcd_classes (), mpzg_mpn_gcd_shape);
  size_t e = first_coop_size (mpzg_mpn_gcdext_classes (), mpzg_mpn_gcdext_shape);
  return g == 0 ? e : e == 0 || g < e ? g : e;
}

/* Every size from the smallest cooperative class's lower edge (33 limbs) to the
   GPU's largest for the longer operand, the shorter one of the same size, of a
   random one, or of one limb, each of a random kind and signs: the cooperative
   classes at every size they take, not only at their edges. */
START_TEST (t_coop_sizes)
{
  const tst_op *op = &ops[_i];
  size_t max = mpzg_mpn_gcd_max (), lo = coop_min_size (), k;
  tst_alias list[GCD_MAX_ALIASES];
  tst_batch b;
  TST_BEGIN ();
  if (lo == 0 || max < lo)
    return;
  tst_batch_new (&b, 2, max - lo + 1);
  for (k = lo; k <= max; k++)
    {
      size_t r = tst_urand (3), nb = r == 0 ? k : r == 1 ? 1 + tst_urand (k) : 1;
      push (&b, k, nb, (int) tst_urand (NKIND), (int) tst_urand (4));
    }
  tst_batch_shuffle (&b);
  tst_check_op (op, NULL, b.in, b.n, "every size of the cooperative classes");
  tst_check_op (op, &list[gcd_aliases_for (op, list) - 1], b.in, b.n,
                "every size of the cooperative classes, aliased");
  tst_batch_free (&b);
}
END_TEST

/* ---- mixed batches, counts ----------------------------------------------------------- */

/* An element at the edge of a random class, of a random kind and signs, or now and
   then one above the GPU's largest size (either operand or both). */
static void
push_mixed (tst_batch *b, const size_t *w, size_t nw)
{
  size_t max = mpzg_mpn_gcd_max (), c = w[tst_urand (nw)], na, nb;
  switch (tst_urand (16))
    {
    case 0:
      na = max + 1 + tst_urand (2);
      nb = tst_urand (na + 1);
      break;
    case 1:
      nb = max + 1;
      na = tst_urand (4);
      break;
    default:
      na = c - 1 + tst_urand (3);
      nb = tst_urand (2) ? c - 1 + tst_urand (3) : tst_urand (na + 1);
      break;
    }
  push (b, na, nb, (int) tst_urand (NKIND), (int) tst_urand (4));
}

/* One batch with elements of every class, of every kind, and some for the CPU
   (above the GPU's largest size on either side), under every aliasing. */
START_TEST (t_every_class_in_one_batch)
{
  const tst_op *op = &ops[_i];
  size_t *w, nw, k, max = mpzg_mpn_gcd_max ();
  int kind;
  tst_batch b;
  TST_BEGIN ();
  nw = read_widths (&w);
  tst_batch_new (&b, 2, 3 * nw * NKIND + 4 * NKIND);
  for (k = 0; k < nw; k++)
    for (kind = 0; kind < NKIND; kind++)
      {
        push (&b, w[k] - 1, w[k], kind, (int) (k + kind) & 3);
        push (&b, w[k], tst_urand (w[k] + 1), kind, (int) (k + kind + 1) & 3);
        push (&b, w[k] + 1, w[k] + 1, kind, (int) (k + kind + 2) & 3);
      }
  for (kind = 0; kind < NKIND; kind++)
    {
      push (&b, max + 1, max + 1, kind, kind & 3);
      push (&b, max + 2, max / 2, kind, (kind + 1) & 3);
      push (&b, 1, max + 1, kind, (kind + 2) & 3);
      push (&b, max, max + 1, kind, (kind + 3) & 3);
    }
  tst_batch_shuffle (&b);
  check_all_aliases (op, &b, "every class in one batch");
  tst_batch_free (&b);
  free (w);
}
END_TEST

/* Batch counts 0, 1, around the lane group of 8, and 1001, of mixed classes. */
START_TEST (t_counts)
{
  static const size_t counts[] = { 0, 1, 7, 8, 9, 1001 };
  const tst_op *op = &ops[_i];
  tst_alias list[GCD_MAX_ALIASES];
  size_t *w, nw, j, k, m;
  int r, reps = tst_reps (1);
  char where[64];
  TST_BEGIN ();
  nw = read_widths (&w);
  m = gcd_aliases_for (op, list);
  for (r = 0; r < reps; r++)
    for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
      {
        tst_batch b;
        tst_batch_new (&b, 2, counts[j]);
        for (k = 0; k < counts[j]; k++)
          push_mixed (&b, w, nw);
        snprintf (where, sizeof where, "count %zu", counts[j]);
        tst_check_op (op, NULL, b.in, b.n, where);
        tst_check_op (op, &list[1 + (j + r) % (m - 1)], b.in, b.n, where);
        tst_batch_free (&b);
      }
  free (w);
}
END_TEST

/* ---- a failing GPU (gcd) ----------------------------------------------------------- */

/* gcd on operands of FAIL_LIMBS limbs (or the GPU's largest size, if smaller),
   enough of them for six chunks of MPZG_SLOT_WORDS input words and for auto mode
   to choose the GPU; every seventh of another class, every 4999th above the GPU's
   largest size. */
#define FAIL_LIMBS 32

static size_t
fail_limbs (void)
{
  size_t max = mpzg_mpn_gcd_max ();
  return max < FAIL_LIMBS ? max : FAIL_LIMBS;
}

static void
fail_gen (const tst_fail_batch *fb, mpz_ptr *o, size_t i)
{
  size_t na = fail_limbs (), nb = na;
  if (i % 4999 == 2500)
    {
      na = fb->max + 1;
      nb = tst_urand (na + 1);
    }
  else if (i % 7 == 3)
    {
      na = 1 + tst_urand (fb->max);
      nb = tst_urand (na + 1);
    }
  else if (i % 3 == 1)
    nb = tst_urand (na + 1);
  make_pair (o[0], o[1], na, nb, (int) tst_urand (NKIND), (int) tst_urand (4));
}

static void
fail_batch (tst_fail_batch *fb)
{
  mpzg_mpn_shape sh;
  mpzg_mpn_gcd_shape (mpzg_mpn_gcd_class (fail_limbs ()), &sh);
  fb->op = &ops[0];
  fb->max = mpzg_mpn_gcd_max ();
  fb->beyond = NULL;
  fb->n = 6 * MPZG_SLOT_WORDS / (sh.in_bytes / sizeof (mpzg_mpn_word));
  /* enough work for auto mode's threshold (count times size squared) */
  if (fb->n < (size_t) (MPZG_GCD_WORTH_WORK / ((double) fail_limbs () * fail_limbs ())) + 1000)
    fb->n = (size_t) (MPZG_GCD_WORTH_WORK / ((double) fail_limbs () * fail_limbs ())) + 1000;
  tst_fail_batch_make (fb, fail_gen);
}

/* MPZG_BACKEND=cuda: the GPU share fails before the first chunk, after one, after
   three, or never; rop separate, rop == op1, rop == op2 in turn. */
START_TEST (t_fail_cuda)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_cuda_runs (&fb, 3, mpzg_mpn_gcd_max () + 2);
  tst_fail_batch_free (&fb);
}
END_TEST

/* Auto mode: the failed elements are recomputed with GMP, also when rop is op1 or
   op2; and the same batch with no failure. */
START_TEST (t_fail_auto)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_auto_runs (&fb, 1, mpzg_mpn_gcd_max () + 2);
  tst_fail_batch_free (&fb);
}
END_TEST

/* ---- the suite --------------------------------------------------------------------- */

static void
add_tests (TCase *tc)
{
  tcase_add_loop_test (tc, t_class_edges, 0, NOPS);
  tcase_add_loop_test (tc, t_small, 0, NOPS);
  tcase_add_loop_test (tc, t_coop_sizes, 0, NOPS);
  tcase_add_loop_test (tc, t_every_class_in_one_batch, 0, NOPS);
  tcase_add_loop_test (tc, t_counts, 0, NOPS);
  tcase_add_test (tc, t_fail_cuda);
  tcase_add_test (tc, t_fail_auto);
}

int
main (void)
{
  return tst_gpu_main ("gpu-gcd", add_tests);
}
