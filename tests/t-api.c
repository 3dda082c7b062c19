/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-api.c -- the API itself: status codes and mpzg_strerror, mpzg_error_index,
   n = 0, NULL arrays, forbidden output overlaps, settings, mpzg_backend,
   MPZG_BACKEND / MPZG_THREADS / MPZG_VERBOSE / MPZG_DEVICE parsing and what
   each bad value makes the library say (in a child process, stderr captured), the
   cuda backend without a GPU, and several threads calling at once. */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "common.h"
#include "entries.h"

#define N 5

/* The GPU is usable when auto resolves to it. */
static int
gpu_usable (void)
{
  int saved = mpzg_get_backend (), r;
  mpzg_set_backend (MPZG_BACKEND_AUTO);
  r = mpzg_backend (NULL, 0) == MPZG_BACKEND_CUDA;
  mpzg_set_backend (saved);
  return r;
}

/* Calls fail with EDEVICE now (cuda forced, no GPU). */
static int
device_refused (void)
{
  return mpzg_get_backend () == MPZG_BACKEND_CUDA && !gpu_usable ();
}

/* Every entry point on arrays of N elements: a, b valid inputs (b non-zero and
   coprime to a, so that every call succeeds), outputs o0..o2; one of the
   arrays may be replaced by NULL (which = 1..): returns the statuses. */
typedef struct { mpz_t *o0, *o1, *o2, *a, *b, *c; int *flags; } arrays;

static int
call_entry (int entry, arrays *x, size_t n)
{
  switch (entry)
    {
    case 0: return mpzg_add_n (x->o0, x->a, x->b, n);
    case 1: return mpzg_sub_n (x->o0, x->a, x->b, n);
    case 2: return mpzg_mul_n (x->o0, x->a, x->b, n);
    case 3: return mpzg_tdiv_qr_n (x->o0, x->o1, x->a, x->b, n);
    case 4: return mpzg_tdiv_q_n (x->o0, x->a, x->b, n);
    case 5: return mpzg_tdiv_r_n (x->o0, x->a, x->b, n);
    case 6: return mpzg_fdiv_qr_n (x->o0, x->o1, x->a, x->b, n);
    case 7: return mpzg_fdiv_q_n (x->o0, x->a, x->b, n);
    case 8: return mpzg_fdiv_r_n (x->o0, x->a, x->b, n);
    case 9: return mpzg_cdiv_qr_n (x->o0, x->o1, x->a, x->b, n);
    case 10: return mpzg_cdiv_q_n (x->o0, x->a, x->b, n);
    case 11: return mpzg_cdiv_r_n (x->o0, x->a, x->b, n);
    case 12: return mpzg_mod_n (x->o0, x->a, x->b, n);
    case 13: return mpzg_divexact_n (x->o0, x->a, x->b, n);
    case 14: return mpzg_gcd_n (x->o0, x->a, x->b, n);
    case 15: return mpzg_gcdext_n (x->o0, x->o1, x->o2, x->a, x->b, n);
    case 16: return mpzg_invert_n (x->o0, x->a, x->b, x->flags, n);
    case 17: return mpzg_powm_n (x->o0, x->a, x->c, x->b, n);
    }
  return 12345;
}
#define NENTRIES 18
static const char *entry_names[NENTRIES] = {
  "add", "sub", "mul", "tdiv_qr", "tdiv_q", "tdiv_r", "fdiv_qr", "fdiv_q", "fdiv_r",
  "cdiv_qr", "cdiv_q", "cdiv_r", "mod", "divexact", "gcd", "gcdext", "invert", "powm" };
/* Which arrays an entry takes (bits: o0 o1 o2 a b c). */
static const unsigned entry_arrays[NENTRIES] = {
  0x19, 0x19, 0x19, 0x1b, 0x19, 0x19, 0x1b, 0x19, 0x19, 0x1b, 0x19, 0x19, 0x19, 0x19,
  0x19, 0x1f, 0x19, 0x39 };

static mpz_t *store[6];
static int flag_store[N];

static void
arrays_init (arrays *x)
{
  size_t i;
  int k;
  for (k = 0; k < 6; k++)
    store[k] = tst_vec_new (N);
  for (i = 0; i < N; i++)
    {
      mpz_set_si (store[0][i], -111);
      mpz_set_si (store[1][i], -222);
      mpz_set_si (store[2][i], -333);
      mpz_set_ui (store[3][i], 6 * (i + 1) * 35);   /* a = 210 (i + 1): divisible by b */
      mpz_set_ui (store[4][i], 7);                   /* b, odd */
      mpz_set_ui (store[5][i], 3 + i);               /* exponent */
      flag_store[i] = 77;
    }
  mpz_add_ui (store[3][N - 1], store[3][N - 1], 0);
  x->o0 = store[0]; x->o1 = store[1]; x->o2 = store[2];
  x->a = store[3]; x->b = store[4]; x->c = store[5];
  x->flags = flag_store;
}

