/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* powm-even-coop.cuh -- the even moduli's part (powm-even.cuh: r2 = b^e mod 2^k,
   m'^-1 mod 2^k and the join with r1 = b^e mod m') for the cooperative classes,
   by the same team of T lanes, K words each, as the Montgomery kernel of the
   class (powm-coop.cuh, whose exchange context X, products' carry chains and
   table rows it uses): one thread per instance would do k n^2 / 2 word products
   alone, n = ceil (k / 64), several to tens of times the team's time for the odd
   part when k is long.

   The product mod 2^(64 n), row by row: for each word a_i of a, from the
   bottom, broadcast from its thread, every thread adds a_i times its words of b
   into its accumulator (addmul_row: K words, the word owed to the next thread
   and a count above it), then b moves up one word (each thread's top word to
   the next thread's bottom, a shuffle up; the top thread's drops out: mod
   2^(64 T K)).  So b's word j meets a_i at word i + j, and the accumulator
   never moves: the owed words grow by at most a word and a count of 2 a step,
   and are added into the next thread's bottom two words once, at the end, with
   one carry scan.  A step is one broadcast, one shuffle and 2K multiply-adds,
   half of a Montgomery step (powm-coop.cuh's, which also adds q m); steps run
   for a's words below its length only.  The squaring mod 2^(64 n) halves the
   steps again: with x = x0 + x1 2^(64 h), h = ceil (n / 2), x^2 = x0^2 + 2 x0
   x1 2^(64 h) = x0 (x + x1 2^(64 h)) mod 2^(64 n), since 2h >= n: a product
   whose broadcast factor has h words.

   Then, as powm-even.cuh: b^e mod 2^k with the low k - 2 bits of e for an odd b
   (the group of units mod 2^k, k >= 3, has exponent 2^(k-2)), the e < k / v
   bits for an even b = 2^v b', by a fixed window of w bits whose table lives in
   the chunk's scratch rows the Montgomery kernel's table used (laid out as
   that table, coop_row), w at most that table's window, every digit's product
   run (row 0 holds 1), so that the steps depend on k and the bits of e that
   count, not on their values; m'^-1 mod 2^k by Newton's iteration from the
   word inverse; the join r1 + m' ((r2 - r1) m'^-1 mod 2^k), whose product
   m' y is below m < 2^(64 T K), so a product mod 2^(64 T K) with y's n words
   broadcast.  For k up to 64 T K and an exponent of k bits the team does about
   k n / 2 steps of 2K multiply-adds, against 64 T K steps of 4K for every
   exponent bit of the odd part. */
#ifndef MPZG_POWM_EVEN_COOP_CUH
#define MPZG_POWM_EVEN_COOP_CUH

#include "powm-coop.cuh"
#include "powm-even.cuh"

namespace mpzg {
namespace pw {

/* R[0..K) += c0 + c1 2^64 (c1 at most a few thousand): g = a carry out, p = the
   words are now all ones. */
template <int K>
MPZG_POWM_HD void
add_pair (u64 (&R)[K], u64 c0, u64 c1, bool &g, bool &p)
{
  static_assert (K >= 2, "two words a thread");
  u64 x = R[0] + c0, c = (x < c0) + c1, a = x;
  R[0] = x;
MPZG_POWM_UNROLL
  for (int i = 1; i < K; i++)
    {
      x = R[i] + c;
      c = x < c;
      R[i] = x;
      a &= x;
    }
  g = c != 0;
  p = a == ~0ull;
}

/* r = r mod 2^(64 n), its top word and-ed with hm: the words from n up zero. */
template <int K, class X>
MPZG_POWM_HD void
coop_trunc (X &x, u64 (&r)[X::V][K], int n, u64 hm)
{
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        {
          const int p = t * K + i;
          r[v][i] = p < n - 1 ? r[v][i] : p == n - 1 ? r[v][i] & hm : 0;
        }
    }
}

/* r = a b mod 2^(64 n) (top word and-ed with hm, zero above), from a's words
   below na (1 <= na <= T K; those above are not read) and b's; b is destroyed
   (moved up).  r may be a or b. */
template <int K, class X>
MPZG_POWM_HD void
coop_mullo (X &x, u64 (&r)[X::V][K], const u64 (&a)[X::V][K], int na, u64 (&b)[X::V][K],
            int n, u64 hm)
{
  const int V = X::V;
  u64 t[V][K + 2], w[V], in[V];
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K + 2; i++)
        t[v][i] = 0;
    }
  const int S = (na + K - 1) / K;
