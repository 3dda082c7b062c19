/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* pool.c -- parallel loops over the elements of a batch, balanced by cost.

   The threads come from the crew (crew.c), parked between loops.  Waking one still
   costs microseconds, so the cost threshold below keeps threads to loops that run
   for much longer than that. */

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "crew.h"
#include "pool.h"

/* Loops whose total cost is below this run inline on the caller (cost units are
   about one limb product each: ~1 ns). */
#define MPZG_PAR_MIN_COST 200000
/* Ranges per thread: enough for dynamic balancing, few enough to stay cheap. */
#define MPZG_PAR_RANGES_PER_THREAD 8

struct mpzg_par
{
  mpzg_range_fn fn;
  void *ctx;
  size_t *cut;                  /* range k is [cut[k], cut[k+1]) */
  size_t nranges;
  size_t next;                  /* next range to take, under lock */
  pthread_mutex_t lock;
  mpzg_helpers helpers;
  size_t n;                     /* inline loop when nranges == 0 */
};

static void
worker (void *arg)
{
  mpzg_par *p = arg;
  for (;;)
    {
      size_t k;
      pthread_mutex_lock (&p->lock);
      k = p->next++;
      pthread_mutex_unlock (&p->lock);
      if (k >= p->nranges)
        break;
      p->fn (p->ctx, p->cut[k], p->cut[k + 1]);
    }
}

/* The cost of a loop is estimated from a strided sample of its positions: one in
   MPZG_PAR_SAMPLE_EVERY, at least MPZG_PAR_SAMPLES_MIN (or all), at most
   MPZG_PAR_SAMPLES.  Estimating one position's cost takes about as long as adding
   two small numbers, so sampling every position would double the time of a small
   batch of cheap elements before it even decides to run inline. */
#define MPZG_PAR_SAMPLES 1024
#define MPZG_PAR_SAMPLES_MIN 16
#define MPZG_PAR_SAMPLE_EVERY 64
/* A batch whose sampled costs differ widely gets a full pass over every position's
   cost, to cut ranges of equal cost, only when the mean sampled cost is at least
   this: the pass then costs a few per cent of the loop.  Below, elements are cheap
   enough that equal counts and the dynamic handout of ranges balance well. */
#define MPZG_PAR_FULL_PASS_COST 256
/* Before the sample, a probe of MPZG_PAR_PROBES evenly spread positions: a loop it
   puts below MPZG_PAR_MIN_COST / MPZG_PAR_PROBE_MARGIN runs inline at once, so
   that a batch of a few dozen cheap elements does not pay for a sample that is
   longer than its work.  (A lone huge element the probe misses then runs on one
   thread: as fast as a plain loop, if not faster.) */
#define MPZG_PAR_PROBES 4
#define MPZG_PAR_PROBE_MARGIN 16

/* Cuts [0, n) into ranges of about equal cost.  Returns the number of ranges,
   0 when the loop should run inline, (size_t) -1 when out of memory.
   The cost is first estimated from the sample, so that a large batch of cheap
   elements costs no serial pass over every element. */
static size_t
cut_ranges (mpzg_par *p, size_t n, mpzg_cost_fn cost, int threads)
{
  size_t i, k, total, target, acc, maxr, step, want, ns = 0, cmin = (size_t) -1, cmax = 0, sum = 0;
  if (threads <= 1 || n <= 1)
    return 0;
  step = n > MPZG_PAR_PROBES ? n / MPZG_PAR_PROBES : 1;
  for (i = 0; i < n; i += step, ns++)
    sum += cost (p->ctx, i);
  if (sum / ns * n < MPZG_PAR_MIN_COST / MPZG_PAR_PROBE_MARGIN)
    return 0;
  sum = ns = 0;
  want = n / MPZG_PAR_SAMPLE_EVERY;
  want = want < MPZG_PAR_SAMPLES_MIN ? MPZG_PAR_SAMPLES_MIN
    : want > MPZG_PAR_SAMPLES ? MPZG_PAR_SAMPLES : want;
  step = n > want ? n / want : 1;
  for (i = 0; i < n; i += step, ns++)
    {
      size_t c = cost (p->ctx, i);
      sum += c;
      cmin = c < cmin ? c : cmin;
      cmax = c > cmax ? c : cmax;
    }
  total = sum / ns * n;
  if (total < MPZG_PAR_MIN_COST)
    return 0;
  maxr = (size_t) threads * MPZG_PAR_RANGES_PER_THREAD;
  if (maxr > n)
    maxr = n;
  p->cut = malloc ((maxr + 2) * sizeof *p->cut);
  if (p->cut == NULL)
    return (size_t) -1;
  if (cmax <= 2 * cmin || sum / ns < MPZG_PAR_FULL_PASS_COST)
    {
      /* Uniform enough, or too cheap to weigh: equal counts. */
      for (k = 0; k <= maxr; k++)
        p->cut[k] = n / maxr * k + (k < n % maxr ? k : n % maxr);
      return maxr;
    }
  for (total = 0, i = 0; i < n; i++)
    total += cost (p->ctx, i);
  target = total / maxr + 1;
  p->cut[0] = 0;
  k = 0;
  acc = 0;
  for (i = 0; i < n; i++)
    {
      acc += cost (p->ctx, i);
      if (acc >= target && i + 1 < n && k + 1 < maxr)
        {
          p->cut[++k] = i + 1;
          acc = 0;
        }
    }
  p->cut[++k] = n;
  return k;
}

