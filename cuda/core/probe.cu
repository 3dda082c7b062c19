/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* probe.cu -- mpzg_mpn_probe: a trivial kernel whose result the host checks before
   it trusts the device with arithmetic. */

#include <cuda_runtime.h>
#include "mpzg-mpn.h"

namespace mpzg {

/* Each thread writes its index times a constant plus a seed. */
__global__ void
probe_kernel (unsigned *out, unsigned seed)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * 2654435761u + seed;
}

} /* namespace mpzg */

extern "C" int
mpzg_mpn_probe (void)
{
  const unsigned n = 256, seed = 12345u;
  unsigned host[256], *dev = NULL;
  cudaError_t e;
  if ((e = cudaMalloc (&dev, n * sizeof *dev)) != cudaSuccess)
    return (int) e;
  mpzg::probe_kernel<<<n / 64, 64>>> (dev, seed);
  if ((e = cudaGetLastError ()) == cudaSuccess)
    e = cudaMemcpy (host, dev, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree (dev);
  if (e != cudaSuccess)
    return (int) e;
  for (unsigned i = 0; i < n; i++)
    if (host[i] != i * 2654435761u + seed)
      return -1;
  return 0;
}
