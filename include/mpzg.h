/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mpzg.h -- libmpzg: GMP's mpz arithmetic applied to batches of integers, on an
   NVIDIA GPU when one is usable and faster, with GMP on all CPU cores otherwise.

   Conventions, stated once for every call in this header:

   - A call named mpzg_FOO_n applies GMP's mpz_FOO to n independent elements:
     for every i in [0, n) it computes what mpz_FOO would compute on the i-th
     element of each array, bit for bit (value, sign, normalization).
   - Arguments come in GMP's order (outputs first), with the element count n last.
   - Arrays are plain arrays of mpz_t (mpz_t *), every element already mpz_init'ed.
     Input arrays are never modified (they are not declared const only because C
     does not convert mpz_t * to const mpz_t * without a diagnostic).
   - An output array may be the same array as an input array (same index i reads and
     writes element i).  Any other overlap of arrays (shifted by some elements, or
     one output array passed for two outputs) is undefined, except where a call
     says otherwise.
   - Every call returns MPZG_OK or a negative error code (see mpzg_strerror).
     When some elements are invalid (zero divisor, zero modulus, no inverse), every
     valid element is still computed, the outputs of the invalid elements are left
     exactly as they were, the call returns the error of the lowest invalid index,
     and mpzg_error_index() tells that index.
   - Calls are thread-safe: several threads may call the library at once on
     disjoint data.  */

#ifndef MPZG_H
#define MPZG_H

#include <stddef.h>
#include <gmp.h>
#include "mpzg-version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
#define MPZG_OK            0   /* success */
#define MPZG_EINVAL       (-1) /* invalid argument: NULL array with n > 0, bad setting */
#define MPZG_EDIVBYZERO   (-2) /* zero divisor or zero modulus at some element */
#define MPZG_ENOMEM       (-3) /* out of host or device memory */
#define MPZG_EDEVICE      (-4) /* GPU required (MPZG_BACKEND=cuda) but not usable, or a CUDA failure */
#define MPZG_ENOTINVERTIBLE (-5) /* no inverse exists (invert, powm with negative exponent) */

/* Value of mpzg_error_index() when the last failing call had no failing element. */
#define MPZG_NO_INDEX ((size_t) -1)

/* Text naming a status code; never NULL. */
const char *mpzg_strerror (int status);

/* The lowest failing element index of the last call made by this thread that
   returned an element error (MPZG_EDIVBYZERO, MPZG_ENOTINVERTIBLE); after
   MPZG_EDEVICE from a GPU that failed during the call (MPZG_BACKEND=cuda), the
   lowest element not computed: its outputs, and those of every other element not
   computed, are untouched.  MPZG_NO_INDEX if the last call succeeded or failed as
   a whole. */
size_t mpzg_error_index (void);

/* ---- Addition, subtraction, multiplication ---------------------------- */

int mpzg_add_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n);
int mpzg_sub_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n);
int mpzg_mul_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n);

/* ---- Division ----------------------------------------------------------
   tdiv truncates the quotient toward zero (r has the sign of n), fdiv rounds it
   toward minus infinity (r has the sign of d), cdiv toward plus infinity (r has
   the opposite sign of d).  In every case n = q*d + r and |r| < |d|.
   For the _qr calls q and r must be different arrays (as in GMP).
   A zero d[i] is MPZG_EDIVBYZERO at i; q[i] and r[i] are left untouched. */

int mpzg_tdiv_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count);
int mpzg_tdiv_q_n  (mpz_t *q, mpz_t *n, mpz_t *d, size_t count);
int mpzg_tdiv_r_n  (mpz_t *r, mpz_t *n, mpz_t *d, size_t count);
int mpzg_fdiv_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count);
int mpzg_fdiv_q_n  (mpz_t *q, mpz_t *n, mpz_t *d, size_t count);
int mpzg_fdiv_r_n  (mpz_t *r, mpz_t *n, mpz_t *d, size_t count);
int mpzg_cdiv_qr_n (mpz_t *q, mpz_t *r, mpz_t *n, mpz_t *d, size_t count);
int mpzg_cdiv_q_n  (mpz_t *q, mpz_t *n, mpz_t *d, size_t count);
int mpzg_cdiv_r_n  (mpz_t *r, mpz_t *n, mpz_t *d, size_t count);

