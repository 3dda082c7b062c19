/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* ntt-grid.cu -- long products over the whole device: the algorithm of
   ntt-grid-core.cuh, one kernel launch per phase of its schedule (grid_schedule),
   every thread block one tile of a pass or one block of runs of the carry phases,
   the products of a call side by side in the grid's second dimension.

   Shared memory: a pass's tile is 2^GRID_TILE_LOG words (32 KB), the middle phase's
   two (64 KB, above the default 48 KB: the launcher opts in at setup).  The root
   tables (2^17 words) live in device memory and are read through the read-only
   cache. */

#include <vector>
#include "tuning.h"
#include "core/carry.cuh"
#include "mul/ntt-grid-core.cuh"
#include "mpzg-mpn.h"

#if MPZG_MUL_GRID_THREADS % 32 != 0 || MPZG_MUL_GRID_THREADS > 1024
#error "MPZG_MUL_GRID_THREADS: whole warps, at most 1024"
#endif
#if MPZG_MUL_GRID_CARRY_THREADS % 32 != 0 || MPZG_MUL_GRID_CARRY_THREADS > 1024
#error "MPZG_MUL_GRID_CARRY_THREADS: whole warps, at most 32 (the carry scan's)"
#endif

namespace mpzg {

using namespace ntt;

/* W^e and W^(2^16 e), e < 2^16 (ntt-grid-core.cuh), written by the setup. */
static __device__ u64 grid_roots[GRID_ROOT_TABLE];

/* The team of a block: every thread one "thread" of the algorithm. */
struct grid_block_team
{
  unsigned char *scan_scratch;
  __device__ __forceinline__ unsigned threads () const { return blockDim.x; }
  template <class F>
  __device__ __forceinline__ void each (F f)
  {
    f (threadIdx.x);
    __syncthreads ();
  }
  /* Both carry-ins of the block at once: two scans. */
  __device__ __forceinline__ unsigned scan2 (unsigned char *items)
  {
    const unsigned t = threadIdx.x, v = items[t], nw = blockDim.x / 32;
    unsigned o0, o1;
    unsigned c0 = group_carry_scan ((v & 1) != 0, (v & 2) != 0, 0, nw, t / 32, scan_scratch, &o0);
    unsigned c1 = group_carry_scan ((v & 1) != 0, (v & 2) != 0, 1, nw, t / 32, scan_scratch, &o1);
    items[t] = (unsigned char) (c0 | (c1 << 1));      /* read by this thread alone */
    return grid_block_item (o0, o1);
  }
};

/* The call's products: blockIdx.y is the product (of this launch's ones). */
struct grid_args
{
  const u64 *a, *b;
  u64 *r, *scratch;
  size_t Ma, Mb;
  grid_layout ly;
};

__device__ __forceinline__ u64 *
grid_x (const grid_args &p)
{
  return p.scratch + blockIdx.y * p.ly.itch;
}

__device__ __forceinline__ unsigned char *
grid_items (const grid_args &p)
{
  return (unsigned char *) (grid_x (p) + 2 * p.ly.L);
}

__global__ void
__launch_bounds__ (MPZG_MUL_GRID_THREADS)
grid_fwd_kernel (const grid_args p, const grid_pass g, int which, int first)
{
  extern __shared__ __align__ (16) u64 smem[];
  grid_block_team tm = { 0 };
  const u64 *op = !first ? (const u64 *) 0 : which ? p.b + blockIdx.y * p.Mb
    : p.a + blockIdx.y * p.Ma;
  grid_fwd_pass<MPZG_MUL_GRID_PASS_RADIX> (tm, smem, g, blockIdx.x,
                                           grid_x (p) + (which ? p.ly.L : 0), op,
                                           which ? p.Mb : p.Ma, grid_roots);
}

__global__ void
__launch_bounds__ (MPZG_MUL_GRID_THREADS)
grid_middle_kernel (const grid_args p, const grid_pass g, int digits, int square, u64 inv_len)
{
  extern __shared__ __align__ (16) u64 smem[];
  grid_block_team tm = { 0 };
  u64 *X = grid_x (p);
  grid_middle<MPZG_MUL_GRID_RADIX> (tm, smem, smem + ((size_t) 1 << (g.r + g.lc)), g,
                                    blockIdx.x, X, X + p.ly.L,
                                    digits ? p.a + blockIdx.y * p.Ma : (const u64 *) 0, p.Ma,
                                    digits ? p.b + blockIdx.y * p.Mb : (const u64 *) 0, p.Mb,
                                    square, inv_len, grid_roots);
}

__global__ void
__launch_bounds__ (MPZG_MUL_GRID_THREADS)
grid_inv_kernel (const grid_args p, const grid_pass g)
{
  extern __shared__ __align__ (16) u64 smem[];
  grid_block_team tm = { 0 };
  grid_inv_pass<MPZG_MUL_GRID_PASS_RADIX> (tm, smem, g, blockIdx.x, grid_x (p), grid_roots);
}

__global__ void
__launch_bounds__ (MPZG_MUL_GRID_CARRY_THREADS)
grid_runs_kernel (const grid_args p)
{
  __shared__ unsigned char local[MPZG_MUL_GRID_CARRY_THREADS];
  __shared__ unsigned char scan_scratch[32];
  grid_block_team tm = { scan_scratch };
  unsigned char *items = grid_items (p);
  grid_carry_runs (tm, grid_x (p), p.r + blockIdx.y * p.ly.n, p.ly.n, p.ly.runs, blockIdx.x,
                   items + p.ly.off[0], p.ly.levels > 1 ? items + p.ly.off[1] : 0, local);
}

__global__ void
__launch_bounds__ (MPZG_MUL_GRID_CARRY_THREADS)
grid_scan_kernel (const grid_args p, unsigned lv)
{
  __shared__ unsigned char local[MPZG_MUL_GRID_CARRY_THREADS];
  __shared__ unsigned char scan_scratch[32];
  grid_block_team tm = { scan_scratch };
  unsigned char *items = grid_items (p);
  grid_carry_scan (tm, items + p.ly.off[lv], p.ly.count[lv], blockIdx.x,
                   lv + 1 < p.ly.levels ? items + p.ly.off[lv + 1] : 0, local);
}

__global__ void
grid_down_kernel (const grid_args p, unsigned lv)
{
  unsigned char *items = grid_items (p);
  grid_carry_down (items + p.ly.off[lv], p.ly.count[lv],
                   lv + 1 < p.ly.levels ? items + p.ly.off[lv + 1] : 0,
                   MPZG_MUL_GRID_CARRY_THREADS, (size_t) blockIdx.x * blockDim.x + threadIdx.x);
}

__global__ void
grid_finish_kernel (const grid_args p)
{
  unsigned char *items = grid_items (p);
  grid_carry_finish (p.r + blockIdx.y * p.ly.n, p.ly.n, items + p.ly.off[0],
                     p.ly.levels > 1 ? items + p.ly.off[1] : 0, MPZG_MUL_GRID_CARRY_THREADS,
                     p.ly.runs, (size_t) blockIdx.x * blockDim.x + threadIdx.x);
}

/* Threads per block of the one-element-a-thread kernels. */
enum { GRID_FLAT_THREADS = 256 };

static unsigned
flat_blocks (size_t n)
{
  return (unsigned) ((n + GRID_FLAT_THREADS - 1) / GRID_FLAT_THREADS);
}

/* The schedule's executor on the GPU: one launch per phase, over ny products. */
struct device_exec
{
  grid_args p;
  unsigned ny;
  u64 inv_len;
  cudaStream_t s;
  cudaError_t err;

