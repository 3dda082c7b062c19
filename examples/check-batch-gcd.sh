#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# check-batch-gcd.sh -- batch-gcd finds exactly the planted weak moduli, and its
# libmpzg trees agree with plain GMP loops; once on a generated set, once on the
# same set read back from a file (the '# weak:' line says what to expect).  Then
# the input it refuses, each with its message, and its options.
set -e
prog=./batch-gcd$EXEEXT
txt=check-batch-gcd.txt
bad=check-batch-gcd.bad
out=check-batch-gcd.out
err=check-batch-gcd.err

$prog --count 300 --bits 512 --check --compare --quiet
$prog --count 301 --bits 256 --seed 7 --generate > $txt
$prog --check --compare $txt
$prog --check --hex --quiet - < $txt

# refused WANT COMMAND...: COMMAND exits with status 2, writes nothing on
# standard output, and says WANT on standard error, under the program's own name.
refused ()
{
  want=$1
  shift
  st=0
  "$@" > $out 2> $err || st=$?
  if test $st -ne 2 || test -s $out || ! grep -F -e "$want" $err > /dev/null \
     || grep -F 'lt-' $err > /dev/null; then
    echo "FAIL: $*: exit status $st (want 2); wanted on stderr: $want"
    echo "stdout:"; cat $out
    echo "stderr:"; cat $err
    exit 1
  fi
}

printf '15\n12 34\n' > $bad
refused "batch-gcd: $bad:2: '12 34' is not one decimal integer" $prog $bad
printf '# a comment\n\n15\n1e10\n' > $bad
refused "batch-gcd: $bad:4: '1e10' is not one decimal integer" $prog $bad
printf '15\n0x\n' > $bad
refused "batch-gcd: $bad:2: '0x' is not one decimal integer" $prog $bad
printf '15\n-21\n' > $bad
refused "batch-gcd: $bad:2: '-21' is not one decimal integer" $prog $bad
printf '15\n1\n' > $bad
refused "batch-gcd: $bad:2: '1' is not a modulus" $prog $bad
printf '15\n21g\n' > $bad
refused "batch-gcd: $bad:2: '21g' is not one hexadecimal integer" $prog --hex $bad
printf '15\n' > $bad
refused "batch-gcd: $bad: 1 moduli; the batch GCD needs two or more" $prog $bad
printf '# weak: 0 x\n15\n21\n' > $bad
refused "batch-gcd: $bad:1: '# weak:' takes indices of moduli (0, 1, ...), not 'x'" $prog $bad
printf '15\n21\n# weak: 0 2\n' > $bad
refused "batch-gcd: $bad:3: '# weak:' names modulus 2, but the moduli are 0 to 1" $prog $bad
# --check without a '# weak:' line: refused before the run
printf '15\n21\n' > $bad
refused "batch-gcd: $bad: --check needs a '# weak:' line" $prog --check $bad
refused "batch-gcd: .: is a directory" $prog .
refused "batch-gcd: check-batch-gcd.none: No such file or directory" $prog check-batch-gcd.none
refused "batch-gcd: unrecognized option '--bogus'" $prog --bogus
refused "batch-gcd: --count: '1e3' is not a number" $prog --count 1e3
refused "batch-gcd: one FILE at most" $prog $txt $txt

# --help says how moduli and lines are counted; --version names both
$prog --help > $out
grep -F "Moduli are numbered from 0" $out > /dev/null
grep -F "lines counted from 1" $out > /dev/null
grep -F "# weak: I J" $out > /dev/null
$prog --version | grep "^batch-gcd (libmpzg) [0-9]*\.[0-9]*\.[0-9]*$" > /dev/null

# Standard error is no terminal here: no progress; with MPZG_VERBOSE=1, the tree's
# lines without the generation's.
MPZG_VERBOSE=0 $prog --count 300 --quiet > $out 2> $err
test ! -s $err
MPZG_VERBOSE=1 $prog --count 300 --quiet > $out 2> $err
grep -F "mpzg: mul_n n=150: " $err > /dev/null
grep -F "batch-gcd: generation: " $err > /dev/null
if grep -F "mpzg: powm_n" $err > /dev/null; then
  echo "FAIL: MPZG_VERBOSE=1 shows the generation's calls"
  exit 1
fi

rm -f $txt $bad $out $err
