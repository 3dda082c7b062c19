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

/* mul_b4, mul_b16: unbalanced products, b of a quarter or a sixteenth of a's bits
   (which kernel the ladder gives them depends on both widths). */
static void
gen_unsigned_b4 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  random_unsigned (in[0], count, bits, rs);
  random_unsigned (in[1], count, bits / 4 > 0 ? bits / 4 : 1, rs);
}

static void
gen_unsigned_b16 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  random_unsigned (in[0], count, bits, rs);
  random_unsigned (in[1], count, bits / 16 > 0 ? bits / 16 : 1, rs);
}

/* gcdext: two operands of `bits` bits with random signs (gen_signed2); invert: an
   odd modulus of `bits` bits and a signed base below it; invert_even: an even
   modulus (as lambda (n) in an RSA key's d = e^-1 mod lambda (n)) and an odd base.
   Bases without an inverse are replaced by 1 (GMP leaves the output undefined
   there, so the results could not be compared). */
static void
gen_inverse_pairs (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs, int even)
{
  size_t i;
  mpz_t g;
  mpz_init (g);
  random_signed (in[0], count, bits, rs);
  random_unsigned (in[1], count, bits, rs);
  for (i = 0; i < count; i++)
    {
      if (!even)
        mpz_setbit (in[1][i], 0);
      else
        {
          mpz_setbit (in[0][i], 0);
          mpz_clrbit (in[1][i], 0);
          if (mpz_sgn (in[1][i]) == 0)
            mpz_set_ui (in[1][i], 2);
        }
      mpz_gcd (g, in[0][i], in[1][i]);
      if (mpz_cmp_ui (g, 1) != 0)
        mpz_set_ui (in[0][i], 1);
    }
  mpz_clear (g);
}

static void
gen_invert (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  gen_inverse_pairs (in, count, bits, rs, 0);
}

static void
gen_invert_even (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  gen_inverse_pairs (in, count, bits, rs, 1);
}

/* tdiv_qr, mod: a signed dividend of `bits` bits, a non-zero signed divisor of half as many. */
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

/* Signed divisors of exactly dbits bits (the top bit set). */
static void
random_divisors (mpz_t *v, size_t count, unsigned long dbits, gmp_randstate_t rs)
{
  size_t i;
  random_signed (v, count, dbits, rs);
  for (i = 0; i < count; i++)
    {
      int neg = mpz_sgn (v[i]) < 0;
      mpz_abs (v[i], v[i]);
      mpz_setbit (v[i], dbits - 1);
      if (neg)
        mpz_neg (v[i], v[i]);
    }
}

/* The divisor's size in bits of tdiv_qr_d64 (one limb) and tdiv_qr_dn64 (the
   dividend's size less one limb: a quotient of one or two limbs). */
static unsigned long
d64_bits (unsigned long bits)
{
  return bits < 64 ? bits : 64;
}

static unsigned long
dn64_bits (unsigned long bits)
{
  return bits > 64 ? bits - 64 : 1;
}

static void
gen_div_d64 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  random_signed (in[0], count, bits, rs);
  random_divisors (in[1], count, d64_bits (bits), rs);
}

static void
gen_div_dn64 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  random_signed (in[0], count, bits, rs);
  random_divisors (in[1], count, dn64_bits (bits), rs);
}

/* tdiv_qr_b4, _b16, _b64: divisors of a quarter, a sixteenth and a sixty-fourth
   of the dividend's bits (long quotients over divisors of many limbs: the long
   division's reciprocal against GMP's blocks of the divisor's size) */
static unsigned long
div_b_bits (unsigned long bits, unsigned long part)
{
  return bits / part > 0 ? bits / part : 1;
}

/* gen_div_bP and xfer_div_bP for a divisor of a P-th of the dividend's bits (a
   generator has no parameter for P); xfer_div_bP brings back the dividend's
   bits, quotient and remainder. */