  void check ()
  {
    cudaError_t e = cudaGetLastError ();
    if (err == cudaSuccess)
      err = e;
  }
  static size_t tile_bytes (const grid_pass &g)
  {
    return ((size_t) 1 << (g.r + g.lc)) * sizeof (u64);
  }
  void fwd (const grid_pass &g, int which, int first)
  {
    grid_fwd_kernel<<<dim3 ((unsigned) g.tiles, ny), MPZG_MUL_GRID_THREADS, tile_bytes (g), s>>>
      (p, g, which, first);
    check ();
  }
  void middle (const grid_pass &g, int digits, int square)
  {
    grid_middle_kernel<<<dim3 ((unsigned) g.tiles, ny), MPZG_MUL_GRID_THREADS,
      (square ? 1 : 2) * tile_bytes (g), s>>> (p, g, digits, square, inv_len);
    check ();
  }
  void inv (const grid_pass &g)
  {
    grid_inv_kernel<<<dim3 ((unsigned) g.tiles, ny), MPZG_MUL_GRID_THREADS, tile_bytes (g), s>>>
      (p, g);
    check ();
  }
  void runs (size_t blocks)
  {
    grid_runs_kernel<<<dim3 ((unsigned) blocks, ny), MPZG_MUL_GRID_CARRY_THREADS, 0, s>>> (p);
    check ();
  }
  void scan (unsigned lv, size_t blocks)
  {
    grid_scan_kernel<<<dim3 ((unsigned) blocks, ny), MPZG_MUL_GRID_CARRY_THREADS, 0, s>>> (p, lv);
    check ();
  }
  void down (unsigned lv)
  {
    grid_down_kernel<<<dim3 (flat_blocks (p.ly.count[lv]), ny), GRID_FLAT_THREADS, 0, s>>> (p, lv);
    check ();
  }
  void finish ()
  {
    grid_finish_kernel<<<dim3 (flat_blocks (p.ly.runs), ny), GRID_FLAT_THREADS, 0, s>>> (p);
    check ();
  }
};

/* The most products one launch takes (the grid's second dimension). */
enum { GRID_Y_MAX = 65535 };

} /* namespace mpzg */

