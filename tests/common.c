/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* common.c -- the shared harness of the Check suites (see common.h). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/resource.h>
#include "common.h"

unsigned long tst_seed = 20240517UL;
gmp_randstate_t tst_rands;
static int rands_ready = 0;
static double reps_factor = 1.0;
static int trace = 0;

/* ---- seed, repetitions, randomness ---------------------------------------- */

static void
read_env (void)
{
  const char *s = getenv ("MPZG_TEST_SEED");
  if (s != NULL && *s)
    {
      if (strcmp (s, "random") == 0)
        tst_seed = ((unsigned long) time (NULL) * 2654435761UL) ^ (unsigned long) getpid ();
      else
        tst_seed = strtoul (s, NULL, 0);
    }
  s = getenv ("MPZG_TEST_REPS");
  if (s != NULL && *s && atof (s) > 0)
    reps_factor = atof (s);
  s = getenv ("MPZG_TEST_TRACE");
  trace = s != NULL && *s && strcmp (s, "0") != 0;
}

/* MPZG_TEST_TRACE: a line on stderr per test and per checked batch, with the
   seconds since the first and the process's peak resident size, so that a run
   that is killed or times out shows where it was (Check prints its verbose
   results only at the end of a suite). */
static void
trace_line (const char *what, const char *name, long detail)
{
  static struct timespec t0;
  static int started = 0;
  struct timespec t;
  struct rusage ru;
  clock_gettime (CLOCK_MONOTONIC, &t);
  if (!started)
    {
      t0 = t;
      started = 1;
    }
  /* ru_maxrss: the peak resident size, in KiB on Linux */
  if (getrusage (RUSAGE_SELF, &ru) != 0)
    ru.ru_maxrss = -1024;
  fprintf (stderr, "trace %8.2f s  peak %ld MiB  %s %s %ld\n",
           (double) (t.tv_sec - t0.tv_sec) + 1e-9 * (double) (t.tv_nsec - t0.tv_nsec),
           (long) ru.ru_maxrss / 1024, what, name, detail);
}

void
tst_begin (const char *name, int i)
{
  unsigned long h = 5381;
  const char *c;
  for (c = name; *c; c++)
    h = h * 33 + (unsigned char) *c;
  h = h * 1000003UL + (unsigned long) i;
  if (!rands_ready)
    {
      gmp_randinit_default (tst_rands);
      rands_ready = 1;
    }
  gmp_randseed_ui (tst_rands, tst_seed ^ h);
  if (trace)
    trace_line ("test", name, i);
}

int
tst_reps (int base)
{
  double r = base * reps_factor;
  return r < 1 ? 1 : (int) r;
}

unsigned long
tst_urand (unsigned long n)
{
  return n <= 1 ? 0 : gmp_urandomm_ui (tst_rands, n);
}

/* ---- operands ----------------------------------------------------------------- */

void
tst_rand_sign (mpz_t r)
{
  if (tst_urand (2))
    mpz_neg (r, r);
}

