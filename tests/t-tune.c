/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-tune.c -- mpzg-tune's logic apart from the GPU (bench/tune-logic.c): the
   crossover of two methods, the auto mode's fit, the -s list of steps, and the
   header writer, which must write the committed cuda/tuning-switch.h again from
   its own values (its lines but the comment naming the device, the date and the
   command). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tuning-switch.h"
#include "tune-list.h"
#include "tune-logic.h"
#include "tune-logic.c"             /* the tuner's own code, not a copy */
#include "median.c"                 /* bench_median, which the tuner's code uses */

static int fails;

#define CHECK(cond)                                                     \
  do                                                                    \
    if (!(cond))                                                        \
      {                                                                 \
        fprintf (stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
        fails++;                                                        \
      }                                                                 \
  while (0)

static void
test_crossover (void)
{
  double t1[] = { 10, 10, 10, 10, 10, 10 };
  double never[] = { 11, 12, 13, 14, 15, 16 };
  double blip[] = { 11, 9, 11, 9, 9, 9 };       /* one win at 1 is noise */
  double last[] = { 11, 11, 11, 11, 11, 9 };
  double all[] = { 1, 1, 1, 1, 1, 1 };
  CHECK (tune_crossover (t1, never, 6, 2) == 6);
  CHECK (tune_crossover (t1, blip, 6, 2) == 3);
  CHECK (tune_crossover (t1, blip, 6, 1) == 1);
  CHECK (tune_crossover (t1, last, 6, 2) == 5);  /* the last point stands alone */
  CHECK (tune_crossover (t1, all, 6, 2) == 0);
  CHECK (tune_crossover (t1, t1, 6, 2) == 6);    /* a tie is no win */
  CHECK (tune_crossover (t1, all, 0, 2) == 0);
}

static void
test_fit (void)
{
  double sizes[] = { 4, 8, 16, 32 };
  double none[] = { 0, 0, 0, 0 };
  double hole[] = { 1024, 0, 256, 64 };          /* the GPU lost at 8: from 16 up */
  double all[] = { 4096, 1024, 256, 64 };
  double avg = 0, work = 0;
  CHECK (tune_fit (sizes, none, 4, 2, &avg, &work) == 0);
  CHECK (tune_fit (sizes, hole, 4, 2, &avg, &work) == 1);
  CHECK (avg == 16 && work == 16 * 16 * 256);
  CHECK (tune_fit (sizes, all, 4, 2, &avg, &work) == 1);
  CHECK (avg == 4 && work == 65536);             /* every size: 2^16 */
  CHECK (tune_fit (sizes, all, 4, 0, &avg, &work) == 1);
  CHECK (avg == 4 && work == 0.5 * (256 + 1024));
  CHECK (tune_fit (sizes, hole, 4, 1, &avg, &work) == 1);
  CHECK (avg == 16 && work == 0.5 * (16 * 256 + 32 * 64));
}

/* powm's total of limbs (power 1) from the break-even counts of one H100 run
   (bench/results/2026-11-24-h100-ntt-radix16-tuner/tune.txt) and, from the same
   counts, the count (power 0) it replaces. */
static void
test_fit_powm (void)
{
  double sizes[] = { 2, 4, 8, 16 }, counts[] = { 2048, 1024, 512, 512 };
  double avg = 0, work = 0;
  CHECK (tune_fit (sizes, counts, 4, 1, &avg, &work) == 1);
  CHECK (avg == 2 && work == 4096);
  CHECK (tune_fit (sizes, counts, 4, 0, &avg, &work) == 1);
  CHECK (avg == 2 && work == 768);
}

/* Consecutive GPU times (a batch, then one twice as large) from runs of the auto
   step on an H100's host in a slow phase (bench/results/2026-11-25-h100-not-kept-
   tuner-auto) and on an H200's quiet one (2026-11-25-h100-h200-tuner-auto-small-
   calls): the slow phase's jumps and drops are rejected, the quiet host's growth
   is not. */
static void
test_consistent (void)
{
  CHECK (tune_consistent (143.6, 151.1));        /* quiet: 8 limbs, 1024 -> 2048 */
  CHECK (tune_consistent (151.1, 245.9));
  CHECK (tune_consistent (37.7, 29.5));          /* a small call's noise */
  CHECK (tune_consistent (4167.8, 2375.5));      /* 65536 -> 131072: within 1/2 */
  CHECK (!tune_consistent (147.3, 1846.7));      /* helpers slow to wake */
  CHECK (!tune_consistent (223.5, 5765.7));
  CHECK (!tune_consistent (5765.7, 2310.5));     /* and the other way */
  CHECK (!tune_consistent (8207.7, 2216.7));
}

static void
test_steps (void)
{
  static const char *const fam[] = { "add", "mul", "tdiv_qr", "gcd", "gcdext", "powm" };
  unsigned st;
  unsigned long fm;
  CHECK (tune_parse_steps ("kernels", fam, 6, &st, &fm) == 0);
  CHECK (st == TUNE_STEP_KERNELS && fm == 0);
  CHECK (tune_parse_steps ("auto", fam, 6, &st, &fm) == 0);
  CHECK (st == TUNE_STEP_AUTO && fm == 63);
  CHECK (tune_parse_steps ("auto:powm", fam, 6, &st, &fm) == 0);
  CHECK (st == TUNE_STEP_AUTO && fm == 32);
  CHECK (tune_parse_steps ("huge,auto:add,auto:gcd,slot", fam, 6, &st, &fm) == 0);
  CHECK (st == (TUNE_STEP_HUGE | TUNE_STEP_AUTO | TUNE_STEP_SLOT) && fm == (1 | 8));
  CHECK (tune_parse_steps ("auto:mul,auto", fam, 6, &st, &fm) == 0);
  CHECK (st == TUNE_STEP_AUTO && fm == 63);
  CHECK (tune_parse_steps ("slot,kernels,huge,auto,slot", fam, 6, &st, &fm) == 0);
  CHECK (st == (TUNE_STEPS_ALL & ~TUNE_STEP_SHAPES) && fm == 63);
  CHECK (tune_parse_steps ("shapes", fam, 6, &st, &fm) == 0);
  CHECK (st == TUNE_STEP_SHAPES && fm == 0);
  CHECK (tune_parse_steps ("huge,shapes,kernels,slot,auto", fam, 6, &st, &fm) == 0);
  CHECK (st == TUNE_STEPS_ALL && fm == 63);
  CHECK (tune_parse_steps ("", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("kernels,", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps (",slot", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("kernels,,slot", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("ladders", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("Kernels", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("kernel", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("kernelsx", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("auto:", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("auto:pow", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("auto:powmx", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("auto:div", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("huge:powm", fam, 6, &st, &fm) == -1);
  CHECK (tune_parse_steps ("auto", fam, 0, &st, &fm) == 0);
  CHECK (st == TUNE_STEP_AUTO && fm == 0);
  CHECK (tune_parse_steps ("auto:add", fam, 1, &st, &fm) == 0 && fm == 1);
  CHECK (tune_parse_steps ("auto:mul", fam, 1, &st, &fm) == -1);
}

static char *
slurp (FILE *f, size_t *len)
{
  size_t cap = 1 << 16, n = 0, got;
  char *buf = malloc (cap + 1);
  if (buf == NULL)
    return NULL;
  while ((got = fread (buf + n, 1, cap - n, f)) > 0)
    {
      n += got;
      if (n == cap && (buf = realloc (buf, (cap *= 2) + 1)) == NULL)
        return NULL;
    }
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* The text after the header comment. */
static const char *
body (const char *s)
{
  const char *p = strstr (s, "\n*/\n");
  return p ? p + 4 : s;
}

static void
test_header (const char *path)
{
#define MPZG_TUNE_VALUE(macro, var, type, kind) { #macro, kind, (double) (macro), NULL },
  tune_value v[] = { MPZG_TUNE_SWITCHES (MPZG_TUNE_VALUE) };
#undef MPZG_TUNE_VALUE
  size_t n = sizeof v / sizeof v[0], len1, len2;
  char *mine, *theirs;
  FILE *f = tmpfile (), *g = fopen (path, "r");
  CHECK (f != NULL && g != NULL);
  if (f == NULL || g == NULL)
    return;
  v[2].kept = "time budget";
  CHECK (tune_write_header (f, v, n, "a device", "a date", "a command") == 0);
  rewind (f);
  mine = slurp (f, &len1);
  theirs = slurp (g, &len2);
  CHECK (mine != NULL && theirs != NULL);
  if (mine != NULL && theirs != NULL)
    {
      CHECK (strstr (mine, "   Device:  a device\n") != NULL);
      CHECK (strstr (mine, "   Command: a command\n") != NULL);
      CHECK (strstr (mine, "Not measured, kept: MPZG_MUL_NTT_MIN_LIMBS (time budget)") != NULL);
      CHECK (strstr (mine, "#define MPZG_SLOT_WORDS ((size_t) ") != NULL);
      CHECK (strcmp (body (mine), body (theirs)) == 0);
    }
  free (mine);
  free (theirs);
  fclose (f);
  fclose (g);
}

int
main (void)
{
  /* make check sets srcdir (the tests' source folder); run by hand, the
     program finds the header where it was configured */
  const char *srcdir = getenv ("srcdir");
  char path[4096];
  if (srcdir != NULL && *srcdir)
    snprintf (path, sizeof path, "%s/../cuda/tuning-switch.h", srcdir);
  else
    snprintf (path, sizeof path, "%s/cuda/tuning-switch.h", MPZG_ABS_TOP_SRCDIR);
  test_crossover ();
  test_fit ();
  test_fit_powm ();
  test_consistent ();
  test_steps ();
  test_header (path);
  if (fails)
    fprintf (stderr, "t-tune: %d check(s) failed\n", fails);
  return fails != 0;
}