MPZG_POWM_LOOP
  for (int s = 0; s < S; s++)
    {
MPZG_POWM_UNROLL
      for (int k = 0; k < K; k++)
        {
          if (s * K + k >= na)
            break;
          for (int v = 0; v < x.nv (); v++)
            w[v] = a[v][k];
          const u64 ai = x.bcast (w, s);
          for (int v = 0; v < x.nv (); v++)
            addmul_row<K> (t[v], b[v], ai);
          /* b times 2^64: every word up one, across the threads */
          for (int v = 0; v < x.nv (); v++)
            w[v] = b[v][K - 1];
          x.shift_up (w, in);
          for (int v = 0; v < x.nv (); v++)
            {
MPZG_POWM_UNROLL
              for (int i = K - 1; i > 0; i--)
                b[v][i] = b[v][i - 1];
              b[v][0] = in[v];
            }
        }
    }
  /* the owed words (and counts) into the next thread's bottom two: one chain */
  u64 c0[V], c1[V], i0[V], i1[V], cb[V], beta;
  bool g[V], p[V];
  for (int v = 0; v < x.nv (); v++)
    {
      c0[v] = t[v][K];
      c1[v] = t[v][K + 1];
    }
  x.shift_up (c0, i0);
  x.shift_up (c1, i1);
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        r[v][i] = t[v][i];
      add_pair<K> (r[v], i0[v], i1[v], g[v], p[v]);
    }
  x.scan (g, p, cb, beta);
  for (int v = 0; v < x.nv (); v++)
    add_bit<K> (r[v], cb[v]);
  coop_trunc<K> (x, r, n, hm);
}

/* r = r^2 mod 2^(64 n) (top word and-ed with hm), r zero from word n up: r0 (r +
   r1 2^(64 h)) (see the head); z is work space. */
template <int K, class X>
MPZG_POWM_HD void
coop_sqrlo (X &x, u64 (&r)[X::V][K], u64 (&z)[X::V][K], int n, u64 hm)
{
  const int V = X::V, h = (n + 1) / 2;
  u64 cb[V], beta;
  bool g[V], p[V];
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        z[v][i] = t * K + i >= h ? r[v][i] : 0;
      add_flags<K> (z[v], r[v], g[v], p[v]);
    }
  x.scan (g, p, cb, beta);
  for (int v = 0; v < x.nv (); v++)
    add_masked<K> (z[v], r[v], ~0ull, cb[v]);
  coop_mullo<K> (x, r, r, h, z, n, hm);
}

/* r = 2 - r mod 2^(64 q), zero from word q up: ~r + 3. */
template <int K, class X>
MPZG_POWM_HD void
coop_two_minus (X &x, u64 (&r)[X::V][K], int q)
{
  const int V = X::V;
  u64 cb[V], beta;
  bool g[V], p[V];
  for (int v = 0; v < x.nv (); v++)
    {
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        r[v][i] = ~r[v][i];
      add_word<K> (r[v], x.tid (v) == 0 ? 3 : 0, g[v], p[v]);
    }
  x.scan (g, p, cb, beta);
  for (int v = 0; v < x.nv (); v++)
    add_bit<K> (r[v], cb[v]);
  coop_trunc<K> (x, r, q, ~0ull);
}

/* The words below n of a row of the table (coop_row), zeros above: only they
   are loaded. */
template <int K>
MPZG_POWM_HD void
coop_row_load_lo (u64 (&r)[K], const u64 *p, int t, int n, int T, size_t lanes)
{
MPZG_POWM_UNROLL
  for (int i = 0; i < K; i++)
    r[i] = t * K + i < n ? p[(size_t) i * lanes * T] : 0;
}

