#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# check-port.sh -- the ported loop agrees with the original; its options and a
# bad argument.
set -e
prog=./port$EXEEXT
$prog 1
$prog 3000
$prog --help | grep -F "Usage: port [OPTION] [COUNT]" > /dev/null
$prog --version | grep "^port (libmpzg) [0-9]*\.[0-9]*\.[0-9]*$" > /dev/null
for args in "--bogus" "5x" "1 2"; do
  st=0
  $prog $args > /dev/null 2> check-port.err || st=$?
  if test $st -ne 2 || ! grep "^port: " check-port.err > /dev/null \
     || grep -F "lt-" check-port.err > /dev/null; then
    echo "FAIL: port $args: exit status $st (want 2), stderr:"
    cat check-port.err
    exit 1
  fi
done
rm -f check-port.err
