/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* chain.cuh -- the per-thread halves of a carry (borrow) chain across the threads
   that share one number, each holding K consecutive words of it: the operation on
   a thread's own words, which says whether the thread generates a carry out (g) and
   whether it would pass an incoming one on (p), and the incoming bit applied after
   the scan over (g, p).  The scan itself is chain_masks on the threads' ballot
   masks (Oancea and Watt; core/carry.cuh).  Host and device code: the cooperative
   division (div/div-coop.cuh) and modular exponentiation (powm/powm-coop.cuh) use
   them, and the host tests run them through host exchange contexts. */
#ifndef MPZG_CHAIN_CUH
#define MPZG_CHAIN_CUH

#include "word.cuh"

#ifdef __CUDACC__
#define MPZG_CHAIN_UNROLL _Pragma ("unroll")
#else
#define MPZG_CHAIN_UNROLL
#endif

namespace mpzg {

/* The carry (borrow) chain over the 32 items of two masks, G generating and P
   propagating (disjoint), with carry cin into item 0: bit i of the result is the
   carry into item i, bit 32 the carry out (Oancea and Watt; core/carry.cuh). */
MPZG_WORD_HD u64
chain_masks (unsigned G, unsigned P, unsigned cin)
{
  return (((u64) (G | P) + G + cin) ^ P);
}

/* R[0..K) -= c, a word: g = a borrow out, p = the words are now zero (one more
   borrow would pass through). */
template <int K>
MPZG_WORD_HD void
sub_word (u64 (&R)[K], u64 c, bool &g, bool &p)
{
  u64 x = R[0], b = x < c, z;
  R[0] = x - c;
  z = R[0];
MPZG_CHAIN_UNROLL
  for (int i = 1; i < K; i++)
    {
      x = R[i];
      R[i] = x - b;
      b = x < b;
      z |= R[i];
    }
  g = b != 0;
  p = z == 0;
}

/* R[0..K) -= b, a bit, the borrow out dropped (the scan accounted for it). */
template <int K>
MPZG_WORD_HD void
sub_bit (u64 (&R)[K], u64 b)
{
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i];
      R[i] = x - b;
      b = x < b;
    }
}

/* The chain's flags of R[0..K) - D[0..K), the difference not kept: g = a
   borrow out, p = the difference is zero (an incoming borrow would pass
   through).  sub_masked then subtracts, or not, without a second array live. */
template <int K>
MPZG_WORD_HD void
sub_flags (const u64 (&R)[K], const u64 (&D)[K], bool &g, bool &p)
{
  u64 b = 0, z = 0;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i], d = D[i], s = x - d;
      u64 b1 = x < d;
      z |= s - b;
      b = b1 | (s < b);
    }
  g = b != 0;
  p = z == 0;
}

/* R[0..K) -= (D[0..K) & mask) + (b & mask), b the borrow in (a bit), the borrow
   out dropped (the scan accounted for it). */
template <int K>
MPZG_WORD_HD void
sub_masked (u64 (&R)[K], const u64 (&D)[K], u64 mask, u64 b)
{
  b &= mask;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i], d = D[i] & mask, s = x - d;
      u64 b1 = x < d;
      R[i] = s - b;
      b = b1 | (s < b);
    }
}

/* R[0..K) += c, a word: g = a carry out, p = the words are now all ones. */
template <int K>
MPZG_WORD_HD void
add_word (u64 (&R)[K], u64 c, bool &g, bool &p)
{
  u64 a = ~0ull;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i] + c;
      c = x < c;
      R[i] = x;
      a &= x;
    }
  g = c != 0;
  p = a == ~0ull;
}

/* R[0..K) += D[0..K): g = a carry out, p = the words are now all ones. */
template <int K>
MPZG_WORD_HD void
add_slice (u64 (&R)[K], const u64 (&D)[K], bool &g, bool &p)
{
  u64 c = 0, a = ~0ull;
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i] + c;
      c = x < c;
      u64 y = x + D[i];
      c += y < x;
      R[i] = y;
      a &= y;
    }
  g = c != 0;
  p = a == ~0ull;
}

/* R[0..K) += c, a bit, the carry out dropped (the scan accounted for it). */
template <int K>
MPZG_WORD_HD void
add_bit (u64 (&R)[K], u64 c)
{
MPZG_CHAIN_UNROLL
  for (int i = 0; i < K; i++)
    {
      u64 x = R[i] + c;
      c = x < c;
      R[i] = x;
    }
}

} /* namespace mpzg */

#endif
