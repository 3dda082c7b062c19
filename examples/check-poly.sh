#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# check-poly.sh -- poly's libmpzg chain agrees with the GMP loop, on small batches
# including the empty one and one element; its options and bad arguments.
set -e
prog=./poly$EXEEXT
$prog 0 64
$prog 1 64
$prog 2000 3000 3
$prog --help | grep -F "Usage: poly [OPTION] [COUNT [BITS [SEED]]]" > /dev/null
$prog --version | grep "^poly (libmpzg) [0-9]*\.[0-9]*\.[0-9]*$" > /dev/null
for args in "--bogus" "10 abc" "10 0" "1e3" "1 2 3 4"; do
  st=0
  $prog $args > /dev/null 2> check-poly.err || st=$?
  if test $st -ne 2 || ! grep "^poly: " check-poly.err > /dev/null \
     || grep -F "lt-" check-poly.err > /dev/null; then
    echo "FAIL: poly $args: exit status $st (want 2), stderr:"
    cat check-poly.err
    exit 1
  fi
done
rm -f check-poly.err
