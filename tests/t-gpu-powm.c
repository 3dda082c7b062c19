/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* t-gpu-powm.c -- mpzg_powm_n against a GMP loop, with MPZG_BACKEND=cuda.  At the
   edges of every size class of the device's powm (cuda/mpzg-mpn.h: moduli of
   w - 1, w and w + 1 limbs around every modulus width w up to 256 limbs, against
   exponents of v - 1, v and v + 1 limbs around every exponent width v (above 64
   limbs of modulus, the widths up to 4, the modulus's own and the widest),
   exponents wider than the modulus included), with bases below, at and above the modulus, negative bases
   and moduli, negative exponents (invertible bases or not), all-ones exponents;
   then special values (bases 0, ±1, m - 1, m, m + 1, -m; exponents 0, 1, 2,
   all-ones, negative; moduli ±1, ±(2^k ± 1), powers of two and other even ones);
   even moduli on their own (2^k and 2^k m' for k at the limb edges and up to the
   full length; even, odd, 0, 1, m - 1 and negative bases; exponents 0, 1, 2,
   around k / v for bases 2^v b', all ones, long and negative); long powers of
   two 2^k m' (m' of at most a limb) at the edges of the team classes with
   exponents beyond k bits and around 2^(k-2);
   batches mixing odd moduli with even ones (both the GPU's) and with elements
   above the GPU's largest size (the CPU's in the same call); the elements without an
   inverse (the lowest reported with MPZG_ENOTINVERTIBLE, their outputs untouched to
   the limb pointer and allocation); every aliasing of the output with an input;
   batch counts off the lane group and a large one; and what a failing GPU leaves
   (mpzg_gpu_fail_after), with elements without an inverse in the first chunk, in
   auto mode and under MPZG_BACKEND=cuda.

   Skips (exit status 77) when no GPU is usable. */

#include <stdio.h>
#include <stdlib.h>
#include "gpu-harness.h"
#include "entries.h"
#include "powm-entries.h"
#include "mpzg-mpn.h"
#include "tuning.h"
#include "gpu.h"

/* ---- the entry ----------------------------------------------------------------------- */

static void gen_any (mpz_ptr *ops, size_t limbs);

static const tst_op powm = POWM_ENTRY (gen_any);

/* ---- operands ------------------------------------------------------------------------ */

/* 2^bits - 1 */
static void
ones (mpz_t r, mp_bitcnt_t bits)
{
  mpz_set_ui (r, 0);
  mpz_setbit (r, bits);
  mpz_sub_ui (r, r, 1);
}

#define NMKIND 7
/* A modulus of exactly nm >= 1 limbs, positive, of the kind asked: odd random,
   2^k + 1, 2^k - 1 (all ones), the top bit alone plus one, and the even ones:
   random even, a power of two, an odd one times 2^j. */
static void
make_modulus (mpz_t m, size_t nm, int kind)
{
  mp_bitcnt_t bits = (mp_bitcnt_t) nm * TST_LIMB_BITS;
  switch (kind)
    {
    case 1:                     /* 2^k + 1 */
      mpz_set_ui (m, 1);
      mpz_setbit (m, bits - 1 - tst_urand (TST_LIMB_BITS - 1));
      break;
    case 2:                     /* 2^k - 1 */
      ones (m, bits - tst_urand (TST_LIMB_BITS - 1));
      break;
    case 3:                     /* 2^(64 nm - 1) + small odd */
      mpz_set_ui (m, 2 * tst_urand (8) + 1);
      mpz_setbit (m, bits - 1);
      break;
    case 4:                     /* even */
      tst_rand_nat (m, nm);
      mpz_clrbit (m, 0);
      if (mpz_sgn (m) == 0)
        mpz_set_ui (m, 2);
      break;
    case 5:                     /* a power of two */
      mpz_set_ui (m, 0);
      mpz_setbit (m, bits - 1 - tst_urand (TST_LIMB_BITS));
      break;
    case 6:                     /* odd times 2^j */
      {
        mp_bitcnt_t j = 1 + tst_urand (bits / 2);
        tst_rand_nat (m, nm);
        mpz_fdiv_q_2exp (m, m, j);
        mpz_setbit (m, 0);
        mpz_mul_2exp (m, m, j);
        mpz_setbit (m, bits - 1);
      }
      break;
    default:                    /* odd */
      tst_rand_nat (m, nm);
      mpz_setbit (m, 0);
      break;
    }
}
#define IS_EVEN_KIND(k) ((k) >= 4)

#define NBKIND 9
/* A base against the modulus m > 0, non-negative: random below m (of up to nb
   limbs), random of nb limbs (above m when nb exceeds its size), 0, 1, m - 1, m,
   m + 1, 2 m + small, one sharing a factor with m (no inverse when m > 1). */
static void
make_base (mpz_t b, mpz_srcptr m, size_t nb, int kind)
{
  switch (kind)
    {
    case 1: tst_rand_nat (b, nb); break;
    case 2: mpz_set_ui (b, 0); break;
    case 3: mpz_set_ui (b, 1); break;
    case 4: mpz_sub_ui (b, m, 1); break;
    case 5: mpz_set (b, m); break;
    case 6: mpz_add_ui (b, m, 1); break;
    case 7: mpz_mul_2exp (b, m, 1); mpz_add_ui (b, b, tst_urand (3)); break;
    case 8:                     /* a multiple of a factor of m: m itself, or 2 when m is even */
      if (mpz_even_p (m))
        mpz_set_ui (b, 2 * (1 + tst_urand (1000)));
      else
        mpz_mul_ui (b, m, 1 + tst_urand (3));
      break;
    default:
      tst_rand_nat (b, nb);
      mpz_mod (b, b, m);
      break;
    }
}

