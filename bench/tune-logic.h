/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune-logic.h -- what mpzg-tune decides from its measurements, apart from the GPU:
   where a second method starts to win, the auto mode's thresholds from the counts
   where the GPU started to win, the steps its -s option names, and the header it
   writes (tests/t-tune checks them). */
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

/* Whether end-to-end times t1 of a batch and t2 of one twice as large are
   consistent (microseconds): t2 at least half of t1 and at most three times t1,
   each less 100 us of fixed cost or plus it.  On a host whose parked threads are
   slow to wake for seconds at a time, a call's time rose up to 26 times, or fell
   up to 13 times, from one batch to one twice as large
   (bench/results/2026-11-25-h100-not-kept-tuner-auto); the auto step does not
   derive thresholds from such times. */
int tune_consistent (double t1, double t2);

/* mpzg-tune's steps that measure (-s), each with its switch points. */
#define TUNE_STEP_KERNELS 1u    /* the kernel ladders */
#define TUNE_STEP_AUTO 2u       /* auto mode's thresholds, GPU against CPU */
#define TUNE_STEP_HUGE 4u       /* one long product, GPU against GMP */
#define TUNE_STEP_SLOT 8u       /* the pipeline's chunk */
#define TUNE_STEP_SHAPES 16u    /* kernel shapes chosen by a launch's count */
#define TUNE_STEPS_ALL 31u

/* Reads -s's comma list of step names (kernels, shapes, auto, huge, slot; auto:NAME for
   the auto step on families[i] == NAME alone, as many as given) into *steps
   (TUNE_STEP_* bits) and *fams (bit i: families[i]; all of them for auto).
   Returns 0, or -1 on an empty list or item, an unknown name, or more families
   than *fams has bits; *steps and *fams are then unspecified. */
int tune_parse_steps (const char *list, const char *const *families, size_t nfam,
                      unsigned *steps, unsigned long *fams);

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
