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

#endif
