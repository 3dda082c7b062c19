/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* divrem-host-x.h -- for t-divrem-big-host and t-divexact-host: the exchange
   context of div-coop.cuh on the host, all threads of one instance in one
   context, and the cooperative code run through it with each words per thread a
   build may choose.  C++ only; the includer includes div-coop.cuh first. */
#ifndef MPZG_DIVREM_HOST_X_H
#define MPZG_DIVREM_HOST_X_H

#include <stdlib.h>
#include <type_traits>

/* All T threads of one instance (T a power of two, at most 1024: 8192 words at
   K = 8). */
struct host_x
{
  typedef mpzg::dv::u64 u64;
  static const int V = 1024;
  int n;
  int last_word;                /* the index of the previous word () call */
  bool started;
  bool bad;                     /* an exchange was called out of its contract */

  explicit host_x (int threads) : n (threads), last_word (0), started (false), bad (false) {}
  int nv () const { return n; }
  int T () const { return n; }
  int tid (int v) const { return v; }

  void
  up (const u64 (&c)[V], u64 (&cin)[V], u64 &ctop)
  {
    for (int v = n - 1; v >= 0; v--)
      cin[v] = v ? c[v - 1] : 0;
    ctop = c[n - 1];
  }

  /* as block_x::scan (warp_x's is its one-warp case), and checked against the
     chain run thread by thread */
  void
  scan (const bool (&g)[V], const bool (&p)[V], u64 (&b)[V], u64 &beta)
  {
    u64 serial = 0;
    beta = mpzg::chain_threads (n, g, p, 0, b);
    for (int v = 0; v < n; v++)
      {
        if (g[v] && p[v])
          bad = true;           /* generate and propagate must be exclusive */
        if (b[v] != serial)
          bad = true;
        serial = g[v] || (p[v] && serial);
      }
    if (beta != serial)
      bad = true;
  }

  template <int K>
  void
  shift (u64 (&R)[V][K], u64 bottom, u64 &top, u64 &r1, u64 &r0)
  {
    const int ND = n * K;
    top = R[(ND - 1) / K][(ND - 1) % K];
    r1 = R[(ND - 2) / K][(ND - 2) % K];
    r0 = R[(ND - 3) / K][(ND - 3) % K];
    for (int o = ND - 1; o > 0; o--)
      R[o / K][o % K] = R[(o - 1) / K][(o - 1) % K];
    R[0][0] = bottom;
  }

  void
  down (const u64 (&c)[V], u64 (&co)[V])
  {
    for (int v = 0; v < n; v++)
      co[v] = v + 1 < n ? c[v + 1] : 0;
  }

  /* the driver's loop over all threads already formed the maxima */
  void maxes (int &, int &) {}

  /* the exact division's (divexact-core.cuh) */
  template <int K>
  void
  shift_down (u64 (&R)[V][K], u64 top, u64 &low)
  {
    const int E = n * K;
    low = R[1 / K][1 % K];
    for (int o = 0; o + 1 < E; o++)
      R[o / K][o % K] = R[(o + 1) / K][(o + 1) % K];
    R[n - 1][K - 1] = top;
  }

  u64
  word (const u64 *np, int i, int nn)
  {
    if (started && i != last_word - 1)
      bad = true;
    started = true;
    last_word = i;
    return mpzg::dv::word_at (np, i, nn, 1);
  }
};

/* The values MPZG_DIV_COOP_K and MPZG_DIV_COOP_K_WIDE may take (div-coop.cuh): the
   host tests run the cooperative code with each, whatever the build's. */
static const int div_coop_ks[] = { 8, 16, 32 };

/* The words per thread of width W (ND for the division, the window E for the exact
   one) when a build takes kc for it: three quarters of kc for the widths 3 * 2^j;
   kc = 0 for this build's own choice (coop_k). */
static int
div_coop_k (int W, int kc)
{
  return kc == 0 ? mpzg::dv::coop_k (W) : W % 3 == 0 ? 3 * kc / 4 : kc;
}

/* The cooperative code of width W on a fresh host_x of all its threads, with K =
   div_coop_k (W, kc) words per thread: run (x, k) with k a std::integral_constant
   of K.  Returns false when an exchange was called out of its contract. */
template <class F>
static bool
div_coop_run (int W, int kc, F run)
{
  const int K = div_coop_k (W, kc);
  host_x x (W / K);
  switch (K)
    {
#define MPZG_DIV_HOST_K(k) case k: run (x, std::integral_constant<int, k> ()); break;
      MPZG_DIV_HOST_K (6) MPZG_DIV_HOST_K (8) MPZG_DIV_HOST_K (12) MPZG_DIV_HOST_K (16)
      MPZG_DIV_HOST_K (24) MPZG_DIV_HOST_K (32)
#undef MPZG_DIV_HOST_K
    default: abort ();
    }
  return !x.bad;
}

#endif
