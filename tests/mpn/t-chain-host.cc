/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-chain-host.cc -- one thread's part of the cooperative cores' carry chains
   (cuda/core/chain.cuh: add_word, add_bit, add_flags, add_masked, sub_flags,
   sub_masked) against GMP's mpn_add_1, mpn_add_n and mpn_sub_n, for K = 1, 2, 4,
   16 and 32 words.  The words are drawn so that carries run far: all ones, all
   zeros, ones but for a few low bits, random; add_word and add_bit take their
   words past word 0 only behind a branch, which random words almost never take,
   so those runs are what tests it.  Needs no GPU.

   Usage: t-chain-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <string.h>
#include <gmp.h>
#include "chain.cuh"
#include "host-shared.h"

using mpzg::u64;

static long checks;

/* A word that makes carries run: all ones, zero, near either, or random. */
static u64
word (gmp_randstate_t rs)
{
  switch (gmp_urandomm_ui (rs, 6))
    {
    case 0: return ~0ull;
    case 1: return 0;
    case 2: return ~0ull - gmp_urandomm_ui (rs, 4);
    case 3: return gmp_urandomm_ui (rs, 4);
    default: return host_rand64 (rs);
    }
}

static void
fail (const char *what, int K, const u64 *r)
{
  if (host_failed ())
    {
      fprintf (stderr, "t-chain-host: %s wrong, K = %d, words", what, K);
      host_words ((const mp_limb_t *) r, K, K);
      fprintf (stderr, "\n");
    }
}

template <int K>
static void
check_k (gmp_randstate_t rs)
{
  u64 R[K], D[K], S[K];
  mp_limb_t ref[K];
  for (int i = 0; i < K; i++)
    {
      R[i] = word (rs);
      D[i] = word (rs);
    }
  const u64 c = gmp_urandomm_ui (rs, 3) ? word (rs) : gmp_urandomm_ui (rs, 2);
  const u64 bit = gmp_urandomm_ui (rs, 2), mask = gmp_urandomm_ui (rs, 2) ? ~0ull : 0;
  checks++;

  /* add_word: the sum, its carry out, whether the sum is all ones */
  bool g, p;
  memcpy (S, R, sizeof S);
  mpzg::add_word<K> (S, c, g, p);
  mp_limb_t cy = mpn_add_1 (ref, (const mp_limb_t *) R, K, c);
  bool ones = true;
  for (int i = 0; i < K; i++)
    ones = ones && ref[i] == ~0ull;
  if (memcmp (S, ref, sizeof S) != 0 || g != (cy != 0) || p != ones)
    fail ("add_word", K, R);

  /* add_bit */
  memcpy (S, R, sizeof S);
  u64 out = mpzg::add_bit<K> (S, bit);
  cy = mpn_add_1 (ref, (const mp_limb_t *) R, K, bit);
  if (memcmp (S, ref, sizeof S) != 0 || out != cy)
    fail ("add_bit", K, R);

  /* add_flags and add_masked: R + (D & mask) + (bit & mask) */
  mpzg::add_flags<K> (R, D, g, p);
  cy = mpn_add_n (ref, (const mp_limb_t *) R, (const mp_limb_t *) D, K);
  ones = true;
  for (int i = 0; i < K; i++)
    ones = ones && ref[i] == ~0ull;
  if (g != (cy != 0) || p != ones)
    fail ("add_flags", K, R);
  memcpy (S, R, sizeof S);
  mpzg::add_masked<K> (S, D, mask, bit);
  if (mask)
    mpn_add_1 (ref, ref, K, bit);
  else
    memcpy (ref, R, sizeof ref);
  if (memcmp (S, ref, sizeof S) != 0)
    fail ("add_masked", K, R);

  /* sub_flags and sub_masked: R - (D & mask) - (bit & mask) */
  mpzg::sub_flags<K> (R, D, g, p);
  cy = mpn_sub_n (ref, (const mp_limb_t *) R, (const mp_limb_t *) D, K);
  bool zero = true;
  for (int i = 0; i < K; i++)
    zero = zero && ref[i] == 0;
  if (g != (cy != 0) || p != zero)
    fail ("sub_flags", K, R);
  memcpy (S, R, sizeof S);
  mpzg::sub_masked<K> (S, D, mask, bit);
  if (mask)
    mpn_sub_1 (ref, ref, K, bit);
  else
    memcpy (ref, R, sizeof ref);
  if (memcmp (S, ref, sizeof S) != 0)
    fail ("sub_masked", K, R);
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-chain-host", argc, argv, rs);
  for (long r = 0; r < 200000 * rounds; r++)
    {
      check_k<1> (rs);
      check_k<2> (rs);
      check_k<4> (rs);
      check_k<16> (rs);
      check_k<32> (rs);
    }
  printf ("t-chain-host: %ld checks of each function at each K\n", checks / 5);
  gmp_randclear (rs);
  return host_finish ();
}
