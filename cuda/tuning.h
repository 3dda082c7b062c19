/* tuning.h -- size classes and kernel shapes of the GPU path, in one place.

   Measured on: NVIDIA H100 80GB HBM3 (sm_90, 132 SMs), CUDA 13.0, 2026-11-22
   (bench/results/gpu-*-2026-11-22.*).  Limb counts are 64-bit words. */
#ifndef MPZG_TUNING_H
#define MPZG_TUNING_H

/* Largest operand (max of the two sizes, in limbs) that the GPU takes. */
#define MPZG_ADD_MAX_LIMBS 65536   /* add/sub: 2^22 bits; bandwidth-bound, no shared memory */
#define MPZG_MUL_MAX_LIMBS 4096    /* mul: 2^18 bits, both operands in one block's shared memory */

/* add/sub: up to this padded width, one thread per instance on the interleaved layout
   (word i of instance j at i*count+j); above it, one warp per instance on the contiguous
   layout, 32*MPZG_ADD_WARP_UNROLL words in flight per warp step. */
#define MPZG_ADD_SMALL_MAX 32
#define MPZG_ADD_WARP_UNROLL 4
#define MPZG_ADD_SMALL_BLOCK 256
#define MPZG_ADD_WARP_BLOCK 256
/* add/sub from this padded width up: one block of MPZG_ADD_BLOCK_WARPS warps per instance,
   MPZG_ADD_BLOCK_UNROLL words per lane per step, carries between warps by a block scan
   (few instances there: one warp each left too few warps in flight).  Kernel-only, 2^30-bit
   batches, one warp -> block: 2^18 154 -> 147 us, 2^19 165 -> 142, 2^20 216 -> 141,
   2^21 363 -> 142, 2^22 647 -> 149; from 2^17 down slower (192 at 2^17); 16 or 8 warps,
   unroll 2 or 8 no better (gpu-addopt-2026-11-22-h100-addk.log). */
#define MPZG_ADD_BLOCK_MIN 4096
#define MPZG_ADD_BLOCK_WARPS 32
#define MPZG_ADD_BLOCK_UNROLL 4

/* mul: up to this width (the longer operand, both padded to one of the small widths
   below), one thread per instance, interleaved, product scanning in registers; above
   it, a group of threads per instance (contiguous layout), Q result words per thread
   (load-balanced partition): up to 128 limbs 8 or 16 threads (MPZG_MUL_GRP below),
   above whole warps, Q chosen by the longer operand's width. */
#define MPZG_MUL_SMALL_MAX 24       /* 2^11 bits (32 limbs): block kernel (Q = 1) 1136 us, small
                                      kernel 1322 us (gpu-mulopt-2026-11-22-h100-mulk.log);
                                      25..32 limbs run the small kernel at M = 32 anyway */
#define MPZG_MUL_SMALL_BLOCK 128
#define MPZG_MUL_SMALL_WIDE 2      /* small kernel up to 16 limbs: 2 hybrid scanning, 64-bit
                                      products, W = 8 (2^10 bits 274.6 -> 201.4 us,
                                      gpu-mulopt3-2026-11-22-h100-mulks.log); 3 W = 16; 0 32-bit
                                      chains; 1 (tuning builds) operand scanning, 64-bit products */
#define MPZG_MUL_Q1_MAX 32         /* Ma <= 32: Q = 1 (whole warps, tuning builds with GRP and HALF 0) */
#define MPZG_MUL_Q2_MAX 64         /* Ma <= 64: Q = 2 (whole warps, tuning builds with GRP and HALF 0) */
#define MPZG_MUL_Q4_MAX 128        /* Ma <= 128: Q = 4; above: Q = 8 (wide loop: 2^14 2648 us vs 2893 at 256) */
#define MPZG_MUL_BLOCK_THREADS 256 /* instances per block: this many threads' worth */
#define MPZG_MUL_WIDE 1            /* block kernel: 64-bit products (IMAD.WIDE.U32.X chains) */
#define MPZG_MUL_HALF 1            /* (tuning builds, MPZG_GPU_MUL_GRP=0) block kernel up to 128
                                      limbs: 16 threads per instance (two per warp), Q = Ma/16:
                                      2^11 1148 -> 590 us, 2^12 1040 -> 869, 2^13 1583 -> 1501
                                      (gpu-mulopt2-2026-11-22-h100-mulk.log) */
#define MPZG_MUL_GRP 1             /* up to 128 limbs: mul_grp_kernel, G = 8 threads per instance
                                      (Q = 4 at 32 limbs, 8 at 64), 16 at 128 (Q = 8), a and b in
                                      shared rows of Q+1 limbs (bank skew), triangles, 64-thread
                                      blocks.  Kernel-only, 2^30-bit batches, NVIDIA H100 80GB
                                      HBM3, 2026-11-22, 16-thread block kernel -> default build:
                                      2^11 588.7 -> 429.6 us, 2^12 866.6 -> 674.3, 2^13 1500.4 ->
                                      1232.6; 2^10 and 2^14..2^17 unchanged (other kernels)
                                      (bench/results/gpu-2026-11-22-h100-mulopt-s3-final.log;
                                      variants: ...-run2.log, ...-run3.log).  Tuning builds: 0,
                                      the MPZG_MUL_HALF path. */
