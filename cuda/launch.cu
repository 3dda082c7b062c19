/* launch.cu -- the GPU path's entry for the dispatcher (gpu.h).  No arithmetic
   kernel is wired in yet, so every operation stays on the CPU. */

#include "gpu.h"
#include "mpzg.h"

extern "C" size_t mpzg_gpu_max_limbs (int op) { (void) op; return 0; }

extern "C" int
mpzg_gpu_worthwhile (int op, size_t count, size_t limbs)
{
  (void) op; (void) count; (void) limbs;
  return 0;
}

extern "C" int
mpzg_gpu_run (int op, mpz_t *r, mpz_t *a, mpz_t *b, const size_t *idx, size_t m,
              int ordinal, int threads)
{
  (void) op; (void) r; (void) a; (void) b; (void) idx; (void) m; (void) ordinal; (void) threads;
  return MPZG_EDEVICE;
}

extern "C" int
mpzg_gpu_time_kernel (int op, mpz_t *r, mpz_t *a, mpz_t *b, size_t n, int reps,
                      int ordinal, double *us)
{
  (void) op; (void) r; (void) a; (void) b; (void) n; (void) reps; (void) ordinal; (void) us;
  return MPZG_EDEVICE;
}

extern "C" int
mpzg_gpu_measure_bandwidth (int ordinal, size_t bytes, double *d2d_gbs, double *h2d_gbs,
                            double *d2h_gbs)
{
  (void) ordinal; (void) bytes; (void) d2d_gbs; (void) h2d_gbs; (void) d2h_gbs;
  return MPZG_EDEVICE;
}
