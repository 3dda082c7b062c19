/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* batch.c -- one batched call: check divisors, split the elements between the GPU
   and the CPU, run both at once, and report the lowest failing index. */

#include <config.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "mpzg-impl.h"
#include "gpu.h"
#include "pool.h"

/* One loop's state: the batch, the positions it covers (all of [0, n) or a list),
   the elements to skip, and the lowest element error seen. */
typedef struct
{
  const mpzg_batch *b;
  const size_t *idx;            /* position -> element; NULL: identity */
  const unsigned char *skip;    /* per element: invalid input, leave alone; or NULL */
  pthread_mutex_t lock;
  size_t bad_index;             /* lowest element that failed in elem() */
  int bad_status;
} run_ctx;

static size_t
elem_size (const mpzg_batch *b, size_t i)
{
  size_t s = 0, t;
  int k;
  for (k = 0; k < 3; k++)
    if (b->in[k] != NULL && (t = mpz_size (b->in[k][i])) > s)
      s = t;
  return s;
}

/* About one unit per limb operation of GMP's algorithms at these sizes. */
static size_t
elem_cost (void *vctx, size_t pos)
{
  run_ctx *c = vctx;
  const mpzg_batch *b = c->b;
  size_t i = c->idx ? c->idx[pos] : pos;
  size_t s = elem_size (b, i) + 1;
  size_t e;
  switch (b->cost_kind)
    {
    case MPZG_COST_LINEAR: return 8 + s;
    case MPZG_COST_MUL:
    case MPZG_COST_DIV:    return 8 + (s < 64 ? s * s : s * 64 + s * s / 16);
    case MPZG_COST_GCD:    return 8 + 4 * (s < 64 ? s * s : s * 64 + s * s / 8);
    case MPZG_COST_POWM:
      e = mpz_sizeinbase (b->in[1][i], 2);
      s = mpz_size (b->in[2][i]) + 1;
      return 8 + e * (s < 64 ? s * s : s * 64 + s * s / 16);
    }
  return s;
}

static void
run_range (void *vctx, size_t begin, size_t end)
{
  run_ctx *c = vctx;
  size_t pos;
  if (c->b->loop != NULL && c->idx == NULL)
    {
      /* Direct loops over the runs of valid elements (no element errors here). */
      while (begin < end)
        {
          size_t stop = begin;
          if (c->skip == NULL)
            stop = end;
          else
            while (stop < end && !c->skip[stop])
              stop++;
          if (stop > begin)
            c->b->loop (c->b, begin, stop);
          begin = stop + 1;
        }
      return;
    }
  for (pos = begin; pos < end; pos++)
    {
      size_t i = c->idx ? c->idx[pos] : pos;
      int st;
      if (c->skip != NULL && c->skip[i])
        continue;
      st = c->b->elem (c->b, i);
      if (st != MPZG_OK)
        {
          pthread_mutex_lock (&c->lock);
          if (i < c->bad_index)
            {
              c->bad_index = i;
              c->bad_status = st;
            }
          pthread_mutex_unlock (&c->lock);
        }
    }
}

/* The passes over every element before the work (the zero-divisor check, the
   split) run as parallel loops over blocks of this many elements: on a batch of a
   million small divisions, a serial check was a sixth of the call on the GPU
   machine (bench/results/2026-11-24-h100-crew/). */
#define MPZG_SPLIT_BLOCK 8192

static size_t
block_cost (void *vctx, size_t blk)
{
  (void) vctx;
  (void) blk;
  return 4 * MPZG_SPLIT_BLOCK;
}

typedef struct
{
  const mpzg_batch *b;
  size_t n;
  size_t *first;                /* per block: its first zero divisor, or MPZG_NO_INDEX */
} zero_ctx;

static void
zero_scan (void *vctx, size_t begin, size_t end)
{
  zero_ctx *c = vctx;
  mpz_t *d = c->b->in[c->b->divisor];
  size_t blk;
  for (blk = begin; blk < end; blk++)
    {
      size_t i = blk * MPZG_SPLIT_BLOCK, hi = i + MPZG_SPLIT_BLOCK;
      if (hi > c->n)
        hi = c->n;
      while (i < hi && mpz_sgn (d[i]) != 0)
        i++;
      c->first[blk] = i < hi ? i : MPZG_NO_INDEX;
    }
}