static int
par_begin (mpzg_par *p, size_t n, mpzg_cost_fn cost, mpzg_range_fn fn, void *ctx,
           int threads, int caller_helps)
{
  int want;
  p->fn = fn;
  p->ctx = ctx;
  p->n = n;
  p->cut = NULL;
  p->next = 0;
  p->nranges = cut_ranges (p, n, cost, threads);
  if (p->nranges == (size_t) -1)
    return -1;
  if (p->nranges == 0)
    return 0;
  pthread_mutex_init (&p->lock, NULL);
  want = threads - (caller_helps ? 1 : 0);
  if ((size_t) want > p->nranges)
    want = (int) p->nranges;
  /* fewer helpers than wanted (a crew at its maximum): the joiner finishes the work */
  mpzg_helpers_start (&p->helpers, want, worker, p);
  return 0;
}

static void
par_end (mpzg_par *p)
{
  if (p->nranges == 0)
    {
      if (p->n > 0)
        p->fn (p->ctx, 0, p->n);
      return;
    }
  worker (p);                   /* the caller takes what is left */
  mpzg_helpers_join (&p->helpers);
  pthread_mutex_destroy (&p->lock);
  free (p->cut);
}

int
mpzg_parallel_for (size_t n, mpzg_cost_fn cost, mpzg_range_fn fn, void *ctx,
                   int threads)
{
  mpzg_par p;
  if (par_begin (&p, n, cost, fn, ctx, threads, 1) != 0)
    return -1;
  par_end (&p);
  return 0;
}

int
mpzg_par_start (mpzg_par **par, size_t n, mpzg_cost_fn cost, mpzg_range_fn fn,
                void *ctx, int threads)
{
  mpzg_par *p = malloc (sizeof *p);
  if (p == NULL)
    return -1;
  if (par_begin (p, n, cost, fn, ctx, threads, 0) != 0)
    {
      free (p);
      return -1;
    }
  *par = p;
  return 0;
}

void
mpzg_par_join (mpzg_par *par)
{
  par_end (par);
  free (par);
}

/* ---- teams ---- */

struct mpzg_team
{
  mpzg_team_fn fn;
  void *ctx;
  int size;                     /* threads that really started, the caller included */
  atomic_int joined;            /* helpers that took a tid */
  pthread_mutex_t gate_lock;    /* started threads wait here until size is known; */
  pthread_cond_t gate;          /* later, barrier waiters that stopped spinning */
  int open;
  atomic_int arrived;           /* barrier: threads in the current round */
  atomic_uint round;            /* barrier: rounds completed */
};

static void
team_worker (void *arg)
{
  mpzg_team *t = arg;
  int tid = atomic_fetch_add (&t->joined, 1) + 1;
  pthread_mutex_lock (&t->gate_lock);
  while (!t->open)
    pthread_cond_wait (&t->gate, &t->gate_lock);
  pthread_mutex_unlock (&t->gate_lock);
  t->fn (t, t->ctx, tid, t->size);
}

