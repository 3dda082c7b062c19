/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gcdext.c -- the device's gcd and cofactor (mpzg_mpn_gcdext), every class (the
   one-thread ones and the cooperative ones up to 1024 words): g
   against mpz_gcd, the cofactor against its range and, normalized as the host
   does (lib/gpu/gcdext-norm.h), against mpz_gcdext and mpz_invert for every sign;
   the pairs of gcd-cases.h and uniform ones, sizes anywhere inside the class, and
   the zero instances that pad a chunk.  Exits 77 (skipped) when no CUDA device is
   usable. */
#define MPN_NAME "t-gcdext"
#define MPN_GCDEXT 1
#define MPN_SELECT(sh) 1
#include "mpn-shared.h"
