#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# bundle.sh BUILD DEST -- gather what a GPU machine needs to run libmpzg's test
# suites and benchmark, from BUILD (a build tree configured --with-cuda, on this
# machine), into DEST: the shared library, the real test and bench programs, the
# shared libraries the GPU machine lacks (GMP, subunit, ...), and the scripts.
# The GPU machine needs only its NVIDIA driver and a C library: on it, from the
# repository root, `sh DEST/run.sh DEST tests ...' (see run.sh).
set -eu
build=${1:?usage: bundle.sh BUILD DEST}
dest=${2:?usage: bundle.sh BUILD DEST}
here=$(cd "$(dirname "$0")" && pwd)
make -C "$build" -j2 -s
make -C "$build/tests" -j2 -s check TESTS=
make -C "$build/bench" -s bench
rm -rf "$dest"
mkdir -p "$dest/lib" "$dest/tests" "$dest/bin"
cp -P "$build"/lib/.libs/libmpzg.so* "$dest/lib/"
# The real programs, not libtool's wrapper scripts (tests link with -no-install).
real () { for f in "$@"; do case $f in *.o) continue ;; esac; [ -f "$f" ] && head -c 4 "$f" | grep -q ELF && echo "$f"; done; }
# The suites, t-gpu and the kernel tests of tests/mpn side by side.
# One folder: a name in both would lose one program (a stale program left in the build
# tree after a rename too), so that stops the bundle.
for t in $(real "$build"/tests/t-* "$build"/tests/.libs/t-* "$build"/tests/mpn/t-*); do
  if [ -e "$dest/tests/$(basename "$t")" ]; then
    echo "bundle.sh: two test programs named $(basename "$t") (a stale one in $build?)" >&2
    exit 1
  fi
  cp "$t" "$dest/tests/"
done
cp $(real "$build/bench/.libs/mpzg-bench" "$build/bench/mpzg-bench" | head -1) "$dest/bin/"
cp $(real "$build/bench/.libs/mpzg-ab" "$build/bench/mpzg-ab" | head -1) "$dest/bin/"
# the tuner, when it was built (make -C bench tune)
if [ -e "$build/bench/mpzg-tune" ]; then
  cp $(real "$build/bench/.libs/mpzg-tune" "$build/bench/mpzg-tune" | head -1) "$dest/bin/"
fi
for x in batch-gcd poly primes; do
  cp $(real "$build/examples/.libs/$x" "$build/examples/$x" | head -1) "$dest/bin/"
done
sh "$here/pack-libs.sh" "$dest/gpu-libs" "$dest"/lib/libmpzg.so "$dest"/tests/* "$dest"/bin/*
rm -f "$dest"/gpu-libs/libmpzg.so*
cp "$here/run-tests.sh" "$here/run.sh" "$dest/"
du -sh "$dest"
