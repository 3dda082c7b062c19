/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* entries.h -- every batched entry as a tst_op call, and GMP's per-element
   reference for it, shared by the CPU suites and the GPU ones (the operand
   generators stay with each suite). */

#ifndef MPZG_TESTS_ENTRIES_H
#define MPZG_TESTS_ENTRIES_H

#include "common.h"

/* The types of tst_op's call and ref. */
typedef int tst_call_fn (mpz_t **out, mpz_t **in, int *flags, size_t n);
typedef int tst_ref_fn (mpz_ptr *out, mpz_srcptr *in, int *flag);

/* mpzg_add_n, mpzg_sub_n, mpzg_mul_n: out[0] = in[0] op in[1]. */
tst_call_fn tst_call_add, tst_call_sub, tst_call_mul;
tst_ref_fn tst_ref_add, tst_ref_sub, tst_ref_mul;

/* The division entries, n = in[0], d = in[1]: _qr to out[0] (q) and out[1] (r),
   _q and _r and mod to out[0]; divexact assumes d divides n. */
tst_call_fn tst_call_tdiv_qr, tst_call_tdiv_q, tst_call_tdiv_r;
tst_call_fn tst_call_fdiv_qr, tst_call_fdiv_q, tst_call_fdiv_r;
tst_call_fn tst_call_cdiv_qr, tst_call_cdiv_q, tst_call_cdiv_r;
tst_call_fn tst_call_mod, tst_call_divexact;
tst_ref_fn tst_ref_tdiv_qr, tst_ref_tdiv_q, tst_ref_tdiv_r;
tst_ref_fn tst_ref_fdiv_qr, tst_ref_fdiv_q, tst_ref_fdiv_r;
tst_ref_fn tst_ref_cdiv_qr, tst_ref_cdiv_q, tst_ref_cdiv_r;
tst_ref_fn tst_ref_mod, tst_ref_divexact;

/* mpzg_gcd_n to out[0]; mpzg_gcdext_n to out[0], out[1], out[2] (g, s, t; s and
   t NULL where the op leaves them out). */
tst_call_fn tst_call_gcd, tst_call_gcdext;
tst_ref_fn tst_ref_gcd, tst_ref_gcdext;

/* mpzg_invert_n (out[0], in[0], in[1], flags) and with exists = NULL.  The
   reference follows the header: flag = mpz_invert's return value (when flag is
   not NULL); where it is zero, out[0] stays untouched and the element fails with
   MPZG_ENOTINVERTIBLE. */
tst_call_fn tst_call_invert, tst_call_invert_noflags;
tst_ref_fn tst_ref_invert;

/* mpzg_powm_n (out[0], in[0], in[1], in[2]).  The reference follows the header:
   a negative exponent with a base not invertible is MPZG_ENOTINVERTIBLE (where
   GMP would divide by zero), its output untouched. */
tst_call_fn tst_call_powm;
tst_ref_fn tst_ref_powm;

#endif
