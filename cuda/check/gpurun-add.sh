#!/bin/sh
# run from the repo root on the GPU machine
B=build-addbundle
O=${OUT:-/tmp}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $O/device.txt
echo "== default build: MPZG_BACKEND=cuda gpucheck check 2"
LD_LIBRARY_PATH=$PWD/$B/def:$PWD/$B/gpu-libs MPZG_BACKEND=cuda timeout 80 $B/def/gpucheck check 2 > $O/check-default.log 2>&1; echo rc=$?; tail -4 $O/check-default.log
export LD_LIBRARY_PATH=$PWD/$B/var:$PWD/$B/gpu-libs
for v in 32:4 16:4 8:4 32:2 32:8 old; do
  w=${v%:*}; u=${v#*:}
  if [ $v = old ]; then mn=100000000; else mn=33; fi
  echo "== variants build: checkadd 2, block kernel from 33 limbs, warps=$w unroll=$u"
  MPZG_GPU_ADD_BLOCK_MIN=$mn MPZG_GPU_ADD_BLOCK_WARPS=$w MPZG_GPU_ADD_BLOCK_UNROLL=$u MPZG_BACKEND=cuda timeout 25 $B/var/gpucheck checkadd 2 > $O/check-$w-$u.log 2>&1; echo rc=$?; tail -1 $O/check-$w-$u.log
done
echo "== variants build: addk"
MPZG_BACKEND=cuda timeout 150 $B/var/gpucheck addk 2>&1 | tee $O/addk.log
