/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-bingcd.c -- the device's gcd (mpzg_mpn_gcd), every class (the one-thread ones
   and the cooperative ones up to 1024 words), against mpz_gcd: the pairs of
   gcd-cases.h (planted common factors, equal operands, zeros, powers of two,
   Fibonacci neighbours, runs of bits, multiples, 2^m - 1 against 2^n - 1) and
   uniform ones, sizes anywhere inside the class and at its lower edge, and the
   zero instances that pad a chunk (gcd (0, 0) = 0).  Exits 77 (skipped) when no
   CUDA device is usable. */
#define MPN_NAME "t-bingcd"
#define MPN_GCD 1
#define MPN_SELECT(sh) 1
#include "mpn-shared.h"