void
mpzg_team_run (int threads, mpzg_team_fn fn, void *ctx)
{
  mpzg_team t;
  mpzg_helpers h;
  int started;
  if (threads < 1)
    threads = 1;
  t.fn = fn;
  t.ctx = ctx;
  t.open = 0;
  atomic_init (&t.joined, 0);
  atomic_init (&t.arrived, 0);
  atomic_init (&t.round, 0u);
  pthread_mutex_init (&t.gate_lock, NULL);
  pthread_cond_init (&t.gate, NULL);
  started = mpzg_helpers_start (&h, threads - 1, team_worker, &t);
  /* The team is whoever started: the barrier counts exactly them. */
  t.size = started + 1;
  pthread_mutex_lock (&t.gate_lock);
  t.open = 1;
  pthread_cond_broadcast (&t.gate);
  pthread_mutex_unlock (&t.gate_lock);
  fn (&t, ctx, 0, t.size);
  mpzg_helpers_join (&h);
  pthread_cond_destroy (&t.gate);
  pthread_mutex_destroy (&t.gate_lock);
}

void
mpzg_spin_step (unsigned long k)
{
  if (k % 64 == 0)
    sched_yield ();             /* a thread of the team may be waiting for this core */
#if defined(__x86_64__) || defined(__i386__)
  else
    __builtin_ia32_pause ();
#endif
}

/* Spin-then-block barrier.  A pipelined GPU call crosses two barriers per chunk, a
   few hundred microseconds apart.  pthread_barrier_wait puts every waiter to sleep
   and wakes it through the kernel; here waiters first spin, for up to 200 us, then
   sleep on the condition variable, so that a team sharing the cores with the CPU
   share of a batch does not burn them for long. */
#define MPZG_BARRIER_SPIN_NS 200000L

void
mpzg_team_barrier (mpzg_team *team)
{
  unsigned r = atomic_load (&team->round);
  struct timespec t0, t1;
  long k;
  if (atomic_fetch_add (&team->arrived, 1) == team->size - 1)
    {
      /* the last one in: reset the count before anyone can enter the next round */
      atomic_store (&team->arrived, 0);
      pthread_mutex_lock (&team->gate_lock);
      atomic_fetch_add (&team->round, 1u);
      pthread_cond_broadcast (&team->gate);
      pthread_mutex_unlock (&team->gate_lock);
      return;
    }
  clock_gettime (CLOCK_MONOTONIC, &t0);
  for (k = 1;; k++)
    {
      if (atomic_load_explicit (&team->round, memory_order_acquire) != r)
        return;
      mpzg_spin_step (k);
      if (k % 64 == 0)
        {
          clock_gettime (CLOCK_MONOTONIC, &t1);
          if ((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec)
              > MPZG_BARRIER_SPIN_NS)
            break;
        }
    }
  pthread_mutex_lock (&team->gate_lock);
  while (atomic_load (&team->round) == r)
    pthread_cond_wait (&team->gate, &team->gate_lock);
  pthread_mutex_unlock (&team->gate_lock);
}

/* ---- loops of equal-cost positions ---- */

#define MPZG_GROUP_COST 8192    /* cost units per group (pool.c cuts ranges of groups) */
#define MPZG_GROUP_MAX 512      /* positions per group at most */

typedef struct
{
  mpzg_range_fn fn;
  void *ctx;
  size_t n, cost, group;        /* positions, cost of one, positions per group */
} uniform_ctx;

static size_t
uniform_cost (void *vctx, size_t i)
{
  uniform_ctx *g = vctx;
  size_t e = g->n - i * g->group;
  return (e < g->group ? e : g->group) * g->cost;
}

static void
uniform_range (void *vctx, size_t begin, size_t end)
{
  uniform_ctx *g = vctx;
  size_t e = end * g->group;
  g->fn (g->ctx, begin * g->group, e < g->n ? e : g->n);
}

int
mpzg_parallel_for_uniform (size_t n, size_t cost, mpzg_range_fn fn, void *ctx, int threads)
{
  size_t group = MPZG_GROUP_COST / (cost ? cost : 1);
  uniform_ctx g;
  group = group < 1 ? 1 : group > MPZG_GROUP_MAX ? MPZG_GROUP_MAX : group;
  g.fn = fn;
  g.ctx = ctx;
  g.n = n;
  g.cost = cost;
  g.group = group;
  return mpzg_parallel_for ((n + group - 1) / group, uniform_cost, uniform_range, &g, threads);
}
