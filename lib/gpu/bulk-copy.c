/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* bulk-copy.c -- one long run of limbs to or from device memory through the
   pipeline's pinned slots: up to MPZG_SLOTS chunks of MPZG_SLOT_WORDS words in
   flight, the host's copies between the caller's memory and the pinned buffers
   split over the threads and overlapped with the DMA of the other chunks.

   A cudaMemcpy from pageable memory stages through the driver's own pinned
   buffers on the calling thread alone, one chunk at a time; the pinned slots are
   there already (the pipeline's), and the copies into them run on every thread
   with the stores that bypass the cache (stream-copy.h). */

#include <config.h>
#include "mpzg.h"
#include "gpu.h"
#include "bulk-copy.h"
#include "stream-copy.h"
#include "pool.h"
#include "tuning.h"

/* Words per piece of a host copy handed to a thread (256 KB). */
#define PIECE_WORDS ((size_t) 1 << 15)

typedef struct
{
  mpzg_word *dst;
  const mpzg_word *src;
  size_t words;
} copy_job;

static void
copy_pieces (void *ctx, size_t begin, size_t end)
{
  const copy_job *j = ctx;
  size_t lo = begin * PIECE_WORDS, hi = end * PIECE_WORDS < j->words ? end * PIECE_WORDS : j->words;
  mpzg_stream_copy ((uint64_t *) (j->dst + lo), (const uint64_t *) (j->src + lo), hi - lo);
  mpzg_stream_fence ();
}

static void
host_copy (mpzg_word *dst, const mpzg_word *src, size_t words, int threads)
{
  copy_job j = { dst, src, words };
  size_t pieces = (words + PIECE_WORDS - 1) / PIECE_WORDS;
  if (mpzg_parallel_for_uniform (pieces, PIECE_WORDS, copy_pieces, &j, threads) != 0)
    copy_pieces (&j, 0, pieces);        /* no memory for threads: this one */
}

static size_t
chunk_words (size_t words, size_t c)
{
  size_t off = c * MPZG_SLOT_WORDS;
  return words - off < MPZG_SLOT_WORDS ? words - off : MPZG_SLOT_WORDS;
}

/* Waits for the slots that chunks [0, nch) used; the first error, or e. */
static cudaError_t
wait_slots (mpzg_gpu_slot *slots, size_t nch, cudaError_t e)
{
  for (size_t c = 0; c < MPZG_SLOTS && c < nch; c++)
    {
      cudaError_t f = cudaEventSynchronize (slots[c].done);
      if (e == cudaSuccess)
        e = f;
    }
  return e;
}

int
mpzg_gpu_bulk_h2d (mpzg_gpu_slot *slots, mpzg_word *dst, const mpzg_word *src, size_t words,
                   int threads)
{
  size_t nch = (words + MPZG_SLOT_WORDS - 1) / MPZG_SLOT_WORDS, c;
  cudaError_t e = cudaSuccess;
  for (c = 0; c < nch; c++)
    {
      mpzg_gpu_slot *q = &slots[c % MPZG_SLOTS];
      size_t off = c * MPZG_SLOT_WORDS, n = chunk_words (words, c);
      /* the slot's previous chunk must have left its pinned buffer */
      if (c >= MPZG_SLOTS && (e = cudaEventSynchronize (q->done)) != cudaSuccess)
        break;
      host_copy (q->hin, src + off, n, threads);
      if ((e = cudaMemcpyAsync (dst + off, q->hin, n * sizeof *dst, cudaMemcpyHostToDevice,
                                q->st)) != cudaSuccess
          || (e = cudaEventRecord (q->done, q->st)) != cudaSuccess)
        break;
    }
  return (int) wait_slots (slots, nch, e);
}

static cudaError_t
d2h_issue (mpzg_gpu_slot *slots, const mpzg_word *src, size_t words, size_t c)
{
  mpzg_gpu_slot *q = &slots[c % MPZG_SLOTS];
  cudaError_t e = cudaMemcpyAsync (q->hout, src + c * MPZG_SLOT_WORDS,
                                   chunk_words (words, c) * sizeof *src, cudaMemcpyDeviceToHost,
                                   q->st);
  return e != cudaSuccess ? e : cudaEventRecord (q->done, q->st);
}

int
mpzg_gpu_bulk_d2h (mpzg_gpu_slot *slots, mpzg_word *dst, const mpzg_word *src, size_t words,
                   int threads)
{
  size_t nch = (words + MPZG_SLOT_WORDS - 1) / MPZG_SLOT_WORDS, c;
  cudaError_t e = cudaSuccess;
  for (c = 0; c < nch && c < MPZG_SLOTS && e == cudaSuccess; c++)
    e = d2h_issue (slots, src, words, c);
  for (c = 0; c < nch && e == cudaSuccess; c++)
    {
      mpzg_gpu_slot *q = &slots[c % MPZG_SLOTS];
      if ((e = cudaEventSynchronize (q->done)) != cudaSuccess)
        break;
      host_copy (dst + c * MPZG_SLOT_WORDS, q->hout, chunk_words (words, c), threads);
      if (c + MPZG_SLOTS < nch)
        e = d2h_issue (slots, src, words, c + MPZG_SLOTS);
    }
  return (int) wait_slots (slots, nch, e);
}

/* Words per page touched (4 KB pages; a larger page is touched more than once). */
#define TOUCH_STRIDE ((size_t) 512)

typedef struct
{
  mpzg_word *p;
  size_t words;
} touch_job;

static void
touch_pieces (void *ctx, size_t begin, size_t end)
{
  const touch_job *j = ctx;
  size_t hi = end * PIECE_WORDS < j->words ? end * PIECE_WORDS : j->words;
  for (size_t i = begin * PIECE_WORDS; i < hi; i += TOUCH_STRIDE)
    j->p[i] = 0;
}

void
mpzg_gpu_touch (mpzg_word *p, size_t words, int threads)
{
  touch_job j = { p, words };
  size_t pieces = (words + PIECE_WORDS - 1) / PIECE_WORDS;
  if (mpzg_parallel_for_uniform (pieces, PIECE_WORDS / TOUCH_STRIDE, touch_pieces, &j, threads) != 0)
    touch_pieces (&j, 0, pieces);
}