static void
arrays_clear (void)
{
  int k;
  for (k = 0; k < 6; k++)
    tst_vec_free (store[k], N);
}

static void
assert_untouched (const char *what)
{
  size_t i;
  for (i = 0; i < N; i++)
    {
      tst_assert (mpz_cmp_si (store[0][i], -111) == 0 && mpz_cmp_si (store[1][i], -222) == 0
                  && mpz_cmp_si (store[2][i], -333) == 0 && flag_store[i] == 77,
                  "%s: an output was written at %zu", what, i);
    }
}

START_TEST (t_strerror)
{
  static const int codes[] = { MPZG_OK, MPZG_EINVAL, MPZG_EDIVBYZERO, MPZG_ENOMEM,
                               MPZG_EDEVICE, MPZG_ENOTINVERTIBLE };
  size_t i, j, nc = sizeof codes / sizeof codes[0];
  for (i = 0; i < nc; i++)
    {
      ck_assert_ptr_nonnull (mpzg_strerror (codes[i]));
      ck_assert (strlen (mpzg_strerror (codes[i])) > 0);
      for (j = 0; j < i; j++)
        ck_assert_str_ne (mpzg_strerror (codes[i]), mpzg_strerror (codes[j]));
    }
  ck_assert_ptr_nonnull (mpzg_strerror (1));
  ck_assert_ptr_nonnull (mpzg_strerror (-100));
  ck_assert_ptr_nonnull (mpzg_strerror (-2147483647 - 1));
  ck_assert_int_lt (MPZG_EINVAL, 0);
  ck_assert_int_lt (MPZG_EDIVBYZERO, 0);
  ck_assert_int_lt (MPZG_ENOMEM, 0);
  ck_assert_int_lt (MPZG_EDEVICE, 0);
  ck_assert_int_lt (MPZG_ENOTINVERTIBLE, 0);
  ck_assert_str_eq (mpzg_version (), MPZG_VERSION_STRING);
  ck_assert (mpzg_have_cuda () == 0 || mpzg_have_cuda () == 1);
}
END_TEST

/* n = 0: a no-op with valid or NULL arrays, MPZG_OK, no error index. */
START_TEST (t_n_zero)
{
  arrays x, nul;
  int e, st;
  memset (&nul, 0, sizeof nul);
  arrays_init (&x);
  for (e = 0; e < NENTRIES; e++)
    {
      if (device_refused ())
        break;
      /* first leave an error index behind */
      mpz_t *scratch = tst_vec_new (N);
      mpz_set_ui (x.b[2], 0);
      ck_assert_int_eq (mpzg_tdiv_q_n (scratch, x.a, x.b, N), MPZG_EDIVBYZERO);
      ck_assert_uint_eq (mpzg_error_index (), 2);
      mpz_set_ui (x.b[2], 7);
      tst_vec_free (scratch, N);
      st = call_entry (e, &x, 0);
      tst_assert (st == MPZG_OK, "%s_n with n = 0: %d", entry_names[e], st);
      tst_assert (mpzg_error_index () == MPZG_NO_INDEX, "%s_n with n = 0: error index %zu",
                  entry_names[e], mpzg_error_index ());
      st = call_entry (e, &nul, 0);
      tst_assert (st == MPZG_OK, "%s_n with n = 0 and NULL arrays: %d", entry_names[e], st);
      assert_untouched ("n = 0");
    }
  arrays_clear ();
}
END_TEST

/* A NULL array with n > 0 is MPZG_EINVAL, nothing written; gcdext's s and t and
   invert's exists may be NULL. */
START_TEST (t_null_arrays)
{
  arrays x;
  int e, k, st;
  arrays_init (&x);
  for (e = 0; e < NENTRIES; e++)
    for (k = 0; k < 6; k++)
      {
        arrays y = x;
        mpz_t **slot[6] = { &y.o0, &y.o1, &y.o2, &y.a, &y.b, &y.c };
        if (!(entry_arrays[e] & (1u << k)))
          continue;
        if (e == 15 && (k == 1 || k == 2))
          continue;       /* gcdext: s, t may be NULL */
        *slot[k] = NULL;
        st = call_entry (e, &y, N);
        tst_assert (st == MPZG_EINVAL, "%s_n with array %d NULL: status %d", entry_names[e], k, st);
        tst_assert (mpzg_error_index () == MPZG_NO_INDEX, "%s_n with array %d NULL: error index %zu",
                    entry_names[e], k, mpzg_error_index ());
        assert_untouched ("NULL array");
      }
  arrays_clear ();
}
END_TEST

