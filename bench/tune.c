/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tune.c -- mpzg-tune: measures the GPU path's switch points on the GPU in use and
   writes cuda/tuning-switch.h, as GMP's tune/tuneup writes gmp-mparam.h.

   It links the tuning build of the library (-DMPZG_TUNE_PROGRAM_BUILD), where each
   switch point is a variable (cuda/tune-vars.h).  Each step times the two methods
   of one switch point side by side, in alternating order, the median of several
   rounds, over increasing sizes (batch counts, for the kernel shapes chosen by a
   launch's count), and takes the first size from which the second method wins
   at two consecutive sizes (tune_crossover); the sizes between two measured ones
   keep the first method.  Kernel choices are timed kernel only
   (mpzg_gpu_time_kernel: operands resident on the device), the GPU-or-CPU
   decisions end to end (mpz_t in and out) against the library's CPU path on all
   cores, by size and batch count, and the pipeline's chunk size end to end over a
   few candidates.  Every result is compared with GMP's; a mismatch or a device
   error is a failure: the tuner then writes no header and exits 1.  Progress goes
   to stderr, the header to -o FILE (default stdout).  -s runs some of the steps:
   the others' switch points are written as they are, named as not measured. */

#include <config.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpzg.h>
#include "gpu.h"
#include "mpzg-mpn.h"
#include "tuning.h"
#include "bench.h"
#include "tune-logic.h"

#define MAX_SIZES 16
#define MAX_ROUNDS 15

static struct
{
  int quick, rounds, e2e_rounds;
  unsigned tbits;
  double budget_s, cap_us;
  const char *out;
  unsigned steps;               /* TUNE_STEP_* (-s) */
  unsigned long fams;           /* the auto step's families (bit i: families[i]) */
} opt = { 0, 5, 3, 27, 420.0, 2e5, NULL, TUNE_STEPS_ALL, ~0UL };

static double t_start;
static int cores, failures;
static gmp_randstate_t rs;

/* ---- the switch points (tune-list.h) ---- */

typedef struct
{
  const char *name;
  int kind;
  void *var;
  const char *kept;             /* why it was not measured; NULL once it was */
} tune_sw;

/* A step that runs says of each of its switch points that it was measured or why
   it was kept; what remains is a step that -s left out. */
#define MPZG_TUNE_ENTRY(macro, var, type, kind) { #macro, kind, &var, "step not run, -s" },
static tune_sw sw[] = { MPZG_TUNE_SWITCHES (MPZG_TUNE_ENTRY) };
#undef MPZG_TUNE_ENTRY
#define NSW (sizeof sw / sizeof sw[0])

static tune_sw *
sw_find (const char *name)
{
  for (size_t i = 0; i < NSW; i++)
    if (strcmp (sw[i].name, name) == 0)
      return &sw[i];
  fprintf (stderr, "mpzg-tune: internal error: no switch point %s\n", name);
  abort ();
}

static double
sw_get (const tune_sw *s)
{
  if (s->kind == MPZG_TUNE_SIZE)
    return (double) *(size_t *) s->var;
  if (s->kind == MPZG_TUNE_DOUBLE)
    return *(double *) s->var;
  return (double) *(unsigned *) s->var;
}

/* Sets a switch point to its measured value and says so. */
static void
sw_measured (const char *name, double v)
{
  tune_sw *s = sw_find (name);
  if (s->kind == MPZG_TUNE_SIZE)
    *(size_t *) s->var = (size_t) v;
  else if (s->kind == MPZG_TUNE_DOUBLE)
    *(double *) s->var = v;
  else
    *(unsigned *) s->var = (unsigned) v;
  s->kept = NULL;
  fprintf (stderr, "   => %s %.0f\n", name, v);
}

static void
sw_kept (const char *name, const char *why)
{
  tune_sw *s = sw_find (name);
  s->kept = why;
  fprintf (stderr, "   => %s kept at %.0f (%s)\n", name, sw_get (s), why);
}

static int
over_budget (void)
{
  return (bench_now_us () - t_start) * 1e-6 > opt.budget_s;
}

/* ---- batches ---- */

typedef struct
{
  const bench_op *op;
  size_t count, have, checked;   /* allocated, generated, reference computed */
  unsigned long bits;
  mpz_t *in[3], *out[3], *ref[3];
} batch;

static void
batch_init (batch *b, const char *opname, size_t count, unsigned long bits)
{
  int k;
  memset (b, 0, sizeof *b);
  if ((b->op = bench_find_op (opname)) == NULL)
    {
      fprintf (stderr, "mpzg-tune: internal error: no operation %s\n", opname);
      abort ();
    }
  b->count = count;
  b->bits = bits;
  for (k = 0; k < b->op->nin; k++)
    b->in[k] = bench_alloc (count, bits);
  for (k = 0; k < b->op->nout; k++)
    {
      b->out[k] = bench_alloc (count, 2 * bits + 64);
      b->ref[k] = bench_alloc (count, 2 * bits + 64);
    }
}

static void
batch_clear (batch *b)
{
  for (int k = 0; k < 3; k++)
    {
      bench_free (b->in[k], b->count);
      bench_free (b->out[k], b->count);
      bench_free (b->ref[k], b->count);
    }
}

/* Operands and GMP's results (on all cores) for elements [0, n). */
static void
batch_ensure (batch *b, size_t n)
{
  mpz_t *in[3] = { NULL, NULL, NULL }, *ref[3] = { NULL, NULL, NULL };
  int k;
  if (n <= b->checked)
    return;
  for (k = 0; k < 3; k++)
    {
      if (b->in[k])
        in[k] = b->in[k] + b->have;
      if (b->ref[k])
        ref[k] = b->ref[k] + b->have;
    }
  b->op->gen (in, n - b->have, b->bits, rs);
  bench_gmp (b->op, ref, in, n - b->have, cores);
  b->have = b->checked = n;
}

/* Compares the outputs of elements [0, n) with GMP's; counts a failure. */
static int
batch_check (batch *b, size_t n, const char *what)
{
  for (int k = 0; k < b->op->nout; k++)
    {
      size_t first, bad = bench_compare (b->out[k], b->ref[k], n, &first);
      if (bad != 0)
        {
          fprintf (stderr, "!! MISMATCH %s, %s %lu bits x %zu, output %d: %zu differ, "
                   "first at %zu\n", what, b->op->name, b->bits, n, k, bad, first);
          failures++;
          return 0;
        }
    }
  return 1;
}

static void
batch_poison (batch *b, size_t n)
{
  for (int k = 0; k < b->op->nout; k++)
    bench_poison (b->out[k], n);
}

/* ---- kernel choices ---- */

/* Sets the switch point so that a batch of width n runs method m (0 or 1). */
typedef void (*tune_setter) (int m, unsigned n);

/* Times methods 0 and 1 kernel only on one batch of count elements of `limbs`
   limbs (balanced operands), set (m, arg) choosing method m: *t0 and *t1 the
   medians (us).  Returns 0, or -1 on a failure. */
static int
kernel_point (const char *opname, unsigned limbs, size_t count, tune_setter set,
              unsigned arg, const char *m0, const char *m1, double *t0, double *t1)
{
  double v[2][MAX_ROUNDS], us;
  batch b;
  batch_init (&b, opname, count, 64UL * limbs);
  batch_ensure (&b, count);
  for (int r = 0; r < opt.rounds; r++)
    for (int j = 0; j < 2; j++)
      {
        int m = (r + j) % 2, st;
        set (m, arg);
        batch_poison (&b, count);
        st = mpzg_gpu_time_kernel (b.op->gpu, b.out, b.in, count, 3, 0, &us);
        if (st != MPZG_OK)
          {
            fprintf (stderr, "!! %s %u limbs x %zu, %s: mpzg_gpu_time_kernel: %s\n", opname,
                     limbs, count, m ? m1 : m0, mpzg_strerror (st));
            failures++;
            batch_clear (&b);
            return -1;
          }
        if (!batch_check (&b, count, m ? m1 : m0))
          {
            batch_clear (&b);
            return -1;
          }
        v[m][r] = us;
      }
  *t0 = bench_median (v[0], opt.rounds);
  *t1 = bench_median (v[1], opt.rounds);
  fprintf (stderr, "   %-6s %6u limbs x %-7zu %-6s %10.1f us  %-6s %10.1f us  %s\n", opname,
           limbs, count, m0, *t0, m1, *t1, *t1 < *t0 ? m1 : m0);
  batch_clear (&b);
  return 0;
}

/* Times methods 0 and 1 kernel only at sizes[0..n) (limbs; balanced operands,
   2^TBITS bits per operand array), set (m, size), t0[i] and t1[i] the medians
   (us).  Returns how many sizes were measured before the budget ran out, or -1
   on a failure. */
static long
kernel_pair (const char *opname, const unsigned *sizes, size_t n, tune_setter set,
             const char *m0, const char *m1, double *t0, double *t1)
{
  size_t i;
  for (i = 0; i < n; i++)
    {
      size_t count = ((size_t) 1 << opt.tbits) / (64 * (size_t) sizes[i]);
      if (over_budget ())
        break;
      if (count < 16)
        count = 16;
      if (kernel_point (opname, sizes[i], count, set, sizes[i], m0, m1, &t0[i], &t1[i]) != 0)
        return -1;
    }
  return (long) i;
}

/* The same at one size, `limbs`, over batch counts[0..n), set (m, count). */
static long
kernel_count_pair (const char *opname, unsigned limbs, const unsigned *counts, size_t n,
                   tune_setter set, const char *m0, const char *m1, double *t0, double *t1)
{
  size_t i;
  for (i = 0; i < n; i++)
    {
      if (over_budget ())
        break;
      if (kernel_point (opname, limbs, counts[i], set, counts[i], m0, m1, &t0[i], &t1[i]) != 0)
        return -1;
    }
  return (long) i;
}

/* Runs one kernel step on the switch point *var (which set changes, and which is
   restored afterwards): the index of the crossover among sizes[0..n) (or, where
   limbs is not 0, among the batch counts sizes[0..n) of elements of `limbs`
   limbs), n for none; -1 when it failed, -2 when the budget cut it short (the
   switch point is kept). */
static long
kernel_step (const char *title, const char *name, const char *opname, unsigned limbs,
             const unsigned *sizes, size_t n, tune_setter set, unsigned *var, const char *m0,
             const char *m1)
{
  double t0[MAX_SIZES], t1[MAX_SIZES];
  unsigned keep = *var;
  long got;
  fprintf (stderr, "%s (%s): %s against %s, kernel only\n", name, title, m0, m1);
  got = limbs ? kernel_count_pair (opname, limbs, sizes, n, set, m0, m1, t0, t1)
              : kernel_pair (opname, sizes, n, set, m0, m1, t0, t1);
  *var = keep;
  if (got < 0)
    {
      sw_kept (name, "the measurement failed");
      return -1;
    }
  if ((size_t) got < n)
    {
      sw_kept (name, "time budget");
      return -2;
    }
  return (long) tune_crossover (t0, t1, n, 2);
}

#define NSIZES(a) (sizeof (a) / sizeof (a)[0])
#define PICK(f_, q_) (opt.quick ? (q_) : (f_))
#define PICKN(f_, q_) (opt.quick ? NSIZES (q_) : NSIZES (f_))

/* The classes' widths never exceed these: the small widths (core/widths.h), the
   group kernel's shapes, the block kernel's launch bounds and the NTT's table. */
#define SMALL_TOP 32u
#define GRP_TOP 128u
#define BLOCK_TOP ((unsigned) MPZG_MUL_BLOCK_MAX_CEIL)
#define NEVER (UINT_MAX / 2)

static void set_small (int m, unsigned n) { MPZG_MUL_SMALL_MAX = m ? n - 1 : SMALL_TOP; }
static void set_grp (int m, unsigned n) { (void) n; MPZG_MUL_GRP_MAX_LIMBS = m ? 32 : GRP_TOP; }
static void set_ntt (int m, unsigned n) { MPZG_MUL_NTT_MIN_LIMBS = m ? n : NEVER; }
static void set_grid (int m, unsigned n) { MPZG_MUL_BLOCK_MAX_LIMBS = m ? n - 1 : BLOCK_TOP; }
static void set_add_small (int m, unsigned n)
{
  MPZG_ADD_SMALL_MAX = m ? n - 1 : MPZG_MPN_INTERLEAVED_MAX - 1;
}
static void set_add_block (int m, unsigned n) { MPZG_ADD_BLOCK_MIN = m ? n : NEVER; }
static void set_gcd_warp (int m, unsigned n) { (void) n; MPZG_GCD_WARP_MIN_PAIRS = m ? 1 : NEVER; }
static void
set_gcdext_warp (int m, unsigned n)
{
  (void) n;
  MPZG_GCDEXT_WARP_MIN_PAIRS = m ? 1 : NEVER;
}

static void
tune_kernels (void)
{
  static const unsigned small_w[] = { 2, 4, 6, 8, 12, 16, 24, 32 };
  static const unsigned s_full[] = { 8, 12, 16, 24, 32 }, s_quick[] = { 8, 16, 32 };
  static const unsigned g_full[] = { 40, 48, 56, 64, 80, 96, 112, 128 },
    g_quick[] = { 48, 64, 96, 128 };
  static const unsigned n_full[] = { 160, 192, 256, 320, 384, 512, 640, 768, 1024, 1280, 1536,
                                     2048, 2560, 3072, 4096 },
    n_quick[] = { 256, 768, 1280, 2048, 3072 };
  static const unsigned b_full[] = { 1024, 1536, 2048, 2560, 3072, 4096 },
    b_quick[] = { 2048, 4096 };
  static const unsigned as_full[] = { 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56 },
    as_quick[] = { 8, 16, 32, 48 };
  static const unsigned ab_full[] = { 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536 },
    ab_quick[] = { 1024, 4096, 16384, 65536 };
  const unsigned *s;
  size_t n;
  long i;

  /* one thread per product up to the largest small width below the crossover */
  s = PICK (s_full, s_quick);
  n = PICKN (s_full, s_quick);
  i = kernel_step ("mul: one thread per product", "MPZG_MUL_SMALL_MAX", "mul", 0, s, n,
                   set_small, &MPZG_MUL_SMALL_MAX, "thread", "group");
  if (i >= 0)
    {
      unsigned top = i < (long) n ? s[i] : SMALL_TOP + 1, best = 0;
      for (size_t k = 0; k < NSIZES (small_w); k++)
        if (small_w[k] < top)
          best = small_w[k];
      sw_measured ("MPZG_MUL_SMALL_MAX", best);
    }

  /* the group kernel up to 32, 64 or 128 limbs */
  s = PICK (g_full, g_quick);
  n = PICKN (g_full, g_quick);
  i = kernel_step ("mul: a group of threads per product", "MPZG_MUL_GRP_MAX_LIMBS", "mul", 0,
                   s, n, set_grp, &MPZG_MUL_GRP_MAX_LIMBS, "group", "block");
  if (i >= 0)
    {
      unsigned top = i < (long) n ? s[i] : GRP_TOP + 1;
      sw_measured ("MPZG_MUL_GRP_MAX_LIMBS", top > 128 ? 128 : top > 64 ? 64 : 32);
    }

  /* the NTT from the first width at which it wins */
  s = PICK (n_full, n_quick);
  n = PICKN (n_full, n_quick);
  {
    unsigned keep_block = MPZG_MUL_BLOCK_MAX_LIMBS;
    MPZG_MUL_BLOCK_MAX_LIMBS = BLOCK_TOP;
    i = kernel_step ("mul: classical or NTT in one block", "MPZG_MUL_NTT_MIN_LIMBS", "mul", 0,
                     s, n, set_ntt, &MPZG_MUL_NTT_MIN_LIMBS, "block", "ntt");
    MPZG_MUL_BLOCK_MAX_LIMBS = keep_block;
  }
  if (i >= 0)
    sw_measured ("MPZG_MUL_NTT_MIN_LIMBS", i < (long) n ? s[i] : 2 * BLOCK_TOP);

  /* the whole-device transform above the widest width at which one block wins */
  s = PICK (b_full, b_quick);
  n = PICKN (b_full, b_quick);
  i = kernel_step ("mul: one block or the whole device", "MPZG_MUL_BLOCK_MAX_LIMBS", "mul", 0,
                   s, n, set_grid, &MPZG_MUL_BLOCK_MAX_LIMBS, "block", "grid");
  if (i >= 0)
    sw_measured ("MPZG_MUL_BLOCK_MAX_LIMBS", i < (long) n ? s[i] - 1 : BLOCK_TOP);

  s = PICK (as_full, as_quick);
  n = PICKN (as_full, as_quick);
  i = kernel_step ("add: one thread or one warp per sum", "MPZG_ADD_SMALL_MAX", "add", 0, s, n,
                   set_add_small, &MPZG_ADD_SMALL_MAX, "thread", "warp");
  if (i >= 0)
    sw_measured ("MPZG_ADD_SMALL_MAX", i < (long) n ? s[i] - 1 : s[n - 1]);

  s = PICK (ab_full, ab_quick);
  n = PICKN (ab_full, ab_quick);
  i = kernel_step ("add: one warp or one block per sum", "MPZG_ADD_BLOCK_MIN", "add", 0, s, n,
                   set_add_block, &MPZG_ADD_BLOCK_MIN, "warp", "block");
  if (i >= 0)
    sw_measured ("MPZG_ADD_BLOCK_MIN", i < (long) n ? s[i] : MPZG_ADD_MAX_LIMBS + 1);
}

/* The multiprocessors that mpzg_gpu_probe's description names ("..., N SMs"),
   or the H100's 132 where it names none. */
static unsigned
probe_sms (const char *desc)
{
  const char *p = strstr (desc, " SMs");
  unsigned v = 0, scale = 1;
  while (p != NULL && p > desc && p[-1] >= '0' && p[-1] <= '9' && scale <= 100000)
    {
      v += (unsigned) (p[-1] - '0') * scale;
      scale *= 10;
      p--;
    }
  return v > 0 ? v : 132;
}

/* The kernel shapes chosen by a launch's count: at the gcd's widest class and
   gcdext's 512 limbs, a block of warps per instance or one warp, the warp from
   the first batch count at which it wins.  The counts are multiples of the
   device's multiprocessors, from half to sixteen of them, with both sides of two
   a multiprocessor: on the H100 the block's time steps up there (265 pairs
   against 264).  The words a lane (MPZG_GCD_COOP_K, MPZG_GCDEXT_COOP_K) are
   tuning.h's as this file sees them: a build that sets them for nvcc alone gets
   these switch points measured on one kernel twice. */
static void
tune_shapes (unsigned sms)
{
  static const unsigned num_full[] = { 1, 2, 3, 4, 4, 5, 6, 8, 12, 16, 32 },
    num_quick[] = { 2, 4, 4, 8, 32 };
  const unsigned *num = PICK (num_full, num_quick);
  const size_t n = PICKN (num_full, num_quick);
  unsigned s[MAX_SIZES];
  long i;
  /* num / 2 pairs a multiprocessor; the second 4, one pair more */
  for (size_t k = 0; k < n; k++)
    s[k] = num[k] * sms / 2 + (k > 0 && num[k] == num[k - 1]);

  if (MPZG_GCD_COOP_K != 16)
    sw_kept ("MPZG_GCD_WARP_MIN_PAIRS", "a build with MPZG_GCD_COOP_K 32: no block of warps");
  else
    {
      i = kernel_step ("gcd at 1024 limbs: a block of warps or one warp per pair",
                       "MPZG_GCD_WARP_MIN_PAIRS", "gcd", 1024, s, n, set_gcd_warp,
                       &MPZG_GCD_WARP_MIN_PAIRS, "block", "warp");
      if (i >= 0)
        sw_measured ("MPZG_GCD_WARP_MIN_PAIRS", i < (long) n ? s[i] : NEVER);
    }
  if (MPZG_GCDEXT_COOP_K == 8)
    {
      i = kernel_step ("gcdext at 512 limbs: a block of warps or one warp per pair",
                       "MPZG_GCDEXT_WARP_MIN_PAIRS", "gcdext", 512, s, n, set_gcdext_warp,
                       &MPZG_GCDEXT_WARP_MIN_PAIRS, "block", "warp");
      if (i >= 0)
        sw_measured ("MPZG_GCDEXT_WARP_MIN_PAIRS", i < (long) n ? s[i] : NEVER);
    }
  else
    sw_kept ("MPZG_GCDEXT_WARP_MIN_PAIRS", "a build with MPZG_GCDEXT_COOP_K 16: no such class");
}

/* The ladders as tuned, on mixed sizes, kernel only and end to end: a set of
   switch points that sends some class to a kernel that cannot take it fails here. */
static void
verify_ladders (void)
{
  static const char *ops[] = { "mul", "add" };
  const size_t count = 4096;
  fprintf (stderr, "verify: mul and add over mixed sizes with the measured switch points\n");
  for (size_t o = 0; o < 2; o++)
    {
      batch b;
      double us;
      int st;
      batch_init (&b, ops[o], count, 64);
      for (size_t e = 0; e < count; e++)
        {
          /* mostly small, some up to the block kernel's and the NTT's widths */
          unsigned long bits = 64UL * (1 + gmp_urandomm_ui (rs, e % 64 ? 160 : 2 * BLOCK_TOP));
          mpz_urandomb (b.in[0][e], rs, bits);
          mpz_urandomb (b.in[1][e], rs, bits - gmp_urandomm_ui (rs, bits));
          if (gmp_urandomb_ui (rs, 1))
            mpz_neg (b.in[1][e], b.in[1][e]);
        }
      b.have = count;
      bench_gmp (b.op, b.ref, b.in, count, cores);
      b.checked = count;
      batch_poison (&b, count);
      st = mpzg_gpu_time_kernel (b.op->gpu, b.out, b.in, count, 1, 0, &us);
      if (st != MPZG_OK)
        {
          fprintf (stderr, "!! verify %s: mpzg_gpu_time_kernel: %s\n", ops[o], mpzg_strerror (st));
          failures++;
        }
      else
        batch_check (&b, count, "verify, kernel only");
      batch_poison (&b, count);
      mpzg_set_backend (MPZG_BACKEND_CUDA);
      st = b.op->mpzg (b.out, b.in, count);
      mpzg_set_backend (MPZG_BACKEND_AUTO);
      if (st != MPZG_OK)
        {
          fprintf (stderr, "!! verify %s end to end: %s\n", ops[o], mpzg_strerror (st));
          failures++;
        }
      else
        batch_check (&b, count, "verify, end to end");
      batch_clear (&b);
    }
}

/* ---- GPU or CPU ---- */

/* Median microseconds of the batched call on elements [0, n) under each backend,
   alternating; checks every result.  Returns 0, or -1 on a failure. */
static int
e2e_pair (batch *b, size_t n, double *gpu, double *cpu)
{
  double v[2][MAX_ROUNDS];
  for (int r = 0; r < opt.e2e_rounds; r++)
    for (int j = 0; j < 2; j++)
      {
        int m = (r + j) % 2, st;
        double t0;
        mpzg_set_backend (m ? MPZG_BACKEND_CPU : MPZG_BACKEND_CUDA);
        batch_poison (b, n);
        t0 = bench_now_us ();
        st = b->op->mpzg (b->out, b->in, n);
        v[m][r] = bench_now_us () - t0;
        mpzg_set_backend (MPZG_BACKEND_AUTO);
        if (st != MPZG_OK)
          {
            fprintf (stderr, "!! %s %lu bits x %zu, %s: %s\n", b->op->name, b->bits, n,
                     m ? "cpu" : "gpu", mpzg_strerror (st));
            failures++;
            return -1;
          }
        if (!batch_check (b, n, m ? "cpu" : "gpu"))
          return -1;
      }
  *gpu = bench_median (v[0], opt.e2e_rounds);
  *cpu = bench_median (v[1], opt.e2e_rounds);
  return 0;
}

/* For each size (limbs), doubling batch counts from 16 until the GPU wins at two
   consecutive counts (counts[i] the first of them), the CPU's call passes the cap,
   or the batch reaches its largest; counts[i] 0 when the GPU did not win.  A GPU
   time inconsistent with the last count's (tune_consistent) is measured again, up
   to twice.  Returns 0, -1 on a failure, -2 when the budget cut it short, -3 when
   the GPU's times stayed inconsistent. */
static int
gpu_cpu_counts (const char *opname, const unsigned *sizes, size_t n, double *counts)
{
  for (size_t i = 0; i < n; i++)
    {
      size_t cmax = ((size_t) 1 << 26) / sizes[i], c;
      double prev_win = 0, prev_g = 0;
      batch b;
      if (cmax > ((size_t) 1 << 20))
        cmax = (size_t) 1 << 20;
      batch_init (&b, opname, cmax, 64UL * sizes[i]);
      counts[i] = 0;
      for (c = 16; c <= cmax; c *= 2)
        {
          double g, p;
          if (over_budget ())
            {
              batch_clear (&b);
              return -2;
            }
          batch_ensure (&b, c);
          if (c == 16)          /* the family's device setup, untimed */
            {
              mpzg_set_backend (MPZG_BACKEND_CUDA);
              b.op->mpzg (b.out, b.in, c);
              mpzg_set_backend (MPZG_BACKEND_AUTO);
            }
          for (int again = 0;; again++)
            {
              if (e2e_pair (&b, c, &g, &p) != 0)
                {
                  batch_clear (&b);
                  return -1;
                }
              fprintf (stderr, "   %-7s %5u limbs x %-8zu gpu %10.1f us  cpu %10.1f us  %s\n",
                       opname, sizes[i], c, g, p, g < p ? "gpu" : "cpu");
              if (c == 16 || tune_consistent (prev_g, g))
                break;
              if (again == 2)
                {
                  fprintf (stderr, "   the GPU's times stay inconsistent (%.1f us, then %.1f us "
                           "for twice the batch)\n", prev_g, g);
                  batch_clear (&b);
                  return -3;
                }
            }
          prev_g = g;
          if (g < p)
            {
              if (prev_win > 0)
                {
                  counts[i] = prev_win;
                  break;
                }
              prev_win = (double) c;
            }
          else
            prev_win = 0;
          if (p > opt.cap_us)
            break;
        }
      batch_clear (&b);
    }
  return 0;
}

/* One family's auto-mode thresholds: avg (limbs) and work (power as tune_fit's;
   NULL avg for add, whose threshold is limbs alone). */
static void
tune_auto (const char *opname, const unsigned *sizes, size_t n, int power, const char *avg,
           const char *work)
{
  double counts[MAX_SIZES], sz[MAX_SIZES], a, w;
  int st;
  fprintf (stderr, "%s%s%s: GPU against CPU (%d cores), end to end\n", avg ? avg : "",
           avg ? ", " : "", work, cores);
  st = gpu_cpu_counts (opname, sizes, n, counts);
  for (size_t i = 0; i < n; i++)
    sz[i] = sizes[i];
  if (st != 0 || !tune_fit (sz, counts, n, power, &a, &w))
    {
      const char *why = st == -1 ? "the measurement failed" : st == -2 ? "time budget"
        : st == -3 ? "the GPU's end-to-end times were inconsistent"
        : "the GPU won at no size tried";
      if (avg)
        sw_kept (avg, why);
      sw_kept (work, why);
      return;
    }
  if (avg)
    sw_measured (avg, a);
  sw_measured (work, w);
}

/* The auto step's families: the operation, its sizes (limbs) in a full and a
   quick run, and its thresholds (tune_auto's power, avg and work).  powm's total
   of limbs (power 1): its break-even count falls about as 1/size (tuning.h). */
static const unsigned add_f[] = { 16, 256, 4096 }, add_q[] = { 256 };
static const unsigned mul_f[] = { 4, 8, 16, 32, 64, 128 }, mul_q[] = { 8, 32, 128 };
static const unsigned div_f[] = { 8, 16, 32, 64, 256 }, div_q[] = { 16, 64 };
static const unsigned gcd_f[] = { 2, 4, 8, 16, 64 }, gcd_q[] = { 4, 16 };
static const unsigned gx_f[] = { 4, 8, 16, 64 }, gx_q[] = { 8, 32 };
static const unsigned pw_f[] = { 2, 4, 8, 16, 32, 64 }, pw_q[] = { 4, 16 };

typedef struct
{
  const char *op;
  const unsigned *full, *quick;
  size_t nfull, nquick;
  int power;
  const char *avg, *work;
} auto_family;

#define SIZES(f_, q_) f_, q_, NSIZES (f_), NSIZES (q_)
static const auto_family families[] = {
  { "add", SIZES (add_f, add_q), 1, NULL, "MPZG_ADD_WORTH_LIMBS" },
  { "mul", SIZES (mul_f, mul_q), 2, "MPZG_MUL_WORTH_AVG", "MPZG_MUL_WORTH_WORK" },
  { "tdiv_qr", SIZES (div_f, div_q), 2, "MPZG_DIV_WORTH_AVG", "MPZG_DIV_WORTH_WORK" },
  { "gcd", SIZES (gcd_f, gcd_q), 2, "MPZG_GCD_WORTH_AVG", "MPZG_GCD_WORTH_WORK" },
  { "gcdext", SIZES (gx_f, gx_q), 0, "MPZG_GCDEXT_WORTH_AVG", "MPZG_GCDEXT_WORTH_COUNT" },
  { "powm", SIZES (pw_f, pw_q), 1, "MPZG_POWM_WORTH_AVG", "MPZG_POWM_WORTH_LIMBS" },
};
#undef SIZES
#define NFAM (sizeof families / sizeof families[0])

/* The families whose bit is set in fams (bit i: families[i]). */
static void
tune_gpu_cpu (unsigned long fams)
{
  for (size_t i = 0; i < NFAM; i++)
    if (fams >> i & 1)
      {
        const auto_family *f = &families[i];
        tune_auto (f->op, opt.quick ? f->quick : f->full, opt.quick ? f->nquick : f->nfull,
                   f->power, f->avg, f->work);
      }
}

/* One long product above the batched classes: GPU (mul-huge.c) or GMP, by the
   shorter operand's size, the longer one of 2^17 limbs. */
static void
tune_huge (void)
{
  static const unsigned f[] = { 1024, 2048, 4096, 8192, 16384, 32768, 65536 },
    q[] = { 4096, 16384, 65536 };
  const unsigned *s = PICK (f, q);
  size_t n = PICKN (f, q), i;
  double g[MAX_SIZES], p[MAX_SIZES];
  const unsigned long abits = 64UL << 17;
  fprintf (stderr, "MPZG_MUL_HUGE_WORTH_LIMBS: one product of 2^17 limbs by n, GPU against "
           "GMP, end to end\n");
  for (i = 0; i < n; i++)
    {
      batch b;
      if (over_budget ())
        {
          sw_kept ("MPZG_MUL_HUGE_WORTH_LIMBS", "time budget");
          return;
        }
      batch_init (&b, "mul", 1, abits);
      mpz_urandomb (b.in[0][0], rs, abits);
      mpz_setbit (b.in[0][0], abits - 1);
      mpz_urandomb (b.in[1][0], rs, 64UL * s[i]);
      mpz_setbit (b.in[1][0], 64UL * s[i] - 1);
      mpz_mul (b.ref[0][0], b.in[0][0], b.in[1][0]);
      b.have = b.checked = 1;
      mpzg_set_backend (MPZG_BACKEND_CUDA);   /* the device buffer, untimed */
      b.op->mpzg (b.out, b.in, 1);
      mpzg_set_backend (MPZG_BACKEND_AUTO);
      if (e2e_pair (&b, 1, &g[i], &p[i]) != 0)
        {
          batch_clear (&b);
          sw_kept ("MPZG_MUL_HUGE_WORTH_LIMBS", "the measurement failed");
          return;
        }
      fprintf (stderr, "   mul 131072 x %6u limbs  gpu %10.1f us  cpu %10.1f us  %s\n", s[i],
               g[i], p[i], g[i] < p[i] ? "gpu" : "cpu");
      batch_clear (&b);
    }
  i = tune_crossover (p, g, n, 2);
  sw_measured ("MPZG_MUL_HUGE_WORTH_LIMBS", i < n ? s[i] : (double) (1UL << 17));
}

/* The pipeline's chunk: mul of 16-limb operands end to end on the GPU, the
   candidate with the least median time. */
static void
tune_slot (void)
{
  static const size_t f[] = { 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22 },
    q[] = { 1u << 19, 1u << 20, 1u << 21 };
  const size_t *s = PICK (f, q), n = PICKN (f, q), count = (size_t) 1 << (opt.quick ? 17 : 19);
  const size_t keep = MPZG_SLOT_WORDS;
  double v[MAX_SIZES][MAX_ROUNDS], best = 0;
  size_t i, besti = 0;
  batch b;
  fprintf (stderr, "MPZG_SLOT_WORDS: mul 16 limbs x %zu on the GPU, end to end\n", count);
  batch_init (&b, "mul", count, 64 * 16);
  batch_ensure (&b, count);
  mpzg_set_backend (MPZG_BACKEND_CUDA);
  for (int r = 0; r < opt.e2e_rounds && failures == 0; r++)
    for (i = 0; i < n; i++)
      {
        size_t k = (i + (size_t) r) % n;
        double t0;
        int st;
        if (over_budget ())
          {
            mpzg_set_backend (MPZG_BACKEND_AUTO);
            MPZG_SLOT_WORDS = keep;
            sw_kept ("MPZG_SLOT_WORDS", "time budget");
            batch_clear (&b);
            return;
          }
        MPZG_SLOT_WORDS = s[k];
        b.op->mpzg (b.out, b.in, 64);       /* the slots follow the size, untimed */
        batch_poison (&b, count);
        t0 = bench_now_us ();
        st = b.op->mpzg (b.out, b.in, count);
        v[k][r] = bench_now_us () - t0;
        if (st != MPZG_OK)
          {
            fprintf (stderr, "!! mul, %zu slot words: %s\n", s[k], mpzg_strerror (st));
            failures++;
            break;
          }
        if (!batch_check (&b, count, "slot words"))
          break;
      }
  mpzg_set_backend (MPZG_BACKEND_AUTO);
  MPZG_SLOT_WORDS = keep;
  batch_clear (&b);
  if (failures != 0)
    {
      sw_kept ("MPZG_SLOT_WORDS", "the measurement failed");
      return;
    }
  for (i = 0; i < n; i++)
    {
      double t = bench_median (v[i], opt.e2e_rounds);
      fprintf (stderr, "   %8zu words  %10.1f us\n", s[i], t);
      if (i == 0 || t < best)
        best = t, besti = i;
    }
  sw_measured ("MPZG_SLOT_WORDS", (double) s[besti]);
}

/* ---- main ---- */

static void
usage (FILE *f)
{
  fprintf (f,
           "Usage: mpzg-tune [-q] [-o FILE] [-s STEPS] [-T SECONDS] [-r ROUNDS] [-t TBITS]\n"
           "Measures the GPU path's switch points on GPU 0 and writes the header the\n"
           "library is built with (cuda/tuning-switch.h).  Progress goes to stderr.\n"
           "  -o FILE     write the header to FILE (default: stdout)\n"
           "  -q          quick: fewer sizes, counts and rounds (about a minute)\n"
           "  -s STEPS    only these steps, a comma list of: kernels (the kernel ladders),\n"
           "              shapes (the kernel shapes chosen by a launch's count),\n"
           "              auto (auto mode's thresholds, every family) or auto:FAMILY (one\n"
           "              family: add, mul, tdiv_qr, gcd, gcdext or powm; repeatable),\n"
           "              huge (one long product), slot (the pipeline's chunk); default\n"
           "              all.  The others' switch points are written with their current\n"
           "              values and named in the header as not measured.  The check of\n"
           "              the ladders on mixed sizes runs whatever STEPS says.\n"
           "  -T SECONDS  time budget (default 420): steps not reached keep their value\n"
           "  -r ROUNDS   rounds of each kernel comparison, the median taken (default 5)\n"
           "  -t TBITS    kernel comparisons by size on 2^TBITS bits per operand array\n"
           "              (default 27)\n"
           "  -h, --help  this text\n"
           "Exit status: 0 written, 1 on a failure (a wrong result, a device error, no\n"
           "usable GPU: then nothing is written), 2 on a usage error.\n");
}

int
main (int argc, char **argv)
{
  static const struct option longopts[] = { { "help", no_argument, NULL, 'h' },
                                            { NULL, 0, NULL, 0 } };
  char desc[256], date[64], cmd[1024];
  const char *fam_names[NFAM];
  tune_value v[NSW];
  FILE *f;
  int c;
  size_t i, len = 0;
  for (i = 0; i < NFAM; i++)
    fam_names[i] = families[i].op;
  while ((c = getopt_long (argc, argv, "qo:s:T:r:t:h", longopts, NULL)) != -1)
    switch (c)
      {
      case 'q':
        opt.quick = 1;
        opt.rounds = 3;
        opt.tbits = 25;
        opt.cap_us = 5e4;
        break;
      case 'o': opt.out = optarg; break;
      case 's':
        if (tune_parse_steps (optarg, fam_names, NFAM, &opt.steps, &opt.fams) != 0)
          {
            fprintf (stderr, "mpzg-tune: -s %s: not a comma list of steps\n", optarg);
            usage (stderr);
            return 2;
          }
        break;
      case 'T': opt.budget_s = atof (optarg); break;
      case 'r': opt.rounds = atoi (optarg); break;
      case 't': opt.tbits = (unsigned) atoi (optarg); break;
      case 'h': usage (stdout); return 0;
      default: usage (stderr); return 2;
      }
  if (optind != argc || opt.rounds < 1 || opt.rounds > MAX_ROUNDS || opt.tbits < 16
      || opt.tbits > 34 || !(opt.budget_s > 0))
    {
      usage (stderr);
      return 2;
    }
  if (!mpzg_gpu_probe (0, desc, sizeof desc))
    {
      fprintf (stderr, "mpzg-tune: no usable GPU (%s): the switch points are measured on "
               "the GPU they are for; nothing written\n", desc);
      return 1;
    }
  for (i = 0; i < (size_t) argc && len + 2 < sizeof cmd; i++)
    len += (size_t) snprintf (cmd + len, sizeof cmd - len, "%s%s", i ? " " : "",
                              i ? argv[i] : "bench/mpzg-tune");
  bench_date (date, sizeof date);
  cores = bench_online_cores ();
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 20261124);
  t_start = bench_now_us ();
  fprintf (stderr, "mpzg-tune on %s, %d cores, %s\n", desc, cores, date);

  if (opt.steps & TUNE_STEP_KERNELS)
    tune_kernels ();
  if (failures == 0 && (opt.steps & TUNE_STEP_SHAPES))
    tune_shapes (probe_sms (desc));
  /* what the header will hold, measured or not, must take every class to a
     kernel that computes it: checked whatever -s says (two batches of 4096) */
  if (failures == 0)
    verify_ladders ();
  if (failures == 0 && (opt.steps & TUNE_STEP_AUTO))
    tune_gpu_cpu (opt.fams);
  if (failures == 0 && (opt.steps & TUNE_STEP_HUGE))
    tune_huge ();
  if (failures == 0 && (opt.steps & TUNE_STEP_SLOT))
    tune_slot ();
  fprintf (stderr, "%.0f s\n", (bench_now_us () - t_start) * 1e-6);
  gmp_randclear (rs);
  if (failures != 0)
    {
      fprintf (stderr, "mpzg-tune: %d failure(s): nothing written\n", failures);
      return 1;
    }
  for (i = 0; i < NSW; i++)
    {
      v[i].name = sw[i].name;
      v[i].kind = sw[i].kind;
      v[i].value = sw_get (&sw[i]);
      v[i].kept = sw[i].kept;
    }
  f = opt.out ? fopen (opt.out, "w") : stdout;
  if (f == NULL || tune_write_header (f, v, NSW, desc, date, cmd) != 0
      || (opt.out && fclose (f) != 0))
    {
      fprintf (stderr, "mpzg-tune: cannot write %s\n", opt.out ? opt.out : "stdout");
      return 1;
    }
  if (opt.out)
    fprintf (stderr, "wrote %s\n", opt.out);
  return 0;
}
