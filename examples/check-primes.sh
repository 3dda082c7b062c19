#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# check-primes.sh -- primes' batched verdicts equal mpz_probab_prime_p's on
# random odd numbers of many sizes and on numbers chosen to take every path of
# the strong test; the primes it finds are primes of the size asked, and its
# output reads back; then the input and options it refuses.
set -e
prog=./primes$EXEEXT
txt=check-primes.txt
out=check-primes.out
err=check-primes.err

# Random odd numbers, from those GMP knows at once to sizes of several words.
for bits in 2 10 16 33 64 100 256 1000; do
  $prog --count 300 --bits $bits --check --quiet > $out
  grep "^# all 300 verdicts agree with mpz_probab_prime_p (reps 25)$" $out > /dev/null
done
$prog --count 2000 --bits 512 --reps 30 --check --compare --quiet > $out
grep "^# all 2000 verdicts agree" $out > /dev/null
# Every number from 990 to 1100: trial division's last primes and those just
# above, which must not divide themselves out.
awk 'BEGIN { for (i = 990; i <= 1100; i++) print i }' > $txt
$prog --check --quiet $txt > $out
grep "^# 111 numbers, 18 probable primes; " $out > /dev/null

# Chosen numbers: trial division (0 to 1729, 561 and 1729 Carmichael numbers);
# a Carmichael number without a factor below 1000 that fails the strong test
# by reaching 1 in its squarings; a strong pseudoprime to the bases 2 to 23
# (passes the batched test, GMP says composite); primes k 2^s + 1 with s = 64
# and 200 (-1 only after many squarings), in hexadecimal and decimal; the
# Mersenne primes 2^127 - 1 and 2^521 - 1; a product of two of these primes.
cat > $txt <<'NUMBERS'
0
1
2
3
4
561
1729
65537
# 1237 * 2473 * 3709
11346205609
# 149491 * 747451 * 34233211
3825123056546413051
0x190000000000000001
72312211991654562399388294155352317113499134720225677588561921
170141183460469231731687303715884105727

0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
12303285326904442074595325027536620180039265836782665392495571537041816763852222165099339659050221567
NUMBERS
$prog --check --progress $txt > $out 2> $err
# The batched test saw the 8 odd numbers above 1000 without a smaller factor,
# and passed the 5 primes and the strong pseudoprime.
grep "strong test to base 2: .* 8 numbers, 6 passed" $err > /dev/null
grep "^# read 15 numbers from $txt$" $out > /dev/null
grep "^# 15 numbers, 7 probable primes; " $out > /dev/null
grep "^# all 15 verdicts agree" $out > /dev/null
grep -v "^#" $out > $err
printf '%s\n' 2 3 65537 461168601842738790401 \
  72312211991654562399388294155352317113499134720225677588561921 \
  170141183460469231731687303715884105727 \
  6864797660130609714981900799081393217269435300143305409394463459185543183397656052122559640661454554977296311391480858037121987999716643812574028291115057151 \
  | cmp - $err

# Random primes: 16 bits with the twelve bases (deterministic there), larger
# with the default two and with one; the output of one reads back as primes,
# in decimal and in hexadecimal.
$prog --random 100 --bits 16 --rounds 12 --check --quiet > $out
grep "^# all 100 are primes of 16 bits" $out > /dev/null
$prog --random 300 --bits 64 --check --compare --quiet > $out
grep "^# all 300 are primes of 64 bits" $out > /dev/null
$prog --random 40 --bits 521 --rounds 1 --check > $txt
grep "^# all 40 are primes of 521 bits" $txt > /dev/null
$prog --check --quiet $txt > $out
grep "^# 40 numbers, 40 probable primes; " $out > /dev/null
$prog --random 30 --bits 100 --hex > $txt
$prog --hex --check --quiet - < $txt > $out
grep "^# 30 numbers, 30 probable primes; " $out > /dev/null

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

printf '15\n12 34\n' > $txt
refused "primes: $txt:2: '12 34' is not one decimal integer" $prog --quiet $txt
printf '# a comment\n\n15\n-21\n' > $txt
refused "primes: $txt:4: '-21' is not one decimal integer" $prog --quiet $txt
printf '15\n0x\n' > $txt
refused "primes: $txt:2: '0x' is not one decimal integer" $prog --quiet $txt
printf '15\n21g\n' > $txt
refused "primes: $txt:2: '21g' is not one hexadecimal integer" $prog --quiet --hex $txt
refused "primes: .: is a directory" $prog --quiet .
refused "primes: check-primes.none: No such file or directory" $prog --quiet check-primes.none
refused "primes: unrecognized option '--bogus'" $prog --bogus
refused "primes: --count: '1e3' is not a number" $prog --count 1e3
refused "primes: --bits: a number from 2" $prog --bits 1
refused "primes: --bits: a number from 16" $prog --random 5 --bits 15
refused "primes: --random: at least 1 prime" $prog --random 0
refused "primes: --rounds: a number from 1 to 64" $prog --random 5 --rounds 65
refused "primes: --reps: a number from 1" $prog --reps 0
refused "primes: --random makes its own primes" $prog --random 5 $txt
refused "primes: one FILE at most" $prog $txt $txt

$prog --help > $out
grep -F "Usage: primes [OPTION]... [FILE]" $out > /dev/null
grep -F "lines counted from 1" $out > /dev/null
$prog --version | grep "^primes (libmpzg) [0-9]*\.[0-9]*\.[0-9]*$" > /dev/null

rm -f $txt $out $err
