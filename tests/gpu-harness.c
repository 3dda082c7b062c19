/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* gpu-harness.c -- the GPU suites' probe, main, batches and failure checks (see
   gpu-harness.h). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "gpu-harness.h"
#include "gpu.h"

/* ---- the probe ------------------------------------------------------------------- */

/* Whether a GPU is usable with MPZG_BACKEND=cuda: 1 yes, 0 no (why says why),
   -1 the probe itself failed.  The probe runs in a child process: CUDA cannot be
   used in a process forked after its parent initialized it, and Check runs every
   test in a forked child. */
static int
gpu_usable (char *why, size_t size)
{
  int fd[2], status;
  size_t len = 0;
  ssize_t got;
  pid_t pid;
  if (pipe (fd) != 0)
    {
      snprintf (why, size, "pipe failed");
      return -1;
    }
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    {
      snprintf (why, size, "fork failed");
      return -1;
    }
  if (pid == 0)
    {
      char desc[512];
      int b;
      close (fd[0]);
      mpzg_set_backend (MPZG_BACKEND_CUDA);
      b = mpzg_backend (desc, sizeof desc);
      if (write (fd[1], desc, strlen (desc)) < 0)
        _exit (2);
      _exit (b == MPZG_BACKEND_CUDA ? 0 : 1);
    }
  close (fd[1]);
  while (len + 1 < size && (got = read (fd[0], why + len, size - 1 - len)) > 0)
    len += (size_t) got;
  why[len] = 0;
  close (fd[0]);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status) || WEXITSTATUS (status) > 1)
    {
      snprintf (why + len, size - len, "%sthe probe process failed", len ? ": " : "");
      return -1;
    }
  return WEXITSTATUS (status) == 0;
}

int
tst_gpu_require (const char *suite)
{
  char why[512];
  int usable = gpu_usable (why, sizeof why);
  if (usable < 0)
    {
      printf ("%s: ERROR: %s\n", suite, why);
      return 99;
    }
  if (!usable)
    {
      printf ("%s: skipped, no usable GPU: %s\n", suite, why);
      return 77;
    }
  printf ("%s: %s\n", suite, why);
  return 0;
}

/* ---- the suite --------------------------------------------------------------------- */

static void
setup (void)
{
  mpzg_gpu_fail_after (-1);
  ck_assert_int_eq (mpzg_set_backend (MPZG_BACKEND_CUDA), MPZG_OK);
}

static void
teardown (void)
{
  mpzg_gpu_fail_after (-1);
}

int
tst_gpu_main (const char *suite, void (*add_tests) (TCase *tc))
{
  Suite *s;
  TCase *tc;
  int st = tst_gpu_require (suite);
  if (st != 0)
    return st;
  s = suite_create (suite);
  tc = tst_tcase (suite);
  tcase_add_checked_fixture (tc, setup, teardown);
  add_tests (tc);
  suite_add_tcase (s, tc);
  return tst_main (s, suite);
}

/* ---- batches ------------------------------------------------------------------------ */

void
tst_batch_new (tst_batch *b, int nin, size_t cap)
{
  int k;
  for (k = 0; k < 3; k++)
    b->in[k] = k < nin ? tst_vec_new (cap) : NULL;
  b->n = 0;
  b->cap = cap;
}

void
tst_batch_free (tst_batch *b)
{
  int k;
  for (k = 0; k < 3; k++)
    if (b->in[k] != NULL)
      tst_vec_free (b->in[k], b->cap);
}

void
tst_batch_shuffle (tst_batch *b)
{
  size_t k;
  int j;
  for (k = 0; k < b->n; k++)
    {
      size_t r = tst_urand (b->n);
      for (j = 0; j < 3 && b->in[j] != NULL; j++)
        mpz_swap (b->in[j][k], b->in[j][r]);
    }
}

/* ---- a failing GPU ------------------------------------------------------------------ */

static void
fail_ref (void *ctx, size_t begin, size_t end)
{
  tst_fail_batch *fb = ctx;
  const tst_op *op = fb->op;
  size_t i;
  int k;
  for (i = begin; i < end; i++)
    {
      mpz_ptr o[3] = { NULL, NULL, NULL };
      mpz_srcptr a[3] = { NULL, NULL, NULL };
      for (k = 0; k < op->nin; k++)
        a[k] = fb->in[k][i];
      for (k = 0; k < op->nout; k++)
        o[k] = fb->want[k][i];
      fb->status[i] = op->ref (o, a, NULL);
    }
}

