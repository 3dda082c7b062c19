/* launch.cu -- the GPU path's entry for the dispatcher (gpu.h): the mpz layer of the
   device path.

   One call: (1) plan: each element's magnitudes, signs and size class (parallel);
   (2) group the elements by class (counting sort); (3) cut each class into chunks
   that fit a slot's buffers; (4) pipeline the chunks over MPZG_SLOTS streams: while
   the device copies and computes chunk k, the host unpacks chunk k - MPZG_SLOTS and
   packs chunk k + 1 into pinned memory, on several threads.  Signs never reach the
   device: add/sub become a magnitude addition, or a subtraction of the smaller
   magnitude from the larger (decided here, as mpz_add does), and mul multiplies
   magnitudes with the longer operand first.  Results are written with
   mpz_limbs_write / mpz_limbs_finish (normalized, no -0).  Buffers are kept across
   calls; one lock serializes the GPU path. */

#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpu.h"
#include "mpzg.h"
extern "C" {
#include "pool.h"
#include "stream-copy.h"
}
#include "kernels.h"
#include "tuning.h"

using mpzg::u64;

enum { K_ADD_SMALL, K_ADD_WARP, K_MUL_SMALL, K_MUL_BLOCK };

/* Widths: exact up to 8 words, then 4 per octave (multiples of 2^(k-2) in (2^k, 2^(k+1)]). */
#define NWID 60
static unsigned
widx (unsigned n)
{
  if (n <= 8)
    return n ? n - 1 : 0;
  unsigned k = 31 - __builtin_clz (n - 1), step = 1u << (k - 2);
  unsigned j = (n + step - 1) / step - 4;
  return 8 + 4 * (k - 3) + (j - 1);
}
static unsigned
wval (unsigned i)
{
  if (i < 8)
    return i + 1;
  unsigned k = 3 + (i - 8) / 4, j = (i - 8) % 4 + 1;
  return (4 + j) << (k - 2);
}

#define NCLS_ADD NWID
#define NCLS_MUL (8 + NWID * NWID)

struct meta
{
  size_t e;                     /* element index */
  unsigned nx, ny;              /* magnitudes' sizes (x the longer for mul) */
  unsigned cls;
  unsigned char swap, sub, neg;
  unsigned char cmp;            /* sub of equal sizes: compare when packing (pack_cmp) */
};

struct cls_info
{
  int kind;
  unsigned M, Mb;               /* widths: M (x, or a for mul), Mb (b of the block mul) */
  size_t in_w, out_w;           /* words per instance */
  size_t count, first;
};

struct chunk
{
  unsigned cls;
  size_t first, count;          /* positions in order[] */
  size_t lanes;                 /* instances in the layout: count, or padded (interleaved) */
  size_t in_off, out_off;       /* words into the in/out buffers */
};

/* The interleaved layouts (word i of lane j at i*lanes+j) are packed 8 lanes at a
   time, so that every row is written in whole 64-byte lines by stream stores, and
   their lane count is padded to an odd number of lines: with a power-of-two row
   stride (2^20-word slots hold 2^15 lanes of a 16-limb product) every row of a lane
   falls into the same cache set, and packing 1M 16-limb products took 5x longer on
   one core (214 -> 39 ms).  Padding lanes hold zeros; the kernels compute them and
   nobody reads the results. */
#define LANE_GROUP 8
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pack_lanes stores the add/sub flag bytes of 8 lanes as one little-endian word"
#endif
/* Widest interleaved class (add/sub small, mul small): bounds the pack tile. */
#define MPZG_PACK_TILE_MAX 32
#if MPZG_ADD_SMALL_MAX > MPZG_PACK_TILE_MAX || MPZG_MUL_SMALL_MAX > MPZG_PACK_TILE_MAX
#error "an interleaved class is wider than the pack tile"
#endif

static int
interleaved (int kind)
{
  return kind == K_ADD_SMALL || kind == K_MUL_SMALL;
}

static size_t
padded_lanes (size_t count)
{
  size_t l = (count + LANE_GROUP - 1) / LANE_GROUP * LANE_GROUP;
  return (l / LANE_GROUP) % 2 ? l : l + LANE_GROUP;
}

struct plan
{
  int op;
  mpz_t *r, *a, *b;
  const size_t *idx;
  size_t m;
  meta *mt;
  size_t *order;                /* positions grouped by class; NULL: one class, in order */
  int mixed;                    /* elements of more than one class (set by plan_range) */
  cls_info *ci;
  unsigned ncls;
  chunk *ch;
  size_t nch;
  int threads;
  unsigned mul_small_max;       /* MPZG_MUL_SMALL_MAX, or MPZG_GPU_MUL_SMALL_MAX (tuning runs) */
};

static void
cls_shape (int op, unsigned c, cls_info *ci)
{
  if (op != MPZG_GPU_MUL)
    {
      ci->M = wval (c);
      ci->Mb = 0;
      ci->kind = ci->M <= MPZG_ADD_SMALL_MAX ? K_ADD_SMALL : K_ADD_WARP;
      ci->in_w = 2 * (size_t) ci->M + 1;
      ci->out_w = (size_t) ci->M + 1;
    }
  else if (c < 8)
    {
      static const unsigned sw[8] = { 2, 4, 6, 8, 12, 16, 24, 32 };
      ci->kind = K_MUL_SMALL;
      ci->M = sw[c];
      ci->Mb = 0;
      ci->in_w = ci->out_w = 2 * (size_t) ci->M;
    }
  else
    {
      ci->kind = K_MUL_BLOCK;
      ci->M = wval ((c - 8) / NWID);
      ci->Mb = wval ((c - 8) % NWID);
      ci->in_w = ci->out_w = (size_t) ci->M + ci->Mb;
    }
}

static size_t
msize (const mpz_t x)
{
  return mpz_size (x);
}

/* ---- 1. plan each element ---- */

