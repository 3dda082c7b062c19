/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* crew.h -- helper threads kept parked between the library's parallel loops.

   A call on a batch starts several loops (the split, the plan, the pipeline's team,
   the CPU share), each on up to all cores.  Starting a thread costs tens of
   microseconds, more on a virtual machine: on the GPU machine, starting all of a
   call's threads took longer than the device's work on a batch of tens of thousands
   of small gcds (bench/results/2026-11-24-h100-crew/).  So the threads that a loop
   started stay, parked on their own condition variable, and the next loop wakes
   them.

   The crew is safe across fork() (the child starts with an empty crew: its parent's
   threads do not exist there) and across concurrent callers (each takes parked
   helpers for itself; when none is parked, a new one joins the crew, up to
   MPZG_CREW_MAX; beyond that a loop gets fewer helpers, which every loop of the
   library allows).  Helpers block every signal.  When the library is unloaded, the
   parked helpers are joined. */
#ifndef MPZG_CREW_H
#define MPZG_CREW_H

#include <pthread.h>

/* Helpers working for one loop, all running fn (arg); started by
   mpzg_helpers_start, waited for by mpzg_helpers_join. */
typedef struct
{
  void (*fn) (void *arg);
  void *arg;
  int running;                  /* helpers not yet done, under lock */
  pthread_mutex_t lock;
  pthread_cond_t done;
} mpzg_helpers;

/* Starts up to `want` helpers on fn (arg); returns how many started (0 when none
   could: the caller then does the work alone).  Every call must be followed by
   mpzg_helpers_join on the same h. */
int mpzg_helpers_start (mpzg_helpers *h, int want, void (*fn) (void *), void *arg);
/* Waits until every helper of h has returned from fn. */
void mpzg_helpers_join (mpzg_helpers *h);

/* Helpers in the crew now (parked or working): for tests. */
int mpzg_crew_size (void);

#endif
