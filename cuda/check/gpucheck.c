/* gpucheck.c -- differential check of mpzg_add_n/sub_n/mul_n against GMP loops, and
   kernel-only / end-to-end timings.  Scratch tool for the GPU path (not installed).
   usage: gpucheck [check REPS] [checkadd REPS] [checkmul REPS] [time] [addk] [mulk] [mulks] [mulg] */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mpzg.h"
#include "gpu.h"

static gmp_randstate_t rs;
static long fails = 0, checked = 0;
static int op_end = 3;   /* check: ops op0..op_end-1 */

static double now (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static void
rnd (mpz_t x, size_t limbs, int kind)
{
  if (limbs == 0) { mpz_set_ui (x, 0); return; }
  switch (kind % 4)
    {
    case 0: mpz_urandomb (x, rs, limbs * 64); break;
    case 1: mpz_rrandomb (x, rs, limbs * 64); break;
    case 2: mpz_set_ui (x, 1); mpz_mul_2exp (x, x, limbs * 64); mpz_sub_ui (x, x, 1); break; /* all ones */
    default: mpz_rrandomb (x, rs, limbs * 64 - gmp_urandomm_ui (rs, 64)); break;
    }
  if (mpz_size (x) < limbs && kind % 4 != 3) mpz_setbit (x, limbs * 64 - 1);
  if (gmp_urandomm_ui (rs, 2)) mpz_neg (x, x);
}

static const char *opname[3] = { "add", "sub", "mul" };

static void
ref (int op, mpz_t r, mpz_t a, mpz_t b)
{
  if (op == 0) mpz_add (r, a, b); else if (op == 1) mpz_sub (r, a, b); else mpz_mul (r, a, b);
}

static int
call (int op, mpz_t *r, mpz_t *a, mpz_t *b, size_t n)
{
  return op == 0 ? mpzg_add_n (r, a, b, n) : op == 1 ? mpzg_sub_n (r, a, b, n) : mpzg_mul_n (r, a, b, n);
}

/* one batch: sizes na[i], nb[i]; alias 0: r separate, 1: r == a, 2: r == b */
static void
batch (int op, size_t n, const size_t *na, const size_t *nb, int alias, const char *what)
{
  mpz_t *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b), *r = malloc (n * sizeof *r),
        *e = malloc (n * sizeof *e);
  for (size_t i = 0; i < n; i++)
    {
      mpz_inits (a[i], b[i], r[i], e[i], NULL);
      int k = (int) gmp_urandomm_ui (rs, 16);
      rnd (a[i], na[i], k);
      rnd (b[i], nb[i], k / 4);
      if (gmp_urandomm_ui (rs, 16) == 0) { if (op == 0) mpz_neg (b[i], a[i]); else mpz_set (b[i], a[i]); }
      if (gmp_urandomm_ui (rs, 16) == 0 && mpz_sgn (a[i])) { mpz_neg (b[i], a[i]); mpz_add_ui (b[i], b[i], 1); }
      mpz_urandomb (r[i], rs, 100);          /* garbage */
      ref (op, e[i], a[i], b[i]);
    }
  mpz_t *out = alias == 1 ? a : alias == 2 ? b : r;
  int st = call (op, out, a, b, n);
  if (st != MPZG_OK) { printf ("FAIL %s %s: status %d (%s)\n", opname[op], what, st, mpzg_strerror (st)); fails++; }
  else
    for (size_t i = 0; i < n; i++)
      {
        checked++;
        if (mpz_cmp (out[i], e[i]) != 0 || (mpz_size (out[i]) > 0 && out[i]->_mp_d[mpz_size (out[i]) - 1] == 0))
          {
            if (fails < 20)
              printf ("FAIL %s %s alias %d: element %zu na=%zu nb=%zu\n", opname[op], what, alias, i, na[i], nb[i]);
            fails++;
          }
      }
  for (size_t i = 0; i < n; i++) mpz_clears (a[i], b[i], r[i], e[i], NULL);
  free (a); free (b); free (r); free (e);
}

