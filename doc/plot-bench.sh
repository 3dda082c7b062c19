#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# plot-bench.sh -- charts from a libmpzg benchmark CSV: for each op, throughput
# (elements per second) against operand size (bits, log axis) for libmpzg end
# to end, kernels only, GMP on all cores and GMP on one core.
#
# Usage: plot-bench.sh CSV OUTDIR [GNUPLOT]
# The CSV has the header
#   device,op,bits,count,gmp_1core_us,gmp_allcores_us,mpzg_e2e_us,mpzg_kernel_us,transfer_floor_us,valid
# with empty fields where a quantity was not measured.  Rows whose valid field
# is not 1/yes/true/ok are left out.  Where one (device, op, bits) has several
# counts, the largest count is plotted.  Writes OUTDIR/OP.png (OUTDIR/DEVICE-OP.png
# when the CSV holds several devices).
set -e
csv=$1
out=$2
gnuplot=${3:-gnuplot}
if test -z "$csv" || test -z "$out"; then
  echo "usage: $0 CSV OUTDIR [GNUPLOT]" >&2
  exit 2
fi
if test ! -r "$csv"; then
  echo "$0: cannot read $csv" >&2
  exit 1
fi
header='device,op,bits,count,gmp_1core_us,gmp_allcores_us,mpzg_e2e_us,mpzg_kernel_us,transfer_floor_us,valid'
first=`sed -n '1{s/\r$//;p;}' "$csv"`
if test "x$first" != "x$header"; then
  echo "$0: $csv: unexpected header" >&2
  echo "  got:      $first" >&2
  echo "  expected: $header" >&2
  exit 1
fi
mkdir -p "$out"
tmp=`mktemp -d "${TMPDIR:-/tmp}/mpzg-plot.XXXXXX"`
trap 'rm -rf "$tmp"' 0

# One data file per (device, op): bits, then elements per second for e2e,
# kernel, GMP all cores, GMP one core ("NaN" where not measured).
awk -F, -v tmp="$tmp" '
  function rate(us, n) { return (us == "" || us + 0 <= 0) ? "NaN" : sprintf("%.6g", n / (us * 1e-6)) }
  NR == 1 { next }
  { sub(/\r$/, "") }
  NF < 10 { next }
  { v = tolower($10); if (v != "1" && v != "yes" && v != "true" && v != "ok") next }
  {
    key = $1 SUBSEP $2 SUBSEP ($3 + 0)
    if (key in cnt && cnt[key] >= $4 + 0) next
    cnt[key] = $4 + 0
    line[key] = ($3 + 0) " " rate($7, $4) " " rate($8, $4) " " rate($6, $4) " " rate($5, $4)
    devop[$1 SUBSEP $2] = 1
  }
  END {
    nd = 0
    for (k in devop) { split(k, p, SUBSEP); if (!(p[1] in seen)) { seen[p[1]] = 1; nd++ } }
    for (k in line) {
      split(k, p, SUBSEP)
      name = (nd > 1 ? p[1] "-" : "") p[2]
      gsub(/[^A-Za-z0-9_.-]/, "_", name)
      f = tmp "/" name ".dat"
      print line[k] | ("sort -n > \"" f "\"")
      # mpzg-bench names a GPU as "ORDINAL: NAME"; the chart names the model.
      dev = p[1]
      sub(/^[0-9]+: */, "", dev)
      title[name] = p[2] " on " dev
    }
    for (n in title) print n "\t" title[n] > (tmp "/index")
  }' "$csv"

if test ! -s "$tmp/index"; then
  echo "$0: $csv: no valid rows" >&2
  exit 1
fi
# pngcairo where gnuplot has it, the plain png terminal otherwise.
if "$gnuplot" -e 'set terminal pngcairo' </dev/null >/dev/null 2>&1; then
  term='pngcairo size 900,600 noenhanced'
else
  term='png size 900,600 noenhanced'
fi
src=`basename "$csv"`
while IFS='	' read -r name title; do
  dat="$tmp/$name.dat"
  png="$out/$name.png"
  # Only the series that have at least one measured point.
  plot=`awk -v dat="$dat" '
    { for (c = 2; c <= 5; c++) if ($c != "NaN") has[c] = 1 }
    END {
      t[2] = "libmpzg end to end"; t[3] = "libmpzg kernels only"
      t[4] = "GMP, all cores"; t[5] = "GMP, one core"
      s = ""
      for (c = 2; c <= 5; c++) if (c in has)
        s = s (s == "" ? "" : ", ") "\x27" dat "\x27 using 1:" c " with linespoints" (c == 5 ? " dashtype 2" : "") " title \x27" t[c] "\x27"
      print s
    }' "$dat"`
  if test -z "$plot"; then
    echo "$0: $name: nothing measured, no chart" >&2
    continue
  fi
  "$gnuplot" <<EOF_GP
set terminal $term
set output '$png'
set datafile missing 'NaN'
set title '$title (from $src)'
set xlabel 'operand size (bits)'
set ylabel 'throughput (elements per second)'
set logscale x 2
set logscale y 10
# Powers of two as 2^k: written out, 262144 and 1048576 run into each other.
set format x '2^%L'
set xtics 1, 2
set offsets graph 0.03, graph 0.03, 0, 0
set grid
set key outside below
plot $plot
EOF_GP
  echo "wrote $png"
done < "$tmp/index"
