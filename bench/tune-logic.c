/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-logic.c -- mpzg-tune's decisions from measured times, and the header it writes. */

#include <stdlib.h>
#include <string.h>
#include "tune-logic.h"
#include "median.h"
#include "tune-list.h"

size_t
tune_crossover (const double *t1, const double *t2, size_t n, size_t stop)
{
  size_t i, j;
  if (stop < 1)
    stop = 1;
  for (i = 0; i < n; i++)
    {
      for (j = i; j < n && j < i + stop; j++)
        if (!(t2[j] < t1[j]))
          break;
      if (j == n || j == i + stop)
        return i;
    }
  return n;
}

int
tune_fit (const double *sizes, const double *counts, size_t n, int power, double *avg,
          double *work)
{
  double w[64];
  size_t first = n, i, m = 0;
  /* the sizes from which the GPU won at every larger size */
  while (first > 0 && counts[first - 1] > 0)
    first--;
  if (first == n)
    return 0;
  for (i = first; i < n && m < sizeof w / sizeof w[0]; i++)
    {
      double s = power == 2 ? sizes[i] * sizes[i] : power == 1 ? sizes[i] : 1.0;
      w[m++] = s * counts[i];
    }
  *avg = sizes[first];
  *work = bench_median (w, (int) m);
  return 1;
}

static const char *
spell (char *buf, size_t size, int kind, double value)
{
  if (kind == MPZG_TUNE_SIZE)
    snprintf (buf, size, "((size_t) %.0f)", value);
  else if (kind == MPZG_TUNE_DOUBLE)
    snprintf (buf, size, "((double) %.0f)", value);
  else
    snprintf (buf, size, "%.0f", value);
  return buf;
}

int
tune_write_header (FILE *f, const tune_value *v, size_t n, const char *device, const char *date,
                   const char *command)
{
  char buf[64];
  size_t i;
  fprintf (f, "/* SPDX-License-Identifier: LGPL-3.0-or-later */\n"
           "/* tuning-switch.h -- the switch points of the GPU path, as bench/mpzg-tune\n"
           "   measured them (see bench/README.md; cuda/tuning.h says what each one is).\n"
           "   Written by mpzg-tune; rebuild the library after replacing it.\n\n"
           "   Device:  %s\n"
           "   Date:    %s\n"
           "   Command: %s\n", device, date, command);
  for (i = 0; i < n; i++)
    if (v[i].kept != NULL)
      fprintf (f, "   Not measured, kept: %s (%s)\n", v[i].name, v[i].kept);
  fprintf (f, "*/\n#ifndef MPZG_TUNING_SWITCH_H\n#define MPZG_TUNING_SWITCH_H\n\n");
  for (i = 0; i < n; i++)
    fprintf (f, "#ifndef %s\n#define %s %s\n#endif\n", v[i].name, v[i].name,
             spell (buf, sizeof buf, v[i].kind, v[i].value));
  fprintf (f, "\n#endif\n");
  return ferror (f) ? -1 : 0;
}