static const size_t sizes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 20, 23, 24, 25, 31, 32, 33,
  39, 40, 41, 48, 63, 64, 65, 96, 127, 128, 129, 130, 200, 255, 256, 257, 511, 512, 513, 1000, 1023, 1024,
  1025, 1500, 2047, 2048, 2049, 3000, 4095, 4096, 4097, 6000, 8192, 30000, 65535, 65536, 65537, 70000 };
#define NS (sizeof sizes / sizeof sizes[0])

static void
check (int reps, int op0)
{
  for (int op = op0; op < op_end; op++)
    {
      /* uniform batches per size, balanced and unbalanced */
      for (size_t s = 0; s < NS; s++)
        {
          size_t n = sizes[s] > 5000 ? 3 : sizes[s] > 1000 ? 40 : 300;
          if (getenv ("GPUCHECK_SMALL"))
            {
              if (sizes[s] > 5000)
                continue;
              n = n > 40 ? 40 : 4;
            }
          size_t *na = malloc (n * sizeof *na), *nb = malloc (n * sizeof *nb);
          char what[64];
          for (size_t i = 0; i < n; i++) { na[i] = sizes[s]; nb[i] = sizes[s]; }
          snprintf (what, sizeof what, "size %zu", sizes[s]);
          batch (op, n, na, nb, (int) (s % 3), what);
          for (size_t i = 0; i < n; i++) nb[i] = gmp_urandomm_ui (rs, sizes[s] + 1);
          snprintf (what, sizeof what, "size %zu x <=", sizes[s]);
          batch (op, n, na, nb, (int) ((s + 1) % 3), what);
          batch (op, n, nb, na, (int) ((s + 2) % 3), what);
          free (na); free (nb);
        }
      /* mixed batches */
      for (int rep = 0; rep < reps; rep++)
        {
          size_t n = 3000;
          size_t *na = malloc (n * sizeof *na), *nb = malloc (n * sizeof *nb);
          for (size_t i = 0; i < n; i++)
            {
              size_t lim = gmp_urandomm_ui (rs, 8) == 0 ? 9000 : gmp_urandomm_ui (rs, 2) ? 300 : 40;
              na[i] = gmp_urandomm_ui (rs, lim + 1);
              nb[i] = gmp_urandomm_ui (rs, 3) == 0 ? na[i] : gmp_urandomm_ui (rs, lim + 1);
            }
          batch (op, n, na, nb, rep % 3, "mixed");
          free (na); free (nb);
        }
      printf ("%s: checked %ld, failures so far %ld\n", opname[op], checked, fails);
      fflush (stdout);
    }
}