/* q == r in the _qr calls, and g, s, t not distinct in gcdext: MPZG_EINVAL. */
START_TEST (t_same_output)
{
  arrays x;
  int st;
  arrays_init (&x);
  st = mpzg_tdiv_qr_n (x.o0, x.o0, x.a, x.b, N);
  ck_assert_int_eq (st, MPZG_EINVAL);
  ck_assert (mpzg_error_index () == MPZG_NO_INDEX);
  ck_assert_int_eq (mpzg_fdiv_qr_n (x.o0, x.o0, x.a, x.b, N), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_cdiv_qr_n (x.o0, x.o0, x.a, x.b, N), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_gcdext_n (x.o0, x.o0, x.o2, x.a, x.b, N), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_gcdext_n (x.o0, x.o1, x.o0, x.a, x.b, N), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_gcdext_n (x.o0, x.o1, x.o1, x.a, x.b, N), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_gcdext_n (x.o0, x.o0, NULL, x.a, x.b, N), MPZG_EINVAL);
  ck_assert (mpzg_error_index () == MPZG_NO_INDEX);
  assert_untouched ("q == r");
  arrays_clear ();
}
END_TEST

/* The error index: set by element errors, reset by success and by whole-call
   failures. */
START_TEST (t_error_index)
{
  arrays x;
  arrays_init (&x);
  if (device_refused ())
    {
      arrays_clear ();
      return;
    }
  ck_assert (mpzg_error_index () == MPZG_NO_INDEX);
  mpz_set_ui (x.b[3], 0);
  ck_assert_int_eq (mpzg_mod_n (x.o0, x.a, x.b, N), MPZG_EDIVBYZERO);
  ck_assert_uint_eq (mpzg_error_index (), 3);
  ck_assert_int_eq (mpzg_add_n (x.o1, x.a, x.b, N), MPZG_OK);
  ck_assert (mpzg_error_index () == MPZG_NO_INDEX);
  ck_assert_int_eq (mpzg_mod_n (x.o0, x.a, x.b, N), MPZG_EDIVBYZERO);
  ck_assert_int_eq (mpzg_add_n (NULL, x.a, x.b, N), MPZG_EINVAL);
  ck_assert (mpzg_error_index () == MPZG_NO_INDEX);
  /* non-invertible at 1, zero modulus at 3 */
  {
    size_t i;
    for (i = 0; i < N; i++)
      mpz_set_ui (x.a[i], i + 1);
  }
  mpz_set_ui (x.a[1], 14);
  ck_assert_int_eq (mpzg_invert_n (x.o0, x.a, x.b, x.flags, N), MPZG_ENOTINVERTIBLE);
  ck_assert_uint_eq (mpzg_error_index (), 1);
  ck_assert_int_eq (x.flags[1], 0);
  ck_assert_int_eq (x.flags[3], 0);
  ck_assert_int_ne (x.flags[0], 0);
  ck_assert_int_ne (x.flags[0], 77);
  arrays_clear ();
}
END_TEST

