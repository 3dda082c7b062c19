/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* fam-div.c -- the division family on the GPU: tdiv, fdiv and cdiv (qr, q, r), mod
   and divexact around the device's unsigned quotient and remainder
   (mpzg_mpn_divrem).  One plan and one pack for all; one unpack, parameterized by
   the rounding and the outputs wanted, instantiated per entry (like add and sub).

   Signs and rounding as GMP's: the truncating quotient has the sign of n d, the
   remainder the sign of n; floor, when r != 0 and the signs of n and d differ,
   takes q - 1 (|q| + 1, negative) and r + d (|d| - |r|, the sign of d); ceiling,
   when r != 0 and the signs agree, q + 1 (|q| + 1, positive) and r - d (|d| - |r|,
   the opposite sign of d); mod takes |r|, or |d| - |r| when r != 0 and n < 0.
   divexact runs its own kernels (mpzg_mpn_divexact: the exact division, low words
   first) on the same classes, layouts and packing, and brings back the quotient
   alone; for exact input (the only input GMP defines mpz_divexact for) it is
   mpz_divexact's, for other input a deterministic unspecified value.

   Outputs may be inputs of the same index: an element's results are formed in
   local buffers from the device's words and the divisor's limbs before either
   output is written.  Zero divisors never come here (batch.c skips them). */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpzg-impl.h"
#include "gpu.h"
#include "layout.h"
#include "div-long.h"
#include "tuning.h"

/* the rounding of each entry (div-long.h's names) */
#define ROUND_T MPZG_ROUND_T
#define ROUND_F MPZG_ROUND_F
#define ROUND_C MPZG_ROUND_C
#define ROUND_MOD MPZG_ROUND_MOD