static void
timing (void)
{
  double d2d = 0, h2d = 0, d2h = 0;
  if (mpzg_gpu_measure_bandwidth (0, (size_t) 1 << 28, &d2d, &h2d, &d2h) == MPZG_OK)
    printf ("bandwidth (256 MiB): d2d %.0f GB/s (read+write), h2d %.1f GB/s, d2h %.1f GB/s; 2^30-bit add floor (3 x 128 MiB at d2d) %.1f us\n",
            d2d, h2d, d2h, 3.0 * 134217728 / (d2d * 1e3));
  printf ("op   bits    count    kernel_us  gpu_e2e_ms  cpu_all_ms  gmp1_ms  ok\n");
  for (int op = 0; op < 3; op += 2)
    for (int lb = 8; lb <= (op == 2 ? 18 : 22); lb++)
      {
        size_t bits = (size_t) 1 << lb, n = ((size_t) 1 << 30) / bits;
        mpz_t *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b), *r = malloc (n * sizeof *r);
        for (size_t i = 0; i < n; i++)
          {
            mpz_inits (a[i], b[i], r[i], NULL);
            mpz_urandomb (a[i], rs, bits); mpz_setbit (a[i], bits - 1);
            mpz_urandomb (b[i], rs, bits); mpz_setbit (b[i], bits - 1);
          }
        double us = -1, t0, e2e, cpu, g1;
        int st = mpzg_gpu_time_kernel (op, r, a, b, n, 9, 0, &us);
        mpz_t e; mpz_init (e);
        long bad = 0;
        size_t nchk = n < 2000 ? n : 2000;
        for (size_t i = 0; i < nchk; i++) { ref (op, e, a[i], b[i]); bad += mpz_cmp (e, r[i]) != 0; }
        mpzg_set_backend (MPZG_BACKEND_CUDA);
        call (op, r, a, b, n);
        t0 = now (); st |= call (op, r, a, b, n); e2e = now () - t0;
        for (size_t i = 0; i < nchk; i++) { ref (op, e, a[n - 1 - i], b[n - 1 - i]); bad += mpz_cmp (e, r[n - 1 - i]) != 0; }
        mpzg_set_backend (MPZG_BACKEND_CPU);
        t0 = now (); call (op, r, a, b, n); cpu = now () - t0;
        mpzg_set_backend (MPZG_BACKEND_CUDA);
        size_t ng = n < 50000 ? n : 50000;
        t0 = now (); for (size_t i = 0; i < ng; i++) ref (op, r[i], a[i], b[i]); g1 = (now () - t0) * n / ng;
        printf ("%s  2^%-2d  %8zu  %10.1f  %10.2f  %10.2f  %8.1f  %s\n", opname[op], lb, n, us, e2e * 1e3, cpu * 1e3, g1 * 1e3,
                st == 0 && bad == 0 ? "ok" : "BAD");
        if (st || bad) fails++;
        fflush (stdout);
        mpz_clear (e);
        for (size_t i = 0; i < n; i++) mpz_clears (a[i], b[i], r[i], NULL);
        free (a); free (b); free (r);
      }
}

/* kernel-only mul at small sizes with the small/block boundary moved */
static void
boundary (int qsweep)
{
  static const char *mx[] = { "0", "8", "16", "32" }, *qx[] = { "64", "128", "256", "4096" };
  for (int v = qsweep ? 1 : 0; v < 4; v++)
    {
      setenv (qsweep ? "MPZG_GPU_MUL_Q4_MAX" : "MPZG_GPU_MUL_SMALL_MAX", qsweep ? qx[v] : mx[v], 1);
      for (int lb = qsweep ? 13 : 7; lb <= (qsweep ? 16 : 11); lb++)
        {
          size_t bits = (size_t) 1 << lb, n = ((size_t) 1 << 30) / bits;
          mpz_t *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b), *r = malloc (n * sizeof *r), e;
          mpz_init (e);
          for (size_t i = 0; i < n; i++)
            {
              mpz_inits (a[i], b[i], r[i], NULL);
              mpz_urandomb (a[i], rs, bits); mpz_setbit (a[i], bits - 1);
              mpz_urandomb (b[i], rs, bits); mpz_setbit (b[i], bits - 1);
            }
          double us = -1;
          int st = mpzg_gpu_time_kernel (2, r, a, b, n, 5, 0, &us);
          long bad = 0;
          for (size_t i = 0; i < 1000; i++) { mpz_mul (e, a[i], b[i]); bad += mpz_cmp (e, r[i]) != 0; }
          printf (qsweep ? "mul q4_max=%s 2^%d: kernel %.1f us %s\n" : "mul small_max=%s 2^%d: kernel %.1f us %s\n", qsweep ? qx[v] : mx[v], lb, us, st || bad ? "BAD" : "ok");
          if (st || bad) fails++;
          fflush (stdout);
          mpz_clear (e);
          for (size_t i = 0; i < n; i++) mpz_clears (a[i], b[i], r[i], NULL);
          free (a); free (b); free (r);
        }
    }
  unsetenv ("MPZG_GPU_MUL_SMALL_MAX");
  unsetenv ("MPZG_GPU_MUL_Q4_MAX");
}

/* kernel-only mul, 2^8..2^18 bits, each size timed under every variant (environment
   settings, NAME=VALUE;NAME=VALUE...) on the same operands, each checked on 1000
   elements: "mulk" compares the block kernel's shared loads (MPZG_GPU_MUL_VEC) and 16-thread
   groups (MPZG_GPU_MUL_HALF). */