static void
plan_range (void *ctx, size_t begin, size_t end)
{
  plan *p = (plan *) ctx;
  for (size_t k = begin; k < end; k++)
    {
      meta *t = &p->mt[k];
      size_t e = p->idx ? p->idx[k] : k;
      mpz_srcptr a = p->a[e], b = p->b[e];
      unsigned na = (unsigned) msize (a), nb = (unsigned) msize (b);
      t->e = e;
      if (p->op == MPZG_GPU_MUL)
        {
          t->swap = na < nb;
          t->nx = t->swap ? nb : na;
          t->ny = t->swap ? na : nb;
          t->sub = 0;
          t->cmp = 0;
          t->neg = (mpz_sgn (a) < 0) != (mpz_sgn (b) < 0) && na != 0 && nb != 0;
          if (t->nx <= p->mul_small_max)
            {
              /* small widths 2,4,6,8,12,16,24,32 -> classes 0..7 */
              unsigned w = mpzg::mul_small_width (t->nx), c;
              static const unsigned sw[8] = { 2, 4, 6, 8, 12, 16, 24, 32 };
              for (c = 0; sw[c] != w; c++)
                ;
              t->cls = c;
            }
          else
            t->cls = 8 + widx (t->nx) * NWID + widx (t->ny);
        }
      else
        {
          int sa = mpz_sgn (a), sb = mpz_sgn (b);
          if (p->op == MPZG_GPU_SUB)
            sb = -sb;
          t->cmp = 0;
          t->swap = na < nb;     /* x is the longer (add) or the larger (sub) */
          if (sa == 0 || sb == 0 || sa == sb)
            {
              t->sub = 0;
              t->neg = (sa ? sa : sb) < 0;
            }
          else
            {
              /* Magnitudes of equal size are compared when they are packed, where
                 their limbs are read anyway: here it cost two cache misses per
                 element (add 2^10 bits, 1M elements: plan 5.5-8 ms, against 1.2
                 for mul).  Until then neg is a's sign, the result's if |a| >= |b|. */
              t->sub = 1;
              t->swap = na < nb;
              t->cmp = na == nb;
              t->neg = (na < nb ? sb : sa) < 0;
            }
          t->nx = t->swap ? nb : na;
          t->ny = t->swap ? na : nb;
          t->cls = widx (na > nb ? na : nb);
        }
      if (t->cls != p->mt[0].cls && !__atomic_load_n (&p->mixed, __ATOMIC_RELAXED))
        __atomic_store_n (&p->mixed, 1, __ATOMIC_RELAXED);
    }
}

static inline size_t
order_at (const plan *p, size_t pos)
{
  return p->order ? p->order[pos] : pos;
}

/* plan_range over positions 1..m-1. */
static void
plan_rest (void *ctx, size_t begin, size_t end)
{
  plan_range (ctx, begin + 1, end + 1);
}

/* mpzg_parallel_for over groups of about MPZG_GROUP_COST cost units (at most 512
   elements): pool.c asks the cost of every position serially, which would cost more
   than packing a small element, while large elements must stay one per position. */
#define MPZG_GROUP_COST 8192
struct grouped
{
  mpzg_range_fn fn;
  void *ctx;
  size_t n, cost, group;        /* elements, cost of one, elements per group */
};

static size_t
grouped_cost (void *ctx, size_t i)
{
  grouped *g = (grouped *) ctx;
  size_t e = g->n - i * g->group;
  return (e < g->group ? e : g->group) * g->cost;
}

static void
grouped_range (void *ctx, size_t begin, size_t end)
{
  grouped *g = (grouped *) ctx;
  size_t e = end * g->group;
  g->fn (g->ctx, begin * g->group, e < g->n ? e : g->n);
}

static int
par_for (size_t n, size_t cost, mpzg_range_fn fn, void *ctx, int threads)
{
  size_t group = MPZG_GROUP_COST / (cost ? cost : 1);
  group = group < 1 ? 1 : group > 512 ? 512 : group;
  grouped g = { fn, ctx, n, cost, group };
  return mpzg_parallel_for ((n + group - 1) / group, grouped_cost, grouped_range, &g, threads);
}

/* ---- 2. pack and unpack one chunk ---- */

struct xfer
{
  plan *p;
  const chunk *c;
  u64 *buf;                     /* the chunk's in (pack) or out (unpack) words */
};


/* Word-aligned operand x (nx words) into a slot of w >= nx words, zero-padded.  The
   slot buffers are written once and read only by the DMA engine: stream stores. */
static inline void
stage_in (u64 *dst, const mp_limb_t *x, size_t nx, size_t w)
{
  mpzg_stream_copy ((uint64_t *) dst, (const uint64_t *) x, nx);
  mpzg_stream_zero ((uint64_t *) dst + nx, w - nx);
}

/* Settles a subtraction of equal-size magnitudes (meta.cmp): the larger one
   becomes x, and the result takes the other's sign when b is larger (their
   effective signs are opposite).  Runs before the element's unpacking, which
   reads swap and neg after a barrier. */
static inline meta *
pack_meta (plan *p, size_t pos)
{
  meta *t = &p->mt[pos];
  if (t->cmp)
    {
      if (mpz_cmpabs (p->a[t->e], p->b[t->e]) < 0)
        {
          t->swap = 1;
          t->neg = !t->neg;
        }
      t->cmp = 0;
    }
  return t;
}

/* Prefetching the limbs of the element MPZG_PREFETCH_AHEAD positions on: in a
   program whose integers were allocated over time, neighbouring elements' limbs
   lie far apart and packing waits on one cache miss after another.  The first few
   lines of each operand (the hardware prefetcher follows the rest).  H100 host,
   mpzg-bench -S (shuffled allocation), end to end: mul 2^8 bits -41 %, 2^10 -15 %,
   add 2^8 -11 %, 2^10 -7 % (bench/results/gpu-2026-11-22-h100-s3-prefetch-*). */
