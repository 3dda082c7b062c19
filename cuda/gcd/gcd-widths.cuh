/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gcd-widths.cuh -- the class widths of the gcd family (gcd.cu's gcd and
   gcdext.cu's gcdext and invert, which share the classes), and the class of an
   operand size. */
#ifndef MPZG_GCD_WIDTHS_CUH
#define MPZG_GCD_WIDTHS_CUH

#include <stddef.h>

namespace mpzg {
namespace gc {

/* One width W for both operands: the powers of two up to 1024 words. */
static const unsigned gcd_width[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 };
static const unsigned NW = sizeof gcd_width / sizeof gcd_width[0];

/* Index of the smallest width >= n, or NW. */
static unsigned
width_index (size_t n)
{
  unsigned k = 0;
  while (k < NW && gcd_width[k] < n)
    k++;
  return k;
}

} /* namespace gc */
} /* namespace mpzg */

#endif