/* flag: bit 0 n < 0, bit 1 d < 0 */
static void
div_plan (mpzg_gpu_plan *p, size_t begin, size_t end)
{
  /* most batches repeat one shape: ask the ladder only when it changes */
  unsigned last_n = ~0u, last_d = ~0u, last_cls = 0;
  for (size_t k = begin; k < end; k++)
    {
      mpzg_gpu_elem *t = &p->mt[k];
      size_t e = mpzg_gpu_plan_elem (p, k);
      mpz_srcptr n = p->in[0][e], d = p->in[1][e];
      t->e = e;
      t->n[0] = (unsigned) mpz_size (n);
      t->n[1] = (unsigned) mpz_size (d);
      t->n[2] = 0;
      t->perm = 0;
      t->cmp = 0;
      t->neg = 0;
      t->flag = (mpz_sgn (n) < 0) | (mpz_sgn (d) < 0) << 1;
      if (t->n[0] != last_n || t->n[1] != last_d)
        {
          last_n = t->n[0];
          last_d = t->n[1];
          last_cls = mpzg_mpn_divrem_class (last_n, last_d);
        }
      t->cls = (unsigned short) last_cls;
      if (last_cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

static void
div_pack (const mpzg_gpu_xfer *x, size_t begin, size_t end)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  const size_t Mn = sh->w[0], Md = sh->w[1], lanes = c->lanes, cnt = c->count;
  mpzg_word *in = x->buf;
  if (sh->layout == MPZG_MPN_INTERLEAVED)
    {
      mpzg_word tile[2 * MPZG_DIV_SMALL_MAX * MPZG_LANES];
      for (size_t g = begin; g < end; g++)
        {
          size_t j0 = g * MPZG_LANES;
          for (size_t l = 0; l < MPZG_LANES; l++)
            {
              size_t j = j0 + l;
              if (j >= cnt)
                {
                  mpzg_tile_clear (tile, Mn + Md, l);
                  continue;
                }
              mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
              const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
              mpzg_tile_put (tile, 0, Mn, mpzg_limbs_read (p->in[0][t->e]), t->n[0], l);
              mpzg_tile_put (tile, Mn, Md, mpzg_limbs_read (p->in[1][t->e]), t->n[1], l);
            }
          mpzg_tile_store (in, lanes, j0, tile, Mn + Md);
        }
    }
  else
    for (size_t j = begin; j < end; j++)
      {
        mpzg_prefetch_inputs (p, c, j + MPZG_PREFETCH_AHEAD, 2);
        const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
        mpzg_stage_in (in + j * Mn, mpzg_limbs_read (p->in[0][t->e]), t->n[0], Mn);
        mpzg_stage_in (in + Mn * cnt + j * Md, mpzg_limbs_read (p->in[1][t->e]), t->n[1], Md);
      }
  mpzg_stream_fence ();
}

/* Whether the unpack of an entry (round, qo, ro) reads the device's quotient, and
   its remainder: the quotient where it is an output; the remainder where it is
   one, and for fdiv and cdiv, whose quotient needs one more where it is not zero. */
static inline int
div_reads_q (int qo)
{
  return qo >= 0;
}

static inline int
div_reads_r (int round, int ro)
{
  return ro >= 0 || round == ROUND_F || round == ROUND_C;
}

/* The part of a chunk's output that the unpack reads (mpzg_gpu_family.out_span):
   the quotient's rows come first, then the remainder's, in both layouts. */
static void
div_out_span (const mpzg_mpn_shape *sh, size_t lanes, int round, int qo, int ro,
              size_t *first, size_t *n)
{
  const size_t QW = sh->ow[0], RW = sh->ow[1];
  const int rq = div_reads_q (qo), rr = div_reads_r (round, ro);
  *first = rq ? 0 : QW * lanes;
  *n = ((rq ? QW : 0) + (rr ? RW : 0)) * lanes;
}

/* div_unpack's q and r scratch (words in all, q's QW + 1 first), taken once,
   from GMP's allocator, as the mpz_t outputs' limbs come: like them, a failure
   is GMP's (by default it aborts, as an mpz function would). */
static void
div_scratch_take (mpzg_word **heap, size_t words, size_t QW, mpzg_word **qb, mpzg_word **rb)
{
  void *(*alloc) (size_t);
  if (*heap != NULL)
    return;
  mp_get_memory_functions (&alloc, NULL, NULL);
  *heap = alloc (words * sizeof **heap);
  *qb = *heap;
  *rb = *heap + QW + 1;
}

static void
div_scratch_free (mpzg_word *heap, size_t words)
{
  void (*release) (void *, size_t);
  mp_get_memory_functions (NULL, NULL, &release);
  release (heap, words * sizeof *heap);
}

/* Unpacks into out[qo] the quotient and out[ro] the remainder (-1: not wanted)
   rounded as `round` says, reading only the rows div_out_span brought back. */
static inline void
div_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end, int round, int qo, int ro)
{
  const mpzg_gpu_plan *p = x->p;
  const mpzg_gpu_chunk *c = x->c;
  const mpzg_mpn_shape *sh = &p->ci[c->cls].sh;
  const size_t QW = sh->ow[0], RW = sh->ow[1], lanes = c->lanes, cnt = c->count;
  const int il = sh->layout == MPZG_MPN_INTERLEAVED;
  const mpzg_word *out = x->buf;
  const int rq = div_reads_q (qo), rr = div_reads_r (round, ro);
  /* q's QW words and a carry word, then r's RW words: the interleaved layout's
     columns and the fix-ups.  On the stack for the interleaved classes (at most
     2 MPZG_DIV_SMALL_MAX + 1 words); above, up to 128 KB, too much for a thread's
     stack (a C library's threads may have 128 KB in all), so from GMP's
     allocator, once for the range and only when a fix-up needs it. */
  mpzg_word small[2 * MPZG_DIV_SMALL_MAX + 1];
  const size_t words = QW + 1 + RW;
  const int on_stack = words <= sizeof small / sizeof small[0];
  mpzg_word *heap = NULL, *qb = on_stack ? small : NULL, *rb = on_stack ? small + QW + 1 : NULL;
  mpzg_unit_positions (p, c, &begin, &end);
  for (size_t j = begin; j < end; j++)
    {
      if (j + MPZG_PREFETCH_AHEAD < cnt)
        {
          const mpzg_gpu_elem *u = mpzg_gpu_at (p, c->first + j + MPZG_PREFETCH_AHEAD);
          if (qo >= 0)
            mpzg_prefetch_output (p->out[qo][u->e], QW);
          if (ro >= 0)
            mpzg_prefetch_output (p->out[ro][u->e], u->n[1]);
        }
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, c->first + j);
      const int nneg = t->flag & 1, dneg = (t->flag >> 1) & 1;
      if (il && !on_stack)      /* not with div.cu's classes (interleaved up to 32 words) */
        div_scratch_take (&heap, words, QW, &qb, &rb);
      const mpzg_word *q = qb, *r = rb;
      size_t qn = 0, rn = 0;
      if (rq)
        {
          if (il)
            mpzg_column (qb, out, lanes, j, QW);
          else
            q = out + j * QW;
          qn = mpzg_normalized (q, QW);
        }
      if (rr)
        {
          if (il)
            mpzg_column (rb, out + QW * lanes, lanes, j, RW);
          else
            r = out + QW * cnt + j * RW;
          rn = mpzg_normalized (r, RW);
        }
      int qneg = nneg != dneg, rneg = nneg;
      if (rn > 0 && ((round == ROUND_F && nneg != dneg) || (round == ROUND_C && nneg == dneg)
                     || (round == ROUND_MOD && nneg)))
        {
          /* The fix-ups work on copies: the outputs may be the inputs, so both
             results are formed (|d| read) before either output is written.
             Without a fix-up the device's words go straight to the outputs. */
          if (!on_stack)
            div_scratch_take (&heap, words, QW, &qb, &rb);
          if (!il && rq)
            memcpy (qb, q, QW * sizeof *q);
          if (!il)
            memcpy (rb, r, RW * sizeof *r);
          if (qo >= 0)
            {
              /* |q| + 1 */
              mp_limb_t *ql = (mp_limb_t *) qb;
              qb[qn] = qn > 0 ? mpn_add_1 (ql, ql, (mp_size_t) qn, 1) : 1;
              qn = mpzg_normalized (qb, qn + 1);
            }
          if (ro >= 0)
            {
              /* |d| - |r|, read before any output is written: r may be d */
              size_t nd = t->n[1];
              mp_limb_t *rl = (mp_limb_t *) rb;
              mpn_sub (rl, mpzg_limbs_read (p->in[1][t->e]), (mp_size_t) nd, rl, (mp_size_t) rn);
              rn = mpzg_normalized (rb, nd);
              rneg = round == ROUND_MOD ? 0 : round == ROUND_F ? dneg : !dneg;
            }
          q = qb;
          r = rb;
        }
      if (round == ROUND_MOD)
        rneg = 0;
      if (qo >= 0)
        mpzg_unstage (p->out[qo][t->e], q, qn, qneg);
      if (ro >= 0)
        mpzg_unstage (p->out[ro][t->e], r, rn, rneg);
    }
  if (heap != NULL)
    div_scratch_free (heap, words);
  mpzg_stream_fence ();
}

