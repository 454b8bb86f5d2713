#!/usr/bin/env bash
# Runs bench/launch_rate.cu built as written and as lowered (interleaved,
# same run) and prints launches/s of both and their ratio lowered/native.
# usage: compare.sh <lowered launch_rate.cu>     (on a machine with a GPU)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
flags=(-rdc=true -arch=sm_90 -std=c++17 -O3 -I"$root/runtime/include" -lcudadevrt)
"$nvcc" "${flags[@]}" "$root/bench/launch_rate.cu" -o "$work/native"
"$nvcc" "${flags[@]}" "$1" -o "$work/lowered"
"$work/native" native > "$work/native.txt"
"$work/lowered" lowered > "$work/lowered.txt"
"$work/native" native > "$work/native2.txt"
"$work/lowered" lowered > "$work/lowered2.txt"
printf "%-16s %-10s %14s %14s %7s %s\n" stream per_thread native/s lowered/s ratio correct
# Best of the two runs of each build.
paste "$work/native.txt" "$work/native2.txt" "$work/lowered.txt" "$work/lowered2.txt" |
awk '{ n = 0; for (i = 1; i <= NF; ++i) if ($i ~ /^launches_per_s=/) { split($i, kv, "="); v[++n] = kv[2] + 0 }
       nat = v[1] > v[2] ? v[1] : v[2]; low = v[3] > v[4] ? v[3] : v[4]
       ok = ($0 ~ /correct=NO/) ? "NO" : "yes"
       printf "%-16s %-10s %14.4e %14.4e %7.3f %s\n", $2, substr($3, 12), nat, low, low / nat, ok }'