/* Marks the elements whose divisor is zero.  Returns the lowest such index, or
   MPZG_NO_INDEX (and *skip = NULL) when there is none.  The scan is parallel; the
   marking, only for a batch that has a zero divisor, is serial. */
static int
find_zero_divisors (const mpzg_batch *b, size_t n, int threads, unsigned char **skip,
                    size_t *first)
{
  size_t nblk = (n + MPZG_SPLIT_BLOCK - 1) / MPZG_SPLIT_BLOCK, i, k;
  zero_ctx c = { b, n, NULL };
  *skip = NULL;
  *first = MPZG_NO_INDEX;
  if (b->divisor < 0)
    return MPZG_OK;
  c.first = malloc (nblk * sizeof *c.first);
  if (c.first == NULL || mpzg_parallel_for (nblk, block_cost, zero_scan, &c, threads) != 0)
    {
      free (c.first);
      return MPZG_ENOMEM;
    }
  for (k = 0; k < nblk && c.first[k] == MPZG_NO_INDEX; k++)
    ;
  if (k < nblk)
    *first = c.first[k];
  free (c.first);
  if (*first == MPZG_NO_INDEX)
    return MPZG_OK;
  if ((*skip = calloc (n, 1)) == NULL)
    return MPZG_ENOMEM;
  for (i = *first; i < n; i++)
    if (mpz_sgn (b->in[b->divisor][i]) == 0)
      {
        (*skip)[i] = 1;
        if (b->flags != NULL)
          b->flags[i] = 0;
      }
  return MPZG_OK;
}

/* Splitting a batch between the GPU and the CPU.  A first pass, parallel over
   blocks of elements, counts the elements that fit the GPU and their limbs; in the
   usual case where all of them fit, no index lists are made at all (the GPU path
   takes idx == NULL as "every element"), which saves two serial passes and
   16 bytes of fresh memory per element on batches of millions of small numbers.
   An element fits the pipeline when it is within the family's size limit and, for
   families that test each element (gpu.h's mpzg_gpu_takes), passes the family's
   test; an element above the limit goes to the family's path for single long
   elements when it has one and that takes it (mpzg_gpu_huge_takes, as mul's long
   products), else to the CPU. */

typedef struct
{
  const mpzg_batch *b;
  size_t n, max_limbs;
  mpzg_gpu_takes_fn takes;      /* or NULL */
  mpzg_gpu_huge_takes_fn huge;  /* or NULL */
  int forced;                   /* MPZG_BACKEND=cuda */
  const unsigned char *skip;
  size_t *fit, *limbs, *big;    /* per block: the pipeline's elements, their limbs, the
                                   long path's elements */
} split_ctx;

enum { TO_CPU, TO_PIPE, TO_HUGE };

/* Where valid element i of size sz goes. */
static inline int
gpu_where (const split_ctx *c, size_t i, size_t sz)
{
  if (sz <= c->max_limbs)
    return c->takes == NULL || c->takes (c->b->in, i) ? TO_PIPE : TO_CPU;
  return c->huge != NULL && c->huge (c->b->in, i, c->forced) ? TO_HUGE : TO_CPU;
}

static void
split_count (void *vctx, size_t begin, size_t end)
{
  split_ctx *c = vctx;
  size_t blk;
  for (blk = begin; blk < end; blk++)
    {
      size_t i, hi = (blk + 1) * MPZG_SPLIT_BLOCK, fit = 0, limbs = 0, big = 0;
      if (hi > c->n)
        hi = c->n;
      for (i = blk * MPZG_SPLIT_BLOCK; i < hi; i++)
        {
          size_t sz;
          int w;
          if (c->skip != NULL && c->skip[i])
            continue;
          sz = elem_size (c->b, i);
          w = gpu_where (c, i, sz);
          if (w == TO_PIPE)
            {
              fit++;
              limbs += sz;
            }
          big += w == TO_HUGE;
        }
      c->fit[blk] = fit;
      c->limbs[blk] = limbs;
      c->big[blk] = big;
    }
}