/* Room for the quotient (nn - nd + 1 words, what mpz_tdiv_qr allocates, so that
   outputs a GMP loop wrote need not grow; the rare |q| + 1 that carries out of
   them grows in mpz_limbs_write) in out[qo] and the remainder (nd words) in
   out[ro]. */
static inline size_t
div_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end, int qo, int ro)
{
  const mpzg_gpu_plan *p = x->p;
  size_t grown = 0;
  for (size_t j = begin; j < end; j++)
    {
      const mpzg_gpu_elem *t = mpzg_gpu_at (p, x->c->first + j);
      if (qo >= 0)
        grown += mpzg_grow (p->out[qo][t->e],
                            t->n[0] >= t->n[1] ? (size_t) t->n[0] - t->n[1] + 1 : 1);
      if (ro >= 0)
        grown += mpzg_grow (p->out[ro][t->e], t->n[1]);
    }
  return grown;
}

/* Auto mode: measured thresholds (tuning.h). */
static int
div_worthwhile (size_t count, size_t limbs)
{
  if (count == 0)
    return 0;
  double avg = (double) limbs / (double) count;
  return avg >= MPZG_DIV_WORTH_AVG && avg * avg * (double) count >= MPZG_DIV_WORTH_WORK;
}

/* Elements above the division classes (a divisor or dividend of more than
   mpzg_mpn_divrem_max words) with a quotient of at least MPZG_DIV_LONG_MIN_QLIMBS
   limbs: by a reciprocal and products (div-long.c), every product of the job's
   elements in one mpzg_mul_n call, which puts them on the GPU (the NTT classes and
   the whole-device transform).  In auto mode from MPZG_DIV_LONG_WORTH_LIMBS limbs
   of dividend and MPZG_DIV_LONG_MIN_DLIMBS of divisor (tuning.h says why);
   below, and for short quotients, GMP's division on the CPU. */