#define NEKIND 6
/* An exponent of exactly ne limbs (0: zero), non-negative: random, all ones, the
   top bit alone, long runs; or 0, 1, 2 whatever ne. */
static void
make_exponent (mpz_t e, size_t ne, int kind)
{
  mp_bitcnt_t bits = (mp_bitcnt_t) ne * TST_LIMB_BITS;
  if (ne == 0)
    {
      mpz_set_ui (e, 0);
      return;
    }
  switch (kind)
    {
    case 1: ones (e, bits - tst_urand (2) * tst_urand (TST_LIMB_BITS)); break;
    case 2: mpz_set_ui (e, 0); mpz_setbit (e, bits - 1 - tst_urand (TST_LIMB_BITS)); break;
    case 3: mpz_rrandomb (e, tst_rands, bits); break;
    case 4: mpz_set_ui (e, tst_urand (3)); break;
    default: tst_rand_nat (e, ne); break;
    }
}

/* One element: modulus of nm limbs (kind mk), exponent of ne limbs (kind ek), base
   of nb limbs (kind bk); signs s: bit 0 base < 0, bit 1 exponent < 0, bit 2
   modulus < 0. */
static void
make_elem (mpz_ptr b, mpz_ptr e, mpz_ptr m, size_t nb, size_t ne, size_t nm, int bk, int ek,
           int mk, int s)
{
  make_modulus (m, nm, mk);
  make_base (b, m, nb, bk);
  make_exponent (e, ne, ek);
  if (s & 1)
    mpz_neg (b, b);
  if (s & 2)
    mpz_neg (e, e);
  if (s & 4)
    mpz_neg (m, m);
}

/* Signs: a negative exponent one time in four (no inverse comes from the base
   kinds 2, 5, 7, 8). */
static int
rand_signs (void)
{
  return (int) tst_urand (8) & (tst_urand (4) ? 5 : 7);
}

/* tst_op's generator: a modulus of `limbs` limbs (odd three times in four), a base
   around it, an exponent of up to two limbs (fewer bits for wide moduli, for time). */
static void
gen_any (mpz_ptr *o, size_t limbs)
{
  size_t nm = limbs ? limbs : 1, ne = limbs > 16 ? tst_urand (2) : tst_urand (3);
  int mk = tst_urand (4) ? (int) tst_urand (4) : 4 + (int) tst_urand (3);
  make_elem (o[0], o[1], o[2], nm - 1 + tst_urand (3), ne, nm, (int) tst_urand (NBKIND),
             (int) tst_urand (NEKIND), mk, rand_signs ());
}

/* ---- batches ------------------------------------------------------------------------- */

/* The class the ladder picks for an element within the GPU's sizes must hold it. */
static void
check_ladder (size_t nb, size_t ne, size_t nm)
{
  size_t max = mpzg_mpn_powm_max (), x = nb > nm ? nb : nm;
  mpzg_mpn_shape sh;
  if (x > max || ne > max || nm == 0)
    return;
  mpzg_mpn_powm_shape (mpzg_mpn_powm_class (nb, ne, nm), &sh);
  tst_assert (sh.w[0] >= x && sh.w[2] == sh.w[0] && sh.w[1] >= ne && sh.ow[0] == sh.w[0],
              "powm of %zu, %zu, %zu limbs: class %u of widths %u, %u, %u and output %u "
              "does not hold it", nb, ne, nm, sh.cls, sh.w[0], sh.w[1], sh.w[2], sh.ow[0]);
}

static void
push (tst_batch *b, size_t nb, size_t ne, size_t nm, int bk, int ek, int mk, int s)
{
  size_t i = b->n;
  ck_assert_uint_lt (i, b->cap);
  make_elem (b->in[0][i], b->in[1][i], b->in[2][i], nb, ne, nm, bk, ek, mk, s);
  check_ladder (mpz_size (b->in[0][i]), mpz_size (b->in[1][i]), mpz_size (b->in[2][i]));
  b->n++;
}

/* ---- the classes, as the mpn layer reports them -------------------------------------- */

typedef struct
{
  size_t nmw, *mw;              /* modulus (and base) widths, ascending */
  size_t new_, *ew;             /* exponent widths, ascending */
} widths;

static void
insert (size_t *list, size_t *n, size_t w)
{
  size_t k;
  for (k = 0; k < *n; k++)
    if (list[k] == w)
      return;
  for (k = *n; k > 0 && list[k - 1] > w; k--)
    list[k] = list[k - 1];
  list[k] = w;
  (*n)++;
}

/* The widths of the classes that the ladder picks for operands of their own
   widths; every pair of a modulus width and an exponent width is one of them. */
