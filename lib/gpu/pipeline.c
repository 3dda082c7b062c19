/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* pipeline.c -- one GPU call: plan it, then run its chunks through the slots with a
   team of host threads, and account for every element when the device fails.

   Chunk k goes to slot k % MPZG_SLOTS.  Each step: (A) thread 0 waits for the slot's
   previous chunk to come back; barrier; (B) the threads grow the outputs of chunk
   k - 1 where they lack room, unpack the slot's previous chunk and pack chunk k;
   barrier; (C) thread 0 queues chunk k's upload, kernels and download on the slot's
   stream.  While the device works on up to MPZG_SLOTS chunks, the team packs and
   unpacks the others.  Shared decisions (the error) are written only by thread 0
   before a barrier and read by all after it, so that every thread leaves the loop
   at the same step.

   A chunk's outputs are written only when it is unpacked (growing them keeps their
   values), after its event said the device finished it without error; so when the
   device fails, the chunks not yet unpacked are exactly the elements left
   untouched, and the caller can recompute them with GMP or name the first. */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpzg-impl.h"
#include "gpu.h"
#include "device.h"
#include "layout.h"
#include "pool.h"

static long fail_after = -1;    /* mpzg_gpu_fail_after */

void
mpzg_gpu_fail_after (long chunks)
{
  __atomic_store_n (&fail_after, chunks, __ATOMIC_RELAXED);
}

size_t
mpzg_gpu_max_limbs (const mpzg_gpu_family *f)
{
  return f != NULL ? f->max_limbs () : 0;
}

mpzg_gpu_takes_fn
mpzg_gpu_takes (const mpzg_gpu_family *f)
{
  return f != NULL ? f->takes : NULL;
}

long
mpzg_gpu_failure_planned (void)
{
  return __atomic_load_n (&fail_after, __ATOMIC_RELAXED);
}

mpzg_gpu_huge_takes_fn
mpzg_gpu_huge_takes (const mpzg_gpu_family *f)
{
  return f != NULL ? f->huge_takes : NULL;
}

int
mpzg_gpu_run_huge (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone)
{
  *bad = MPZG_NO_INDEX;
  *undone = NULL;
  *nundone = 0;
  if (job->m == 0)
    return MPZG_OK;
  return job->fam->huge_run (job, bad, undone, nundone);
}

int
mpzg_gpu_worthwhile (const mpzg_gpu_family *f, size_t count, size_t limbs)
{
  return f != NULL && f->worthwhile (count, limbs);
}

typedef struct
{
  mpzg_gpu_plan *p;
  mpzg_gpu_slot *slots;
  const mpzg_mpn_device *dev;
  unsigned char *done;          /* per chunk: unpacked */
  int e;                        /* first CUDA error, written by thread 0 in phases A and C */
  long fail_after;              /* injected failure (tests), or -1 */
  double t_wait, t_host, t_issue, t_bar;  /* thread 0's time in A, B, C and the barriers */
  double t_team, t_start;       /* when the team was asked for, when thread 0 began */
  int timed;                    /* MPZG_VERBOSE >= 2: the team's time per kind of claim */
  unsigned long long ns[4];     /* the team's nanoseconds in probes, unpacking, packing,
                                   growing (timed only) */
  size_t next;                  /* phase B: the next unit to claim; thread 0 resets it in C */
  long grow;                    /* phase B: the chunk whose outputs to grow, or -1 */
  int probe;                    /* phase B: what growing its first outputs found */
} pipe_state;

enum { PROBE_PENDING, PROBE_GROW, PROBE_ROOM };

#if MPZG_SLOTS < 2
#error "a chunk's outputs grow in the step after its packing, before its unpacking"
#endif

/* Phase B of one step: growing the outputs of the chunk packed last step (if any),
   unpacking chunk u (if any) and packing chunk k (if any), claimed by the team's
   threads in runs (about MPZG_CLAIM_WORDS words for packing and unpacking,
   MPZG_GROW_PROBE outputs for growing).  Claimed, not cut into equal shares: on a
   host whose virtual cores are descheduled for milliseconds, the whole team would
   wait at the barrier for the slowest share.  The first claim is the probe, the
   grown chunk's first MPZG_GROW_PROBE outputs; the rest of its outputs come last,
   so that the probe has said by then whether they need growing at all.  Thread 0
   (tid) adds its time to ps->t_host. */
