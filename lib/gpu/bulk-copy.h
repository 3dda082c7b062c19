/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* bulk-copy.h -- long runs of limbs to and from device memory through the pinned
   slots (bulk-copy.c), for the long products of mul-huge.c, done by a team of
   threads (pool.h) that every function here is called by: each member calls them
   in the same order with the same arguments, the member of tid 0 (the caller of
   mpzg_team_run, which holds mpzg_gpu_lock and the device) drives the device and
   every member copies. */
#ifndef MPZG_GPU_BULK_COPY_H
#define MPZG_GPU_BULK_COPY_H

#include <stdatomic.h>
#include <stddef.h>
#include "device.h"
#include "pool.h"
#include "tuning.h"

typedef struct
{
  mpzg_gpu_slot *slots;
  mpzg_team *team;
  /* the current transfer's pieces (bulk-copy.c): the next to claim, the first
     not yet open, and per slot the pieces of its chunk copied */
  atomic_size_t claim, open, done[MPZG_SLOTS];
  cudaError_t err;              /* the first CUDA error; written by tid 0 alone */
} mpzg_gpu_bulk;

/* Called by tid 0 alone, before the team's other members can call anything below. */
void mpzg_gpu_bulk_init (mpzg_gpu_bulk *b, mpzg_gpu_slot *slots, mpzg_team *team);

/* dst (device) = src[0..words) (host, any memory), the slots idle.  Complete (or
   b->err set) on return in every member. */
void mpzg_gpu_bulk_h2d (mpzg_gpu_bulk *b, int tid, mpzg_word *dst, const mpzg_word *src,
                        size_t words);

/* dst (host) = src[0..words) (device; the work that writes it complete).  Complete
   (or b->err set) on return in every member; dst's contents are undefined when
   b->err is set. */
void mpzg_gpu_bulk_d2h (mpzg_gpu_bulk *b, int tid, mpzg_word *dst, const mpzg_word *src,
                        size_t words);

/* Faults in the pages of p[0..words), in transparent huge pages where the system
   grants them (bulk-copy.c says why): the page faults of a fresh output taken while
   the device computes and on every member, rather than by the copy that fills it.
   p's contents are undefined afterwards. */
void mpzg_gpu_bulk_touch (mpzg_gpu_bulk *b, int tid, mpzg_word *p, size_t words);

#endif