#ifndef MPZG_PREFETCH_AHEAD       /* a tuning build may set it (0: no prefetching) */
#define MPZG_PREFETCH_AHEAD 8
#endif
#define PREFETCH_LINES 4
static inline void
prefetch_limbs (mpz_srcptr x, size_t words)
{
  const char *q = (const char *) mpz_limbs_read (x);
  size_t lines = (words * sizeof (mp_limb_t) + 63) / 64;
  lines = lines < PREFETCH_LINES ? lines : PREFETCH_LINES;
  for (size_t l = 0; l < lines; l++)
    __builtin_prefetch (q + 64 * l, 0);
}

/* The operands of position j of chunk c (if it exists), for packing. */
static inline void
prefetch_operands (const plan *p, const chunk *c, size_t j)
{
  if (MPZG_PREFETCH_AHEAD == 0 || j >= c->count)
    return;
  const meta *t = &p->mt[order_at (p, c->first + j)];
  prefetch_limbs (p->a[t->e], mpz_size (p->a[t->e]));
  prefetch_limbs (p->b[t->e], mpz_size (p->b[t->e]));
}

/* Words of an element's result before normalization. */
static inline size_t
result_words (const plan *p, const meta *t)
{
  if (p->op == MPZG_GPU_MUL)
    return (size_t) t->nx + t->ny;
  return (size_t) t->nx + (t->sub ? 0 : 1);
}

/* The output of position j, for unpacking: its first and last result lines, the
   ones written with plain stores (stage_out); the limbs may still move if
   mpz_limbs_write must grow them, and then the prefetch was only wasted. */
static inline void
prefetch_result (const plan *p, const chunk *c, size_t j)
{
  if (MPZG_PREFETCH_AHEAD == 0 || j >= c->count)
    return;
  const meta *t = &p->mt[order_at (p, c->first + j)];
  size_t n = result_words (p, t);
  const mp_limb_t *q = mpz_limbs_read (p->r[t->e]);
  if (n == 0)
    return;
  __builtin_prefetch (q, 1);            /* a prefetch never faults */
  __builtin_prefetch (q + n - 1, 1);
}

/* Lanes j0 .. j0+7 of an interleaved chunk: gathered into a tile of rows (x's M
   words, y's M words), each row stored as one line; then, for add/sub, the lanes'
   flag bytes as one word. */
static void
pack_lanes (plan *p, const chunk *c, u64 *in, size_t j0)
{
  const cls_info *ci = &p->ci[c->cls];
  const size_t M = ci->M, lanes = c->lanes, rows = 2 * M;
  u64 tile[2 * MPZG_PACK_TILE_MAX * LANE_GROUP], flags = 0;
  for (size_t l = 0; l < LANE_GROUP; l++)
    {
      size_t j = j0 + l;
      if (j >= c->count)
        {
          for (size_t i = 0; i < rows; i++)
            tile[i * LANE_GROUP + l] = 0;
          continue;         /* flag 0 */
        }
      prefetch_operands (p, c, j + MPZG_PREFETCH_AHEAD);
      const meta *t = pack_meta (p, order_at (p, c->first + j));
      mpz_srcptr xs = t->swap ? p->b[t->e] : p->a[t->e];
      mpz_srcptr ys = t->swap ? p->a[t->e] : p->b[t->e];
      const mp_limb_t *xp = mpz_limbs_read (xs), *yp = mpz_limbs_read (ys);
      for (size_t i = 0; i < M; i++)
        {
          tile[i * LANE_GROUP + l] = i < t->nx ? xp[i] : 0;
          tile[(M + i) * LANE_GROUP + l] = i < t->ny ? yp[i] : 0;
        }
      flags |= (u64) t->sub << (8 * l);
    }
  for (size_t i = 0; i < rows; i++)
    mpzg_stream_copy ((uint64_t *) in + i * lanes + j0, (const uint64_t *) tile + i * LANE_GROUP,
                      LANE_GROUP);
  if (ci->kind == K_ADD_SMALL)  /* the lanes' flag bytes, in lane order (little-endian) */
    mpzg_stream_copy ((uint64_t *) in + 2 * M * lanes + j0 / LANE_GROUP,
                      (const uint64_t *) &flags, 1);
}

/* begin, end: units of the chunk (xfer_units): groups of LANE_GROUP lanes for the
   interleaved layouts, elements for the others. */
static void
pack_range (void *ctx, size_t begin, size_t end)
{
  xfer *x = (xfer *) ctx;
  plan *p = x->p;
  const chunk *c = x->c;
  const cls_info *ci = &p->ci[c->cls];
  const size_t cnt = c->count, M = ci->M;
  u64 *in = x->buf;
  if (interleaved (ci->kind))
    {
      for (size_t g = begin; g < end; g++)
        pack_lanes (p, c, in, g * LANE_GROUP);
      mpzg_stream_fence ();
      return;
    }
  for (size_t j = begin; j < end; j++)
    {
      prefetch_operands (p, c, j + MPZG_PREFETCH_AHEAD);
      const meta *t = pack_meta (p, order_at (p, c->first + j));
      mpz_srcptr xs = t->swap ? p->b[t->e] : p->a[t->e];
      mpz_srcptr ys = t->swap ? p->a[t->e] : p->b[t->e];
      const mp_limb_t *xp = mpz_limbs_read (xs), *yp = mpz_limbs_read (ys);
      const size_t nx = t->nx, ny = t->ny;
      switch (ci->kind)
        {
        case K_ADD_WARP:
          {
            u64 *X = in + j * M, *Y = in + M * cnt + j * M;
            stage_in (X, xp, nx, M);
            stage_in (Y, yp, ny, M);
            in[2 * M * cnt + j] = t->sub;
            break;
          }
        default:
          {
            const size_t Mb = ci->Mb;
            u64 *X = in + j * M, *Y = in + M * cnt + j * Mb;
            stage_in (X, xp, nx, M);
            stage_in (Y, yp, ny, Mb);
            break;
          }
        }
    }
  mpzg_stream_fence ();
}

/* n result words from a slot into the limbs of an mpz_t.  Whole 64-byte lines
   before the last one by stream stores; a partial first line and the last line
   (mpz_limbs_finish reads it right away to normalize) by plain stores: a stream
   store to part of a line costs a partial write to memory. */
