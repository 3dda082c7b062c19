#!/bin/sh
# check-batch-gcd.sh -- batch-gcd finds exactly the planted weak moduli, and its
# libmpzg trees agree with plain GMP loops; once on a generated set, once on the
# same set read back from a file (the '# weak:' line says what to expect).
set -e
prog=./batch-gcd$EXEEXT
$prog --count 300 --bits 512 --check --compare --quiet
$prog --count 301 --bits 256 --seed 7 --generate > check-batch-gcd.txt
$prog --check --compare check-batch-gcd.txt
$prog --check --hex --quiet - < check-batch-gcd.txt
rm -f check-batch-gcd.txt