START_TEST (t_settings)
{
  int backend = mpzg_get_backend (), threads = mpzg_get_threads (), verbose = mpzg_get_verbose ();
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  char desc[256];
  int b;

  ck_assert (backend == MPZG_BACKEND_AUTO || backend == MPZG_BACKEND_CPU || backend == MPZG_BACKEND_CUDA);
  ck_assert_int_eq (mpzg_set_backend (-1), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_set_backend (3), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_get_backend (), backend);
  ck_assert_int_eq (mpzg_set_backend (MPZG_BACKEND_CPU), MPZG_OK);
  ck_assert_int_eq (mpzg_get_backend (), MPZG_BACKEND_CPU);
  ck_assert_int_eq (mpzg_backend (desc, sizeof desc), MPZG_BACKEND_CPU);
  ck_assert (strlen (desc) > 0 && strlen (desc) < sizeof desc);
  ck_assert_int_eq (mpzg_set_backend (MPZG_BACKEND_AUTO), MPZG_OK);
  ck_assert_int_eq (mpzg_get_backend (), MPZG_BACKEND_AUTO);
  b = mpzg_backend (NULL, 0);
  ck_assert (b == MPZG_BACKEND_CPU || (b == MPZG_BACKEND_CUDA && mpzg_have_cuda ()));
  /* a short buffer: truncated, terminated */
  memset (desc, 'x', sizeof desc);
  mpzg_backend (desc, 8);
  ck_assert (memchr (desc, 0, 8) != NULL);
  ck_assert_int_eq (desc[8], 'x');
  mpzg_backend (desc, 1);
  ck_assert_int_eq (desc[0], 0);
  ck_assert_int_eq (mpzg_set_backend (backend), MPZG_OK);

  ck_assert_int_eq (mpzg_set_threads (-1), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_get_threads (), threads);
  ck_assert_int_eq (mpzg_set_threads (1), MPZG_OK);
  ck_assert_int_eq (mpzg_get_threads (), 1);
  ck_assert_int_eq (mpzg_set_threads (3), MPZG_OK);
  ck_assert_int_eq (mpzg_get_threads (), 3);
  ck_assert_int_eq (mpzg_set_threads (0), MPZG_OK);
  ck_assert_int_eq (mpzg_get_threads (), cores >= 1 ? cores : 1);
  ck_assert_int_eq (mpzg_set_threads (threads), MPZG_OK);

  ck_assert_int_eq (mpzg_set_verbose (-1), MPZG_EINVAL);
  ck_assert_int_eq (mpzg_get_verbose (), verbose);
  ck_assert_int_eq (mpzg_set_verbose (2), MPZG_OK);
  ck_assert_int_eq (mpzg_get_verbose (), 2);
  ck_assert_int_eq (mpzg_set_verbose (verbose), MPZG_OK);
  ck_assert_int_eq (mpzg_set_device (-1), MPZG_EINVAL);
}
END_TEST

/* Results do not depend on the thread count. */
static void gen2 (mpz_ptr *ops, size_t limbs) { tst_rand_op (ops[0], limbs); tst_rand_nonzero (ops[1], 1 + tst_urand (limbs + 1)); if (tst_urand (8) == 0) mpz_set_ui (ops[1], 0); }
static const tst_op op_mul = { "mul", 1, 2, -1, 0, 0, tst_call_mul, tst_ref_mul, gen2 };
static const tst_op op_tdiv_qr = { "tdiv_qr", 2, 2, 1, 0, 0, tst_call_tdiv_qr, tst_ref_tdiv_qr, gen2 };

START_TEST (t_thread_counts)
{
  static const int counts[] = { 1, 2, 3, 7, 0 };
  int threads = mpzg_get_threads ();
  size_t j;
  char where[32];
  TST_BEGIN ();
  for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
    {
      ck_assert_int_eq (mpzg_set_threads (counts[j]), MPZG_OK);
      snprintf (where, sizeof where, "MPZG_THREADS %d", counts[j]);
      tst_check_gen (&op_mul, NULL, gen2, NULL, 0, 300, 101, where);
      tst_check_gen (&op_tdiv_qr, NULL, gen2, NULL, 0, 300, 101, where);
    }
  mpzg_set_threads (threads);
}
END_TEST

/* MPZG_BACKEND=cuda without a usable GPU: every call MPZG_EDEVICE, nothing
   written; with a GPU: results as GMP's. */
START_TEST (t_cuda_backend)
{
  int saved = mpzg_get_backend (), e, st, have = gpu_usable ();
  char desc[256];
  arrays x;
  TST_BEGIN ();
  ck_assert_int_eq (mpzg_set_backend (MPZG_BACKEND_CUDA), MPZG_OK);
  ck_assert_int_eq (mpzg_backend (desc, sizeof desc), have ? MPZG_BACKEND_CUDA : MPZG_BACKEND_CPU);
  if (!have)
    {
      ck_assert_int_eq (mpzg_have_cuda () && have, 0);
      arrays_init (&x);
      for (e = 0; e < NENTRIES; e++)
        {
          st = call_entry (e, &x, N);
          tst_assert (st == MPZG_EDEVICE, "%s_n with backend cuda and no GPU (%s): status %d",
                      entry_names[e], desc, st);
          tst_assert (mpzg_error_index () == MPZG_NO_INDEX, "%s_n: EDEVICE with an error index",
                      entry_names[e]);
          assert_untouched ("cuda without GPU");
        }
      arrays_clear ();
    }
  else
    {
      tst_check_gen (&op_mul, NULL, gen2, NULL, 0, 300, 257, "backend cuda");
      tst_check_gen (&op_tdiv_qr, NULL, gen2, NULL, 0, 300, 257, "backend cuda");
    }
  ck_assert_int_eq (mpzg_set_backend (saved), MPZG_OK);
  ck_assert_int_eq (mpzg_get_backend (), saved);
}
END_TEST

