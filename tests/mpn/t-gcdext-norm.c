/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext-norm.c -- the device's gcd, cofactor and, where g is one word, GMP's
   cofactors (mpzg_mpn_gcdext_norm: the gcdext kernels, then the staged kernel on
   the one-thread classes and the warp's on the cooperative ones), every class: g
   and the cofactor as t-gcdext checks them, then |c| and |t| with the host's
   signs against mpz_gcdext for every sign of the operands, and that the device
   declined exactly where the host must normalize (g of more than one word, a
   zero operand, |y| = g); the pairs of gcd-cases.h and uniform ones, sizes
   anywhere inside the class, and the zero instances that pad a chunk.  Exits 77
   (skipped) when no CUDA device is usable. */
#define MPN_NAME "t-gcdext-norm"
#define MPN_GCDEXT 1
#define MPN_GCDEXT_NORM 1
#define MPN_SELECT(sh) 1
#include "mpn-shared.h"