/* Exactly `limbs` limbs, non-negative. */
void
tst_rand_nat (mpz_t r, size_t limbs)
{
  mp_bitcnt_t bits = (mp_bitcnt_t) limbs * TST_LIMB_BITS;
  if (limbs == 0)
    {
      mpz_set_ui (r, 0);
      return;
    }
  switch (tst_urand (10))
    {
    case 0: case 1: case 2: case 3:
      /* uniform limbs, top bit anywhere in the top limb */
      mpz_urandomb (r, tst_rands, bits - tst_urand (TST_LIMB_BITS));
      break;
    case 4: case 5: case 6: case 7:
      /* long runs of ones and zeros, top limb full or nearly */
      mpz_rrandomb (r, tst_rands, bits - tst_urand (TST_LIMB_BITS / 4 + 1));
      break;
    case 8:
      /* 2^bits - 1, 2^(bits - 1), 2^(bits-1) + 1, or all-ones limbs with a hole */
      mpz_set_ui (r, 0);
      switch (tst_urand (4))
        {
        case 0: mpz_setbit (r, bits); mpz_sub_ui (r, r, 1); break;
        case 1: mpz_setbit (r, bits - 1); break;
        case 2: mpz_setbit (r, bits - 1); mpz_add_ui (r, r, 1); break;
        default:
          mpz_setbit (r, bits); mpz_sub_ui (r, r, 1);
          mpz_clrbit (r, tst_urand (bits - 1));
          break;
        }
      break;
    default:
      /* sparse: the top bit and a few random ones */
      {
        int k, m = (int) tst_urand (4);
        mpz_set_ui (r, 0);
        mpz_setbit (r, bits - 1 - tst_urand (TST_LIMB_BITS));
        for (k = 0; k < m; k++)
          mpz_setbit (r, tst_urand (bits - TST_LIMB_BITS + 1));
      }
      break;
    }
  if (mpz_sgn (r) == 0)
    mpz_set_ui (r, 1);
  /* make it exactly `limbs` limbs */
  if (mpz_size (r) < limbs)
    mpz_setbit (r, bits - 1 - tst_urand (TST_LIMB_BITS));
}

void
tst_rand_op (mpz_t r, size_t limbs)
{
  tst_rand_nat (r, limbs);
  tst_rand_sign (r);
}

void
tst_rand_nonzero (mpz_t r, size_t limbs)
{
  if (limbs == 0)
    mpz_set_ui (r, 1 + tst_urand (3));
  else
    tst_rand_nat (r, limbs);
  tst_rand_sign (r);
}

/* Specials: index k -> (sign, shape, limbs). */
static const unsigned char special_limbs[] = { 1, 2, 3, 4, 8, 17 };
#define NSHAPES 4
#define NSPECIAL (3 + 2 * NSHAPES * (sizeof special_limbs))

size_t
tst_special_count (void)
{
  return NSPECIAL;
}

void
tst_special (mpz_t r, size_t k)
{
  size_t j, shape;
  mp_bitcnt_t bits;
  k %= NSPECIAL;
  if (k < 3)
    {
      mpz_set_si (r, (long) k - 1);   /* -1, 0, 1 */
      return;
    }
  k -= 3;
  j = k / 2 / NSHAPES;
  shape = (k / 2) % NSHAPES;
  bits = (mp_bitcnt_t) special_limbs[j] * TST_LIMB_BITS;
  mpz_set_ui (r, 0);
  switch (shape)
    {
    case 0: mpz_setbit (r, bits); break;                              /* 2^(64k) */
    case 1: mpz_setbit (r, bits); mpz_sub_ui (r, r, 1); break;        /* 2^(64k) - 1 */
    case 2: mpz_setbit (r, bits - 1); break;                          /* 2^(64k - 1) */
    default:
      if (j == 0)
        mpz_set_ui (r, 2);
      else
        {
          mpz_setbit (r, bits - TST_LIMB_BITS);
          mpz_add_ui (r, r, 1);                                         /* 2^(64(k-1)) + 1 */
        }
      break;
    }
  if (k & 1)
    mpz_neg (r, r);
}

static size_t size_list[256];
static size_t size_count;

size_t
tst_sizes (const size_t **list)
{
  if (size_count == 0)
    {
      size_t s, p;
      for (s = 0; s <= 64; s++)
        size_list[size_count++] = s;
      /* 2^p bits = 2^(p-6) limbs, p = 13..17 (up to 2048 limbs): both sides */
      for (p = 128; p <= 2048; p *= 2)
        {
          if (p > 128)
            size_list[size_count++] = p / 2 + p / 4;   /* between powers */
          size_list[size_count++] = p - 1;
          size_list[size_count++] = p;
          size_list[size_count++] = p + 1;
        }
      size_list[size_count++] = 65;
      size_list[size_count++] = 96;
      size_list[size_count++] = 100;
    }
  *list = size_list;
  return size_count;
}

