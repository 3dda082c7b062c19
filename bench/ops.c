/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ops.c -- the operations mpzg-bench measures: operands, GMP loop, batched call. */

#include <config.h>
#include <string.h>
#include <mpzg.h>
#include "gpu.h"
#include "bench.h"

static void
random_signed (mpz_t *v, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  for (i = 0; i < count; i++)
    {
      mpz_urandomb (v[i], rs, bits);
      if (gmp_urandomb_ui (rs, 1))
        mpz_neg (v[i], v[i]);
    }
}

static void
random_unsigned (mpz_t *v, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  for (i = 0; i < count; i++)
    mpz_urandomb (v[i], rs, bits);
}

/* add, sub: two operands of `bits` bits with random signs. */
static void
gen_signed2 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  random_signed (in[0], count, bits, rs);
  random_signed (in[1], count, bits, rs);
}

/* mul, gcd: two non-negative operands of `bits` bits. */
static void
gen_unsigned2 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  random_unsigned (in[0], count, bits, rs);
  random_unsigned (in[1], count, bits, rs);
}

/* tdiv_qr: a signed dividend of `bits` bits, a non-zero signed divisor of half as many. */
static void
gen_div (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  random_signed (in[0], count, bits, rs);
  random_signed (in[1], count, bits > 1 ? bits / 2 : 1, rs);
  for (i = 0; i < count; i++)
    if (mpz_sgn (in[1][i]) == 0)
      mpz_set_ui (in[1][i], 1);
}

/* powm: base and exponent of `bits` bits, an odd modulus of exactly `bits` bits. */
static void
gen_powm (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  random_unsigned (in[0], count, bits, rs);
  random_unsigned (in[1], count, bits, rs);
  random_unsigned (in[2], count, bits, rs);
  for (i = 0; i < count; i++)
    {
      mpz_setbit (in[2][i], 0);
      mpz_setbit (in[2][i], bits - 1);
    }
}

#define LOOP(name, stmt)                                                \
  static void name (mpz_t **out, mpz_t **in, size_t begin, size_t end)  \
  {                                                                     \
    size_t i;                                                           \
    (void) out; (void) in;                                              \
    for (i = begin; i < end; i++)                                       \
      stmt;                                                             \
  }

LOOP (gmp_add, mpz_add (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_sub, mpz_sub (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_mul, mpz_mul (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_tdiv_qr, mpz_tdiv_qr (out[0][i], out[1][i], in[0][i], in[1][i]))
LOOP (gmp_gcd, mpz_gcd (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_powm, mpz_powm (out[0][i], in[0][i], in[1][i], in[2][i]))

static int z_add (mpz_t **o, mpz_t **in, size_t n) { return mpzg_add_n (o[0], in[0], in[1], n); }
static int z_sub (mpz_t **o, mpz_t **in, size_t n) { return mpzg_sub_n (o[0], in[0], in[1], n); }
static int z_mul (mpz_t **o, mpz_t **in, size_t n) { return mpzg_mul_n (o[0], in[0], in[1], n); }
static int z_tdiv_qr (mpz_t **o, mpz_t **in, size_t n) { return mpzg_tdiv_qr_n (o[0], o[1], in[0], in[1], n); }
static int z_gcd (mpz_t **o, mpz_t **in, size_t n) { return mpzg_gcd_n (o[0], in[0], in[1], n); }
static int z_powm (mpz_t **o, mpz_t **in, size_t n) { return mpzg_powm_n (o[0], in[0], in[1], in[2], n); }

const bench_op bench_ops[] = {
  { "add",     MPZG_GPU_FAMILY (add), 2, 1, 1UL << 20, RATE_BYTES,    gen_signed2,   gmp_add,     z_add },
  { "sub",     MPZG_GPU_FAMILY (sub), 2, 1, 1UL << 20, RATE_BYTES,    gen_signed2,   gmp_sub,     z_sub },
  { "mul",     MPZG_GPU_FAMILY (mul), 2, 1, 1UL << 20, RATE_WORDPROD, gen_unsigned2, gmp_mul,     z_mul },
  { "tdiv_qr", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS,    gen_div,       gmp_tdiv_qr, z_tdiv_qr },
  { "gcd",     NULL,                  2, 1, 1UL << 16, RATE_ELEMS,    gen_unsigned2, gmp_gcd,     z_gcd },
  { "powm",    MPZG_GPU_FAMILY (powm), 3, 1, 1UL << 12, RATE_ELEMS,    gen_powm,      gmp_powm,    z_powm },
};
const size_t bench_nops = sizeof bench_ops / sizeof bench_ops[0];

const bench_op *
bench_find_op (const char *name)
{
  size_t k;
  for (k = 0; k < bench_nops; k++)
    if (strcmp (bench_ops[k].name, name) == 0)
      return &bench_ops[k];
  return NULL;
}

size_t
bench_count (const bench_op *op, unsigned tbits, unsigned long bits)
{
  size_t count = (size_t) ((1ULL << tbits) / bits);
  if (strcmp (op->name, "gcd") == 0)
    count /= 16;                /* gcd costs some tens of multiplications */
  else if (strcmp (op->name, "powm") == 0)
    count /= bits;              /* powm costs about `bits` multiplications */
  return count > 0 ? count : 1;
}
