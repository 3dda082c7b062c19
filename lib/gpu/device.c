/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* device.c -- finding the CUDA device and keeping its state for the GPU path.

   A device counts as usable only after a trivial kernel has run on it and given
   the right answer (mpzg_mpn_probe), so that a broken driver or a missing sm_90
   image shows here, as MPZG_EDEVICE under MPZG_BACKEND=cuda, and not as a wrong
   result later.  When there is none, the probe says why in plain words: no NVIDIA
   driver, no GPU, a driver older than the CUDA runtime built in, or a device that
   cannot be used. */

#include <config.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "mpzg.h"
#include "gpu.h"
#include "device.h"
#include "tuning.h"

#define MAX_DEVICES 64
#define MAX_FAMILIES 64

pthread_mutex_t mpzg_gpu_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- the probe ---- */

static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static signed char probed[MAX_DEVICES];        /* 0: not yet, 1: usable, -1: not */
static char probe_desc[MAX_DEVICES][256];

/* Why cudaGetDeviceCount failed, in words a user can act on. */
static void
no_device_reason (cudaError_t e, char *desc, size_t size)
{
  int drv = 0, rt = 0;
  void *h = dlopen ("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (h == NULL)
    {
      snprintf (desc, size, "no NVIDIA driver is installed (libcuda.so.1 not found)");
      return;
    }
  dlclose (h);
  cudaDriverGetVersion (&drv);
  cudaRuntimeGetVersion (&rt);
  if (e == cudaErrorNoDevice)
    snprintf (desc, size, "the NVIDIA driver found no GPU");
  else if (e == cudaErrorInsufficientDriver)
    snprintf (desc, size, "the NVIDIA driver (CUDA %d.%d) is older than this libmpzg's CUDA "
              "runtime (%d.%d): update the driver", drv / 1000, drv % 1000 / 10,
              rt / 1000, rt % 1000 / 10);
  else
    snprintf (desc, size, "no usable GPU (%s)", cudaGetErrorString (e));
}

/* Returns 1 if device `ordinal` is usable; desc says which it is or why not. */
static int
probe (int ordinal, char *desc, size_t size)
{
  int count = 0, r;
  struct cudaDeviceProp p;
  cudaError_t e = cudaGetDeviceCount (&count);

  if (e != cudaSuccess)
    no_device_reason (e, desc, size);
  else if (ordinal >= count)
    snprintf (desc, size, "there is no GPU %d (%d found: 0%s)", ordinal, count,
              count > 1 ? " and up" : " only");
  else if ((e = cudaGetDeviceProperties (&p, ordinal)) != cudaSuccess)
    snprintf (desc, size, "GPU %d is unusable: %s", ordinal, cudaGetErrorString (e));
  else if (p.major < 7)
    snprintf (desc, size, "GPU %d (%.96s) has compute capability %d.%d; 7.0 or newer is needed",
              ordinal, p.name, p.major, p.minor);
  else if ((e = cudaSetDevice (ordinal)) != cudaSuccess || (r = mpzg_mpn_probe ()) > 0)
    snprintf (desc, size, "GPU %d (%.96s) is unusable: %s", ordinal, p.name,
              cudaGetErrorString (e != cudaSuccess ? e : (cudaError_t) r));
  else if (r < 0)
    snprintf (desc, size, "GPU %d (%.96s) cannot run libmpzg's kernels: the test kernel "
              "gave a wrong result", ordinal, p.name);
  else
    {
      snprintf (desc, size, "%d: %.96s, %.1f GiB, compute capability %d.%d, %d SMs",
                ordinal, p.name, p.totalGlobalMem / 1073741824.0, p.major, p.minor,
                p.multiProcessorCount);
      return 1;
    }
  return 0;
}

int
mpzg_gpu_probe (int ordinal, char *desc, size_t size)
{
  int ok;
  if (ordinal < 0 || ordinal >= MAX_DEVICES)
    {
      if (desc != NULL && size > 0)
        snprintf (desc, size, "there is no GPU %d", ordinal);
      return 0;
    }
  pthread_mutex_lock (&probe_lock);
  if (probed[ordinal] == 0)
    probed[ordinal] = probe (ordinal, probe_desc[ordinal], sizeof probe_desc[ordinal]) ? 1 : -1;
  ok = probed[ordinal] == 1;
  if (desc != NULL && size > 0)
    snprintf (desc, size, "%s", probe_desc[ordinal]);
  pthread_mutex_unlock (&probe_lock);
  return ok;
}

int
mpzg_gpu_probed (int ordinal)
{
  int r;
  if (ordinal < 0 || ordinal >= MAX_DEVICES)
    return 0;
  pthread_mutex_lock (&probe_lock);
  r = probed[ordinal] != 0;
  pthread_mutex_unlock (&probe_lock);
  return r;
}

/* ---- devices and families ---- */

static mpzg_mpn_device devs[MAX_DEVICES];
static const mpzg_gpu_family *ready[MAX_DEVICES][MAX_FAMILIES];

int
mpzg_gpu_status (int cuda_error)
{
  if (cuda_error == cudaSuccess)
    return MPZG_OK;
  cudaGetLastError ();
  return cuda_error == cudaErrorMemoryAllocation ? MPZG_ENOMEM : MPZG_EDEVICE;
}

int
mpzg_gpu_device_get (int ordinal, const mpzg_mpn_device **dev)
{
  cudaError_t e;
  mpzg_mpn_device *d;
  if (ordinal < 0 || ordinal >= MAX_DEVICES)
    return MPZG_EDEVICE;
  if ((e = cudaSetDevice (ordinal)) != cudaSuccess)
    return mpzg_gpu_status (e);
  d = &devs[ordinal];
  if (d->sms == 0)
    {
      int sms = 0, optin = 0, block = 0;
      if ((e = cudaDeviceGetAttribute (&sms, cudaDevAttrMultiProcessorCount, ordinal))
          != cudaSuccess
          || (e = cudaDeviceGetAttribute (&block, cudaDevAttrMaxSharedMemoryPerBlock, ordinal))
             != cudaSuccess
          || (e = cudaDeviceGetAttribute (&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                          ordinal)) != cudaSuccess)
        return mpzg_gpu_status (e);
      d->ordinal = ordinal;
      d->smem_block = (size_t) block;
      d->smem_optin = (size_t) optin;
      d->sms = sms;
    }
  *dev = d;
  return MPZG_OK;
}

int
mpzg_gpu_family_ready (const mpzg_gpu_family *f, const mpzg_mpn_device *dev)
{
  const mpzg_gpu_family **r = ready[dev->ordinal];
  int k, e;
  for (k = 0; k < MAX_FAMILIES && r[k] != NULL; k++)
    if (r[k] == f)
      return MPZG_OK;
  if ((e = f->setup (dev)) != 0)
    return mpzg_gpu_status (e);
  if (k < MAX_FAMILIES)         /* else: set up again next time, harmless */
    r[k] = f;
  return MPZG_OK;
}

/* ---- slots ---- */

static mpzg_gpu_slot slots[MPZG_SLOTS];
static int slots_dev = -1;
#ifdef MPZG_TUNE_PROGRAM_BUILD
/* the tuner changes MPZG_SLOT_WORDS between calls: the slots follow it */
static size_t slots_words;
#endif

static void
slots_free (void)
{
  for (int s = 0; s < MPZG_SLOTS; s++)
    {
      mpzg_gpu_slot *q = &slots[s];
      if (q->hin) cudaFreeHost (q->hin);
      if (q->hout) cudaFreeHost (q->hout);
      if (q->din) cudaFree (q->din);
      if (q->dout) cudaFree (q->dout);
      if (q->dscratch) cudaFree (q->dscratch);
      if (q->st) cudaStreamDestroy (q->st);
      if (q->done) cudaEventDestroy (q->done);
      memset (q, 0, sizeof *q);
      q->pending = -1;
    }
  slots_dev = -1;
}

void
mpzg_gpu_slots_reset (void)
{
  cudaDeviceSynchronize ();
  cudaGetLastError ();
  slots_free ();
}

int
mpzg_gpu_slots_ensure (int ordinal, mpzg_gpu_slot **out, const mpzg_mpn_device **dev)
{
  cudaError_t e;
  int st = mpzg_gpu_device_get (ordinal, dev);
  if (st != MPZG_OK)
    return st;
  *out = slots;
#ifdef MPZG_TUNE_PROGRAM_BUILD
  if (slots_dev == ordinal && slots_words != MPZG_SLOT_WORDS)
    {
      cudaDeviceSynchronize ();
      slots_free ();
    }
  slots_words = MPZG_SLOT_WORDS;
#endif
  if (slots_dev == ordinal)
    return MPZG_OK;
  if (slots_dev >= 0)
    slots_free ();
  const size_t bytes = MPZG_SLOT_WORDS * sizeof (mpzg_word);
  for (int s = 0; s < MPZG_SLOTS; s++)
    {
      mpzg_gpu_slot *q = &slots[s];
      if ((e = cudaMallocHost ((void **) &q->hin, bytes)) != cudaSuccess
          || (e = cudaMallocHost ((void **) &q->hout, bytes)) != cudaSuccess
          || (e = cudaMalloc ((void **) &q->din, bytes)) != cudaSuccess
          || (e = cudaMalloc ((void **) &q->dout, bytes)) != cudaSuccess
          || (e = cudaStreamCreateWithFlags (&q->st, cudaStreamNonBlocking)) != cudaSuccess
          || (e = cudaEventCreateWithFlags (&q->done, cudaEventDisableTiming)) != cudaSuccess)
        {
          st = mpzg_gpu_status (e);
          slots_free ();
          return st;
        }
      q->pending = -1;
    }
  slots_dev = ordinal;
  return MPZG_OK;
}

int
mpzg_gpu_slot_scratch (mpzg_gpu_slot *q, size_t words)
{
  cudaError_t e;
  if (words <= q->scratch_words)
    return MPZG_OK;
  if (q->dscratch)
    cudaFree (q->dscratch);
  q->dscratch = NULL;
  q->scratch_words = 0;
  if ((e = cudaMalloc ((void **) &q->dscratch, words * sizeof (mpzg_word))) != cudaSuccess)
    return mpzg_gpu_status (e);
  q->scratch_words = words;
  return MPZG_OK;
}

/* ---- the floors, for bench/ ---- */

int
mpzg_gpu_measure_bandwidth (int ordinal, size_t bytes, double *d2d_gbs, double *h2d_gbs,
                            double *d2h_gbs)
{
  void *d0 = NULL, *d1 = NULL, *h = NULL;
  cudaEvent_t e0 = NULL, e1 = NULL;
  cudaError_t e;
  float best[3] = { 1e30f, 1e30f, 1e30f };
  if (bytes == 0)
    return MPZG_EINVAL;
  pthread_mutex_lock (&mpzg_gpu_lock);
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
  pthread_mutex_unlock (&mpzg_gpu_lock);
  return e == cudaSuccess ? MPZG_OK : MPZG_EDEVICE;
}
