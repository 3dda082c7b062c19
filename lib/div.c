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

static int
division (const char *name, mpzg_elem_fn elem, const mpzg_gpu_family *gpu, mpz_t *o0,
          mpz_t *o1, mpz_t *num, mpz_t *den, size_t count)
{
  mpzg_batch b = { .name = name, .elem = elem, .out = { o0, o1 }, .in = { num, den },
                   .gpu = gpu, .divisor = 1, .cost_kind = MPZG_COST_DIV };
  MPZG_CHECK_ARRAY (o0, count);
  MPZG_CHECK_ARRAY (num, count);
  MPZG_CHECK_ARRAY (den, count);
  return mpzg_batch_run (&b, count);
}

/* q and r may not be the same array: GMP forbids q == r too. */
#define DIV_ENTRIES(round)                                                         \
  int mpzg_##round##_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count)  \
  {                                                                                \
    MPZG_CHECK_ARRAY (r, count);                                                   \
    if (count > 0 && q == r)                                                       \
      return mpzg_set_error (MPZG_EINVAL, MPZG_NO_INDEX);                          \
    return division (#round "_qr_n", round##_qr_elem, MPZG_GPU_FAMILY (round##_qr), \
                     q, r, n, d, count);                                           \
  }                                                                                \
  int mpzg_##round##_q_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count)             \
  {                                                                                \
    return division (#round "_q_n", round##_q_elem, MPZG_GPU_FAMILY (round##_q),   \
                     q, NULL, n, d, count);                                        \
  }                                                                                \
  int mpzg_##round##_r_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count)             \
  {                                                                                \
    return division (#round "_r_n", round##_r_elem, MPZG_GPU_FAMILY (round##_r),   \
                     r, NULL, n, d, count);                                        \
  }

DIV_ENTRIES (tdiv)
DIV_ENTRIES (fdiv)
DIV_ENTRIES (cdiv)

int
mpzg_mod_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("mod_n", mod_elem, MPZG_GPU_FAMILY (mod), r, NULL, n, d, count);
}

int
mpzg_divexact_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count)
{
  return division ("divexact_n", divexact_elem, MPZG_GPU_FAMILY (divexact), q, NULL, n, d,
                   count);
}