/* r = n mod |d|, always non-negative (mpz_mod). */
int mpzg_mod_n (mpz_t *r, mpz_t *n, mpz_t *d, size_t count);

/* q = n / d, for d dividing n exactly (mpz_divexact).  As in GMP the result is
   unspecified when d does not divide n. */
int mpzg_divexact_n (mpz_t *q, mpz_t *n, mpz_t *d, size_t count);

/* ---- GCD, extended GCD, inverse, powering ---------------------------- */

int mpzg_gcd_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, size_t n);

/* g = gcd(a, b) = a*s + b*t with GMP's choice of s and t.  s or t may be NULL
   (as in mpz_gcdext); g must not be NULL.  g, s and t must be
   different arrays. */
int mpzg_gcdext_n (mpz_t *g, mpz_t *s, mpz_t *t, mpz_t *a, mpz_t *b, size_t n);

/* rop = op1^-1 mod op2 (mpz_invert).  exists[i] receives mpz_invert's return
   value for element i (non-zero iff an inverse exists); exists may be NULL.
   Where no inverse exists rop[i] is left untouched and the call returns
   MPZG_ENOTINVERTIBLE (unless a lower index has a zero modulus, which returns
   MPZG_EDIVBYZERO); every other element is computed.  A zero op2[i] is
   MPZG_EDIVBYZERO at i, with exists[i] = 0. */
int mpzg_invert_n (mpz_t *rop, mpz_t *op1, mpz_t *op2, int *exists, size_t n);

/* rop = base^exp mod mod (mpz_powm).  A zero mod[i] is MPZG_EDIVBYZERO at i; a
   negative exp[i] with base[i] not invertible mod mod[i] is MPZG_ENOTINVERTIBLE
   at i (GMP would raise a division by zero there). */
int mpzg_powm_n (mpz_t *rop, mpz_t *base, mpz_t *exp, mpz_t *mod, size_t n);

/* ---- Backend and settings ----------------------------------------------
   Settings start from the environment the first time the library is used:
     MPZG_BACKEND = auto | cuda | cpu   (default auto)
     MPZG_DEVICE  = CUDA device ordinal (default 0)
     MPZG_THREADS = number of CPU threads (default: all online cores)
     MPZG_VERBOSE = 0 | 1 | 2           (1: one line per call on stderr saying
                                         what ran where; 2: more detail)
   With MPZG_BACKEND=cuda every call with n > 0 fails with MPZG_EDEVICE when no
   GPU is usable: never a silent fallback.  With auto, no usable GPU means the CPU.
   n = 0 is a no-op returning MPZG_OK under every setting.  In this version the
   GPU has kernels for add, sub and mul; elements too large for the GPU's size
   classes, and every element of the other calls, run with GMP on the CPU threads
   under every backend (MPZG_VERBOSE=1 says how many went where).  Names are matched
   without regard to case; any other MPZG_BACKEND value makes every call with
   n > 0 fail with MPZG_EINVAL (and is reported once on stderr). */

#define MPZG_BACKEND_AUTO 0
#define MPZG_BACKEND_CPU  1
#define MPZG_BACKEND_CUDA 2

int mpzg_set_backend (int backend);   /* MPZG_BACKEND_*; MPZG_EINVAL otherwise */
int mpzg_get_backend (void);          /* the setting, MPZG_BACKEND_* */
int mpzg_set_threads (int threads);   /* >= 1, or 0 for all online cores */
int mpzg_get_threads (void);          /* threads the CPU path uses */
int mpzg_set_verbose (int level);
int mpzg_get_verbose (void);
int mpzg_set_device (int ordinal);

/* What the library will run on, as it resolves now: MPZG_BACKEND_CUDA when a
   GPU will be used, MPZG_BACKEND_CPU otherwise.  If desc is not NULL, writes a
   NUL-terminated line of at most size bytes saying which GPU (name, memory,
   compute capability) or how many CPU threads, and why. */
int mpzg_backend (char *desc, size_t size);

/* Whether this build of the library includes the CUDA path. */
int mpzg_have_cuda (void);

/* The library's version, as a string "MAJOR.MINOR.PATCH". */
const char *mpzg_version (void);

#ifdef __cplusplus
}
#endif

#endif /* MPZG_H */
