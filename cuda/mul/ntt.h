/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt.h -- the NTT rung of the mul ladder (ntt.cu), for mul.cu. */
#ifndef MPZG_MUL_NTT_H
#define MPZG_MUL_NTT_H

#include <cuda_runtime.h>
#include "mpzg-mpn.h"

namespace mpzg {

/* Device scratch words per instance of an Ma by Mb product (mpzg_mpn_shape's itch). */
size_t ntt_itch (unsigned Ma, unsigned Mb);

/* The root table and the shared-memory opt-in, on the current device. */
cudaError_t ntt_setup (const mpzg_mpn_device *dev);

/* count products of a (Ma words each) by b (Mb <= Ma words), contiguous; scratch:
   itch words per instance (ntt_itch). */
cudaError_t ntt_launch (const mpzg_mpn_device *dev, const unsigned long long *a,
                        const unsigned long long *b, unsigned long long *r, unsigned Ma,
                        unsigned Mb, size_t count, unsigned long long *scratch, size_t itch,
                        cudaStream_t s);

} /* namespace mpzg */

#endif