size_t
tst_rand_size (size_t max)
{
  const size_t *l;
  size_t n = tst_sizes (&l), s;
  /* mostly small sizes: they are cheap and cover the most kernel shapes */
  do
    s = tst_urand (4) ? l[tst_urand (66)] : l[tst_urand (n)];
  while (s > max);
  return s;
}

/* ---- arrays ------------------------------------------------------------------- */

mpz_t *
tst_vec_new (size_t n)
{
  mpz_t *v = malloc ((n ? n : 1) * sizeof *v);
  size_t i;
  ck_assert_ptr_nonnull (v);
  for (i = 0; i < n; i++)
    mpz_init (v[i]);
  return v;
}

void
tst_vec_free (mpz_t *v, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    mpz_clear (v[i]);
  free (v);
}

void
tst_vec_copy (mpz_t *dst, mpz_t *src, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    mpz_set (dst[i], src[i]);
}

void
tst_vec_garbage (mpz_t *v, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    switch (tst_urand (4))
      {
      case 0:
        break;          /* as it is (fresh: alloc 0 or 1) */
      case 1:
        mpz_realloc2 (v[i], 64 * (1 + tst_urand (200)));
        mpz_set_si (v[i], -12345);
        break;
      default:
        tst_rand_op (v[i], tst_urand (24));
        break;
      }
}

/* ---- checks ---------------------------------------------------------------------- */

const char *
tst_format_problem (mpz_srcptr z)
{
  int size = z->_mp_size, asize = size < 0 ? -size : size;
  if (asize > z->_mp_alloc)
    return "|_mp_size| > _mp_alloc";
  if (asize > 0 && z->_mp_d == NULL)
    return "_mp_d is NULL";
  if (asize > 0 && z->_mp_d[asize - 1] == 0)
    return "top limb is zero (not normalized)";
  return NULL;
}

const char *
tst_str (mpz_srcptr z)
{
  static char buf[4][160];
  static int k;
  char *b = buf[k++ & 3];
  size_t bits = mpz_sizeinbase (z, 2);
  if (bits <= 256)
    gmp_snprintf (b, 160, "%#Zx", z);
  else
    {
      /* top and bottom 64 bits */
      mpz_t t, u;
      mpz_init (t);
      mpz_init (u);
      mpz_tdiv_q_2exp (t, z, bits - 64);
      mpz_tdiv_r_2exp (u, z, 64);
      mpz_abs (u, u);
      gmp_snprintf (b, 160, "%#Zx...(%zu bits)...%Zx", t, bits, u);
      mpz_clear (t);
      mpz_clear (u);
    }
  return b;
}

/* ---- the differential runner --------------------------------------------------- */

const tst_alias tst_no_alias = { "none", { 0, 0, 0 }, { 0, 0, 0 } };

const tst_alias tst_aliases_binary[TST_NALIAS_BINARY] = {
  { "none", { 0 }, { 0 } },
  { "rop == op1", { 1 }, { 0 } },
  { "rop == op2", { 2 }, { 0 } },
  { "op1 == op2", { 0 }, { 0, 1 } },
  { "rop == op1 == op2", { 1 }, { 0, 1 } },
};

static const char *
status_name (int st)
{
  static char b[4][32];
  static int k;
  char *p = b[k++ & 3];
  snprintf (p, 32, "%d (%s)", st, mpzg_strerror (st));
  return p;
}

static void
describe_element (char *buf, size_t size, const tst_op *op, mpz_t **saved, size_t i)
{
  int k, len = 0;
  buf[0] = 0;
  for (k = 0; k < op->nin && len >= 0 && (size_t) len < size; k++)
    len += snprintf (buf + len, size - len, " in%d=%s", k, tst_str (saved[k][i]));
}

/* The reference of elements [begin, end) of a job: op->ref per element, or
   MPZG_EDIVBYZERO for a zero divisor, into st[i]. */
