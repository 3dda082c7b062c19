/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mpzg-impl.h -- internal declarations shared by the host library's files. */
#ifndef MPZG_IMPL_H
#define MPZG_IMPL_H

#include <stddef.h>
#include <time.h>
#include <gmp.h>
#include "mpzg.h"

/* Seconds on the monotonic clock, for the MPZG_VERBOSE=2 timings. */
static inline double
mpzg_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* ---- settings.c ---- */

/* The settings one call runs with, resolved once at its start. */
typedef struct
{
  int use_gpu;                  /* the GPU path is usable and allowed (1), not (0), or
                                   allowed and not yet probed (-1: auto mode, until
                                   mpzg_config_use_gpu) */
  int forced_gpu;               /* MPZG_BACKEND=cuda: use the GPU for every eligible element */
  int from_env;                 /* the device was named by MPZG_DEVICE */
  int ordinal;                  /* CUDA device */
  int threads;                  /* CPU threads */
  int verbose;
} mpzg_config;

/* Fills *cfg.  Returns MPZG_OK, or MPZG_EDEVICE when the backend is cuda and no
   GPU is usable.  In auto mode the GPU is not probed here (use_gpu = -1) unless
   MPZG_DEVICE names it: the probe starts the CUDA runtime and runs a kernel, some
   0.3 s once per process, which a program whose calls never reach the GPU's
   sizes should not pay. */
int mpzg_config_get (mpzg_config *cfg);

/* Whether the call's GPU path is usable: probes the device the first time a call
   of the process asks (auto mode). */
int mpzg_config_use_gpu (mpzg_config *cfg);

/* ---- errors.c ---- */

/* Records the failing index of this thread's call (MPZG_NO_INDEX for none) and
   returns status. */
int mpzg_set_error (int status, size_t index);

/* ---- batch.c: one batched call ---- */

typedef struct mpzg_batch mpzg_batch;

/* Computes element i; returns MPZG_OK or an element error (MPZG_ENOTINVERTIBLE),
   in which case it must have left the element's outputs untouched. */
typedef int (*mpzg_elem_fn) (const mpzg_batch *b, size_t i);
/* Computes elements [begin, end) of an operation without element errors, in one
   direct loop: on the CPU path a call through elem per element costs as much as
   an addition of small numbers. */
typedef void (*mpzg_loop_fn) (const mpzg_batch *b, size_t begin, size_t end);

/* Defines name##_loop: out[0][i] = fn (in[0][i], in[1][i]) for i in [begin, end),
   with the arrays in registers (mpz_add, mpz_mul, mpz_tdiv_q, mpz_gcd, ...). */
#define MPZG_BINARY_LOOP(name, fn)                                                \
  static void name##_loop (const mpzg_batch *b, size_t begin, size_t end)        \
  {                                                                               \
    mpz_t *r = b->out[0], *x = b->in[0], *y = b->in[1];                           \
    size_t i;                                                                     \
    for (i = begin; i < end; i++)                                                 \
      fn (r[i], x[i], y[i]);                                                      \
  }

struct mpzg_batch
{
  const char *name;             /* "mul_n": for MPZG_VERBOSE */
  mpzg_elem_fn elem;
  mpz_t *out[3];                /* outputs, as the call names them */
  mpz_t *in[3];                 /* inputs */
  int *flags;                   /* per-element result flags (invert's exists), or NULL */
  const struct mpzg_gpu_family *gpu;  /* the GPU family (gpu.h), or NULL: CPU only */
  int divisor;                  /* index in in[] that must be non-zero, or -1 */
  int cost_kind;                /* MPZG_COST_* */
  mpzg_loop_fn loop;            /* the same as elem over a range, or NULL */
};

enum { MPZG_COST_LINEAR, MPZG_COST_MUL, MPZG_COST_DIV, MPZG_COST_GCD, MPZG_COST_POWM };

/* Runs the batch over [0, n) and returns the call's status (setting the error index). */
int mpzg_batch_run (const mpzg_batch *b, size_t n);

/* The usual argument check: every array non-NULL when n > 0. */
#define MPZG_CHECK_ARRAY(p, n) \
  do { if ((n) > 0 && (p) == NULL) return mpzg_set_error (MPZG_EINVAL, MPZG_NO_INDEX); } while (0)

#endif
