/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* common.h -- the shared harness of the Check suites: seed and repetitions,
   operand generators with special values, the format check of GMP's
   MPZ_CHECK_FORMAT, and a differential runner that compares one batched call
   with a plain GMP loop (values, normalization, untouched outputs at invalid
   elements, untouched inputs, status and error index).

   Environment:
     MPZG_TEST_SEED = <n> | random   (default: a fixed seed; printed at start and
                                      in every failure message)
     MPZG_TEST_REPS = <factor>       (scales the repetitions; default 1)
     MPZG_TEST_TRACE = 1             (a line on stderr per test and checked batch:
                                      seconds, peak resident size, what runs)  */

#ifndef MPZG_TESTS_COMMON_H
#define MPZG_TESTS_COMMON_H

#include <stddef.h>
#include <check.h>
#include <gmp.h>
#include "mpzg.h"

/* ---- seed, repetitions, randomness ------------------------------------- */

extern unsigned long tst_seed;
extern gmp_randstate_t tst_rands;

/* Reseeds tst_rands from the seed, the test's name and its loop index, so that
   every test is reproducible alone, with or without fork. */
void tst_begin (const char *name, int i);
#define TST_BEGIN() tst_begin (__func__, _i)

/* base scaled by MPZG_TEST_REPS, at least 1. */
int tst_reps (int base);

unsigned long tst_urand (unsigned long n);   /* uniform in [0, n) */

/* Fails the test with the seed in the message. */
#define tst_assert(cond, ...)                                                \
  do {                                                                      \
    if (!(cond))                                                            \
      {                                                                     \
        char tst_buf_[1024];                                                \
        snprintf (tst_buf_, sizeof tst_buf_, __VA_ARGS__);                  \
        ck_abort_msg ("%s (MPZG_TEST_SEED=%lu)", tst_buf_, tst_seed);       \
      }                                                                     \
  } while (0)

/* ---- operands -------------------------------------------------------------- */

/* Limb count of the numbers below. */
#define TST_LIMB_BITS 64

/* A random integer of exactly `limbs` limbs (0 limbs: zero), random sign, from
   uniform limbs, long runs of ones and zeros (mpz_rrandomb), or a special shape
   (2^(64k), 2^(64k) - 1, 2^(64k - 1), all-ones or sparse limbs). */
void tst_rand_op (mpz_t r, size_t limbs);
/* The same, non-negative. */
void tst_rand_nat (mpz_t r, size_t limbs);
/* The same, but never zero (a zero limb count gives ±1 or a small number). */
void tst_rand_nonzero (mpz_t r, size_t limbs);
/* Random sign. */
void tst_rand_sign (mpz_t r);

/* The table of special values: 0, ±1, ±2, ±2^(64k), ±(2^(64k) - 1),
   ±2^(64k - 1), ±(2^(64k) + 1) for a few k. */
size_t tst_special_count (void);
void tst_special (mpz_t r, size_t k);

/* Limb counts worth testing: 0..64 densely, both sides of powers of two up to
   2^17 bits.  Returns the count; *list points to a static array. */
size_t tst_sizes (const size_t **list);
/* A random limb count from that list, at most max. */
size_t tst_rand_size (size_t max);

/* ---- arrays ------------------------------------------------------------------ */

mpz_t *tst_vec_new (size_t n);          /* n mpz_init'ed elements (n may be 0) */
void tst_vec_free (mpz_t *v, size_t n);
void tst_vec_copy (mpz_t *dst, mpz_t *src, size_t n);
/* Garbage values of random sizes and allocations, for outputs. */
void tst_vec_garbage (mpz_t *v, size_t n);

/* fn (ctx, begin, end) over [0, n) on every core, ranges of positions dealt
   round-robin; fn must be safe to run on several threads at once (GMP on
   distinct objects is). */
typedef void (*tst_range_fn) (void *ctx, size_t begin, size_t end);
void tst_par_for (size_t n, tst_range_fn fn, void *ctx);

/* ---- checks ------------------------------------------------------------------ */

/* NULL when z is normalized as GMP's MPZ_CHECK_FORMAT wants it (the top limb
   non-zero, |size| <= alloc), else what is wrong. */
const char *tst_format_problem (mpz_srcptr z);

/* Short text of z for messages (hex, middle elided); uses a rotating static buffer. */
const char *tst_str (mpz_srcptr z);

/* ---- the differential runner ------------------------------------------------- */

