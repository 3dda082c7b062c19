/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* entries.c -- the batched entries and GMP's references (see entries.h). */

#include "entries.h"

int tst_call_add (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_add_n (o[0], in[0], in[1], n); }
int tst_call_sub (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_sub_n (o[0], in[0], in[1], n); }
int tst_call_mul (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_mul_n (o[0], in[0], in[1], n); }
int tst_ref_add (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_add (o[0], in[0], in[1]); return MPZG_OK; }
int tst_ref_sub (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_sub (o[0], in[0], in[1]); return MPZG_OK; }
int tst_ref_mul (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_mul (o[0], in[0], in[1]); return MPZG_OK; }

#define QR(round)                                                                      \
  int tst_call_##round##_qr (mpz_t **o, mpz_t **in, int *f, size_t n)                 \
  { (void) f; return mpzg_##round##_qr_n (o[0], o[1], in[0], in[1], n); }             \
  int tst_call_##round##_q (mpz_t **o, mpz_t **in, int *f, size_t n)                  \
  { (void) f; return mpzg_##round##_q_n (o[0], in[0], in[1], n); }                    \
  int tst_call_##round##_r (mpz_t **o, mpz_t **in, int *f, size_t n)                  \
  { (void) f; return mpzg_##round##_r_n (o[0], in[0], in[1], n); }                    \
  int tst_ref_##round##_qr (mpz_ptr *o, mpz_srcptr *in, int *f)                       \
  { (void) f; mpz_##round##_qr (o[0], o[1], in[0], in[1]); return MPZG_OK; }          \
  int tst_ref_##round##_q (mpz_ptr *o, mpz_srcptr *in, int *f)                        \
  { (void) f; mpz_##round##_q (o[0], in[0], in[1]); return MPZG_OK; }                 \
  int tst_ref_##round##_r (mpz_ptr *o, mpz_srcptr *in, int *f)                        \
  { (void) f; mpz_##round##_r (o[0], in[0], in[1]); return MPZG_OK; }
QR (tdiv)
QR (fdiv)
QR (cdiv)

int tst_call_mod (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_mod_n (o[0], in[0], in[1], n); }
int tst_ref_mod (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_mod (o[0], in[0], in[1]); return MPZG_OK; }
int tst_call_divexact (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_divexact_n (o[0], in[0], in[1], n); }
int tst_ref_divexact (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_divexact (o[0], in[0], in[1]); return MPZG_OK; }

int tst_call_gcd (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_gcd_n (o[0], in[0], in[1], n); }
int tst_ref_gcd (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_gcd (o[0], in[0], in[1]); return MPZG_OK; }
int tst_call_gcdext (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_gcdext_n (o[0], o[1], o[2], in[0], in[1], n); }
int tst_ref_gcdext (mpz_ptr *o, mpz_srcptr *in, int *f) { (void) f; mpz_gcdext (o[0], o[1], o[2], in[0], in[1]); return MPZG_OK; }
int tst_call_invert (mpz_t **o, mpz_t **in, int *f, size_t n) { return mpzg_invert_n (o[0], in[0], in[1], f, n); }
int tst_call_invert_noflags (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_invert_n (o[0], in[0], in[1], NULL, n); }

int
tst_ref_invert (mpz_ptr *o, mpz_srcptr *in, int *f)
{
  mpz_t t;
  int e;
  mpz_init (t);
  e = mpz_invert (t, in[0], in[1]);
  if (f != NULL)
    *f = e;
  if (e)
    mpz_set (o[0], t);
  mpz_clear (t);
  return e ? MPZG_OK : MPZG_ENOTINVERTIBLE;
}

int tst_call_powm (mpz_t **o, mpz_t **in, int *f, size_t n) { (void) f; return mpzg_powm_n (o[0], in[0], in[1], in[2], n); }

int
tst_ref_powm (mpz_ptr *o, mpz_srcptr *in, int *f)
{
  (void) f;
  if (mpz_sgn (in[1]) < 0)
    {
      mpz_t t;
      int e;
      mpz_init (t);
      e = mpz_invert (t, in[0], in[2]);
      mpz_clear (t);
      if (!e)
        return MPZG_ENOTINVERTIBLE;
    }
  mpz_powm (o[0], in[0], in[1], in[2]);
  return MPZG_OK;
}
