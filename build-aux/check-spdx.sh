#!/bin/sh
# SPDX-License-Identifier: LGPL-3.0-or-later
# check-spdx.sh [--fix] [FILE...] -- every source file of libmpzg names its
# licence in one of its first 3 lines:
#   SPDX-License-Identifier: LGPL-3.0-or-later
# Without FILE, checks the files Git tracks (in a Git checkout) or else the
# files of the unpacked tarball, less what the Autotools generate: C, C++ and
# CUDA sources and headers (*.c *.h *.cc *.cu *.cuh *.h.in), shell scripts
# (*.sh, .ci/run), Automake, Autoconf and m4 files (*.am *.ac *.m4).  Lists
# each file that lacks the line and exits 1 if there is any.
#
# --fix inserts the line into each such file instead, in the file's comment
# syntax: /* ... */ for C, C++ and CUDA; # for the others, after the #! line
# of a script.  Run from the top of the source tree.
set -eu

tag='SPDX-License-Identifier: LGPL-3.0-or-later'
fix=no
if [ "${1:-}" = --fix ]; then fix=yes; shift; fi
case ${1:-} in -*) echo "usage: $0 [--fix] [FILE...]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

# The source files, one per line.
sources () {
  if [ -d .git ] || [ -f .git ]; then
    git ls-files
  else
    find . -type f ! -path './.git/*' | sed 's|^\./||'
  fi | while IFS= read -r f; do
    case $f in
      # Written by aclocal, libtoolize, automake or autoconf.
      aclocal.m4|configure|config.h.in|*Makefile.in|m4/libtool.m4|m4/lt*.m4) continue ;;
      build-aux/cudalt.sh|build-aux/check-spdx.sh) ;;
      build-aux/*) continue ;;
      autom4te.cache/*|build*/*|libmpzg-*/*) continue ;;
      # Written by configure, in a build tree inside the sources (make distcheck's).
      _build/*|config.h|*/config.h) continue ;;
    esac
    case $f in
      *.c|*.h|*.cc|*.cu|*.cuh|*.h.in|*.sh|*.am|*.ac|*.m4|.ci/run) printf '%s\n' "$f" ;;
    esac
  done
}

# Inserts the line into file $1.
insert () {
  case $1 in
    *.c|*.h|*.cc|*.cu|*.cuh|*.h.in) line="/* $tag */" ;;
    *) line="# $tag" ;;
  esac
  tmp="$1.spdx-tmp"
  if head -n 1 "$1" | grep -q '^#!'; then
    { head -n 1 "$1"; printf '%s\n' "$line"; tail -n +2 "$1"; } > "$tmp"
  else
    { printf '%s\n' "$line"; cat "$1"; } > "$tmp"
  fi
  # A new file rather than rewriting in place: this script may be among the
  # files, and the shell reads it while it runs.  Scripts stay executable.
  if [ -x "$1" ]; then chmod +x "$tmp"; fi
  mv -f "$tmp" "$1"
}

if [ $# -gt 0 ]; then
  list=$(printf '%s\n' "$@")
else
  list=$(sources)
fi
missing=0
for f in $list; do
  [ -f "$f" ] || { echo "$0: $f: no such file" >&2; exit 2; }
  if head -n 3 "$f" | grep -qF "$tag"; then continue; fi
  if [ $fix = yes ]; then
    insert "$f"
    echo "added: $f"
  else
    echo "no SPDX line: $f"
    missing=$((missing + 1))
  fi
done
if [ $missing -gt 0 ]; then
  echo "$missing file(s) lack '$tag' in their first 3 lines" \
    "(build-aux/check-spdx.sh --fix adds it)" >&2
  exit 1
fi
