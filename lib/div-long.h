/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* div-long.h -- quotients and remainders of long operands by a reciprocal and
   products (div-long.c), the products of a whole batch at a time through a
   caller's function: the GPU's batched multiplication for the division family's
   elements above the GPU's division classes (lib/gpu/fam-div.c), GMP's in the
   tests. */
#ifndef MPZG_DIV_LONG_H
#define MPZG_DIV_LONG_H

#include <stddef.h>
#include <gmp.h>

/* r[i] = a[i] * b[i] for i < count (r never an input); 0, or an mpzg status. */
typedef int (*mpzg_mul_batch_fn) (void *ctx, mpz_t *r, mpz_t *a, mpz_t *b, size_t count);

/* For i < m: q[i] = floor(|n[i]| / |d[i]|), r[i] = |n[i]| mod |d[i]|, d[i] != 0; q and
   r initialized, distinct from every input.  The linear work runs on up to
   `threads` threads (the caller's among them); mul is called on the caller's.
   Returns 0, or mul's failure (q and r then undefined).  *fallbacks (when not
   NULL) receives how many elements needed more than the expected corrections and
   were divided by GMP instead: none, by the bound in div-long.c; the tests check
   it. */
int mpzg_div_long (mpz_t *q, mpz_t *r, const mpz_srcptr *n, const mpz_srcptr *d, size_t m,
                   mpzg_mul_batch_fn mul, void *ctx, int threads, size_t *fallbacks);

/* The rounding of a division entry, applied to the magnitudes. */
enum { MPZG_ROUND_T, MPZG_ROUND_F, MPZG_ROUND_C, MPZG_ROUND_MOD };

/* From Q = floor(|n| / |d|) and R = |n| mod |d| (both overwritten): the signed
   quotient (into q, unless NULL) and remainder (into r, unless NULL) of n / d as
   GMP's tdiv (MPZG_ROUND_T), fdiv (F) and cdiv (C) give them, or mpz_mod's r
   (MOD).  q and r may be n or d. */
void mpzg_div_long_signs (mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d, mpz_ptr Q,
                          mpz_ptr R, int round);

#endif
