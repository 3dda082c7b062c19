/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm.c -- mpzg_powm_n. */

#include <config.h>
#include "mpzg-impl.h"
#include "gpu.h"

/* in[0] = base, in[1] = exponent, in[2] = modulus (non-zero: checked in batch.c).
   A negative exponent needs base^-1 mod m; where GMP would raise a division by
   zero for lack of one, the element fails with MPZG_ENOTINVERTIBLE, untouched. */
static int
powm_elem (const mpzg_batch *b, size_t i)
{
  if (mpz_sgn (b->in[1][i]) < 0)
    {
      mpz_t t;
      int exists;
      mpz_init (t);
      exists = mpz_invert (t, b->in[0][i], b->in[2][i]);
      mpz_clear (t);
      if (!exists)
        return MPZG_ENOTINVERTIBLE;
    }
  mpz_powm (b->out[0][i], b->in[0][i], b->in[1][i], b->in[2][i]);
  return MPZG_OK;
}

int
mpzg_powm_n (mpz_t *rop, mpz_t *base, mpz_t *exp, mpz_t *mod, size_t n)
{
  mpzg_batch b = { .name = "powm_n", .elem = powm_elem, .out = { rop }, .in = { base, exp, mod },
                   .gpu = MPZG_GPU_FAMILY (powm), .divisor = 2, .cost_kind = MPZG_COST_POWM };
  MPZG_CHECK_ARRAY (rop, n);
  MPZG_CHECK_ARRAY (base, n);
  MPZG_CHECK_ARRAY (exp, n);
  MPZG_CHECK_ARRAY (mod, n);
  return mpzg_batch_run (&b, n);
}
