/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* pool.h -- parallel loops over the elements of a batch, balanced by cost. */
#ifndef MPZG_POOL_H
#define MPZG_POOL_H

#include <stddef.h>

/* Work on positions [begin, end) of a loop; positions are handed out in order
   within a range. */
typedef void (*mpzg_range_fn) (void *ctx, size_t begin, size_t end);
/* Relative cost of position i (any unit, the same for every position of a loop). */
typedef size_t (*mpzg_cost_fn) (void *ctx, size_t i);

typedef struct mpzg_par mpzg_par;

/* Runs fn over [0, n) on up to `threads` threads (the caller's among them) and
   returns when all is done.  Positions are cut into ranges of about equal total
   cost, several per thread, handed out dynamically, so that a batch of mixed
   sizes still balances.  Small loops run inline on the caller.  Returns 0, or
   -1 if no memory (then nothing ran). */
int mpzg_parallel_for (size_t n, mpzg_cost_fn cost, mpzg_range_fn fn, void *ctx,
                       int threads);

/* The same loop, started on `threads` new threads while the caller does other work
   (such as driving the GPU).  *par receives a handle for mpzg_par_join, which
   waits for the loop (running it on the caller when it was too small to be worth
   threads).  Returns 0, or -1 if no memory. */
int mpzg_par_start (mpzg_par **par, size_t n, mpzg_cost_fn cost, mpzg_range_fn fn,
                    void *ctx, int threads);
void mpzg_par_join (mpzg_par *par);

/* mpzg_parallel_for over n positions of equal cost `cost` each, handed out in
   groups of about MPZG_GROUP_COST cost units (at most MPZG_GROUP_MAX positions):
   asking the cost of every position serially would cost more than the work on a
   small one, while large positions must stay one per range. */
int mpzg_parallel_for_uniform (size_t n, size_t cost, mpzg_range_fn fn, void *ctx,
                               int threads);


/* ---- Teams: a fixed set of threads that work in lock-step phases ----
   mpzg_team_run runs fn on up to `threads` threads, the caller as tid 0, and returns
   when all have returned; inside, mpzg_team_barrier waits for the whole team.  One
   team serves a whole pipelined GPU call, so that its many short phases (pack a
   chunk, unpack a chunk) cost a barrier each rather than a round of thread starts.
   The team is the caller and the helpers the crew could give (crew.h): it cannot
   fail, and with no helper at all the caller is a team of one. */
typedef struct mpzg_team mpzg_team;
typedef void (*mpzg_team_fn) (mpzg_team *team, void *ctx, int tid, int nthreads);
void mpzg_team_run (int threads, mpzg_team_fn fn, void *ctx);
void mpzg_team_barrier (mpzg_team *team);

/* Step k (from 0) of a wait that spins on a flag another thread sets: a pause,
   and every 64th step the core given up, since the thread that would set the flag
   may be waiting for it. */
void mpzg_spin_step (unsigned long k);

#endif