/* Back to the default kernels: no variant setting of mulk's left in the environment. */
static void
clear_mul_variants (void)
{
  static const char *const names[] = {
    "MPZG_GPU_MUL_VEC", "MPZG_GPU_MUL_HALF", "MPZG_GPU_MUL_SMALL_MAX", "MPZG_GPU_MUL_SMALL_WIDE",
    "MPZG_GPU_MUL_GRP", "MPZG_GPU_MUL_TRI", "MPZG_GPU_MUL_GRP_THREADS", "MPZG_GPU_MUL_G32",
    "MPZG_GPU_MUL_G64", "MPZG_GPU_MUL_G128", "MPZG_GPU_MUL_SW",
  };
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    unsetenv (names[k]);
}

static void
mulk (int small)
{
  /* "mulks": the one-thread small kernels (MPZG_GPU_MUL_SMALL_WIDE 0 operand scanning,
     32-bit chains; 2 and 3 hybrid scanning, 64-bit products, W = 8 and 16), 2^8..2^11 */
  static const char *svar[] = {
    "MPZG_GPU_MUL_SMALL_WIDE=0",
    "MPZG_GPU_MUL_SMALL_WIDE=2",
    "MPZG_GPU_MUL_SMALL_WIDE=3",
    "MPZG_GPU_MUL_SMALL_WIDE=0;MPZG_GPU_MUL_SMALL_MAX=0",
  };
  static const char *var[] = {
    "MPZG_GPU_MUL_VEC=0;MPZG_GPU_MUL_HALF=0",
    "MPZG_GPU_MUL_VEC=1;MPZG_GPU_MUL_HALF=0",
    "MPZG_GPU_MUL_VEC=1;MPZG_GPU_MUL_HALF=1",
    "MPZG_GPU_MUL_VEC=2;MPZG_GPU_MUL_HALF=1",
    "MPZG_GPU_MUL_VEC=0;MPZG_GPU_MUL_HALF=1",
    "MPZG_GPU_MUL_VEC=1;MPZG_GPU_MUL_HALF=1;MPZG_GPU_MUL_SMALL_MAX=0",
    "MPZG_GPU_MUL_VEC=2;MPZG_GPU_MUL_HALF=0",
  };
  /* "mulg": mul_grp_kernel (up to 128 limbs) against the 16-thread block kernel (v0):
     the high to low switch with and without a restart at every size, 128-thread
     blocks, no triangles, 4 threads at 32 limbs (Q = 8); 2^10..2^17 (16 threads where
     the default has 8, Q = 2 and 4, and 8 where it has 16, Q = 16, were slower:
     MPZG_GPU_MUL_G32, _G64, _G128) */
  static const char *gvar[] = {
    "MPZG_GPU_MUL_GRP=0",
    "MPZG_GPU_MUL_GRP=1",
    "MPZG_GPU_MUL_GRP=1;MPZG_GPU_MUL_SW=0",
    "MPZG_GPU_MUL_GRP=1;MPZG_GPU_MUL_SW=1",
    "MPZG_GPU_MUL_GRP=1;MPZG_GPU_MUL_GRP_THREADS=128",
    "MPZG_GPU_MUL_GRP=1;MPZG_GPU_MUL_TRI=0",
    "MPZG_GPU_MUL_GRP=1;MPZG_GPU_MUL_G32=4",
  };
  const char **vl = small == 2 ? gvar : small ? svar : var;
  const int nv = small == 2 ? (int) (sizeof gvar / sizeof gvar[0])
    : small ? (int) (sizeof svar / sizeof svar[0]) : (int) (sizeof var / sizeof var[0]);
  printf ("mulk: kernel-only us (median of 9), variants:\n");
  for (int v = 0; v < nv; v++)
    printf ("  v%d: %s\n", v, vl[v]);
  for (int lb = small == 2 ? 10 : small ? 8 : 9; lb <= (small == 2 ? 17 : small ? 11 : 16); lb++)
    {
      size_t bits = (size_t) 1 << lb, n = ((size_t) 1 << 30) / bits;
      mpz_t *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b), *r = malloc (n * sizeof *r), e;
      mpz_init (e);
      for (size_t i = 0; i < n; i++)
        {
          mpz_inits (a[i], b[i], r[i], NULL);
          mpz_urandomb (a[i], rs, bits); mpz_setbit (a[i], bits - 1);
          mpz_urandomb (b[i], rs, bits); mpz_setbit (b[i], bits - 1);
        }
      printf ("mulk 2^%-2d %8zu", lb, n);
      for (int v = 0; v < nv; v++)
        {
          char buf[256], *save = NULL;
          if (small == 2 && v >= 2 && (lb < 11 || lb > 13))   /* the same kernel as v1 */
            { printf ("  v%d %9s", v, "-"); continue; }
          if (!small && ((v >= 2 && v <= 4 && (lb < 11 || lb > 13)) || (v == 5 && lb > 10)
                         || (v == 6 && lb > 13)))   /* only where the variant differs */
            { printf ("  v%d %9s", v, "-"); continue; }
          clear_mul_variants ();
          snprintf (buf, sizeof buf, "%s", vl[v]);
          for (char *t = strtok_r (buf, ";", &save); t; t = strtok_r (NULL, ";", &save))
            {
              char *eq = strchr (t, '=');
              *eq = 0;
              setenv (t, eq + 1, 1);
            }
          double us = -1;
          for (size_t i = 0; i < 1000; i++) mpz_set_ui (r[i], 7);
          int st = mpzg_gpu_time_kernel (2, r, a, b, n, 9, 0, &us);
          long bad = 0;
          for (size_t i = 0; i < 1000; i++) { mpz_mul (e, a[i], b[i]); bad += mpz_cmp (e, r[i]) != 0; }
          printf ("  v%d %9.1f%s", v, us, st || bad ? " BAD" : "");
          if (st || bad) fails++;
          fflush (stdout);
        }
      printf ("\n");
      clear_mul_variants ();
      mpz_clear (e);
      for (size_t i = 0; i < n; i++) mpz_clears (a[i], b[i], r[i], NULL);
      free (a); free (b); free (r);
    }
}