static inline void
stage_out (mp_limb_t *rp, const u64 *src, size_t n)
{
  uintptr_t a = (uintptr_t) rp, first = (a + 63) & ~(uintptr_t) 63;
  uintptr_t last = (a + n * sizeof (u64) - 1) & ~(uintptr_t) 63;   /* n >= 1 */
  size_t i = 0, h, m;
  if (first < last)
    {
      h = (first - a) / sizeof (u64);
      m = (last - first) / sizeof (u64);
      for (; i < h; i++)
        rp[i] = src[i];
      mpzg_stream_copy ((uint64_t *) rp + h, (const uint64_t *) src + h, m);
      i = h + m;
    }
  for (; i < n; i++)
    rp[i] = src[i];
}

static void
unpack_range (void *ctx, size_t begin, size_t end)
{
  xfer *x = (xfer *) ctx;
  plan *p = x->p;
  const chunk *c = x->c;
  const cls_info *ci = &p->ci[c->cls];
  const size_t cnt = c->count, M = ci->M, lanes = c->lanes;
  const u64 *out = x->buf;
  if (interleaved (ci->kind))
    {
      begin *= LANE_GROUP;
      end = end * LANE_GROUP < cnt ? end * LANE_GROUP : cnt;
    }
  for (size_t j = begin; j < end; j++)
    {
      prefetch_result (p, c, j + MPZG_PREFETCH_AHEAD);
      const meta *t = &p->mt[order_at (p, c->first + j)];
      mpz_ptr r = p->r[t->e];
      size_t n = result_words (p, t), i;
      if (n == 0)
        {
          mpz_set_ui (r, 0);
          continue;
        }
      mp_limb_t *rp = mpz_limbs_write (r, (mp_size_t) n);
      u64 col[2 * MPZG_PACK_TILE_MAX];
      switch (ci->kind)
        {
        case K_ADD_SMALL:       /* n <= M + 1: the carry byte after the M rows */
          for (i = 0; i < n && i < M; i++)
            col[i] = out[i * lanes + j];
          if (n > M)
            col[M] = ((const unsigned char *) (out + M * lanes))[j];
          stage_out (rp, col, n);
          break;
        case K_MUL_SMALL:       /* n <= 2M rows of column j */
          for (i = 0; i < n; i++)
            col[i] = out[i * lanes + j];
          stage_out (rp, col, n);
          break;
        case K_ADD_WARP:
          stage_out (rp, out + j * M, n < M ? n : M);
          if (n > M)
            rp[M] = out[M * cnt + j];
          break;
        default:
          stage_out (rp, out + j * (M + ci->Mb), n);
          break;
        }
      mpz_limbs_finish (r, t->neg ? -(mp_size_t) n : (mp_size_t) n);
    }
  mpzg_stream_fence ();
}

/* The units pack_range and unpack_range take, and the cost of one. */
static size_t
xfer_units (const plan *p, const chunk *c, size_t *cost)
{
  const cls_info *ci = &p->ci[c->cls];
  int il = interleaved (ci->kind);
  if (cost)
    *cost = (ci->in_w + 16) * (il ? LANE_GROUP : 1);
  return il ? c->lanes / LANE_GROUP : c->count;
}

static int
run_xfer (plan *p, const chunk *c, u64 *buf, int unpack)
{
  xfer x = { p, c, buf };
  size_t cost, units = xfer_units (p, c, &cost);
  if (par_for (units, cost, unpack ? unpack_range : pack_range, &x, p->threads) != 0)
    return MPZG_ENOMEM;
  return MPZG_OK;
}

/* ---- 3. the kernels of one chunk ---- */

static cudaError_t
launch_chunk (const plan *p, const chunk *c, const u64 *din, u64 *dout, cudaStream_t s)
{
  const cls_info *ci = &p->ci[c->cls];
  const size_t cnt = interleaved (ci->kind) ? c->lanes : c->count, M = ci->M;
  switch (ci->kind)
    {
    case K_ADD_SMALL:
      return mpzg::launch_addsub_small (din, din + M * cnt,
                                        (const unsigned char *) (din + 2 * M * cnt), dout,
                                        (unsigned char *) (dout + M * cnt), (unsigned) M, cnt, s);
    case K_ADD_WARP:
      return mpzg::launch_addsub_warp (din, din + M * cnt, din + 2 * M * cnt, dout,
                                       dout + M * cnt, (unsigned) M, cnt, s);
    case K_MUL_SMALL:
      return mpzg::launch_mul_small (din, din + M * cnt, dout, (unsigned) M, cnt, s);
    default:
      return mpzg::launch_mul_block (din, din + M * cnt, dout, (unsigned) M, ci->Mb, cnt, s);
    }
}

/* ---- planning a whole call ---- */

/* The per-element plan arrays are kept across calls (under gpu_lock, like the
   slots): a batch of many small numbers would otherwise spend more time faulting
   in fresh pages for them than packing its operands.  Only moderate sizes are
   kept (MPZG_PLAN_KEEP), so that one huge call does not pin its memory for good. */
static meta *plan_mt;
static size_t *plan_order;
static size_t plan_cap;

static int
plan_reserve (size_t m)
{
  if (m <= plan_cap)
    return MPZG_OK;
  meta *mt = (meta *) malloc (m * sizeof (meta));
  size_t *order = (size_t *) malloc (m * sizeof (size_t));
  if (mt == NULL || order == NULL)
    {
      free (mt);
      free (order);
      return MPZG_ENOMEM;
    }
  free (plan_mt);
  free (plan_order);
  plan_mt = mt;
  plan_order = order;
  plan_cap = m;
  return MPZG_OK;
}

/* Plan arrays above this many elements (about 160 MB) are not kept after the call. */
#define MPZG_PLAN_KEEP ((size_t) 1 << 22)

