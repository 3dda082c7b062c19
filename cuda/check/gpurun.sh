#!/bin/sh
# usage: gpurun.sh MODE ; run from the repo root on the GPU machine
# The mulk and variant modes compare kernels that only a tuning build has:
#   ../configure --with-cuda NVCCFLAGS=-DMPZG_TUNING_VARIANTS
# (the default build compiles just the variants cuda/tuning.h chose).
export LD_LIBRARY_PATH="$PWD/build-gpu/lib/.libs:$PWD/build-gpu/gpu-libs:$LD_LIBRARY_PATH"
O=${OUT:-/tmp}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $O/device.txt
case "$1" in
  *check*)
    echo "== MPZG_BACKEND=cuda build-gpu/gpucheck check 2"
    MPZG_BACKEND=cuda timeout 200 build-gpu/gpucheck check 2 2>&1 | tee $O/gpucheck.log | tail -6
    echo "== MPZG_BACKEND=cuda CK_FORK=no build-gpu/run-tests.sh build-gpu/tests 't-*'"
    MPZG_BACKEND=cuda CK_FORK=no timeout 200 sh build-gpu/run-tests.sh build-gpu/tests 't-*' > $O/tests.log 2>&1; tail -4 $O/tests.log ;;
esac
case "$1" in
  *time*)
    echo "== MPZG_BACKEND=cuda build-gpu/gpucheck time"
    MPZG_BACKEND=cuda timeout 240 build-gpu/gpucheck time qsweep 2>&1 | tee $O/timing.log ;;
esac
case "$1" in
  *mulk*)
    echo "== mul variants: build-gpu/gpucheck checkmul (block kernel on every size; whole-warp groups; vector loads), mulk qsweep"
    MPZG_BACKEND=cuda MPZG_GPU_MUL_SMALL_MAX=0 timeout 60 build-gpu/gpucheck checkmul 2 > $O/check-blockall.log 2>&1; tail -1 $O/check-blockall.log
    MPZG_BACKEND=cuda MPZG_GPU_MUL_HALF=0 timeout 60 build-gpu/gpucheck checkmul 2 > $O/check-nohalf.log 2>&1; tail -1 $O/check-nohalf.log
    MPZG_BACKEND=cuda MPZG_GPU_MUL_VEC=1 timeout 60 build-gpu/gpucheck checkmul 2 > $O/check-vec.log 2>&1; tail -1 $O/check-vec.log
    MPZG_BACKEND=cuda timeout 200 build-gpu/gpucheck mulk qsweep 2>&1 | tee $O/mulk.log ;;
esac
case "$1" in
  *san*)
    export PATH=$PATH:/usr/local/cuda/bin
    echo "== compute-sanitizer --tool memcheck build-gpu/gpucheck check 0 (reduced)"
    MPZG_BACKEND=cuda GPUCHECK_SMALL=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/gpucheck check 0 > $O/memcheck.log 2>&1; echo rc=$?; tail -3 $O/memcheck.log
    echo "== compute-sanitizer --tool racecheck build-gpu/gpucheck check 0 (reduced)"
    MPZG_BACKEND=cuda GPUCHECK_SMALL=1 timeout 200 compute-sanitizer --tool racecheck --error-exitcode 9 build-gpu/gpucheck check 0 > $O/racecheck.log 2>&1; echo rc=$?; tail -3 $O/racecheck.log ;;
esac