static void
xfer_step (pipe_state *ps, int tid, const mpzg_gpu_chunk *u, mpzg_word *ubuf,
           const mpzg_gpu_chunk *k, mpzg_word *kbuf)
{
  const double t0 = tid == 0 ? mpzg_seconds () : 0;
  mpzg_gpu_plan *p = ps->p;
  const mpzg_gpu_chunk *g = ps->grow >= 0 && p->fam->grow != NULL ? &p->ch[ps->grow] : NULL;
  mpzg_gpu_xfer xu = { p, u, ubuf }, xk = { p, k, kbuf }, xg = { p, g, NULL };
  size_t cu = 1, ck = 1;
  size_t nu = u ? mpzg_gpu_units (p, u, &cu) : 0, nk = k ? mpzg_gpu_units (p, k, &ck) : 0;
  size_t ng = g ? g->count : 0, np = ng < MPZG_GROW_PROBE ? ng : MPZG_GROW_PROBE;
  /* the claims: [0, end[0]) the probe, then unpacking, packing, the rest of growing */
  size_t end[4], run[4] = { np, MPZG_CLAIM_WORDS / cu + 1, MPZG_CLAIM_WORDS / ck + 1,
                            MPZG_GROW_PROBE };
  end[0] = np;
  end[1] = end[0] + nu;
  end[2] = end[1] + nk;
  end[3] = end[2] + (ng - np);
  for (;;)
    {
      size_t at = __atomic_load_n (&ps->next, __ATOMIC_RELAXED), want;
      int s;
      do
        {
          for (s = 0; s < 3 && at >= end[s]; s++)
            ;
          want = end[s] - at < run[s] ? end[s] - at : run[s];
          if (s == 3 && __atomic_load_n (&ps->probe, __ATOMIC_ACQUIRE) == PROBE_ROOM)
            want = end[3] - at;         /* nothing to grow: skip the rest at once */
        }
      while (at < end[3]
             && !__atomic_compare_exchange_n (&ps->next, &at, at + want, 1, __ATOMIC_RELAXED,
                                              __ATOMIC_RELAXED));
      if (at >= end[3])
        break;
      const double c0 = ps->timed ? mpzg_seconds () : 0;
      switch (s)
        {
        case 0:
          __atomic_store_n (&ps->probe, p->fam->grow (&xg, 0, np) > 0 ? PROBE_GROW : PROBE_ROOM,
                            __ATOMIC_RELEASE);
          break;
        case 1:
          p->fam->unpack (&xu, at - end[0], at - end[0] + want);
          break;
        case 2:
          p->fam->pack (&xk, at - end[1], at - end[1] + want);
          break;
        default:
          /* before the probe has answered (a small step): grow, only a speed-up */
          if (__atomic_load_n (&ps->probe, __ATOMIC_ACQUIRE) != PROBE_ROOM)
            p->fam->grow (&xg, np + at - end[2], np + at - end[2] + want);
        }
      if (ps->timed)
        __atomic_fetch_add (&ps->ns[s], (unsigned long long) (1e9 * (mpzg_seconds () - c0)),
                            __ATOMIC_RELAXED);
    }
  if (tid == 0)
    ps->t_host += mpzg_seconds () - t0;
}

static void
pipe_barrier (pipe_state *ps, mpzg_team *team, int tid)
{
  double t0 = tid == 0 ? mpzg_seconds () : 0;
  mpzg_team_barrier (team);
  if (tid == 0)
    ps->t_bar += mpzg_seconds () - t0;
}

/* Phase A for the chunk in flight on slot q, if any: returns it, -1 for none, or
   -2 when the call has failed. */
static long
pipe_wait (pipe_state *ps, mpzg_gpu_slot *q, mpzg_team *team, int tid)
{
  long pd = q->pending;         /* written by thread 0 before an earlier barrier */
  if (tid == 0 && pd >= 0 && ps->e == 0)
    {
      double t0 = mpzg_seconds ();
      cudaError_t e = cudaEventSynchronize (q->done);
      if (e != cudaSuccess)
        ps->e = e;
      ps->t_wait += mpzg_seconds () - t0;
    }
  pipe_barrier (ps, team, tid);
  return ps->e == 0 ? pd : -2;
}