/* One operation: the batched call and GMP's per-element reference. */
typedef struct
{
  const char *name;
  int nout;            /* outputs, 1..3 (some may be absent: see `absent`) */
  int nin;             /* inputs, 1..3 */
  int divisor;         /* input that must be non-zero, else MPZG_EDIVBYZERO; -1: none */
  int has_flags;       /* invert's `exists` */
  unsigned absent;     /* bit k: output k is passed as NULL (gcdext's s, t) */
  /* The call: out[k] (NULL when absent), in[k]. */
  int (*call) (mpz_t **out, mpz_t **in, int *flags, size_t n);
  /* GMP on one element, inputs valid (divisor non-zero).  Returns MPZG_OK or an
     element error, in which case it must leave out untouched.  out[k] is NULL
     when absent.  *flag receives the flag, when has_flags. */
  int (*ref) (mpz_ptr *out, mpz_srcptr *in, int *flag);
  /* Fills the inputs of one element of about `limbs` limbs (see tst_gen_fn). */
  void (*gen) (mpz_ptr *ops, size_t limbs);
} tst_op;

/* An aliasing pattern: out[k] = j + 1 makes output k the same array as input j;
   in[k] = j + 1 (j < k) makes input k the same array as input j.  0: separate. */
typedef struct
{
  const char *name;
  signed char out[3];
  signed char in[3];
} tst_alias;

extern const tst_alias tst_no_alias;

/* The aliasings of a call with one output and two inputs, "none" first: rop ==
   op1, rop == op2, op1 == op2, rop == op1 == op2. */
#define TST_NALIAS_BINARY 5
extern const tst_alias tst_aliases_binary[TST_NALIAS_BINARY];

/* Runs op on the n elements of in[0..nin-1] (not modified; where the alias makes
   input k the same array as input j, input k takes input j's values) under alias
   (NULL: none), and checks everything against GMP.  where: for messages. */
void tst_check_op (const tst_op *op, const tst_alias *alias, mpz_t **in, size_t n,
                   const char *where);

/* Fills the inputs of one element (in[k] is element i of input k). */
typedef void (*tst_gen_fn) (mpz_ptr *ops, size_t limbs);

/* Builds a batch of n elements, element i of limb size sizes[i % nsizes] (or a
   random size when sizes is NULL, up to max_limbs), generated by gen, and checks op
   under alias.  Returns nothing; fails the test on a mismatch. */
void tst_check_gen (const tst_op *op, const tst_alias *alias, tst_gen_fn gen,
                    const size_t *sizes, size_t nsizes, size_t max_limbs, size_t n,
                    const char *where);

/* Fills in[k] (n elements each) with op->gen, sizes as in tst_check_gen. */
void tst_make_inputs (const tst_op *op, mpz_t **in, const size_t *sizes, size_t nsizes,
                      size_t max_limbs, size_t n);

/* ---- standard sweeps, each a whole test body --------------------------------- */

/* Every limb count of tst_sizes up to max_limbs, one small batch each, and one
   batch mixing all of them. */
void tst_do_sizes (const tst_op *op, size_t max_limbs);
/* Batch counts 0, 1, 2, 31, 33, 257, 1000, 1025 with random sizes up to max_limbs. */
void tst_do_counts (const tst_op *op, size_t max_limbs);
/* Every aliasing pattern given. */
void tst_do_aliases (const tst_op *op, const tst_alias *aliases, size_t nalias, size_t max_limbs);
/* For two-input ops: every pair of special values, in one batch. */
void tst_do_specials2 (const tst_op *op);
/* A few elements of `limbs` limbs (large: 2^20 bits and past). */
void tst_do_big (const tst_op *op, size_t limbs, size_t n);
/* The rows of the regression table, in one batch, under every aliasing given. */
void tst_do_regressions (const tst_op *op, const tst_alias *aliases, size_t nalias);
/* Zero divisors at some indices (first, last, random, all, none) in batches of
   several counts; the runner checks the rest. */
void tst_do_zero_divisors (const tst_op *op, size_t max_limbs);

/* ---- regression table ------------------------------------------------------- */

/* Inputs (hex, with sign) that once failed or that matter, for any family.
   Each row gives up to three operands; a suite picks the rows with nin operands. */
typedef struct
{
  const char *ops[3];
  const char *why;
} tst_regression;

extern const tst_regression tst_regressions[];
extern const size_t tst_nregressions;

/* ---- suites ---------------------------------------------------------------------- */

/* A test case with the generous timeout that GPU runs need. */
TCase *tst_tcase (const char *name);

/* Prints the seed, runs the suite with CK_ENV, returns the exit status. */
int tst_main (Suite *s, const char *name);

#endif