static void
read_widths (widths *wd)
{
  unsigned ncls = mpzg_mpn_powm_classes (), c, picked = 0;
  size_t max = mpzg_mpn_powm_max ();
  wd->mw = malloc ((ncls ? ncls : 1) * sizeof *wd->mw);
  wd->ew = malloc ((ncls ? ncls : 1) * sizeof *wd->ew);
  ck_assert_ptr_nonnull (wd->mw);
  ck_assert_ptr_nonnull (wd->ew);
  wd->nmw = wd->new_ = 0;
  tst_assert (max == mpzg_gpu_max_limbs (&mpzg_gpu_powm),
              "the powm family's limit is %zu limbs, its mpn layer's %zu",
              mpzg_gpu_max_limbs (&mpzg_gpu_powm), max);
  for (c = 0; c < ncls; c++)
    {
      mpzg_mpn_shape sh;
      mpzg_mpn_powm_shape (c, &sh);
      if (sh.w[0] == 0 || sh.w[1] == 0 || sh.w[0] > max || sh.w[1] > max
          || mpzg_mpn_powm_class (sh.w[0], sh.w[1], sh.w[2]) != c)
        continue;
      insert (wd->mw, &wd->nmw, sh.w[0]);
      insert (wd->ew, &wd->new_, sh.w[1]);
      picked++;
    }
  tst_assert (picked > 0, "the powm family reports no class that its ladder picks");
  tst_assert (picked == wd->nmw * wd->new_, "powm: %u classes picked, %zu modulus widths by %zu "
              "exponent widths", picked, wd->nmw, wd->new_);
  tst_assert (wd->mw[wd->nmw - 1] == max && wd->ew[wd->new_ - 1] == max,
              "the widest powm class is %zu by %zu words, the maximum %zu", wd->mw[wd->nmw - 1],
              wd->ew[wd->new_ - 1], max);
}

static void
widths_free (widths *wd)
{
  free (wd->mw);
  free (wd->ew);
}

/* Wide classes get fewer elements and aliasings: the GMP reference and each
   GPU thread grow with the cube of the width. */
#define WIDE_LIMBS 8
#define WIDE_EXP_LIMBS 64

/* Per modulus width w: moduli of w - 1 (when not zero), w and w + 1 limbs, each
   against exponents of v - 1, v and v + 1 limbs around every exponent width v;
   kinds and signs in turn. */
START_TEST (t_class_edges)
{
  widths wd;
  size_t i, j, k, t;
  char where[64];
  TST_BEGIN ();
  read_widths (&wd);
  for (i = 0; i < wd.nmw; i++)
    {
      size_t w = wd.mw[i], ms[3] = { w - 1, w, w + 1 };
      int wide = w > WIDE_LIMBS, p = 0;
      tst_batch b;
      tst_batch_new (&b, 3, 3 * 3 * wd.new_ * 4);
      for (k = 0; k < 3; k++)
        {
          if (ms[k] == 0)
            continue;
          for (j = 0; j < wd.new_; j++)
            for (t = 0; t < 3; t++, p++)
              {
                /* above WIDE_EXP_LIMBS, only the exponents around the narrow
                   widths: GMP's reference for a full-length exponent there takes
                   seconds an element (t-montpowm runs the kernels' full-length
                   exponents at every width) */
                if (w > WIDE_EXP_LIMBS && wd.ew[j] > 4)
                  continue;
                size_t ne = wd.ew[j] - 1 + t, r, reps = wide ? 1 : 3;
                for (r = 0; r < reps; r++)
                  {
                    /* four in five odd: the GPU's */
                    int mk = (p + (int) r) % 5 == 4 ? 4 + (p % 3) : (p + (int) r) % 4;
                    size_t nb = r == 2 ? ms[k] + 1 : ms[k];
                    push (&b, nb, ne, ms[k], (p + 3 * (int) r) % NBKIND, (p + (int) r) % NEKIND,
                          mk, (p + (int) r) % 8);
                  }
              }
        }
      snprintf (where, sizeof where, "moduli around %zu limbs", w);
      for (k = 0; k < POWM_NALIAS; k++)
        if (!wide || k == 0 || k == 1 + i % (POWM_NALIAS - 1))
          tst_check_op (&powm, &powm_aliases[k], b.in, b.n, where);
      tst_batch_free (&b);
    }
  widths_free (&wd);
}
END_TEST

/* Special values against each other: moduli ±1, ±3, ±(2^k ± 1), odd and even at
   the class edges (both around one limb and around the widest class); bases 0,
   ±1, ±2, m - 1, m, m + 1, -(m - 1), -m; exponents 0, 1, 2, 3, all ones of one
   and four limbs, -1, -2, a negative random one. */
