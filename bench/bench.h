/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* bench.h -- declarations shared by the files of mpzg-bench. */
#ifndef MPZG_BENCH_H
#define MPZG_BENCH_H

#include <stddef.h>
#include <gmp.h>
#include "median.h"

/* ---- ops.c: the operations measured ---- */

enum bench_rate { RATE_BYTES, RATE_WORDPROD, RATE_ELEMS };

typedef struct bench_op
{
  const char *name;
  const struct mpzg_gpu_family *gpu;  /* the GPU family (gpu.h), or NULL: no GPU kernel */
  int nin, nout;
  unsigned long default_max_bits; /* rows above are skipped with the default -b list */
  enum bench_rate rate;
  /* Fills in[0..nin) with count random operands for a row of `bits`. */
  void (*gen) (mpz_t **in, size_t count, unsigned long bits, gmp_randstate_t rs);
  /* GMP on elements [begin, end). */
  void (*gmp) (mpz_t **out, mpz_t **in, size_t begin, size_t end);
  /* The batched call. */
  int (*mpzg) (mpz_t **out, mpz_t **in, size_t n);
  /* Bits per element that the GPU path copies up (operands) and down (results) for
     operands of `bits` bits, for the transfer floor; NULL: no GPU path. */
  void (*xfer) (unsigned long bits, double *up, double *down);
  int extra;                    /* 1: not in the default list, only when -O names it */
} bench_op;

extern const bench_op bench_ops[];
extern const size_t bench_nops;

const bench_op *bench_find_op (const char *name);
/* Elements per row: 2^tbits / bits, reduced for the costlier operations. */
size_t bench_count (const bench_op *op, unsigned tbits, unsigned long bits);

/* ---- baseline.c: GMP loops, on one core and split over all cores ---- */

typedef void (*bench_range_fn) (void *ctx, size_t begin, size_t end);

int bench_online_cores (void);
/* Runs fn over [0, n) cut into `threads` equal contiguous parts, one pthread each. */
void bench_split (size_t n, int threads, bench_range_fn fn, void *ctx);
/* The GMP loop of op, over all n elements, on `threads` threads (1: a plain loop). */
void bench_gmp (const bench_op *op, mpz_t **out, mpz_t **in, size_t n, int threads);

/* ---- timing.c: clock, the machine, CSV ---- */

double bench_now_us (void);
/* Whether another repetition fits: always the first, then up to reps while
   the time spent stays under the budget (so that the largest rows stay short). */
int bench_more_reps (int done, int reps, double spent_us);
void bench_cpu_model (char *buf, size_t size);
void bench_date (char *buf, size_t size);
/* /proc/loadavg: other work on the machine skews the all-cores columns. */
void bench_loadavg (char *buf, size_t size);
/* Copies s to buf with the characters that would break a CSV field replaced. */
void bench_csv_field (char *buf, size_t size, const char *s);
/* Arrays of count mpz_t, each mpz_init2'ed to `bits` bits: in index order, or with
   bench_scatter set (-S) in a shuffled order, so that neighbouring elements' limbs
   lie far apart, as in a program whose heap has seen many allocations. */
extern int bench_scatter;
mpz_t *bench_alloc (size_t count, unsigned long bits);
void bench_free (mpz_t *v, size_t count);
/* Sets every element to a value no operation here returns for these inputs. */
void bench_poison (mpz_t *v, size_t count);
/* The same, on a fresh mpz_t (cleared and initialized again): its limbs must be
   allocated anew by whatever writes a result there, as in a ported program whose
   outputs were just mpz_init'ed. */
void bench_poison_fresh (mpz_t *v, size_t count);
/* Number of i with v[i] != ref[i]; *first receives the lowest such i. */
size_t bench_compare (mpz_t *v, mpz_t *ref, size_t count, size_t *first);

/* ---- floors.c: packing cost and transfer rates ---- */

/* Median microseconds to pack operands in[0..nin) (mpz_limbs_read + memcpy into one
   zero-padded buffer of `limbs` words per element) on `threads` threads. */
double bench_pack_us (mpz_t **in, int nin, size_t count, size_t limbs, int threads, int reps);
/* Bytes per ns (GB/s, reads plus writes) of a stream-store copy of `bytes` bytes
   between two ordinary buffers on `threads` threads: the host memory bus as the GPU
   path's packing and unpacking see it. */
double bench_host_copy_gbs (size_t bytes, int threads);

/* ---- threads.c: the thread-scaling mode ---- */

int bench_threads_mode (unsigned tbits, unsigned long bits, int reps);

#endif
