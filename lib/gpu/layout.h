/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* layout.h -- moving limbs between mpz_t and the two slot layouts of cuda/mpzg-mpn.h,
   for the families' pack and unpack hooks.  Header-only: these run once per limb
   and must inline into each family's loop.

   The slot buffers are pinned memory written once by the host and read only by the
   DMA engine (and the reverse for results): stream stores skip the read for
   ownership (stream-copy.h).  Interleaved layouts (word i of lane j at
   i*lanes + j) are packed MPZG_MPN_LANE_GROUP lanes at a time through a small tile,
   so that every row is written as whole 64-byte lines. */
#ifndef MPZG_GPU_LAYOUT_H
#define MPZG_GPU_LAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include "family.h"
#include "stream-copy.h"
#include "tuning.h"

#define MPZG_LANES MPZG_MPN_LANE_GROUP

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the interleaved layouts store the flag bytes of a lane group as one little-endian word"
#endif

/* Lanes of an interleaved chunk of `count` instances: a whole number of lane
   groups, and an odd number of them.  With a power-of-two row stride every row of
   a lane falls into the same cache set: packing 1M 16-limb products took 5x longer
   on one core.  Padding lanes hold zeros; their results are never read. */
static inline size_t
mpzg_padded_lanes (size_t count)
{
  size_t l = (count + MPZG_LANES - 1) / MPZG_LANES * MPZG_LANES;
  return (l / MPZG_LANES) % 2 ? l : l + MPZG_LANES;
}

/* GMP's mpz_limbs_read, mpz_limbs_write and mpz_limbs_finish, inline: the same
   reads and writes of the fields of GMP's public struct (_mp_d, _mp_alloc,
   _mp_size) that those functions make, without a call through the shared
   library's procedure table.  Packing and unpacking made about ten such calls an
   element, a large part of the host's time per element for small integers.
   Growing limbs still goes through GMP. */
static inline const mp_limb_t *
mpzg_limbs_read (mpz_srcptr x)
{
  return x->_mp_d;
}

static inline mp_limb_t *
mpzg_limbs_write (mpz_ptr x, mp_size_t n)
{
  return n <= x->_mp_alloc ? x->_mp_d : mpz_limbs_write (x, n);
}

/* Words of x[0..n) without its zero top words. */
static inline size_t
mpzg_normalized (const mpzg_word *x, size_t n)
{
  while (n > 0 && x[n - 1] == 0)
    n--;
  return n;
}

/* Reads the limbs as mp_limb_t, the type they were written as: mpzg_word is
   another type (unsigned long long against GMP's unsigned long), and a read
   through it may be moved above the stores it must follow (t-layout caught GCC
   doing so). */
static inline void
mpzg_limbs_finish (mpz_ptr x, mp_size_t s)
{
  mp_size_t n = s < 0 ? -s : s;
  while (n > 0 && x->_mp_d[n - 1] == 0)
    n--;
  x->_mp_size = s < 0 ? (int) -n : (int) n;
}

/* x (nx words) into a slot of w >= nx words, zero-padded. */
static inline void
mpzg_stage_in (mpzg_word *dst, const mp_limb_t *x, size_t nx, size_t w)
{
  mpzg_stream_copy ((uint64_t *) dst, (const uint64_t *) x, nx);
  mpzg_stream_zero ((uint64_t *) dst + nx, w - nx);
}

/* n >= 1 result words from a slot into an mpz_t's limbs: whole 64-byte lines
   before the last one by stream stores; a partial first line and the last line
   (mpzg_limbs_finish reads it right away to normalize) by plain stores, since a
   stream store to part of a line costs a partial write to memory. */
static inline void
mpzg_stage_out (mp_limb_t *rp, const mpzg_word *src, size_t n)
{
  uintptr_t a = (uintptr_t) rp, first = (a + 63) & ~(uintptr_t) 63;
  uintptr_t last = (a + n * sizeof (mp_limb_t) - 1) & ~(uintptr_t) 63;
  size_t i = 0, h, m;
  if (first < last)
    {
      h = (first - a) / sizeof (mp_limb_t);
      m = (last - first) / sizeof (mp_limb_t);
      for (; i < h; i++)
        rp[i] = src[i];
      mpzg_stream_copy ((uint64_t *) rp + h, (const uint64_t *) src + h, m);
      i = h + m;
    }
  for (; i < n; i++)
    rp[i] = src[i];
}

/* Lane l of a tile: rows [row, row + w) from x (nx <= w words), zero above. */
static inline void
mpzg_tile_put (mpzg_word *tile, size_t row, size_t w, const mp_limb_t *x, size_t nx, size_t l)
{
  for (size_t i = 0; i < w; i++)
    tile[(row + i) * MPZG_LANES + l] = i < nx ? x[i] : 0;
}

/* Lane l of a tile: two operands of one width w, x in rows [0, w) and y in rows
   [w, 2w), zero-padded, in one pass over the rows. */
static inline void
mpzg_tile_put2 (mpzg_word *tile, size_t w, const mp_limb_t *x, size_t nx, const mp_limb_t *y,
                size_t ny, size_t l)
{
  for (size_t i = 0; i < w; i++)
    {
      tile[i * MPZG_LANES + l] = i < nx ? x[i] : 0;
      tile[(w + i) * MPZG_LANES + l] = i < ny ? y[i] : 0;
    }
}

/* A padding lane of a tile: rows [0, rows) zero. */
static inline void
mpzg_tile_clear (mpzg_word *tile, size_t rows, size_t l)
{
  for (size_t i = 0; i < rows; i++)
    tile[i * MPZG_LANES + l] = 0;
}

