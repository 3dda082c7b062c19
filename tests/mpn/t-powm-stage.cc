/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-powm-stage.cc -- the powm family's host side (lib/gpu/fam-powm.c: plan,
   pack, grow, unpack; no takes hook: every modulus goes to the device) around
   the host build of the kernels (cuda/powm/powm-core.cuh, powm-coop.cuh,
   powm-even.cuh and powm-even-coop.cuh), against lib/powm.c's contract on mpz_t: signs of the base,
   exponent and modulus, odd and even moduli (powers of two among them),
   negative exponents with and without an inverse (MPZG_ENOTINVERTIBLE, the
   lowest element, its output untouched), exponent 0, moduli 1 and -1, bases 0
   and at or above the modulus, outputs that are inputs, and batches of mixed
   classes cut into several chunks.  No
   device is used: the chunks the plan makes are packed, computed lane by lane
   on the host exactly as the kernel would, and unpacked.

   Usage: t-powm-stage [rounds] (default 1; MPZG_TEST_SEED sets the seed). */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <gmp.h>

#include "powm-coop-host.h"
#include "host-shared.h"
extern "C" {
#include "mpzg.h"
#include "family.h"
#include "gpu.h"
}

using mpzg::pw::u64;

static gmp_randstate_t rs;

static unsigned long
urand (unsigned long n)
{
  return gmp_urandomm_ui (rs, n);
}

/* One lane of a chunk, as powm.cu's kernel of the class computes it (even:
   its second launch, the even moduli's part). */
static void
lane (int N, int EW, const u64 *in, u64 *out, u64 *scratch, size_t lanes, size_t j, bool even)
{
  switch (N)
    {
#define W(k)                                                            \
      case k:                                                           \
        if (even)                                                       \
          powm_even_host_lane<k> (EW, in, out, scratch, lanes, j);      \
        else                                                            \
          powm_host_lane<k> (EW, in, out, scratch, lanes, j);           \
        break;
      W (1) W (2) W (3) W (4) W (6) W (8) W (12) W (16) W (24) W (32) W (48) W (64) W (96)
      W (128) W (192) W (256)
#undef W
    default: abort ();
    }
}

/* lib/powm.c's element: the expected result, or MPZG_ENOTINVERTIBLE. */
static int
reference (mpz_ptr r, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m)
{
  if (mpz_sgn (e) < 0)
    {
      mpz_t t;
      mpz_init (t);
      int exists = mpz_invert (t, b, m);
      mpz_clear (t);
      if (!exists)
        return MPZG_ENOTINVERTIBLE;
    }
  mpz_powm (r, b, e, m);
  return MPZG_OK;
}

static void
random_signed (mpz_ptr z, size_t limbs)
{
  mpz_urandomb (z, rs, 64 * limbs);
  if (urand (2))
    mpz_neg (z, z);
}

/* An element of up to `limbs` limbs: the modulus odd, even (2^j times an odd
   one, j up to its length) or a power of two. */
static void
gen (mpz_ptr b, mpz_ptr e, mpz_ptr m, size_t limbs)
{
  size_t nm = 1 + urand (limbs);
  random_signed (m, nm);
  switch (urand (8))
    {
    case 0: mpz_set_si (m, urand (2) ? 1 : -1); break;
    case 1: mpz_set_ui (m, 3); break;
    case 2: case 3:                     /* even */
      {
        unsigned long j = 1 + urand (64 * nm - 1);
        int neg = mpz_sgn (m) < 0;
        mpz_abs (m, m);
        mpz_fdiv_q_2exp (m, m, j);
        mpz_setbit (m, 0);
        mpz_mul_2exp (m, m, j);         /* still of at most nm limbs */
        if (neg)
          mpz_neg (m, m);
      }
      break;
    case 4:                             /* a power of two */
      mpz_set_ui (m, 0);
      mpz_setbit (m, 1 + urand (64 * nm - 1));
      if (urand (2))
        mpz_neg (m, m);
      break;
    default:
      if (mpz_even_p (m))
        mpz_add_ui (m, m, 1);
      break;
    }
  if (mpz_sgn (m) == 0)
    mpz_set_ui (m, 2);
  switch (urand (6))
    {
    case 0: mpz_set_ui (b, urand (2)); break;
    case 1: mpz_set (b, m); break;
    case 2: mpz_mul_ui (b, m, 3); mpz_add_ui (b, b, 1); break;          /* wider than m */
    case 3: random_signed (b, 1 + urand (nm)); mpz_mul_ui (b, b, 3); break;  /* maybe no inverse */
    default: random_signed (b, 1 + urand (nm)); break;
    }
  if (mpz_size (b) > limbs)
    mpz_tdiv_r_2exp (b, b, 64 * limbs);
  switch (urand (8))
    {
    case 0: mpz_set_ui (e, 0); break;
    case 1: mpz_set_si (e, urand (2) ? 1 : -1); break;
    case 2: mpz_set_si (e, -(long) (1 + urand (100))); break;
    default: mpz_urandomb (e, rs, 1 + urand (64 * (urand (4) ? 2 : limbs))); break;
    }
}

/* One batch of n elements of up to `limbs` limbs; alias: 0 fresh outputs, 1, 2,
   3 the output array is the base, exponent or modulus array. */
