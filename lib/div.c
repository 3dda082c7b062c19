/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div.c -- the division families: tdiv, fdiv, cdiv (qr, q, r), mod, divexact.
   A zero divisor is found before any work (batch.c) and its element skipped.
   Each entry's GPU family is in lib/gpu/fam-div.c. */

#include <config.h>
#include "mpzg-impl.h"
#include "gpu.h"

/* Element functions: in[0] = dividend, in[1] = divisor; out[0], out[1] as named. */
#define DIV_QR(round)                                                              \
  static int round##_qr_elem (const mpzg_batch *b, size_t i)                     \
  { mpz_##round##_qr (b->out[0][i], b->out[1][i], b->in[0][i], b->in[1][i]); return MPZG_OK; } \
  static int round##_q_elem (const mpzg_batch *b, size_t i)                      \
  { mpz_##round##_q (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }  \
  static int round##_r_elem (const mpzg_batch *b, size_t i)                      \
  { mpz_##round##_r (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }

DIV_QR (tdiv)
DIV_QR (fdiv)
DIV_QR (cdiv)

static int mod_elem (const mpzg_batch *b, size_t i)
{ mpz_mod (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }
static int divexact_elem (const mpzg_batch *b, size_t i)
{ mpz_divexact (b->out[0][i], b->in[0][i], b->in[1][i]); return MPZG_OK; }

/* The same as direct loops over ranges of valid elements. */
#define LOOP_QR(fn)                                                               \
  static void fn##_loop (const mpzg_batch *b, size_t begin, size_t end)          \
  {                                                                               \
    mpz_t *q = b->out[0], *r = b->out[1], *x = b->in[0], *y = b->in[1];           \
    size_t i;                                                                     \
    for (i = begin; i < end; i++)                                                 \
      mpz_##fn (q[i], r[i], x[i], y[i]);                                          \
  }
#define LOOP_1(fn) MPZG_BINARY_LOOP (fn, mpz_##fn)
#define LOOPS(round) LOOP_QR (round##_qr) LOOP_1 (round##_q) LOOP_1 (round##_r)
LOOPS (tdiv)
LOOPS (fdiv)
LOOPS (cdiv)
LOOP_1 (mod)
LOOP_1 (divexact)

static int
division (const char *name, mpzg_elem_fn elem, mpzg_loop_fn loop, const mpzg_gpu_family *gpu,
          mpz_t *o0, mpz_t *o1, mpz_t *num, mpz_t *den, size_t count)
{
  mpzg_batch b = { .name = name, .elem = elem, .loop = loop, .out = { o0, o1 },
                   .in = { num, den }, .gpu = gpu, .divisor = 1, .cost_kind = MPZG_COST_DIV };
  MPZG_CHECK_ARRAY (o0, count);
  MPZG_CHECK_ARRAY (num, count);
  MPZG_CHECK_ARRAY (den, count);
  return mpzg_batch_run (&b, count);
}

/* q and r may not be the same array: GMP forbids q == r too. */
static int
division_qr (const char *name, mpzg_elem_fn elem, mpzg_loop_fn loop, const mpzg_gpu_family *gpu,
             mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  MPZG_CHECK_ARRAY (r, count);
  if (count > 0 && q == r)
    return mpzg_set_error (MPZG_EINVAL, MPZG_NO_INDEX);
  return division (name, elem, loop, gpu, q, r, n, d, count);
}

int
mpzg_tdiv_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division_qr ("tdiv_qr_n", tdiv_qr_elem, tdiv_qr_loop, MPZG_GPU_FAMILY (tdiv_qr),
                      q, r, n, d, count);
}

int
mpzg_tdiv_q_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("tdiv_q_n", tdiv_q_elem, tdiv_q_loop, MPZG_GPU_FAMILY (tdiv_q),
                   q, NULL, n, d, count);
}

int
mpzg_tdiv_r_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("tdiv_r_n", tdiv_r_elem, tdiv_r_loop, MPZG_GPU_FAMILY (tdiv_r),
                   r, NULL, n, d, count);
}

int
mpzg_fdiv_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division_qr ("fdiv_qr_n", fdiv_qr_elem, fdiv_qr_loop, MPZG_GPU_FAMILY (fdiv_qr),
                      q, r, n, d, count);
}

int
mpzg_fdiv_q_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("fdiv_q_n", fdiv_q_elem, fdiv_q_loop, MPZG_GPU_FAMILY (fdiv_q),
                   q, NULL, n, d, count);
}

int
mpzg_fdiv_r_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("fdiv_r_n", fdiv_r_elem, fdiv_r_loop, MPZG_GPU_FAMILY (fdiv_r),
                   r, NULL, n, d, count);
}

int
mpzg_cdiv_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division_qr ("cdiv_qr_n", cdiv_qr_elem, cdiv_qr_loop, MPZG_GPU_FAMILY (cdiv_qr),
                      q, r, n, d, count);
}

int
mpzg_cdiv_q_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("cdiv_q_n", cdiv_q_elem, cdiv_q_loop, MPZG_GPU_FAMILY (cdiv_q),
                   q, NULL, n, d, count);
}

int
mpzg_cdiv_r_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("cdiv_r_n", cdiv_r_elem, cdiv_r_loop, MPZG_GPU_FAMILY (cdiv_r),
                   r, NULL, n, d, count);
}

int
mpzg_mod_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("mod_n", mod_elem, mod_loop, MPZG_GPU_FAMILY (mod), r, NULL, n, d, count);
}

int
mpzg_divexact_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("divexact_n", divexact_elem, divexact_loop, MPZG_GPU_FAMILY (divexact),
                   q, NULL, n, d, count);
}