/* The tile's rows into lanes [j0, j0 + MPZG_LANES) of an interleaved buffer. */
static inline void
mpzg_tile_store (mpzg_word *buf, size_t lanes, size_t j0, const mpzg_word *tile, size_t rows)
{
  for (size_t i = 0; i < rows; i++)
    mpzg_stream_copy ((uint64_t *) buf + i * lanes + j0,
                      (const uint64_t *) tile + i * MPZG_LANES, MPZG_LANES);
}

/* Rows [0, rows) of lane j of an interleaved buffer, into col. */
static inline void
mpzg_column (mpzg_word *col, const mpzg_word *buf, size_t lanes, size_t j, size_t rows)
{
  for (size_t i = 0; i < rows; i++)
    col[i] = buf[i * lanes + j];
}

/* The positions [*begin, *end) of chunk c that units [*begin, *end) of a pack or
   unpack hook cover: lane groups on an interleaved layout, elements otherwise. */
static inline void
mpzg_unit_positions (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, size_t *begin, size_t *end)
{
  if (p->ci[c->cls].sh.layout == MPZG_MPN_INTERLEAVED)
    {
      *begin *= MPZG_LANES;
      *end = *end * MPZG_LANES < c->count ? *end * MPZG_LANES : c->count;
    }
}

/* Prefetching the limbs of the element MPZG_PREFETCH_AHEAD positions on: in a
   program whose integers were allocated over time, neighbouring elements' limbs
   lie far apart and packing waits on one cache miss after another.  The first few
   lines of each operand (the hardware prefetcher follows the rest). */
#define MPZG_PREFETCH_LINES 4
static inline void
mpzg_prefetch_limbs (mpz_srcptr x)
{
  const char *q = (const char *) mpzg_limbs_read (x);
  size_t lines = (mpz_size (x) * sizeof (mp_limb_t) + 63) / 64;
  lines = lines < MPZG_PREFETCH_LINES ? lines : MPZG_PREFETCH_LINES;
  for (size_t l = 0; l < lines; l++)
    __builtin_prefetch (q + 64 * l, 0);
}

/* The first nin inputs of position j of chunk c, if it exists, for packing. */
static inline void
mpzg_prefetch_inputs (const mpzg_gpu_plan *p, const mpzg_gpu_chunk *c, size_t j, int nin)
{
  if (MPZG_PREFETCH_AHEAD == 0 || j >= c->count)
    return;
  size_t e = mpzg_gpu_at (p, c->first + j)->e;
  for (int k = 0; k < nin; k++)
    mpzg_prefetch_limbs (p->in[k][e]);
}

/* An output about to receive n words: its first and last result lines, the ones
   mpzg_stage_out writes with plain stores (the limbs may still move if
   mpzg_limbs_write must grow them; then the prefetch was only wasted). */
static inline void
mpzg_prefetch_output (mpz_srcptr r, size_t n)
{
  const mp_limb_t *q = mpzg_limbs_read (r);
  if (MPZG_PREFETCH_AHEAD == 0 || n == 0)
    return;
  __builtin_prefetch (q, 1);            /* a prefetch never faults */
  __builtin_prefetch (q + n - 1, 1);
}

/* Room for n limbs in r, its value kept (mpzg_gpu_family.grow); returns 1 if r had
   to grow.  The new limbs come from the calling thread's allocation and the old
   ones are freed, rather than reallocated: the C library's realloc keeps a block in
   the arena of the thread that first allocated it (for fresh outputs, the caller's
   thread), so threads growing outputs at once would all wait on that one arena,
   page faults included.  GMP has no call that reads an mpz_t's allocation, so this
   reads the field of its public struct. */
static inline int
mpzg_grow (mpz_ptr r, size_t n)
{
  mpz_t t;
  if ((size_t) r->_mp_alloc >= n)
    return 0;
  mpz_init2 (t, (mp_bitcnt_t) n * GMP_NUMB_BITS);
  mpz_set (t, r);
  mpz_swap (t, r);
  mpz_clear (t);
  return 1;
}

/* The pipeline grows a chunk's outputs only if some of its first MPZG_GROW_PROBE
   had to grow: otherwise the caller's outputs are most likely allocated already (a
   loop that calls again on the same arrays), and scanning the rest would cost a
   pass over the chunk's mpz_t.  Any output that still must grow grows while it is
   unpacked (mpzg_limbs_write). */
#define MPZG_GROW_PROBE 64

/* Writes n result words from src into r with sign neg (n == 0: zero). */
static inline void
mpzg_unstage (mpz_ptr r, const mpzg_word *src, size_t n, int neg)
{
  if (n == 0)
    {
      mpz_set_ui (r, 0);
      return;
    }
  mp_limb_t *rp = mpzg_limbs_write (r, (mp_size_t) n);
  mpzg_stage_out (rp, src, n);
  mpzg_limbs_finish (r, neg ? -(mp_size_t) n : (mp_size_t) n);
}

/* Writes |m| - y into r, for 0 < y < |m| of n words: the non-negative
   representative of -y modulo m (invert's and powm's negative bases).  d has
   room for |m|'s words and may be y.  m is read before r is written, so r may be
   m. */
static inline void
mpzg_unstage_neg_mod (mpz_ptr r, const mp_limb_t *y, size_t n, mpz_srcptr m, mpzg_word *d)
{
  const size_t nm = mpz_size (m);
  mpn_sub ((mp_limb_t *) d, mpzg_limbs_read (m), (mp_size_t) nm, y, (mp_size_t) n);
  mpzg_unstage (r, d, mpzg_normalized (d, nm), 0);
}

#endif
