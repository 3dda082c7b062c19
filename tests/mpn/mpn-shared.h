/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* mpn-shared.h -- the harness of the kernel tests: launches one family of the
   device's mpn layer (cuda/mpzg-mpn.h) directly on device memory, class by class,
   and compares every instance with GMP's mpn functions.

   A test file defines, then includes this file:
     MPN_NAME         the program's name, for messages
     MPN_ADDSUB, MPN_MUL, MPN_GCD, MPN_GCDEXT or MPN_POWM   the family
     MPN_GCDEXT_NORM  with MPN_GCDEXT: through mpzg_mpn_gcdext_norm, GMP's
                      cofactors checked where the device found them
     MPN_SELECT(sh)   which classes to test (sh: const mpzg_mpn_shape *)
     MPN_SAMPLE       optional: test at most this many of the selected classes (the
                      first, the last and a random choice of the others); below
                      MPZG_TEST_REPS=0.5 at most QUICK_SAMPLE, one launch of a
                      single instance each (for compute-sanitizer)
     MPN_EXTRA        optional: the name of a function (dev, stream) the test file
                      defines after including this one, run after the classes:
                      launches of its own through check_launch

   For each class, a few launches of a random number of instances (one, and counts
   that are not a multiple of the lane group), each operand of a random size inside
   the class (padded with zeros to the class's width, as the layout requires), some
   of them all-ones, 2^(64k-1) or zero.  Guards: canary words before and after every
   buffer (inputs, outputs, scratch), garbage in every output and scratch word before
   the launch, inputs unchanged after it, and the shape query's byte counts against
   the layout the header describes.

   Exit status: 0 when every instance matched, 1 otherwise, 77 (skipped) when no CUDA
   device is usable.  Environment as the Check suites: MPZG_TEST_SEED (a number or
   "random"), MPZG_TEST_REPS (a factor on the launches per class), MPZG_DEVICE. */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gmp.h>
#include <cuda_runtime_api.h>
#include "mpzg-mpn.h"
#include "device-open.h"

#if defined MPN_ADDSUB
#define MPN_FAMILY "addsub"
#define MPN_NIN 2
#define mpn_family_classes mpzg_mpn_addsub_classes
#define mpn_family_shape mpzg_mpn_addsub_shape
#define mpn_family_setup mpzg_mpn_addsub_setup
#define mpn_family_launch mpzg_mpn_addsub
#elif defined MPN_MUL
#define MPN_FAMILY "mul"
#define MPN_NIN 2
#define mpn_family_classes mpzg_mpn_mul_classes
#define mpn_family_shape mpzg_mpn_mul_shape
#define mpn_family_setup mpzg_mpn_mul_setup
#define mpn_family_launch mpzg_mpn_mul
#elif defined MPN_GCDEXT
/* gcdext: gcd's operands and checks, plus the cofactor after g */
#define MPN_FAMILY "gcdext"
#define MPN_NIN 2
#define MPN_GCD 1
#define mpn_family_classes mpzg_mpn_gcdext_classes
#define mpn_family_setup mpzg_mpn_gcdext_setup
#ifdef MPN_GCDEXT_NORM
/* with GMP's cofactors where the device finds them (gcdext-norm.cuh) */
#define mpn_family_shape mpzg_mpn_gcdext_norm_shape
#define mpn_family_launch mpzg_mpn_gcdext_norm
#else
#define mpn_family_shape mpzg_mpn_gcdext_shape
#define mpn_family_launch mpzg_mpn_gcdext
#endif
#define mpn_gcd_max mpzg_mpn_gcdext_max
#define mpn_gcd_class mpzg_mpn_gcdext_class
#include "gcd-cases.h"
#include "gcdext-norm.h"
#elif defined MPN_GCD
#define MPN_FAMILY "gcd"
#define MPN_NIN 2
#define mpn_family_classes mpzg_mpn_gcd_classes
#define mpn_family_shape mpzg_mpn_gcd_shape
#define mpn_family_setup mpzg_mpn_gcd_setup
#define mpn_family_launch mpzg_mpn_gcd
#define mpn_gcd_max mpzg_mpn_gcd_max
#define mpn_gcd_class mpzg_mpn_gcd_class
#include "gcd-cases.h"
#elif defined MPN_POWM
#define MPN_FAMILY "powm"
#define MPN_NIN 3
#define mpn_family_classes mpzg_mpn_powm_classes
#define mpn_family_shape mpzg_mpn_powm_shape
#define mpn_family_setup mpzg_mpn_powm_setup
#define mpn_family_launch mpzg_mpn_powm
#else
#error "define MPN_ADDSUB, MPN_MUL, MPN_GCD, MPN_GCDEXT or MPN_POWM before including mpn-shared.h"
#endif

#define CANARY_WORDS 16
#define LAUNCHES_PER_CLASS 4
/* Classes tested below MPZG_TEST_REPS=0.5 (the first, the last, others at random). */
#define QUICK_SAMPLE 8
#define MAX_INSTANCES 4096
#define MAX_WORDS ((size_t) 1 << 22)    /* words in and out of one launch */
#define MAX_WORK ((size_t) 1 << 24)     /* limb products of one mul launch, for GMP */
#define MAX_POWM_WORK ((size_t) 1 << 28)        /* limb products of one powm launch */
#define MAX_GCDEXT_WORDS ((size_t) 1 << 17)     /* words of one gcdext launch's x, for GMP:
                                                   mpz_gcdext and mpz_invert per sign */

static gmp_randstate_t rands;
static unsigned long seed = 20261123UL;
static double reps_factor = 1.0;
static unsigned long long garbage_state;
static long failures, launches, instances;

static unsigned long
urand (unsigned long n)
{
  return n <= 1 ? 0 : gmp_urandomm_ui (rands, n);
}

/* xorshift64: fast garbage, seeded from the seed. */
static mpzg_mpn_word
garbage_word (void)
{
  unsigned long long x = garbage_state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return garbage_state = x;
}

static mpzg_mpn_word
canary (size_t k)
{
  return 0xc0ffee0ddba11ad5ULL ^ ((unsigned long long) k * 0x9e3779b97f4a7c15ULL);
}

static void
fail (const char *fmt, ...)
{
  va_list ap;
  if (failures++ >= 20)
    return;
  printf ("%s: FAIL: ", MPN_NAME);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  printf (" (MPZG_TEST_SEED=%lu)\n", seed);
}

static void
read_env (void)
{
  const char *s = getenv ("MPZG_TEST_SEED");
  if (s != NULL && *s)
    seed = strcmp (s, "random") == 0
      ? ((unsigned long) time (NULL) * 2654435761UL) ^ (unsigned long) getpid ()
      : strtoul (s, NULL, 0);
  s = getenv ("MPZG_TEST_REPS");
  if (s != NULL && *s && atof (s) > 0)
    reps_factor = atof (s);
  gmp_randinit_default (rands);
  gmp_randseed_ui (rands, seed);
  garbage_state = seed * 0x9e3779b97f4a7c15ULL + 1;
}

/* ---- operands ---------------------------------------------------------------- */

/* An operand of width w: a random size inside the width (the full width half of
   the time), the rest zero; uniform limbs, long runs of ones and zeros, or a
   special value: all ones, 2^(64k-1), zero. */
static void
random_operand (mp_limb_t *p, size_t w)
{
  size_t n = urand (2) ? w : urand (w + 1), i;
  mpz_t z;
  memset (p, 0, w * sizeof *p);
  if (n == 0)
    return;
  switch (urand (8))
    {
    case 0:
      for (i = 0; i < n; i++)
        p[i] = ~(mp_limb_t) 0;
      return;
    case 1:
      p[n - 1] = (mp_limb_t) 1 << 63;
      return;
    case 2:
      return;
    default:
      mpz_init (z);
      if (urand (2))
        mpz_rrandomb (z, rands, 64 * n);
      else
        mpz_urandomb (z, rands, 64 * n);
      for (i = 0; i < mpz_size (z); i++)
        p[i] = mpz_getlimbn (z, i);
      mpz_clear (z);
      return;
    }
}

#ifdef MPN_ADDSUB
/* x and y of width w and the flag (1: subtract, x >= y), sometimes equal or
   complementary operands, or an all-ones x with a one: carries across the width. */
static void
random_instance (mp_limb_t *x, mp_limb_t *y, unsigned char *flag, size_t w)
{
  size_t i;
  random_operand (x, w);
  random_operand (y, w);
  switch (urand (8))
    {
    case 0:
      memcpy (y, x, w * sizeof *x);
      break;
    case 1:
      for (i = 0; i < w; i++)
        y[i] = ~x[i];
      break;
    case 2:
      for (i = 0; i < w; i++)
        x[i] = ~(mp_limb_t) 0;
      memset (y, 0, w * sizeof *y);
      y[0] = 1;
      break;
    default:
      break;
    }
  *flag = (unsigned char) urand (2);
  if (*flag && mpn_cmp (x, y, (mp_size_t) w) < 0)
    for (i = 0; i < w; i++)
      {
        mp_limb_t t = x[i];
        x[i] = y[i];
        y[i] = t;
      }
}
#elif defined MPN_GCD
/* a and b of width w (w0 == w1): a pair of gcd-cases.h's kinds, sizes inside the
   width or at the class's lower edge (one word above the width below, w0 / 2 on
   the ladder of powers of two), or the uniform operands of random_operand. */
static void
random_instance (mp_limb_t *a, mp_limb_t *b, size_t w0, size_t w1)
{
  mpz_t za, zb;
  unsigned long bits = 64 * (unsigned long) w0 - urand (2) * urand (64);
  (void) w1;
  if (urand (4) == 0)
    {
      random_operand (a, w0);
      random_operand (b, w0);
      return;
    }
  if (w0 > 1 && urand (4) == 0)
    bits = 64 * (unsigned long) (w0 / 2) + 1 + urand (64);
  mpz_init (za);
  mpz_init (zb);
  gcd_make (za, zb, bits, (int) urand (GC_KINDS), rands);
  memset (a, 0, w0 * sizeof *a);
  memset (b, 0, w0 * sizeof *b);
  mpz_export (a, NULL, -1, sizeof *a, 0, 0, za);
  mpz_export (b, NULL, -1, sizeof *b, 0, 0, zb);
  mpz_clear (za);
  mpz_clear (zb);
}
#elif defined MPN_POWM
/* b (base) of width w0, e of width w1, m of width w0, odd three times in four,
   else even (and a power of two where it was one word): bases above m and of
   all ones, exponents 0, 1, all ones, moduli 1, all ones, 2^(64k) + 1, 2^(64k);
   one time in eight a long power of two, m = 2^k m' with m' = 1, 3 or a random
   odd word and k up to the full width (GMP's reference costs little there:
   b^e mod m' and a power mod 2^k), odd bases three times in four. */
static void
random_instance (mp_limb_t *b, mp_limb_t *e, mp_limb_t *m, size_t w0, size_t w1)
{
  size_t i;
  random_operand (b, w0);
  random_operand (e, w1);
  random_operand (m, w0);
  if (urand (8) == 0)
    {
      mp_limb_t o = urand (3) == 0 ? 1 : urand (2) ? 3 : m[0] | 1;
      unsigned ob = 64 - (unsigned) __builtin_clzll (o);
      /* k: the full width, 64 j - 1, 64 j or 64 j + 1 */
      unsigned long k = urand (2) ? 64 * w0 - ob : 64 * (1 + urand (w0)) - 1 + urand (3);
      if (k + ob > 64 * w0)
        k = 64 * w0 - ob;
      memset (m, 0, w0 * sizeof *m);
      m[k / 64] = o << (k % 64);
      if (k % 64 && k / 64 + 1 < w0)
        m[k / 64 + 1] = o >> (64 - k % 64);
      if (k == 0)
        m[0] = 2 * o;                   /* even */
      if (urand (4))
        b[0] |= 1;
      return;
    }
  switch (urand (8))
    {
    case 0:
      memset (e, 0, w1 * sizeof *e);
      e[0] = urand (3);
      break;
    case 1:
      memset (m, 0, w0 * sizeof *m);
      break;
    case 2:
      for (i = 0; i < w0; i++)
        b[i] = m[i];
      break;
    case 3:
      i = urand (w0);
      memset (m, 0, w0 * sizeof *m);
      m[i] = (mp_limb_t) 1 << urand (64);
      break;
    default:
      break;
    }
  if (urand (4))
    m[0] |= 1;
  else
    {
      m[0] &= ~(mp_limb_t) 1;
      for (i = 0; i < w0 && m[i] == 0; i++)
        ;
      if (i == w0)
        m[urand (w0)] = (mp_limb_t) 2 << urand (63);   /* a power of two, not 1 */
    }
}
#else
/* a of width w0, b of width w1, sometimes both all ones or (equal widths) equal. */
static void
random_instance (mp_limb_t *a, mp_limb_t *b, size_t w0, size_t w1)
{
  size_t i;
  random_operand (a, w0);
  random_operand (b, w1);
  switch (urand (8))
    {
    case 0:
      for (i = 0; i < w0; i++)
        a[i] = ~(mp_limb_t) 0;
      for (i = 0; i < w1; i++)
        b[i] = ~(mp_limb_t) 0;
      break;
    case 1:
      if (w0 == w1)
        memcpy (b, a, w0 * sizeof *a);
      break;
    default:
      break;
    }
}
#endif

/* ---- device buffers with canaries --------------------------------------------- */

/* A device buffer of `words` words with CANARY_WORDS canaries on each side, and
   its host image. */
typedef struct
{
  size_t words;
  mpzg_mpn_word *host, *dev;    /* dev: the whole buffer, canaries included */
} guarded;

static int
guarded_new (guarded *g, size_t words)
{
  size_t k, all = words + 2 * CANARY_WORDS;
  cudaError_t e;
  g->words = words;
  g->host = malloc (all * sizeof *g->host);
  if (g->host == NULL)
    {
      fail ("out of host memory");
      return 0;
    }
  for (k = 0; k < CANARY_WORDS; k++)
    {
      g->host[k] = canary (k);
      g->host[CANARY_WORDS + words + k] = canary (CANARY_WORDS + k);
    }
  e = cudaMalloc ((void **) &g->dev, all * sizeof *g->dev);
  if (e != cudaSuccess)
    {
      fail ("cudaMalloc of %zu words: %s", all, cudaGetErrorString (e));
      free (g->host);
      return 0;
    }
  return 1;
}

static mpzg_mpn_word *
guarded_words (guarded *g)
{
  return g->host + CANARY_WORDS;
}

static mpzg_mpn_word *
guarded_dev (guarded *g)
{
  return g->dev + CANARY_WORDS;
}

static int
guarded_copy (guarded *g, int to_device)
{
  size_t bytes = (g->words + 2 * CANARY_WORDS) * sizeof *g->host;
  cudaError_t e = to_device
    ? cudaMemcpy (g->dev, g->host, bytes, cudaMemcpyHostToDevice)
    : cudaMemcpy (g->host, g->dev, bytes, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess)
    fail ("cudaMemcpy: %s", cudaGetErrorString (e));
  return e == cudaSuccess;
}

/* Whether the canaries are intact (after a copy back). */
static void
guarded_check (guarded *g, const char *what, const char *where)
{
  size_t k;
  for (k = 0; k < CANARY_WORDS; k++)
    {
      if (g->host[k] != canary (k))
        {
          fail ("%s: the canary word %zu before the %s was overwritten", where,
                CANARY_WORDS - k, what);
          return;
        }
      if (g->host[CANARY_WORDS + g->words + k] != canary (CANARY_WORDS + k))
        {
          fail ("%s: the canary word %zu after the %s was overwritten", where, k + 1, what);
          return;
        }
    }
}

static void
guarded_free (guarded *g)
{
  cudaFree (g->dev);
  free (g->host);
}

/* ---- one launch ---------------------------------------------------------------- */

/* Word i of instance j of an operand starting at base, of width w. */
static size_t
at (const mpzg_mpn_shape *sh, size_t base, size_t w, size_t lanes, size_t i, size_t j)
{
  return sh->layout == MPZG_MPN_INTERLEAVED ? base + i * lanes + j : base + j * w + i;
}

/* Whether the shape query's numbers agree with the layout of mpzg-mpn.h. */
static int
shape_consistent (const mpzg_mpn_shape *sh, const char *where)
{
  size_t w0 = sh->w[0], w1 = sh->w[1], w2 = sh->w[2], flag_bytes = 0, ow, ow1 = 0, ow2 = 0;
  size_t out_flag_bytes;
#ifdef MPN_ADDSUB
  flag_bytes = sh->layout == MPZG_MPN_INTERLEAVED ? 1 : 8;
  ow = w0;
  if (w1 != w0)
    {
      fail ("%s: add/sub widths %zu and %zu differ", where, w0, w1);
      return 0;
    }
#elif defined MPN_GCD
  ow = w0;
#ifdef MPN_GCDEXT
  ow1 = w0;                     /* the cofactor */
#endif
#ifdef MPN_GCDEXT_NORM
  ow2 = sh->ow[2] != 0 ? w0 : 0; /* t and a word of flags, on the classes that find them */
#endif
  /* gcd: interleaved one-thread classes, contiguous cooperative ones */
  if (w1 != w0 || sh->itch != 0)
    {
      fail ("%s: gcd widths %zu and %zu, layout %u, itch %zu", where, w0, w1, sh->layout,
            sh->itch);
      return 0;
    }
#elif defined MPN_POWM
  ow = w0;
  if (w2 != w0 || sh->layout != MPZG_MPN_INTERLEAVED || sh->itch == 0)
    {
      fail ("%s: powm widths %zu %zu %zu, layout %u, itch %zu", where, w0, w1, w2,
            sh->layout, sh->itch);
      return 0;
    }
#else
  ow = w0 + w1;
  if (sh->layout == MPZG_MPN_INTERLEAVED && w1 != w0)
    {
      fail ("%s: interleaved mul widths %zu and %zu differ", where, w0, w1);
      return 0;
    }
#endif
  if (sh->layout != MPZG_MPN_INTERLEAVED && sh->layout != MPZG_MPN_CONTIGUOUS)
    {
      fail ("%s: unknown layout %u", where, sh->layout);
      return 0;
    }
  if (sh->ow[0] != ow)
    {
      fail ("%s: output width %u, want %zu (inputs %u and %u)", where, sh->ow[0], ow,
            sh->w[0], sh->w[1]);
      return 0;
    }
  if (sh->ow[1] != ow1)
    {
      fail ("%s: second output width %u, want %zu", where, sh->ow[1], ow1);
      return 0;
    }
  if (sh->ow[2] != ow2)
    {
      fail ("%s: third output width %u, want %zu", where, sh->ow[2], ow2);
      return 0;
    }
  out_flag_bytes = ow2 != 0 ? 8 : flag_bytes;
  if (sh->in_bytes != 8 * (w0 + w1 + w2) + flag_bytes
      || sh->out_bytes != 8 * (ow + ow1 + ow2) + out_flag_bytes)
    {
      fail ("%s: %zu bytes in and %zu out per instance, the layout says %zu and %zu",
            where, sh->in_bytes, sh->out_bytes, 8 * (w0 + w1 + w2) + flag_bytes,
            8 * (ow + ow1 + ow2) + out_flag_bytes);
      return 0;
    }
  return 1;
}

#ifdef MPN_GCDEXT_NORM
static long norm_found, norm_left;

/* The flags word of instance j (mpzg_mpn_gcdext_norm), after checking that the
   device found GMP's cofactors exactly where it should: everywhere but where g
   is longer than a word, an operand is zero or |y| = g (y the route's
   modulus).  Where it found them (flags valid), |c| (in v's words) and |t|
   into c[0..w) and c[w..2w). */
static unsigned
device_cofactors (const mpzg_mpn_word *out, const mpzg_mpn_shape *sh, size_t lanes, size_t j,
                  mpz_srcptr a, mpz_srcptr b, mpz_srcptr G, mp_limb_t *c, const char *where)
{
  size_t w = sh->w[0], i;
  const unsigned flags = (unsigned) out[3 * w * lanes + j];
  const int should = mpz_size (G) == 1 && mpz_sgn (a) != 0 && mpz_sgn (b) != 0
    && mpz_cmpabs (mpzg_gcdext_route (a, b) ? a : b, G) > 0;
  if (!(flags & MPZG_GCDEXT_NORM_VALID))
    {
      norm_left++;
      if (should || flags != 0)
        fail ("%s: instance %zu, the device declined GMP's cofactors (flags %#x)", where, j,
              flags);
      return 0;
    }
  norm_found++;
  if (!should)
    fail ("%s: instance %zu, cofactors found where the host must (flags %#x)", where, j,
          flags);
  for (i = 0; i < w; i++)
    {
      c[i] = out[at (sh, w * lanes, w, lanes, i, j)];
      c[w + i] = out[at (sh, 2 * w * lanes, w, lanes, i, j)];
    }
  return flags;
}
#endif

#ifdef MPN_GCDEXT
/* The cofactor v of instance j (after g): below the odd operand of the pair once
   the common power of two is removed, and giving, normalized as the host does,
   mpz_gcdext's s and t for every sign of the operands and mpz_invert's inverse.
   Where the device found GMP's cofactors (MPN_GCDEXT_NORM: v's words then hold
   |c|), those with the host's signs (mpzg_gcdext_device_st) against
   mpz_gcdext's s and t instead. */
static void
check_cofactor (const mpzg_mpn_word *out, const mpzg_mpn_shape *sh, size_t lanes, size_t j,
                const mp_limb_t *x, const mp_limb_t *y, const char *where)
{
  size_t w = sh->w[0], i;
  mp_limb_t *g = malloc (4 * w * sizeof *g), *v = g + w;
  mpz_t a, b, m, s, t, w0, w1, rg, rs, rt;
  mpz_srcptr G, V, C = NULL, T = NULL;
  mpz_t Gs, Vs;
  unsigned flags = 0;           /* the device's cofactors: their flags, or 0 */
  if (g == NULL)
    {
      fail ("out of host memory");
      return;
    }
  for (i = 0; i < w; i++)
    {
      g[i] = out[at (sh, 0, w, lanes, i, j)];
      v[i] = out[at (sh, w * lanes, w, lanes, i, j)];
    }
  G = mpz_roinit_n (Gs, g, (mp_size_t) w);
  V = mpz_roinit_n (Vs, v, (mp_size_t) w);
  mpz_inits (a, b, m, s, t, w0, w1, rg, rs, rt, NULL);
  mpz_import (a, w, -1, sizeof (mp_limb_t), 0, 0, x);
  mpz_import (b, w, -1, sizeof (mp_limb_t), 0, 0, y);
#ifdef MPN_GCDEXT_NORM
  mpz_t Cs, Ts;
  if (sh->ow[2] != 0 && (flags = device_cofactors (out, sh, lanes, j, a, b, G, g + 2 * w, where)))
    {
      C = mpz_roinit_n (Cs, g + 2 * w, (mp_size_t) w);
      T = mpz_roinit_n (Ts, g + 3 * w, (mp_size_t) w);
    }
#endif
  if (!flags)                   /* v came back: its range */
    {
      if (mpz_sgn (a) == 0 || mpz_sgn (b) == 0)
        {
          if (mpz_sgn (V) != 0)
            fail ("%s: instance %zu, cofactor not zero for a zero operand", where, j);
        }
      else
        {
          unsigned long z = mpz_scan1 (a, 0) < mpz_scan1 (b, 0) ? mpz_scan1 (a, 0)
            : mpz_scan1 (b, 0);
          mpz_tdiv_q_2exp (m, mpzg_gcdext_route (a, b) ? a : b, z);
          if (mpz_cmp (V, m) >= 0)
            fail ("%s: instance %zu, cofactor out of range", where, j);
        }
    }
  for (int sg = 0; sg < 4 && failures <= 20; sg++)
    {
      if (sg & 1)
        mpz_neg (a, a);
      if (sg & 2)
        mpz_neg (b, b);
      mpz_gcdext (rg, rs, rt, a, b);
      if (flags)
        mpzg_gcdext_device_st (s, t, C, T, flags, mpz_sgn (a), mpz_sgn (b));
      else
        mpzg_gcdext_norm (s, t, G, a, b, V, w0, w1);
      if (mpz_cmp (s, rs) != 0 || mpz_cmp (t, rt) != 0)
        fail ("%s: instance %zu, signs %d: %ss or t differ from mpz_gcdext's", where, j, sg,
              flags ? "the device's " : "");
      if (!flags && mpz_sgn (b) != 0)
        {
          int want = mpz_invert (rs, a, b) != 0, got = mpzg_invert_norm (s, G, a, b, V, w0);
          if (want != got || (want && mpz_cmp (s, rs) != 0))
            fail ("%s: instance %zu, signs %d: the inverse differs from mpz_invert's", where,
                  j, sg);
        }
      if (sg & 1)
        mpz_neg (a, a);
      if (sg & 2)
        mpz_neg (b, b);
    }
  mpz_clears (a, b, m, s, t, w0, w1, rg, rs, rt, NULL);
  free (g);
}
#endif

/* Launches `count` instances of class sh and checks them all; in `lanes_at_least`
   lanes or more (0: as the host pads them), the instances in the first. */
static void
check_launch (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, size_t count,
              size_t lanes_at_least, mpzg_mpn_stream stream)
{
  int il = sh->layout == MPZG_MPN_INTERLEAVED;
  size_t w0 = sh->w[0], w1 = sh->w[1], w2 = sh->w[2], ow = sh->ow[0];
  /* Interleaved layouts pad the lanes with zero instances to the lane group, and
     sometimes by one group more, as the host does against cache-set conflicts. */
  size_t lanes = il ? (count + MPZG_MPN_LANE_GROUP - 1) / MPZG_MPN_LANE_GROUP
    * MPZG_MPN_LANE_GROUP + MPZG_MPN_LANE_GROUP * urand (2) : count;
  if (il && lanes_at_least != 0)
    lanes = (((count > lanes_at_least ? count : lanes_at_least) + MPZG_MPN_LANE_GROUP - 1)
             / MPZG_MPN_LANE_GROUP * MPZG_MPN_LANE_GROUP);
  size_t in_words = (lanes * sh->in_bytes + 7) / 8, out_words = (lanes * sh->out_bytes + 7) / 8;
  size_t scratch_words = sh->itch * lanes, i, j;
  mp_limb_t *x = malloc (count * w0 * sizeof *x), *y = malloc (count * w1 * sizeof *y);
  mp_limb_t *z = malloc ((count * w2 + 1) * sizeof *z);
  mp_limb_t *want = malloc ((ow + 1) * sizeof *want);
  unsigned char *flags = malloc (count);
  mpzg_mpn_word *in, *saved_in = NULL;
  guarded gin, gout, gscratch;
  char where[160];
  int rc, ok = 0;
  cudaError_t e;

  snprintf (where, sizeof where, "class %u (%s, widths %zu %zu, itch %zu), %zu instances in %zu lanes",
            sh->cls, il ? "interleaved" : "contiguous", w0, w1, sh->itch, count, lanes);
  if (x == NULL || y == NULL || z == NULL || want == NULL || flags == NULL)
    {
      fail ("out of host memory");
      goto done_host;
    }
  if (!guarded_new (&gin, in_words))
    goto done_host;
  if (!guarded_new (&gout, out_words))
    goto done_in;
  if (!guarded_new (&gscratch, scratch_words))
    goto done_out;

  /* Inputs: zeros first (padding lanes, padding words), then the instances. */
  in = guarded_words (&gin);
  memset (in, 0, in_words * sizeof *in);
  for (j = 0; j < count; j++)
    {
#ifdef MPN_ADDSUB
      random_instance (x + j * w0, y + j * w1, &flags[j], w0);
      if (il)
        ((unsigned char *) (in + (w0 + w1) * lanes))[j] = flags[j];
      else
        in[(w0 + w1) * lanes + j] = flags[j];
#elif defined MPN_POWM
      random_instance (x + j * w0, y + j * w1, z + j * w2, w0, w1);
#else
      random_instance (x + j * w0, y + j * w1, w0, w1);
#endif
      for (i = 0; i < w0; i++)
        in[at (sh, 0, w0, lanes, i, j)] = x[j * w0 + i];
      for (i = 0; i < w1; i++)
        in[at (sh, w0 * lanes, w1, lanes, i, j)] = y[j * w1 + i];
      for (i = 0; i < w2; i++)
        in[at (sh, (w0 + w1) * lanes, w2, lanes, i, j)] = z[j * w2 + i];
    }
  saved_in = malloc ((in_words ? in_words : 1) * sizeof *saved_in);
  if (saved_in == NULL)
    {
      fail ("out of host memory");
      goto done;
    }
  memcpy (saved_in, in, in_words * sizeof *in);
  /* Garbage in every output and scratch word: the kernel must write what it returns. */
  for (i = 0; i < out_words; i++)
    guarded_words (&gout)[i] = garbage_word ();
  for (i = 0; i < scratch_words; i++)
    guarded_words (&gscratch)[i] = garbage_word ();
  if (!guarded_copy (&gin, 1) || !guarded_copy (&gout, 1) || !guarded_copy (&gscratch, 1))
    goto done;

  rc = mpn_family_launch (dev, sh, guarded_dev (&gin), guarded_dev (&gout),
                          sh->itch ? guarded_dev (&gscratch) : NULL, lanes, stream);
  if (rc != 0)
    {
      fail ("%s: the launcher returned %d (%s)", where, rc, cudaGetErrorString ((cudaError_t) rc));
      goto done;
    }
  e = cudaStreamSynchronize ((cudaStream_t) stream);
  if (e == cudaSuccess)
    e = cudaGetLastError ();
  if (e != cudaSuccess)
    {
      fail ("%s: the kernel failed: %s", where, cudaGetErrorString (e));
      goto done;
    }
  if (!guarded_copy (&gin, 0) || !guarded_copy (&gout, 0) || !guarded_copy (&gscratch, 0))
    goto done;
  launches++;
  instances += (long) count;
  ok = 1;

  guarded_check (&gin, "input", where);
  guarded_check (&gout, "output", where);
  guarded_check (&gscratch, "scratch", where);
  for (i = 0; i < in_words; i++)
    if (in[i] != saved_in[i])
      {
        fail ("%s: input word %zu was modified", where, i);
        break;
      }

  for (j = 0; j < count; j++)
    {
      const mpzg_mpn_word *out = guarded_words (&gout);
      mp_limb_t carry, got_carry = 0;
#ifdef MPN_ADDSUB
      carry = flags[j] ? mpn_sub_n (want, x + j * w0, y + j * w1, (mp_size_t) w0)
        : mpn_add_n (want, x + j * w0, y + j * w1, (mp_size_t) w0);
      got_carry = il ? ((const unsigned char *) (out + ow * lanes))[j] : out[ow * lanes + j];
#elif defined MPN_GCD
      {
        mpz_t za, zb, zg;
        mpz_init (za);
        mpz_init (zb);
        mpz_init (zg);
        mpz_import (za, w0, -1, sizeof (mp_limb_t), 0, 0, x + j * w0);
        mpz_import (zb, w1, -1, sizeof (mp_limb_t), 0, 0, y + j * w1);
        mpz_gcd (zg, za, zb);
        memset (want, 0, ow * sizeof *want);
        mpz_export (want, NULL, -1, sizeof *want, 0, 0, zg);
        mpz_clear (za);
        mpz_clear (zb);
        mpz_clear (zg);
      }
      carry = 0;
#elif defined MPN_POWM
      {
        mpz_t r, b, e, m;
        mpz_init (r);
        mpz_powm (r, mpz_roinit_n (b, x + j * w0, (mp_size_t) w0),
                  mpz_roinit_n (e, y + j * w1, (mp_size_t) w1),
                  mpz_roinit_n (m, z + j * w2, (mp_size_t) w2));
        memset (want, 0, ow * sizeof *want);
        for (i = 0; i < mpz_size (r); i++)
          want[i] = mpz_getlimbn (r, i);
        mpz_clear (r);
      }
      carry = 0;
#else
      mpn_mul (want, x + j * w0, (mp_size_t) w0, y + j * w1, (mp_size_t) w1);
      carry = 0;
#endif
      for (i = 0; i < ow; i++)
        if (out[at (sh, 0, ow, lanes, i, j)] != want[i])
          {
            fail ("%s: instance %zu%s, word %zu of %zu = %#llx, want %#llx", where, j,
#ifdef MPN_ADDSUB
                  flags[j] ? " (sub)" : " (add)",
#else
                  "",
#endif
                  i, ow, (unsigned long long) out[at (sh, 0, ow, lanes, i, j)],
                  (unsigned long long) want[i]);
            break;
          }
#ifdef MPN_GCDEXT
      check_cofactor (out, sh, lanes, j, x + j * w0, y + j * w1, where);
#endif
      if (got_carry != carry)
        fail ("%s: instance %zu, carry %#llx, want %#llx", where, j,
              (unsigned long long) got_carry, (unsigned long long) carry);
      if (failures > 20)
        break;
    }

 done:
  if (!ok)
    cudaGetLastError ();        /* clear a sticky launch error for the next class */
  free (saved_in);
  guarded_free (&gscratch);
 done_out:
  guarded_free (&gout);
 done_in:
  guarded_free (&gin);
 done_host:
  free (x);
  free (y);
  free (z);
  free (want);
  free (flags);
}

/* A launch on each side of a kernel choice by launch size: limit - 1 instances
   of class sh and limit or a few more, the limit held to [1, cap], where cap
   bounds the instances a launch may take; what names the limit. */
static inline void
check_launches_at_limit (const mpzg_mpn_device *dev, const mpzg_mpn_shape *sh, size_t limit,
                         size_t cap, const char *what, mpzg_mpn_stream stream)
{
  const size_t n = limit < 1 ? 1 : limit < cap ? limit : cap;
  if (n > 1)
    check_launch (dev, sh, n - 1, 0, stream);
  const size_t more = n + urand (4);
  check_launch (dev, sh, more < cap ? more : n, 0, stream);
  printf ("%s: class %u (width %zu): launches of %zu and %zu or more instances (%s)\n",
          MPN_NAME, sh->cls, (size_t) sh->w[0], n - 1, n, what);
}

/* ---- classes --------------------------------------------------------------------- */

/* Whether the family's ladder picks class cls for operands of its own widths (a
   class index it never picks, such as a mul shape with b wider than a, has no
   instances to test). */
static int
picked (const mpzg_mpn_shape *sh)
{
#ifdef MPN_POWM
  /* the exponent may be wider than the modulus */
  return sh->w[0] > 0 && sh->w[1] > 0 && sh->w[0] <= mpzg_mpn_powm_max ()
    && sh->w[1] <= mpzg_mpn_powm_max ()
    && mpzg_mpn_powm_class (sh->w[0], sh->w[1], sh->w[0]) == sh->cls;
#else
  if (sh->w[0] == 0 || sh->w[1] == 0 || sh->w[1] > sh->w[0])
    return 0;
#ifdef MPN_ADDSUB
  return sh->w[0] <= mpzg_mpn_addsub_max () && mpzg_mpn_addsub_class (sh->w[0]) == sh->cls;
#elif defined MPN_GCD
  return sh->w[0] <= mpn_gcd_max () && mpn_gcd_class (sh->w[0]) == sh->cls;
#else
  return sh->w[0] <= mpzg_mpn_mul_max () && mpzg_mpn_mul_class (sh->w[0], sh->w[1]) == sh->cls;
#endif
#endif
}

/* Instances per launch: MAX_INSTANCES, fewer where they would move more than
   MAX_WORDS words (scratch included) or cost GMP more than MAX_WORK (mul) or
   MAX_POWM_WORK (powm) limb products. */
static size_t
max_count (const mpzg_mpn_shape *sh)
{
  size_t words = sh->w[0] + sh->w[1] + sh->w[2] + sh->ow[0] + sh->itch + 2;
  size_t cap = MAX_WORDS / words;
#ifdef MPN_POWM
  if (cap > MAX_POWM_WORK / (64 * (size_t) sh->w[1] * sh->w[0] * sh->w[0]))
    cap = MAX_POWM_WORK / (64 * (size_t) sh->w[1] * sh->w[0] * sh->w[0]);
#endif
#ifdef MPN_GCDEXT
  if (cap > MAX_GCDEXT_WORDS / sh->w[0])
    cap = MAX_GCDEXT_WORDS / sh->w[0];
#endif
#ifdef MPN_MUL
  if (cap > MAX_WORK / ((size_t) sh->w[0] * sh->w[1]))
    cap = MAX_WORK / ((size_t) sh->w[0] * sh->w[1]);
#endif
  if (cap > MAX_INSTANCES)
    cap = MAX_INSTANCES;
  return cap ? cap : 1;
}

static int
cmp_unsigned (const void *p, const void *q)
{
  unsigned a = *(const unsigned *) p, b = *(const unsigned *) q;
  return a < b ? -1 : a > b;
}

#ifdef MPN_EXTRA
static void MPN_EXTRA (const mpzg_mpn_device *dev, mpzg_mpn_stream stream);
#endif

int
main (void)
{
  int launches_per_class;
  unsigned ncls, c, *list, nlist = 0, ntested, sample, k;
  struct cudaDeviceProp prop;
  mpzg_mpn_device dev;
  cudaStream_t stream;
  int rc;

  read_env ();
  setvbuf (stdout, NULL, _IOLBF, 0);
  if ((rc = device_open (MPN_NAME, &dev, &prop, &stream)) != 0)
    return rc;
  printf ("%s: MPZG_TEST_SEED=%lu MPZG_TEST_REPS=%g, %s family on %s (%d SMs)\n", MPN_NAME,
          seed, reps_factor, MPN_FAMILY, prop.name, dev.sms);

  rc = mpn_family_setup (&dev);
  if (rc != 0)
    {
      printf ("%s: FAIL: the %s setup returned %d (%s)\n", MPN_NAME, MPN_FAMILY, rc,
              cudaGetErrorString ((cudaError_t) rc));
      return 1;
    }

  ncls = mpn_family_classes ();
  list = malloc ((ncls ? ncls : 1) * sizeof *list);
  if (list == NULL)
    return 1;
  for (c = 0; c < ncls; c++)
    {
      mpzg_mpn_shape sh;
      char where[64];
      mpn_family_shape (c, &sh);
      if (sh.cls != c)
        {
          fail ("the shape of class %u says class %u", c, sh.cls);
          continue;
        }
      if (!picked (&sh) || !(MPN_SELECT (&sh)))
        continue;
      snprintf (where, sizeof where, "class %u", c);
      if (shape_consistent (&sh, where))
        list[nlist++] = c;
    }
  if (nlist == 0)
    {
      printf ("%s: FAIL: no class of the %u of the %s family is selected\n", MPN_NAME,
              ncls, MPN_FAMILY);
      return 1;
    }
  ntested = nlist;
  /* at most `sample` classes: MPN_SAMPLE, and QUICK_SAMPLE below MPZG_TEST_REPS=0.5
     (the sanitizers') */
#ifdef MPN_SAMPLE
  sample = MPN_SAMPLE;
#else
  sample = nlist;
#endif
  if (reps_factor < 0.5 && sample > QUICK_SAMPLE)
    sample = QUICK_SAMPLE;
  if (nlist > sample && sample >= 2)
    {
      /* the first and the last, and a random choice of the others */
      for (k = 1; k + 1 < sample; k++)
        {
          unsigned r = k + (unsigned) urand (nlist - 1 - k), t = list[k];
          list[k] = list[r];
          list[r] = t;
        }
      list[sample - 1] = list[nlist - 1];
      ntested = sample;
      qsort (list, ntested, sizeof *list, cmp_unsigned);
    }

  /* at least a single instance and a large launch per class; below
     MPZG_TEST_REPS=0.5 the single instance alone (every kernel shape once, for
     the sanitizers, whose racecheck instruments every shared-memory access) */
  launches_per_class = (int) (LAUNCHES_PER_CLASS * reps_factor);
  if (launches_per_class < 2)
    launches_per_class = reps_factor < 0.5 ? 1 : 2;
  for (k = 0; k < ntested && failures <= 20; k++)
    {
      mpzg_mpn_shape sh;
      size_t cap, count;
      int r;
      mpn_family_shape (list[k], &sh);
      cap = max_count (&sh);
      for (r = 0; r < launches_per_class; r++)
        {
          if (r == 0)
            count = 1;
          else if (r == 1 && cap > MPZG_MPN_LANE_GROUP)
            /* not a multiple of the lane group */
            count = MPZG_MPN_LANE_GROUP * urand (cap / MPZG_MPN_LANE_GROUP)
              + 1 + urand (MPZG_MPN_LANE_GROUP - 1);
          else
            count = 1 + urand (cap);
          check_launch (&dev, &sh, count, 0, (mpzg_mpn_stream) stream);
        }
    }
#ifdef MPN_EXTRA
  if (failures <= 20)
    MPN_EXTRA (&dev, (mpzg_mpn_stream) stream);
#endif
  cudaStreamDestroy (stream);
  free (list);
  printf ("%s: %u of %u selected classes (of %u), %ld launches, %ld instances, %ld failure%s\n",
          MPN_NAME, ntested, nlist, ncls, launches, instances, failures, failures == 1 ? "" : "s");
#ifdef MPN_GCDEXT_NORM
  printf ("%s: GMP's cofactors found by the device for %ld instances, left to the host for %ld\n",
          MPN_NAME, norm_found, norm_left);
#endif
  if (failures)
    printf ("%s: rerun with MPZG_TEST_SEED=%lu\n", MPN_NAME, seed);
  return failures ? 1 : 0;
}
