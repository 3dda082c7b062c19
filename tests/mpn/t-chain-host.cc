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

/* One kind's flags and masked operation, R op (D & mask) op (bit & mask), against
   GMP's mpn_n (the whole operation, for the flags: g its carry or borrow out, p
   every word of the result `prop`, all ones for an addition, zero for a
   subtraction) and mpn_1 (the bit). */
template <int K>
static void
check_masked (const char *what,
              void (*flags) (const u64 (&)[K], const u64 (&)[K], bool &, bool &),
              void (*masked) (u64 (&)[K], const u64 (&)[K], u64, u64),
              mp_limb_t (*mpn_n) (mp_ptr, mp_srcptr, mp_srcptr, mp_size_t),
              mp_limb_t (*mpn_1) (mp_ptr, mp_srcptr, mp_size_t, mp_limb_t), u64 prop,
              const u64 (&R)[K], const u64 (&D)[K], u64 mask, u64 bit)
{
  u64 S[K];
  mp_limb_t ref[K];
  bool g, p, all = true;
  char name[32];
  flags (R, D, g, p);
  mp_limb_t cy = mpn_n (ref, (mp_srcptr) R, (mp_srcptr) D, K);
  for (int i = 0; i < K; i++)
    all = all && ref[i] == prop;
  snprintf (name, sizeof name, "%s_flags", what);
  if (g != (cy != 0) || p != all)
    fail (name, K, R);
  memcpy (S, R, sizeof S);
  masked (S, D, mask, bit);
  if (mask)
    mpn_1 (ref, ref, K, bit);
  else
    memcpy (ref, R, sizeof ref);
  snprintf (name, sizeof name, "%s_masked", what);
  if (memcmp (S, ref, sizeof S) != 0)
    fail (name, K, R);
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

  /* add_flags and add_masked, sub_flags and sub_masked */
  check_masked<K> ("add", mpzg::add_flags<K>, mpzg::add_masked<K>, mpn_add_n, mpn_add_1, ~0ull,
                   R, D, mask, bit);
  check_masked<K> ("sub", mpzg::sub_flags<K>, mpzg::sub_masked<K>, mpn_sub_n, mpn_sub_1, 0, R,
                   D, mask, bit);
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
