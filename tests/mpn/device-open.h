/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* device-open.h -- the kernel tests' device: the CUDA device MPZG_DEVICE names (0
   when unset), its properties into the mpn layer's device description
   (cuda/mpzg-mpn.h) and a stream on it.  Returns 0, or 77 (a test's "skipped")
   after printing why, prefixed by the test's name, when no such device is usable. */
#ifndef MPZG_TEST_DEVICE_OPEN_H
#define MPZG_TEST_DEVICE_OPEN_H

#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime_api.h>
#include "mpzg-mpn.h"

static int
device_open (const char *name, mpzg_mpn_device *dev, struct cudaDeviceProp *prop,
             cudaStream_t *stream)
{
  int ndev = 0, ordinal = 0;
  const char *s;
  cudaError_t e = cudaGetDeviceCount (&ndev);
  if (e != cudaSuccess || ndev == 0)
    {
      printf ("%s: skipped: no usable CUDA device (%s)\n", name,
              e != cudaSuccess ? cudaGetErrorString (e) : "none found");
      return 77;
    }
  if ((s = getenv ("MPZG_DEVICE")) != NULL && *s)
    ordinal = atoi (s);
  if (ordinal < 0 || ordinal >= ndev)
    {
      printf ("%s: skipped: MPZG_DEVICE=%d, but %d CUDA device%s\n", name, ordinal, ndev,
              ndev == 1 ? "" : "s");
      return 77;
    }
  if ((e = cudaSetDevice (ordinal)) != cudaSuccess
      || (e = cudaGetDeviceProperties (prop, ordinal)) != cudaSuccess
      || (e = cudaStreamCreate (stream)) != cudaSuccess)
    {
      printf ("%s: skipped: CUDA device %d is not usable (%s)\n", name, ordinal,
              cudaGetErrorString (e));
      return 77;
    }
  dev->ordinal = ordinal;
  dev->sms = prop->multiProcessorCount;
  dev->smem_block = prop->sharedMemPerBlock;
  dev->smem_optin = prop->sharedMemPerBlockOptin;
  return 0;
}

#endif
