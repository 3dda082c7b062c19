/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* timing.c -- clock, the machine's description, CSV fields, mpz arrays. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"

/* Repetitions stop early once a measurement has taken this long. */
#define BENCH_REP_BUDGET_US 4e6

double
bench_now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

int
bench_more_reps (int done, int reps, double spent_us)
{
  return done == 0 || (done < reps && spent_us < BENCH_REP_BUDGET_US);
}

void
bench_cpu_model (char *buf, size_t size)
{
  char line[512];
  FILE *f = fopen ("/proc/cpuinfo", "r");
  snprintf (buf, size, "unknown CPU");
  if (f == NULL)
    return;
  while (fgets (line, sizeof line, f) != NULL)
    if (strncmp (line, "model name", 10) == 0)
      {
        char *p = strchr (line, ':');
        if (p != NULL)
          {
            p += 1 + strspn (p + 1, " \t");
            p[strcspn (p, "\n")] = '\0';
            snprintf (buf, size, "%s", p);
          }
        break;
      }
  fclose (f);
}

void
bench_date (char *buf, size_t size)
{
  time_t t = time (NULL);
  struct tm tm;
  localtime_r (&t, &tm);
  strftime (buf, size, "%Y-%m-%d %H:%M:%S %Z", &tm);
}

void
bench_csv_field (char *buf, size_t size, const char *s)
{
  size_t i;
  for (i = 0; i + 1 < size && s[i] != '\0'; i++)
    buf[i] = (s[i] == ',' || s[i] == '"' || s[i] == '\n') ? ';' : s[i];
  if (size > 0)
    buf[i] = '\0';
}

int bench_scatter;

mpz_t *
bench_alloc (size_t count, unsigned long bits)
{
  size_t i, *perm = NULL;
  mpz_t *v = malloc ((count > 0 ? count : 1) * sizeof *v);
  if (v != NULL && bench_scatter)
    perm = malloc ((count > 0 ? count : 1) * sizeof *perm);
  if (v == NULL || (bench_scatter && perm == NULL))
    {
      fprintf (stderr, "mpzg-bench: out of memory (%zu integers)\n", count);
      exit (2);
    }
  if (perm == NULL)
    {
      for (i = 0; i < count; i++)
        mpz_init2 (v[i], bits);
      return v;
    }
  /* a fixed Fisher-Yates shuffle (xorshift64), the same for every run */
  {
    unsigned long long x = 0x9e3779b97f4a7c15ull;
    for (i = 0; i < count; i++)
      perm[i] = i;
    for (i = count; i > 1; i--)
      {
        size_t k, t;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        k = (size_t) (x % i);
        t = perm[i - 1];
        perm[i - 1] = perm[k];
        perm[k] = t;
      }
  }
  for (i = 0; i < count; i++)
    mpz_init2 (v[perm[i]], bits);
  free (perm);
  return v;
}

void
bench_free (mpz_t *v, size_t count)
{
  size_t i;
  if (v == NULL)
    return;
  for (i = 0; i < count; i++)
    mpz_clear (v[i]);
  free (v);
}

void
bench_poison (mpz_t *v, size_t count)
{
  size_t i;
  for (i = 0; i < count; i++)
    mpz_set_si (v[i], -12345);
}

void
bench_poison_fresh (mpz_t *v, size_t count)
{
  size_t i;
  for (i = 0; i < count; i++)
    {
      mpz_clear (v[i]);
      mpz_init_set_si (v[i], -12345);
    }
}

size_t
bench_compare (mpz_t *v, mpz_t *ref, size_t count, size_t *first)
{
  size_t i, bad = 0;
  *first = (size_t) -1;
  for (i = 0; i < count; i++)
    if (mpz_cmp (v[i], ref[i]) != 0)
      {
        if (bad++ == 0)
          *first = i;
      }
  return bad;
}

void
bench_loadavg (char *buf, size_t size)
{
  FILE *f = fopen ("/proc/loadavg", "r");
  snprintf (buf, size, "unknown");
  if (f != NULL)
    {
      if (fgets (buf, (int) size, f) != NULL)
        buf[strcspn (buf, "\n")] = '\0';
      fclose (f);
    }
}