static void
plan_free (plan *p)
{
  if (plan_cap > MPZG_PLAN_KEEP)
    {
      free (plan_mt);
      free (plan_order);
      plan_mt = NULL;
      plan_order = NULL;
      plan_cap = 0;
    }
  free (p->ci);
  free (p->ch);
}

/* Words a chunk moves up and down: lanes * in_w and lanes * out_w, except for the
   small add/sub layout, whose flags and carries are bytes (in_w and out_w count a
   word for each: chunk sizes and offsets stay on the safe side). */
static size_t
chunk_words (const cls_info *ci, const chunk *c, int out)
{
  if (ci->kind == K_ADD_SMALL)
    return c->lanes * (out ? ci->M : 2 * ci->M) + c->lanes / LANE_GROUP;
  return c->lanes * (out ? ci->out_w : ci->in_w);
}

/* Most elements of class ci in one chunk of at most max_words words in or out
   (the padding of interleaved lanes included). */
static size_t
chunk_max (const cls_info *ci, size_t max_words)
{
  size_t w = ci->in_w > ci->out_w ? ci->in_w : ci->out_w, per = max_words / w;
  if (interleaved (ci->kind))
    per = per > 4 * LANE_GROUP ? per - 2 * LANE_GROUP : LANE_GROUP;
  return per;
}

/* Plans m elements; chunks hold at most max_words input or output words (0: one
   chunk per class), laid out from offset 0 (slots) or one after another (resident). */
static int
plan_make (plan *p, int op, mpz_t *r, mpz_t *a, mpz_t *b, const size_t *idx, size_t m,
           int threads, size_t max_words)
{
  memset (p, 0, sizeof *p);
  p->op = op;
  p->r = r;
  p->a = a;
  p->b = b;
  p->idx = idx;
  p->m = m;
  p->threads = threads > 0 ? threads : 1;
  p->ncls = op == MPZG_GPU_MUL ? NCLS_MUL : NCLS_ADD;
  p->mul_small_max = MPZG_MUL_SMALL_MAX;
#ifdef MPZG_TUNING_VARIANTS
  {
    const char *env = getenv ("MPZG_GPU_MUL_SMALL_MAX");
    if (env != NULL && atoi (env) >= 0 && atoi (env) <= MPZG_MUL_SMALL_MAX)
      p->mul_small_max = (unsigned) atoi (env);
  }
#endif
  if (plan_reserve (m) != MPZG_OK)
    return MPZG_ENOMEM;
  p->mt = plan_mt;
  p->order = plan_order;
  p->ci = (cls_info *) calloc (p->ncls, sizeof (cls_info));
  if (p->ci == NULL)
    return MPZG_ENOMEM;
  /* Element 0 first: the others compare their class with it.  A batch of one
     class (the usual case) then needs no counting sort: two serial passes less. */
  plan_range (p, 0, 1);
  if (par_for (m - 1, 64, plan_rest, p, p->threads) != 0)
    return MPZG_ENOMEM;
  if (!p->mixed)
    {
      p->order = NULL;
      p->ci[p->mt[0].cls].count = m;
    }
  else
    for (size_t k = 0; k < m; k++)
      p->ci[p->mt[k].cls].count++;
  size_t pos = 0, nch = 0;
  for (unsigned c = 0; c < p->ncls; c++)
    {
      cls_info *ci = &p->ci[c];
      ci->first = pos;
      pos += ci->count;
      if (ci->count == 0)
        continue;
      cls_shape (op, c, ci);
      if (max_words == 0)
        nch++;
      else
        nch += (ci->count + chunk_max (ci, max_words) - 1) / chunk_max (ci, max_words);
      ci->count = 0;            /* refilled below */
    }
  if (p->mixed)
    for (size_t k = 0; k < m; k++)
      {
        cls_info *ci = &p->ci[p->mt[k].cls];
        p->order[ci->first + ci->count++] = k;
      }
  else
    p->ci[p->mt[0].cls].count = m;
  p->ch = (chunk *) malloc ((nch ? nch : 1) * sizeof (chunk));
  if (p->ch == NULL)
    return MPZG_ENOMEM;
  size_t in_off = 0, out_off = 0;
  for (unsigned c = 0; c < p->ncls; c++)
    {
      cls_info *ci = &p->ci[c];
      size_t done = 0, per = max_words && ci->count ? chunk_max (ci, max_words) : ci->count;
      while (done < ci->count)
        {
          chunk *h = &p->ch[p->nch++];
          h->cls = c;
          h->first = ci->first + done;
          h->count = ci->count - done < per ? ci->count - done : per;
          h->lanes = interleaved (ci->kind) ? padded_lanes (h->count) : h->count;
          h->in_off = max_words ? 0 : in_off;
          h->out_off = max_words ? 0 : out_off;
          in_off += h->lanes * ci->in_w;
          out_off += h->lanes * ci->out_w;
          done += h->count;
        }
    }
  return MPZG_OK;
}

/* ---- device state ---- */

static pthread_mutex_t gpu_lock = PTHREAD_MUTEX_INITIALIZER;

struct slot
{
  u64 *hin, *hout, *din, *dout;
  cudaStream_t st;
  cudaEvent_t done;
  long pending;                 /* chunk index in flight, or -1 */
};

static slot slots[MPZG_SLOTS];
static int slots_dev = -1;

static void
slots_free (void)
{
  for (int s = 0; s < MPZG_SLOTS; s++)
    {
      slot *q = &slots[s];
      if (q->hin) cudaFreeHost (q->hin);
      if (q->hout) cudaFreeHost (q->hout);
      if (q->din) cudaFree (q->din);
      if (q->dout) cudaFree (q->dout);
      if (q->st) cudaStreamDestroy (q->st);
      if (q->done) cudaEventDestroy (q->done);
      memset (q, 0, sizeof *q);
    }
  slots_dev = -1;
}

static int
status_of (cudaError_t e)
{
  if (e == cudaSuccess)
    return MPZG_OK;
  cudaGetLastError ();          /* clear a non-sticky error */
  return e == cudaErrorMemoryAllocation ? MPZG_ENOMEM : MPZG_EDEVICE;
}

