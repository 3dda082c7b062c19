/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gpu-harness.h -- what the GPU suites (t-gpu, t-gpu-div, t-gpu-gcd, t-gpu-powm)
   share beyond common.h: the probe that decides whether they run, their main and
   fixture, batches under construction, and the check of what a failing GPU
   (mpzg_gpu_fail_after) leaves behind. */

#ifndef MPZG_TESTS_GPU_HARNESS_H
#define MPZG_TESTS_GPU_HARNESS_H

#include "common.h"

/* Whether a GPU is usable with MPZG_BACKEND=cuda, said on standard output: returns
   0 when it is (the suite runs), 77 when not (skip), 99 when the probe failed. */
int tst_gpu_require (const char *suite);

/* A GPU suite's main: tst_gpu_require's 77 or 99 where it says so, else the tests
   that add_tests puts in one test case, each test under MPZG_BACKEND=cuda with no
   failure planned (and none left planned after it); returns tst_main's status.
   suite names the suite, the test case and the messages. */
int tst_gpu_main (const char *suite, void (*add_tests) (TCase *tc));

/* ---- batches ------------------------------------------------------------------- */

/* The inputs in[0..nin) of a batch of up to cap elements, n of them filled
   (in[nin..3) NULL, for tst_check_op). */
typedef struct
{
  mpz_t *in[3];
  size_t n, cap;
} tst_batch;

void tst_batch_new (tst_batch *b, int nin, size_t cap);
void tst_batch_free (tst_batch *b);
/* Swaps each element in turn with a random one (one tst_urand per element), in
   every input alike. */
void tst_batch_shuffle (tst_batch *b);

/* ---- a failing GPU ------------------------------------------------------------- */

/* A batch for the failure checks: op's inputs in[0..nin) of n elements, GMP's
   results want[0..nout), the element status of each (op->ref's: MPZG_OK, or an
   element error such as MPZG_ENOTINVERTIBLE, whose outputs stay untouched), and the
   family's limit (the largest input, in limbs, that its GPU path takes: larger
   elements are the CPU's). */
typedef struct
{
  const tst_op *op;
  size_t max, n;
  /* the family's path beyond max (mpzg_gpu_huge_takes), or NULL: the elements it
     takes are the GPU's as well */
  int (*beyond) (mpz_t *const in[3], size_t e, int forced);
  mpz_t *in[3], *want[3];
  int *status;
} tst_fail_batch;

/* Allocates the arrays of fb (op, max, n and beyond set), fills the inputs of element i
   with gen (in[k][i] as ops[k]) and computes want and status. */
void tst_fail_batch_make (tst_fail_batch *fb,
                          void (*gen) (const tst_fail_batch *fb, mpz_ptr *ops, size_t i));
void tst_fail_batch_free (tst_fail_batch *fb);

/* One call of fb's operation with the GPU share failing after `after` chunks, under
   backend; output 0 is input alias - 1 (alias 0: separate), the other outputs are
   separate.  Auto mode (or a limit never reached): every result is GMP's, the
   status and error index those of the lowest element error, if any.
   MPZG_BACKEND=cuda: MPZG_EDEVICE, the error index a GPU element left untouched
   and no higher than the lowest GPU element with an element error, every element
   below it and every CPU element computed, each other one either computed or
   untouched (after 0: every GPU element untouched), some valid element untouched.
   Elements with an element error stay untouched in every case.  Inputs that are not
   outputs stay unchanged. */
void tst_fail_check (const tst_fail_batch *fb, int backend, long after, int alias);

/* A failure limit that no call reaches: the GPU share does not fail. */
#define TST_FAIL_NEVER (1L << 30)

/* After a device failure the next calls work again: MPZG_BACKEND=cuda, then
   tst_check_gen of op (op->gen) on 333 elements of up to max_limbs limbs. */
void tst_check_recovered (const tst_op *op, size_t max_limbs);

/* MPZG_BACKEND=cuda: tst_fail_check of fb with the GPU share failing before the
   first chunk, after one, after three, and never, output 0 on input j % nalias
   at the j-th (0: separate); tst_check_recovered of fb->op after each. */
void tst_fail_cuda_runs (const tst_fail_batch *fb, int nalias, size_t recover_limbs);

/* Auto mode: tst_fail_check of fb failing after 0, 1 and 3 chunks (and never,
   with `never`), each with output 0 separate, on input 1 and on input 2; then
   tst_check_recovered of fb->op. */
void tst_fail_auto_runs (const tst_fail_batch *fb, int never, size_t recover_limbs);

#endif
