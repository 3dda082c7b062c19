/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divrem-host.h -- for t-divrem-host and t-divrem-big-host: the class an
   instance falls in, and div-core.cuh's one-thread code run for the host by
   divisor width.  C++ only; an includer that counts the corrections defines
   MPZG_DIV_COUNT before it includes this. */
#ifndef MPZG_DIVREM_HOST_H
#define MPZG_DIVREM_HOST_H

#include <stdlib.h>
#include "div-core.cuh"
#include "divrem-cases.h"

/* The width of the class that takes n words. */
static inline int
divrem_pad (int n)
{
  for (int k = 0; k < DIVREM_NWIDTHS; k++)
    if (n <= divrem_widths[k])
      return divrem_widths[k];
  abort ();
}

/* The class of (nn, nd) as div.cu forms it: widths (NN, ND), quotient words QW. */
static inline void
divrem_class (int nn, int nd, int *NN, int *ND, int *QW)
{
  *ND = divrem_pad (nd);
  *NN = divrem_pad (nn > nd ? nn : nd);
  *QW = *NN - divrem_dmin (*ND) + 1;
}

/* The one-thread code for divisor width ND, the words `stride` apart. */
template <int ND>
static void
divrem_host_width (const mpzg::dv::u64 *np, const mpzg::dv::u64 *dp, mpzg::dv::u64 *qp,
                   mpzg::dv::u64 *rp, int NN, int QW, size_t stride)
{
  if (ND == 1)
    mpzg::dv::divrem_1_any (np, dp, qp, rp, NN, QW, stride);
  else
    mpzg::dv::divrem_one<ND < 2 ? 2 : ND> (np, dp, qp, rp, NN, QW, stride);
}

/* The same for a divisor width ND <= DIVREM_SMALL_MAX known at run time. */
static inline void
divrem_host_small (int ND, const mpzg::dv::u64 *np, const mpzg::dv::u64 *dp,
                   mpzg::dv::u64 *qp, mpzg::dv::u64 *rp, int NN, int QW, size_t stride)
{
  switch (ND)
    {
#define W(k) case k: divrem_host_width<k> (np, dp, qp, rp, NN, QW, stride); break;
      W (1) W (2) W (3) W (4) W (6) W (8) W (12) W (16) W (24) W (32)
#undef W
    default: abort ();
    }
}

#endif