START_TEST (t_specials)
{
  size_t max = mpzg_mpn_powm_max ();
  const mp_bitcnt_t pk[] = { 2, 63, 64, 65, 127, 128, 129, 64 * (mp_bitcnt_t) max - 1,
                             64 * (mp_bitcnt_t) max, 64 * (mp_bitcnt_t) max + 1 };
#define NPK (sizeof pk / sizeof pk[0])
  const size_t nmods = 4 + 4 * NPK + 6, nbases = 10, nexps = 9;
  size_t n = nmods * nbases * nexps, a, e, m, i = 0;
  mpz_t *mods = tst_vec_new (nmods), *in[3];
  TST_BEGIN ();
  for (m = 0; m < 4; m++)
    mpz_set_si (mods[m], m == 0 ? 1 : m == 1 ? -1 : m == 2 ? 3 : -3);
  for (a = 0; a < NPK; a++, m += 4)
    {
      mpz_set_ui (mods[m], 0);
      mpz_setbit (mods[m], pk[a]);
      mpz_sub_ui (mods[m + 1], mods[m], 1);
      mpz_add_ui (mods[m], mods[m], 1);
      mpz_neg (mods[m + 2], mods[m]);
      mpz_neg (mods[m + 3], mods[m + 1]);
    }
  make_modulus (mods[m++], 1, 0);
  make_modulus (mods[m++], max, 0);
  make_modulus (mods[m++], max, 4);
  make_modulus (mods[m++], max, 5);
  make_modulus (mods[m++], 1, 6);
  make_modulus (mods[m], max + 1, 0);
  mpz_neg (mods[m], mods[m]);
  in[0] = tst_vec_new (n);
  in[1] = tst_vec_new (n);
  in[2] = tst_vec_new (n);
  for (m = 0; m < nmods; m++)
    for (a = 0; a < nbases; a++)
      for (e = 0; e < nexps; e++, i++)
        {
          mpz_srcptr md = mods[m];
          mpz_ptr b = in[0][i], x = in[1][i];
          mpz_set (in[2][i], md);
          switch (a)
            {
            case 0: mpz_set_ui (b, 0); break;
            case 1: mpz_set_si (b, 1); break;
            case 2: mpz_set_si (b, -1); break;
            case 3: mpz_set_si (b, tst_urand (2) ? 2 : -2); break;
            case 4: mpz_abs (b, md); mpz_sub_ui (b, b, 1); break;
            case 5: mpz_abs (b, md); break;
            case 6: mpz_abs (b, md); mpz_add_ui (b, b, 1); break;
            case 7: mpz_abs (b, md); mpz_sub_ui (b, b, 1); mpz_neg (b, b); break;
            case 8: mpz_abs (b, md); mpz_neg (b, b); break;
            default: tst_rand_op (b, mpz_size (md)); break;
            }
          switch (e)
            {
            case 0: case 1: case 2: case 3: mpz_set_ui (x, e); break;
            case 4: ones (x, TST_LIMB_BITS); break;
            case 5: ones (x, 4 * TST_LIMB_BITS); break;
            case 6: mpz_set_si (x, -1); break;
            case 7: mpz_set_si (x, -2); break;
            default: mpz_urandomb (x, tst_rands, 100); mpz_add_ui (x, x, 1); mpz_neg (x, x); break;
            }
        }
  tst_check_op (&powm, NULL, in, n, "special values");
  tst_check_op (&powm, &powm_aliases[POWM_ALIAS_ROP_MOD], in, n, "special values");
  tst_vec_free (in[0], n);
  tst_vec_free (in[1], n);
  tst_vec_free (in[2], n);
  tst_vec_free (mods, nmods);
#undef NPK
}
END_TEST

/* ---- even moduli ---------------------------------------------------------------------- */

/* Even moduli of `limbs` limbs: 2^k (k the full length, 64 limbs - 1) and 2^k m'
   for k = 1, 2, and 64 j - 1, 64 j, 64 j + 1 up to the length (m' random odd, 1,
   3); bases 0, 1, 2^v, m - 1, random odd and even (some negative, some above m);
   exponents 0, 1, 2, ceil (k / v) - 1 and ceil (k / v) for the bases 2^v b'
   (where the power becomes 0 mod 2^k), all ones of one limb, random ones of up
   to `elimbs` limbs, and negative ones (an inverse for the odd bases, none for
   the even ones).  Up to 16 limbs every such k; above, the ends and the
   middle. */
static void
push_even (tst_batch *b, size_t limbs, size_t elimbs)
{
  mp_bitcnt_t bits = 64 * (mp_bitcnt_t) limbs, ks[64];
  size_t nk = 0, j, kk;
  ks[nk++] = 1;
  ks[nk++] = 2;
  for (j = 1; j <= limbs && nk + 3 <= 64; j++)
    {
      if (limbs > 16 && j != 1 && j != limbs / 2 && j != limbs)
        continue;
      if (64 * j - 1 > 2)
        ks[nk++] = 64 * j - 1;
      if (64 * j < bits)
        ks[nk++] = 64 * j;
      if (64 * j + 1 < bits)
        ks[nk++] = 64 * j + 1;
    }
  for (kk = 0; kk < nk; kk++)
    {
      int mk;
      for (mk = 0; mk < 3; mk++)
        {
          size_t i = b->n;
          mpz_ptr B = b->in[0][i], E = b->in[1][i], M = b->in[2][i];
          int bk = (int) tst_urand (8), ek = (int) tst_urand (7);
          unsigned long v = 1;
          mp_bitcnt_t k = ks[kk];
          ck_assert_uint_lt (i, b->cap);
          /* m' of the bits left, its top bit set: m of exactly `limbs` limbs */
          if (mk == 0 || k == bits - 1)
            mpz_set_ui (M, 1);
          else if (mk == 1)
            mpz_set_ui (M, 3);
          else
            {
              mpz_urandomb (M, tst_rands, bits - k);
              mpz_setbit (M, 0);
              mpz_setbit (M, bits - k - 1);
            }
          mpz_mul_2exp (M, M, k);
          if (mpz_sizeinbase (M, 2) > bits)
            mpz_tdiv_q_2exp (M, M, 1);  /* 3 2^k beyond the length: 2^(k-1) 3 */
          k = mpz_scan1 (M, 0);       /* 2^k m' */
          switch (bk)
            {
            case 0: mpz_set_ui (B, 0); break;
            case 1: mpz_set_ui (B, 1); break;
            case 2: v = 1 + tst_urand (7); mpz_set_ui (B, 0); mpz_setbit (B, v); break;
            case 3: mpz_sub_ui (B, M, 1); break;
            case 4: tst_rand_nat (B, limbs); mpz_setbit (B, 0); break;
            case 5:
              tst_rand_nat (B, limbs);
              if (mpz_sgn (B) == 0)
                mpz_set_ui (B, 2);
              mpz_clrbit (B, 0);
              v = mpz_scan1 (B, 0);
              break;
            case 6: mpz_add_ui (B, M, 1 + 2 * tst_urand (3)); break;   /* odd, above m */
            default: tst_rand_nat (B, limbs); mpz_mod (B, B, M); break;
            }
          switch (ek)
            {
            case 0: case 1: case 2: mpz_set_ui (E, (unsigned long) ek); break;
            case 3:                     /* ceil (k / v) - 1 or ceil (k / v) */
              mpz_set_ui (E, (unsigned long) ((k + v - 1) / v - tst_urand (2)));
              break;
            case 4: ones (E, TST_LIMB_BITS); break;
            case 5: make_exponent (E, 1 + tst_urand (elimbs), (int) tst_urand (NEKIND)); break;
            default:
              mpz_set_ui (E, 1 + tst_urand (1000));
              mpz_neg (E, E);
              break;
            }
          if (tst_urand (4) == 0)
            mpz_neg (B, B);
          if (tst_urand (4) == 0)
            mpz_neg (M, M);
          check_ladder (mpz_size (B), mpz_size (E), mpz_size (M));
          b->n++;
        }
    }
}