using namespace mpzg;

extern "C" size_t
mpzg_mpn_mul_grid_max (void)
{
  return ((size_t) 1 << (GRID_LOG_MAX - 2));
}

extern "C" size_t
mpzg_mpn_mul_grid_itch (size_t Ma, size_t Mb)
{
  grid_layout ly;
  return grid_layout_of (Ma, Mb, MPZG_MUL_GRID_CARRY_THREADS, &ly) ? ly.itch : 0;
}

extern "C" int
mpzg_mpn_mul_grid_setup (const mpzg_mpn_device *dev)
{
  std::vector<u64> tw (GRID_ROOT_TABLE);
  const size_t two = 2 * ((size_t) 1 << GRID_TILE_LOG) * sizeof (u64);
  cudaError_t e;
  if (dev->smem_optin < two)
    return (int) cudaErrorInvalidConfiguration;
  fill_grid_roots (tw.data ());
  if ((e = cudaMemcpyToSymbol (grid_roots, tw.data (), tw.size () * sizeof (u64))) != cudaSuccess)
    return (int) e;
  return (int) cudaFuncSetAttribute (grid_middle_kernel,
                                     cudaFuncAttributeMaxDynamicSharedMemorySize, (int) two);
}

static int
mul_grid_parts (const mpzg_mpn_word *a, const mpzg_mpn_word *b, mpzg_mpn_word *r, size_t Ma,
                size_t Mb, size_t count, mpzg_mpn_word *scratch, mpzg_mpn_stream s,
                unsigned parts)
{
  device_exec ex;
  const int square = a == b && Ma == Mb;
  if (!grid_layout_of (Ma, Mb, MPZG_MUL_GRID_CARRY_THREADS, &ex.p.ly) || scratch == NULL)
    return (int) cudaErrorInvalidValue;
  ex.inv_len = power (ex.p.ly.L, MPZG_NTT_P - 2);
  ex.s = (cudaStream_t) s;
  ex.err = cudaSuccess;
  ex.p.Ma = Ma;
  ex.p.Mb = Mb;
  for (size_t done = 0; done < count && ex.err == cudaSuccess; done += ex.ny)
    {
      ex.ny = (unsigned) (count - done < GRID_Y_MAX ? count - done : GRID_Y_MAX);
      ex.p.a = a + done * Ma;
      ex.p.b = b + done * Mb;
      ex.p.r = r + done * (Ma + Mb);
      ex.p.scratch = scratch + done * ex.p.ly.itch;
      grid_schedule (ex, ex.p.ly, square, MPZG_MUL_GRID_CARRY_THREADS, parts);
    }
  return (int) ex.err;
}

extern "C" int
mpzg_mpn_mul_grid (const mpzg_mpn_device *dev, const mpzg_mpn_word *a, const mpzg_mpn_word *b,
                   mpzg_mpn_word *r, size_t Ma, size_t Mb, size_t count,
                   mpzg_mpn_word *scratch, mpzg_mpn_stream s)
{
  (void) dev;
  return mul_grid_parts (a, b, r, Ma, Mb, count, scratch, s, GRID_A_FORWARD | GRID_REST);
}

extern "C" int
mpzg_mpn_mul_grid_a (const mpzg_mpn_device *dev, const mpzg_mpn_word *a, size_t Ma, size_t Mb,
                     mpzg_mpn_word *scratch, mpzg_mpn_stream s)
{
  (void) dev;
  /* a's passes read neither b nor r */
  return mul_grid_parts (a, a, NULL, Ma, Mb, 1, scratch, s, GRID_A_FORWARD);
}

extern "C" int
mpzg_mpn_mul_grid_rest (const mpzg_mpn_device *dev, const mpzg_mpn_word *a,
                        const mpzg_mpn_word *b, mpzg_mpn_word *r, size_t Ma, size_t Mb,
                        mpzg_mpn_word *scratch, mpzg_mpn_stream s)
{
  (void) dev;
  return mul_grid_parts (a, b, r, Ma, Mb, 1, scratch, s, GRID_REST);
}