/* Counts the valid elements for the pipeline (*ngpu, *gpu_limbs; none in auto mode
   when they are not worth it: they go to the CPU), for the long path (*nhuge) and
   for the CPU (*ncpu).  When more than one kind occurs, or elements go to the long
   path, *lists receives an array of n indices: the pipeline's first (ngpu), then
   the long path's (nhuge), then the CPU's (ncpu).  Returns MPZG_OK or MPZG_ENOMEM. */
static int
split (const mpzg_batch *b, size_t n, const unsigned char *skip, size_t max_limbs,
       const mpzg_config *cfg, size_t *ngpu, size_t *nhuge, size_t *ncpu, size_t *gpu_limbs,
       size_t **lists)
{
  size_t nblk = (n + MPZG_SPLIT_BLOCK - 1) / MPZG_SPLIT_BLOCK, k, i, ng = 0, nh = 0, valid = n;
  size_t at[3] = { 0, 0, 0 };
  int pipe_on;
  split_ctx c = { b, n, max_limbs, mpzg_gpu_takes (b->gpu), mpzg_gpu_huge_takes (b->gpu),
                  cfg->forced_gpu, skip, NULL, NULL, NULL };
  *lists = NULL;
  *gpu_limbs = 0;
  c.fit = malloc (3 * nblk * sizeof *c.fit);
  if (c.fit == NULL)
    return MPZG_ENOMEM;
  c.limbs = c.fit + nblk;
  c.big = c.limbs + nblk;
  if (mpzg_parallel_for (nblk, block_cost, split_count, &c, cfg->threads) != 0)
    {
      free (c.fit);
      return MPZG_ENOMEM;
    }
  for (k = 0; k < nblk; k++)
    {
      ng += c.fit[k];
      nh += c.big[k];
      *gpu_limbs += c.limbs[k];
    }
  free (c.fit);
  if (skip != NULL)
    for (i = 0; i < n; i++)
      valid -= skip[i];
  pipe_on = ng > 0 && (cfg->forced_gpu || mpzg_gpu_worthwhile (b->gpu, ng, *gpu_limbs));
  if (!pipe_on)
    ng = 0;
  *ngpu = ng;
  *nhuge = nh;
  *ncpu = valid - ng - nh;
  if (nh == 0 && (ng == 0 || ng == valid))
    return MPZG_OK;
  *lists = malloc (n * sizeof **lists);
  if (*lists == NULL)
    return MPZG_ENOMEM;
  at[TO_HUGE] = ng;
  at[TO_CPU] = ng + nh;
  for (i = 0; i < n; i++)
    {
      int w;
      if (skip != NULL && skip[i])
        continue;
      w = gpu_where (&c, i, elem_size (b, i));
      if (w == TO_PIPE && !pipe_on)
        w = TO_CPU;
      (*lists)[at[w]++] = i;
    }
  return MPZG_OK;
}

/* Runs elem over the listed elements on the CPU (the GMP rung under a failed GPU
   share). */
static int
run_list (run_ctx *ctx, const size_t *list, size_t n, int threads)
{
  const size_t *saved = ctx->idx;
  int r;
  ctx->idx = list;
  r = mpzg_parallel_for (n, elem_cost, run_range, ctx, threads);
  ctx->idx = saved;
  return r != 0 ? MPZG_ENOMEM : MPZG_OK;
}

typedef int (*gpu_run_fn) (const mpzg_gpu_job *job, size_t *bad, size_t **undone,
                           size_t *nundone);

/* A GPU share of a call: gpu_idx (or every element when NULL) of ngpu, through the
   pipeline or the long path (run).  When it fails, in auto mode the elements it
   left untouched are recomputed with GMP and the call goes on; under
   MPZG_BACKEND=cuda the call fails and *first names the lowest element not
   computed.  Returns MPZG_OK, an element error (with *first), or the GPU's
   failure. */