/* ---- environment parsing, in a fresh process ------------------------------ */

/* The child: prints what the settings resolved to and the status of calls.  It
   calls twice and asks mpzg_backend twice, so that a message printed more than
   once per process would show. */
static int
env_child (void)
{
  mpz_t a[2], b[2], r[2];
  int i, st, st2;
  for (i = 0; i < 2; i++)
    {
      mpz_init_set_ui (a[i], 5 + i);
      mpz_init_set_ui (b[i], 7);
      mpz_init (r[i]);
    }
  mpzg_backend (NULL, 0);
  mpzg_add_n (r, a, b, 2);
  st = mpzg_add_n (r, a, b, 2);
  printf ("backend=%d threads=%d verbose=%d status=%d resolved=%d",
          mpzg_get_backend (), mpzg_get_threads (), mpzg_get_verbose (), st,
          mpzg_backend (NULL, 0));
  mpzg_set_backend (MPZG_BACKEND_CPU);
  st2 = mpzg_add_n (r, a, b, 2);
  printf (" after_cpu=%d sum=%ld\n", st2, st2 == 0 ? mpz_get_si (r[1]) : -1L);
  for (i = 0; i < 2; i++)
    {
      mpz_clear (a[i]);
      mpz_clear (b[i]);
      mpz_clear (r[i]);
    }
  return 0;
}

typedef struct
{
  int backend, threads, verbose, status, resolved, after_cpu;
  long sum;
  char err[2048];               /* the child's standard error */
} child_result;

/* Reads fd to its end into buf (size bytes, NUL-terminated, the rest dropped). */
static void
read_all (int fd, char *buf, size_t size)
{
  char sink[256];
  size_t len = 0;
  ssize_t got;
  for (;;)
    {
      if (len + 1 < size)
        got = read (fd, buf + len, size - 1 - len);
      else
        got = read (fd, sink, sizeof sink);
      if (got <= 0)
        break;
      if (len + 1 < size)
        len += (size_t) got;
    }
  buf[len] = 0;
  close (fd);
}

/* Runs env_child with the four variables set (NULL: unset), its standard output
   parsed into *res and its standard error kept in res->err. */
static void
run_child_env (const char *backend, const char *threads, const char *verbose,
               const char *device, child_result *res)
{
  int out[2], err[2], status;
  pid_t pid;
  char buf[512];
  ck_assert_int_eq (pipe (out), 0);
  ck_assert_int_eq (pipe (err), 0);
  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      static const char *names[] = { "MPZG_BACKEND", "MPZG_THREADS", "MPZG_VERBOSE", "MPZG_DEVICE" };
      const char *values[] = { backend, threads, verbose, device };
      int k;
      for (k = 0; k < 4; k++)
        if (values[k] != NULL)
          setenv (names[k], values[k], 1);
        else
          unsetenv (names[k]);
      dup2 (out[1], 1);
      dup2 (err[1], 2);
      close (out[0]);
      close (err[0]);
      execl ("/proc/self/exe", "t-api", "--env-child", (char *) NULL);
      _exit (127);
    }
  close (out[1]);
  close (err[1]);
  /* The child writes a few hundred bytes at most to each: no pipe fills up. */
  read_all (out[0], buf, sizeof buf);
  read_all (err[0], res->err, sizeof res->err);
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  tst_assert (WIFEXITED (status) && WEXITSTATUS (status) == 0, "child exited with %d", status);
  tst_assert (sscanf (buf, "backend=%d threads=%d verbose=%d status=%d resolved=%d after_cpu=%d sum=%ld",
                      &res->backend, &res->threads, &res->verbose, &res->status, &res->resolved,
                      &res->after_cpu, &res->sum) == 7,
              "child output: %s", buf);
}

static void
run_child (const char *backend, const char *threads, const char *verbose, child_result *res)
{
  run_child_env (backend, threads, verbose, NULL, res);
}