/* Moduli of sizes up to 65 limbs, with exponents of up to four limbs, then of
   the widest size with exponents of one limb (27 elements: GMP's reference is
   slow there); every aliasing up to 16 limbs.  The runner compares the
   statuses of the elements without an inverse too. */
START_TEST (t_even_moduli)
{
  static const size_t sizes[] = { 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 32, 63, 64, 65 };
  size_t s, k, max = mpzg_mpn_powm_max ();
  char where[64];
  tst_batch b;
  TST_BEGIN ();
  for (s = 0; s < sizeof sizes / sizeof sizes[0] + 1; s++)
    {
      size_t limbs = s < sizeof sizes / sizeof sizes[0] ? sizes[s] : max;
      if (limbs > max)
        continue;
      tst_batch_new (&b, 3, 3 * 64);
      push_even (&b, limbs, limbs > 64 ? 1 : 4);
      snprintf (where, sizeof where, "even moduli of %zu limbs", limbs);
      for (k = 0; k < POWM_NALIAS; k++)
        if (limbs <= 16 || k == 0 || k == POWM_ALIAS_ROP_MOD)
          tst_check_op (&powm, &powm_aliases[k], b.in, b.n, where);
      tst_batch_free (&b);
    }
}
END_TEST

/* Moduli with a long power of two, m = 2^k m' with m' = 1, 3 or a random odd
   limb (GMP's reference costs little whatever the exponent: b^e mod m' and a
   power mod 2^k), of `limbs` limbs: k fills the modulus, or leaves a limb, or
   is 64 j + 1 for a random j; odd bases of `limbs` limbs (some negative, some
   above m) with exponents beyond k bits (random or all ones, of one limb more
   than the modulus below the widest class), 2^(k-2) - 1, 2^(k-2), 2^(k-2) + 1 and k - 1 ones (the
   group's exponent for odd bases), negative ones (the inverse); even bases
   2^v b' with e around k / v. */
static void
push_long_power (tst_batch *b, size_t limbs)
{
  int c;
  for (c = 0; c < 12; c++)
    {
      size_t i = b->n;
      mpz_ptr B = b->in[0][i], E = b->in[1][i], M = b->in[2][i];
      mp_bitcnt_t bits = 64 * (mp_bitcnt_t) limbs, k;
      unsigned long v = 1 + tst_urand (8);
      ck_assert_uint_lt (i, b->cap);
      switch (c % 3)
        {
        case 0: mpz_set_ui (M, 1); break;
        case 1: mpz_set_ui (M, 3); break;
        default: tst_rand_nat (M, 1); mpz_setbit (M, 0); break;
        }
      switch (tst_urand (3))
        {
        case 0: k = bits - mpz_sizeinbase (M, 2); break;        /* fills the modulus */
        case 1: k = bits - 64 - mpz_sizeinbase (M, 2) + 1; break;
        default: k = 64 * tst_urand (limbs) + 1; break;
        }
      if (k < 3 || k + mpz_sizeinbase (M, 2) > bits)
        k = 3;
      mpz_mul_2exp (M, M, k);
      tst_rand_nat (B, limbs);
      mpz_setbit (B, 0);
      switch (c / 3)
        {
        case 0:                 /* one limb more, within the GPU's widest exponent */
          make_exponent (E, limbs + (limbs < mpzg_mpn_powm_max ()), tst_urand (2) ? 0 : 1);
          break;
        case 1:
          mpz_set_ui (E, 0);
          mpz_setbit (E, k - 2);
          if (c % 3 == 0)
            mpz_sub_ui (E, E, 1);
          else if (c % 3 == 1)
            mpz_add_ui (E, E, 1);
          break;
        case 2:
          if (c % 3 == 0)
            ones (E, k - 1);
          else
            {
              make_exponent (E, 1 + tst_urand (limbs), 0);
              mpz_neg (E, E);
            }
          break;
        default:
          mpz_set_ui (B, 0);
          mpz_setbit (B, v);
          mpz_set_ui (E, (unsigned long) ((k + v - 1) / v - tst_urand (2)));
          break;
        }
      if (tst_urand (4) == 0)
        mpz_neg (B, B);
      if (tst_urand (4) == 0)
        mpz_add (B, B, M);
      check_ladder (mpz_size (B), mpz_size (E), mpz_size (M));
      b->n++;
    }
}

/* Long powers of two at the edges of the classes of the teams (and below, of
   one thread), exponents up to the modulus's length and beyond; every aliasing
   at 16 and 17 limbs. */