static int
div_long_takes (mpz_t *const in[3], size_t e, int forced)
{
  const size_t nn = mpz_size (in[0][e]), dn = mpz_size (in[1][e]);
  if (dn == 0 || nn < dn || nn - dn + 1 < MPZG_DIV_LONG_MIN_QLIMBS)
    return 0;
  return forced || (nn >= MPZG_DIV_LONG_WORTH_LIMBS && dn >= MPZG_DIV_LONG_MIN_DLIMBS);
}

/* The products' calls and time, for MPZG_VERBOSE=2 */
typedef struct
{
  int calls;
  double seconds;
} mul_tally;

static int
mul_through_library (void *ctx, mpz_t *r, mpz_t *a, mpz_t *b, size_t count)
{
  mul_tally *t = ctx;
  double t0 = mpzg_seconds ();
  int st = mpzg_mul_n (r, a, b, count);
  t->calls++;
  t->seconds += mpzg_seconds () - t0;
  return st;
}

/* The job's magnitudes by div-long.c, then each element's signs and outputs; the
   outputs are written only once every quotient is known, so a failing product
   leaves them all untouched. */
static int
div_long_run (const mpzg_gpu_job *job, int round, int qo, int ro, size_t *bad,
              size_t **undone, size_t *nundone)
{
  const size_t m = job->m;
  mpz_srcptr *n = malloc ((m ? m : 1) * sizeof *n), *d = malloc ((m ? m : 1) * sizeof *d);
  mpz_t *Q = malloc ((m ? m : 1) * sizeof *Q), *R = malloc ((m ? m : 1) * sizeof *R);
  size_t k;
  int st = MPZG_ENOMEM;
  *bad = MPZG_NO_INDEX;
  if (n != NULL && d != NULL && Q != NULL && R != NULL)
    {
      for (k = 0; k < m; k++)
        {
          size_t e = job->idx ? job->idx[k] : k;
          n[k] = job->in[0][e];
          d[k] = job->in[1][e];
          mpz_init (Q[k]);
          mpz_init (R[k]);
        }
      mul_tally tally = { 0, 0.0 };
      double t0 = mpzg_seconds ();
      size_t fell = 0;
      st = mpzg_div_long (Q, R, n, d, m, mul_through_library, &tally, job->threads, &fell);
      if (job->verbose >= 2)
        fprintf (stderr, "mpzg: long divisions: %zu in %.3f ms, %.3f ms of it in %d calls of "
                 "mpzg_mul_n; %zu divided by GMP after all\n", m, 1e3 * (mpzg_seconds () - t0),
                 1e3 * tally.seconds, tally.calls, fell);
      if (st == MPZG_OK)
        for (k = 0; k < m; k++)
          {
            size_t e = job->idx ? job->idx[k] : k;
            mpzg_div_long_signs (qo >= 0 ? job->out[qo][e] : NULL,
                                 ro >= 0 ? job->out[ro][e] : NULL, n[k], d[k], Q[k], R[k],
                                 round);
          }
      for (k = 0; k < m; k++)
        mpz_clears (Q[k], R[k], NULL);
    }
  free (n);
  free (d);
  free (Q);
  free (R);
  if (st != MPZG_OK)
    {
      /* every element untouched: *undone stays NULL, which says so (gpu.h) */
      (void) undone;
      (void) nundone;
      if (job->verbose > 0)
        fprintf (stderr, "mpzg: long divisions: %s\n", mpzg_strerror (st));
      return st == MPZG_ENOMEM ? MPZG_ENOMEM : MPZG_EDEVICE;
    }
  return MPZG_OK;
}

