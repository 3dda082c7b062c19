/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-logic.h -- what mpzg-tune decides from its measurements, apart from the GPU:
   where a second method starts to win, the auto mode's thresholds from the counts
   where the GPU started to win, and the header it writes (tests/t-tune checks them). */
#ifndef MPZG_TUNE_LOGIC_H
#define MPZG_TUNE_LOGIC_H

#include <stddef.h>
#include <stdio.h>

/* The first index i at which method 2 was faster (t2 < t1) there and at the next
   stop - 1 points (at those that remain, near the end), as GMP's tuneup asks a
   method to win consistently; n when there is none. */
size_t tune_crossover (const double *t1, const double *t2, size_t n, size_t stop);

/* The auto mode's thresholds from sizes[0..n) (ascending, limbs) and counts[i], the
   smallest batch from which the GPU won at sizes[i] (0: it did not win up to the
   largest batch tried).  *avg receives the smallest size from which every larger
   size has a count, *work the median of sizes[i]^power * counts[i] over those sizes
   (power 2: the quadratic families' work, 1: limbs, 0: a count).  Returns 0 when
   the largest size has no count (the GPU is not worth it at any size tried), else 1. */
int tune_fit (const double *sizes, const double *counts, size_t n, int power, double *avg,
              double *work);

/* One switch point of the header: its macro, how to spell it (tune-list.h's kinds),
   its value and, when it was not measured, why (NULL when it was). */
typedef struct
{
  const char *name;
  int kind;
  double value;
  const char *kept;
} tune_value;

/* Writes cuda/tuning-switch.h: a comment naming the device, the date and the
   command, then each value as a macro a build may still override with -D.
   Returns 0, or -1 on a write error. */
int tune_write_header (FILE *f, const tune_value *v, size_t n, const char *device,
                       const char *date, const char *command);

#endif
