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
   a call's long products, one barrier a chunk: starting threads for every chunk
   cost more than the chunk's copy on the GPU machine's virtual cores.  Pieces are
   claimed, not assigned, so that a member whose core is descheduled for a while
   delays nobody (see bench/results/2026-11-22-h100-staging-interleave/). */

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

/* Words per page touched (4 KB pages; a larger page is touched more than once). */
#define TOUCH_STRIDE ((size_t) 512)

static size_t
chunk_words (size_t words, size_t c)
{
  size_t off = c * MPZG_SLOT_WORDS;
  return words - off < MPZG_SLOT_WORDS ? words - off : MPZG_SLOT_WORDS;
}

/* This member's share of dst[0..words) = src[0..words): pieces claimed from *next
   until none is left. */
static void
claim_copy (atomic_size_t *next, mpzg_word *dst, const mpzg_word *src, size_t words)
{
  const size_t pieces = (words + PIECE_WORDS - 1) / PIECE_WORDS;
  size_t i;
  while ((i = atomic_fetch_add (next, 1)) < pieces)
    {
      size_t lo = i * PIECE_WORDS, hi = lo + PIECE_WORDS < words ? lo + PIECE_WORDS : words;
      mpzg_stream_copy ((uint64_t *) (dst + lo), (const uint64_t *) (src + lo), hi - lo);
    }
  mpzg_stream_fence ();
}

static void
note (mpzg_gpu_bulk *b, cudaError_t e)
{
  if (b->err == cudaSuccess)
    b->err = e;
}

/* tid 0: waits for the DMA of the slots that chunks [0, nch) used. */
static void
wait_slots (mpzg_gpu_bulk *b, size_t nch)
{
  for (size_t c = 0; c < MPZG_SLOTS && c < nch; c++)
    note (b, cudaEventSynchronize (b->slots[c].done));
}

/* tid 0: chunk c of a transfer, on its slot's stream. */
static void
issue (mpzg_gpu_bulk *b, void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind,
       size_t c)
{
  mpzg_gpu_slot *q = &b->slots[c % MPZG_SLOTS];
  if (b->err != cudaSuccess)
    return;
  note (b, cudaMemcpyAsync (dst, src, bytes, kind, q->st));
  note (b, cudaEventRecord (q->done, q->st));
}

void
mpzg_gpu_bulk_init (mpzg_gpu_bulk *b, mpzg_gpu_slot *slots, mpzg_team *team)
{
  b->slots = slots;
  b->team = team;
  atomic_init (&b->next[0], 0);
  atomic_init (&b->next[1], 0);
  b->err = cudaSuccess;
}

/* Chunk c goes into slot c % MPZG_SLOTS: every member copies its pieces of the
   chunk, tid 0 then frees the next chunk's slot (the DMA of chunk c + 1 -
   MPZG_SLOTS) and resets its counter, and after the barrier issues chunk c's DMA
   while the others go on to chunk c + 1. */
void
mpzg_gpu_bulk_h2d (mpzg_gpu_bulk *b, int tid, mpzg_word *dst, const mpzg_word *src,
                   size_t words)
{
  const size_t nch = (words + MPZG_SLOT_WORDS - 1) / MPZG_SLOT_WORDS;
  if (tid == 0)
    atomic_store (&b->next[0], 0);
  mpzg_team_barrier (b->team);
  for (size_t c = 0; c < nch; c++)
    {
      mpzg_gpu_slot *q = &b->slots[c % MPZG_SLOTS];
      const size_t n = chunk_words (words, c);
      claim_copy (&b->next[c & 1], q->hin, src + c * MPZG_SLOT_WORDS, n);
      if (tid == 0 && c + 1 < nch)
        {
          if (c + 1 >= MPZG_SLOTS)
            note (b, cudaEventSynchronize (b->slots[(c + 1) % MPZG_SLOTS].done));
          atomic_store (&b->next[(c + 1) & 1], 0);
        }
      mpzg_team_barrier (b->team);
      if (tid == 0)
        issue (b, dst + c * MPZG_SLOT_WORDS, q->hin, n * sizeof *dst, cudaMemcpyHostToDevice, c);
    }
  if (tid == 0)
    wait_slots (b, nch);
  mpzg_team_barrier (b->team);
}

/* The first MPZG_SLOTS chunks are issued at once; before chunk c is shared out,
   tid 0 waits for its DMA; after the barrier, it reissues the slot that chunk
   c - 1 has left (every member finished copying out of it before the barrier). */
void
mpzg_gpu_bulk_d2h (mpzg_gpu_bulk *b, int tid, mpzg_word *dst, const mpzg_word *src,
                   size_t words)
{
  const size_t nch = (words + MPZG_SLOT_WORDS - 1) / MPZG_SLOT_WORDS;
  if (tid == 0)
    for (size_t c = 0; c < nch && c < MPZG_SLOTS; c++)
      issue (b, b->slots[c].hout, src + c * MPZG_SLOT_WORDS,
             chunk_words (words, c) * sizeof *src, cudaMemcpyDeviceToHost, c);
  for (size_t c = 0; c < nch; c++)
    {
      mpzg_gpu_slot *q = &b->slots[c % MPZG_SLOTS];
      if (tid == 0)
        {
          if (b->err == cudaSuccess)
            note (b, cudaEventSynchronize (q->done));
          atomic_store (&b->next[c & 1], 0);
        }
      mpzg_team_barrier (b->team);
      if (tid == 0 && c >= 1 && c - 1 + MPZG_SLOTS < nch)
        {
          size_t j = c - 1 + MPZG_SLOTS;
          issue (b, b->slots[j % MPZG_SLOTS].hout, src + j * MPZG_SLOT_WORDS,
                 chunk_words (words, j) * sizeof *src, cudaMemcpyDeviceToHost, j);
        }
      claim_copy (&b->next[c & 1], dst + c * MPZG_SLOT_WORDS, q->hout, chunk_words (words, c));
    }
  if (tid == 0)
    wait_slots (b, nch);
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
      atomic_store (&b->next[0], 0);
    }
  mpzg_team_barrier (b->team);
  while ((i = atomic_fetch_add (&b->next[0], 1)) < pieces)
    {
      size_t hi = (i + 1) * PIECE_WORDS < words ? (i + 1) * PIECE_WORDS : words;
      for (size_t w = i * PIECE_WORDS; w < hi; w += TOUCH_STRIDE)
        p[w] = 0;
    }
  mpzg_team_barrier (b->team);
}
