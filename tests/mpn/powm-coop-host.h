/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-coop-host.h -- the host's exchange context for the cooperative modular
   exponentiation (cuda/powm/powm-coop.cuh): all T threads of an instance, every
   phase run for each in turn, its scan on ballot-like masks as on the device;
   and one instance of a class as powm.cu's kernels compute it, one thread or a
   team, the even moduli's part included.  For t-powm-coop-host.cc,
   t-powm-even-host.cc and t-powm-stage.cc.  C++ only. */
#ifndef MPZG_POWM_COOP_HOST_H
#define MPZG_POWM_COOP_HOST_H

#include "powm-coop.cuh"
#include "powm-even-coop.cuh"

/* All TT threads of one instance. */
template <int TT>
struct host_x
{
  static const int V = TT;
  int nv () const { return TT; }
  int T () const { return TT; }
  int tid (int v) const { return v; }

  mpzg::u64 bcast (const mpzg::u64 (&w)[TT], int s) const { return w[s]; }

  void
  down (const mpzg::u64 (&w)[TT], mpzg::u64 (&o)[TT]) const
  {
    for (int v = 0; v < TT; v++)
      o[v] = v + 1 < TT ? w[v + 1] : 0;
  }

  void
  shift_up (const mpzg::u64 (&w)[TT], mpzg::u64 (&o)[TT]) const
  {
    for (int v = 0; v < TT; v++)
      o[v] = v > 0 ? w[v - 1] : 0;
  }

  void
  up (const mpzg::u64 (&c)[TT], mpzg::u64 (&cin)[TT], mpzg::u64 &ctop) const
  {
    for (int v = 0; v < TT; v++)
      cin[v] = v > 0 ? c[v - 1] : 0;
    ctop = c[TT - 1];
  }

  /* the ballots' masks and the device's scan on them */
  void
  scan (const bool (&g)[TT], const bool (&p)[TT], mpzg::u64 (&b)[TT], mpzg::u64 &beta) const
  {
    unsigned G = 0, P = 0;
    for (int v = 0; v < TT; v++)
      {
        G |= (unsigned) g[v] << v;
        P |= (unsigned) p[v] << v;
      }
    mpzg::u64 s = mpzg::chain_masks (G, P, 0);
    for (int v = 0; v < TT; v++)
      b[v] = (s >> v) & 1;
    beta = (s >> TT) & 1;
  }

  /* the members' values are already the maxima over the instance's threads */
  void maxi (int &) const {}
};

/* Instance j of a chunk of class width N (exponent rows EW words), as powm.cu's
   kernel for that width and a launch of `lanes` instances computes it. */
template <int N>
static void
powm_host_lane (int EW, const mpzg::u64 *in, mpzg::u64 *out, mpzg::u64 *scratch, size_t lanes,
                size_t j)
{
  const mpzg::u64 *bp = in + j, *ep = in + (size_t) N * lanes + j;
  const mpzg::u64 *mp = in + (size_t) (N + EW) * lanes + j;
  if constexpr (mpzg::pw::powm_has_one (N))
    if (mpzg::pw::powm_one_thread (N, lanes))
      {
        mpzg::pw::powm_one<N> (bp, ep, EW, mp, out + j, scratch + j, lanes);
        return;
      }
  if constexpr (mpzg::pw::powm_is_coop (N))
    {
      const int T = mpzg::pw::powm_coop_threads (N);
      host_x<T> x;
      mpzg::pw::powm_coop<N / T> (x, bp, ep, EW, mp, out + j, scratch + j * T, lanes);
    }
}

/* The even moduli's part of instance j, as powm.cu's second launch for that
   width computes it (after powm_host_lane's, on the same scratch). */
template <int N>
static void
powm_even_host_lane (int EW, const mpzg::u64 *in, mpzg::u64 *out, mpzg::u64 *scratch,
                     size_t lanes, size_t j)
{
  const mpzg::u64 *bp = in + j, *ep = in + (size_t) N * lanes + j;
  const mpzg::u64 *mp = in + (size_t) (N + EW) * lanes + j;
  if constexpr (mpzg::pw::powm_has_one (N))
    if (mpzg::pw::powm_one_thread (N, lanes) || mpzg::pw::powm_even_by_one (N))
      {
        mpzg::pw::powm_even_one<N> (bp, ep, EW, mp, out + j, scratch + j, lanes);
        return;
      }
  if constexpr (mpzg::pw::powm_is_coop (N))
    {
      const int T = mpzg::pw::powm_coop_threads (N);
      host_x<T> x;
      mpzg::pw::powm_even_coop<N / T> (x, bp, ep, EW, mp, out + j, scratch + j * T, lanes);
    }
}

#endif