/* Phase C: queues chunk k on slot q (thread 0). */
static int
pipe_issue (pipe_state *ps, mpzg_gpu_slot *q, size_t k)
{
  mpzg_gpu_plan *p = ps->p;
  const mpzg_gpu_chunk *c = &p->ch[k];
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  size_t scratch = mpzg_gpu_chunk_scratch (p, c);
  cudaError_t e;
  int st;
  if (ps->fail_after >= 0 && (long) k >= ps->fail_after)
    return cudaErrorLaunchFailure;
  if (scratch > 0 && (st = mpzg_gpu_slot_scratch (q, scratch)) != MPZG_OK)
    return cudaErrorMemoryAllocation;
  if ((e = cudaMemcpyAsync (q->din, q->hin, mpzg_gpu_chunk_words (p, c, 0) * sizeof (mpzg_word),
                            cudaMemcpyHostToDevice, q->st)) != cudaSuccess)
    return e;
  if ((st = p->fam->launch (ps->dev, sh, q->din, q->dout, q->dscratch, c->lanes, q->st)) != 0)
    return st;
  size_t first = 0, n = mpzg_gpu_chunk_words (p, c, 1);
  if (p->fam->out_span != NULL)
    p->fam->out_span (sh, c->lanes, &first, &n);
  if ((e = cudaMemcpyAsync (q->hout + first, q->dout + first, n * sizeof (mpzg_word),
                            cudaMemcpyDeviceToHost, q->st)) != cudaSuccess)
    return e;
  return cudaEventRecord (q->done, q->st);
}

static void
pipe_fn (mpzg_team *team, void *ctx, int tid, int nt)
{
  pipe_state *ps = ctx;
  mpzg_gpu_plan *p = ps->p;
  size_t k;
  (void) nt;
  if (tid == 0)
    ps->t_start = mpzg_seconds ();
  for (k = 0; k < p->nch; k++)
    {
      mpzg_gpu_slot *q = &ps->slots[k % MPZG_SLOTS];
      long pd = pipe_wait (ps, q, team, tid);
      if (pd == -2)
        return;
      xfer_step (ps, tid, pd >= 0 ? &p->ch[pd] : NULL, q->hout, &p->ch[k], q->hin);
      pipe_barrier (ps, team, tid);
      if (tid == 0)
        {
          int e;
          const double t0 = mpzg_seconds ();
          if (pd >= 0)
            ps->done[pd] = 1;
          q->pending = -1;
          ps->next = 0;         /* the others wait at the next barrier */
          if ((e = pipe_issue (ps, q, k)) != 0)
            ps->e = e;
          else
            q->pending = (long) k;
          ps->grow = (long) k;
          ps->probe = PROBE_PENDING;
          ps->t_issue += mpzg_seconds () - t0;
        }
    }
  /* drain, oldest first */
  for (size_t d = 0; d < MPZG_SLOTS; d++)
    {
      mpzg_gpu_slot *q = &ps->slots[(k + d) % MPZG_SLOTS];
      long pd = pipe_wait (ps, q, team, tid);
      if (pd == -2)
        return;
      xfer_step (ps, tid, pd >= 0 ? &p->ch[pd] : NULL, q->hout, NULL, NULL);
      pipe_barrier (ps, team, tid);
      if (tid == 0)
        {
          if (pd >= 0)
            ps->done[pd] = 1;
          q->pending = -1;
          ps->next = 0;
          ps->grow = -1;        /* the last chunk packed grew in the first of these steps */
        }
    }
}

static int
cmp_size (const void *x, const void *y)
{
  size_t u = *(const size_t *) x, v = *(const size_t *) y;
  return u < v ? -1 : u > v;
}

/* The elements of the chunks not unpacked (done == NULL: all), ascending, and the
   lowest element error of the chunks unpacked (a non-invertible powm element): its
   outputs are untouched too, and the call's status must still name it, so the
   caller's GMP rerun finds it again. */
static void
list_undone (const mpzg_gpu_job *job, const mpzg_gpu_plan *p, const unsigned char *done,
             size_t **undone, size_t *nundone)
{
  size_t n = 0, k, j, *u;
  if (p->ch == NULL || (p->mt == NULL && done != NULL))
    done = NULL;
  if (done == NULL || p->ch == NULL)
    {
      /* nothing was unpacked, or the plan is incomplete: every element */
      u = malloc ((job->m ? job->m : 1) * sizeof *u);
      if (u != NULL)
        for (j = 0; j < job->m; j++)
          u[j] = job->idx ? job->idx[j] : j;
      *undone = u;
      *nundone = u ? job->m : 0;
      if (u != NULL && job->idx != NULL)
        qsort (u, job->m, sizeof *u, cmp_size);
      return;
    }
  for (k = 0; k < p->nch; k++)
    if (!done[k])
      n += p->ch[k].count;
  n += p->bad_index != MPZG_NO_INDEX;
  u = malloc ((n ? n : 1) * sizeof *u);
  *undone = u;
  *nundone = u ? n : 0;
  if (u == NULL)
    return;
  n = 0;
  for (k = 0; k < p->nch; k++)
    if (!done[k])
      for (j = 0; j < p->ch[k].count; j++)
        u[n++] = mpzg_gpu_at (p, p->ch[k].first + j)->e;
  if (p->bad_index != MPZG_NO_INDEX)
    u[n++] = p->bad_index;
  qsort (u, n, sizeof *u, cmp_size);
}