#define MPZG_MUL_TRI 1             /* diagonal blocks as triangles; off: 2^11 459.4, 2^12 729.4,
                                      2^13 1302.1 (SW as below, run3 log) */
/* high to low switch without a restart (low run on top of the high one), per size:
   on/off 2^11 441.0/431.7, 2^12 703.9/676.7, 2^13 1234.4/1281.2 (run3 log) */
#define MPZG_MUL_SW32 0
#define MPZG_MUL_SW64 0
#define MPZG_MUL_SW128 1
#define MPZG_MUL_GRP_THREADS 64    /* threads per block; 128: 2^11 445.5, 2^12 718.8, 2^13 1258.6;
                                      32: 443.2, 734.9, 1240.9 (SW on, run3 log); 256 slower (run2) */
#define MPZG_MUL_VEC 0             /* wide loop: b and entering a words by vector loads once per block
                                      of steps (1: all Q, 2: Q <= 2); measured no faster, off */

/* Host pipeline: slots (streams) and words per slot buffer (inputs, outputs). */
#define MPZG_SLOTS 3
/* 2^20 words (8 MiB) per slot: smaller chunks shorten the unoverlapped first pack and
   last unpack.  End to end, MPZG_BACKEND=cuda, 2^30-bit batches, stream-store staging,
   2^22 -> 2^20 words: mul 2^14 14.5 -> 11.6 ms, 2^15 19.4 -> 11.0, 2^16 23.9 -> 14.4,
   2^17 35.8 -> 21.5; add 2^12 33.8 -> 12.8, 2^16 18.5 -> 10.9 (one run each, noisy
   host; bench/results/gpu-2026-11-22-h100-s2-stage-*). */
#ifndef MPZG_SLOT_WORDS            /* a tuning build may set it: NVCCFLAGS=-DMPZG_SLOT_WORDS=... */
#define MPZG_SLOT_WORDS ((size_t) 1 << 20)
/* Host side of the GPU path (lib/gpu/). */
#define MPZG_MUL_SMALL_WIDTH_MAX 32  /* the widest interleaved mul class */
#define MPZG_CLAIM_WORDS 16384       /* words of packing or unpacking a thread claims at once */
#ifndef MPZG_PREFETCH_AHEAD          /* a tuning build may set it (0: no prefetching) */
#define MPZG_PREFETCH_AHEAD 8        /* positions ahead whose operands packing prefetches */
#endif
#define MPZG_PLAN_KEEP ((size_t) 1 << 22)  /* plan arrays of more elements are freed after the call */

#endif

/* Auto mode.  End to end (mpz_t in and out, PCIe and host packing included) the GPU
   lost to GMP on 16 cores for add/sub at every size measured (2^8..2^22 bits, 2^30-bit
   batches: the host's copying into and out of pinned memory alone costs about what
   GMP's whole loop does), and for mul up to 2^9 bits; mul won from 2^10 bits up.  So:
   add/sub only for enormous batches; mul when the average operand has at least
   MPZG_MUL_WORTH_AVG limbs and the batch is big enough. */
#define MPZG_ADD_WORTH_LIMBS ((size_t) 1 << 30)
#define MPZG_MUL_WORTH_AVG 16   /* H100, 2026-11-22, 2^30-bit batches, end to end: 16 limbs 18.0 ms since
                                   the tiled interleaved staging (was 23.7; GMP on 16 cores 26-34 ms),
                                   8 limbs 25-27 ms against GMP's 14-17: the GPU from 16 limbs up */
#define MPZG_MUL_WORTH_WORK ((double) (1 << 22))  /* about sum of na*nb over the batch */

/* Host side of the GPU path (lib/gpu/). */
#define MPZG_MUL_SMALL_WIDTH_MAX 32  /* the widest interleaved mul class */
#define MPZG_CLAIM_WORDS 16384       /* words of packing or unpacking a thread claims at once */
#ifndef MPZG_PREFETCH_AHEAD          /* a tuning build may set it (0: no prefetching) */
#define MPZG_PREFETCH_AHEAD 8        /* positions ahead whose operands packing prefetches */
#endif
#define MPZG_PLAN_KEEP ((size_t) 1 << 22)  /* plan arrays of more elements are freed after the call */

/* Division (cuda/div/div.cu): one thread per instance, interleaved, schoolbook with
   3-by-2 reciprocal steps; dividends and divisors of up to MPZG_DIV_MAX_LIMBS limbs
   (the widest class of divrem_width there), larger ones on the CPU.  Auto mode:
   provisional, not yet measured -- the GPU only for batches of at least
   MPZG_DIV_WORTH_COUNT elements whose average largest operand has at least
   MPZG_DIV_WORTH_AVG limbs (mul won end to end from 16 limbs; a division of an
   nn-limb dividend costs about as many word products as an nn/2 by nn/2 product
   but moves fewer words out). */
#define MPZG_DIV_MAX_LIMBS 32
#define MPZG_DIV_BLOCK 128
#define MPZG_DIV_WORTH_AVG 8
#define MPZG_DIV_WORTH_COUNT ((size_t) 1 << 16)

#endif