void
tst_fail_batch_make (tst_fail_batch *fb,
                     void (*gen) (const tst_fail_batch *fb, mpz_ptr *ops, size_t i))
{
  const tst_op *op = fb->op;
  size_t i;
  int k;
  for (k = 0; k < 3; k++)
    {
      fb->in[k] = k < op->nin ? tst_vec_new (fb->n) : NULL;
      fb->want[k] = k < op->nout ? tst_vec_new (fb->n) : NULL;
    }
  fb->status = malloc ((fb->n ? fb->n : 1) * sizeof *fb->status);
  ck_assert_ptr_nonnull (fb->status);
  /* the operands in order (one random sequence), then GMP's results on every core */
  for (i = 0; i < fb->n; i++)
    {
      mpz_ptr a[3] = { NULL, NULL, NULL };
      for (k = 0; k < op->nin; k++)
        a[k] = fb->in[k][i];
      gen (fb, a, i);
    }
  tst_par_for (fb->n, fail_ref, fb);
}

void
tst_fail_batch_free (tst_fail_batch *fb)
{
  int k;
  for (k = 0; k < 3; k++)
    {
      if (fb->in[k] != NULL)
        tst_vec_free (fb->in[k], fb->n);
      if (fb->want[k] != NULL)
        tst_vec_free (fb->want[k], fb->n);
      fb->in[k] = fb->want[k] = NULL;
    }
  free (fb->status);
  fb->status = NULL;
}

static int
on_gpu (const tst_fail_batch *fb, size_t i)
{
  size_t s = 0;
  int k;
  for (k = 0; k < fb->op->nin; k++)
    if (mpz_size (fb->in[k][i]) > s)
      s = mpz_size (fb->in[k][i]);
  return s <= fb->max || (fb->beyond != NULL && fb->beyond (fb->in, i, 1));
}