#define DIV_PART(P)                                                                 \
  static void                                                                       \
  gen_div_b##P (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)   \
  {                                                                                 \
    random_signed (in[0], count, bits, rs);                                         \
    random_divisors (in[1], count, div_b_bits (bits, P), rs);                       \
  }                                                                                 \
  static void                                                                       \
  xfer_div_b##P (unsigned long b, double *up, double *down)                         \
  {                                                                                 \
    *up = (double) b + div_b_bits (b, P);                                           \
    *down = b;                                                                      \
  }

DIV_PART (4)
DIV_PART (16)
DIV_PART (64)

/* divexact: the dividend q d of about `bits` bits, d of bits/2 bits and q of the
   rest, both signed and non-zero (only exact input is defined). */
static void
gen_divexact (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  unsigned long dbits = bits > 1 ? bits / 2 : 1;
  size_t i;
  random_divisors (in[1], count, dbits, rs);
  random_divisors (in[0], count, bits > dbits ? bits - dbits : 1, rs);
  for (i = 0; i < count; i++)
    mpz_mul (in[0][i], in[0][i], in[1][i]);
}

/* divexact_q64: q d with a quotient of 64 bits over a divisor of bits - 64 bits
   (the exact division's short-quotient case: a few digits over a long divisor). */
static void
gen_divexact_q64 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  random_divisors (in[1], count, dn64_bits (bits), rs);
  random_divisors (in[0], count, d64_bits (bits), rs);
  for (i = 0; i < count; i++)
    mpz_mul (in[0][i], in[0][i], in[1][i]);
}

/* Bits per element copied up and down by the GPU path (its padding not counted). */
static void xfer_addsub (unsigned long b, double *up, double *down) { *up = 2.0 * b; *down = b; }
static void xfer_mul (unsigned long b, double *up, double *down) { *up = 2.0 * b; *down = 2.0 * b; }
static void xfer_mul_b4 (unsigned long b, double *up, double *down) { *up = *down = 1.25 * b; }
static void xfer_mul_b16 (unsigned long b, double *up, double *down) { *up = *down = 1.0625 * b; }
/* dividend, divisor up; quotient (bits - dbits) and remainder (dbits) down */
static void xfer_div (unsigned long b, double *up, double *down) { *up = 1.5 * b; *down = b; }
static void xfer_div_d64 (unsigned long b, double *up, double *down)
{ *up = (double) b + d64_bits (b); *down = b; }
static void xfer_div_dn64 (unsigned long b, double *up, double *down)
{ *up = (double) b + dn64_bits (b); *down = b; }
/* mod: the remainder only; divexact: the quotient only */
static void xfer_half (unsigned long b, double *up, double *down) { *up = 1.5 * b; *down = 0.5 * b; }
/* the quotient only, of 64 bits */
static void xfer_q64 (unsigned long b, double *up, double *down)
{ *up = (double) b + dn64_bits (b); *down = d64_bits (b); }

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

/* powm_even: as powm, the modulus even (bit 0 cleared: usually a few trailing
   zeros, half the time one). */
static void
gen_powm_even (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  gen_powm (in, count, bits, rs);
  for (i = 0; i < count; i++)
    mpz_clrbit (in[2][i], 0);
}

/* powm_2k: as powm, the modulus 2^(bits - 1) (the power of two alone: the
   Montgomery part is 0 at once) and the base odd, so that all the exponent's
   bits up to bits - 3 count. */
static void
gen_powm_2k (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  gen_powm (in, count, bits, rs);
  for (i = 0; i < count; i++)
    {
      mpz_setbit (in[0][i], 0);
      mpz_set_ui (in[2][i], 0);
      mpz_setbit (in[2][i], bits - 1);
    }
}

/* powm_2k3: as powm_2k, the modulus 3 2^(bits - 2): the full Montgomery part
   (on m' = 3, at the class's width) and the longest power of two with it. */
static void
gen_powm_2k3 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  gen_powm_2k (in, count, bits, rs);
  for (i = 0; i < count; i++)
    {
      mpz_set_ui (in[2][i], 3);
      mpz_mul_2exp (in[2][i], in[2][i], bits - 2);
    }
}

