/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* widths.h -- the padded widths of the size classes, shared by every family.

   An operand of n words runs at a padded width: exact up to 8 words, then 4 widths
   per octave (the multiples of 2^(k-2) in (2^k, 2^(k+1)]), so that padding costs at
   most a quarter and a family has few classes (each a kernel shape and a chunk of its
   own).  Index i in [0, MPZG_NWIDTHS) covers 1 .. 65536 words; n = 0 takes index 0
   (width 1).  Plain C: the classes are host-side queries that need no device. */
#ifndef MPZG_WIDTHS_H
#define MPZG_WIDTHS_H

#define MPZG_NWIDTHS 60

/* The index of the smallest padded width >= n (1 <= n <= 65536, or 0). */
static inline unsigned
mpzg_width_index (unsigned n)
{
  unsigned k, step, j;
  if (n <= 8)
    return n ? n - 1 : 0;
  k = 31 - __builtin_clz (n - 1);
  step = 1u << (k - 2);
  j = (n + step - 1) / step - 4;
  return 8 + 4 * (k - 3) + (j - 1);
}

/* The padded width of index i. */
static inline unsigned
mpzg_width_value (unsigned i)
{
  unsigned k, j;
  if (i < 8)
    return i + 1;
  k = 3 + (i - 8) / 4;
  j = (i - 8) % 4 + 1;
  return (4 + j) << (k - 2);
}

/* The widths of the one-thread mul kernels (both operands padded to one of them),
   in class order: X (class, width).  One table for the classes and the kernels'
   instantiations. */
#define MPZG_MUL_SMALL_WIDTHS(X) \
  X (0, 2) X (1, 4) X (2, 6) X (3, 8) X (4, 12) X (5, 16) X (6, 24) X (7, 32)
#define MPZG_MUL_SMALL_CLASSES 8

#endif
