/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gpu-harness.h -- what the GPU suites (t-gpu, t-gpu-div, t-gpu-gcd, t-gpu-powm)
   share beyond common.h: the probe that decides whether they run, and the check of
   what a failing GPU (mpzg_gpu_fail_after) leaves behind. */

#ifndef MPZG_TESTS_GPU_HARNESS_H
#define MPZG_TESTS_GPU_HARNESS_H

#include "common.h"

/* Whether a GPU is usable with MPZG_BACKEND=cuda, said on standard output: returns
   0 when it is (the suite runs), 77 when not (skip), 99 when the probe failed. */
int tst_gpu_require (const char *suite);

/* A batch for the failure checks: op's inputs in[0..nin) of n elements, GMP's
   results want[0..nout), the element status of each (op->ref's: MPZG_OK, or an
   element error such as MPZG_ENOTINVERTIBLE, whose outputs stay untouched), and the
   family's limit (the largest input, in limbs, that its GPU path takes: larger
   elements are the CPU's). */
typedef struct
{
  const tst_op *op;
  size_t max, n;
  mpz_t *in[3], *want[3];
  int *status;
} tst_fail_batch;

/* Allocates the arrays of fb (op, max and n set), fills the inputs of element i
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

#endif
