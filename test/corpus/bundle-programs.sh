#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# usage: bundle-programs.sh <sources> <corpus out> <bundle dir>
#
# Gathers what the GPU machine (which has nvcc, no clang) needs to run the
# programs of programs.txt as the project writes them and as run-corpus.sh
# lowered them: the directories of each project the build reads, and each
# variant's lowered file with its header copies, from run-corpus.sh's
# <corpus out>. Then, on the GPU: run-programs.sh <bundle dir> <runtime
# include dir>. A program that nvcc did not build as written (CDP1) is
# compared with its plain lowering, migrated.
set -euo pipefail
[ $# -eq 3 ] || {
  sed -n '4,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
sources=$1 corpus=$2 bundle=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
variants="lowered warp block grid thresh coarse optimize"
mkdir -p "$bundle"
: >"$bundle/entries.txt"
grep -v '^#' "$here/programs.txt" | while read -r project file extra dirs; do
  [ -n "$project" ] || continue
  key=${project/\//+}
  lowered=$corpus/$key/${file//\//+}
  if [ ! -d "$lowered/optimize" ]; then
    echo "not in $corpus: $project $file" >&2
    continue
  fi
  for dir in ${dirs//,/ }; do
    mkdir -p "$bundle/src/$key/$dir"
    cp -r "$sources/$key/$dir/." "$bundle/src/$key/$dir/"
  done
  for variant in $variants; do
    mkdir -p "$bundle/out/$key/${file//\//+}"
    cp -r "$lowered/$variant" "$bundle/out/$key/${file//\//+}/"
  done
  kind=native
  [ -f "$lowered/original.o" ] || kind=migrated
  echo "$key $file $kind $extra" >>"$bundle/entries.txt"
done
cp "$here/run-programs.sh" "$bundle/"
