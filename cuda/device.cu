/* device.cu -- finding and checking the CUDA device: mpzg_gpu_probe.

   A device counts as usable only after a trivial kernel has run on it and given
   the right answer, so that a broken driver or a missing sm_90 image shows here
   (as MPZG_EDEVICE under MPZG_BACKEND=cuda) and not as a wrong result later. */

#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include "gpu.h"

#define MPZG_MAX_DEVICES 64

/* Each thread of the probe writes its index plus a seed; the host checks them all. */
__global__ void
mpzg_probe_kernel (unsigned *out, unsigned seed)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * 2654435761u + seed;
}

static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static signed char probed[MPZG_MAX_DEVICES];   /* 0: not yet, 1: usable, -1: not */
static char probe_desc[MPZG_MAX_DEVICES][256];

static int
run_probe_kernel (int ordinal, char *why, size_t size)
{
  const unsigned n = 256, seed = 12345u;
  unsigned host[256], *dev = NULL;
  cudaError_t e;
  unsigned i;

  if ((e = cudaSetDevice (ordinal)) != cudaSuccess
      || (e = cudaMalloc (&dev, n * sizeof *dev)) != cudaSuccess)
    goto fail;
  mpzg_probe_kernel<<<n / 64, 64>>> (dev, seed);
  if ((e = cudaGetLastError ()) != cudaSuccess
      || (e = cudaMemcpy (host, dev, sizeof host, cudaMemcpyDeviceToHost)) != cudaSuccess)
    goto fail;
  cudaFree (dev);
  for (i = 0; i < n; i++)
    if (host[i] != i * 2654435761u + seed)
      {
        snprintf (why, size, "test kernel gave a wrong result at %u", i);
        return 0;
      }
  return 1;
fail:
  if (dev != NULL)
    cudaFree (dev);
  snprintf (why, size, "%s", cudaGetErrorString (e));
  return 0;
}

/* Returns 1 if device `ordinal` is usable; desc says which it is or why not. */
static int
probe (int ordinal, char *desc, size_t size)
{
  int count = 0;
  cudaDeviceProp p;
  char why[160];
  cudaError_t e = cudaGetDeviceCount (&count);

  if (e != cudaSuccess)
    snprintf (desc, size, "no CUDA device (%s)", cudaGetErrorString (e));
  else if (ordinal >= count)
    snprintf (desc, size, "no CUDA device %d (%d found)", ordinal, count);
  else if ((e = cudaGetDeviceProperties (&p, ordinal)) != cudaSuccess)
    snprintf (desc, size, "device %d: %s", ordinal, cudaGetErrorString (e));
  else if (p.major < 7)
    snprintf (desc, size, "device %d (%s) has compute capability %d.%d; 7.0 or newer is needed",
              ordinal, p.name, p.major, p.minor);
  else if (!run_probe_kernel (ordinal, why, sizeof why))
    snprintf (desc, size, "device %d (%s) cannot run libmpzg's kernels: %s", ordinal, p.name, why);
  else
    {
      snprintf (desc, size, "%d: %s, %.1f GiB, compute capability %d.%d, %d SMs",
                ordinal, p.name, p.totalGlobalMem / 1073741824.0, p.major, p.minor,
                p.multiProcessorCount);
      return 1;
    }
  return 0;
}

extern "C" int
mpzg_gpu_probe (int ordinal, char *desc, size_t size)
{
  int ok;
  if (ordinal < 0 || ordinal >= MPZG_MAX_DEVICES)
    {
      if (desc != NULL && size > 0)
        snprintf (desc, size, "device ordinal %d out of range", ordinal);
      return 0;
    }
  pthread_mutex_lock (&probe_lock);
  if (probed[ordinal] == 0)
    {
      probed[ordinal] = probe (ordinal, probe_desc[ordinal], sizeof probe_desc[ordinal]) ? 1 : -1;
    }
  ok = probed[ordinal] == 1;
  if (desc != NULL && size > 0)
    snprintf (desc, size, "%s", probe_desc[ordinal]);
  pthread_mutex_unlock (&probe_lock);
  return ok;
}
