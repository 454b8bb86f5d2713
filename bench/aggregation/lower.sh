#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Where clang is: writes each aggregation benchmark as written (native), as
# lowered, and as lowered with --aggregate=warp, =block and =grid, into
# <out>, for run.sh to build and time on a GPU machine; once with the
# children in cudaStreamFireAndForget, once in the default stream
# (<program>_default.*).
# usage: [THRESHOLD=<threads>] [COARSEN=<factor>] lower.sh <cdp-lower> <out>
set -euo pipefail
threshold=${THRESHOLD:-128}
coarsen=${COARSEN:-4}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tool=$1 out=$2
mkdir -p "$out"
cp "$here/bench.cuh" "$here/run.sh" "$here/filled.sh" "$here/table.py" "$out/"
for program in bfs spmv bezier quadtree mandelbrot sssp; do
  cp "$here/$program.cu" "$out/$program.native.cu"
  cp "$here/$program.cu" "$out/$program.flat.cu" # -DCDP_BENCH_FLAT=1 or 2
  "$tool" "$here/$program.cu" -o "$out/$program.lowered.cu" -- --cuda-gpu-arch=sm_90
  for level in warp block grid; do
    "$tool" --aggregate=$level "$here/$program.cu" -o "$out/$program.$level.cu" \
      -- --cuda-gpu-arch=sm_90
  done
  # --threshold (128 unless THRESHOLD says): small children run in the
  # launching thread, alone
  # and with block aggregation. (Its warnings say which launches stay
  # launches: children with barriers or shared memory, recursive ones under
  # aggregation.)
  "$tool" --threshold=$threshold "$here/$program.cu" -o "$out/$program.thresh.cu" \
    -- --cuda-gpu-arch=sm_90 2> "$out/$program.thresh.warnings"
  "$tool" --threshold=$threshold --aggregate=block "$here/$program.cu" \
    -o "$out/$program.threshblock.cu" \
    -- --cuda-gpu-arch=sm_90 2> "$out/$program.threshblock.warnings"
  # --coarsen (4 unless COARSEN says), alone and under the threshold: the
  # children's blocks each run several blocks asked for.
  "$tool" --coarsen=$coarsen "$here/$program.cu" -o "$out/$program.coarse.cu" \
    -- --cuda-gpu-arch=sm_90 2> "$out/$program.coarse.warnings"
  "$tool" --threshold=$threshold --coarsen=$coarsen "$here/$program.cu" \
    -o "$out/$program.threshcoarse.cu" \
    -- --cuda-gpu-arch=sm_90 2> "$out/$program.threshcoarse.warnings"
  # --optimize: the transforms chosen per launch; its remarks say which.
  "$tool" --optimize --optimize-remarks "$here/$program.cu" \
    -o "$out/$program.optimize.cu" \
    -- --cuda-gpu-arch=sm_90 2> "$out/$program.optimize.remarks"
  # --instrument: the launches as written, each counted by its grid's
  # size; run.sh's runs write the counts to <copy>.<variant>.profile.json.
  # With PROFILES=<dir> holding such counts as <program>.json, --optimize
  # chooses from them too (the `profiled` variant).
  "$tool" --instrument "$here/$program.cu" -o "$out/$program.instrument.cu" \
    -- --cuda-gpu-arch=sm_90
  if [[ -n ${PROFILES:-} && -f $PROFILES/$program.json ]]; then
    "$tool" --optimize --optimize-remarks --profile="$PROFILES/$program.json" \
      "$here/$program.cu" -o "$out/$program.profiled.cu" \
      -- --cuda-gpu-arch=sm_90 2> "$out/$program.profiled.remarks"
  fi
  # The same program with its children in the default stream, as real code
  # launches them: aggregated because --aggregate-unordered says that no
  # child relies on the order of that stream (run.sh builds these with
  # -DCDP_BENCH_STREAM=0 too).
  cp "$here/$program.cu" "$out/${program}_default.native.cu"
  "$tool" "$here/$program.cu" -o "$out/${program}_default.lowered.cu" \
    -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0
  for level in warp block grid; do
    "$tool" --aggregate=$level --aggregate-unordered=all "$here/$program.cu" \
      -o "$out/${program}_default.$level.cu" \
      -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0
  done
  "$tool" --threshold=$threshold --aggregate-unordered=all "$here/$program.cu" \
    -o "$out/${program}_default.thresh.cu" \
    -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0 \
    2> "$out/${program}_default.thresh.warnings"
  "$tool" --threshold=$threshold --aggregate=block --aggregate-unordered=all \
    "$here/$program.cu" -o "$out/${program}_default.threshblock.cu" \
    -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0 \
    2> "$out/${program}_default.threshblock.warnings"
  "$tool" --coarsen=$coarsen "$here/$program.cu" \
    -o "$out/${program}_default.coarse.cu" \
    -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0 \
    2> "$out/${program}_default.coarse.warnings"
  "$tool" --threshold=$threshold --coarsen=$coarsen --aggregate-unordered=all \
    "$here/$program.cu" -o "$out/${program}_default.threshcoarse.cu" \
    -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0 \
    2> "$out/${program}_default.threshcoarse.warnings"
  "$tool" --optimize --optimize-remarks --aggregate-unordered=all \
    "$here/$program.cu" -o "$out/${program}_default.optimize.cu" \
    -- --cuda-gpu-arch=sm_90 -DCDP_BENCH_STREAM=0 \
    2> "$out/${program}_default.optimize.remarks"
done