/* kernel-only add/sub, 2^8..2^22 bits, each size timed under every add variant
   (environment settings as in mulk) on the same operands, each checked on 1000
   elements (first and last 500): "addk" compares the one-warp-per-instance kernel
   (v0: block kernel off) with the block-per-instance kernel's shapes. */
static void
addk (void)
{
  static const char *var[] = {
    "MPZG_GPU_ADD_BLOCK_MIN=100000000",
    "",
    "MPZG_GPU_ADD_BLOCK_MIN=33;MPZG_GPU_ADD_BLOCK_WARPS=32;MPZG_GPU_ADD_BLOCK_UNROLL=4",
    "MPZG_GPU_ADD_BLOCK_MIN=33;MPZG_GPU_ADD_BLOCK_WARPS=16;MPZG_GPU_ADD_BLOCK_UNROLL=4",
    "MPZG_GPU_ADD_BLOCK_MIN=33;MPZG_GPU_ADD_BLOCK_WARPS=8;MPZG_GPU_ADD_BLOCK_UNROLL=4",
    "MPZG_GPU_ADD_BLOCK_MIN=33;MPZG_GPU_ADD_BLOCK_WARPS=32;MPZG_GPU_ADD_BLOCK_UNROLL=2",
    "MPZG_GPU_ADD_BLOCK_MIN=33;MPZG_GPU_ADD_BLOCK_WARPS=32;MPZG_GPU_ADD_BLOCK_UNROLL=8",
  };
  const int nv = sizeof var / sizeof var[0];
  printf ("addk: kernel-only us (median of 9), variants:\n");
  for (int v = 0; v < nv; v++)
    printf ("  v%d: %s\n", v, var[v][0] ? var[v] : "(default)");
  for (int op = 0; op < 2; op++)
    for (int lb = 8; lb <= 22; lb++)
      {
        size_t bits = (size_t) 1 << lb, n = ((size_t) 1 << 30) / bits;
        if (op == 1 && lb != 8 && lb != 19 && lb != 20 && lb != 22)
          continue;
        mpz_t *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b), *r = malloc (n * sizeof *r), e;
        mpz_init (e);
        for (size_t i = 0; i < n; i++)
          {
            mpz_inits (a[i], b[i], r[i], NULL);
            mpz_urandomb (a[i], rs, bits); mpz_setbit (a[i], bits - 1);
            mpz_urandomb (b[i], rs, bits); mpz_setbit (b[i], bits - 1);
          }
        printf ("addk %s 2^%-2d %8zu", opname[op], lb, n);
        for (int v = 0; v < nv; v++)
          {
            char buf[256], *save = NULL;
            if (v >= 2 && lb < 12)   /* small kernel there: variants identical */
              { printf ("  v%d %7s", v, "-"); continue; }
            unsetenv ("MPZG_GPU_ADD_BLOCK_MIN"); unsetenv ("MPZG_GPU_ADD_BLOCK_WARPS"); unsetenv ("MPZG_GPU_ADD_BLOCK_UNROLL");
            snprintf (buf, sizeof buf, "%s", var[v]);
            for (char *t = strtok_r (buf, ";", &save); t; t = strtok_r (NULL, ";", &save))
              {
                char *eq = strchr (t, '=');
                *eq = 0;
                setenv (t, eq + 1, 1);
              }
            double us = -1;
            size_t nchk = n < 1000 ? n : 1000;
            for (size_t i = 0; i < nchk; i++) mpz_set_ui (r[i < nchk / 2 ? i : n - 1 - (i - nchk / 2)], 7);
            int st = mpzg_gpu_time_kernel (op, r, a, b, n, 9, 0, &us);
            long bad = 0;
            for (size_t i = 0; i < nchk; i++)
              {
                size_t k = i < nchk / 2 ? i : n - 1 - (i - nchk / 2);
                ref (op, e, a[k], b[k]);
                bad += mpz_cmp (e, r[k]) != 0;
              }
            printf ("  v%d %7.1f%s", v, us, st || bad ? " BAD" : "");
            if (st || bad) fails++;
            fflush (stdout);
          }
        printf ("\n");
        unsetenv ("MPZG_GPU_ADD_BLOCK_MIN"); unsetenv ("MPZG_GPU_ADD_BLOCK_WARPS"); unsetenv ("MPZG_GPU_ADD_BLOCK_UNROLL");
        mpz_clear (e);
        for (size_t i = 0; i < n; i++) mpz_clears (a[i], b[i], r[i], NULL);
        free (a); free (b); free (r);
      }
}

int
main (int argc, char **argv)
{
  char desc[256];
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 20261122);
  printf ("backend %d: ", mpzg_backend (desc, sizeof desc));
  printf ("%s\n", desc);
  for (int i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "check")) check (i + 1 < argc ? atoi (argv[++i]) : 3, 0);
      else if (!strcmp (argv[i], "checkadd")) { op_end = 2; check (i + 1 < argc ? atoi (argv[++i]) : 3, 0); op_end = 3; }
      else if (!strcmp (argv[i], "checkmul")) check (i + 1 < argc ? atoi (argv[++i]) : 3, 2);
      else if (!strcmp (argv[i], "mulk")) mulk (0);
      else if (!strcmp (argv[i], "mulks")) mulk (1);
      else if (!strcmp (argv[i], "mulg")) mulk (2);
      else if (!strcmp (argv[i], "addk")) addk ();
      else if (!strcmp (argv[i], "time")) timing ();
      else if (!strcmp (argv[i], "boundary")) boundary (0);
      else if (!strcmp (argv[i], "qsweep")) boundary (1);
    }
  printf ("TOTAL checked %ld failures %ld\n", checked, fails);
  return fails != 0;
}