/* The even modulus's part of one instance by the team of x, after powm_coop
   left r1 = b^e mod m' at rp: rp = b^e mod m for m = 2^k m', k >= 1.  Operands
   as powm_coop's (T K words but e, interleaved with stride lanes); tab is the
   instance's table there, powm_coop_rows (EW) rows.  An odd or zero m returns
   at once. */
template <int K, class X>
MPZG_POWM_HD void
powm_even_coop (X &x, const u64 *bp, const u64 *ep, int EW, const u64 *mp, u64 *rp, u64 *tab,
                size_t lanes)
{
  const int V = X::V, T = x.T (), N = T * K;
  const int k = low_zero_bits (mp, N, lanes);
  if (k == 0)
    return;
  const int n = (k + 63) / 64;
  const u64 hm = k % 64 ? ((u64) 1 << (k % 64)) - 1 : ~(u64) 0;
  u64 y[V][K], z[V][K], c[V][K];

  /* b mod 2^k into y; minus its trailing zeros v (none: -(64 N + 1), b = 0
     mod 2^k) and the exponent's length in words, as maxima over the team */
  const int none = -(64 * N + 1);
  int negv = none, ne = 0;
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        {
          const int p = t * K + i;
          u64 bi = p < n ? bp[(size_t) p * lanes] : 0;
          if (p == n - 1)
            bi &= hm;
          y[v][i] = bi;
          if (bi != 0 && -(64 * p + (int) ctz64 (bi)) > negv)
            negv = -(64 * p + (int) ctz64 (bi));
        }
      for (int i = t; i < EW; i += T)
        if (ep[(size_t) i * lanes] != 0 && i + 1 > ne)
          ne = i + 1;
    }
  x.maxi (negv);
  x.maxi (ne);
  const int bv = negv == none ? -1 : -negv;

  /* the bits of e that count (powm-even.cuh's head; an odd b: the low k - 2,
     the low bit for k = 2, none for k = 1) */
  long nbits = 0;
  bool zero = false;
  if (bv == 0)
    {
      const long g = k >= 3 ? k - 2 : k - 1;
      nbits = 64L * ne < g ? 64L * ne : g;
    }
  else if (ne > 0)
    {
      const u64 e0 = ep[0];
      if (bv < 0 || ne > 1 || e0 >= (u64) ((k + bv - 1) / bv))
        zero = true;
      else
        nbits = 64 - (long) clz64 (e0);
    }

  /* r2 = b^e mod 2^k into z */
  if (nbits == 0)
    for (int v = 0; v < x.nv (); v++)
      {
MPZG_POWM_UNROLL
        for (int i = 0; i < K; i++)
          z[v][i] = x.tid (v) == 0 && i == 0 && !zero;
      }
  else
    {
      int w = powm_window_bits (nbits);
      if (w > powm_window (EW))
        w = powm_window (EW);           /* the rows there are */
      /* the table: row 0 the 1, row d b^d */
      for (int v = 0; v < x.nv (); v++)
        {
          const int t = x.tid (v);
MPZG_POWM_UNROLL
          for (int i = 0; i < K; i++)
            c[v][i] = t == 0 && i == 0;
          coop_row_store<K> (coop_row<K> (tab, 0, t, T, lanes), c[v], T, lanes);
          coop_row_store<K> (coop_row<K> (tab, 1, t, T, lanes), y[v], T, lanes);
MPZG_POWM_UNROLL
          for (int i = 0; i < K; i++)
            z[v][i] = y[v][i];
        }
MPZG_POWM_LOOP
      for (int d = 2; d < 1 << w; d++)
        {
          for (int v = 0; v < x.nv (); v++)
            {
MPZG_POWM_UNROLL
              for (int i = 0; i < K; i++)
                c[v][i] = y[v][i];
            }
          coop_mullo<K> (x, z, z, n, c, n, hm);
          for (int v = 0; v < x.nv (); v++)
            coop_row_store<K> (coop_row<K> (tab, d, x.tid (v), T, lanes), z[v], T, lanes);
        }
      /* the digits of the low nbits bits, from the top */
      const long nd = (nbits + w - 1) / w;
      const unsigned top = top_digit (ep, ne, w, nbits, lanes);
      for (int v = 0; v < x.nv (); v++)
        coop_row_load_lo<K> (z[v], coop_row<K> (tab, top, x.tid (v), T, lanes), x.tid (v), n,
                             T, lanes);
MPZG_POWM_LOOP
      for (long j = nd - 2; j >= 0; j--)
        {
MPZG_POWM_LOOP
          for (int s = 0; s < w; s++)
            coop_sqrlo<K> (x, z, c, n, hm);
          const unsigned dg = digit (ep, ne, w, j, lanes);
          for (int v = 0; v < x.nv (); v++)
            coop_row_load_lo<K> (c[v], coop_row<K> (tab, dg, x.tid (v), T, lanes), x.tid (v),
                                 n, T, lanes);
          coop_mullo<K> (x, z, z, n, c, n, hm);
        }
    }
  /* r2 to row 0 (the table is done), for the registers */
  for (int v = 0; v < x.nv (); v++)
    coop_row_store<K> (coop_row<K> (tab, 0, x.tid (v), T, lanes), z[v], T, lanes);

  /* m' into y (all its words: the join needs them), m'^-1 mod 2^(64 n) into z:
     x = x (2 - m' x) from the word inverse, p correct words to 2p */
  for (int v = 0; v < x.nv (); v++)
    {
      const int t = x.tid (v);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        y[v][i] = odd_word (mp, N, k, t * K + i, lanes);
MPZG_POWM_UNROLL
      for (int i = 0; i < K; i++)
        z[v][i] = 0;
      if (t == 0)
        z[v][0] = 0 - neg_inverse (y[v][0]);
    }
