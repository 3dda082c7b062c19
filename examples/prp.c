/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* prp.c -- batched probable-prime tests and prime search: trial division or a
   sieve on the CPU, strong tests in batches through mpzg_powm_n. */

#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gmp.h>
#include "mpzg.h"
#include "prp.h"

/* ---- Small primes ----------------------------------------------------------
   The odd primes below SMALL_LIMIT, in groups of consecutive primes whose
   product fits an unsigned long: one mpz_fdiv_ui by a group's product gives the
   residues for all of its primes. */

#define SMALL_LIMIT 65536

static unsigned small[SMALL_LIMIT / 2];
static size_t nsmall;
static unsigned long group_prod[SMALL_LIMIT / 2];
static size_t group_first[SMALL_LIMIT / 2 + 1];   /* group g: small[first[g]..first[g+1]) */
static size_t ngroups;

static void
small_init (void)
{
  static unsigned char composite[SMALL_LIMIT];
  unsigned long prod = 1;
  unsigned p, q;
  if (nsmall)
    return;
  for (p = 3; p < SMALL_LIMIT; p += 2)
    if (!composite[p])
      {
        small[nsmall++] = p;
        for (q = p * p; q < SMALL_LIMIT; q += 2 * p)
          composite[q] = 1;
      }
  for (p = 0; p < nsmall; p++)
    {
      if (p == 0 || prod > ULONG_MAX / small[p])
        {
          if (p)
            group_prod[ngroups++] = prod;
          group_first[ngroups] = p;
          prod = 1;
        }
      prod *= small[p];
    }
  group_prod[ngroups++] = prod;
  group_first[ngroups] = nsmall;
}

/* The number of groups that hold every odd prime below limit (and maybe a few
   more, up to the end of the last group). */