static int
slots_ensure (int ordinal)
{
  cudaError_t e;
  if ((e = cudaSetDevice (ordinal)) != cudaSuccess)
    return status_of (e);
  if (slots_dev == ordinal)
    return MPZG_OK;
  if (slots_dev >= 0)
    slots_free ();
  const size_t bytes = MPZG_SLOT_WORDS * sizeof (u64);
  for (int s = 0; s < MPZG_SLOTS; s++)
    {
      slot *q = &slots[s];
      if ((e = cudaMallocHost ((void **) &q->hin, bytes)) != cudaSuccess
          || (e = cudaMallocHost ((void **) &q->hout, bytes)) != cudaSuccess
          || (e = cudaMalloc ((void **) &q->din, bytes)) != cudaSuccess
          || (e = cudaMalloc ((void **) &q->dout, bytes)) != cudaSuccess
          || (e = cudaStreamCreateWithFlags (&q->st, cudaStreamNonBlocking)) != cudaSuccess
          || (e = cudaEventCreateWithFlags (&q->done, cudaEventDisableTiming)) != cudaSuccess)
        {
          int st = status_of (e);
          slots_free ();
          return st;
        }
      q->pending = -1;
    }
  slots_dev = ordinal;
  return MPZG_OK;
}

/* ---- gpu.h ---- */

extern "C" size_t
mpzg_gpu_max_limbs (int op)
{
  switch (op)
    {
    case MPZG_GPU_ADD:
    case MPZG_GPU_SUB:
      return MPZG_ADD_MAX_LIMBS;
    case MPZG_GPU_MUL:
      return MPZG_MUL_MAX_LIMBS;
    default:
      return 0;
    }
}

extern "C" int
mpzg_gpu_worthwhile (int op, size_t count, size_t limbs)
{
  if (count == 0)
    return 0;
  if (op == MPZG_GPU_MUL)
    {
      double avg = (double) limbs / (double) count;
      return avg * avg * (double) count >= MPZG_MUL_WORTH_WORK && avg >= MPZG_MUL_WORTH_AVG;
    }
  if (op == MPZG_GPU_ADD || op == MPZG_GPU_SUB)
    return limbs >= MPZG_ADD_WORTH_LIMBS;
  return 0;
}

/* The pipeline of one call, run by a team of host threads in lock-step.  Chunk k
   goes to slot k % MPZG_SLOTS.  Each step: (A) thread 0 waits for the slot's previous
   chunk to come back; barrier; (B) every thread unpacks its share of that chunk and
   packs its share of chunk k; barrier; (C) thread 0 queues chunk k's upload, kernels
   and download on the slot's stream.  While the device works on up to MPZG_SLOTS
   chunks, the team packs and unpacks the others.  Shared decisions (the error) are
   written only by thread 0 before a barrier and read by all after it, so that every
   thread leaves the loop at the same step. */
struct pipe
{
  plan *p;
  cudaError_t e;                /* first CUDA error, written by thread 0 in phases A and C */
  int st;                       /* MPZG_ENOMEM when the team could not start */
  double t_wait, t_host, t_issue;  /* thread 0's time in A, B and C (MPZG_VERBOSE >= 2) */
  double t_bar;                 /* thread 0's time in the barriers */
  size_t next;                  /* phase B: the next unit to claim; thread 0 resets it in C */
};

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Phase B of one step: the units of unpacking chunk u (if any) and then of packing
   chunk k (if any), claimed by the team's threads in runs of about
   MPZG_CLAIM_WORDS words.  Claimed, not cut into equal shares: on the GPU machine's
   16 virtual cores some threads are descheduled for milliseconds, and with fixed
   shares the whole team waited for them at the barrier (mul 2^10 bits: thread 0
   busy 15 of 27 ms). */
#define MPZG_CLAIM_WORDS 16384
static void
xfer_step (pipe *ps, const chunk *u, u64 *ubuf, const chunk *k, u64 *kbuf)
{
  plan *p = ps->p;
  xfer xu = { p, u, ubuf }, xk = { p, k, kbuf };
  size_t cu = 1, ck = 1;
  size_t nu = u ? xfer_units (p, u, &cu) : 0, nk = k ? xfer_units (p, k, &ck) : 0;
  size_t gu = MPZG_CLAIM_WORDS / cu + 1, gk = MPZG_CLAIM_WORDS / ck + 1;
  for (;;)
    {
      /* claims of gu units (never across into the packing) until the unpacking is
         handed out, then of gk */
      size_t at = __atomic_load_n (&ps->next, __ATOMIC_RELAXED), want;
      do
        want = at < nu ? (nu - at < gu ? nu - at : gu) : gk;
      while (at < nu + nk
             && !__atomic_compare_exchange_n (&ps->next, &at, at + want, 1, __ATOMIC_RELAXED,
                                              __ATOMIC_RELAXED));
      if (at >= nu + nk)
        return;
      if (at < nu)
        unpack_range (&xu, at, at + want < nu ? at + want : nu);
      else
        pack_range (&xk, at - nu, at - nu + want < nk ? at - nu + want : nk);
    }
}

static void
pipe_barrier (pipe *ps, mpzg_team *team, int tid)
{
  double t0 = tid == 0 ? now_s () : 0;
  mpzg_team_barrier (team);
  if (tid == 0)
    ps->t_bar += now_s () - t0;
}

/* Phase A for the chunk in flight on slot q, if any: returns it, or -1. */
static long
pipe_wait (pipe *ps, slot *q, mpzg_team *team, int tid)
{
  long pd = q->pending;         /* written by thread 0 before an earlier barrier */
  if (tid == 0 && pd >= 0 && ps->e == cudaSuccess)
    {
      double t0 = now_s ();
      cudaError_t e = cudaEventSynchronize (q->done);
      if (e != cudaSuccess)
        ps->e = e;
      ps->t_wait += now_s () - t0;
    }
  pipe_barrier (ps, team, tid);
  return ps->e == cudaSuccess ? pd : -2;
}

