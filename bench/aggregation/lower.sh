#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Where clang is: writes each aggregation benchmark as written (native), as
# lowered, and as lowered with --aggregate=warp and =block, into <out>, for
# run.sh to build and time on a GPU machine.
# usage: lower.sh <cdp-lower> <out>
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tool=$1 out=$2
mkdir -p "$out"
cp "$here/bench.cuh" "$here/run.sh" "$here/table.py" "$out/"
for program in bfs spmv bezier quadtree mandelbrot; do
  cp "$here/$program.cu" "$out/$program.native.cu"
  "$tool" "$here/$program.cu" -o "$out/$program.lowered.cu" -- --cuda-gpu-arch=sm_90
  for level in warp block grid; do
    "$tool" --aggregate=$level "$here/$program.cu" -o "$out/$program.$level.cu" \
      -- --cuda-gpu-arch=sm_90
  done
done