typedef struct
{
  const tst_op *op;
  mpz_t **saved, **want;
  int *want_flags, *st;
  size_t n;
} tst_ref_job;

static void
ref_range (void *ctx, size_t begin, size_t end)
{
  const tst_ref_job *job = ctx;
  const tst_op *op = job->op;
  size_t i;
  int k;
  for (i = begin; i < end; i++)
    {
      mpz_ptr o[3] = { NULL, NULL, NULL };
      mpz_srcptr a[3] = { NULL, NULL, NULL };
      int e, f = 0x5a5a5a5a;
      for (k = 0; k < op->nin; k++)
        a[k] = job->saved[k][i];
      for (k = 0; k < op->nout; k++)
        if (job->want[k] != NULL)
          o[k] = job->want[k][i];
      if (op->divisor >= 0 && mpz_sgn (a[op->divisor]) == 0)
        {
          e = MPZG_EDIVBYZERO;
          f = 0;
        }
      else
        e = op->ref (o, a, &f);
      if (op->has_flags)
        job->want_flags[i] = f;
      job->st[i] = e;
    }
}

/* tst_par_for: positions dealt round-robin in runs of at most PAR_RUN, so that the
   wide elements of a sorted batch spread over the threads; a short batch (a few
   elements of a wide class, each costing GMP milliseconds) one at a time. */
#define PAR_MAX_THREADS 64
#define PAR_RUN 16

typedef struct
{
  tst_range_fn fn;
  void *ctx;
  size_t n, run;
  unsigned t, nt;
} par_deal;

static void *
par_dealt (void *arg)
{
  const par_deal *d = arg;
  size_t b;
  for (b = (size_t) d->t * d->run; b < d->n; b += (size_t) d->nt * d->run)
    d->fn (d->ctx, b, b + d->run < d->n ? b + d->run : d->n);
  return NULL;
}

void
tst_par_for (size_t n, tst_range_fn fn, void *ctx)
{
  pthread_t th[PAR_MAX_THREADS];
  par_deal d[PAR_MAX_THREADS];
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);
  unsigned nt = cpus < 1 ? 1 : cpus > PAR_MAX_THREADS ? PAR_MAX_THREADS : (unsigned) cpus, t;
  unsigned started = 1;
  size_t run = n / ((size_t) nt * 4);
  if (run > PAR_RUN)
    run = PAR_RUN;
  if (run < 1)
    run = 1;
  if ((size_t) nt * run > n)
    nt = (unsigned) ((n + run - 1) / run);
  if (nt < 1)
    nt = 1;
  for (t = 0; t < nt; t++)
    {
      d[t].fn = fn;
      d[t].ctx = ctx;
      d[t].n = n;
      d[t].run = run;
      d[t].t = t;
      d[t].nt = nt;
    }
  /* thread 0's share runs here; a thread that cannot start leaves its share to
     the loop below */
  for (t = 1; t < nt; t++, started++)
    if (pthread_create (&th[t], NULL, par_dealt, &d[t]) != 0)
      break;
  par_dealt (&d[0]);
  for (t = 1; t < started; t++)
    pthread_join (th[t], NULL);
  for (t = started; t < nt; t++)
    par_dealt (&d[t]);
}

