#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs bench/pdl_overlap.cu built as written (the pair serialized) and as
# lowered by cdp-lower (the secondary a programmatic dependent launch),
# interleaved in the same run, and prints the time of one pair each way and
# serialized/PDL (above 1: PDL is faster). Each figure is the best of two
# interleaved runs of the program (each the best of 7 timings); "spread" is
# (max - min) / max over the two runs. The checksums must agree.
# usage: pdl_compare.sh <lowered pdl_overlap.cu>   (on a machine with a GPU)
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 <lowered pdl_overlap.cu>" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
flags=(-rdc=true -arch=sm_90 -std=c++17 -O3 -I"$root/runtime/include")
"$nvcc" "${flags[@]}" "$root/bench/pdl_overlap.cu" -o "$work/serialized" &
"$nvcc" "${flags[@]}" "$1" -o "$work/pdl" &
wait
for run in 1 2; do
  "$work/serialized" > "$work/serialized.$run"
  "$work/pdl" > "$work/pdl.$run"
done
printf '%-12s %14s %8s %10s %8s %8s %s\n' row serialized_us spread pdl_us spread ratio checksums
paste "$work/serialized.1" "$work/serialized.2" "$work/pdl.1" "$work/pdl.2" |
awk '{
  for (i = 1; i <= NF; ++i) { split($i, kv, "="); f[i] = kv[2] }
  # Four runs of four fields: row, pair_us, checksum, error.
  s1 = f[2] + 0; s2 = f[6] + 0; p1 = f[10] + 0; p2 = f[14] + 0
  s = s1 < s2 ? s1 : s2; sw = s1 > s2 ? s1 : s2
  p = p1 < p2 ? p1 : p2; pw = p1 > p2 ? p1 : p2
  same = (f[3] == f[11] && f[4] == "cudaSuccess" && f[12] == "cudaSuccess") ? "equal" : "DIFFER(" f[3] " vs " f[11] ")"
  printf "%-12s %14.2f %8.3f %10.2f %8.3f %8.3f %s\n", f[1], s, (sw - s) / sw, p, (pw - p) / pw, s / p, same
}'