void
tst_fail_check (const tst_fail_batch *fb, int backend, long after, int alias)
{
  const tst_op *op = fb->op;
  size_t n = fb->n, i, index, untouched = 0, want_index = MPZG_NO_INDEX, gpu_bad = MPZG_NO_INDEX;
  int want_st = MPZG_OK;
  mpz_t *work[3] = { NULL, NULL, NULL }, *out[3] = { NULL, NULL, NULL };
  mpz_t *before[3] = { NULL, NULL, NULL };
  const char *mode = backend == MPZG_BACKEND_CUDA ? "cuda" : "auto";
  int st, k;

  for (k = 0; k < op->nin; k++)
    {
      work[k] = tst_vec_new (n);
      tst_vec_copy (work[k], fb->in[k], n);
    }
  for (k = 0; k < op->nout; k++)
    {
      if (k == 0 && alias)
        out[k] = work[alias - 1];
      else
        {
          out[k] = tst_vec_new (n);
          for (i = 0; i < n; i++)
            {
              /* poison: no result of these batches is that short and negative */
              mpz_set_si (out[k][i], -1 - (long) (i % 1000) - 1000 * k);
              mpz_mul_2exp (out[k][i], out[k][i], 70);
            }
        }
      before[k] = tst_vec_new (n);
      tst_vec_copy (before[k], out[k], n);
    }

  /* The lowest element error, and the lowest on a GPU element. */
  for (i = n; i-- > 0;)
    if (fb->status[i] != MPZG_OK)
      {
        want_index = i;
        want_st = fb->status[i];
        if (on_gpu (fb, i))
          gpu_bad = i;
      }

  ck_assert_int_eq (mpzg_set_backend (backend), MPZG_OK);
  mpzg_gpu_fail_after (after);
  st = op->call (out, work, NULL, n);
  index = mpzg_error_index ();
  mpzg_gpu_fail_after (-1);

  if (backend != MPZG_BACKEND_CUDA || after >= TST_FAIL_NEVER)
    {
      /* auto mode recomputes the failed elements; a hook never reached changes
         nothing; either way the lowest element error decides the status */
      tst_assert (st == want_st, "%s_n [%s, fail after %ld chunks, alias %d]: status %d (%s), want %d",
                  op->name, mode, after, alias, st, mpzg_strerror (st), want_st);
      tst_assert (index == want_index, "%s_n [%s, fail after %ld chunks, alias %d]: "
                  "mpzg_error_index() = %zd, want %zd", op->name, mode, after, alias,
                  (ssize_t) index, (ssize_t) want_index);
      for (k = 0; k < op->nout; k++)
        for (i = 0; i < n; i++)
          {
            mpz_srcptr w = fb->status[i] == MPZG_OK ? fb->want[k][i] : before[k][i];
            tst_assert (mpz_cmp (out[k][i], w) == 0 && tst_format_problem (out[k][i]) == NULL,
                        "%s_n [%s, fail after %ld chunks, alias %d]: output %d at %zu = %s, want %s%s",
                        op->name, mode, after, alias, k, i, tst_str (out[k][i]), tst_str (w),
                        fb->status[i] == MPZG_OK ? "" : " (untouched: an element error)");
          }
    }
  else
    {
      tst_assert (st == MPZG_EDEVICE, "%s_n [cuda, fail after %ld chunks, alias %d]: status %d (%s), want %d",
                  op->name, after, alias, st, mpzg_strerror (st), MPZG_EDEVICE);
      tst_assert (index < n, "%s_n [cuda, fail after %ld chunks, alias %d]: mpzg_error_index() = %zd",
                  op->name, after, alias, (ssize_t) index);
      tst_assert (on_gpu (fb, index), "%s_n [cuda, fail after %ld chunks, alias %d]: the error index %zu "
                  "is a CPU element", op->name, after, alias, index);
      /* a GPU element with an element error is not computed either */
      tst_assert (index <= gpu_bad, "%s_n [cuda, fail after %ld chunks, alias %d]: the error index %zu "
                  "is above GPU element %zu, which has an element error", op->name, after, alias,
                  index, gpu_bad);
      for (k = 0; k < op->nout; k++)
        tst_assert (mpz_cmp (out[k][index], before[k][index]) == 0,
                    "%s_n [cuda, fail after %ld chunks, alias %d]: element %zu, the first not computed, "
                    "has output %d = %s, was %s", op->name, after, alias, index, k,
                    tst_str (out[k][index]), tst_str (before[k][index]));
      for (i = 0; i < n; i++)
        {
          int done = 1, kept = 1;
          for (k = 0; k < op->nout; k++)
            {
              tst_assert (tst_format_problem (out[k][i]) == NULL, "%s_n [cuda, fail after %ld chunks]: "
                          "output %d at %zu: %s", op->name, after, k, i, tst_format_problem (out[k][i]));
              done &= mpz_cmp (out[k][i], fb->want[k][i]) == 0;
              kept &= mpz_cmp (out[k][i], before[k][i]) == 0;
            }
          if (fb->status[i] != MPZG_OK)
            tst_assert (kept, "%s_n [cuda, fail after %ld chunks, alias %d]: element %zu has an element "
                        "error (%d) but output 0 = %s, was %s (or another output was written)",
                        op->name, after, alias, i, fb->status[i], tst_str (out[0][i]),
                        tst_str (before[0][i]));
          else if (i < index || !on_gpu (fb, i))
            tst_assert (done, "%s_n [cuda, fail after %ld chunks, alias %d]: element %zu (%s, error index %zu) "
                        "= %s, want %s", op->name, after, alias, i, on_gpu (fb, i) ? "GPU" : "CPU",
                        index, tst_str (out[0][i]), tst_str (fb->want[0][i]));
          else
            tst_assert (done || kept, "%s_n [cuda, fail after %ld chunks, alias %d]: element %zu: output 0 = %s, "
                        "neither the result %s nor untouched %s (or another output is neither)", op->name,
                        after, alias, i, tst_str (out[0][i]), tst_str (fb->want[0][i]),
                        tst_str (before[0][i]));
          if (!done && kept && fb->status[i] == MPZG_OK)
            untouched++;
          if (after == 0 && on_gpu (fb, i))
            tst_assert (kept, "%s_n [cuda, fail after 0 chunks, alias %d]: GPU element %zu was written: "
                        "output 0 = %s, was %s", op->name, alias, i, tst_str (out[0][i]),
                        tst_str (before[0][i]));
        }
      tst_assert (untouched > 0, "%s_n [cuda, fail after %ld chunks]: no element left untouched", op->name, after);
    }

  /* Inputs that are not the output: unchanged. */
  for (k = 0; k < op->nin; k++)
    if (alias != k + 1)
      for (i = 0; i < n; i++)
        tst_assert (mpz_cmp (work[k][i], fb->in[k][i]) == 0, "%s_n [%s, fail after %ld chunks, alias %d]: "
                    "input %d at %zu was modified", op->name, mode, after, alias, k, i);

  for (k = 0; k < op->nout; k++)
    {
      tst_vec_free (before[k], n);
      if (!(k == 0 && alias))
        tst_vec_free (out[k], n);
    }
  for (k = 0; k < op->nin; k++)
    tst_vec_free (work[k], n);
}

void
tst_check_recovered (const tst_op *op, size_t max_limbs)
{
  ck_assert_int_eq (mpzg_set_backend (MPZG_BACKEND_CUDA), MPZG_OK);
  tst_check_gen (op, NULL, op->gen, NULL, 0, max_limbs, 333, "after a device failure");
}

void
tst_fail_cuda_runs (const tst_fail_batch *fb, int nalias, size_t recover_limbs)
{
  static const long after[] = { 0, 1, 3, TST_FAIL_NEVER };
  size_t j;
  for (j = 0; j < sizeof after / sizeof after[0]; j++)
    {
      tst_fail_check (fb, MPZG_BACKEND_CUDA, after[j], (int) (j % (size_t) nalias));
      tst_check_recovered (fb->op, recover_limbs);
    }
}

void
tst_fail_auto_runs (const tst_fail_batch *fb, int never, size_t recover_limbs)
{
  static const long after[] = { 0, 1, 3, TST_FAIL_NEVER };
  size_t j, nafter = never ? 4 : 3;
  int alias;
  for (j = 0; j < nafter; j++)
    for (alias = 0; alias < 3; alias++)
      tst_fail_check (fb, MPZG_BACKEND_AUTO, after[j], alias);
  tst_check_recovered (fb->op, recover_limbs);
}