static void
pipe_fn (mpzg_team *team, void *ctx, int tid, int nt)
{
  (void) nt;
  pipe *ps = (pipe *) ctx;
  plan *p = ps->p;
  size_t k;
  for (k = 0; k < p->nch; k++)
    {
      slot *q = &slots[k % MPZG_SLOTS];
      const chunk *c = &p->ch[k];
      const cls_info *ci = &p->ci[c->cls];
      long pd = pipe_wait (ps, q, team, tid);
      if (pd == -2)
        return;
      double t0 = now_s ();
      xfer_step (ps, pd >= 0 ? &p->ch[pd] : NULL, q->hout, c, q->hin);
      if (tid == 0)
        ps->t_host += now_s () - t0;
      pipe_barrier (ps, team, tid);
      if (tid == 0)
        {
          cudaError_t e;
          t0 = now_s ();
          q->pending = -1;
          ps->next = 0;         /* the others wait at the next barrier */
          if ((e = cudaMemcpyAsync (q->din, q->hin, chunk_words (ci, c, 0) * sizeof (u64),
                                    cudaMemcpyHostToDevice, q->st)) != cudaSuccess
              || (e = launch_chunk (p, c, q->din, q->dout, q->st)) != cudaSuccess
              || (e = cudaMemcpyAsync (q->hout, q->dout, chunk_words (ci, c, 1) * sizeof (u64),
                                       cudaMemcpyDeviceToHost, q->st)) != cudaSuccess
              || (e = cudaEventRecord (q->done, q->st)) != cudaSuccess)
            ps->e = e;
          else
            q->pending = (long) k;
          ps->t_issue += now_s () - t0;
        }
    }
  /* drain, oldest first */
  for (size_t d = 0; d < MPZG_SLOTS; d++)
    {
      slot *q = &slots[(k + d) % MPZG_SLOTS];
      long pd = pipe_wait (ps, q, team, tid);
      if (pd == -2)
        return;
      xfer_step (ps, pd >= 0 ? &p->ch[pd] : NULL, q->hout, NULL, NULL);
      pipe_barrier (ps, team, tid);
      if (tid == 0)
        {
          q->pending = -1;
          ps->next = 0;
        }
    }
}

static int
run_pipelined (plan *p)
{
  pipe ps;
  memset (&ps, 0, sizeof ps);
  ps.p = p;
  ps.e = cudaSuccess;
  ps.st = MPZG_OK;
  int threads = p->threads < 256 ? p->threads : 256;
  if (mpzg_team_run (threads, pipe_fn, &ps) != 0)
    ps.st = MPZG_ENOMEM;
  if (mpzg_get_verbose () >= 2)
    fprintf (stderr, "mpzg: gpu %s m=%zu: %zu chunks, %d threads; thread 0: wait %.3f ms, "
             "pack+unpack %.3f ms, issue %.3f ms, barriers %.3f ms\n",
             p->op == MPZG_GPU_MUL ? "mul" : p->op == MPZG_GPU_ADD ? "add" : "sub", p->m,
             p->nch, threads, 1e3 * ps.t_wait, 1e3 * ps.t_host, 1e3 * ps.t_issue, 1e3 * ps.t_bar);
  if (ps.e != cudaSuccess)
    {
      int s2 = status_of (ps.e);
      /* a broken stream: start afresh next time */
      cudaDeviceSynchronize ();
      cudaGetLastError ();
      for (int s = 0; s < MPZG_SLOTS; s++)
        slots[s].pending = -1;
      slots_free ();
      return s2;
    }
  return ps.st;
}

extern "C" int
mpzg_gpu_run (int op, mpz_t *r, mpz_t *a, mpz_t *b, const size_t *idx, size_t m,
              int ordinal, int threads)
{
  plan p;
  int st;
  if (op < 0 || op >= MPZG_GPU_NOPS)
    return MPZG_EINVAL;
  if (m == 0)
    return MPZG_OK;
  pthread_mutex_lock (&gpu_lock);
  double t0 = now_s ();
  st = slots_ensure (ordinal);
  if (st == MPZG_OK)
    st = plan_make (&p, op, r, a, b, idx, m, threads, MPZG_SLOT_WORDS);
  else
    memset (&p, 0, sizeof p);
  if (mpzg_get_verbose () >= 2)
    fprintf (stderr, "mpzg: gpu plan m=%zu: %.3f ms\n", m, 1e3 * (now_s () - t0));
  if (st == MPZG_OK)
    st = run_pipelined (&p);
  if (mpzg_get_verbose () >= 2)
    fprintf (stderr, "mpzg: gpu m=%zu: %.3f ms from plan to the last unpack\n", m,
             1e3 * (now_s () - t0));
  plan_free (&p);
  pthread_mutex_unlock (&gpu_lock);
  return st;
}

static int
cmp_double (const void *x, const void *y)
{
  double u = *(const double *) x, v = *(const double *) y;
  return u < v ? -1 : u > v;
}

