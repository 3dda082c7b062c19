/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-logic.c -- mpzg-tune's decisions from measured times, its -s option, and the
   header it writes. */

#include <limits.h>
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

int
tune_consistent (double t1, double t2)
{
  const double fixed = 100.0;
  return t2 >= 0.5 * t1 - fixed && t2 <= 3.0 * t1 + fixed;
}

/* Adds the step or family that item [s, s + len) names to *steps and *fams;
   0 when it names none. */
static int
parse_item (const char *s, size_t len, const char *const *families, size_t nfam,
            unsigned *steps, unsigned long *fams)
{
  static const struct { const char *name; unsigned step; } names[] = {
    { "kernels", TUNE_STEP_KERNELS }, { "shapes", TUNE_STEP_SHAPES },
    { "auto", TUNE_STEP_AUTO }, { "huge", TUNE_STEP_HUGE }, { "slot", TUNE_STEP_SLOT }
  };
  static const char prefix[] = "auto:";
  const size_t plen = sizeof prefix - 1;
  size_t i;
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen (names[i].name) == len && memcmp (s, names[i].name, len) == 0)
      {
        *steps |= names[i].step;
        if (names[i].step == TUNE_STEP_AUTO)
          *fams |= nfam == 0 ? 0 : ~0UL >> (sizeof *fams * CHAR_BIT - nfam);
        return 1;
      }
  if (len <= plen || memcmp (s, prefix, plen) != 0)
    return 0;
  for (i = 0; i < nfam; i++)
    if (strlen (families[i]) == len - plen && memcmp (s + plen, families[i], len - plen) == 0)
      {
        *steps |= TUNE_STEP_AUTO;
        *fams |= 1UL << i;
        return 1;
      }
  return 0;
}

int
tune_parse_steps (const char *list, const char *const *families, size_t nfam,
                  unsigned *steps, unsigned long *fams)
{
  *steps = 0;
  *fams = 0;
  if (nfam > sizeof *fams * CHAR_BIT)
    return -1;
  for (;;)
    {
      const char *end = strchr (list, ',');
      size_t len = end ? (size_t) (end - list) : strlen (list);
      if (!parse_item (list, len, families, nfam, steps, fams))
        return -1;
      if (end == NULL)
        return 0;
      list = end + 1;
    }
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
