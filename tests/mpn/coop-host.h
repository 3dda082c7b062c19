/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* coop-host.h -- for t-gcd-coop-host and t-gcdext-coop-host: the exchange context
   (cuda/gcd/gcd-coop.cuh's X) that runs all T threads of one instance on the host.
   Each phase runs for every thread in turn, and the scans are formed from 32-bit
   ballot masks, warp by warp and then over the warps' sums, as the device's group
   and block contexts do (core/chain.cuh).  It also checks the exchanges'
   contracts: a pick from a thread of the instance, the scan's generate and
   propagate exclusive and its result equal to the chain run thread by thread.
   C++ only, after the .cuh it serves. */
#ifndef MPZG_COOP_HOST_H
#define MPZG_COOP_HOST_H

/* All T <= VMAX threads of one instance (T a multiple of 32 above 32); SCAN:
   coop_top's way to the top words, the groups' (true) or the blocks'; HALVE:
   whether the outer loop halves the words a thread as the operands shrink, as
   the groups' does (gcd-coop.cuh's coop_phases), or keeps them, as the blocks'. */
template <int VMAX, bool SCAN = true, bool HALVE = true>
struct coop_host_x
{
  typedef mpzg::gc::u64 u64;
  static const int V = VMAX;
  static const bool SHARED = true;      /* all_done lingers (below) */
  static const bool TOP_IN_SCAN = SCAN;
  static const bool SHRINK = HALVE;
  /* every thread computes the matrix, but all of them get the instance's, the
     threads above the active length too (coop_top's act holds here, where thread
     0 runs with them), as where the block shares the steps (group_steps_x) */
  static const bool STEPS_SHARED = false;
  int n;
  bool bad;                     /* an exchange was called out of its contract */

  explicit coop_host_x (int threads) : n (threads), bad (false) {}
  int nv () const { return n; }
  int T () const { return n; }
  int tid (int v) const { return v; }

  /* the driver's loops over all threads already formed the maxima */
  void maxes (int &, int &) {}

  /* the owners already set the words; the sources must be threads */
  template <int N>
  void
  pick (u64 (&)[N], const int (&src)[N])
  {
    for (int i = 0; i < N; i++)
      if (src[i] < 0 || src[i] >= n)
        bad = true;
  }

  template <int N>
  void
  up (const u64 (&c)[V][N], u64 (&ci)[V][N])
  {
    for (int v = 0; v < n; v++)
      for (int i = 0; i < N; i++)
        ci[v][i] = v ? c[v - 1][i] : 0;
  }

  template <int N>
  void
  down (const u64 (&c)[V][N], u64 (&co)[V][N])
  {
    for (int v = 0; v < n; v++)
      for (int i = 0; i < N; i++)
        co[v][i] = v + 1 < n ? c[v + 1][i] : 0;
  }

  template <int N>
  void
  scan (const bool (&g)[V][N], const bool (&p)[V][N], unsigned cin, u64 (&b)[V][N])
  {
    for (int i = 0; i < N; i++)
      {
        bool gi[V], pi[V];
        u64 bi[V], serial = cin;
        for (int v = 0; v < n; v++)
          {
            gi[v] = g[v][i];
            pi[v] = p[v][i];
            if (gi[v] && pi[v])
              bad = true;
          }
        mpzg::chain_threads (n, gi, pi, cin, bi);
        for (int v = 0; v < n; v++)
          {
            b[v][i] = bi[v];
            if (bi[v] != serial)
              bad = true;
            serial = gi[v] || (pi[v] && serial);
          }
      }
  }

  /* S[v] = the words [v K / 2, (v + 1) K / 2) of the instance */
  template <int K>
  void
  halve (const u64 (&R)[V][K], u64 (&S)[V][K / 2])
  {
    const int H = K / 2;
    for (int v = 0; v < n; v++)
      for (int i = 0; i < H; i++)
        {
          const int j = v * H + i;
          S[v][i] = R[j / K][j % K];
        }
  }

  void sync () {}

  /* One instance; all_done answers "not yet" for linger more calls after p first
     holds, as when a slower instance shares the outer loop's exchanges, so that
     the iterations a done instance runs on are tested too. */
  int linger = 0;
  bool
  all_done (bool p)
  {
    if (!p)
      return false;
    return linger-- <= 0;
  }
  bool all (bool p) { return p; }
  bool any (bool p) { return p; }
};

#endif
