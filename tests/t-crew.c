/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-crew.c -- the parallel loops and teams on the crew of parked helpers (lib/crew.c,
   lib/pool.c): every position done exactly once, the helpers reused rather than
   started anew for each loop, a child of fork() with a crew of its own, concurrent
   callers, teams whose barriers hold, and helpers that block signals. */

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <check.h>
#include "crew.h"
#include "pool.h"

#define N 100000
#define THREADS 8

typedef struct
{
  atomic_uchar *seen;
} loop_ctx;

static size_t
cost_of (void *ctx, size_t i)
{
  (void) ctx;
  (void) i;
  return 64;                    /* enough for the loop to take helpers */
}

static void
mark (void *vctx, size_t begin, size_t end)
{
  loop_ctx *c = vctx;
  for (size_t i = begin; i < end; i++)
    atomic_fetch_add (&c->seen[i], 1);
}

/* One loop over N positions on `threads` threads; returns the positions not done
   exactly once. */
static size_t
one_loop (int threads)
{
  loop_ctx c;
  size_t i, bad = 0;
  c.seen = calloc (N, sizeof *c.seen);
  ck_assert_ptr_nonnull (c.seen);
  ck_assert_int_eq (mpzg_parallel_for (N, cost_of, mark, &c, threads), 0);
  for (i = 0; i < N; i++)
    bad += c.seen[i] != 1;
  free (c.seen);
  return bad;
}

START_TEST (t_reuse)
{
  int k, before = mpzg_crew_size (), size;
  ck_assert_uint_eq (one_loop (THREADS), 0);
  size = mpzg_crew_size ();
  ck_assert_int_ge (size, 1);
  ck_assert_int_le (size, before > THREADS - 1 ? before : THREADS - 1);
  for (k = 0; k < 300; k++)
    ck_assert_uint_eq (one_loop (THREADS), 0);
  /* a helper parks before its loop hears it is done: later loops find it parked */
  ck_assert_int_eq (mpzg_crew_size (), size);
}
END_TEST

START_TEST (t_fork)
{
  pid_t pid;
  int status;
  ck_assert_uint_eq (one_loop (THREADS), 0);
  ck_assert_int_ge (mpzg_crew_size (), 1);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      /* the parent's helpers do not exist here: a crew that still counted them
         would hand the loop to no one and wait for ever */
      int ok = mpzg_crew_size () == 0, k;
      for (k = 0; k < 20 && ok; k++)
        ok = one_loop (THREADS) == 0;
      ok = ok && mpzg_crew_size () >= 1 && mpzg_crew_size () <= THREADS - 1;
      _exit (ok ? 0 : 1);
    }
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 0, "child status %d", status);
  ck_assert_uint_eq (one_loop (THREADS), 0);
}
END_TEST

static void *
caller (void *arg)
{
  size_t *bad = arg;
  int k;
  for (k = 0; k < 50; k++)
    *bad += one_loop (THREADS);
  return NULL;
}

START_TEST (t_concurrent)
{
  enum { CALLERS = 4 };
  pthread_t th[CALLERS];
  size_t bad[CALLERS] = { 0 };
  int k;
  for (k = 0; k < CALLERS; k++)
    ck_assert_int_eq (pthread_create (&th[k], NULL, caller, &bad[k]), 0);
  for (k = 0; k < CALLERS; k++)
    {
      ck_assert_int_eq (pthread_join (th[k], NULL), 0);
      ck_assert_uint_eq (bad[k], 0);
    }
  ck_assert_int_le (mpzg_crew_size (), CALLERS * (THREADS - 1));
}
END_TEST

/* Every helper blocks the signals a program may wait for in a thread of its own. */
static atomic_int unblocked;

static void
check_mask (void *vctx, size_t begin, size_t end)
{
  sigset_t cur;
  (void) vctx;
  (void) begin;
  (void) end;
  pthread_sigmask (SIG_BLOCK, NULL, &cur);
  if (!pthread_equal (pthread_self (), *(pthread_t *) vctx)
      && (!sigismember (&cur, SIGINT) || !sigismember (&cur, SIGUSR1)
          || !sigismember (&cur, SIGTERM)))
    atomic_fetch_add (&unblocked, 1);
}

START_TEST (t_signals)
{
  sigset_t none;
  pthread_t self = pthread_self ();
  int k;
  /* the caller blocks nothing, as a program's main thread */
  sigemptyset (&none);
  pthread_sigmask (SIG_SETMASK, &none, NULL);
  atomic_store (&unblocked, 0);
  for (k = 0; k < 20; k++)
    ck_assert_int_eq (mpzg_parallel_for (N, cost_of, check_mask, &self, THREADS), 0);
  int left_open = atomic_load (&unblocked);
  ck_assert_msg (left_open == 0, "%d loop ranges ran on a helper with signals unblocked",
                 left_open);
}
END_TEST

#define ROUNDS 200

typedef struct
{
  atomic_int count[ROUNDS];
  atomic_int wrong;
  atomic_int members;
} team_ctx;

/* Each round every member adds one; after the barrier every member must see the
   whole team's count. */
static void
team_fn (mpzg_team *team, void *vctx, int tid, int nt)
{
  team_ctx *c = vctx;
  int r;
  (void) tid;
  atomic_fetch_add (&c->members, 1);
  for (r = 0; r < ROUNDS; r++)
    {
      atomic_fetch_add (&c->count[r], 1);
      mpzg_team_barrier (team);
      if (atomic_load (&c->count[r]) != nt)
        atomic_fetch_add (&c->wrong, 1);
      mpzg_team_barrier (team);
    }
}

START_TEST (t_team)
{
  int k, before = mpzg_crew_size ();
  for (k = 0; k < 20; k++)
    {
      team_ctx *c = calloc (1, sizeof *c);
      ck_assert_ptr_nonnull (c);
      mpzg_team_run (THREADS, team_fn, c);
      ck_assert_int_eq (atomic_load (&c->wrong), 0);
      /* the crew below its maximum: the whole team started */
      ck_assert_int_eq (atomic_load (&c->members), THREADS);
      free (c);
    }
  ck_assert_int_le (mpzg_crew_size (), before > THREADS - 1 ? before : THREADS - 1);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("crew");
  TCase *tc = tcase_create ("crew");
  SRunner *sr;
  int failed;
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, t_reuse);
  tcase_add_test (tc, t_fork);
  tcase_add_test (tc, t_concurrent);
  tcase_add_test (tc, t_team);
  tcase_add_test (tc, t_signals);
  suite_add_tcase (s, tc);
  sr = srunner_create (s);
  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
