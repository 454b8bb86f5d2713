#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# usage: run-programs.sh <bundle dir> <runtime include dir>
#
# On the GPU machine, in a bundle that bundle-programs.sh made: builds each
# program as written (nvcc -rdc=true -arch=sm_90) and as each variant
# lowered it, runs every build (20 s each at most, in the program's own
# directory), and compares each variant's output with the original's, or,
# for a migrated CDP1 program, with its plain lowering. The comparison
# sorts the lines (children print in any order) and drops those that
# report times or bandwidths, and the program's own path. Prints one line
# per variant, SAME or DIFF with the first differing lines, and each
# baseline's last lines; bin/ and logs/ keep the builds and outputs.
set -uo pipefail
[ $# -eq 2 ] || {
  sed -n '4,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
runtime=$(readlink -e "$2") || {
  echo "run-programs.sh: no runtime include directory at $2" >&2
  exit 2
}
cd "$1" || exit 2
variants="lowered warp block grid thresh coarse optimize"
mkdir -p bin logs

# build <project> <file> <kind> <extra sources or -> <variant|native>
build() {
  local project=$1 file=$2 kind=$3 extra=$4 variant=$5
  local key=${file//\//+} source sources=() includes
  if [ "$variant" = native ]; then
    [ "$kind" = native ] || return 0
    source=src/$project/$file
  else
    source=out/$project/$key/$variant/$(basename "$file")
  fi
  [ "$extra" = - ] || for e in ${extra//,/ }; do sources+=("src/$project/$e"); done
  includes=$(find "src/$project" \( -name '*.h' -o -name '*.cuh' -o -name '*.hpp' \
    -o -name '*.hu' -o -name '*.hxx' \) -printf '-I%h\n' | sort -u | tr '\n' ' ')
  # shellcheck disable=SC2086 # the includes are words
  nvcc -rdc=true -arch=sm_90 -O2 -w -I"src/$project/$(dirname "$file")" \
    $includes -I"$runtime" "$source" "${sources[@]}" \
    -o "bin/$project.$key.$variant" -lcudadevrt >"logs/$project.$key.$variant.build" 2>&1 ||
    echo "BUILD-FAIL $project $file $variant"
}
export -f build
export runtime

while read -r project file kind extra; do
  for variant in native $variants; do
    echo "$project $file $kind $extra $variant"
  done
done <entries.txt | xargs -P "$(nproc)" -L1 bash -c 'build "$@"' _

# The output as compared: the program's path, times and bandwidths gone,
# the lines sorted.
normalized() {
  sed 's#^[^ ]*/bin/[^ ]*##' "$1" |
    grep -v -i -E 'elapsed|time|ms\b|sec|starting|using device|GB/s|bandwidth|speedup' |
    sort
}

root=$PWD
while read -r project file kind extra; do
  key=${file//\//+} base=native
  [ "$kind" = native ] || base=lowered
  for variant in native $variants; do
    binary=bin/$project.$key.$variant
    [ -x "$binary" ] || continue
    (cd "src/$project/$(dirname "$file")" &&
      timeout 20 "$root/$binary" >"$root/logs/$project.$key.$variant.out" 2>&1
      echo "rc=$?" >>"$root/logs/$project.$key.$variant.out")
  done
  expected=logs/$project.$key.$base.out
  for variant in $variants; do
    got=logs/$project.$key.$variant.out
    [ -f "$got" ] && [ -f "$expected" ] || continue
    if diff <(normalized "$expected") <(normalized "$got") >/dev/null; then
      echo "SAME $project $file $variant (against $base)"
    else
      echo "DIFF $project $file $variant (against $base)"
      diff <(normalized "$expected") <(normalized "$got") | head -6
    fi
  done
  echo "--- $project $file, $base: $(normalized "$expected" | tail -3 | tr '\n' '|')"
done <entries.txt