void
tst_check_op (const tst_op *op, const tst_alias *al, mpz_t **in, size_t n,
              const char *where)
{
  mpz_t *work[3] = { NULL, NULL, NULL }, *saved[3] = { NULL, NULL, NULL };
  mpz_t *out[3] = { NULL, NULL, NULL }, *want[3] = { NULL, NULL, NULL };
  mp_limb_t **pre_ptr[3] = { NULL, NULL, NULL };
  int *pre_alloc[3] = { NULL, NULL, NULL };
  int *flags = NULL, *want_flags = NULL;
  unsigned char *bad = malloc (n ? n : 1);
  int k, st, want_st = MPZG_OK;
  size_t i, want_index = MPZG_NO_INDEX, got_index;
  char desc[512];

  if (al == NULL)
    al = &tst_no_alias;
  if (trace)
    trace_line (op->name, where, (long) n);

  /* Inputs: working arrays (aliases share one), and saved copies. */
  for (k = 0; k < op->nin; k++)
    {
      if (al->in[k] > 0)
        work[k] = work[al->in[k] - 1];
      else
        {
          work[k] = tst_vec_new (n);
          tst_vec_copy (work[k], in[k], n);
        }
    }
  for (k = 0; k < op->nin; k++)
    {
      saved[k] = tst_vec_new (n);
      tst_vec_copy (saved[k], work[k], n);
    }

  /* Outputs: an input array, or garbage; want starts as the pre-call values. */
  for (k = 0; k < op->nout; k++)
    {
      if (op->absent & (1u << k))
        continue;
      if (al->out[k] > 0)
        out[k] = work[al->out[k] - 1];
      else
        {
          out[k] = tst_vec_new (n);
          tst_vec_garbage (out[k], n);
        }
      want[k] = tst_vec_new (n);
      tst_vec_copy (want[k], out[k], n);
      pre_ptr[k] = malloc ((n ? n : 1) * sizeof (mp_limb_t *));
      pre_alloc[k] = malloc ((n ? n : 1) * sizeof (int));
      for (i = 0; i < n; i++)
        {
          pre_ptr[k][i] = out[k][i]->_mp_d;
          pre_alloc[k][i] = out[k][i]->_mp_alloc;
        }
    }
  if (op->has_flags)
    {
      flags = malloc ((n ? n : 1) * sizeof *flags);
      want_flags = malloc ((n ? n : 1) * sizeof *flags);
      for (i = 0; i < n; i++)
        flags[i] = want_flags[i] = 0x5a5a5a5a;
    }

  /* The plain GMP loop, on every core: the reference of the wide classes is what
     the GPU suites spend their time on.  The lowest failing index is picked after. */
  {
    tst_ref_job job = { op, saved, want, want_flags, NULL, n };
    job.st = malloc ((n ? n : 1) * sizeof *job.st);
    ck_assert_ptr_nonnull (job.st);
    tst_par_for (n, ref_range, &job);
    for (i = 0; i < n; i++)
      {
        bad[i] = job.st[i] != MPZG_OK;
        if (bad[i] && want_index == MPZG_NO_INDEX)
          {
            want_index = i;
            want_st = job.st[i];
          }
      }
    free (job.st);
  }

  /* The batched call. */
  st = op->call (out, work, flags, n);
  got_index = mpzg_error_index ();

  tst_assert (st == want_st, "%s_n [%s, alias %s, n=%zu]: status %s, want %s",
              op->name, where, al->name, n, status_name (st), status_name (want_st));
  tst_assert (got_index == want_index,
              "%s_n [%s, alias %s, n=%zu]: mpzg_error_index() = %zd, want %zd",
              op->name, where, al->name, n, (ssize_t) got_index, (ssize_t) want_index);

  for (i = 0; i < n; i++)
    {
      for (k = 0; k < op->nout; k++)
        {
          const char *p;
          if (out[k] == NULL)
            continue;
          p = tst_format_problem (out[k][i]);
          if (p != NULL || mpz_cmp (out[k][i], want[k][i]) != 0)
            {
              describe_element (desc, sizeof desc, op, saved, i);
              tst_assert (p == NULL, "%s_n [%s, alias %s, n=%zu]: output %d at %zu: %s;%s",
                          op->name, where, al->name, n, k, i, p, desc);
              tst_assert (0, "%s_n [%s, alias %s, n=%zu]: output %d at %zu = %s, want %s;%s",
                          op->name, where, al->name, n, k, i,
                          tst_str (out[k][i]), tst_str (want[k][i]), desc);
            }
        }
      if (op->has_flags && flags[i] != want_flags[i])
        {
          describe_element (desc, sizeof desc, op, saved, i);
          tst_assert (0, "%s_n [%s, n=%zu]: exists[%zu] = %d, want %d;%s",
                      op->name, where, n, i, flags[i], want_flags[i], desc);
        }
    }

  /* Invalid elements: outputs exactly as they were (same limbs, same allocation). */
  for (i = 0; i < n; i++)
    {
      if (!bad[i])
        continue;
      for (k = 0; k < op->nout; k++)
        if (out[k] != NULL)
          tst_assert (out[k][i]->_mp_d == pre_ptr[k][i] && out[k][i]->_mp_alloc == pre_alloc[k][i],
                      "%s_n [%s, alias %s, n=%zu]: output %d at invalid element %zu was reallocated",
                      op->name, where, al->name, n, k, i);
    }

  /* Inputs that are not outputs: unchanged. */
  for (k = 0; k < op->nin; k++)
    {
      int j, is_out = 0;
      for (j = 0; j < op->nout; j++)
        if (out[j] != NULL && out[j] == work[k])
          is_out = 1;
      if (is_out)
        continue;
      for (i = 0; i < n; i++)
        tst_assert (mpz_cmp (work[k][i], saved[k][i]) == 0,
                    "%s_n [%s, alias %s, n=%zu]: input %d at %zu was modified: %s, was %s",
                    op->name, where, al->name, n, k, i, tst_str (work[k][i]), tst_str (saved[k][i]));
    }

  for (k = 0; k < op->nout; k++)
    {
      if (want[k] == NULL)
        continue;
      if (al->out[k] == 0)
        tst_vec_free (out[k], n);
      tst_vec_free (want[k], n);
      free (pre_ptr[k]);
      free (pre_alloc[k]);
    }
  for (k = 0; k < op->nin; k++)
    {
      if (al->in[k] == 0)
        tst_vec_free (work[k], n);
      tst_vec_free (saved[k], n);
    }
  free (flags);
  free (want_flags);
  free (bad);
}

