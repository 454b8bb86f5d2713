#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On a GPU machine: builds every variant lower.sh wrote (the aggregated ones
# twice: timed, and with CDP_AGGREGATE_STATS for the launch counts and the
# buffer's memory), runs them interleaved in the same run, and prints the
# table of docs/benchmarks.md (times are ratios to native in this run).
# usage: run.sh <dir of lower.sh> <runtime include dir>
set -euo pipefail
dir=$(cd "$1" && pwd) include=$2
nvcc=${NVCC:-nvcc}
flags=(-rdc=true -arch=sm_90 -std=c++17 -O3 -I"$include" -I"$dir" -lcudadevrt)
cd "$dir"
for source in *.native.cu *.lowered.cu *.warp.cu *.block.cu *.grid.cu; do
  "$nvcc" "${flags[@]}" "$source" -o "${source%.cu}" &
done
for source in *.warp.cu *.block.cu *.grid.cu; do
  "$nvcc" "${flags[@]}" -DCDP_AGGREGATE_STATS "$source" -o "${source%.cu}.stats" &
done
wait
: > results.txt
for program in bfs spmv bezier quadtree mandelbrot; do
  for variant in native lowered warp block grid warp.stats block.stats grid.stats; do
    timeout 300 "./$program.$variant" 2>&1 | sed "s/^/$variant /" >> results.txt ||
      echo "$program.$variant failed" >&2
  done
done
cat results.txt
grep -v -E '^[a-z.]+ (bfs|spmv|bezier|quadtree|mandelbrot) ' results.txt >&2 || true
grep -E '^[a-z.]+ (bfs|spmv|bezier|quadtree|mandelbrot) ' results.txt > clean.txt
python3 table.py clean.txt
