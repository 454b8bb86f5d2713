#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On a GPU machine, after lower.sh: the programs at sizes that fill the
# GPU, where the flat programs take 1-67 ms a run on an H100 and native
# CDP does not finish in minutes (docs/benchmarks.md, "At sizes that fill
# the GPU"): --threshold and --optimize against both flat programs, in
# both streams; table.py's last tables. Each program builds its data and
# checks its result on the host, a few seconds a size.
# usage: filled.sh <dir of lower.sh> <runtime include dir>
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ARGS_bfs="30000000 3000000" ARGS_spmv="10000000 3000000"
export ARGS_bezier="10000000 3000000" ARGS_sssp="6000000 2000000"
# Mandelbrot's host check at 32768 pixels a side takes minutes a run.
export PROGRAMS=${PROGRAMS:-"bfs spmv bezier sssp"}
# byhand: the children's work by the launching warp, by hand (bench.cuh).
export VARIANTS=${VARIANTS:-"thresh optimize flat1 flat2 byhand"}
export RESULTS=${RESULTS:-filled.txt}
exec "$here/run.sh" "$@"
