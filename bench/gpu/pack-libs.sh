#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# pack-libs.sh DEST FILE... -- copy into DEST the shared libraries that the
# programs FILE... load (as ldd lists them), so that a machine that has only a
# C library and a GPU driver can run them with LD_LIBRARY_PATH=DEST.  The C
# library, the C++ runtime, libgcc and the NVIDIA driver's libraries stay out:
# the target machine has its own, and mixing them with ours breaks programs.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 DEST FILE..." >&2; exit 2; }
dest=$1; shift
mkdir -p "$dest"
for f in "$@"; do
  [ -f "$f" ] || continue
  ldd "$f" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'
done | sort -u | while read -r lib; do
  case $(basename "$lib") in
    libc.so*|libm.so*|libdl.so*|librt.so*|libpthread.so*|ld-linux*|libstdc++.so*|libgcc_s.so*|libcuda.so*|libnvidia*) ;;
    *) cp -L "$lib" "$dest/" ;;
  esac
done
