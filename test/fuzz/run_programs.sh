#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On a GPU machine: builds each program that program_fuzz.py --keep wrote,
# as written and as lowered (and, from a run with --aggregate, aggregated
# by warp, block and grid; with --threshold, thresholded alone and over warp
# aggregation; with --coarsen, coarsened alone and under a threshold; with
# --optimize, as --optimize chose; with --instrument, counting its launches
# into a profile), runs every build and compares what it prints
# (every child's hash of its arguments, slot by slot) with the build as
# written.
# usage: run_programs.sh <dir> <runtime include dir>
set -uo pipefail
dir=$1 include=$2
nvcc=${NVCC:-nvcc}
flags=(-rdc=true -arch=sm_90 -std=c++17 -I"$include" -lcudadevrt)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
variants=(lowered warp block grid thresh threshwarp coarse coarsethresh optimize instrument)
build() { # <source> <binary>
  "$nvcc" "${flags[@]}" "$1" -o "$2" > /dev/null 2>&1 || echo "BUILD FAIL $1"
}
for source in "$dir"/program_*.lowered.cu; do
  name=$(basename "$source" .lowered.cu)
  for variant in native "${variants[@]}"; do
    input=$dir/$name.$variant.cu
    [[ $variant == native ]] && input=$dir/$name.cu
    [[ -f $input ]] || continue
    while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n; done
    build "$input" "$work/$name.$variant" &
  done
done
wait
declare -A passed failed
failures=()
unmatched=0
for source in "$dir"/program_*.lowered.cu; do
  name=$(basename "$source" .lowered.cu)
  native=$(timeout 20 "$work/$name.native" 2>&1; echo "exit $?")
  for variant in "${variants[@]}"; do
    [[ -x $work/$name.$variant ]] || continue
    # An --instrument build writes its profile there (and says on stderr,
    # which is compared too, if it cannot).
    other=$(CDP_PROFILE_FILE=$work/$name.$variant.profile.json \
      timeout 20 "$work/$name.$variant" 2>&1; echo "exit $?")
    if [[ $native == "$other" && $native == *": no error"* ]]; then
      passed[$variant]=$((${passed[$variant]:-0} + 1))
    elif [[ $native == "exit 124" && $other == *": no error"* ]]; then
      # Seen with nvcc 13.0 on an H200: the build as written never ends,
      # the lowered one does; there is nothing to compare with.
      unmatched=$((unmatched + 1))
      echo "NATIVE HANGS $name ($variant ran: $(echo "$other" | grep -c ' 0$') of its slots are 0)"
    else
      failed[$variant]=$((${failed[$variant]:-0} + 1))
      failures+=("$name.$variant")
      echo "FAIL $name.$variant"
      diff <(echo "$native") <(echo "$other") | head -5
      echo "$other" | head -2
    fi
  done
done
# Each failure once more, alone after a pause: a build that hangs only
# after another one hung (its context still being torn down) shows here.
# It still counts as a failure.
for build in ${failures[@]+"${failures[@]}"}; do
  sleep 5
  name=${build%.*}
  native=$(timeout 20 "$work/$name.native" 2>&1; echo "exit $?")
  other=$(timeout 20 "$work/$build" 2>&1; echo "exit $?")
  if [[ $native == "$other" ]]; then
    echo "RERUN $build: identical to native"
  else
    echo "RERUN $build: different again ($(echo "$other" | tail -1))"
  fi
done
total_failed=0
for variant in "${variants[@]}"; do
  echo "$variant: ${passed[$variant]:-0} identical to native, ${failed[$variant]:-0} different"
  total_failed=$((total_failed + ${failed[$variant]:-0}))
done
echo "$unmatched comparisons with a native build that hangs"
[[ $total_failed == 0 ]]
