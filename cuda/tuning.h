/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* tuning.h -- the numbers of the GPU path: size limits, kernel shapes and the host
   pipeline's tunables, in one place.  Numbers only, each with why; the measurements
   behind them are in bench/results/, one folder per experiment (its index: README.md).

   Measured on: NVIDIA H100 80GB HBM3 (sm_90, 132 SMs), CUDA 13.0, 16-core host.

   The switch points -- where the ladders change kernel, where auto mode sends a
   batch to the GPU, the pipeline's chunk size -- are in tuning-switch.h, which
   bench/mpzg-tune measures on the GPU in use and writes (bench/README.md, and the
   manual's "Tuning" section); this file says what each one is, beside the numbers
   that fix the kernels' structure.  In the tuning build that only mpzg-tune links
   (-DMPZG_TUNE_PROGRAM_BUILD) the switch points are variables (tune-vars.h).

   Plain C (the host side includes it too).  Limb counts are 64-bit words. */
#ifndef MPZG_TUNING_H
#define MPZG_TUNING_H

#include "tuning-switch.h"
#ifdef MPZG_TUNE_PROGRAM_BUILD
#include "tune-vars.h"
#endif

/* ---- size limits ---- */

/* add/sub: the widest operand the GPU takes; bandwidth-bound, no shared memory, so
   only the chunk size bounds it (2^22 bits). */
#define MPZG_ADD_MAX_LIMBS 65536
/* mul: the widest operand in batches (2^22 bits, the widest class width of
   core/widths.h).  Up to MPZG_MUL_BLOCK_MAX_LIMBS (2^18 bits) one block per
   product: the classical block kernel holds both operands in one block's shared
   memory; the NTT (mul/ntt.cu) holds two transforms of 2^14 32-bit points (the
   longest, of a 4096 by 4096 product) there.  Above, the classes whose wider operand is
   wider run by the whole-device transform (mul/ntt-grid.cu), a chunk's products
   side by side; larger elements one at a time by the same transform
   (lib/gpu/mul-huge.c).  MPZG_MUL_BLOCK_MAX_LIMBS (tuning-switch.h) is at most
   MPZG_MUL_BLOCK_MAX_CEIL: the block kernel's launch bounds at Q = 8 and the NTT's
   root tables (mul/ntt.cu) are built for that width; mpzg-tune lowers it where the
   whole-device transform wins. */
#define MPZG_MUL_MAX_LIMBS 65536
#define MPZG_MUL_BLOCK_MAX_CEIL 4096

/* ---- add/sub kernels ---- */

/* Up to this padded width one thread per instance on the interleaved layout, above it
   one warp per instance on the contiguous layout; chosen with the first kernels, not
   swept since (see bench/results/2026-11-22-h100-addsubmul-kernels/); mpzg-tune sets
   it (MPZG_ADD_SMALL_MAX, tuning-switch.h, at most MPZG_MPN_INTERLEAVED_MAX - 1). */
/* The warp kernel keeps 32 * this many words of each operand in flight per step. */
#define MPZG_ADD_WARP_UNROLL 4
/* Threads per block of the one-thread and the one-warp kernels. */
#define MPZG_ADD_SMALL_BLOCK 256
#define MPZG_ADD_WARP_BLOCK 256
/* From this padded width up one block of warps per instance: there are few instances,
   and one warp each left the memory system idle (see
   bench/results/2026-11-22-h100-addsub-block-per-instance/); MPZG_ADD_BLOCK_MIN,
   tuning-switch.h. */
/* Warps per block and words per lane per step of that kernel: 16 or 8 warps, 2 or 8
   words were no better (same experiment). */
#define MPZG_ADD_BLOCK_WARPS 32
#define MPZG_ADD_BLOCK_UNROLL 4

/* ---- mul kernels ---- */

/* Up to this width (the longer operand) one thread per instance, interleaved, both
   operands padded to a small width (core/widths.h); the next small width, 32, ran
   slower than the group kernel (see bench/results/2026-11-22-h100-mul-64bit-products/).
   MPZG_MUL_SMALL_MAX, tuning-switch.h: one of the small widths of core/widths.h. */
/* Threads per block of the one-thread kernels. */
#define MPZG_MUL_SMALL_BLOCK 128
/* The one-thread kernel up to this width scans the product in blocks of 8 columns with
   64-bit products (mul_small_hyb_kernel); above it, holding both operands spills, and
   the 32-bit chains (mul_small_kernel) run (see
   bench/results/2026-11-22-h100-mul-small-kernel-16-limbs/). */
#define MPZG_MUL_SMALL_HYB_MAX 16
/* Which one-thread kernel: 2 the hybrid one up to MPZG_MUL_SMALL_HYB_MAX with W = 8
   columns per block, 3 the same with W = 16, 0 the 32-bit chains everywhere, 1 (tuning
   builds only) operand scanning with 64-bit products, correct but slower (spills)
   (same experiment). */
#define MPZG_MUL_SMALL_WIDE 2
/* Up to these widths (tuning builds without the group kernels) the block kernel takes
   Q = 1, 2, 4 result words per thread; above, Q = 8: the wider loop wins once the
   instance fills whole warps (see bench/results/2026-11-22-h100-addsubmul-kernels/). */
#define MPZG_MUL_Q1_MAX 32
#define MPZG_MUL_Q2_MAX 64
#define MPZG_MUL_Q4_MAX 128
/* Block kernel: instances per block, as this many threads' worth. */
#define MPZG_MUL_BLOCK_THREADS 256
/* Block kernel: 64-bit products (IMAD.WIDE.U32.X chains), a third of the instructions
   of separate low/high chains (see bench/results/2026-11-22-h100-mul-64bit-products/). */
#define MPZG_MUL_WIDE 1
/* Tuning builds without the group kernels: up to 128 limbs the block kernel with 16
   threads per instance, two instances per warp (see
   bench/results/2026-11-22-h100-mul-16-threads-per-instance/). */
#define MPZG_MUL_HALF 1
/* Up to 128 limbs the group kernel (mul_grp_kernel): 8 threads per instance at 32
   and 64 limbs, 16 at 128, so that a step's products outweigh its fixed cost (see
   bench/results/2026-11-22-h100-mul-grp-kernel/).  MPZG_MUL_GRP_MAX_LIMBS
   (tuning-switch.h): the group kernel up to this width, 32, 64 or 128 (its shapes;
   the block kernel takes Q = 8 words per thread, so widths above 32), the block
   kernel above. */
#define MPZG_MUL_GRP 1
/* Group kernel: the diagonal blocks as triangles, not full blocks (same experiment). */
#define MPZG_MUL_TRI 1
/* Group kernel at 32, 64, 128 limbs: switch from the high run to the low one without
   a restart; it paid only at 128 limbs (same experiment). */
#define MPZG_MUL_SW32 0
#define MPZG_MUL_SW64 0
#define MPZG_MUL_SW128 1
/* Group kernel: threads per block; 32 and 128 no better, 256 slower (same
   experiment). */
#define MPZG_MUL_GRP_THREADS 64
/* Block kernel: b and the entering a words by vector loads once per block of steps (1:
   every Q, 2: Q <= 2); no faster, so off (see
   bench/results/2026-11-22-h100-mul-16-threads-per-instance/). */
#define MPZG_MUL_VEC 0

/* Launch bounds, the most threads per block a kernel is compiled for (they cap its
   registers): the group kernel; the block kernel for Q <= 4 (up to 4 * 256 limbs) and
   for Q = 8 (an instance of MPZG_MUL_BLOCK_MAX_LIMBS takes 4096 / 8 threads). */
#define MPZG_MUL_GRP_MAX_THREADS 256
#define MPZG_MUL_BLOCK_MAX_THREADS 256
#define MPZG_MUL_BLOCK_MAX_THREADS_Q8 512

/* NTT multiplication (mul/ntt.cu, mul/ntt3-core.cuh): the classes whose narrower
   operand's padded width is at least MPZG_MUL_NTT_MIN_LIMBS (a width of
   core/widths.h, tuning-switch.h) run by exact transforms over three prime fields,
   one block per product and field, then one block per product that joins the
   fields' results.  Measured against the classical kernels and the earlier
   transform over one 64-bit field in bench/results/2026-11-24-h100-ntt-three-primes. */
/* Most threads per block of a field's transform (its launch bounds): a length-L
   transform takes L / 8 threads (a group of 8 points each in a pass of radix 8)
   up to this many, then several groups each. */
#define MPZG_MUL_NTT_THREADS 512
/* Threads per block of the join (rounds of a few 32-bit words per thread,
   mul/ntt3-core.cuh; at most 1024, the carry scan's 32 warps). */
#define MPZG_MUL_NTT_JOIN_THREADS 512
/* Unbalanced products (mul/ntt-rung.h): the NTT takes a product whose widths are
   more than a factor 2 apart when its Ma Mb word products are at least this many
   times L log2 L.  8 is the ratio of the two kernels' costs per unit measured at
   4096 limbs by mpzg-tune (1.02 us per product of L = 2^14 against 9.3 us for
   2^24 word products); kernel-only on the H100 it sends 4096 by 256 and 1024 by
   256 limbs to the classical kernel (1.28x and 1.06x faster there) and 1536 by
   384 to 4096 by 1024 to the NTT (1.6-2.7x faster)
   (bench/results/2026-11-24-h100-ntt-three-primes). */
#define MPZG_MUL_NTT_WORK 8

/* Whole-device NTT multiplication (mul/ntt-grid.cu, mul/ntt-grid-core.cuh): one or a
   few long products, each transform done in passes of thread blocks over device
   memory.  Threads per block of the passes (the middle's tiles of up to 2^12 words:
   a column of 16 points per thread per register pass by radix 16, 8 butterflies
   per thread per layer by radix 2; the strided passes' tiles of 2^(r+3) <= 2^12
   words) and of the carry phases (runs of 8 words a thread, whose carries are
   scanned a block at a time).  Provisional: chosen from the tile's size, not yet
   measured. */
#define MPZG_MUL_GRID_THREADS 256
#define MPZG_MUL_GRID_CARRY_THREADS 256
/* The transform inside a tile of the whole-device NTT, per kernel: 16, columns of
   up to 16 points in registers (shift twiddles inside a column, ceil(r / 4)
   register passes for r radix-2 layers), or 2, one radix-2 layer at a time, a full
   product per butterfly.  MPZG_MUL_GRID_RADIX for the middle kernel (the last
   forward pass of both operands, the pointwise product, the first inverse pass);
   MPZG_MUL_GRID_PASS_RADIX for the strided forward and inverse passes around it.
   Every combination gives the same product (tests/mpn/Makefile.am builds the host
   test for each).  Radix 16 in the middle and radix 2 in the strided passes, as
   measured per kernel on an H100 for a product of two 2^28-bit operands
   (bench/results/2026-11-24-h100-grid-radix): radix 16 made the middle 4025 -> 2880
   us, but the strided passes slower, forward 3789 -> 4565 us and inverse 1869 ->
   2099 us (their registers doubled, 35 and 30 -> 71 and 80: 3 blocks of 256 threads
   a multiprocessor instead of 6 and 8, in passes bound by memory latency).  A build
   may set either:
   NVCCFLAGS='-DMPZG_MUL_GRID_RADIX=2 -DMPZG_MUL_GRID_PASS_RADIX=16'. */
#ifndef MPZG_MUL_GRID_RADIX
#define MPZG_MUL_GRID_RADIX 16
#endif
#ifndef MPZG_MUL_GRID_PASS_RADIX
#define MPZG_MUL_GRID_PASS_RADIX 2
#endif
/* mul elements above MPZG_MUL_MAX_LIMBS run one at a time through that transform
   (lib/gpu/mul-huge.c); in auto mode only those whose shorter operand has at least
   MPZG_MUL_HUGE_WORTH_LIMBS limbs (a product that unbalanced is nearly linear for
   GMP, and a call has a fixed cost of copies and launches); mpzg-tune measures it
   against GMP with a 2^17-limb longer operand (MPZG_MUL_HUGE_WORTH_LIMBS,
   tuning-switch.h).  Its device buffer is kept between
   calls up to a sixteenth of the device's memory, and at least
   MPZG_MUL_HUGE_KEEP_WORDS words (128 MB). */
#define MPZG_MUL_HUGE_KEEP_WORDS ((size_t) 1 << 24)

/* ---- host pipeline ---- */

/* Slots (streams) of the pipeline: chunks in flight on the device while the host
   packs and unpacks the others. */
#define MPZG_SLOTS 3
/* Words per slot buffer (inputs, outputs): smaller chunks shorten the unoverlapped
   first pack and last unpack (see
   bench/results/2026-11-22-h100-staging-stream-stores/).  MPZG_SLOT_WORDS,
   tuning-switch.h (a build may still set it with -D, as every switch point). */
/* Host work of a pipeline step is claimed in runs of about this many words, not cut
   into fixed shares: some of the GPU machine's virtual cores are descheduled for
   milliseconds, and the team waited for them (see
   bench/results/2026-11-22-h100-staging-interleave/). */
#define MPZG_CLAIM_WORDS 16384
/* A pipelined call's team has a thread for every this many words it packs and
   unpacks (and at most the call's threads): a team of 16 cost a call of 16 small
   divisions 0.1 ms of starts and barriers for microseconds of work, and up to 11 ms
   where helpers parked between calls were slow to wake on the GPU machine's
   virtual cores; 2^14 words (a claim's) kept the time of calls from 4096 elements
   up, where 2^16 and 2^18 lost (bench/results/2026-11-25-h100-small-calls).  A
   build may set it with -D. */
#ifndef MPZG_TEAM_WORDS
#define MPZG_TEAM_WORDS 16384
#endif
/* Packing prefetches the limbs of the element this many positions on: integers
   allocated over time lie far apart (see
   bench/results/2026-11-22-h100-staging-prefetch/). A tuning build may set it with -D
   (0: none). */
#ifndef MPZG_PREFETCH_AHEAD
#define MPZG_PREFETCH_AHEAD 8
#endif
/* Per-element plan arrays are kept across calls up to this many elements (about
   160 MB): a batch of small numbers would otherwise spend more time faulting in
   fresh pages than packing, and one huge call must not pin its memory for good. */
#define MPZG_PLAN_KEEP ((size_t) 1 << 22)

/* ---- auto mode ---- */

/* End to end (mpz_t in and out, PCIe and host packing included) the GPU lost to GMP
   on 16 cores for add/sub at every size measured: the copies into and out of pinned
   memory alone cost about what GMP's loop does.  So add/sub only for enormous
   batches (see bench/results/2026-11-22-h100-full-run-cd5dd6c/).  These thresholds
   (the MPZG_*_WORTH_* of this section and below) are in tuning-switch.h. */
/* mul won from 16 limbs up (average operand) since the tiled interleaved staging,
   and lost at 8 (see bench/results/2026-11-22-h100-staging-interleave/) ... */
/* ... once the batch has about this much work (sum of na * nb). */

/* Division (cuda/div/div.cu): schoolbook with 3-by-2 reciprocal steps; dividends
   and divisors of up to MPZG_DIV_MAX_LIMBS limbs (the widest class of divrem_width
   there, 2^19 bits), larger ones by lib/div-long.c or on the CPU.  Divisors of up to MPZG_DIV_SMALL_MAX
   limbs one thread per instance (the divisor and the window in registers; the
   interleaved layout when the dividend is that small too); longer ones by ND / K
   cooperating threads, K = MPZG_DIV_COOP_K words of the divisor and of the window
   per thread (three quarters of it for the widths 3 * 2^j): a group of lanes of a
   warp up to 32 threads, a block above.  Every thread forms each quotient digit
   itself (no broadcast), so fewer threads with more words each spend less on the
   digits: see bench/results/2026-11-24-h100-division-groups for K = 16 against
   the former 2 to 8 words per lane of a whole warp.  MPZG_DIV_COOP_K is 8, 16 or
   32 (a build may set it).  32 halves the threads again (2 lanes at 64 limbs,
   128 threads at 4096) but holds 64 words of divisor and window per thread: the
   schoolbook's cooperative kernels take 178 to 254 registers against 103 to 134
   at 16, the exact division's 128 to 180 against 80 to 128, none spilling
   (sm_90), so a multiprocessor holds two of the group kernel's blocks of 128
   threads at 254 registers instead of three at 134.  Kernel-only on the H100
   (bench/results/2026-11-24-h100-coop-k32): 32 was 1.03-1.04x slower at 2^14 and
   2^16 bits and 1.07x faster at 2^18 (tdiv_qr; divexact alike), so 16 stays.  Auto mode, measured on the H100 with outputs
   already allocated, dividend n bits and divisor n/2 bits
   (bench/results/2026-11-23-h100-division-gcd): against GMP on 16 cores the GPU
   lost with 16384 dividends of 16 limbs (2.5 against 0.9 ms), tied with 4096 of 64
   limbs, and won with 1024 of 256 limbs (2.8x) and from 2^22 dividend limbs at 16
   limbs and more (1.3x at 16 limbs, 4.1x at 64, 7.9x at 256).  So the GPU for
   batches whose sum of squared dividend sizes (the schoolbook's work, count times
   the average size squared) reaches MPZG_DIV_WORTH_WORK, with dividends averaging
   at least MPZG_DIV_WORTH_AVG limbs (below, the host's copying per element
   decides).  divexact (cuda/div/divexact.cu: the exact division, low words first)
   shares the classes, MPZG_DIV_COOP_K, the block sizes and these thresholds; its
   kernels do less per digit than the schoolbook's (no 3-by-2 step, no add-back,
   at most min (divisor, quotient) words), so the thresholds are, if anything, high
   for it (mpzg-bench -O divexact,tdiv_q_exact compares the two). */
#define MPZG_DIV_MAX_LIMBS 8192
/* Elements above the division classes with a quotient of at least
   MPZG_DIV_LONG_MIN_QLIMBS limbs go to lib/div-long.c (a reciprocal and products,
   the products on the GPU): under MPZG_BACKEND=cuda all of them, in auto mode
   those with a dividend of at least MPZG_DIV_LONG_WORTH_LIMBS limbs (every one
   above the classes) and a divisor of at least MPZG_DIV_LONG_MIN_DLIMBS.  Shorter
   quotients cost GMP's schoolbook about what the reciprocal's products cost.  On
   the H100 against GMP on 16 cores (bench/results/
   2026-11-25-h100-division-long-batches): balanced divisions (divisor half the
   dividend) 1.6-2.5x faster with 4 to 7 dividends of 8704 to 16384 limbs, 3.4-3.9x
   with 64 to 120 of them, 3.4-4.9x in batches of 2^28 bits from 2^20 to 2^24
   bits; divisors of a 64th of the dividend 0.98x at 256 limbs, 1.3-1.9x from 512. */
#define MPZG_DIV_LONG_MIN_QLIMBS 256
#ifndef MPZG_DIV_LONG_WORTH_LIMBS       /* a build may set it: CPPFLAGS=-DMPZG_DIV_LONG_WORTH_LIMBS=262144 */
#define MPZG_DIV_LONG_WORTH_LIMBS (MPZG_DIV_MAX_LIMBS + 1)
#endif
#ifndef MPZG_DIV_LONG_MIN_DLIMBS
#define MPZG_DIV_LONG_MIN_DLIMBS 512
#endif
#define MPZG_DIV_SMALL_MAX 32
/* submul_1, the digit's product, by 32-bit halves on the carry flag (div-core.cuh)
   takes about 40 % fewer instructions than by 64-bit words with comparisons, but
   keeps twice the registers live.  Kernel-only on the H100
   (bench/results/2026-11-24-h100-division-carry-chains) the halves made the
   cooperative kernels 1.14-1.55x faster, the one-thread schoolbook faster at a
   32-word class and slower at 8 and 16 words, the one-thread exact division slower
   at 32: so the one-thread schoolbook takes them from this class width, the
   one-thread exact division never. */
#define MPZG_DIV_ONE_CHAIN_MIN 24
#ifndef MPZG_DIV_COOP_K                 /* a build may set it: NVCCFLAGS=-DMPZG_DIV_COOP_K=32 */
#define MPZG_DIV_COOP_K 16
#endif
/* From divisor widths of MPZG_DIV_COOP_WIDE words (the window's, for divexact),
   MPZG_DIV_COOP_K_WIDE words per thread instead.  Since submul_1 went to the
   carry flag the digit's fixed work (the 3-by-2 step every thread forms, the
   exchanges) weighs more against the words: on the H100
   (bench/results/2026-11-24-h100-division-coop-wide) 32 words per thread were
   1.32x faster than 16 at 2^17 bits and 1.15x at 2^18 (tdiv_qr; divexact 1.31x
   and 1.17x), 1.19x and 1.08x slower at 2^14 and 2^16. */
#ifndef MPZG_DIV_COOP_WIDE
#define MPZG_DIV_COOP_WIDE 1024
#endif
#ifndef MPZG_DIV_COOP_K_WIDE
#define MPZG_DIV_COOP_K_WIDE 32
#endif
/* Threads per block: the one-thread kernel; the group kernel (128 / T instances
   per block).  The one-block kernel takes up to MPZG_DIV_MAX_LIMBS /
   MPZG_DIV_COOP_K_WIDE threads (div-widths.cuh). */
#define MPZG_DIV_BLOCK 128
#define MPZG_DIV_WARP_BLOCK 128

/* gcd (cuda/gcd/gcd.cu): Pornin's optimized binary GCD on operands of up to
   MPZG_GCD_MAX_LIMBS limbs (the widest class of gcd_width there), larger ones on
   the CPU.
   - One thread per instance, interleaved, below MPZG_GCD_COOP_MIN_LIMBS limbs
     (the interleaved classes go up to MPZG_GCD_ONE_MAX): up to
     MPZG_GCD_REG_MAX limbs both operands in registers (two 32-limb operands are
     128 of a thread's 255 registers); above, in shared memory, MPZG_GCD_SMEM_BLOCK
     threads per block.  Two operands of 64 limbs are 1 KB a thread, and a
     multiprocessor has 228 KB, less 1 KB for each block: blocks of 32 threads
     (32 KB, within a block's default) fit 6 to a multiprocessor, 6 warps, and
     the kernel is bound by the latency of its dependent instructions there
     (bench/results/2026-11-24-h100-ncu-gcd-powm: 35 % of the issue slots busy);
     one block of MPZG_GCD_SMEM_BLOCK_WIDE = 224 threads (224 KB, opted into at
     setup) is 7 warps, but a block ends with its slowest instance, and a
     launch's last wave of 132 blocks may be nearly empty.  Kernel-only on the
     H100 (bench/results/2026-11-24-h100-gcd-wide-block), 4096 bits: 262,144
     pairs took 17.7 ms in blocks of 224 against 21.4 in blocks of 32, but
     65,536 pairs 5.8 against 5.4-5.5 (3 waves of 224, the last a fifth full).
     So a launch of at least MPZG_GCD_SMEM_WIDE_LANES instances takes the wide
     block, a smaller one (the pipeline's chunks of 8,192 pairs among them)
     blocks of 32.  That was before the 64-limb class went to the cooperative
     kernel, which runs it faster still (below); the shared-memory kernel
     remains for builds that set MPZG_GCD_COOP_MIN_LIMBS to 128.
   - Cooperative (gcd-coop.cuh), contiguous, from MPZG_GCD_COOP_MIN_LIMBS limbs
     (32, 64 or 128, a build's choice, 32 only with MPZG_GCD_COOP_K 16; 64, 4
     lanes of 16 words, by default).
     Kernel-only on the H100, 4096 bits, against the shared-memory kernel
     (bench/results/2026-11-25-h100-gcd-coop-64):
     1.56x faster with 16,384 pairs, 1.54x with 65,536, 1.26x with 262,144
     (14.2 against 17.9 ms), and end to end 1.5-1.8x (the pipeline's chunks,
     8,192 pairs, are a fraction of a wave of one thread per pair, but 4 times
     the threads in groups): T = W /
     MPZG_GCD_COOP_K threads per instance of width W, MPZG_GCD_COOP_K words of each
     operand per thread.  Every thread runs the 30 steps of an outer iteration
     itself, about what 10 to 15 words of the matrix's rows cost (20 before the
     steps went in passes, gcd-core.cuh), so 16 words per thread keep the
     redundant steps below half the work where the operands are long (in groups
     of fewer than 32 lanes one thread of the block runs them for each of its
     instances instead, and thread 0 in the block of warps:
     MPZG_GCD_COOP_SHARED_STEPS and MPZG_GCD_BLOCK_SHARED_STEPS below),
     with the two operands in 64 of the thread's registers (123 to 128 in all on
     sm_90, no spills, where every thread runs the steps; with the steps shared
     154, held to 128 with 32 bytes of spills: MPZG_GCD_COOP_MIN_THREADS).
     Groups of T <= 32 lanes, MPZG_GCD_COOP_BLOCK threads per block; T = 64
     (1024 limbs at K = 16) a block of two warps per instance, or one warp of
     32 words a lane in launches of at least MPZG_GCD_WARP_MIN_PAIRS
     instances.  MPZG_GCD_COOP_K is 16 or 32, a build's choice: 32 words per
     thread halve the threads that repeat the steps, and every class is a
     group (2 lanes at 64 limbs, 32 at 1024), but the operands take 128
     registers (220 to 254 in all on sm_90, no spills: 2 blocks of 128 threads
     per multiprocessor where 16 fits 4).  Kernel-only on the H100, 32 against
     16: before the steps were shared, 1.03x slower at 2^13 bits, 1.05x
     faster at 2^14, equal at 2^15 (bench/results/2026-11-24-h100-coop-k32),
     and per class with the later cores 1.10x slower at 2^14 and 1.16x at 2^15
     (bench/results/2026-11-25-h100-not-kept-gcd-k32-class); with the steps
     shared, 0.99x at 4096 bits and 1.01x faster at 8192 to 32768
     (bench/results/2026-11-26-h100-gcd-wide-warp).  So 16 stays below 1024
     limbs, where one warp of 32 words replaces the block of two warps.
     The groups' outer loop halves K (gcd-coop.cuh's coop_phases) each time the
     operands of every instance of the warp fit in half the words, down to
     MPZG_GCD_COOP_KMIN (at least the kernel's K: never), and so does the
     block of two warps (through shared memory).  Kernel-only on the H100
     (bench/results/2026-11-25-h100-gcd-coop-halving), 2^30 bits per operand
     array, against K kept: 1.13x faster at 2^13 and 2^14 bits down to 2 or 4,
     1.10-1.11x down to 8; at 2^15 1.24x down to 2, 1.23x to 4, 1.18x to 8;
     the block at 2^16, down to 2, 1.19x
     (bench/results/2026-11-25-h100-gcd-block-halving).
   Auto mode, measured on the H100 with outputs already allocated
   (bench/results/2026-11-23-h100-division-gcd): against GMP on 16 cores the GPU
   lost with 1024 pairs of 16 limbs (2.0 against 1.7 ms) and 256 pairs of 64 limbs
   (2.9 against 2.2), and won 9x with 16384 pairs of 16 limbs and 5.2x with 4096
   of 64.  So the GPU for batches whose count times the average largest operand's
   size squared reaches MPZG_GCD_WORTH_WORK, with operands averaging at least
   MPZG_GCD_WORTH_AVG limbs.  Above MPZG_GCD_ONE_MAX limbs, also at least
   MPZG_GCD_WORTH_COOP_COUNT pairs: an instance there takes thousands of outer
   iterations (some milliseconds at 1024 limbs), which only a batch that fills the
   device hides, while GMP's subquadratic gcd gains there (not yet measured). */
#define MPZG_GCD_MAX_LIMBS 1024
#define MPZG_GCD_ONE_MAX 64
#define MPZG_GCD_REG_MAX 32
#define MPZG_GCD_BLOCK 128
#define MPZG_GCD_SMEM_BLOCK 32
#define MPZG_GCD_SMEM_BLOCK_WIDE 224
#ifndef MPZG_GCD_SMEM_WIDE_LANES        /* a build may set it: NVCCFLAGS=-DMPZG_GCD_SMEM_WIDE_LANES=1 */
#define MPZG_GCD_SMEM_WIDE_LANES 131072
#endif
#ifndef MPZG_GCD_COOP_K                 /* a build may set it: NVCCFLAGS=-DMPZG_GCD_COOP_K=32 */
#define MPZG_GCD_COOP_K 16
#endif
#ifndef MPZG_GCD_COOP_KMIN              /* a build may set it: NVCCFLAGS=-DMPZG_GCD_COOP_KMIN=4 */
#define MPZG_GCD_COOP_KMIN 2
#endif
/* The groups' blocks: 32 and 64 threads measured up to 3 % slower than 128 at
   4096 to 32768 bits (bench/results/2026-11-25-h100-gcd-coop-64). */
#ifndef MPZG_GCD_COOP_BLOCK             /* a build may set it: NVCCFLAGS=-DMPZG_GCD_COOP_BLOCK=32 */
#define MPZG_GCD_COOP_BLOCK 128
#endif
#ifndef MPZG_GCD_COOP_MIN_LIMBS         /* a build may set it: NVCCFLAGS=-DMPZG_GCD_COOP_MIN_LIMBS=128 */
#define MPZG_GCD_COOP_MIN_LIMBS 64
#endif
#define MPZG_GCD_WORTH_COOP_COUNT 256
/* Whether the groups of fewer than 32 lanes share one computation of the
   steps per block (gcd-coop.cuh's group_steps_x: one thread runs them for each
   instance of the block, the others wait at a barrier) instead of every lane
   running them, and the blocks a multiprocessor whose registers the groups'
   kernel must leave room for, as threads (512: 128 registers a thread; 0: no
   bound beyond the block's; the kernels of 32 words a lane have none: the
   operands alone take 128 registers).  Kernel-only on
   the H100, 2^30 bits per operand array, against every lane running the steps
   (bench/results/2026-11-25-h100-gcd-shared-steps): 1.12x faster at 4096, 8192
   and 16384 bits with 4 blocks (128 registers, 32 bytes of spills; 96
   registers, 5 blocks, no faster), about the
   same at 4096 to 16384 with the 154 registers the kernel takes unbounded (3
   blocks); blocks of 256 threads (2 a multiprocessor) 1.04-1.08x, of 64
   threads 1.18x slower than the default 128; one instance
   a warp (512 limbs) 1.06x slower, so those warps keep their own steps;
   gcdext and invert (MPZG_GCDEXT_COOP_SHARED_STEPS, below 32 lanes: 4096 and
   8192 bits) 1.03-1.05x faster.  A build may set
   them: NVCCFLAGS=-DMPZG_GCD_COOP_SHARED_STEPS=0 -DMPZG_GCD_COOP_MIN_THREADS=0 */
#ifndef MPZG_GCD_COOP_SHARED_STEPS
#define MPZG_GCD_COOP_SHARED_STEPS 1
#endif
/* Whether the block of several warps per instance (gcd and gcdext alike)
   shares one computation of the steps (thread 0's, one more barrier an
   iteration) instead of every warp running them.  Kernel-only on the H100
   (bench/results/2026-11-25-h100-gcd-shared-steps): the gcd 1.04x faster at
   65536 bits (two warps), gcdext and invert 1.09x and 1.10x at 65536 (four
   warps), the same at 32768 (two).  A build may set it:
   NVCCFLAGS=-DMPZG_GCD_BLOCK_SHARED_STEPS=0 */
#ifndef MPZG_GCD_BLOCK_SHARED_STEPS
#define MPZG_GCD_BLOCK_SHARED_STEPS 1
#endif
/* MPZG_GCD_COOP_MIN_THREADS bounds the kernels of 16 words a lane only. */
#ifndef MPZG_GCD_COOP_MIN_THREADS
#define MPZG_GCD_COOP_MIN_THREADS 512
#endif
/* A launch of at least MPZG_GCD_WARP_MIN_PAIRS instances of a class that 16
   words a lane would give a block of warps (1024 limbs, two warps) runs one
   warp of 32 words a lane per instance instead (the groups' kernel with groups
   of 32 lanes, which keep their own steps, four instances a block).  Kernel-only
   on the H100 at 65536 bits (bench/results/2026-11-26-h100-gcd-wide-warp): 1.30x
   faster with 16,384 pairs, 1.44x with 1,024 and 1.17x with 512, where the
   block waits at eight barriers an outer iteration; 1.09x slower with 64 pairs
   and 1.14x with 256, where one warp's iteration takes longer than two warps'
   (in blocks of one instance, every multiprocessor busy, just as slow) and the
   block runs at most two pairs a multiprocessor at full speed.  bench/mpzg-tune
   -s shapes measures the limit (tuning-switch.h): 265 on the H100, where the
   block's time steps up (8.11 ms against the warp's 7.08; 6.20 against 7.06
   with 264 pairs).  The pipeline's chunks hold 512 pairs of 1024 limbs
   (MPZG_SLOT_WORDS, tuning-switch.h), so a build with slots below about half
   of theirs sends them to the block.  A build may set it:
   NVCCFLAGS=-DMPZG_GCD_WARP_MIN_PAIRS=1 */

/* gcdext and invert (cuda/gcd/gcdext.cu): the gcd's classes, up to
   MPZG_GCDEXT_MAX_LIMBS limbs, five arrays per instance (a, b, two cofactors, the
   modulus).
   - One thread per instance below MPZG_GCDEXT_COOP_MIN_LIMBS limbs (at most 64,
     the interleaved classes): up to MPZG_GCDEXT_SPLIT_MAX limbs a and b in
     registers and the cofactors and the modulus in shared memory (OperandStore:
     at 32 limbs 2.6 times as fast for invert as the cofactors in registers and
     the operands in shared memory, and at 16 limbs a little faster than all but
     the modulus in registers: bench/results/2026-11-25-h100-gcdext-cosequence);
     above that (a build that moves MPZG_GCDEXT_COOP_MIN_LIMBS to 65), all in
     shared memory, at most MPZG_GCDEXT_SMEM_BLOCK threads per block, fewer where
     five arrays of a thread do not fit 48 KB (16 threads at 64 limbs).
   - Cooperative (gcdext-coop.cuh), contiguous, from MPZG_GCDEXT_COOP_MIN_LIMBS
     limbs up: T = W / MPZG_GCDEXT_COOP_K threads per instance of width W, that
     many words of each of the five arrays per thread in registers (80 registers
     of data at 8, where the gcd's 16 would take 160).  The cofactors' work per
     word is about twice the gcd's rows, so the 30 redundant steps weigh as they do
     in the gcd at 16 words.  Groups of T <= 32 lanes (from 16 limbs, 2 lanes, up
     to 256, 32 lanes), MPZG_GCDEXT_COOP_BLOCK threads per block; T = 64 and 128
     (512 and 1024 limbs) a block of two and four warps per instance, at 512
     limbs one warp of 16 words a lane in launches of at least
     MPZG_GCDEXT_WARP_MIN_PAIRS instances.
     MPZG_GCDEXT_COOP_MIN_LIMBS: 16 to 65, a power of two or 65 (the one-thread
     classes up to 64); a build may set it.  Kernel-only on the H100
     (bench/results/2026-11-24-h100-gcdext-divexact-powm2k): 1,048,576 pairs of 16
     limbs took 23.4 ms on one thread each and 52.3 ms cooperating; 262,144 pairs of
     64 limbs 334 ms on one thread (five arrays in shared memory) and 99.5 ms
     cooperating.  So cooperative from 64 limbs; with the cofactors reduced
     lazily (bench/results/2026-11-25-h100-gcdext-coop-lazy) 60.5 ms there,
     while one thread a pair with a and b in shared memory and the cofactors
     in device memory took 145 ms
     (bench/results/2026-11-25-h100-not-kept-gcdext-scratch-64), and at 32
     limbs the cooperative kernel was 3.6 times slower than one thread.
     MPZG_GCDEXT_COOP_K: 8, or 16 in a build that sets it (241 to 254
     registers, two blocks a multiprocessor against three): 1.06 to 1.37
     times slower at 4096 and 16384 bits, 1.05 to 1.11 times faster at 65536;
     measured again after the block of warps shared its steps, 1.07x (gcdext)
     and 1.14x (invert) slower at 65536 and 1.23x / 1.15x faster at 32768,
     which alone takes 16 words (MPZG_GCDEXT_WARP_MIN_PAIRS below).
   Auto mode: about three times the gcd's
   work per element, the gcd's thresholds until measured. */
#define MPZG_GCDEXT_MAX_LIMBS 1024
/* The narrowest cooperative class whose cofactors the device finds too, a warp
   per instance (gcdext-norm-coop.cuh; the host below it, down to the one-thread
   classes).  Kernel-only on the H100, 262,144 pairs of 4096 bits
   (bench/results/2026-11-25-h100-gcdext-norm-coop): 50.1 ms against 50.8 with
   one thread per instance, staged through shared memory as on the one-thread
   classes (64 words, four arrays of 65 words a thread); from 128 words one
   thread per instance took longer than the host
   (bench/results/2026-11-24-h100-gcdext-device-cofactors).  A build may set it:
   NVCCFLAGS=-DMPZG_GCDEXT_NORM_COOP_MIN=128 */
#ifndef MPZG_GCDEXT_NORM_COOP_MIN
#define MPZG_GCDEXT_NORM_COOP_MIN 64
#endif
/* The widest class whose cooperative cofactor kernel unrolls its loops over
   the slots (gcdext-norm-coop.cuh's US = S: code quadratic in W / 32).  Kernel
   time of the cofactors on the H100 (2^30 bits per operand array, same
   folder), unrolled / not: 5.3 / 5.7 ms at 128 words, 9.6 / 9.5 at 256, 59.8 /
   17.3 at 512 (10,200 instructions of machine code against 4,000) and 214 /
   45 at 1024 (30,700 against 5,900: far beyond the instruction cache).  A
   build may set it: NVCCFLAGS=-DMPZG_GCDEXT_NORM_COOP_UNROLL=1024 */
#ifndef MPZG_GCDEXT_NORM_COOP_UNROLL
#define MPZG_GCDEXT_NORM_COOP_UNROLL 256
#endif
/* The widest class whose cofactor kernel keeps t in registers through its word
   products (gcdext-norm.cuh's cofactor_t, its loops unrolled whole; above, t in
   shared memory).  Kernel-only on the H100, 2^30 bits per operand array
   (bench/results/2026-11-25-h100-gcdext-norm-registers): gcdext 3.6 % faster
   at 256 bits and 2.6 % at 512; with 16 no faster at 1024 bits (8,900
   instructions of machine code), with 32 13 % slower at 2048 (27,000
   instructions, far beyond the instruction cache, and 228 registers a
   thread).  A build may set it: NVCCFLAGS=-DMPZG_GCDEXT_NORM_REGS_MAX=32 */
#ifndef MPZG_GCDEXT_NORM_REGS_MAX
#define MPZG_GCDEXT_NORM_REGS_MAX 8
#endif
#ifndef MPZG_GCDEXT_SPLIT_MAX          /* a build may set it: NVCCFLAGS=-DMPZG_GCDEXT_SPLIT_MAX=16 */
#define MPZG_GCDEXT_SPLIT_MAX 32
#endif
#define MPZG_GCDEXT_SMEM_BLOCK 64
/* Registers a thread the one-thread operand kernel is held to where its
   operands fit in half of them (to 16 limbs; 0: no bound).  A build may set it:
   NVCCFLAGS=-DMPZG_GCDEXT_OPERAND_REGS=0 */
#ifndef MPZG_GCDEXT_OPERAND_REGS
#define MPZG_GCDEXT_OPERAND_REGS 128
#endif
#ifndef MPZG_GCDEXT_COOP_K             /* a build may set it: NVCCFLAGS=-DMPZG_GCDEXT_COOP_K=16 */
#define MPZG_GCDEXT_COOP_K 8
#endif
#define MPZG_GCDEXT_COOP_BLOCK 128
/* Blocks of MPZG_GCDEXT_COOP_BLOCK threads a multiprocessor that the cooperative
   gcdext kernels' registers must leave room for (0: no bound).  4 holds them to
   128 registers (they took 130 to 148, three blocks), with 40 to 48 bytes of
   stack for spills: 1.04 to 1.10 times faster at 4096 to 65536 bits on the H100
   (bench/results/2026-11-25-h100-gcdext-coop-lazy); the kernels of 16 words a
   lane have no bound.  A build may set it:
   NVCCFLAGS=-DMPZG_GCDEXT_COOP_MIN_BLOCKS=0 */
#ifndef MPZG_GCDEXT_COOP_MIN_BLOCKS
#define MPZG_GCDEXT_COOP_MIN_BLOCKS 4
#endif
/* At K = 8, a launch of at least MPZG_GCDEXT_WARP_MIN_PAIRS instances of 512
   limbs (32768 bits; a block of two warps of 8 words a lane) runs one warp of 16
   words a lane per instance instead (250 registers, no spills, no barrier).
   Kernel-only on the H100 (bench/results/2026-11-26-h100-gcd-wide-warp), 8,192
   pairs: gcdext 1.23x and invert 1.15x faster; 512 pairs 1.09x and 1.03-1.06x.
   A build with K = 16 everywhere was slower at 16384 bits (invert 1.19x) and
   65536 (gcdext 1.07x, invert 1.14x: a block of two warps against four).
   bench/mpzg-tune -s shapes measures the limit (tuning-switch.h): 265 on the
   H100, as the gcd's.  A build may set it:
   NVCCFLAGS=-DMPZG_GCDEXT_WARP_MIN_PAIRS=1 */
/* gcdext's and invert's MPZG_GCD_COOP_SHARED_STEPS, groups of fewer than 32
   lanes (4096 and 8192 bits at K = 8).  A build may set it:
   NVCCFLAGS=-DMPZG_GCDEXT_COOP_SHARED_STEPS=0 */
#ifndef MPZG_GCDEXT_COOP_SHARED_STEPS
#define MPZG_GCDEXT_COOP_SHARED_STEPS 1
#endif
#ifndef MPZG_GCDEXT_COOP_MIN_LIMBS      /* a build may set it: NVCCFLAGS=-DMPZG_GCDEXT_COOP_MIN_LIMBS=65 */
#define MPZG_GCDEXT_COOP_MIN_LIMBS 64
#endif

/* powm (cuda/powm/powm.cu): any modulus (an even one split as 2^k m', its power
   of two and the join by powm-even.cuh or, in the team classes, by the same
   team, powm-even-coop.cuh), bases and moduli of up to
   MPZG_POWM_MAX_LIMBS limbs (the widest class of powm_width there), Montgomery
   products and a fixed window; one thread per instance below
   MPZG_POWM_COOP_MIN_LIMBS limbs, a team of 4 to 32 lanes of a warp from there
   up, but for the widths below MPZG_POWM_ONE_MAX_LIMBS, which have both kernels
   and run a launch (a chunk) of at least MPZG_POWM_ONE_MIN_LANES instances one
   thread per instance (the one-thread kernels are built for the widths below
   the larger of the two, up to 64, so raising either puts them back for a
   comparison).  Each number below says where it was measured, or that it was not.
   - MPZG_POWM_BLOCK, MPZG_POWM_COOP_BLOCK: threads per block of the two kinds
     (the blocks per multiprocessor that ptxas leaves registers for are set in
     powm.cu).
   - MPZG_POWM_COOP_MIN_LIMBS: 16 to 65; the one-thread kernel spills from 24
     limbs up.
   - MPZG_POWM_ONE_MAX_LIMBS, MPZG_POWM_ONE_MIN_LANES: the widths from
     MPZG_POWM_COOP_MIN_LIMBS up to MPZG_POWM_ONE_MAX_LIMBS (16 to 65,
     exclusive: by default 16 limbs alone; none where it is at most
     MPZG_POWM_COOP_MIN_LIMBS) have both kernels, and a launch of at least
     MPZG_POWM_ONE_MIN_LANES instances (at least 1) runs there one thread per
     instance, a smaller one the teams.  One launch of n instances of 16 limbs
     (1024 bits, full-length exponents), kernel-only on the H100
     (bench/results/2026-11-24-h100-powm-one-thread-lanes): the teams took 5.4,
     7.0 and 11.8 ms at n = 4096, 8192 and 16384, one thread 11.4, 12.3 and
     12.3 ms (up to 16384, 128 blocks, the device is not full: the time stays),
     and at 32768 one thread took 17.3 ms against 22.6.  So 16384.  End to
     end, 65536 instances run as chunks of at most
     MPZG_SLOT_WORDS / (3 N) instances (about 21,800 at 16 limbs), on one
     thread each in 37.0-39.9 ms against 48.6-54.4 on the teams, and 4,194,304
     powms by 65537 in 180-203 ms against 289-296.  The even moduli's kernel
     at 16 limbs (powm-even.cuh) goes with the choice, not timed apart.  A
     chunk also holds at most MPZG_SCRATCH_WORDS / ((2^w + 1) N) instances (the
     window table's 2^w rows and a row for the squarings, N limbs each), about
     32,000 at 16 limbs and exponents of 1024 bits (w = 6).
   - MPZG_POWM_WINDOW_MAX: the largest window, a table of 2^6 rows; 7 would save
     about 5 % of the products at 4,096-bit exponents for twice the scratch.
   - MPZG_POWM_UNROLL_MAX: the one-thread Montgomery product and squaring
     (powm-core.cuh's montmul and montsqr) run their steps unrolled whole up
     to this many limbs, in a loop above, whose accumulators move down a word
     pair each step (a move on the multiplier's pipe for every word).  On the
     H100 (bench/results/2026-11-24-h100-powm-squaring), against 8: the
     squaring unrolled at 12 and 16 limbs took the kernels 17 and 13 % less
     time at 768 and 1024 bits, and the product unrolled there too 4 and 11 %
     less again; the 16-limb kernel's digit loop is then about 5,700
     instructions.
   - Auto mode: the GPU only for batches whose largest operands (of each
     element: base, exponent or modulus) add up to at least MPZG_POWM_WORTH_LIMBS
     limbs and average at least MPZG_POWM_WORTH_AVG limbs.  A powm is about 64 n
     products of n limbs, so the transfers are a small part of it from a few limbs
     up; what decides is the batch.  Near the break-even the device is far from
     full: the GPU's time hardly moves with the count, the CPU's is in proportion
     to it and grows faster with the size than the GPU's, so the break-even count
     falls about as 1/n, and a total of limbs holds across sizes where a count
     does not.  On the H100
     (bench/results/2026-11-24-h100-ntt-radix16-tuner, tune.txt: the first of two
     consecutive GPU wins, doubling the batch from 16) the break-even counts were
     2048, 1024, 512 and 512 at 2, 4, 8 and 16 limbs: 4096 limbs but at 16 limbs
     (8192), where one count, 768 (their median), sent 1024 powms of 2 limbs to
     the GPU, which lost there, and 512 of 16 limbs to the CPU, which took 2.75
     times the GPU's time.  mpzg-tune measures it as the median of size x count
     over the sizes where the GPU won (tune_fit, power 1): 3072 on the H100 from
     2 to 64 limbs (bench/results/2026-11-24-h100-powm-worth-limbs; totals of
     2048 from 16 limbs up, 16384 at 2 limbs). */
/* The team Montgomery product's passes over the team (coop_montmul's outer
   loop, one pass a thread's K words) unrolled this many at a time in the
   exponent's digits loop: 2 moves fewer accumulator words at the loop's back
   edge (43 instead of 46 multiply-pipe instructions a step at 2048 bits); the
   team kernels ran 1.3 to 2.5 % faster on the H100 at 1024 to 4096 bits
   (bench/results/2026-11-25-h100-powm-team-unroll).  The products before and
   after the digits (R^2 mod m, the table, the way out of Montgomery form) keep
   1: unrolled there too, the kernel grew by two thirds and powm by 65537 ran
   6-10 % slower (bench/results/2026-11-25-h100-powm-unroll-sites). */
#ifndef MPZG_POWM_COOP_UNROLL           /* a build may set it: NVCCFLAGS=-DMPZG_POWM_COOP_UNROLL=1 */
#define MPZG_POWM_COOP_UNROLL 2
#endif
#define MPZG_POWM_MAX_LIMBS 256
#define MPZG_POWM_BLOCK 128
#define MPZG_POWM_COOP_BLOCK 128
#ifndef MPZG_POWM_COOP_MIN_LIMBS        /* a build may set it: NVCCFLAGS=-DMPZG_POWM_COOP_MIN_LIMBS=65 */
#define MPZG_POWM_COOP_MIN_LIMBS 16
#endif
#ifndef MPZG_POWM_ONE_MAX_LIMBS         /* a build may set it: NVCCFLAGS=-DMPZG_POWM_ONE_MAX_LIMBS=16 */
#define MPZG_POWM_ONE_MAX_LIMBS 24
#endif
#ifndef MPZG_POWM_ONE_MIN_LANES         /* a build may set it: NVCCFLAGS=-DMPZG_POWM_ONE_MIN_LANES=65536 */
#define MPZG_POWM_ONE_MIN_LANES 16384
#endif
#define MPZG_POWM_WINDOW_MAX 6
#ifndef MPZG_POWM_UNROLL_MAX            /* a build may set it: NVCCFLAGS=-DMPZG_POWM_UNROLL_MAX=8 */
#define MPZG_POWM_UNROLL_MAX 16
#endif

/* ---- device scratch ---- */

/* Device scratch of one chunk, in words, for the families whose shape asks for
   scratch (itch): it is device memory only, neither pinned nor copied, so it is
   bounded apart from the slot's MPZG_SLOT_WORDS.  powm's window table is 64 rows
   of 64 words per instance at 4,096 bits: under MPZG_SLOT_WORDS a chunk would
   hold 256 such instances, too few threads to fill the device; here 8,192 (65,536
   threads of teams of 8), and 2,048 at 16,384 bits (teams of 32).  Provisional. */
#define MPZG_SCRATCH_WORDS ((size_t) 1 << 25)

#endif
