/* SPDX-License-Identifier: LGPL-3.0-or-later */
/* limb-rate.cu -- how fast the H100's FP64 pipe forms exact products of 52-bit
   limbs: the floor of a modular multiplication on doubles, as in Emmart and
   Weems, "Faster modular exponentiation using double precision floating point
   arithmetic on the GPU" (ARITH 2018), against the same rows of 64-bit limbs
   on the integer pipe.

   A product of a, b < 2^52 (doubles holding integers) is split exactly into
   H 2^52 + L by two fused multiply-adds and one addition:
     hi = fma_rz (a, b, 2^104)          = 2^104 + H 2^52 (rounded toward zero)
     u  = (2^104 + 2^52) - hi           = (1 - H) 2^52, exact
     lo = fma_rn (a, b, u)              = 2^52 + L, exact (below 2^53)
   and the bit patterns of hi and lo minus those of 2^104 and 2^52 are H and L,
   so columns of them add up in 64-bit integers, the constants taken off once at
   the end.  Each thread runs rows of a K-limb by K-limb product, ROUNDS times,
   each round's multiplier limbs taken from the last round's low halves so that
   nothing can be hoisted out of the loop.

   The integer kernel runs the same rows of 64-bit limbs with the mad.lo.cc /
   madc.hi.cc chains of libmpzg's kernels, so one run compares the two pipes
   (bench/results/2026-11-25-h100-fp64-limb-products).

   Build: make -C bench limb-rate (a build configured --with-cuda), or
          nvcc -O3 -gencode arch=compute_90,code=sm_90 -o limb-rate limb-rate.cu
   Run:   ./limb-rate   (checks 2^20 products against 128-bit integers first) */
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda_runtime.h>

typedef unsigned long long u64;

static __device__ __forceinline__ void
split (double a, double b, double &hi, double &lo)
{
  const double c1 = 0x1p104, c12 = 0x1p104 + 0x1p52;
  hi = __fma_rz (a, b, c1);
  lo = __fma_rn (a, b, c12 - hi);
}

/* H and L of n products, for the check. */
__global__ void
check_kernel (const double *a, const double *b, u64 *h, u64 *l, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double hi, lo;
  split (a[i], b[i], hi, lo);
  h[i] = (u64) __double_as_longlong (hi) - (u64) __double_as_longlong (0x1p104);
  l[i] = (u64) __double_as_longlong (lo) - (u64) __double_as_longlong (0x1p52);
}

/* A thread's limbs of a and b (from 1024 columns of the input, so that threads
   share them) and its columns, zero. */
template <int K, class T>
static __device__ __forceinline__ void
start (T (&a)[K], T (&b)[K], u64 (&acc)[2 * K + 1], const T *in, int t)
{
#pragma unroll
  for (int j = 0; j < K; j++)
    {
      a[j] = in[(2 * j) * 1024 + (t & 1023)];
      b[j] = in[(2 * j + 1) * 1024 + (t & 1023)];
    }
#pragma unroll
  for (int j = 0; j <= 2 * K; j++)
    acc[j] = 0;
}

/* The columns folded into one word for the output, so that none is dead code. */
template <int K>
static __device__ __forceinline__ u64
fold (const u64 (&acc)[2 * K + 1])
{
  u64 s = 0;
#pragma unroll
  for (int j = 0; j <= 2 * K; j++)
    s ^= acc[j];
  return s;
}

template <int K>
__global__ void __launch_bounds__ (256)
rows_kernel (const double *in, u64 *out, int rounds)
{
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  double a[K], b[K];
  u64 acc[2 * K + 1];
  start<K> (a, b, acc, in, t);
#pragma unroll 1
  for (int r = 0; r < rounds; r++)
    {
      double last[K];
#pragma unroll
      for (int i = 0; i < K; i++)
#pragma unroll
        for (int j = 0; j < K; j++)
          {
            double hi, lo;
            split (a[i], b[j], hi, lo);
            acc[i + j + 1] += (u64) __double_as_longlong (hi);
            acc[i + j] += (u64) __double_as_longlong (lo);
            if (j == K - 1)
              last[i] = lo;
          }
#pragma unroll
      for (int i = 0; i < K; i++)
        a[i] = last[i] - 0x1p52;        /* L, exact, below 2^52 */
    }
  out[t] = fold<K> (acc);
}

/* The integer counterpart: the same rows of 64-bit limbs by mad.lo.cc/madc.hi.cc
   chains (t[i..i+K] += a_i b), one chain for the low and one for the high words. */
template <int K>
__global__ void __launch_bounds__ (256)
int_rows_kernel (const u64 *in, u64 *out, int rounds)
{
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  u64 a[K], b[K], acc[2 * K + 1];
  start<K> (a, b, acc, in, t);
#pragma unroll 1
  for (int r = 0; r < rounds; r++)
    {
#pragma unroll
      for (int i = 0; i < K; i++)
        {
          asm ("mad.lo.cc.u64 %0, %1, %2, %0;" : "+l"(acc[i]) : "l"(a[i]), "l"(b[0]));
#pragma unroll
          for (int j = 1; j < K; j++)
            asm ("madc.lo.cc.u64 %0, %1, %2, %0;" : "+l"(acc[i + j]) : "l"(a[i]), "l"(b[j]));
          asm ("addc.u64 %0, %0, 0;" : "+l"(acc[i + K]));
          asm ("mad.hi.cc.u64 %0, %1, %2, %0;" : "+l"(acc[i + 1]) : "l"(a[i]), "l"(b[0]));
#pragma unroll
          for (int j = 1; j < K; j++)
            asm ("madc.hi.cc.u64 %0, %1, %2, %0;" : "+l"(acc[i + j + 1]) : "l"(a[i]), "l"(b[j]));
          asm ("addc.u64 %0, %0, 0;" : "+l"(acc[i + K + 1]));
        }
#pragma unroll
      for (int i = 0; i < K; i++)
        a[i] ^= acc[i];
    }
  out[t] = fold<K> (acc);
}

