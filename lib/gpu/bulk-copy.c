/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* bulk-copy.c -- long runs of limbs to or from device memory through the
   pipeline's pinned slots, by a team of threads: up to MPZG_SLOTS chunks of
   MPZG_SLOT_WORDS words in flight, the host's copies between the caller's memory
   and the pinned buffers shared out over the team in small pieces and overlapped
   with the DMA of the other chunks.

   A cudaMemcpy from pageable memory stages through the driver's own pinned
   buffers on the calling thread alone, one chunk at a time; the pinned slots are
   there already (the pipeline's), and the copies into them run on every thread
   with the stores that bypass the cache (stream-copy.h).  One team serves all of
   a call's long products: starting threads for every chunk cost more than the
   chunk's copy on the GPU machine's virtual cores.  Pieces are claimed, not
   assigned, and within a transfer no member waits for the others (no barrier a
   chunk), so that a member whose core is descheduled for a while holds up only
   the piece it has claimed (see bench/results/2026-11-22-h100-staging-interleave/
   and 2026-11-24-h100-huge-product-host/). */

#include <config.h>
#include <stdint.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include "mpzg.h"
#include "gpu.h"
#include "bulk-copy.h"
#include "stream-copy.h"
#include "pool.h"
#include "tuning.h"

/* Words per piece a member claims (64 KB): 128 pieces a chunk. */
#define PIECE_WORDS ((size_t) 1 << 13)
#define CHUNK_PIECES (MPZG_SLOT_WORDS / PIECE_WORDS)

/* Words per page touched (4 KB pages; a larger page is touched more than once). */
#define TOUCH_STRIDE ((size_t) 512)

static size_t
chunk_words (size_t words, size_t c)
{
  size_t off = c * MPZG_SLOT_WORDS;
  return words - off < MPZG_SLOT_WORDS ? words - off : MPZG_SLOT_WORDS;
}

static void
note (mpzg_gpu_bulk *b, cudaError_t e)
{
  if (b->err == cudaSuccess)
    b->err = e;
}

/* One transfer's state, shared by the team: pieces are numbered over the whole
   run of words (chunk c holds pieces [c CHUNK_PIECES, (c + 1) CHUNK_PIECES)), and
   claimed in order; a piece may be copied once it is below `open` (its slot free,
   or its data arrived); done[s] counts the pieces of the chunk in slot s copied. */
typedef struct
{
  mpzg_word *host;              /* the caller's side */
  const mpzg_word *dev_src;     /* d2h: the device's side */
  size_t words, pieces;
  int up;
} transfer;

/* Copies piece i between the caller's memory and its chunk's slot. */
static void
copy_piece (mpzg_gpu_bulk *b, const transfer *x, size_t i)
{
  const size_t c = i / CHUNK_PIECES, lo = (i % CHUNK_PIECES) * PIECE_WORDS;
  const size_t left = chunk_words (x->words, c) - lo, n = left < PIECE_WORDS ? left : PIECE_WORDS;
  mpzg_gpu_slot *q = &b->slots[c % MPZG_SLOTS];
  mpzg_word *h = x->host + c * MPZG_SLOT_WORDS + lo;
  if (x->up)
    mpzg_stream_copy ((uint64_t *) (q->hin + lo), (const uint64_t *) h, n);
  else
    mpzg_stream_copy ((uint64_t *) h, (const uint64_t *) (q->hout + lo), n);
  mpzg_stream_fence ();         /* before the count that lets tid 0 use it */
  atomic_fetch_add_explicit (&b->done[c % MPZG_SLOTS], 1, memory_order_release);
}

/* Members other than tid 0: claim pieces until none is left, each copied once
   it is open. */
static void
copy_claimed (mpzg_gpu_bulk *b, const transfer *x)
{
  size_t i;
  while ((i = atomic_fetch_add (&b->claim, 1)) < x->pieces)
    {
      for (unsigned long k = 1; i >= atomic_load_explicit (&b->open, memory_order_acquire); k++)
        mpzg_spin_step (k);
      copy_piece (b, x, i);
    }
}

/* tid 0: until chunk c's pieces are copied, copies open pieces itself. */
static void
wait_chunk (mpzg_gpu_bulk *b, const transfer *x, size_t c)
{
  const size_t need = (chunk_words (x->words, c) + PIECE_WORDS - 1) / PIECE_WORDS;
  atomic_size_t *done = &b->done[c % MPZG_SLOTS];
  for (unsigned long k = 1; atomic_load_explicit (done, memory_order_acquire) < need;)
    {
      size_t i = atomic_load (&b->claim);
      if (i < x->pieces && i < atomic_load (&b->open)
          && atomic_compare_exchange_weak (&b->claim, &i, i + 1))
        copy_piece (b, x, i);
      else
        mpzg_spin_step (k++);
    }
  atomic_store (done, 0);       /* the slot's next chunk is not open yet */
}

/* tid 0: chunk c of a transfer on its slot's stream. */
static void
issue (mpzg_gpu_bulk *b, const transfer *x, mpzg_word *dst, size_t c)
{
  mpzg_gpu_slot *q = &b->slots[c % MPZG_SLOTS];
  const size_t off = c * MPZG_SLOT_WORDS, bytes = chunk_words (x->words, c) * sizeof *dst;
  if (b->err != cudaSuccess)
    return;
  if (x->up)
    note (b, cudaMemcpyAsync (dst + off, q->hin, bytes, cudaMemcpyHostToDevice, q->st));
  else
    note (b, cudaMemcpyAsync (q->hout, x->dev_src + off, bytes, cudaMemcpyDeviceToHost, q->st));
  note (b, cudaEventRecord (q->done, q->st));
}

/* tid 0: the pieces of chunks [0, c] may be copied. */
static void
open_through (mpzg_gpu_bulk *b, const transfer *x, size_t c)
{
  size_t end = (c + 1) * CHUNK_PIECES;
  atomic_store_explicit (&b->open, end < x->pieces ? end : x->pieces, memory_order_release);
}

static void
begin (mpzg_gpu_bulk *b, int tid)
{
  if (tid == 0)
    {
      atomic_store (&b->claim, 0);
      atomic_store (&b->open, 0);
      for (int s = 0; s < MPZG_SLOTS; s++)
        atomic_store (&b->done[s], 0);
    }
  mpzg_team_barrier (b->team);
}

/* tid 0: waits for the DMA of the slots that chunks [0, nch) used. */
static void
wait_slots (mpzg_gpu_bulk *b, size_t nch)
{
  for (size_t c = 0; c < MPZG_SLOTS && c < nch; c++)
    note (b, cudaEventSynchronize (b->slots[c].done));
}

void
mpzg_gpu_bulk_init (mpzg_gpu_bulk *b, mpzg_gpu_slot *slots, mpzg_team *team)
{
  b->slots = slots;
  b->team = team;
  atomic_init (&b->claim, 0);
  atomic_init (&b->open, 0);
  for (int s = 0; s < MPZG_SLOTS; s++)
    atomic_init (&b->done[s], 0);
  b->err = cudaSuccess;
}

/* The first MPZG_SLOTS chunks are open at once.  tid 0 issues chunk c's DMA once
   its pieces are in the slot (copying pieces itself while it waits), and then
   opens chunk c - 1 + MPZG_SLOTS once the DMA of chunk c - 1 has left their
   slot.  No member waits for another but for open pieces, so a member whose
   core is descheduled holds up at most the piece it has claimed. */
void
mpzg_gpu_bulk_h2d (mpzg_gpu_bulk *b, int tid, mpzg_word *dst, const mpzg_word *src,
                   size_t words)
{
  const size_t nch = (words + MPZG_SLOT_WORDS - 1) / MPZG_SLOT_WORDS;
  const transfer x = { (mpzg_word *) src, NULL, words, (words + PIECE_WORDS - 1) / PIECE_WORDS, 1 };
  begin (b, tid);
  if (tid != 0)
    copy_claimed (b, &x);
  else
    {
      if (nch > 0)
        open_through (b, &x, (nch < MPZG_SLOTS ? nch : MPZG_SLOTS) - 1);
      for (size_t c = 0; c < nch; c++)
        {
          wait_chunk (b, &x, c);
          issue (b, &x, dst, c);
          if (c >= 1 && c - 1 + MPZG_SLOTS < nch)
            {
              note (b, cudaEventSynchronize (b->slots[(c - 1) % MPZG_SLOTS].done));
              open_through (b, &x, c - 1 + MPZG_SLOTS);
            }
        }
      wait_slots (b, nch);
    }
  mpzg_team_barrier (b->team);
}

/* The first MPZG_SLOTS chunks' DMA is issued at once; tid 0 opens chunk c once
   its DMA is done, and reissues the slot of chunk c - 1 once all its pieces are
   copied out. */
void
mpzg_gpu_bulk_d2h (mpzg_gpu_bulk *b, int tid, mpzg_word *dst, const mpzg_word *src,
                   size_t words)
{
  const size_t nch = (words + MPZG_SLOT_WORDS - 1) / MPZG_SLOT_WORDS;
  const transfer x = { dst, src, words, (words + PIECE_WORDS - 1) / PIECE_WORDS, 0 };
  begin (b, tid);
  if (tid != 0)
    copy_claimed (b, &x);
  else
    {
      for (size_t c = 0; c < nch && c < MPZG_SLOTS; c++)
        issue (b, &x, NULL, c);
      for (size_t c = 0; c < nch; c++)
        {
          if (b->err == cudaSuccess)
            note (b, cudaEventSynchronize (b->slots[c % MPZG_SLOTS].done));
          open_through (b, &x, c);
          if (c >= 1 && c - 1 + MPZG_SLOTS < nch)
            {
              wait_chunk (b, &x, c - 1);
              issue (b, &x, NULL, c - 1 + MPZG_SLOTS);
            }
        }
      /* the last chunks, not waited for above: tid 0 copies what no other member
         has claimed (all of it in a team of one, which the crew gives a call when
         it has no helper to spare, or MPZG_THREADS=1) */
      for (size_t c = nch > MPZG_SLOTS ? nch - MPZG_SLOTS : 0; c < nch; c++)
        wait_chunk (b, &x, c);
    }
  mpzg_team_barrier (b->team);
}

/* Transparent huge pages for the whole 2 MB pages inside p[0..words), where the
   system grants them on request (Linux's "madvise" mode, a common default).  A
   fresh output of tens of megabytes is otherwise faulted in 4 KB at a time, which
   on the H100 machine took several times longer
   (bench/results/2026-11-24-h100-huge-product-host).  The product writes all of
   the output, so no page is wasted; the advice changes nothing but the page size,
   and is ignored where it is refused. */
static void
advise_huge (mpzg_word *p, size_t words)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const uintptr_t huge = (uintptr_t) 1 << 21;
  uintptr_t lo = ((uintptr_t) p + huge - 1) & ~(huge - 1);
  uintptr_t hi = ((uintptr_t) (p + words)) & ~(huge - 1);
  if (hi > lo)
    (void) madvise ((void *) lo, hi - lo, MADV_HUGEPAGE);
#else
  (void) p;
  (void) words;
#endif
}

void
mpzg_gpu_bulk_touch (mpzg_gpu_bulk *b, int tid, mpzg_word *p, size_t words)
{
  const size_t pieces = (words + PIECE_WORDS - 1) / PIECE_WORDS;
  size_t i;
  if (tid == 0)
    {
      advise_huge (p, words);
      atomic_store (&b->claim, 0);
    }
  mpzg_team_barrier (b->team);
  while ((i = atomic_fetch_add (&b->claim, 1)) < pieces)
    {
      size_t hi = (i + 1) * PIECE_WORDS < words ? (i + 1) * PIECE_WORDS : words;
      for (size_t w = i * PIECE_WORDS; w < hi; w += TOUCH_STRIDE)
        p[w] = 0;
    }
  mpzg_team_barrier (b->team);
}
