/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* arith.c -- mpzg_add_n, mpzg_sub_n, mpzg_mul_n. */

#include <config.h>
#include "mpzg-impl.h"
#include "gpu.h"

static int add_elem (const mpzg_batch *b, size_t i) { mpz_add (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }
static int sub_elem (const mpzg_batch *b, size_t i) { mpz_sub (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }
static int mul_elem (const mpzg_batch *b, size_t i) { mpz_mul (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }

/* The same as direct loops. */
MPZG_BINARY_LOOP (add, mpz_add)
MPZG_BINARY_LOOP (sub, mpz_sub)
MPZG_BINARY_LOOP (mul, mpz_mul)

static int
binary (const char *name, mpzg_elem_fn elem, mpzg_loop_fn loop, const mpzg_gpu_family *gpu,
        int cost, mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n)
{
  mpzg_batch b = { .name = name, .elem = elem, .loop = loop, .out = { rop }, .in = { op1, op2 },
                   .gpu = gpu, .divisor = -1, .cost_kind = cost };
  MPZG_CHECK_ARRAY (rop, n);
  MPZG_CHECK_ARRAY (op1, n);
  MPZG_CHECK_ARRAY (op2, n);
  return mpzg_batch_run (&b, n);
}

int
mpzg_add_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n)
{
  return binary ("add_n", add_elem, add_loop, MPZG_GPU_FAMILY (add), MPZG_COST_LINEAR, rop, op1, op2, n);
}

int
mpzg_sub_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n)
{
  return binary ("sub_n", sub_elem, sub_loop, MPZG_GPU_FAMILY (sub), MPZG_COST_LINEAR, rop, op1, op2, n);
}

int
mpzg_mul_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n)
{
  return binary ("mul_n", mul_elem, mul_loop, MPZG_GPU_FAMILY (mul), MPZG_COST_MUL, rop, op1, op2, n);
}