static int
gpu_share (const mpzg_batch *b, const mpzg_config *cfg, run_ctx *ctx, const size_t *gpu_idx,
           size_t ngpu, size_t *first, gpu_run_fn run)
{
  mpzg_gpu_job job;
  size_t *undone, nundone;
  int k, st;
  job.fam = b->gpu;
  for (k = 0; k < 3; k++)
    {
      job.out[k] = b->out[k];
      job.in[k] = b->in[k];
    }
  job.flags = b->flags;
  job.idx = gpu_idx;
  job.m = ngpu;
  job.ordinal = cfg->ordinal;
  job.threads = cfg->threads;
  job.verbose = cfg->verbose;
  st = run (&job, first, &undone, &nundone);
  if (st == MPZG_OK || (st != MPZG_EDEVICE && st != MPZG_ENOMEM))
    return st;
  if (cfg->forced_gpu)
    {
      *first = undone != NULL ? (nundone > 0 ? undone[0] : MPZG_NO_INDEX)
               : gpu_idx != NULL ? gpu_idx[0] : 0;
      if (cfg->verbose > 0)
        fprintf (stderr, "mpzg: %s: the GPU share failed (%s); %zu of %zu elements not "
                 "computed, the first at %zu\n", b->name, mpzg_strerror (st),
                 undone != NULL ? nundone : ngpu, ngpu, *first);
      free (undone);
      return MPZG_EDEVICE;
    }
  if (cfg->verbose > 0)
    fprintf (stderr, "mpzg: %s: the GPU share failed (%s); %zu of %zu elements recomputed "
             "with GMP\n", b->name, mpzg_strerror (st), undone != NULL ? nundone : ngpu, ngpu);
  if (undone != NULL)
    st = run_list (ctx, undone, nundone, cfg->threads);
  else
    st = run_list (ctx, gpu_idx, ngpu, cfg->threads);
  free (undone);
  return st;
}

/* Both shares' outcome: a device failure before an element error, the lower
   element between two of a kind. */
static void
merge_status (int *st, size_t *first, int st2, size_t first2)
{
  int dev1 = *st == MPZG_EDEVICE || *st == MPZG_ENOMEM;
  int dev2 = st2 == MPZG_EDEVICE || st2 == MPZG_ENOMEM;
  if (st2 == MPZG_OK)
    return;
  if (*st == MPZG_OK || (dev2 && !dev1) || (dev1 == dev2 && first2 < *first))
    {
      *st = st2;
      *first = first2;
    }
}

