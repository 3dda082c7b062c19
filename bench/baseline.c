/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* baseline.c -- the GMP baselines: a plain loop on one core, and the same loop
   split statically over one pthread per online core. */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "bench.h"

int
bench_online_cores (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n >= 1 ? (int) n : 1;
}

typedef struct
{
  bench_range_fn fn;
  void *ctx;
  size_t begin, end;
} part;

static void *
run_part (void *arg)
{
  part *p = arg;
  p->fn (p->ctx, p->begin, p->end);
  return NULL;
}

void
bench_split (size_t n, int threads, bench_range_fn fn, void *ctx)
{
  part *parts;
  pthread_t *tid;
  int t;
  if (threads <= 1 || n < 2)
    {
      fn (ctx, 0, n);
      return;
    }
  if ((size_t) threads > n)
    threads = (int) n;
  parts = malloc ((size_t) threads * sizeof *parts);
  tid = malloc ((size_t) threads * sizeof *tid);
  if (parts == NULL || tid == NULL)
    {
      fprintf (stderr, "mpzg-bench: out of memory\n");
      exit (2);
    }
  for (t = 0; t < threads; t++)
    {
      parts[t].fn = fn;
      parts[t].ctx = ctx;
      parts[t].begin = n * (size_t) t / (size_t) threads;
      parts[t].end = n * (size_t) (t + 1) / (size_t) threads;
      if (pthread_create (&tid[t], NULL, run_part, &parts[t]) != 0)
        {
          fprintf (stderr, "mpzg-bench: pthread_create failed\n");
          exit (2);
        }
    }
  for (t = 0; t < threads; t++)
    pthread_join (tid[t], NULL);
  free (tid);
  free (parts);
}

typedef struct
{
  const bench_op *op;
  mpz_t **out, **in;
} gmp_ctx;

static void
gmp_range (void *vctx, size_t begin, size_t end)
{
  gmp_ctx *c = vctx;
  c->op->gmp (c->out, c->in, begin, end);
}

void
bench_gmp (const bench_op *op, mpz_t **out, mpz_t **in, size_t n, int threads)
{
  gmp_ctx c;
  c.op = op;
  c.out = out;
  c.in = in;
  if (threads <= 1)
    op->gmp (out, in, 0, n);
  else
    bench_split (n, threads, gmp_range, &c);
}
