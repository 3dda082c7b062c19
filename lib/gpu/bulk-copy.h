/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* bulk-copy.h -- one long run of limbs to or from device memory through the pinned
   slots (bulk-copy.c), for the long products of mul-huge.c. */
#ifndef MPZG_GPU_BULK_COPY_H
#define MPZG_GPU_BULK_COPY_H

#include <stddef.h>
#include "device.h"

/* Under mpzg_gpu_lock, the slots idle: dst (device) = src[0..words) (host, any
   memory), the host's part on up to `threads` threads.  Returns 0 or a CUDA error;
   the copy is complete on return. */
int mpzg_gpu_bulk_h2d (mpzg_gpu_slot *slots, mpzg_word *dst, const mpzg_word *src, size_t words,
                       int threads);

/* The same, dst (host) = src[0..words) (device). */
int mpzg_gpu_bulk_d2h (mpzg_gpu_slot *slots, mpzg_word *dst, const mpzg_word *src, size_t words,
                       int threads);

/* Writes a word every 4 KB of p[0..words) on up to `threads` threads: the page
   faults of a fresh output taken while the device computes, and on all threads,
   rather than by the copy that fills it. */
void mpzg_gpu_touch (mpzg_word *p, size_t words, int threads);

#endif
