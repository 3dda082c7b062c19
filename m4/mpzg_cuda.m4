# SPDX-License-Identifier: LGPL-3.0-or-later
# mpzg_cuda.m4 -- find nvcc and the CUDA runtime for libmpzg.
#
# MPZG_CHECK_CUDA
#   --with-cuda[=DIR]   use CUDA (default: look for nvcc in PATH, then /usr/local/cuda)
#   --without-cuda      build the CPU-only library
#   --with-cuda-arch=A  nvcc -gencode list (default: sm_90 machine code plus compute_90 PTX)
# Sets have_cuda=yes|no, NVCC, NVCCFLAGS, CUDA_CPPFLAGS, CUDA_LDFLAGS, CUDA_LIBS,
# cuda_summary, and defines HAVE_CUDA.
AC_DEFUN([MPZG_CHECK_CUDA], [
  AC_ARG_WITH([cuda],
    [AS_HELP_STRING([--with-cuda@<:@=DIR@:>@],
      [build the GPU path with the CUDA Toolkit in DIR (default: nvcc from PATH, then /usr/local/cuda)])],
    [with_cuda=$withval], [with_cuda=check])
  AC_ARG_WITH([cuda-arch],
    [AS_HELP_STRING([--with-cuda-arch=GENCODE],
      [nvcc code generation flags (default: -gencode=arch=compute_90,code=sm_90 -gencode=arch=compute_90,code=compute_90)])],
    [cuda_arch=$withval],
    [cuda_arch="-gencode=arch=compute_90,code=sm_90 -gencode=arch=compute_90,code=compute_90"])
  AC_ARG_VAR([NVCC], [CUDA compiler])
  AC_ARG_VAR([NVCCFLAGS], [extra flags for the CUDA compiler])

  have_cuda=no
  cuda_summary="no (CPU-only library)"
  AS_IF([test "x$with_cuda" != xno], [
    cuda_path=
    AS_CASE([$with_cuda],
      [yes|check], [
        AS_IF([test -z "$NVCC"], [AC_PATH_PROG([NVCC], [nvcc], [], [$PATH:/usr/local/cuda/bin])])],
      [
        cuda_path=$with_cuda
        AS_IF([test -z "$NVCC"], [AC_PATH_PROG([NVCC], [nvcc], [], [$with_cuda/bin])])])
    AS_IF([test -n "$NVCC"], [
      AS_IF([test -z "$cuda_path"], [cuda_path=`dirname "$NVCC"`; cuda_path=`dirname "$cuda_path"`])
      CUDA_CPPFLAGS="-I$cuda_path/include"
      cuda_libdir=
      for d in "$cuda_path/lib64" "$cuda_path/lib" "$cuda_path/targets/x86_64-linux/lib"; do
        AS_IF([test -f "$d/libcudart_static.a"], [cuda_libdir=$d; break])
      done
      AS_IF([test -n "$cuda_libdir"], [
        CUDA_LDFLAGS="-L$cuda_libdir"
        dnl The static runtime: the GPU machine needs only its driver.
        CUDA_LIBS="-lcudart_static -lrt -ldl -lstdc++"
        AC_MSG_CHECKING([whether $NVCC compiles for $cuda_arch])
        cat > conftest.cu <<_MPZG_EOF
__global__ void k(int *p) { p[[threadIdx.x]] = 1; }
int main() { k<<<1, 1>>>(0); return 0; }
_MPZG_EOF
        AS_IF([$NVCC $cuda_arch -c conftest.cu -o conftest.$OBJEXT >&AS_MESSAGE_LOG_FD 2>&1],
          [AC_MSG_RESULT([yes]); have_cuda=yes], [AC_MSG_RESULT([no])])
        rm -f conftest.cu conftest.$OBJEXT
      ])
    ])
    AS_IF([test "$have_cuda" = no && test "x$with_cuda" != xcheck],
      [AC_MSG_ERROR([--with-cuda was given but no working nvcc and libcudart_static were found])])
  ])
  AS_IF([test "$have_cuda" = yes], [
    AC_DEFINE([HAVE_CUDA], [1], [Define to 1 to build the CUDA path.])
    cuda_version=`$NVCC --version | sed -n 's/.*release \([[0-9.]]*\).*/\1/p'`
    cuda_summary="yes, CUDA $cuda_version ($NVCC $cuda_arch)"
  ], [CUDA_CPPFLAGS= CUDA_LDFLAGS= CUDA_LIBS=])
  NVCC_ARCH=$cuda_arch
  AC_SUBST([NVCC_ARCH])
  AC_SUBST([CUDA_CPPFLAGS])
  AC_SUBST([CUDA_LDFLAGS])
  AC_SUBST([CUDA_LIBS])
])
