/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* median.h -- the median of repeated timings, shared by mpzg-bench, mpzg-ab and
   mpzg-tune (and tests/t-tune, which checks the tuner's decisions). */
#ifndef MPZG_BENCH_MEDIAN_H
#define MPZG_BENCH_MEDIAN_H

/* The median of v[0..n) (sorts v); 0 for n <= 0. */
double bench_median (double *v, int n);

#endif
