#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# run-tests.sh DIR -- run every test program (ELF executable) in DIR, each under
# a time limit of TEST_TIME_LIMIT seconds (default 600), and end with the line
# "N passed, M failed".  Exit status 0 only when at least one ran and all passed.
set -u
dir=${1:?usage: run-tests.sh DIR}
limit=${TEST_TIME_LIMIT:-600}
pass=0; fail=0; failed=
for t in "$dir"/*; do
  [ -f "$t" ] && [ -x "$t" ] || continue
  head -c 4 "$t" | grep -q ELF || continue
  printf '== %s\n' "$(basename "$t")"
  if timeout "$limit" "$t"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); failed="$failed $(basename "$t")"
  fi
done
[ -z "$failed" ] || printf 'failed:%s\n' "$failed"
printf '%d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