/* How many times needle occurs in haystack. */
static int
count_of (const char *haystack, const char *needle)
{
  int k = 0;
  const char *p;
  for (p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    k++;
  return k;
}

/* The child's standard error holds `line` exactly once. */
#define assert_said_once(r, line)                                              \
  tst_assert (count_of ((r).err, line) == 1, "want once on stderr: \"%s\"; got: \"%s\"", \
              line, (r).err)
#define assert_silent(r)                                                       \
  tst_assert ((r).err[0] == 0, "want nothing on stderr, got: \"%s\"", (r).err)

START_TEST (t_env_backend)
{
  int gpu = gpu_usable ();
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  child_result r;

  run_child (NULL, NULL, NULL, &r);
  ck_assert_int_eq (r.backend, MPZG_BACKEND_AUTO);
  ck_assert_int_eq (r.status, MPZG_OK);
  ck_assert_int_eq (r.resolved, gpu ? MPZG_BACKEND_CUDA : MPZG_BACKEND_CPU);
  ck_assert_int_eq (r.threads, cores);
  ck_assert_int_eq (r.verbose, 0);
  ck_assert_int_eq (r.sum, 13);
  assert_silent (r);

  run_child ("auto", NULL, NULL, &r);
  ck_assert_int_eq (r.backend, MPZG_BACKEND_AUTO);
  ck_assert_int_eq (r.status, MPZG_OK);
  assert_silent (r);
  run_child ("", NULL, NULL, &r);
  ck_assert_int_eq (r.backend, MPZG_BACKEND_AUTO);
  ck_assert_int_eq (r.status, MPZG_OK);
  assert_silent (r);

  run_child ("cpu", NULL, NULL, &r);
  ck_assert_int_eq (r.backend, MPZG_BACKEND_CPU);
  ck_assert_int_eq (r.status, MPZG_OK);
  ck_assert_int_eq (r.resolved, MPZG_BACKEND_CPU);
  assert_silent (r);
  run_child ("CPU", NULL, NULL, &r);
  ck_assert_int_eq (r.backend, MPZG_BACKEND_CPU);

  run_child ("cuda", NULL, NULL, &r);
  ck_assert_int_eq (r.backend, MPZG_BACKEND_CUDA);
  ck_assert_int_eq (r.status, gpu ? MPZG_OK : MPZG_EDEVICE);
  ck_assert_int_eq (r.resolved, gpu ? MPZG_BACKEND_CUDA : MPZG_BACKEND_CPU);
  ck_assert_int_eq (r.after_cpu, MPZG_OK);
  ck_assert_int_eq (r.sum, 13);

  /* not auto, cpu or cuda: every call MPZG_EINVAL until the backend is set, and
     the value as given said once (not another variable's, not "(null)") */
  run_child ("bogus", NULL, NULL, &r);
  ck_assert_int_eq (r.status, MPZG_EINVAL);
  ck_assert_int_eq (r.after_cpu, MPZG_OK);
  ck_assert_int_eq (r.sum, 13);
  assert_said_once (r, "mpzg: MPZG_BACKEND=bogus is not auto, cpu or cuda; calls fail with MPZG_EINVAL\n");
  run_child_env ("bogus", "1", "0", "1", &r);
  ck_assert_int_eq (r.status, MPZG_EINVAL);
  assert_said_once (r, "mpzg: MPZG_BACKEND=bogus is not auto, cpu or cuda");
  run_child ("cudax", NULL, NULL, &r);
  ck_assert_int_eq (r.status, MPZG_EINVAL);
  assert_said_once (r, "mpzg: MPZG_BACKEND=cudax is not");
  run_child (" cpu", NULL, NULL, &r);
  ck_assert_int_eq (r.status, MPZG_EINVAL);
  assert_said_once (r, "mpzg: MPZG_BACKEND= cpu is not");
}
END_TEST

/* MPZG_THREADS: 0 or 1 to the online cores; a number out of range is clamped,
   anything else leaves the default (all online cores); either said once. */
START_TEST (t_env_threads)
{
  static const char *bad[] = { "-3", "abc", "2x", "1e3", "4294967297", "99999999999999999999",
                               " 1", "+1", "0x2", "1.0", "1000000" };
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  char value[32], line[160];
  child_result r;
  size_t k;

  run_child ("cpu", "1", "1", &r);
  ck_assert_int_eq (r.threads, 1);
  ck_assert_int_eq (r.verbose, 1);
  ck_assert_int_eq (r.status, MPZG_OK);
  tst_assert (strstr (r.err, "mpzg: add_n n=2: 0 on GPU 0, 2 on CPU (1 thread)") != NULL,
              "verbose line missing: \"%s\"", r.err);
  run_child ("cpu", "0", "0", &r);
  ck_assert_int_eq (r.threads, cores);
  assert_silent (r);
  snprintf (value, sizeof value, "%ld", cores);
  run_child ("cpu", value, NULL, &r);
  ck_assert_int_eq (r.threads, cores);
  assert_silent (r);
  /* more threads than cores (1000 on a machine of fewer cores) */
  snprintf (value, sizeof value, "%ld", cores + 1);
  run_child ("cpu", value, NULL, &r);
  ck_assert_int_eq (r.threads, cores);
  snprintf (line, sizeof line, "mpzg: MPZG_THREADS=%s is not 0 (all online cores) or a number"
            " of threads from 1 to %ld (the online cores); using %ld\n", value, cores, cores);
  assert_said_once (r, line);
  for (k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      run_child ("cpu", bad[k], NULL, &r);
      tst_assert (r.threads == cores, "MPZG_THREADS=%s: %d threads", bad[k], r.threads);
      ck_assert_int_eq (r.status, MPZG_OK);
      ck_assert_int_eq (r.sum, 13);
      snprintf (line, sizeof line, "mpzg: MPZG_THREADS=%s is not 0 (all online cores)", bad[k]);
      assert_said_once (r, line);
    }
}
END_TEST

/* MPZG_VERBOSE: 0, 1 or 2; above 2 is 2, anything else 0; said once. */
START_TEST (t_env_verbose)
{
  static const char *bad[] = { "abc", "-1", "1x", " 1", "9999999999999999999999" };
  char line[128];
  child_result r;
  size_t k;

  run_child ("cpu", NULL, "2", &r);
  ck_assert_int_eq (r.verbose, 2);
  tst_assert (strstr (r.err, "mpzg: add_n n=2: ") != NULL && strstr (r.err, " ms in all\n") != NULL,
              "verbose 2 lines missing: \"%s\"", r.err);
  run_child ("cpu", NULL, "5", &r);
  ck_assert_int_eq (r.verbose, 2);
  ck_assert_int_eq (r.status, MPZG_OK);
  assert_said_once (r, "mpzg: MPZG_VERBOSE=5 is not 0, 1 or 2; using 2\n");
  for (k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      run_child ("cpu", NULL, bad[k], &r);
      tst_assert (r.verbose == (bad[k][0] == '9' ? 2 : 0), "MPZG_VERBOSE=%s: level %d", bad[k],
                  r.verbose);
      snprintf (line, sizeof line, "mpzg: MPZG_VERBOSE=%s is not 0, 1 or 2; using %d\n", bad[k],
                r.verbose);
      assert_said_once (r, line);
    }
}
END_TEST

/* MPZG_DEVICE: a device number; not a number: device 0, said once; a device that
   is not usable: said once with the probe's reason, then the CPU (auto) or
   MPZG_EDEVICE (cuda); nothing said when the backend is cpu. */
START_TEST (t_env_device)
{
  static const char *bad[] = { "x", "-1", "1x", " 0", "99999999999999999999" };
  char line[128];
  child_result r;
  size_t k;

  for (k = 0; k < sizeof bad / sizeof bad[0]; k++)
    {
      run_child_env ("cpu", NULL, NULL, bad[k], &r);
      ck_assert_int_eq (r.status, MPZG_OK);
      snprintf (line, sizeof line, "mpzg: MPZG_DEVICE=%s is not a device number (0, 1, ...);"
                " using device 0\n", bad[k]);
      assert_said_once (r, line);
    }
  /* No machine has a usable device 999. */
  run_child_env ("auto", NULL, NULL, "999", &r);
  ck_assert_int_eq (r.status, MPZG_OK);
  ck_assert_int_eq (r.resolved, MPZG_BACKEND_CPU);
  ck_assert_int_eq (r.sum, 13);
  assert_said_once (r, "mpzg: MPZG_DEVICE=999 is not usable (");
  assert_said_once (r, "); running on the CPU\n");
  run_child_env (NULL, NULL, NULL, "999", &r);
  ck_assert_int_eq (r.status, MPZG_OK);
  assert_said_once (r, "mpzg: MPZG_DEVICE=999 is not usable (");
  run_child_env ("cuda", NULL, NULL, "999", &r);
  ck_assert_int_eq (r.status, MPZG_EDEVICE);
  ck_assert_int_eq (r.after_cpu, MPZG_OK);
  assert_said_once (r, "mpzg: MPZG_DEVICE=999 is not usable (");
  assert_said_once (r, "); calls fail with MPZG_EDEVICE\n");
  run_child_env ("cpu", NULL, NULL, "999", &r);
  ck_assert_int_eq (r.status, MPZG_OK);
  assert_silent (r);
}
END_TEST

/* ---- threads ------------------------------------------------------------------ */

#define NTHREADS 4

typedef struct { int id; int failures; char msg[256]; } thread_arg;

static void *
thread_main (void *varg)
{
  thread_arg *t = varg;
  gmp_randstate_t rs;
  size_t n = 64 + 17 * t->id, i, bad = 1 + 7 * t->id;
  mpz_t *a = tst_vec_new (n), *b = tst_vec_new (n), *q = tst_vec_new (n), *r = tst_vec_new (n);
  mpz_t *p = tst_vec_new (n), want_q, want_r, want_p;
  int it, st;
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, tst_seed + 1000 * (unsigned long) t->id);
  mpz_inits (want_q, want_r, want_p, NULL);
  for (it = 0; it < 25 && t->failures == 0; it++)
    {
      for (i = 0; i < n; i++)
        {
          mpz_rrandomb (a[i], rs, 1 + gmp_urandomm_ui (rs, 3000));
          mpz_urandomb (b[i], rs, 1 + gmp_urandomm_ui (rs, 2000));
          mpz_add_ui (b[i], b[i], 1);
          if (gmp_urandomm_ui (rs, 2)) mpz_neg (a[i], a[i]);
          mpz_set_si (q[i], -1);
          mpz_set_si (r[i], -1);
        }
      mpz_set_ui (b[bad], 0);
      st = mpzg_tdiv_qr_n (q, r, a, b, n);
      if (st != MPZG_EDIVBYZERO || mpzg_error_index () != bad)
        {
          snprintf (t->msg, sizeof t->msg, "thread %d: tdiv_qr status %d index %zu, want %d %zu",
                    t->id, st, mpzg_error_index (), MPZG_EDIVBYZERO, bad);
          t->failures++;
        }
      st = mpzg_mul_n (p, a, b, n);
      if (st != MPZG_OK || mpzg_error_index () != MPZG_NO_INDEX)
        {
          snprintf (t->msg, sizeof t->msg, "thread %d: mul status %d index %zu", t->id, st,
                    mpzg_error_index ());
          t->failures++;
        }
      for (i = 0; i < n && t->failures == 0; i++)
        {
          mpz_mul (want_p, a[i], b[i]);
          if (i == bad)
            {
              mpz_set_si (want_q, -1);
              mpz_set_si (want_r, -1);
            }
          else
            mpz_tdiv_qr (want_q, want_r, a[i], b[i]);
          if (mpz_cmp (q[i], want_q) || mpz_cmp (r[i], want_r) || mpz_cmp (p[i], want_p)
              || tst_format_problem (q[i]) || tst_format_problem (r[i]) || tst_format_problem (p[i]))
            {
              snprintf (t->msg, sizeof t->msg, "thread %d, iteration %d: element %zu differs",
                        t->id, it, i);
              t->failures++;
            }
        }
    }
  mpz_clears (want_q, want_r, want_p, NULL);
  tst_vec_free (a, n); tst_vec_free (b, n); tst_vec_free (q, n); tst_vec_free (r, n);
  tst_vec_free (p, n);
  gmp_randclear (rs);
  return NULL;
}

