#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# ab.sh A B [ROUNDS] -- on the GPU machine, from the repository root: compare two
# bundles (bench/gpu/bundle.sh) of the GPU path end to end, alternating A and B so
# that the host's drift hits both alike.  Writes ab-A-N.txt / ab-B-N.txt under $OUT.
#   MPZG_AB_ARGS  mpzg-bench arguments (default: -E -O mul,add -b 4096,16384,65536 -t 30 -r 5)
set -u
a=${1:?usage: ab.sh A B [ROUNDS]}; b=${2:?usage: ab.sh A B [ROUNDS]}; n=${3:-3}
o=${OUT:-/tmp}
args=${MPZG_AB_ARGS:--E -O mul,add -b 4096,16384,65536 -t 30 -r 5}
i=1
while [ "$i" -le "$n" ]; do
  for x in "$a" "$b"; do
    d=$(cd "$x" && pwd)
    tag=$(basename "$d")
    (cd "$o" && LD_LIBRARY_PATH="$d/lib:$d/gpu-libs" MPZG_BACKEND=cuda \
      "$d/bin/mpzg-bench" $args -o "ab-$tag-$i.csv" > "ab-$tag-$i.txt" 2>&1)
    echo "== $tag round $i: $(grep '^# floors' "$o/ab-$tag-$i.txt" | sed 's/.*host copy/host copy/')"
    awk '/^# rates/ { exit } /^[a-z_]+ +[0-9]+ +[0-9]+ / { print "  " $1, $2, "e2e-us", $6 }' "$o/ab-$tag-$i.txt"
  done
  i=$((i + 1))
done