int
mpzg_batch_run (const mpzg_batch *b, size_t n)
{
  double t_start = 0;
  mpzg_config cfg;
  run_ctx ctx;
  unsigned char *skip = NULL;
  size_t zero_first, ngpu = 0, nhuge = 0, ncpu = n, gpu_limbs = 0, index;
  size_t gpu_first = MPZG_NO_INDEX, max_limbs;
  size_t *gpu_idx = NULL, *huge_idx = NULL, *lists = NULL;
  int status, gpu_status = MPZG_OK;

  if (n == 0)
    return mpzg_set_error (MPZG_OK, MPZG_NO_INDEX);
  status = mpzg_config_get (&cfg);
  if (status != MPZG_OK)
    return mpzg_set_error (status, MPZG_NO_INDEX);
  if (cfg.verbose >= 2)         /* a clock read costs as much as a small call's work */
    t_start = mpzg_seconds ();

  status = find_zero_divisors (b, n, cfg.threads, &skip, &zero_first);
  if (status != MPZG_OK)
    return mpzg_set_error (status, MPZG_NO_INDEX);

  ctx.b = b;
  ctx.idx = NULL;
  ctx.skip = skip;
  ctx.bad_index = MPZG_NO_INDEX;
  ctx.bad_status = MPZG_OK;

  max_limbs = cfg.use_gpu != 0 ? mpzg_gpu_max_limbs (b->gpu) : 0;
  if (max_limbs > 0)
    {
      status = split (b, n, skip, max_limbs, &cfg, &ngpu, &nhuge, &ncpu, &gpu_limbs, &lists);
      if (status != MPZG_OK)
        {
          free (skip);
          return mpzg_set_error (status, MPZG_NO_INDEX);
        }
      /* the split asks only the sizes; the device is probed once a call would use it */
      if ((ngpu > 0 || nhuge > 0) && !mpzg_config_use_gpu (&cfg))
        {
          free (lists);
          lists = NULL;
          ngpu = nhuge = 0;
        }
      if (lists != NULL)
        {
          gpu_idx = lists;
          huge_idx = lists + ngpu;
          ctx.idx = lists + ngpu + nhuge;
        }
      else if (ngpu == 0)
        ncpu = n;
      else if (skip != NULL)
        {
          /* Every valid element fits: the GPU takes them all, minus the skipped. */
          size_t i, k = 0;
          gpu_idx = lists = malloc (ngpu * sizeof *lists);
          if (lists == NULL)
            {
              free (skip);
              return mpzg_set_error (MPZG_ENOMEM, MPZG_NO_INDEX);
            }
          for (i = 0; i < n; i++)
            if (!skip[i])
              lists[k++] = i;
        }
      /* else: every element goes to the GPU, gpu_idx == NULL */
    }

  pthread_mutex_init (&ctx.lock, NULL);
  if (cfg.verbose >= 2)
    fprintf (stderr, "mpzg: %s n=%zu: checks and split %.3f ms\n", b->name, n,
             1e3 * (mpzg_seconds () - t_start));
  if (cfg.verbose > 0)
    fprintf (stderr, "mpzg: %s n=%zu: %zu on GPU %d, %zu on CPU (%d thread%s)%s\n",
             b->name, n, ngpu + nhuge, cfg.ordinal, ncpu, cfg.threads,
             cfg.threads == 1 ? "" : "s",
             cfg.forced_gpu && b->gpu == NULL ? " [no GPU kernel for this call yet]" : "");
  if (cfg.verbose > 0 && nhuge > 0)
    fprintf (stderr, "mpzg: %s: %zu of them one at a time (long)\n", b->name, nhuge);

  if (ngpu > 0 || nhuge > 0)
    {
      /* The CPU's share runs on worker threads while this thread drives the GPU. */
      mpzg_par *par = NULL;
      int cpu_threads = cfg.threads > 1 ? cfg.threads - 1 : 1;
      if (ncpu > 0 && mpzg_par_start (&par, ncpu, elem_cost, run_range, &ctx, cpu_threads) != 0)
        status = MPZG_ENOMEM;
      else
        {
          run_ctx gctx = ctx;   /* the GMP rung's loop state, apart from the CPU share's */
          gctx.idx = NULL;
          gctx.bad_index = MPZG_NO_INDEX;
          gctx.bad_status = MPZG_OK;
          pthread_mutex_init (&gctx.lock, NULL);
          if (ngpu > 0)
            gpu_status = gpu_share (b, &cfg, &gctx, gpu_idx, ngpu, &gpu_first, mpzg_gpu_run);
          if (nhuge > 0)
            {
              size_t first2 = MPZG_NO_INDEX;
              int st2 = gpu_share (b, &cfg, &gctx, huge_idx, nhuge, &first2,
                                   mpzg_gpu_run_huge);
              merge_status (&gpu_status, &gpu_first, st2, first2);
            }
          if (gctx.bad_index < gpu_first)
            {
              gpu_first = gctx.bad_index;
              gpu_status = gctx.bad_status;
            }
          pthread_mutex_destroy (&gctx.lock);
          if (par != NULL)
            mpzg_par_join (par);
        }
    }
  else if (mpzg_parallel_for (n, elem_cost, run_range, &ctx, cfg.threads) != 0)
    status = MPZG_ENOMEM;

  pthread_mutex_destroy (&ctx.lock);
  free (lists);
  free (skip);
  if (cfg.verbose >= 2)
    fprintf (stderr, "mpzg: %s n=%zu: %.3f ms in all\n", b->name, n,
             1e3 * (mpzg_seconds () - t_start));

  if (status != MPZG_OK)
    return mpzg_set_error (status, MPZG_NO_INDEX);
  /* A GPU share that failed (MPZG_BACKEND=cuda) decides the status: the caller must
     know that elements were not computed, and which first. */
  if (gpu_status == MPZG_EDEVICE || gpu_status == MPZG_ENOMEM)
    return mpzg_set_error (gpu_status, gpu_first);

  /* The lowest invalid element decides the status. */
  index = zero_first;
  status = zero_first != MPZG_NO_INDEX ? MPZG_EDIVBYZERO : MPZG_OK;
  if (ctx.bad_index < index)
    {
      index = ctx.bad_index;
      status = ctx.bad_status;
    }
  if (gpu_status != MPZG_OK && gpu_first < index)
    {
      index = gpu_first;
      status = gpu_status;
    }
  return mpzg_set_error (status, index);
}
