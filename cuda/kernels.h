/* kernels.h -- host launchers of the arithmetic kernels (the mpn layer on the device).
   Unsigned operands in device memory, padded widths, no allocation.  Each returns
   the launch's cudaError_t. */
#ifndef MPZG_KERNELS_H
#define MPZG_KERNELS_H

#include <cuda_runtime.h>
#include <stddef.h>

namespace mpzg {

typedef unsigned long long u64;

/* add/sub on count instances of width M: r = x + y (flag 0) or x - y (flag 1, x >= y),
   mod 2^(64M); flag[j] in, carry[j] out (0 after a subtraction), one byte each.
   Interleaved layout (word i of instance j at i*count+j), one thread per instance. */
cudaError_t launch_addsub_small (const u64 *x, const u64 *y, const unsigned char *flag,
                                 u64 *r, unsigned char *carry, unsigned M, size_t count,
                                 cudaStream_t s);
/* The same with 64-bit flags and carries, contiguous layout (instance j at j*M), one
   warp per instance. */
cudaError_t launch_addsub_warp (const u64 *x, const u64 *y, const u64 *flag, u64 *r,
                                u64 *carry, unsigned M, size_t count, cudaStream_t s);

/* r = a * b, full 2M-word products, both operands M words, interleaved layout;
   M must be one of mul_small_width's values. */
cudaError_t launch_mul_small (const u64 *a, const u64 *b, u64 *r, unsigned M, size_t count,
                              cudaStream_t s);
/* Smallest width >= n that launch_mul_small takes (n <= MPZG_MUL_SMALL_MAX). */
unsigned mul_small_width (unsigned n);

/* r = a * b, a Ma words, b Mb <= Ma words, product Ma+Mb words; contiguous layout
   (a of instance j at j*Ma, b at j*Mb, r at j*(Ma+Mb)); Ma a multiple of 8 above 128. */
cudaError_t launch_mul_block (const u64 *a, const u64 *b, u64 *r, unsigned Ma, unsigned Mb,
                              size_t count, cudaStream_t s);

} /* namespace mpzg */

#endif