void
tst_check_gen (const tst_op *op, const tst_alias *al, tst_gen_fn gen,
               const size_t *sizes, size_t nsizes, size_t max_limbs, size_t n,
               const char *where)
{
  mpz_t *in[3] = { NULL, NULL, NULL };
  size_t i;
  int k;
  for (k = 0; k < op->nin; k++)
    in[k] = tst_vec_new (n);
  for (i = 0; i < n; i++)
    {
      mpz_ptr ops[3] = { NULL, NULL, NULL };
      size_t limbs = sizes != NULL ? sizes[i % nsizes] : tst_rand_size (max_limbs);
      for (k = 0; k < op->nin; k++)
        ops[k] = in[k][i];
      gen (ops, limbs);
    }
  tst_check_op (op, al, in, n, where);
  for (k = 0; k < op->nin; k++)
    tst_vec_free (in[k], n);
}

void
tst_make_inputs (const tst_op *op, mpz_t **in, const size_t *sizes, size_t nsizes,
                 size_t max_limbs, size_t n)
{
  size_t i;
  int k;
  for (i = 0; i < n; i++)
    {
      mpz_ptr ops[3] = { NULL, NULL, NULL };
      size_t limbs = sizes != NULL ? sizes[i % nsizes] : tst_rand_size (max_limbs);
      for (k = 0; k < op->nin; k++)
        ops[k] = in[k][i];
      op->gen (ops, limbs);
    }
}

static void
new_inputs (const tst_op *op, mpz_t **in, size_t n)
{
  int k;
  for (k = 0; k < 3; k++)
    in[k] = k < op->nin ? tst_vec_new (n) : NULL;
}

static void
free_inputs (const tst_op *op, mpz_t **in, size_t n)
{
  int k;
  for (k = 0; k < op->nin; k++)
    tst_vec_free (in[k], n);
}

