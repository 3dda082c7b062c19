/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-divrem-big-host.cc -- the device's division code for the classes above
   DIVREM_SMALL_MAX limbs, compiled for the host and compared with mpn_tdiv_qr:

   - divisors of up to 32 limbs under long dividends: the one-thread code of
     div-core.cuh on the contiguous layout (stride 1);
   - longer divisors: the cooperative code of div-coop.cuh, all T threads of an
     instance emulated by an exchange context that runs each phase for every thread
     in turn and forms the scans from 32-bit ballot masks, warp by warp and then over
     the warps' sums, as the device's group and block contexts do; with the words
     per thread of the build (coop_k) and with each other value a build
     may set (8, 16, 32), every instance.

   Every class edge (the smallest and largest divisor and dividend of each class,
   and dividends shorter than the divisor), every adversarial kind of
   divrem-cases.h.  Fails if the cooperative code never took the digit B - 1 or
   the add-back.  Needs no GPU; tests/mpn/t-divrem runs the kernels themselves.

   Usage: t-divrem-big-host [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>

static unsigned long n_2by1_fix, n_3by2_fix, n_qmax, n_addback;
#define MPZG_DIV_COUNT(what) (n_##what++)
#include "divrem-host.h"
#include "div-coop.cuh"
#include "host-shared.h"
#include "divrem-host-x.h"

using mpzg::dv::u64;

static void
fail (const char *what, const mp_limb_t *np, int nn, const mp_limb_t *dp, int nd)
{
  if (!host_failed ())
    return;
  fprintf (stderr, "t-divrem-big-host: %s\n  n (%d words) =", what, nn);
  host_words (np, nn, 6);
  fprintf (stderr, " ...\n  d (%d words) =", nd);
  host_words (dp, nd, 6);
  fprintf (stderr, " ...\n");
}

/* The cooperative code for divisor width ND, K words per thread as a build that
   takes KC for it chooses them (KC = 0: this build, as div.cu's launch_coop). */
static bool
run_coop (int ND, const u64 *np, const u64 *dp, u64 *qp, u64 *rp, int NN, int QW, int KC)
{
  return div_coop_run (ND, KC, [&] (host_x &x, auto k) {
    mpzg::dv::divrem_coop<decltype (k)::value> (x, np, dp, qp, rp, NN, QW);
  });
}

static long instances;

/* One instance of sizes (nn, nd) of class (NN, ND), nn > DIVREM_SMALL_MAX or
   nd > DIVREM_SMALL_MAX, of the given kind. */
static void
check (gmp_randstate_t rs, int nn, int nd, int kind)
{
  int NN, ND, QW;
  divrem_class (nn, nd, &NN, &ND, &QW);
  const int C = 3;              /* canary words after each output */
  const u64 canary = 0x5a5a5a5a5a5a5a5aull;
  std::vector<mp_limb_t> n (NN, 0), d (ND, 0), qref (QW), rref (ND);
  std::vector<u64> nb (NN + C, 0xdeadbeefdeadbeefull), db (ND + C, 0xdeadbeefdeadbeefull);
  std::vector<u64> q (QW + C, canary), r (ND + C, canary);
  divrem_make (n.data (), nn, d.data (), nd, kind, rs);
  for (int i = 0; i < NN; i++)
    nb[i] = n[i];
  for (int i = 0; i < ND; i++)
    db[i] = d[i];
  divrem_ref (qref.data (), QW, rref.data (), ND, n.data (), NN, d.data (), ND);
  bool ok = true;
  if (ND <= DIVREM_SMALL_MAX)
    divrem_host_small (ND, nb.data (), db.data (), q.data (), r.data (), NN, QW, 1);
  else
    {
      /* the build's words per thread, then each other value a build may choose,
         on fresh outputs */
      ok = run_coop (ND, nb.data (), db.data (), q.data (), r.data (), NN, QW, 0);
      for (int kc : div_coop_ks)
        if (ok && div_coop_k (ND, kc) != div_coop_k (ND, 0))
          {
            std::vector<u64> q2 (QW + C, canary), r2 (ND + C, canary);
            ok = run_coop (ND, nb.data (), db.data (), q2.data (), r2.data (), NN, QW, kc)
                 && q2 == q && r2 == r;
          }
    }
  instances++;
  for (int i = 0; i < C; i++)
    if (q[QW + i] != canary || r[ND + i] != canary)
      ok = false;
  for (int i = 0; i < QW; i++)
    if (q[i] != qref[i])
      ok = false;
  for (int i = 0; i < ND; i++)
    if (r[i] != rref[i])
      ok = false;
  if (!ok)
    {
      char what[112];
      snprintf (what, sizeof what, "nn=%d nd=%d class (%d, %d) kind %s", nn, nd, NN, ND,
                divrem_kind_names[kind]);
      fail (what, n.data (), nn, d.data (), nd);
    }
}

int
main (int argc, char **argv)
{
  gmp_randstate_t rs;
  long rounds = host_start ("t-divrem-big-host", argc, argv, rs);
  int kind = 0;
  unsigned long coop_qmax = 0, coop_addback = 0;
  for (long round = 0; round < rounds; round++)
    for (int b = 0; b < DIVREM_NWIDTHS; b++)
      {
        const int ND = divrem_widths[b], dmin = divrem_dmin (ND);
        /* the divisor sizes at the class's edges and one inside */
        const int nds[] = { dmin, dmin + 1, (dmin + ND) / 2, ND - 1, ND };
        for (int a = b > DIVREM_NSMALL ? b : DIVREM_NSMALL; a < DIVREM_NWIDTHS; a++)
          {
            const int NN = divrem_widths[a], nmin = divrem_widths[a - 1] + 1;
            for (int x = 0; x < 5; x++)
              {
                const int nd = nds[x];
                if (nd < 1 || nd > ND || (x > 0 && nd == nds[x - 1]))
                  continue;
                /* dividends at the edges of the class (NN, ND), and shorter than
                   the divisor */
                const int nns[] = { nd - 1, nd, nd + 1, nmin, nmin + 1, (nmin + NN) / 2, NN - 1, NN };
                for (int y = 0; y < 8; y++)
                  {
                    const int nn = nns[y];
                    if (nn < 0 || nn > DIVREM_MAX || divrem_pad (nn > nd ? nn : nd) != NN
                        || (y > 0 && nn == nns[y - 1]))
                      continue;
                    if (NN <= DIVREM_SMALL_MAX)
                      continue;
                    unsigned long q0 = n_qmax, a0 = n_addback;
                    /* fewer repetitions where an instance is long */
                    long work = (long) (nn - nd + 1) * ND;
                    int reps = work > (1L << 20) ? 1 : work > (1L << 16) ? 3 : DC_KINDS;
                    for (int rep = 0; rep < reps; rep++)
                      check (rs, nn, nd, kind++ % DC_KINDS);
                    if (ND > DIVREM_SMALL_MAX)
                      {
                        coop_qmax += n_qmax - q0;
                        coop_addback += n_addback - a0;
                      }
                  }
              }
          }
      }
  printf ("t-divrem-big-host: %ld instances; cooperative corrections taken: digit B-1 %lu, "
          "add-back %lu\n", instances, coop_qmax, coop_addback);
  if (coop_qmax == 0 || coop_addback == 0)
    {
      fprintf (stderr, "t-divrem-big-host: a rare correction was never reached\n");
      failures++;
    }
  gmp_randclear (rs);
  return host_finish ();
}
