/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd.c -- mpzg_gcd_n, mpzg_gcdext_n, mpzg_invert_n. */

#include <config.h>
#include "mpzg-impl.h"
#include "gpu.h"

static int
gcd_elem (const mpzg_batch *b, size_t i)
{
  mpz_gcd (b->out[0][i], b->in[0][i], b->in[1][i]);
  return MPZG_OK;
}

/* The same as a direct loop. */
MPZG_BINARY_LOOP (gcd, mpz_gcd)

static int
gcdext_elem (const mpzg_batch *b, size_t i)
{
  mpz_gcdext (b->out[0][i], b->out[1] ? b->out[1][i] : NULL,
              b->out[2] ? b->out[2][i] : NULL, b->in[0][i], b->in[1][i]);
  return MPZG_OK;
}

/* GMP leaves rop undefined when no inverse exists; we promise it untouched, so the
   inverse goes to a temporary first. */
static int
invert_elem (const mpzg_batch *b, size_t i)
{
  mpz_t t;
  int exists;
  mpz_init (t);
  exists = mpz_invert (t, b->in[0][i], b->in[1][i]);
  if (exists)
    mpz_swap (b->out[0][i], t);
  mpz_clear (t);
  if (b->flags != NULL)
    b->flags[i] = exists;
  return exists ? MPZG_OK : MPZG_ENOTINVERTIBLE;
}

int
mpzg_gcd_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n)
{
  mpzg_batch b = { .name = "gcd_n", .elem = gcd_elem, .loop = gcd_loop, .out = { rop }, .in = { op1, op2 },
                   .gpu = MPZG_GPU_FAMILY (gcd), .divisor = -1, .cost_kind = MPZG_COST_GCD };
  MPZG_CHECK_ARRAY (rop, n);
  MPZG_CHECK_ARRAY (op1, n);
  MPZG_CHECK_ARRAY (op2, n);
  return mpzg_batch_run (&b, n);
}

int
mpzg_gcdext_n (mpz_t *g, mpz_t *s, mpz_t *t, mpz_t *a, mpz_t *b, size_t n)
{
  mpzg_batch bt = { .name = "gcdext_n", .elem = gcdext_elem, .out = { g, s, t }, .in = { a, b },
                    .gpu = MPZG_GPU_FAMILY (gcdext), .divisor = -1, .cost_kind = MPZG_COST_GCD };
  MPZG_CHECK_ARRAY (g, n);
  MPZG_CHECK_ARRAY (a, n);
  MPZG_CHECK_ARRAY (b, n);
  if (n > 0 && (g == s || g == t || (s != NULL && s == t)))
    return mpzg_set_error (MPZG_EINVAL, MPZG_NO_INDEX);
  return mpzg_batch_run (&bt, n);
}

int
mpzg_invert_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, int *exists, size_t n)
{
  mpzg_batch b = { .name = "invert_n", .elem = invert_elem, .out = { rop }, .in = { op1, op2 },
                   .flags = exists, .gpu = MPZG_GPU_FAMILY (invert), .divisor = 1, .cost_kind = MPZG_COST_GCD };
  MPZG_CHECK_ARRAY (rop, n);
  MPZG_CHECK_ARRAY (op1, n);
  MPZG_CHECK_ARRAY (op2, n);
  return mpzg_batch_run (&b, n);
}