void
tst_do_sizes (const tst_op *op, size_t max_limbs)
{
  const size_t *l;
  size_t ns = tst_sizes (&l), j, m = 0, per = (size_t) tst_reps (5);
  size_t mixed[256];
  char where[64];
  for (j = 0; j < ns; j++)
    {
      if (l[j] > max_limbs)
        continue;
      mixed[m++] = l[j];
      snprintf (where, sizeof where, "%zu limbs", l[j]);
      tst_check_gen (op, NULL, op->gen, &l[j], 1, 0, per, where);
    }
  tst_check_gen (op, NULL, op->gen, mixed, m, 0, m * per, "all sizes mixed");
}

void
tst_do_counts (const tst_op *op, size_t max_limbs)
{
  static const size_t counts[] = { 0, 1, 2, 31, 33, 257, 1000, 1025 };
  size_t j;
  char where[64];
  for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
    {
      snprintf (where, sizeof where, "count %zu", counts[j]);
      tst_check_gen (op, NULL, op->gen, NULL, 0, counts[j] > 100 ? max_limbs / 4 : max_limbs,
                     counts[j], where);
    }
}

void
tst_do_aliases (const tst_op *op, const tst_alias *aliases, size_t nalias, size_t max_limbs)
{
  size_t j;
  int r, reps = tst_reps (3);
  for (j = 0; j < nalias; j++)
    for (r = 0; r < reps; r++)
      tst_check_gen (op, &aliases[j], op->gen, NULL, 0, max_limbs, 65, "aliasing");
}

void
tst_do_specials2 (const tst_op *op)
{
  size_t ns = tst_special_count (), n = ns * ns, a, b;
  mpz_t *in[3];
  new_inputs (op, in, n);
  for (a = 0; a < ns; a++)
    for (b = 0; b < ns; b++)
      {
        tst_special (in[0][a * ns + b], a);
        tst_special (in[1][a * ns + b], b);
      }
  tst_check_op (op, NULL, in, n, "special values");
  free_inputs (op, in, n);
}

void
tst_do_big (const tst_op *op, size_t limbs, size_t n)
{
  size_t sizes[3];
  char where[64];
  sizes[0] = limbs;
  sizes[1] = limbs + 1;
  sizes[2] = limbs - 1;
  snprintf (where, sizeof where, "big, %zu limbs", limbs);
  tst_check_gen (op, NULL, op->gen, sizes, 3, 0, n, where);
}

void
tst_do_regressions (const tst_op *op, const tst_alias *aliases, size_t nalias)
{
  size_t n = tst_nregressions, i, j;
  int k;
  mpz_t *in[3];
  new_inputs (op, in, n);
  for (i = 0; i < n; i++)
    for (k = 0; k < op->nin; k++)
      ck_assert_int_eq (mpz_set_str (in[k][i], tst_regressions[i].ops[k], 16), 0);
  tst_check_op (op, NULL, in, n, "regressions");
  for (j = 0; j < nalias; j++)
    tst_check_op (op, &aliases[j], in, n, "regressions");
  free_inputs (op, in, n);
}