START_TEST (t_long_powers_of_two)
{
  static const size_t sizes[] = { 4, 12, 13, 16, 17, 24, 25, 32, 33, 48, 49, 64, 65, 96, 97, 128,
                                  129, 192, 193, 256 };
  size_t s, k, max = mpzg_mpn_powm_max ();
  char where[64];
  tst_batch b;
  TST_BEGIN ();
  for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      if (sizes[s] > max)
        continue;
      tst_batch_new (&b, 3, 12);
      push_long_power (&b, sizes[s]);
      snprintf (where, sizeof where, "long powers of two, %zu limbs", sizes[s]);
      for (k = 0; k < POWM_NALIAS; k++)
        if (k == 0 || sizes[s] == 16 || sizes[s] == 17)
          tst_check_op (&powm, &powm_aliases[k], b.in, b.n, where);
      tst_batch_free (&b);
    }
}
END_TEST

/* ---- mixed batches, counts ----------------------------------------------------------- */

/* An element around a random modulus width (one in `wide` from the classes above
   WIDE_LIMBS, with an exponent of at most two limbs: large batches), its exponent
   around a random exponent width, any kinds; the modulus even one time in four,
   above the GPU's largest size one time in sixteen. */
static void
push_mixed (tst_batch *b, const widths *wd, unsigned long wide)
{
  size_t max = mpzg_mpn_powm_max (), nmw = wd->nmw, new_ = wd->new_, nm, ne;
  int mk = tst_urand (4) ? (int) tst_urand (4) : 4 + (int) tst_urand (3);
  if (wide > 0)
    {
      while (nmw > 1 && wd->mw[nmw - 1] > WIDE_LIMBS && tst_urand (wide) != 0)
        nmw--;
      while (new_ > 1 && wd->ew[new_ - 1] > 2)
        new_--;
    }
  nm = wd->mw[tst_urand (nmw)] - 1 + tst_urand (3);
  ne = wd->ew[tst_urand (new_)] - 1 + tst_urand (3);
  if (nm == 0)
    nm = 1;
  if (tst_urand (16) == 0)
    {
      nm = max + 1;
      ne = tst_urand (2);
    }
  else if (wide == 0 && tst_urand (16) == 0)
    ne = max + 1;
  push (b, nm - tst_urand (2) + tst_urand (2), ne, nm, (int) tst_urand (NBKIND),
        (int) tst_urand (NEKIND), mk, rand_signs ());
}

/* Odd moduli of every class with even ones (negative, powers of two, 2^j odd) and
   elements above the GPU's largest size in one batch, under every aliasing. */
START_TEST (t_odd_and_even)
{
  widths wd;
  tst_batch b;
  size_t k, n = 600;
  TST_BEGIN ();
  read_widths (&wd);
  tst_batch_new (&b, 3, n);
  for (k = 0; k < n; k++)
    push_mixed (&b, &wd, 8);
  tst_batch_shuffle (&b);
  for (k = 0; k < POWM_NALIAS; k++)
    tst_check_op (&powm, &powm_aliases[k], b.in, b.n, "odd and even moduli");
  tst_batch_free (&b);
  widths_free (&wd);
}
END_TEST

/* Batch counts 0, 1, around the lane group of 8, and 5000 at small sizes. */
START_TEST (t_counts)
{
  static const size_t counts[] = { 0, 1, 7, 8, 9, 5000 };
  widths wd;
  size_t j, k;
  char where[64];
  TST_BEGIN ();
  read_widths (&wd);
  for (j = 0; j < sizeof counts / sizeof counts[0]; j++)
    {
      tst_batch b;
      tst_batch_new (&b, 3, counts[j]);
      for (k = 0; k < counts[j]; k++)
        if (counts[j] > 100)
          push (&b, tst_urand (5), 1 + tst_urand (2), 1 + tst_urand (4), (int) tst_urand (NBKIND),
                (int) tst_urand (NEKIND), tst_urand (4) ? 0 : (int) tst_urand (NMKIND), rand_signs ());
        else
          push_mixed (&b, &wd, 0);
      snprintf (where, sizeof where, "count %zu", counts[j]);
      tst_check_op (&powm, NULL, b.in, b.n, where);
      tst_check_op (&powm, &powm_aliases[1 + j % (POWM_NALIAS - 1)], b.in, b.n, where);
      tst_batch_free (&b);
    }
  widths_free (&wd);
}
END_TEST

/* ---- elements without an inverse ----------------------------------------------------- */

/* Negative exponents, the bases at the listed indices without an inverse (a
   factor shared with the modulus), every other one invertible; moduli odd (the
   GPU's too) except where `even` lists them.  The call reports the lowest such index,
   computes every other element, and leaves the outputs of those without an
   inverse as they were: value, limb pointer (mpz_limbs_read) and allocation, from
   outputs of one limb that any result would grow. */
