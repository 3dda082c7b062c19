/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* prp.h -- batched probable-prime tests and prime search for the examples, on
   libmpzg's public calls only (mpzg_powm_n does the modular powers).

   The expensive part of a primality test is a modular power per candidate, and
   most candidates are composite: the batch filters them all at once with one
   strong (Miller-Rabin) test to base 2 through mpzg_powm_n, after cheap trial
   division on the CPU.  What passes is almost always prime.  */

#ifndef PRP_H
#define PRP_H

#include <stddef.h>
#include <gmp.h>

/* What a test or a search did, for reports; the calls add to it. */
typedef struct
{
  size_t candidates;    /* numbers looked at */
  size_t trial;         /* of those, decided by trial division */
  size_t strong;        /* given the batched strong test */
  size_t survivors;     /* passed it */
  size_t powm_calls;    /* calls of mpzg_powm_n */
  double trial_s;       /* seconds in trial division or sieving (CPU) */
  double strong_s;      /* seconds in the batched strong tests */
  double confirm_s;     /* seconds in mpz_probab_prime_p on the survivors (CPU) */
} prp_stats;

/* fail[i] = 1 if n[i] is composite by the strong test to base a[i], 0 if it
   passes.  Every n[i] odd and > 3, 1 < a[i] < n[i] - 1.  One mpzg_powm_n call
   for base^d, then one per further squaring on those still undecided.  Returns
   MPZG_OK or the first failing call's status. */
int prp_strong_n (unsigned char *fail, mpz_t *n, mpz_t *a, size_t count, prp_stats *st);

/* verdict[i] = mpz_probab_prime_p (n[i], reps) for every n[i]: 0 when
   composite, 1 probably prime, 2 surely prime.  Trial division by the odd
   primes below PRP_TRIAL_LIMIT on the CPU; the strong test to base 2 on the
   others, batched; mpz_probab_prime_p itself on those that pass.  Composite
   verdicts are proofs (a factor, a failed strong test), the others are
   mpz_probab_prime_p's own: the verdicts equal GMP's unless a composite passes
   GMP's Baillie-PSW test, and none is known.  Returns MPZG_OK or a call's
   error status. */
int prp_test_n (int *verdict, mpz_t *n, size_t count, int reps, prp_stats *st);

/* Trial division stops below this bound: beyond it, on a GPU, a division by
   one more prime costs more than the modular power it would save. */
#define PRP_TRIAL_LIMIT 1000

/* Fills p[0..k) with random primes of exactly `bits` bits (bits >= 16), the
   top two bits set (a product of two has 2*bits bits): each from a random odd
   start, the first sieve survivor after it that passes.  Candidates are
   sieved by the small primes in windows after each start; then, in rounds,
   every unfinished search tests its next candidates (k / unfinished of them,
   so that a round tests about k), all in one batch: the strong test to base
   2, then, on the few that pass, rounds - 1 more strong tests to the bases
   3, 5, 7, ... (the odd primes), each one batch too; 1 <= rounds <=
   PRP_MAX_ROUNDS.  No test on the CPU.  For random numbers of hundreds of bits
   a composite that passes even one round is rare beyond any practical count
   (Damgard, Landrock and Pomerance, "Average case error estimates for the
   strong probable prime test"); for small ones, the bases 2 to 37 (rounds =
   12) decide every number below 3.18e23, so every number of 64 bits
   (Sorenson and Webster, "Strong pseudoprimes to twelve prime bases").  Check
   with mpz_probab_prime_p where that matters.  progress, when not NULL, is
   called after every round with the number of primes found.  Returns MPZG_OK,
   MPZG_EINVAL for bits or rounds out of range, or a call's error status. */
#define PRP_MAX_ROUNDS 64
int prp_random_primes (mpz_t *p, size_t k, unsigned long bits, int rounds,
                       gmp_randstate_t rs, prp_stats *st,
                       void (*progress) (size_t found, size_t k));

#endif
