/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* variants.h -- the rungs of the mul ladder in tuning builds (variants.cu). */
#ifndef MPZG_MUL_VARIANTS_H
#define MPZG_MUL_VARIANTS_H

#include <cuda_runtime.h>
#include "mpzg-mpn.h"
#include "core/asm.cuh"

namespace mpzg {

unsigned variant_mul_small_max (void);
cudaError_t variant_mul_small (unsigned M, const u64 *a, const u64 *b, u64 *r, size_t count,
                               cudaStream_t s);
cudaError_t variant_mul_large (const mpzg_mpn_device *dev, const u64 *a, const u64 *b, u64 *r,
                               unsigned Ma, unsigned Mb, size_t count, cudaStream_t s);
cudaError_t variant_mul_setup (const mpzg_mpn_device *dev);

} /* namespace mpzg */

#endif
