#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# check-exports.sh -- the shared libmpzg exports the functions declared in mpzg.h
# and nothing else (internal functions stay internal: bench/ and the tests reach
# them through the convenience library libmpzgcore.la).
set -u
so=.libs/libmpzg.so
[ -f "$so" ] || { echo "no shared library built: skipped"; exit 77; }
command -v nm >/dev/null 2>&1 || { echo "no nm: skipped"; exit 77; }
hdr=${srcdir:-.}/../include/mpzg.h
want=$(grep -oE 'mpzg_[a-z0-9_]+ +\(' "$hdr" | sed 's/ *($//' | sort -u)
have=$(nm -D --defined-only "$so" | awk '$2 == "T" || $2 == "D" || $2 == "B" || $2 == "R" { print $3 }' | sort -u)
extra=$(printf '%s\n' "$have" | grep -vxF "$want" | grep .)
missing=$(printf '%s\n' "$want" | grep -vxF "$have" | grep .)
[ -n "$extra" ] && printf 'exported but not in mpzg.h: %s\n' $extra
[ -n "$missing" ] && printf 'in mpzg.h but not exported: %s\n' $missing
[ -z "$extra" ] && [ -z "$missing" ] || exit 1
echo "libmpzg.so exports the $(printf '%s\n' "$want" | wc -l) functions of mpzg.h and nothing else"
