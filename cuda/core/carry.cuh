/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* carry.cuh -- carry propagation across a warp, a part of a warp, and a group of warps.

   A carry chain over items (words, or runs of words) is an exclusive scan over
   (generate, propagate) pairs, Oancea and Watt, "GPU Implementations for Midsize
   Integer Addition and Multiplication", section 2: item i sends a carry out when it
   generates one, or when it propagates (is all ones) and receives one. Across the 32
   lanes of a warp the scan is one integer addition on ballot masks: with G the generate
   and P the propagate bits (disjoint), the carry into lane i is bit i of ((G | P) + G +
   cin) ^ P, and bit 32 is the carry out of the warp. */
#ifndef MPZG_CARRY_CUH
#define MPZG_CARRY_CUH

#include "asm.cuh"

namespace mpzg {

/* Carries of a warp: bit i (i < 32) is the carry into lane i, bit 32 the carry out of
   lane 31; a lane with g = p = 0 stops the chain, so for a chain of n < 32 active
   lanes (the rest 0, 0) bit n is the chain's carry out.  All 32 lanes must call. */
__device__ __forceinline__ u64
warp_carries (bool g, bool p, unsigned cin)
{
  unsigned G = __ballot_sync (0xffffffffu, g), P = __ballot_sync (0xffffffffu, p);
  return (((u64) (G | P) + G + cin) ^ P);
}

/* Carry scan over groups of G consecutive lanes (G = 4, 8 or 16: 32/G groups per
   warp, several instances in one warp): the ballot masks restricted to this lane's
   group.  Returns the carry into this lane's item; *cout receives the group's carry
   out (bit G), so lanes past the group's items must propagate (g = 0, p = 1).  All 32
   lanes must call. */
template <int G>
__device__ __forceinline__ unsigned
subwarp_carry_scan (bool g, bool p, unsigned cin, unsigned *cout)
{
  unsigned lane = threadIdx.x & 31, sh = lane & (32 - G);
  unsigned Gm = __ballot_sync (0xffffffffu, g), Pm = __ballot_sync (0xffffffffu, p);
  Gm = (Gm >> sh) & ((1u << G) - 1);
  Pm = (Pm >> sh) & ((1u << G) - 1);
  unsigned x = ((Gm | Pm) + Gm + cin) ^ Pm;
  *cout = (x >> G) & 1u;
  return (x >> (lane & (G - 1))) & 1u;
}

/* Exclusive carry scan over a group of nw consecutive warps (nw <= 32), item order
   lane-major within a warp, warp w of the group after warps 0..w-1.  Returns the
   carry into this thread's item; *cout receives the group's carry out.  scratch is 32
   bytes of shared memory for this group.  Every thread of the block must call (it
   holds barriers); each warp lies in one group. */
__device__ __forceinline__ unsigned
group_carry_scan (bool g, bool p, unsigned cin, unsigned nw, unsigned w,
                  unsigned char *scratch, unsigned *cout)
{
  unsigned lane = threadIdx.x & 31;
  unsigned G = __ballot_sync (0xffffffffu, g), P = __ballot_sync (0xffffffffu, p);
  u64 s0 = (u64) (G | P) + G;
  unsigned x, wc;
  u64 wcar;
  if (lane == 0)
    scratch[w] = (unsigned char) ((s0 >> 32) | ((P == 0xffffffffu) ? 2u : 0u));
  __syncthreads ();
  x = lane < nw ? scratch[lane] : 0u;
  wcar = warp_carries ((x & 1u) != 0, (x & 2u) != 0, cin);
  wc = (unsigned) (wcar >> w) & 1u;
  *cout = (unsigned) (wcar >> nw) & 1u;
  __syncthreads ();
  return (unsigned) ((((u64) (G | P) + G + wc) ^ P) >> lane) & 1u;
}

} /* namespace mpzg */

#endif