/* fam: the entry; mpn: its kernels (divrem or divexact, whose classes are the same
   for the same sizes, so div_plan's mpzg_mpn_divrem_class serves both; an unpack
   of divexact's shape finds no remainder rows, RW = 0) */
#define DIV_FAMILY(fam, mpn, round, qo, ro, long_path)                                             \
  static void fam##_unpack (const mpzg_gpu_xfer *x, size_t begin, size_t end)           \
  {                                                                                     \
    div_unpack (x, begin, end, round, qo, ro);                                          \
  }                                                                                     \
  static void fam##_out_span (const mpzg_mpn_shape *sh, size_t lanes, size_t *first,    \
                              size_t *n)                                                \
  {                                                                                     \
    div_out_span (sh, lanes, round, qo, ro, first, n);                                  \
  }                                                                                     \
  static size_t fam##_grow (const mpzg_gpu_xfer *x, size_t begin, size_t end)          \
  {                                                                                     \
    return div_grow (x, begin, end, qo, ro);                                            \
  }                                                                                     \
  static int fam##_huge_run (const mpzg_gpu_job *job, size_t *bad, size_t **undone,     \
                             size_t *nundone)                                           \
  {                                                                                     \
    return div_long_run (job, round, qo, ro, bad, undone, nundone);                     \
  }                                                                                     \
  const mpzg_gpu_family mpzg_gpu_##fam = {                                              \
    .name = #fam,                                                                       \
    .classes = mpzg_mpn_##mpn##_classes,                                                \
    .max_limbs = mpzg_mpn_##mpn##_max,                                                  \
    .shape = mpzg_mpn_##mpn##_shape,                                                    \
    .worthwhile = div_worthwhile,                                                       \
    .plan = div_plan,                                                                   \
    .pack = div_pack,                                                                   \
    .unpack = fam##_unpack,                                                             \
    .out_span = fam##_out_span,                                                         \
    .grow = fam##_grow,                                                                 \
    .setup = mpzg_mpn_##mpn##_setup,                                                    \
    .launch = mpzg_mpn_##mpn,                                                           \
    .huge_takes = (long_path) ? div_long_takes : NULL,                                  \
    .huge_run = (long_path) ? fam##_huge_run : NULL,                                    \
  };

/* out[0], out[1] as lib/div.c names them */
DIV_FAMILY (tdiv_qr, divrem, ROUND_T, 0, 1, 1)
DIV_FAMILY (tdiv_q, divrem, ROUND_T, 0, -1, 1)
DIV_FAMILY (tdiv_r, divrem, ROUND_T, -1, 0, 1)
DIV_FAMILY (fdiv_qr, divrem, ROUND_F, 0, 1, 1)
DIV_FAMILY (fdiv_q, divrem, ROUND_F, 0, -1, 1)
DIV_FAMILY (fdiv_r, divrem, ROUND_F, -1, 0, 1)
DIV_FAMILY (cdiv_qr, divrem, ROUND_C, 0, 1, 1)
DIV_FAMILY (cdiv_q, divrem, ROUND_C, 0, -1, 1)
DIV_FAMILY (cdiv_r, divrem, ROUND_C, -1, 0, 1)
DIV_FAMILY (mod, divrem, ROUND_MOD, -1, 0, 1)
/* divexact's long elements stay with GMP: the reciprocal would give floor (n / d),
   not mpz_divexact's value for input that is not exact */
DIV_FAMILY (divexact, divexact, ROUND_T, 0, -1, 0)