static size_t
groups_below (unsigned long limit)
{
  size_t g = 0;
  while (g < ngroups && small[group_first[g]] < limit)
    g++;
  return g;
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *
xcalloc (size_t n, size_t size)
{
  return calloc (n ? n : 1, size);
}

static mpz_t *
array_new (size_t n)
{
  mpz_t *a = xcalloc (n, sizeof *a);
  size_t i;
  if (a != NULL)
    for (i = 0; i < n; i++)
      mpz_init (a[i]);
  return a;
}

static void
array_free (mpz_t *a, size_t n)
{
  size_t i;
  if (a == NULL)
    return;
  for (i = 0; i < n; i++)
    mpz_clear (a[i]);
  free (a);
}

/* A read-only view of x, no copy, for input arrays made of chosen elements. */
static void
view (mpz_t v, mpz_t x)
{
  mpz_roinit_n (v, mpz_limbs_read (x), (mp_size_t) mpz_size (x));
}

/* ---- The strong test -------------------------------------------------------
   n - 1 = d 2^s with d odd.  n passes to base a when a^d = 1, or a^(d 2^r) =
   n - 1 for some 0 <= r < s; every odd prime passes. */

int
prp_strong_n (unsigned char *fail, mpz_t *n, mpz_t *a, size_t count, prp_stats *st)
{
  mpz_t *x = array_new (count), *e = array_new (count), *nm1 = array_new (count);
  mpz_t *mod = xcalloc (count, sizeof *mod);
  size_t *idx = xcalloc (count, sizeof *idx);
  unsigned long *s = xcalloc (count, sizeof *s), r;
  size_t i, na;
  int status = MPZG_OK;

  if (x == NULL || e == NULL || nm1 == NULL || mod == NULL || idx == NULL || s == NULL)
    {
      status = MPZG_ENOMEM;
      goto done;
    }
  for (i = 0; i < count; i++)
    {
      mpz_sub_ui (nm1[i], n[i], 1);
      s[i] = mpz_scan1 (nm1[i], 0);
      mpz_tdiv_q_2exp (e[i], nm1[i], s[i]);
    }
  if (count && (status = mpzg_powm_n (x, a, e, n, count)) != MPZG_OK)
    goto done;
  if (st)
    st->powm_calls += count > 0;

  /* The undecided ones, compacted in x, nm1, s, with mod[j] = n[idx[j]]; the
     squarings reuse e as the exponent 2. */
  for (i = na = 0; i < count; i++)
    {
      if (mpz_cmp_ui (x[i], 1) == 0 || mpz_cmp (x[i], nm1[i]) == 0)
        fail[i] = 0;
      else if (s[i] == 1)
        fail[i] = 1;
      else
        {
          mpz_swap (x[na], x[i]);
          mpz_swap (nm1[na], nm1[i]);
          s[na] = s[i];
          view (mod[na], n[i]);
          idx[na++] = i;
        }
    }
  for (i = 0; i < na; i++)
    mpz_set_ui (e[i], 2);
  for (r = 1; na > 0; r++)
    {
      size_t j, keep = 0;
      if ((status = mpzg_powm_n (x, x, e, mod, na)) != MPZG_OK)
        goto done;
      if (st)
        st->powm_calls++;
      for (j = 0; j < na; j++)
        {
          if (mpz_cmp (x[j], nm1[j]) == 0)
            fail[idx[j]] = 0;
          else if (mpz_cmp_ui (x[j], 1) == 0 || r + 1 == s[j])
            fail[idx[j]] = 1;
          else
            {
              mpz_swap (x[keep], x[j]);
              mpz_swap (nm1[keep], nm1[j]);
              s[keep] = s[j];
              mod[keep][0] = mod[j][0];
              idx[keep++] = idx[j];
            }
        }
      na = keep;
    }

done:
  array_free (x, count);
  array_free (e, count);
  array_free (nm1, count);
  free (mod);
  free (idx);
  free (s);
  return status;
}

/* ---- Testing a batch ------------------------------------------------------ */

/* Whether n > 1 has a prime factor below PRP_TRIAL_LIMIT, or up to the end of
   the group that holds the last of them, other than n itself. */
static int
has_small_factor (mpz_t n)
{
  size_t g, k, gn = groups_below (PRP_TRIAL_LIMIT);
  for (g = 0; g < gn; g++)
    {
      unsigned long r = mpz_fdiv_ui (n, group_prod[g]);
      for (k = group_first[g]; k < group_first[g + 1]; k++)
        if (r % small[k] == 0 && mpz_cmp_ui (n, small[k]) != 0)
          return 1;
    }
  return 0;
}

int
prp_test_n (int *verdict, mpz_t *n, size_t count, int reps, prp_stats *st)
{
  mpz_t *m = xcalloc (count, sizeof *m), *two = array_new (count);
  size_t *idx = xcalloc (count, sizeof *idx);
  unsigned char *fail = xcalloc (count, 1);
  size_t i, nm = 0;
  int status = MPZG_OK;
  double t = now ();

  if (m == NULL || two == NULL || idx == NULL || fail == NULL)
    {
      status = MPZG_ENOMEM;
      goto done;
    }
  small_init ();
  for (i = 0; i < count; i++)
    {
      /* Even and small numbers go to GMP as they are: it knows them at once. */
      if (mpz_even_p (n[i]) || mpz_cmp_ui (n[i], PRP_TRIAL_LIMIT) < 0)
        verdict[i] = mpz_probab_prime_p (n[i], reps);
      else if (has_small_factor (n[i]))
        verdict[i] = 0;
      else
        {
          view (m[nm], n[i]);
          mpz_set_ui (two[nm], 2);
          idx[nm++] = i;
          continue;
        }
      if (st)
        st->trial++;
    }
  if (st)
    st->trial_s += now () - t, t = now ();
  if ((status = prp_strong_n (fail, m, two, nm, st)) != MPZG_OK)
    goto done;
  if (st)
    st->strong_s += now () - t, t = now ();
  for (i = 0; i < nm; i++)
    {
      verdict[idx[i]] = fail[i] ? 0 : mpz_probab_prime_p (n[idx[i]], reps);
      if (st)
        st->survivors += !fail[i];
    }
  if (st)
    {
      st->confirm_s += now () - t;
      st->candidates += count;
      st->strong += nm;
    }

done:
  free (m);
  array_free (two, count);
  free (idx);
  free (fail);
  return status;
}

/* ---- Searching for random primes ------------------------------------------
   Each prime sought has a random odd start x and the offsets o (even, below
   2 WINDOW) such that x + o has no prime factor among the sieving primes.  The
   window holds a few prime gaps' worth of odd numbers (about bits ln 2 / 2 each)
   so that a start rarely runs out. */

typedef struct
{
  mpz_t x;
  unsigned *off;
  size_t noff, next;
  unsigned char *hit;
} slot;

typedef struct
{
  unsigned long bits;
  size_t window;        /* odd numbers per start */
  size_t groups;        /* sieving primes: small[0..first[groups]) */
} search;

static void
slot_restart (slot *t, const search *sr, gmp_randstate_t rs)
{
  size_t j, g, k;
  /* Top two bits set, so that a product of two has exactly 2*bits bits. */
  mpz_urandomb (t->x, rs, sr->bits);
  mpz_setbit (t->x, sr->bits - 1);
  mpz_setbit (t->x, sr->bits - 2);
  mpz_setbit (t->x, 0);
  memset (t->hit, 0, sr->window);
  for (g = 0; g < sr->groups; g++)
    {
      unsigned long rg = mpz_fdiv_ui (t->x, group_prod[g]);
      for (k = group_first[g]; k < group_first[g + 1]; k++)
        {
          unsigned long q = small[k], r = rg % q;
          /* x + 2j = 0 mod q  <=>  j = -r / 2 = (q - r) (q + 1) / 2 mod q */
          unsigned long j0 = r == 0 ? 0 : (q - r) * ((q + 1) / 2) % q;
          for (j = j0; j < sr->window; j += q)
            t->hit[j] = 1;
        }
    }
  t->noff = t->next = 0;
  for (j = 0; j < sr->window; j++)
    if (!t->hit[j])
      t->off[t->noff++] = (unsigned) (2 * j);
}

int
prp_random_primes (mpz_t *p, size_t k, unsigned long bits, int rounds, gmp_randstate_t rs,
                   prp_stats *st, void (*progress) (size_t found, size_t k))
{
  slot *s = NULL;
  size_t *active = NULL, *pass = NULL;
  mpz_t *c = NULL, *base = NULL, *view_c = NULL;
  unsigned char *fail = NULL;
  size_t i, na = k, found = 0, ninit = 0, target, cap;
  unsigned long limit;
  double t0;
  search sr;
  int status = MPZG_OK, gpu;

  if (rounds < 1 || rounds > PRP_MAX_ROUNDS || bits < 16)
    return MPZG_EINVAL;
  gpu = mpzg_backend (NULL, 0) == MPZG_BACKEND_CUDA;
  /* The candidates a round should test: on a GPU about k, which it takes
     about as fast as a few; on the CPU enough to keep every thread busy. */
  target = gpu ? k : (size_t) mpzg_get_threads ();
  cap = target > k ? target : k;
  s = xcalloc (k, sizeof *s);
  active = xcalloc (k, sizeof *active);
  pass = xcalloc (cap, sizeof *pass);
  fail = xcalloc (cap, 1);
  c = array_new (cap);
  base = array_new (cap);
  view_c = xcalloc (cap, sizeof *view_c);
  if (s == NULL || active == NULL || pass == NULL || c == NULL || base == NULL
      || view_c == NULL || fail == NULL)
    {
      status = MPZG_ENOMEM;
      goto done;
    }
  small_init ();
  sr.bits = bits;
  /* Sieving by one more prime q costs a few word operations per start and
     saves the tests of 1/q of its candidates: worth it up to a bound that
     grows with the cost of a test, so with the size, and is some ten times
     lower when the tests run on a GPU than on the CPU's cores. */
  limit = (gpu ? 4 : 32) * bits;
  sr.groups = groups_below (limit < SMALL_LIMIT ? limit : SMALL_LIMIT);
  sr.window = 2 * bits;
  t0 = now ();
  for (i = 0; i < k; i++)
    {
      mpz_init (s[i].x);
      ninit++;
      s[i].off = xcalloc (sr.window, sizeof *s[i].off);
      s[i].hit = xcalloc (sr.window, 1);
      if (s[i].off == NULL || s[i].hit == NULL)
        {
          status = MPZG_ENOMEM;
          goto done;
        }
      slot_restart (&s[i], &sr, rs);
      active[i] = i;
    }
  if (st)
    st->trial_s += now () - t0;
  while (na > 0)
    {
      /* Each prime still sought tests its next `per` sieve survivors, so that
         the batch stays about target long while the last searches run
         through their gaps, rather than dwindling into many small calls. */
      size_t j, r, np = 0, keep = 0, per = target > na ? target / na : 1, nc = na * per;
      int b;
      double t = now ();
      for (j = 0; j < na; j++)
        {
          slot *sl = &s[active[j]];
          for (r = 0; r < per; r++)
            {
              mpz_ptr cand = c[j * per + r];
              for (;;)
                {
                  while (sl->next == sl->noff)
                    slot_restart (sl, &sr, rs);
                  mpz_add_ui (cand, sl->x, sl->off[sl->next++]);
                  if (mpz_sizeinbase (cand, 2) == bits)
                    break;
                  sl->next = sl->noff;  /* past bits bits: a new start */
                }
              mpz_set_ui (base[j * per + r], 2);
            }
        }
      if (st)
        st->trial_s += now () - t, t = now ();
      if ((status = prp_strong_n (fail, c, base, nc, st)) != MPZG_OK)
        goto done;
      if (st)
        {
          st->candidates += nc;
          st->strong += nc;
        }
      for (j = 0; j < nc; j++)
        if (!fail[j])
          pass[np++] = j;
      if (st)
        st->survivors += np;
      /* Further rounds on the few that passed, to the next odd prime bases. */
      for (b = 1; b < rounds && np > 0; b++)
        {
          size_t q, nq = 0;
          for (q = 0; q < np; q++)
            {
              view (view_c[q], c[pass[q]]);
              mpz_set_ui (base[q], small[b - 1]);
            }
          if ((status = prp_strong_n (fail, view_c, base, np, st)) != MPZG_OK)
            goto done;
          for (q = 0; q < np; q++)
            if (!fail[q])
              pass[nq++] = pass[q];
          np = nq;
        }
      if (st)
        st->strong_s += now () - t;
      /* pass[] is increasing: a search takes its first candidate in it, and
         those with none stay active, in order. */
      for (j = 0, i = 0; j < na; j++)
        {
          while (i < np && pass[i] < j * per)
            i++;
          if (i < np && pass[i] < (j + 1) * per)
            {
              mpz_set (p[active[j]], c[pass[i]]);
              found++;
            }
          else
            active[keep++] = active[j];
        }
      na = keep;
      if (progress)
        progress (found, k);
    }

done:
  if (s != NULL)
    for (i = 0; i < ninit; i++)
      {
        mpz_clear (s[i].x);
        free (s[i].off);
        free (s[i].hit);
      }
  free (s);
  free (active);
  free (pass);
  array_free (c, cap);
  array_free (base, cap);
  free (view_c);
  free (fail);
  return status;
}
