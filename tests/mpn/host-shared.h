/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* host-shared.h -- what the host builds of the device code's tests share (the
   t-*-host.cc programs and t-powm-stage.cc): the seed from MPZG_TEST_SEED, the
   rounds from the first argument, the failure count and its closing line, and
   random words.  C++ only. */
#ifndef MPZG_HOST_SHARED_H
#define MPZG_HOST_SHARED_H

#include <stdio.h>
#include <stdlib.h>
#include <gmp.h>

static const char *host_name;   /* the program's, at the head of its messages */
static int failures;

/* Seeds rs from MPZG_TEST_SEED, else with `seed`; returns the seed used, for
   the messages that let a failure be repeated. */
static inline unsigned long
host_init (const char *name, gmp_randstate_t rs, unsigned long seed)
{
  const char *e = getenv ("MPZG_TEST_SEED");
  host_name = name;
  if (e != NULL && *e)
    seed = strtoul (e, NULL, 0);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, seed);
  return seed;
}

/* The rounds the first argument asks for (default 1). */
static inline long
host_rounds (int argc, char **argv)
{
  return argc > 1 ? atol (argv[1]) : 1;
}

/* host_init with the seed 1 by default, and the line that names the seed and
   the rounds; returns the rounds. */
static inline long
host_start (const char *name, int argc, char **argv, gmp_randstate_t rs)
{
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init (name, rs, 1);
  printf ("%s: seed %lu, %ld round%s\n", name, seed, rounds, rounds == 1 ? "" : "s");
  return rounds;
}

/* Counts a failure; true for the first ten, the ones worth describing. */
static inline bool
host_failed (void)
{
  return ++failures <= 10;
}

/* The failure count on stderr where there were any; the exit status. */
static inline int
host_finish (void)
{
  if (failures)
    fprintf (stderr, "%s: %d failure%s\n", host_name, failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}

/* A uniform 64-bit word. */
static inline unsigned long long
host_rand64 (gmp_randstate_t rs)
{
  return ((unsigned long long) gmp_urandomb_ui (rs, 32) << 32) | gmp_urandomb_ui (rs, 32);
}

/* The top `most` of the n words at p, most significant first, as " %016llx"
   each. */
static inline void
host_words (const mp_limb_t *p, int n, int most)
{
  for (int i = n - 1; i >= 0 && i >= n - most; i--)
    fprintf (stderr, " %016llx", (unsigned long long) p[i]);
}

#endif
