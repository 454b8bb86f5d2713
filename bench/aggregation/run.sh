#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On a GPU machine: builds every variant lower.sh wrote (the aggregated ones
# twice: timed, and with CDP_AGGREGATE_STATS for the launch counts and the
# buffer's memory) and the flat programs (bench.cuh), runs them in the same
# run, and prints the tables of docs/benchmarks.md (times are ratios to
# native, or to the best flat program, of this run).
# usage: run.sh <dir of lower.sh> <runtime include dir>
set -euo pipefail
dir=$(cd "$1" && pwd) include=$2
nvcc=${NVCC:-nvcc}
flags=(-rdc=true -arch=sm_90 -std=c++17 -O3 -I"$include" -I"$dir" -lcudadevrt)
cd "$dir"
# PROGRAMS and VARIANTS narrow a run (stats variants end in .stats; a
# variant ending in .inturn is built with -DCDP_SERIAL_IN_TURN).
programs=${PROGRAMS:-"bfs spmv bezier quadtree mandelbrot sssp"}
variants=${VARIANTS:-"native lowered warp block grid thresh threshblock coarse threshcoarse optimize warp.stats block.stats grid.stats flat1 flat2 byhand"}
build() { # <source> <output> <extra flags>...
  local source=$1 output=$2
  shift 2
  local stream=()
  [[ $source == *_default.* ]] && stream=(-DCDP_BENCH_STREAM=0)
  "$nvcc" "${flags[@]}" "${stream[@]}" "$@" "$source" -o "$output"
}
for program in $programs; do
  for copy in $program ${program}_default; do
    for variant in $variants; do
      # The flat programs (bench.cuh) do not depend on the children's
      # stream: built once, from the program as written.
      if [[ $variant == flat* ]]; then
        [[ $copy == *_default ]] ||
          build "$copy.flat.cu" "$copy.$variant" -DCDP_BENCH_FLAT=${variant#flat} &
      elif [[ $variant == byhand ]]; then
        # The children's work by the launching warp, by hand (bench.cuh),
        # where the program has it.
        [[ $copy == *_default ]] || ! grep -q CDP_BENCH_CHILDREN_BY_HAND "$copy.flat.cu" ||
          build "$copy.flat.cu" "$copy.$variant" -DCDP_BENCH_CHILDREN_BY_HAND=1 &
      elif [[ $variant == *.stats ]]; then
        build "$copy.${variant%.stats}.cu" "$copy.$variant" -DCDP_AGGREGATE_STATS &
      elif [[ $variant == *.inturn ]]; then
        # The serial runs' schedule before packing (cdp/launch.cuh).
        build "$copy.${variant%.inturn}.cu" "$copy.$variant" -DCDP_SERIAL_IN_TURN &
      else
        build "$copy.$variant.cu" "$copy.$variant" &
      fi
    done
  done
done
wait
# RESULTS: where the lines go as they come (a run cut short keeps them).
results=${RESULTS:-results.txt}
: > "$results"
for program in $programs; do
  for copy in $program ${program}_default; do
    for variant in $variants; do
      [[ -x ./$copy.$variant ]] || continue
      # The program prints its own name; the default-stream copy's is
      # renamed so that the table keeps the two apart.
      # ARGS_<program>, else ARGS: the largest and the smallest size to
      # run (each program's own list; by default its sizes up to the
      # largest native runs; filled.sh sets them).
      args_of=ARGS_$program
      # shellcheck disable=SC2086
      # An --instrument build writes its launch counts there.
      CDP_PROFILE_FILE="$dir/$copy.$variant.profile.json" \
        timeout "${LIMIT:-300}" "./$copy.$variant" ${!args_of:-${ARGS:-}} 2>&1 |
        sed "s/^$program /$copy /; s/^/$variant /" >> "$results" ||
        echo "$copy.$variant failed" >&2
    done
  done
done
cat "$results"
pattern="^[a-z0-9.]+ [a-z_]+ [0-9]"
grep -v -E "$pattern" "$results" >&2 || true
grep -E "$pattern" "$results" > clean.txt
python3 table.py clean.txt