void
tst_do_zero_divisors (const tst_op *op, size_t max_limbs)
{
  /* 57345: more than the library's blocks of 8192 elements that it scans for zero
     divisors in parallel (lib/batch.c) */
  static const size_t counts[] = { 1, 2, 31, 33, 257, 57345 };
  size_t j, i, n;
  int pattern;
  mpz_t *in[3];
  char where[64];
  if (op->divisor < 0)
    return;
  for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
    for (pattern = 0; pattern < 5; pattern++)
      {
        n = counts[j];
        if (n > 257 && pattern != 1 && pattern != 2)
          continue;             /* the long batch: a zero in the last block, and many */
        new_inputs (op, in, n);
        tst_make_inputs (op, in, NULL, 0, max_limbs, n);
        switch (pattern)
          {
          case 0: mpz_set_ui (in[op->divisor][0], 0); break;
          case 1: mpz_set_ui (in[op->divisor][n - 1], 0); break;
          case 2:
            for (i = 0; i < n; i++)
              if (tst_urand (4) == 0)
                mpz_set_ui (in[op->divisor][i], 0);
            mpz_set_ui (in[op->divisor][n / 2], 0);
            break;
          case 3:
            for (i = 0; i < n; i++)
              mpz_set_ui (in[op->divisor][i], 0);
            break;
          default:
            /* a zero divisor with a zero dividend too, past the middle */
            for (i = n / 3; i < n; i += 7)
              {
                mpz_set_ui (in[op->divisor][i], 0);
                mpz_set_ui (in[0][i], 0);
              }
            break;
          }
        snprintf (where, sizeof where, "zero divisors, pattern %d", pattern);
        tst_check_op (op, NULL, in, n, where);
        free_inputs (op, in, n);
      }
}

/* ---- regression table ---------------------------------------------------------- */

const tst_regression tst_regressions[] = {
  { { "0", "1", "1" }, "zero by one" },
  { { "-1", "1", "2" }, "minus one" },
  { { "ffffffffffffffff", "ffffffffffffffff", "10000000000000000" }, "one full limb" },
  { { "10000000000000000", "ffffffffffffffff", "ffffffffffffffff" }, "2^64 and 2^64-1" },
  { { "-10000000000000000", "ffffffffffffffff", "3" }, "carry out of one limb, negative" },
  { { "ffffffffffffffffffffffffffffffff", "1", "10000000000000001" }, "carry through two limbs" },
  { { "100000000000000000000000000000000", "-1", "fffffffffffffffffffffffffffffffd" }, "borrow through two limbs" },
  { { "8000000000000000", "8000000000000000", "8000000000000001" }, "top bit of a limb" },
  { { "ffffffffffffffff0000000000000000", "ffffffffffffffff", "ffffffffffffffff00000000000000001" }, "divisor normalization" },
  { { "-7", "3", "5" }, "small negative dividend" },
  { { "7", "-3", "-5" }, "small negative divisor" },
  { { "-7", "-3", "5" }, "both negative" },
  { { "123456789abcdef0123456789abcdef0", "123456789abcdef0123456789abcdef0", "-3" }, "equal operands" },
  { { "1fffffffffffffffffffffffffffffffe", "ffffffffffffffffffffffffffffffff", "2" }, "quotient two, remainder zero" },
  { { "fffffffffffffffe0000000000000001", "ffffffffffffffff", "-ffffffffffffffff" }, "(2^64-1)^2" },
  { { "3", "-1", "7" }, "negative exponent of an invertible base" },
  { { "6", "-1", "9" }, "negative exponent, not invertible" },
  { { "5", "0", "1" }, "modulus one" },
  { { "5", "0", "-1" }, "modulus minus one" },
  { { "0", "0", "7" }, "zero to the zero" },
  { { "0", "-1", "7" }, "zero to a negative power" },
  { { "-2", "10001", "10000000000000000" }, "even modulus, power of two" },
  { { "2", "ffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffff" }, "all-ones modulus and exponent" },
};
const size_t tst_nregressions = sizeof tst_regressions / sizeof tst_regressions[0];

/* ---- suites --------------------------------------------------------------------- */

TCase *
tst_tcase (const char *name)
{
  TCase *tc = tcase_create (name);
  tcase_set_timeout (tc, 600);
  return tc;
}

int
tst_main (Suite *s, const char *name)
{
  SRunner *sr;
  int failed;
  read_env ();
  printf ("%s: MPZG_TEST_SEED=%lu MPZG_TEST_REPS=%g\n", name, tst_seed, reps_factor);
  fflush (stdout);
  sr = srunner_create (s);
  srunner_run_all (sr, CK_ENV);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  if (failed)
    printf ("failures above: rerun with MPZG_TEST_SEED=%lu\n", tst_seed);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