/* powm_65537: as powm, the exponent 65537 (the RSA public exponent). */
static void
gen_powm_65537 (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs)
{
  size_t i;
  gen_powm (in, count, bits, rs);
  for (i = 0; i < count; i++)
    mpz_set_ui (in[1][i], 65537);
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
LOOP (gmp_mod, mpz_mod (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_divexact, mpz_divexact (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_tdiv_q, mpz_tdiv_q (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_tdiv_r, mpz_tdiv_r (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_fdiv_qr, mpz_fdiv_qr (out[0][i], out[1][i], in[0][i], in[1][i]))
LOOP (gmp_fdiv_q, mpz_fdiv_q (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_fdiv_r, mpz_fdiv_r (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_cdiv_qr, mpz_cdiv_qr (out[0][i], out[1][i], in[0][i], in[1][i]))
LOOP (gmp_cdiv_q, mpz_cdiv_q (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_cdiv_r, mpz_cdiv_r (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_gcd, mpz_gcd (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_gcdext, mpz_gcdext (out[0][i], out[1][i], out[2][i], in[0][i], in[1][i]))
LOOP (gmp_invert, mpz_invert (out[0][i], in[0][i], in[1][i]))
LOOP (gmp_powm, mpz_powm (out[0][i], in[0][i], in[1][i], in[2][i]))

static int z_add (mpz_t **o, mpz_t **in, size_t n) { return mpzg_add_n (o[0], in[0], in[1], n); }
static int z_sub (mpz_t **o, mpz_t **in, size_t n) { return mpzg_sub_n (o[0], in[0], in[1], n); }
static int z_mul (mpz_t **o, mpz_t **in, size_t n) { return mpzg_mul_n (o[0], in[0], in[1], n); }
static int z_tdiv_qr (mpz_t **o, mpz_t **in, size_t n) { return mpzg_tdiv_qr_n (o[0], o[1], in[0], in[1], n); }
static int z_mod (mpz_t **o, mpz_t **in, size_t n) { return mpzg_mod_n (o[0], in[0], in[1], n); }
static int z_divexact (mpz_t **o, mpz_t **in, size_t n) { return mpzg_divexact_n (o[0], in[0], in[1], n); }
static int z_tdiv_q (mpz_t **o, mpz_t **in, size_t n) { return mpzg_tdiv_q_n (o[0], in[0], in[1], n); }
static int z_tdiv_r (mpz_t **o, mpz_t **in, size_t n) { return mpzg_tdiv_r_n (o[0], in[0], in[1], n); }
static int z_fdiv_qr (mpz_t **o, mpz_t **in, size_t n) { return mpzg_fdiv_qr_n (o[0], o[1], in[0], in[1], n); }
static int z_fdiv_q (mpz_t **o, mpz_t **in, size_t n) { return mpzg_fdiv_q_n (o[0], in[0], in[1], n); }
static int z_fdiv_r (mpz_t **o, mpz_t **in, size_t n) { return mpzg_fdiv_r_n (o[0], in[0], in[1], n); }
static int z_cdiv_qr (mpz_t **o, mpz_t **in, size_t n) { return mpzg_cdiv_qr_n (o[0], o[1], in[0], in[1], n); }
static int z_cdiv_q (mpz_t **o, mpz_t **in, size_t n) { return mpzg_cdiv_q_n (o[0], in[0], in[1], n); }
static int z_cdiv_r (mpz_t **o, mpz_t **in, size_t n) { return mpzg_cdiv_r_n (o[0], in[0], in[1], n); }
static int z_gcd (mpz_t **o, mpz_t **in, size_t n) { return mpzg_gcd_n (o[0], in[0], in[1], n); }
static int z_gcdext (mpz_t **o, mpz_t **in, size_t n) { return mpzg_gcdext_n (o[0], o[1], o[2], in[0], in[1], n); }
static int z_invert (mpz_t **o, mpz_t **in, size_t n) { return mpzg_invert_n (o[0], in[0], in[1], NULL, n); }
static int z_powm (mpz_t **o, mpz_t **in, size_t n) { return mpzg_powm_n (o[0], in[0], in[1], in[2], n); }

const bench_op bench_ops[] = {
  { "add",     MPZG_GPU_FAMILY (add), 2, 1, 1UL << 20, RATE_BYTES,    gen_signed2,   gmp_add,     z_add,
    xfer_addsub, 0 },
  { "sub",     MPZG_GPU_FAMILY (sub), 2, 1, 1UL << 20, RATE_BYTES,    gen_signed2,   gmp_sub,     z_sub,
    xfer_addsub, 0 },
  { "mul",     MPZG_GPU_FAMILY (mul), 2, 1, 1UL << 20, RATE_WORDPROD, gen_unsigned2, gmp_mul,     z_mul,
    xfer_mul, 0 },
  { "tdiv_qr", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div,      gmp_tdiv_qr, z_tdiv_qr,
    xfer_div, 0 },
  /* one product a row, for the long products (the whole-device transform) */
  { "mul1",    MPZG_GPU_FAMILY (mul), 2, 1, 1UL << 28, RATE_WORDPROD, gen_unsigned2, gmp_mul,     z_mul,
    xfer_mul, 1 },
  { "mul_b4",  MPZG_GPU_FAMILY (mul), 2, 1, 1UL << 22, RATE_ELEMS,    gen_unsigned_b4, gmp_mul,   z_mul,
    xfer_mul_b4, 1 },
  { "mul_b16", MPZG_GPU_FAMILY (mul), 2, 1, 1UL << 22, RATE_ELEMS,    gen_unsigned_b16, gmp_mul,  z_mul,
    xfer_mul_b16, 1 },
  { "tdiv_qr_d64", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div_d64, gmp_tdiv_qr,
    z_tdiv_qr, xfer_div_d64, 1 },
  { "tdiv_qr_dn64", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div_dn64, gmp_tdiv_qr,
    z_tdiv_qr, xfer_div_dn64, 1 },
  { "tdiv_qr_b4", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div_b4, gmp_tdiv_qr,
    z_tdiv_qr, xfer_div_b4, 1 },
  { "tdiv_qr_b16", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div_b16, gmp_tdiv_qr,
    z_tdiv_qr, xfer_div_b16, 1 },
  { "tdiv_qr_b64", MPZG_GPU_FAMILY (tdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div_b64, gmp_tdiv_qr,
    z_tdiv_qr, xfer_div_b64, 1 },
  { "mod",     MPZG_GPU_FAMILY (mod), 2, 1, 1UL << 18, RATE_ELEMS,    gen_div,       gmp_mod,     z_mod,
    xfer_half, 1 },
  /* the other entry points of the family on tdiv_qr's operands (signed: the
     roundings differ), a quotient or a remainder of half the dividend's bits
     coming back (xfer_half), but for fdiv_q and cdiv_q, whose rounding reads
     the remainder too (xfer_div) */
  { "tdiv_q",  MPZG_GPU_FAMILY (tdiv_q), 2, 1, 1UL << 18, RATE_ELEMS,  gen_div,       gmp_tdiv_q,  z_tdiv_q,
    xfer_half, 1 },
  { "tdiv_r",  MPZG_GPU_FAMILY (tdiv_r), 2, 1, 1UL << 18, RATE_ELEMS,  gen_div,       gmp_tdiv_r,  z_tdiv_r,
    xfer_half, 1 },
  { "fdiv_qr", MPZG_GPU_FAMILY (fdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div,       gmp_fdiv_qr, z_fdiv_qr,
    xfer_div, 1 },
  { "fdiv_q",  MPZG_GPU_FAMILY (fdiv_q), 2, 1, 1UL << 18, RATE_ELEMS,  gen_div,       gmp_fdiv_q,  z_fdiv_q,
    xfer_div, 1 },
  { "fdiv_r",  MPZG_GPU_FAMILY (fdiv_r), 2, 1, 1UL << 18, RATE_ELEMS,  gen_div,       gmp_fdiv_r,  z_fdiv_r,
    xfer_half, 1 },
  { "cdiv_qr", MPZG_GPU_FAMILY (cdiv_qr), 2, 2, 1UL << 18, RATE_ELEMS, gen_div,       gmp_cdiv_qr, z_cdiv_qr,
    xfer_div, 1 },
  { "cdiv_q",  MPZG_GPU_FAMILY (cdiv_q), 2, 1, 1UL << 18, RATE_ELEMS,  gen_div,       gmp_cdiv_q,  z_cdiv_q,
    xfer_div, 1 },
  { "cdiv_r",  MPZG_GPU_FAMILY (cdiv_r), 2, 1, 1UL << 18, RATE_ELEMS,  gen_div,       gmp_cdiv_r,  z_cdiv_r,
    xfer_half, 1 },
  { "divexact", MPZG_GPU_FAMILY (divexact), 2, 1, 1UL << 18, RATE_ELEMS, gen_divexact, gmp_divexact,
    z_divexact, xfer_half, 1 },
  /* the schoolbook division (tdiv_q's kernels) on divexact's operands, and both on
     short quotients: what the exact division saves */
  { "tdiv_q_exact", MPZG_GPU_FAMILY (tdiv_q), 2, 1, 1UL << 18, RATE_ELEMS, gen_divexact, gmp_tdiv_q,
    z_tdiv_q, xfer_half, 1 },
  { "divexact_q64", MPZG_GPU_FAMILY (divexact), 2, 1, 1UL << 18, RATE_ELEMS, gen_divexact_q64,
    gmp_divexact, z_divexact, xfer_q64, 1 },
  { "tdiv_q_q64", MPZG_GPU_FAMILY (tdiv_q), 2, 1, 1UL << 18, RATE_ELEMS, gen_divexact_q64,
    gmp_tdiv_q, z_tdiv_q, xfer_q64, 1 },
  { "gcd",     MPZG_GPU_FAMILY (gcd), 2, 1, 1UL << 16, RATE_ELEMS,    gen_unsigned2, gmp_gcd,     z_gcd,
    NULL, 0 },
  { "gcdext",  MPZG_GPU_FAMILY (gcdext), 2, 3, 1UL << 16, RATE_ELEMS, gen_signed2,  gmp_gcdext,  z_gcdext,
    NULL, 1 },
  { "invert",  MPZG_GPU_FAMILY (invert), 2, 1, 1UL << 16, RATE_ELEMS, gen_invert,   gmp_invert,  z_invert,
    NULL, 1 },
  { "invert_even", MPZG_GPU_FAMILY (invert), 2, 1, 1UL << 16, RATE_ELEMS, gen_invert_even,
    gmp_invert, z_invert, NULL, 1 },
  { "powm",    MPZG_GPU_FAMILY (powm), 3, 1, 1UL << 12, RATE_ELEMS,    gen_powm,      gmp_powm,    z_powm,
    NULL, 0 },
  { "powm_even", MPZG_GPU_FAMILY (powm), 3, 1, 1UL << 12, RATE_ELEMS, gen_powm_even, gmp_powm,
    z_powm, NULL, 1 },
  { "powm_2k", MPZG_GPU_FAMILY (powm), 3, 1, 1UL << 12, RATE_ELEMS, gen_powm_2k, gmp_powm,
    z_powm, NULL, 1 },
  { "powm_2k3", MPZG_GPU_FAMILY (powm), 3, 1, 1UL << 12, RATE_ELEMS, gen_powm_2k3, gmp_powm,
    z_powm, NULL, 1 },
  { "powm_65537", MPZG_GPU_FAMILY (powm), 3, 1, 1UL << 12, RATE_ELEMS, gen_powm_65537, gmp_powm,
    z_powm, NULL, 1 },
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
  if (strcmp (op->name, "gcd") == 0 || strcmp (op->name, "gcdext") == 0
      || strncmp (op->name, "invert", 6) == 0)
    count /= 16;                /* gcd costs some tens of multiplications */
  else if (strcmp (op->name, "powm_65537") == 0)
    count /= 16;                /* 17 multiplications */
  else if (strncmp (op->name, "powm", 4) == 0)
    count /= bits;              /* powm costs about `bits` multiplications */
  else if (strcmp (op->name, "mul1") == 0)
    count = 1;                  /* one long product, end to end */
  return count > 0 ? count : 1;
}