static void
check_batch (size_t n, size_t limbs, int alias)
{
  std::vector<mpz_t> B (n), E (n), M (n), R (n), want (n), before (n);
  std::vector<int> st (n);
  for (size_t i = 0; i < n; i++)
    {
      mpz_inits (B[i], E[i], M[i], R[i], want[i], before[i], NULL);
      gen (B[i], E[i], M[i], limbs);
      mpz_set_si (R[i], -12345);
      st[i] = reference (want[i], B[i], E[i], M[i]);
    }
  mpz_t *out = alias == 1 ? B.data () : alias == 2 ? E.data () : alias == 3 ? M.data () : R.data ();
  std::vector<const mp_limb_t *> limbs_before (n);
  for (size_t i = 0; i < n; i++)
    {
      mpz_set (before[i], out[i]);
      limbs_before[i] = mpz_limbs_read (out[i]);
    }

  mpzg_gpu_plan p;
  memset (&p, 0, sizeof p);
  p.fam = &mpzg_gpu_powm;
  p.out[0] = out;
  p.in[0] = B.data ();
  p.in[1] = E.data ();
  p.in[2] = M.data ();
  p.m = n;
  p.threads = 2;
  mpzg_gpu_takes_fn takes = mpzg_gpu_takes (&mpzg_gpu_powm);
  for (size_t i = 0; i < n; i++)
    if (takes != NULL && !takes (p.in, i))
      {
        fprintf (stderr, "t-powm-stage: the family refuses element %zu\n", i);
        failures++;
        return;
      }
  /* small chunks, so that a batch has several */
  if (mpzg_gpu_plan_make (&p, 512) != MPZG_OK)
    {
      fprintf (stderr, "t-powm-stage: mpzg_gpu_plan_make failed\n");
      failures++;
      return;
    }
  for (size_t k = 0; k < p.nch; k++)
    {
      const mpzg_gpu_chunk *c = &p.ch[k];
      const mpzg_mpn_shape *sh = &p.ci[c->cls].sh;
      size_t iw = mpzg_gpu_chunk_words (&p, c, 0), ow = mpzg_gpu_chunk_words (&p, c, 1);
      size_t sw = mpzg_gpu_chunk_scratch (&p, c);
      u64 *in = (u64 *) aligned_alloc (64, (iw + 8) / 8 * 64);
      u64 *outb = (u64 *) aligned_alloc (64, (ow + 8) / 8 * 64);
      std::vector<u64> scratch (sw + 1);
      if (in == NULL || outb == NULL || mpzg_gpu_xfer_all (&p, c, in, 0) != MPZG_OK)
        abort ();
      mpzg_gpu_xfer x = { &p, c, NULL };
      if (p.fam->grow != NULL)
        p.fam->grow (&x, 0, c->count);
      /* the two launches: the Montgomery kernel, then the even moduli's */
      for (size_t j = 0; j < c->lanes; j++)
        lane ((int) sh->w[0], (int) sh->w[1], in, outb, scratch.data (), c->lanes, j, false);
      for (size_t j = 0; j < c->lanes; j++)
        lane ((int) sh->w[0], (int) sh->w[1], in, outb, scratch.data (), c->lanes, j, true);
      if (mpzg_gpu_xfer_all (&p, c, outb, 1) != MPZG_OK)
        abort ();
      free (in);
      free (outb);
    }

  size_t bad = MPZG_NO_INDEX;
  for (size_t i = 0; i < n && bad == MPZG_NO_INDEX; i++)
    if (st[i] != MPZG_OK)
      bad = i;
  if (p.bad_index != bad || (bad != MPZG_NO_INDEX && p.bad_status != MPZG_ENOTINVERTIBLE))
    {
      fprintf (stderr, "t-powm-stage: element error at %zd (%d), want %zd\n",
               (ssize_t) p.bad_index, p.bad_status, (ssize_t) bad);
      failures++;
    }
  for (size_t i = 0; i < n; i++)
    {
      mpz_srcptr w = st[i] == MPZG_OK ? want[i] : before[i];
      /* untouched means not even reallocated */
      if (st[i] != MPZG_OK && mpz_limbs_read (out[i]) != limbs_before[i] && host_failed ())
        fprintf (stderr, "t-powm-stage: element %zu of %zu (alias %d), no inverse: output "
                 "reallocated\n", i, n, alias);
      if (mpz_cmp (out[i], w) != 0 && host_failed ())
        gmp_fprintf (stderr, "t-powm-stage: element %zu of %zu (alias %d)%s:\n  b = %Zd\n"
                     "  e = %Zd\n  m = %Zd\n  got %Zd\n  want %Zd\n", i, n, alias,
                     st[i] == MPZG_OK ? "" : " (no inverse: untouched)", alias == 1 ? before[i] : B[i],
                     alias == 2 ? before[i] : E[i], alias == 3 ? before[i] : M[i], out[i], w);
    }
  mpzg_gpu_plan_free (&p);
  for (size_t i = 0; i < n; i++)
    mpz_clears (B[i], E[i], M[i], R[i], want[i], before[i], NULL);
}

int
main (int argc, char **argv)
{
  long rounds = host_rounds (argc, argv);
  unsigned long seed = host_init ("t-powm-stage", rs, 20261123UL);
  for (long r = 0; r < rounds && failures <= 10; r++)
    {
      static const size_t limbs[] = { 1, 2, 4, 8, 16, 24, 32 };
      for (size_t k = 0; k < sizeof limbs / sizeof limbs[0]; k++)
        for (int alias = 0; alias < 4; alias++)
          check_batch (1 + urand (limbs[k] <= 4 ? 300 : 60), limbs[k], alias);
    }
  gmp_randclear (rs);
  printf ("t-powm-stage: MPZG_TEST_SEED=%lu, %d failure%s\n", seed, failures,
          failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
