/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* stream-copy.h -- limb copies that bypass the cache, for the GPU path's staging.

   The GPU path copies every operand limb into a pinned buffer and every result limb
   back out, hundreds of MiB per call, far more than the caches hold.  An ordinary
   store first reads the line it writes (read for ownership), so each such copy costs
   one read and two transfers over the memory bus; non-temporal stores skip the read,
   and on the H100 host, where packing and unpacking share the memory bus with the
   PCIe DMA, the staging is what bounds the call end to end.

   Header-only (static inline) so that the host library, the CUDA launcher and the
   benchmark use the same code.  On targets without SSE2 these are memcpy and memset.
   After a run of stream copies, call mpzg_stream_fence before another thread or the
   DMA engine reads the destination. */
#ifndef MPZG_STREAM_COPY_H
#define MPZG_STREAM_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
#include <emmintrin.h>
#define MPZG_HAVE_STREAM_COPY 1

/* dst[0..n) = src[0..n), 64-bit words; dst need only be 8-byte aligned. */
static inline void
mpzg_stream_copy (uint64_t *dst, const uint64_t *src, size_t n)
{
  size_t i = 0;
  if (n > 0 && ((uintptr_t) dst & 15) != 0)
    {
      _mm_stream_si64 ((long long *) dst, (long long) src[0]);
      i = 1;
    }
  for (; i + 4 <= n; i += 4)
    {
      __m128i x = _mm_loadu_si128 ((const __m128i *) (src + i));
      __m128i y = _mm_loadu_si128 ((const __m128i *) (src + i + 2));
      _mm_stream_si128 ((__m128i *) (dst + i), x);
      _mm_stream_si128 ((__m128i *) (dst + i + 2), y);
    }
  for (; i < n; i++)
    _mm_stream_si64 ((long long *) (dst + i), (long long) src[i]);
}

/* dst[0..n) = 0. */
static inline void
mpzg_stream_zero (uint64_t *dst, size_t n)
{
  const __m128i z = _mm_setzero_si128 ();
  size_t i = 0;
  if (n > 0 && ((uintptr_t) dst & 15) != 0)
    {
      _mm_stream_si64 ((long long *) dst, 0);
      i = 1;
    }
  for (; i + 2 <= n; i += 2)
    _mm_stream_si128 ((__m128i *) (dst + i), z);
  if (i < n)
    _mm_stream_si64 ((long long *) (dst + i), 0);
}

/* Orders this thread's stream stores before its later stores (a barrier or a
   cudaMemcpyAsync issued after it then sees them). */
static inline void
mpzg_stream_fence (void)
{
  _mm_sfence ();
}

#else
#define MPZG_HAVE_STREAM_COPY 0

static inline void
mpzg_stream_copy (uint64_t *dst, const uint64_t *src, size_t n)
{
  memcpy (dst, src, n * sizeof *dst);
}

static inline void
mpzg_stream_zero (uint64_t *dst, size_t n)
{
  memset (dst, 0, n * sizeof *dst);
}

static inline void
mpzg_stream_fence (void)
{
}
#endif

#endif
