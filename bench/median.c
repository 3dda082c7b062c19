/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* median.c -- the median of repeated timings (see median.h). */

#include <stdlib.h>
#include "median.h"

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

double
bench_median (double *v, int n)
{
  if (n <= 0)
    return 0.0;
  qsort (v, (size_t) n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