static void
check_not_invertible (size_t n, const long *noinv, const long *even, size_t nm)
{
  mpz_t *in[3], *out = tst_vec_new (n), *want = tst_vec_new (n);
  const mp_limb_t **ptr = malloc ((n ? n : 1) * sizeof *ptr);
  size_t *alloc = malloc ((n ? n : 1) * sizeof *alloc), i, lowest = MPZG_NO_INDEX, index;
  unsigned char *bad = calloc (n ? n : 1, 1);
  int k, st;
  ck_assert_ptr_nonnull (ptr);
  ck_assert_ptr_nonnull (alloc);
  ck_assert_ptr_nonnull (bad);
  for (k = 0; k < 3; k++)
    in[k] = tst_vec_new (n);
  for (i = 0; i < n; i++)
    {
      make_modulus (in[2][i], nm, (int) tst_urand (4));
      make_base (in[0][i], in[2][i], nm, 0);
      if (mpz_sgn (in[0][i]) == 0)
        mpz_set_ui (in[0][i], 1);
      mpz_add_ui (in[0][i], in[0][i], 1);
      /* invertible: base coprime to m, else a power of two against an odd m */
      if (!mpz_invert (want[i], in[0][i], in[2][i]))
        {
          mpz_set_ui (in[0][i], 0);
          mpz_setbit (in[0][i], tst_urand (64 * nm));
        }
      make_exponent (in[1][i], 1 + tst_urand (2), (int) tst_urand (NEKIND));
      mpz_add_ui (in[1][i], in[1][i], 1);
      mpz_neg (in[1][i], in[1][i]);
      tst_rand_sign (in[0][i]);
      tst_rand_sign (in[2][i]);
    }
  for (k = 0; even[k] >= 0; k++)
    {
      /* an even modulus with an odd base: invertible */
      mpz_mul_2exp (in[2][even[k]], in[2][even[k]], 1 + tst_urand (3));
      mpz_setbit (in[0][even[k]], 0);
    }
  for (k = 0; noinv[k] >= 0; k++)
    {
      i = (size_t) noinv[k];
      if (mpz_cmpabs_ui (in[2][i], 1) == 0)
        mpz_set_ui (in[2][i], 3);
      switch (k % 3)
        {
        case 0: mpz_set_ui (in[0][i], 0); break;
        case 1: mpz_mul_ui (in[0][i], in[2][i], 1 + tst_urand (4)); break;
        default:
          mpz_mul_ui (in[0][i], in[0][i], 3);
          mpz_mul_ui (in[2][i], in[2][i], 3);
          mpz_setbit (in[2][i], 0);
          if (mpz_divisible_ui_p (in[2][i], 3) == 0)
            mpz_mul_ui (in[2][i], in[2][i], 3);
          break;
        }
      bad[i] = 1;
      if (i < lowest)
        lowest = i;
    }
  for (i = 0; i < n; i++)
    {
      mpz_t t;
      int exists;
      mpz_init (t);
      exists = mpz_invert (t, in[0][i], in[2][i]);
      mpz_clear (t);
      tst_assert (!bad[i] || !exists, "the test's element %zu is invertible", i);
      if (!bad[i] && !exists)
        mpz_set_si (in[0][i], tst_urand (2) ? 1 : -1);   /* the even ones' odd base may not be */
      if (!bad[i])
        mpz_powm (want[i], in[0][i], in[1][i], in[2][i]);
      /* one limb, negative: no result looks like it, and any result but 0 grows it */
      mpz_realloc2 (out[i], TST_LIMB_BITS);
      mpz_set_si (out[i], -(long) (i + 1));
      ptr[i] = mpz_limbs_read (out[i]);
      alloc[i] = (size_t) out[i]->_mp_alloc;
    }

  st = mpzg_powm_n (out, in[0], in[1], in[2], n);
  index = mpzg_error_index ();
  tst_assert (st == (lowest == MPZG_NO_INDEX ? MPZG_OK : MPZG_ENOTINVERTIBLE),
              "powm_n [no inverse, n=%zu]: status %d (%s)", n, st, mpzg_strerror (st));
  tst_assert (index == lowest, "powm_n [no inverse, n=%zu]: mpzg_error_index() = %zd, want %zd",
              n, (ssize_t) index, (ssize_t) lowest);
  for (i = 0; i < n; i++)
    if (bad[i])
      tst_assert (mpz_cmp_si (out[i], -(long) (i + 1)) == 0 && mpz_limbs_read (out[i]) == ptr[i]
                  && (size_t) out[i]->_mp_alloc == alloc[i],
                  "powm_n [no inverse, n=%zu]: element %zu without an inverse: output %s, limbs at "
                  "%p (alloc %d), was -%zu at %p (alloc %zu)", n, i, tst_str (out[i]),
                  (const void *) mpz_limbs_read (out[i]), out[i]->_mp_alloc, i + 1,
                  (const void *) ptr[i], alloc[i]);
    else
      tst_assert (mpz_cmp (out[i], want[i]) == 0 && tst_format_problem (out[i]) == NULL,
                  "powm_n [no inverse, n=%zu]: element %zu = %s, want %s", n, i, tst_str (out[i]),
                  tst_str (want[i]));

  /* the same batch through the runner, the output on each input */
  for (k = 0; k < (int) POWM_NALIAS; k++)
    if (powm_aliases[k].in[1] == 0 && powm_aliases[k].in[2] == 0)
      tst_check_op (&powm, &powm_aliases[k], in, n, "no inverse");

  for (k = 0; k < 3; k++)
    tst_vec_free (in[k], n);
  tst_vec_free (out, n);
  tst_vec_free (want, n);
  free (ptr);
  free (alloc);
  free (bad);
}

