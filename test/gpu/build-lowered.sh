#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles every lowered GPU program with nvcc -rdc=true (no GPU needed).
# usage: build-lowered.sh <lowered dir>
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
for file in "$1"/*.cu; do
  "$nvcc" -rdc=true -arch=sm_90 -std=c++17 -I"$root/test/gpu" \
    -I"$root/runtime/include" -c "$file" -o "$file.o"
done