START_TEST (t_threads)
{
  pthread_t th[NTHREADS];
  thread_arg args[NTHREADS];
  int k;
  if (device_refused ())
    return;
  for (k = 0; k < NTHREADS; k++)
    {
      args[k].id = k;
      args[k].failures = 0;
      args[k].msg[0] = 0;
      ck_assert_int_eq (pthread_create (&th[k], NULL, thread_main, &args[k]), 0);
    }
  for (k = 0; k < NTHREADS; k++)
    ck_assert_int_eq (pthread_join (th[k], NULL), 0);
  for (k = 0; k < NTHREADS; k++)
    tst_assert (args[k].failures == 0, "%s", args[k].msg);
}
END_TEST

int
main (int argc, char **argv)
{
  Suite *s;
  TCase *tc;
  if (argc > 1 && strcmp (argv[1], "--env-child") == 0)
    return env_child ();
  s = suite_create ("api");
  tc = tst_tcase ("api");
  tcase_add_test (tc, t_strerror);
  tcase_add_test (tc, t_n_zero);
  tcase_add_test (tc, t_null_arrays);
  tcase_add_test (tc, t_same_output);
  tcase_add_test (tc, t_error_index);
  tcase_add_test (tc, t_settings);
  tcase_add_test (tc, t_thread_counts);
  tcase_add_test (tc, t_cuda_backend);
  tcase_add_test (tc, t_env_backend);
  tcase_add_test (tc, t_env_threads);
  tcase_add_test (tc, t_env_verbose);
  tcase_add_test (tc, t_env_device);
  tcase_add_test (tc, t_threads);
  suite_add_tcase (s, tc);
  return tst_main (s, "api");
}