START_TEST (t_not_invertible)
{
  static const struct { size_t n, nm; long noinv[4], even[3]; } cases[] = {
    { 1, 1, { 0, -1 }, { -1 } },
    { 1, 4, { -1 }, { -1 } },
    { 9, 2, { 8, -1 }, { 3, -1 } },
    { 9, 8, { 0, 4, 5, -1 }, { -1 } },
    { 33, 3, { 17, 32, -1 }, { 5, 20, -1 } },
    { 33, 16, { 20, 3, -1 }, { 2, -1 } },         /* a CPU element below the lowest */
    { 300, 1, { 299, 150, 7, -1 }, { 6, 8, -1 } },
    { 300, 64, { 1, 2, -1 }, { 0, -1 } },
    { 1000, 5, { 999, -1 }, { 998, -1 } },
  };
  size_t c;
  TST_BEGIN ();
  for (c = 0; c < sizeof cases / sizeof cases[0]; c++)
    check_not_invertible (cases[c].n, cases[c].noinv, cases[c].even, cases[c].nm);
}
END_TEST

/* ---- a failing GPU ------------------------------------------------------------------- */

/* Odd moduli of FAIL_LIMBS limbs (or the GPU's largest size, if smaller) with
   bases below them and one-limb exponents of at most 20 bits (the GMP reference
   stays fast), one in five negative; enough of them for five chunks of
   MPZG_SLOT_WORDS input words and for auto mode to choose the GPU.  Every 13th of
   another class, every 4999th above the GPU's largest size; elements 3, 17 and
   every 40000th from 1000 on without an inverse. */
#define FAIL_LIMBS 8

static size_t
fail_limbs (void)
{
  size_t max = mpzg_mpn_powm_max ();
  return max < FAIL_LIMBS ? max : FAIL_LIMBS;
}

static void
fail_gen (const tst_fail_batch *fb, mpz_ptr *o, size_t i)
{
  size_t nm = fail_limbs (), ne = 1;
  if (i % 4999 == 2500)
    nm = fb->max + 1;
  else if (i % 13 == 5)
    {
      nm = 1 + tst_urand (12);
      ne = tst_urand (3);
    }
  make_modulus (o[2], nm, (int) tst_urand (4));
  make_base (o[0], o[2], nm, 0);
  if (ne == 1)
    mpz_urandomb (o[1], tst_rands, 1 + tst_urand (20));
  else
    make_exponent (o[1], ne, (int) tst_urand (NEKIND));
  if (i == 3 || i == 17 || i % 40000 == 1000)
    {
      mpz_mul_ui (o[0], o[2], 1 + tst_urand (3));  /* no inverse */
      mpz_neg (o[1], o[1]);
      mpz_sub_ui (o[1], o[1], 1);
    }
  else if (i % 5 == 2)
    {
      /* an inverse, unless the random base shares a factor with m */
      mpz_neg (o[1], o[1]);
      mpz_sub_ui (o[1], o[1], 1);
    }
  tst_rand_sign (o[0]);
  if (tst_urand (4) == 0)
    mpz_neg (o[2], o[2]);
}

static void
fail_batch (tst_fail_batch *fb)
{
  mpzg_mpn_shape sh;
  size_t nm = fail_limbs ();
  mpzg_mpn_powm_shape (mpzg_mpn_powm_class (nm, 1, nm), &sh);
  fb->op = &powm;
  fb->max = mpzg_mpn_powm_max ();
  fb->beyond = NULL;
  fb->n = 5 * MPZG_SLOT_WORDS / (sh.in_bytes / sizeof (mpzg_mpn_word));
  /* auto mode's total: at least 12 in 13 elements have nm limbs */
  if (fb->n < 2 * MPZG_POWM_WORTH_LIMBS / nm + 1000)
    fb->n = 2 * MPZG_POWM_WORTH_LIMBS / nm + 1000;
  tst_fail_batch_make (fb, fail_gen);
  ck_assert_int_eq (fb->status[3], MPZG_ENOTINVERTIBLE);
}

/* MPZG_BACKEND=cuda: the GPU share fails before the first chunk, after one, after
   three, or never; rop separate, rop == base, rop == exp, rop == mod in turn. */
START_TEST (t_fail_cuda)
{
  tst_fail_batch fb;
  TST_BEGIN ();
  fail_batch (&fb);
  tst_fail_cuda_runs (&fb, 4, mpzg_mpn_powm_max () + 2);
  tst_fail_batch_free (&fb);
}
END_TEST

/* Auto mode: the failed elements are recomputed with GMP and the lowest element
   without an inverse is still reported, rop separate and on one input in turn;
   and the same batch with no failure. */
START_TEST (t_fail_auto)
{
  static const long after[] = { 0, 1, 3, TST_FAIL_NEVER };
  tst_fail_batch fb;
  size_t j;
  int alias;
  TST_BEGIN ();
  fail_batch (&fb);
  for (j = 0; j < sizeof after / sizeof after[0]; j++)
    for (alias = 0; alias < 2; alias++)
      tst_fail_check (&fb, MPZG_BACKEND_AUTO, after[j], alias ? 1 + (int) (j % 3) : 0);
  tst_check_recovered (&powm, mpzg_mpn_powm_max () + 2);
  tst_fail_batch_free (&fb);
}
END_TEST

/* ---- the suite ----------------------------------------------------------------------- */

static void
add_tests (TCase *tc)
{
  tcase_add_test (tc, t_class_edges);
  tcase_add_test (tc, t_specials);
  tcase_add_test (tc, t_even_moduli);
  tcase_add_test (tc, t_long_powers_of_two);
  tcase_add_test (tc, t_odd_and_even);
  tcase_add_test (tc, t_counts);
  tcase_add_test (tc, t_not_invertible);
  tcase_add_test (tc, t_fail_cuda);
  tcase_add_test (tc, t_fail_auto);
}

int
main (void)
{
  return tst_gpu_main ("gpu-powm", add_tests);
}