/* The team of a call: a thread for every MPZG_TEAM_WORDS words packed and
   unpacked, at most the call's threads (and 256). */
static int
team_size (const mpzg_gpu_plan *p)
{
  const size_t want = (p->in_words + p->out_words) / MPZG_TEAM_WORDS + 1;
  int threads = p->threads < 256 ? p->threads : 256;
  return want < (size_t) threads ? (int) want : threads;
}

static int
run_pipelined (mpzg_gpu_plan *p, pipe_state *ps, int verbose)
{
  int threads = team_size (p);
  ps->timed = verbose >= 2;
  ps->t_team = mpzg_seconds ();
  mpzg_team_run (threads, pipe_fn, ps);
  if (verbose >= 2)
    fprintf (stderr, "mpzg: gpu %s m=%zu: %zu chunks, %d threads; thread 0: team start %.3f ms, "
             "wait %.3f ms, pack+unpack %.3f ms, issue %.3f ms, barriers %.3f ms; "
             "team end %.3f ms\n",
             p->fam->name, p->m, p->nch, threads, 1e3 * (ps->t_start - ps->t_team),
             1e3 * ps->t_wait, 1e3 * ps->t_host, 1e3 * ps->t_issue, 1e3 * ps->t_bar,
             1e3 * (mpzg_seconds () - ps->t_team));
  if (verbose >= 2)
    fprintf (stderr, "mpzg: gpu %s m=%zu: the team's thread-ms: unpack %.3f, pack %.3f, "
             "grow %.3f (probes %.3f)\n", p->fam->name, p->m, 1e-6 * ps->ns[1],
             1e-6 * ps->ns[2], 1e-6 * ps->ns[3], 1e-6 * ps->ns[0]);
  if (ps->e != 0)
    {
      /* a broken stream: start afresh next time */
      int st = mpzg_gpu_status (ps->e);
      if (verbose > 0)
        fprintf (stderr, "mpzg: gpu %s: %s\n", p->fam->name,
                 cudaGetErrorString ((cudaError_t) ps->e));
      mpzg_gpu_slots_reset ();
      return st;
    }
  return MPZG_OK;
}

int
mpzg_gpu_run (const mpzg_gpu_job *job, size_t *bad, size_t **undone, size_t *nundone)
{
  mpzg_gpu_plan p;
  pipe_state ps;
  int st, k;
  double t0;
  *bad = MPZG_NO_INDEX;
  *undone = NULL;
  *nundone = 0;
  if (job->m == 0)
    return MPZG_OK;
  memset (&p, 0, sizeof p);
  memset (&ps, 0, sizeof ps);
  p.fam = job->fam;
  for (k = 0; k < 3; k++)
    {
      p.out[k] = job->out[k];
      p.in[k] = job->in[k];
    }
  p.flags = job->flags;
  p.idx = job->idx;
  p.m = job->m;
  p.threads = job->threads;
  ps.p = &p;
  ps.grow = -1;
  ps.fail_after = __atomic_load_n (&fail_after, __ATOMIC_RELAXED);

  pthread_mutex_lock (&mpzg_gpu_lock);
  t0 = mpzg_seconds ();
  st = mpzg_gpu_slots_ensure (job->ordinal, &ps.slots, &ps.dev);
  if (st == MPZG_OK)
    st = mpzg_gpu_family_ready (job->fam, ps.dev);
  if (st == MPZG_OK)
    st = mpzg_gpu_plan_make (&p, MPZG_SLOT_WORDS);
  if (st == MPZG_OK && (ps.done = calloc (p.nch ? p.nch : 1, 1)) == NULL)
    st = MPZG_ENOMEM;
  if (job->verbose >= 2)
    fprintf (stderr, "mpzg: gpu plan m=%zu: %.3f ms\n", job->m, 1e3 * (mpzg_seconds () - t0));
  if (st == MPZG_OK)
    st = run_pipelined (&p, &ps, job->verbose);
  if (job->verbose >= 2)
    fprintf (stderr, "mpzg: gpu m=%zu: %.3f ms from plan to the last unpack\n", job->m,
             1e3 * (mpzg_seconds () - t0));
  if (st != MPZG_OK)
    list_undone (job, &p, ps.done, undone, nundone);
  else if (p.bad_index != MPZG_NO_INDEX)
    {
      *bad = p.bad_index;
      st = p.bad_status;
    }
  free (ps.done);
  mpzg_gpu_plan_free (&p);
  pthread_mutex_unlock (&mpzg_gpu_lock);
  return st;
}