MPZG_POWM_LOOP
  for (int p = 1; p < n; p *= 2)
    {
      const int q = 2 * p < n ? 2 * p : n;
      for (int v = 0; v < x.nv (); v++)
        {
MPZG_POWM_UNROLL
          for (int i = 0; i < K; i++)
            c[v][i] = y[v][i];
        }
      coop_mullo<K> (x, c, z, p, c, q, ~0ull);  /* m' x = 1 mod 2^(64 p) */
      coop_two_minus<K> (x, c, q);
      coop_mullo<K> (x, z, z, p, c, q, ~0ull);
    }

  /* d = r2 - r1 mod 2^k into c, the y = d m'^-1 mod 2^k, and rp = r1 + m' y
     (below m: no carry out) */
  {
    u64 r1[V][K], cb[V], beta;
    bool g[V], p[V];
    for (int v = 0; v < x.nv (); v++)
      {
        const int t = x.tid (v);
        coop_row_load_lo<K> (c[v], coop_row<K> (tab, 0, t, T, lanes), t, n, T, lanes);
MPZG_POWM_UNROLL
        for (int i = 0; i < K; i++)
          r1[v][i] = t * K + i < n ? rp[(size_t) (t * K + i) * lanes] : 0;
        sub_flags<K> (c[v], r1[v], g[v], p[v]);
      }
    x.scan (g, p, cb, beta);
    for (int v = 0; v < x.nv (); v++)
      sub_masked<K> (c[v], r1[v], ~0ull, cb[v]);
  }
  coop_mullo<K> (x, c, c, n, z, n, hm);
  coop_mullo<K> (x, y, c, n, y, N, ~0ull);
  {
    u64 cb[V], beta;
    bool g[V], p[V];
    for (int v = 0; v < x.nv (); v++)
      {
        const int t = x.tid (v);
        coop_load<K> (z[v], rp, t, lanes);
        add_flags<K> (z[v], y[v], g[v], p[v]);
      }
    x.scan (g, p, cb, beta);
    for (int v = 0; v < x.nv (); v++)
      {
        const int t = x.tid (v);
        add_masked<K> (z[v], y[v], ~0ull, cb[v]);
MPZG_POWM_UNROLL
        for (int i = 0; i < K; i++)
          rp[(size_t) (t * K + i) * lanes] = z[v][i];
      }
  }
}

} /* namespace pw */
} /* namespace mpzg */

#endif
