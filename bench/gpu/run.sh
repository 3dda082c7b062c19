#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# run.sh BUNDLE [tests] [tests-one-thread] [sanitize] [bench] [bench-quick] [examples]
#        [batch-gcd-2048] [table] --
# on the GPU machine, from the repository root: run what bundle.sh gathered and write
# the logs under $OUT (or /tmp).
#   tests     the Check suites, t-gpu and t-gpu-div (every size class edge, mixed
#             GPU/CPU batches, a failing GPU) and the kernel tests of tests/mpn, with
#             MPZG_BACKEND=cuda (a green run proves the kernels ran)
#   tests-one-thread  the suites that drive the GPU families (t-api, t-arith, t-div,
#             t-div-long, t-gcd, t-powm, t-gpu, t-gpu-div, t-gpu-gcd, t-gpu-powm,
#             t-gpu-mul-huge) with
#             MPZG_THREADS=1 as well: a team of one thread takes paths that the
#             all-cores runs never take (long products came back wrong there once)
#   sanitize  t-arith and the kernel tests under compute-sanitizer memcheck and racecheck,
#             reduced repetitions
#   bench     mpzg-bench for add, sub, mul at 2^6..2^20 bits, 2^30 bits per operand array
#             (bench.csv), then the divisions (tdiv_qr with divisors of bits/2, 64 and
#             bits - 64 bits, mod, divexact) at 2^8..2^18 bits (bench-div.csv): rows
#             above the GPU's largest division run on the CPU, still checked
#   bench-quick  the same, fewer sizes and smaller arrays
#   examples  batch-gcd --compare (auto backend, MPZG_VERBOSE=1) and poly
#   batch-gcd-2048  batch-gcd --compare --check on 50,000 generated moduli of 2,048 bits
#             (auto backend, MPZG_VERBOSE=1): times in total and per step of the trees
#   table     the rows of bench/results/current-<device>.csv (the README's and the
#             manual's table): the six mpzg-bench commands that make it (with
#             MPZG_BACKEND=cuda but the long divisions and powm, in auto mode, as
#             the table's rows were measured; more than 10 minutes in all), each to
#             table-N.csv and table-N.txt, then table.csv, their rows under one
#             header; TABLE_CMDS (for example "5 6" or "5,6") runs only those of the six;
#             TABLE_ARGS (for example "-q -t 20 -b 1024", a smoke test) is
#             added to each command
set -u
b=${1:?usage: run.sh BUNDLE [tests] [sanitize] [bench]}; shift
b=$(cd "$b" && pwd)
o=${OUT:-/tmp}
export LD_LIBRARY_PATH="$b/lib:$b/gpu-libs:${LD_LIBRARY_PATH:-}"
export PATH="$PATH:/usr/local/cuda/bin"
rc=0
date -u '+%Y-%m-%d %H:%M UTC' | tee "$o/device.txt"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv,noheader | tee -a "$o/device.txt"
for what in "$@"; do
  case $what in
    tests)
      echo "== MPZG_BACKEND=cuda CK_FORK=no run-tests.sh $b/tests"
      MPZG_BACKEND=cuda CK_FORK=no TEST_TIME_LIMIT=400 sh "$b/run-tests.sh" "$b/tests" > "$o/tests.log" 2>&1 || rc=1
      grep -E '^[0-9]+%:|passed' "$o/tests.log" ;;
    tests-one-thread)
      for t in t-api t-arith t-div t-div-long t-gcd t-powm t-gpu t-gpu-div t-gpu-gcd t-gpu-powm \
               t-gpu-mul-huge; do
        [ -x "$b/tests/$t" ] || continue
        echo "== MPZG_THREADS=1 MPZG_BACKEND=cuda $t"
        MPZG_THREADS=1 MPZG_BACKEND=cuda CK_FORK=no timeout 400 "$b/tests/$t" \
          > "$o/one-thread-$t.log" 2>&1 || rc=1
        grep -E '^[0-9]+%:' "$o/one-thread-$t.log"
      done ;;
    sanitize)
      # the suites' GPU path (t-arith), then each kernel family directly (tests/mpn):
      # racecheck matters for the kernels that share memory (mul grp, block and NTT,
      # the block shapes of division, gcd and powm); it instruments every shared
      # access, so it runs each kernel shape once on a few instances (MPZG_TEST_REPS
      # below 0.5, see tests/mpn/mpn-shared.h)
      for tool in memcheck racecheck; do
        reps=1
        [ $tool = racecheck ] && reps=0.25
        for t in t-arith t-addsub-small t-addsub-warp t-mul-small t-mul-grp t-mul-block t-mul-ntt t-mul-grid t-divrem t-divexact t-bingcd t-gcdext t-gcdext-norm t-montpowm; do
          [ -x "$b/tests/$t" ] || continue
          echo "== compute-sanitizer --tool $tool $t (MPZG_TEST_REPS=$reps)"
          MPZG_BACKEND=cuda CK_FORK=no MPZG_TEST_REPS=$reps compute-sanitizer --tool $tool \
            --error-exitcode 9 "$b/tests/$t" > "$o/$tool-$t.log" 2>&1 || rc=1
          tail -1 "$o/$tool-$t.log"
        done
      done
      cat "$o"/memcheck-*.log > "$o/memcheck.log"; cat "$o"/racecheck-*.log > "$o/racecheck.log"
      rm -f "$o"/memcheck-*.log "$o"/racecheck-*.log ;;
    bench|bench-quick)
      args="-O add,sub,mul"
      [ "$what" = bench-quick ] && args="$args -t 26 -b 256,1024,4096,16384,65536"
      echo "== mpzg-bench $args"
      (cd "$o" && "$b/bin/mpzg-bench" $args -o bench.csv > bench.txt 2>&1) || rc=1
      tail -45 "$o/bench.txt"
      dargs="-O tdiv_qr,tdiv_qr_d64,tdiv_qr_dn64,mod,divexact"
      if [ "$what" = bench-quick ]; then
        dargs="$dargs -t 24 -b 1024,2048,4096"
      else
        dargs="$dargs -b 256,512,1024,2048,4096,8192,16384,32768,65536,131072,262144"
      fi
      echo "== mpzg-bench $dargs"
      (cd "$o" && "$b/bin/mpzg-bench" $dargs -o bench-div.csv > bench-div.txt 2>&1) || rc=1
      grep -E '^(tdiv|mod|divex|#.*mismatch|!!)' "$o/bench-div.txt" | tail -120 ;;
    examples)
      echo "== MPZG_VERBOSE=1 batch-gcd -n 10000 --compare --check"
      MPZG_VERBOSE=1 "$b/bin/batch-gcd" -n 10000 --compare --check > "$o/batch-gcd.log" 2>&1 || rc=1
      grep -v '^mpzg:' "$o/batch-gcd.log" | tail -12
      echo "   (dispatch lines: $(grep -c 'on GPU' "$o/batch-gcd.log"); with a GPU share: $(grep -c -v ': 0 on GPU' "$o/batch-gcd.log"))"
      echo "== poly"
      "$b/bin/poly" > "$o/poly.log" 2>&1 || rc=1
      tail -4 "$o/poly.log" ;;
    batch-gcd-2048)
      echo "== MPZG_VERBOSE=1 batch-gcd -n 50000 -b 2048 --compare --check --progress"
      MPZG_VERBOSE=1 "$b/bin/batch-gcd" -n 50000 -b 2048 --compare --check --progress \
        > "$o/batch-gcd-2048.log" 2>&1 || rc=1
      grep -v -e '^mpzg:' -e '^modulus ' -e '^  ' "$o/batch-gcd-2048.log" | tail -20
      echo "   (mod levels with a GPU share: $(grep 'mod_n' "$o/batch-gcd-2048.log" | grep -c -v ': 0 on GPU'))" ;;
    table)
      # whether TABLE_CMDS (numbers separated by spaces or commas) names command $1
      wanted () { case " $(echo "${TABLE_CMDS:-1 2 3 4 5 6}" | tr ',' ' ') " in *" $1 "*) return 0 ;; esac; return 1; }
      rm -f "$o"/table.csv "$o"/table-[0-9]*.csv "$o"/table-[0-9]*.txt
      n=0
      # backend:arguments; the long divisions and powm in auto mode, as measured
      for cmd in \
          "cuda:-R -O add,sub,mul -b 64,256,1024,4096,16384,32768,65536,131072,262144,1048576,4194304" \
          "cuda:-O mul1 -b 1048576,16777216,268435456,1073741824" \
          "cuda:-R -O tdiv_qr,mod,divexact,tdiv_qr_d64,tdiv_qr_dn64 -b 1024,4096,16384,65536,262144" \
          "auto:-R -O tdiv_qr,mod -b 1048576,2097152,4194304,8388608,16777216 -t 28 -G 16" \
          "cuda:-R -O gcd,gcdext,invert,invert_even -b 256,1024,4096,16384,65536" \
          "auto:-R -O powm,powm_65537 -b 512,1024,2048,4096"; do
        n=$((n + 1))
        be=${cmd%%:*}; cmd=${cmd#*:}
        wanted "$n" || continue
        echo "== MPZG_BACKEND=$be mpzg-bench $cmd ${TABLE_ARGS:-}"
        # shellcheck disable=SC2086 # the arguments are words
        (cd "$o" && MPZG_BACKEND=$be "$b/bin/mpzg-bench" $cmd ${TABLE_ARGS:-} -o "table-$n.csv" \
           > "table-$n.txt" 2>&1) || rc=1
        grep -E '^# [0-9]+ rows?,|^!!' "$o/table-$n.txt"
      done
      : > "$o/table.csv"
      for i in $(seq 1 $n); do
        wanted "$i" || continue
        if [ ! -s "$o/table-$i.csv" ]; then
          echo "   table-$i.csv missing: table.csv incomplete"; rc=1; continue
        fi
        [ -s "$o/table.csv" ] || head -n 1 "$o/table-$i.csv" > "$o/table.csv"
        tail -n +2 "$o/table-$i.csv" >> "$o/table.csv"
      done
      echo "   table.csv: $(grep -c -v '^device,' "$o/table.csv") rows" ;;
    *) echo "unknown step $what"; rc=2 ;;
  esac
done
exit $rc
