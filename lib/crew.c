/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* crew.c -- helper threads kept parked between parallel loops (see crew.h). */

#include <config.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include "crew.h"

/* Helpers kept at most: enough for a few concurrent callers on all cores of a large
   host, few enough that a runaway caller cannot pile up threads for good. */
#define MPZG_CREW_MAX 512

typedef struct crew_worker
{
  pthread_t th;
  pthread_cond_t wake;
  mpzg_helpers *job;            /* the loop it works for, NULL while parked */
  struct crew_worker *next;     /* the parked list */
} crew_worker;

static pthread_mutex_t crew_lock = PTHREAD_MUTEX_INITIALIZER;
static crew_worker *crew_parked;
static int crew_n;
static int crew_closing;
static pthread_once_t crew_once = PTHREAD_ONCE_INIT;

static void
helper_done (mpzg_helpers *h)
{
  pthread_mutex_lock (&h->lock);
  if (--h->running == 0)
    pthread_cond_signal (&h->done);
  pthread_mutex_unlock (&h->lock);
}

static void *
crew_main (void *arg)
{
  crew_worker *w = arg;
  pthread_mutex_lock (&crew_lock);
  for (;;)
    {
      mpzg_helpers *h;
      while (w->job == NULL && !crew_closing)
        pthread_cond_wait (&w->wake, &crew_lock);
      if (w->job == NULL)
        break;
      h = w->job;
      pthread_mutex_unlock (&crew_lock);
      h->fn (h->arg);
      /* Parked again before the loop hears it is done: the loop's next loop then
         finds this helper parked, instead of starting a thread beside it. */
      pthread_mutex_lock (&crew_lock);
      w->job = NULL;
      w->next = crew_parked;
      crew_parked = w;
      pthread_mutex_unlock (&crew_lock);
      helper_done (h);
      pthread_mutex_lock (&crew_lock);
    }
  pthread_mutex_unlock (&crew_lock);
  return NULL;
}

/* In a child of fork() only the forking thread exists: the crew starts empty (the
   parent's helper records are left behind, a few hundred bytes). */
static void
crew_prepare (void)
{
  pthread_mutex_lock (&crew_lock);
}

static void
crew_parent (void)
{
  pthread_mutex_unlock (&crew_lock);
}

static void
crew_child (void)
{
  pthread_mutex_init (&crew_lock, NULL);
  crew_parked = NULL;
  crew_n = 0;
}

static void
crew_init (void)
{
  pthread_atfork (crew_prepare, crew_parent, crew_child);
}

/* Unloading the library must not leave threads parked in its code, nor their
   records behind.  Helpers busy now (a call still running in another thread while
   the process exits) are left: joining them could wait for ever. */
__attribute__ ((destructor)) static void
crew_close (void)
{
  crew_worker *w, *parked;
  pthread_mutex_lock (&crew_lock);
  crew_closing = 1;
  parked = crew_parked;
  crew_parked = NULL;
  for (w = parked; w != NULL; w = w->next)
    pthread_cond_signal (&w->wake);
  pthread_mutex_unlock (&crew_lock);
  while ((w = parked) != NULL)
    {
      parked = w->next;
      pthread_join (w->th, NULL);
      pthread_cond_destroy (&w->wake);
      free (w);
    }
}

/* A parked helper, or a new one while the crew is below its maximum, bound to h;
   NULL when there is none.  *parked: whether it was parked (the caller signals it
   once crew_lock is released, so that it does not wake only to wait for the lock).
   Called with crew_lock held. */
static crew_worker *
crew_take (mpzg_helpers *h, int *parked)
{
  crew_worker *w = crew_parked;
  *parked = w != NULL;
  if (w != NULL)
    {
      crew_parked = w->next;
      w->job = h;
      return w;
    }
  if (crew_n >= MPZG_CREW_MAX || crew_closing || (w = malloc (sizeof *w)) == NULL)
    return NULL;
  w->job = h;
  pthread_cond_init (&w->wake, NULL);
  /* A helper outlives the call that started it: it blocks every signal, so that a
     signal sent to the process goes to one of the program's own threads (one that
     waits for it with sigwait, say), never to a thread of the library. */
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  int started = pthread_create (&w->th, NULL, crew_main, w) == 0;
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (!started)
    {
      pthread_cond_destroy (&w->wake);
      free (w);
      return NULL;
    }
  crew_n++;
  return w;
}

int
mpzg_helpers_start (mpzg_helpers *h, int want, void (*fn) (void *), void *arg)
{
  crew_worker *wake[64];
  int k, nwake = 0, parked;
  h->fn = fn;
  h->arg = arg;
  h->running = 0;
  pthread_mutex_init (&h->lock, NULL);
  pthread_cond_init (&h->done, NULL);
  if (want <= 0)
    return 0;
  pthread_once (&crew_once, crew_init);
  /* h->lock first: a helper that finishes at once must not see running reach 0
     while others are still being started. */
  pthread_mutex_lock (&h->lock);
  pthread_mutex_lock (&crew_lock);
  for (k = 0; k < want; k++)
    {
      crew_worker *w = crew_take (h, &parked);
      if (w == NULL)
        break;
      h->running++;
      if (!parked)
        continue;               /* a new thread: it finds its job when it starts */
      if (nwake == 64)
        {
          /* a very wide loop: wake the earlier ones under the lock */
          while (nwake > 0)
            pthread_cond_signal (&wake[--nwake]->wake);
        }
      wake[nwake++] = w;
    }
  pthread_mutex_unlock (&crew_lock);
  pthread_mutex_unlock (&h->lock);
  while (nwake > 0)
    pthread_cond_signal (&wake[--nwake]->wake);
  return k;
}

void
mpzg_helpers_join (mpzg_helpers *h)
{
  pthread_mutex_lock (&h->lock);
  while (h->running > 0)
    pthread_cond_wait (&h->done, &h->lock);
  pthread_mutex_unlock (&h->lock);
  pthread_cond_destroy (&h->done);
  pthread_mutex_destroy (&h->lock);
}

int
mpzg_crew_size (void)
{
  int n;
  pthread_mutex_lock (&crew_lock);
  n = crew_n;
  pthread_mutex_unlock (&crew_lock);
  return n;
}
