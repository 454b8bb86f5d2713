#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs bench/launch_rate.cu built as written and as lowered (one or more
# lowered variants, e.g. with and without --runtime-checks), interleaved in
# the same run, and prints launches/s of each and its ratio to native. Each
# figure is the best of 7 timings in each of RUNS interleaved runs (default
# 2); "spread" is (max - min) / max over the runs' bests, per build. Passing
# a copy of bench/launch_rate.cu as a variant measures native against
# itself: the noise floor of each row's ratio.
# usage: [RUNS=N] compare.sh <lowered launch_rate.cu> [<other variant>...]
#        (on a machine with a GPU; labels are the files' base names)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
flags=(-rdc=true -arch=sm_90 -std=c++17 -O3 -I"$root/runtime/include" -lcudadevrt)
labels=(native)
"$nvcc" "${flags[@]}" "$root/bench/launch_rate.cu" -o "$work/native" &
for lowered in "$@"; do
  label=$(basename "$lowered" .cu)
  labels+=("$label")
  "$nvcc" "${flags[@]}" "$lowered" -o "$work/$label" &
done
wait
runs=${RUNS:-2}
for run in $(seq "$runs"); do
  for label in "${labels[@]}"; do
    "$work/$label" "$label" > "$work/$label.$run.txt"
  done
done
files=()
for label in "${labels[@]}"; do
  for run in $(seq "$runs"); do files+=("$work/$label.$run.txt"); done
done
header="stream per_thread native/s spread"
for label in "${labels[@]:1}"; do header+=" $label/s ratio spread"; done
echo "$header correct" | awk '{ printf "%-28s %-10s", $1, $2; for (i = 3; i < NF; ++i) printf " %14s", $i; printf " %s\n", $NF }'
paste "${files[@]}" |
awk -v builds="${#labels[@]}" -v runs="$runs" '{
  n = 0
  for (i = 1; i <= NF; ++i) if ($i ~ /^launches_per_s=/) { split($i, kv, "="); v[++n] = kv[2] + 0 }
  printf "%-28s %-10s", $2, substr($3, 12)
  for (b = 0; b < builds; ++b) {
    best[b] = lo = v[runs * b + 1]
    for (r = 2; r <= runs; ++r) {
      x = v[runs * b + r]
      if (x > best[b]) best[b] = x
      if (x < lo) lo = x
    }
    printf " %14.4e", best[b]
    if (b > 0) printf " %14.3f", best[b] / best[0]
    printf " %14.3f", (best[b] - lo) / best[b]
  }
  printf " %s\n", ($0 ~ /correct=NO/) ? "NO" : "yes"
}'
