/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* device.h -- the GPU path's device state: the probe, pinned slots with their
   streams and device buffers (and scratch), each device's description for the
   launchers, each family's per-device setup, and CUDA errors as statuses.  One
   lock serializes the GPU path: the slots are the process's, not the call's. */
#ifndef MPZG_GPU_DEVICE_H
#define MPZG_GPU_DEVICE_H

#include <pthread.h>
#include <cuda_runtime_api.h>
#include "family.h"

/* One stage of the pipeline: a pinned input and output buffer of MPZG_SLOT_WORDS
   words each, their device twins, device scratch (grown on demand), a stream, and
   the event that says its chunk is back. */
typedef struct
{
  mpzg_word *hin, *hout, *din, *dout, *dscratch;
  size_t scratch_words;
  cudaStream_t st;
  cudaEvent_t done;
  long pending;                 /* chunk in flight, or -1 */
} mpzg_gpu_slot;

extern pthread_mutex_t mpzg_gpu_lock;

/* Under the lock: makes `ordinal` current and its slots ready (allocated at the
   first call on a device, kept after); *slots receives MPZG_SLOTS of them and *dev
   the device's description.  Returns MPZG_OK, MPZG_ENOMEM or MPZG_EDEVICE. */
int mpzg_gpu_slots_ensure (int ordinal, mpzg_gpu_slot **slots, const mpzg_mpn_device **dev);

/* Under the lock: at least `words` words of scratch in slot q. */
int mpzg_gpu_slot_scratch (mpzg_gpu_slot *q, size_t words);

/* Under the lock, after a failure: waits for the device, clears its error and
   frees the slots, so that the next call starts afresh. */
void mpzg_gpu_slots_reset (void);

/* Under the lock, with dev current: runs the family's setup on this device unless
   done already.  Returns MPZG_OK or MPZG_EDEVICE. */
int mpzg_gpu_family_ready (const mpzg_gpu_family *f, const mpzg_mpn_device *dev);

/* Under the lock: makes `ordinal` current and fills *dev. */
int mpzg_gpu_device_get (int ordinal, const mpzg_mpn_device **dev);

/* The failure mpzg_gpu_fail_after planned: after this many chunks, or -1. */
long mpzg_gpu_failure_planned (void);

/* A CUDA error as a status (clearing a non-sticky error): MPZG_OK, MPZG_ENOMEM for
   device memory, MPZG_EDEVICE otherwise. */
int mpzg_gpu_status (int cuda_error);

#endif
