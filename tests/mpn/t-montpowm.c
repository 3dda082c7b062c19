/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-montpowm.c -- the powm kernels (one thread per instance, odd moduli) against
   mpz_powm: a sample of the classes (every modulus width is checked on the host
   by t-powm-host), bases above the modulus, exponents 0, 1, 2 and all ones, moduli
   1 and 2^(64k) + 1, and the zero instances that pad a chunk. */
#define MPN_NAME "t-montpowm"
#define MPN_POWM 1
#define MPN_SELECT(sh) 1
#define MPN_SAMPLE 40
#include "mpn-shared.h"