/* Milliseconds of launch (rounds), after one short warm-up launch (4 rounds). */
template <class F>
static float
time_ms (F launch, int rounds)
{
  cudaEvent_t e0, e1;
  cudaEventCreate (&e0);
  cudaEventCreate (&e1);
  launch (4);
  cudaEventRecord (e0);
  launch (rounds);
  cudaEventRecord (e1);
  cudaEventSynchronize (e1);
  float ms;
  cudaEventElapsedTime (&ms, e0, e1);
  return ms;
}

template <int K>
static void
time_int_rows (const u64 *din, u64 *dout, int blocks, int rounds)
{
  float ms = time_ms ([&] (int r) { int_rows_kernel<K><<<blocks, 256>>> (din, dout, r); }, rounds);
  double prods = (double) blocks * 256 * rounds * K * K;
  printf ("int K=%2d: %d blocks of 256, %d rounds: %.3f ms, %.3e 64x64-bit products/s\n", K,
          blocks, rounds, ms, prods / (ms * 1e-3));
}

static double
urand52 ()
{
  u64 x = ((u64) rand () << 40) ^ ((u64) rand () << 20) ^ (u64) rand ();
  return (double) (x & ((1ull << 52) - 1));
}

template <int K>
static void
time_rows (const double *din, u64 *dout, int blocks, int rounds)
{
  float ms = time_ms ([&] (int r) { rows_kernel<K><<<blocks, 256>>> (din, dout, r); }, rounds);
  double prods = (double) blocks * 256 * rounds * K * K;
  double r52 = prods / (ms * 1e-3);
  printf ("fp64 K=%2d: %d blocks of 256, %d rounds: %.3f ms, %.3e products of 52-bit limbs/s "
          "= %.3e 64x64-bit equivalents/s (by bits^2)\n", K, blocks, rounds, ms, r52,
          r52 * (52.0 * 52.0) / (64.0 * 64.0));
}

int
main ()
{
  const int n = 1 << 20;
  double *a = (double *) malloc (n * sizeof *a), *b = (double *) malloc (n * sizeof *b);
  u64 *h = (u64 *) malloc (n * sizeof *h), *l = (u64 *) malloc (n * sizeof *l);
  srand (1);
  for (int i = 0; i < n; i++)
    {
      a[i] = urand52 ();
      b[i] = urand52 ();
    }
  a[0] = b[0] = 0x1p52 - 1;     /* the largest limbs */
  a[1] = 0; b[1] = 0x1p52 - 1;
  double *da, *db;
  u64 *dh, *dl;
  cudaMalloc (&da, n * sizeof *a);
  cudaMalloc (&db, n * sizeof *b);
  cudaMalloc (&dh, n * sizeof *h);
  cudaMalloc (&dl, n * sizeof *l);
  cudaMemcpy (da, a, n * sizeof *a, cudaMemcpyHostToDevice);
  cudaMemcpy (db, b, n * sizeof *b, cudaMemcpyHostToDevice);
  check_kernel<<<n / 256, 256>>> (da, db, dh, dl, n);
  cudaMemcpy (h, dh, n * sizeof *h, cudaMemcpyDeviceToHost);
  cudaMemcpy (l, dl, n * sizeof *l, cudaMemcpyDeviceToHost);
  long bad = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned __int128 p = (unsigned __int128) (u64) a[i] * (u64) b[i];
      if (h[i] != (u64) (p >> 52) || l[i] != (u64) (p & ((1ull << 52) - 1)))
        bad++;
    }
  printf ("check: %d products, %ld wrong\n", n, bad);
  int sms;
  cudaDeviceGetAttribute (&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceProp prop;
  cudaGetDeviceProperties (&prop, 0);
  printf ("device: %s, %d SMs\n", prop.name, sms);
  double *din;
  u64 *dout;
  cudaMalloc (&din, 64 * 1024 * sizeof (double));
  double *hin = (double *) malloc (64 * 1024 * sizeof (double));
  for (int i = 0; i < 64 * 1024; i++)
    hin[i] = urand52 ();
  cudaMemcpy (din, hin, 64 * 1024 * sizeof (double), cudaMemcpyHostToDevice);
  const int blocks = sms * 8;
  cudaMalloc (&dout, (size_t) blocks * 256 * sizeof (u64));
  time_rows<4> (din, dout, blocks, 4000);
  time_rows<8> (din, dout, blocks, 1000);
  time_rows<16> (din, dout, blocks, 250);
  time_int_rows<4> ((const u64 *) din, dout, blocks, 4000);
  time_int_rows<8> ((const u64 *) din, dout, blocks, 1000);
  time_int_rows<16> ((const u64 *) din, dout, blocks, 250);
  cudaError_t e = cudaDeviceSynchronize ();
  printf ("cuda: %s\n", cudaGetErrorString (e));
  return bad != 0 || e != cudaSuccess;
}