extern "C" int
mpzg_gpu_time_kernel (int op, mpz_t *r, mpz_t *a, mpz_t *b, size_t n, int reps, int ordinal,
                      double *us)
{
  plan p;
  int st;
  u64 *hin = NULL, *hout = NULL, *din = NULL, *dout = NULL;
  cudaEvent_t e0 = NULL, e1 = NULL;
  double *t = NULL;
  cudaError_t e = cudaSuccess;
  size_t in_words = 0, out_words = 0;

  if (op < 0 || op >= MPZG_GPU_NOPS || reps < 1 || us == NULL || (n > 0 && (!r || !a || !b)))
    return MPZG_EINVAL;
  for (size_t i = 0; i < n; i++)
    {
      size_t s = msize (a[i]) > msize (b[i]) ? msize (a[i]) : msize (b[i]);
      if (s > mpzg_gpu_max_limbs (op))
        return MPZG_EINVAL;
    }
  pthread_mutex_lock (&gpu_lock);
  memset (&p, 0, sizeof p);
  if ((e = cudaSetDevice (ordinal)) != cudaSuccess)
    {
      st = status_of (e);
      goto done;
    }
  if ((st = plan_make (&p, op, r, a, b, NULL, n, 16, 0)) != MPZG_OK)
    goto done;
  for (size_t k = 0; k < p.nch; k++)
    {
      in_words += p.ch[k].lanes * p.ci[p.ch[k].cls].in_w;
      out_words += p.ch[k].lanes * p.ci[p.ch[k].cls].out_w;
    }
  t = (double *) malloc (reps * sizeof (double));
  if (t == NULL)
    {
      st = MPZG_ENOMEM;
      goto done;
    }
  if ((e = cudaMallocHost ((void **) &hin, (in_words + 1) * 8)) != cudaSuccess
      || (e = cudaMallocHost ((void **) &hout, (out_words + 1) * 8)) != cudaSuccess
      || (e = cudaMalloc ((void **) &din, (in_words + 1) * 8)) != cudaSuccess
      || (e = cudaMalloc ((void **) &dout, (out_words + 1) * 8)) != cudaSuccess
      || (e = cudaEventCreate (&e0)) != cudaSuccess
      || (e = cudaEventCreate (&e1)) != cudaSuccess)
    goto done;
  for (size_t k = 0; k < p.nch; k++)
    if ((st = run_xfer (&p, &p.ch[k], hin + p.ch[k].in_off, 0)) != MPZG_OK)
      goto done;
  if ((e = cudaMemcpy (din, hin, in_words * 8, cudaMemcpyHostToDevice)) != cudaSuccess)
    goto done;
  /* one untimed warm-up run, then reps timed runs */
  for (int rep = -1; rep < reps; rep++)
    {
      if ((e = cudaEventRecord (e0, 0)) != cudaSuccess)
        goto done;
      for (size_t k = 0; k < p.nch; k++)
        if ((e = launch_chunk (&p, &p.ch[k], din + p.ch[k].in_off, dout + p.ch[k].out_off, 0))
            != cudaSuccess)
          goto done;
      float ms = 0;
      if ((e = cudaEventRecord (e1, 0)) != cudaSuccess
          || (e = cudaEventSynchronize (e1)) != cudaSuccess
          || (e = cudaEventElapsedTime (&ms, e0, e1)) != cudaSuccess)
        goto done;
      if (rep >= 0)
        t[rep] = ms * 1000.0;
    }
  if ((e = cudaMemcpy (hout, dout, out_words * 8, cudaMemcpyDeviceToHost)) != cudaSuccess)
    goto done;
  for (size_t k = 0; k < p.nch; k++)
    if ((st = run_xfer (&p, &p.ch[k], hout + p.ch[k].out_off, 1)) != MPZG_OK)
      goto done;
  qsort (t, reps, sizeof *t, cmp_double);
  *us = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
done:
  if (e != cudaSuccess)
    st = status_of (e);
  if (e0) cudaEventDestroy (e0);
  if (e1) cudaEventDestroy (e1);
  if (hin) cudaFreeHost (hin);
  if (hout) cudaFreeHost (hout);
  if (din) cudaFree (din);
  if (dout) cudaFree (dout);
  free (t);
  plan_free (&p);
  pthread_mutex_unlock (&gpu_lock);
  return st;
}

extern "C" int
mpzg_gpu_measure_bandwidth (int ordinal, size_t bytes, double *d2d_gbs, double *h2d_gbs,
                            double *d2h_gbs)
{
  void *d0 = NULL, *d1 = NULL, *h = NULL;
  cudaEvent_t e0 = NULL, e1 = NULL;
  cudaError_t e;
  float best[3] = { 1e30f, 1e30f, 1e30f };
  if (bytes == 0)
    return MPZG_EINVAL;
  pthread_mutex_lock (&gpu_lock);
  if ((e = cudaSetDevice (ordinal)) != cudaSuccess
      || (e = cudaMalloc (&d0, bytes)) != cudaSuccess
      || (e = cudaMalloc (&d1, bytes)) != cudaSuccess
      || (e = cudaMallocHost (&h, bytes)) != cudaSuccess
      || (e = cudaEventCreate (&e0)) != cudaSuccess
      || (e = cudaEventCreate (&e1)) != cudaSuccess
      || (e = cudaMemset (d0, 1, bytes)) != cudaSuccess)
    goto done;
  memset (h, 2, bytes);
  for (int rep = 0; rep < 6; rep++)
    for (int k = 0; k < 3; k++)
      {
        float ms;
        if ((e = cudaEventRecord (e0, 0)) != cudaSuccess)
          goto done;
        if (k == 0)
          e = cudaMemcpyAsync (d1, d0, bytes, cudaMemcpyDeviceToDevice, 0);
        else if (k == 1)
          e = cudaMemcpyAsync (d0, h, bytes, cudaMemcpyHostToDevice, 0);
        else
          e = cudaMemcpyAsync (h, d1, bytes, cudaMemcpyDeviceToHost, 0);
        if (e != cudaSuccess
            || (e = cudaEventRecord (e1, 0)) != cudaSuccess
            || (e = cudaEventSynchronize (e1)) != cudaSuccess
            || (e = cudaEventElapsedTime (&ms, e0, e1)) != cudaSuccess)
          goto done;
        if (rep > 0 && ms < best[k])
          best[k] = ms;
      }
  if (d2d_gbs)
    *d2d_gbs = 2.0 * bytes / (best[0] * 1e6);
  if (h2d_gbs)
    *h2d_gbs = bytes / (best[1] * 1e6);
  if (d2h_gbs)
    *d2h_gbs = bytes / (best[2] * 1e6);
done:
  if (e0) cudaEventDestroy (e0);
  if (e1) cudaEventDestroy (e1);
  if (d0) cudaFree (d0);
  if (d1) cudaFree (d1);
  if (h) cudaFreeHost (h);
  pthread_mutex_unlock (&gpu_lock);
  return e == cudaSuccess ? MPZG_OK : MPZG_EDEVICE;
}
