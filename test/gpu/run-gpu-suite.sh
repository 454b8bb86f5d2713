#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds every GPU program twice with nvcc, as written (nvcc's own <<<>>>
# lowering) and as lowered by cdp-lower, runs both and compares their
# output. A program with a <name>.expected file must print exactly that when
# lowered (the original is shown for reference: overaligned32 is a case nvcc
# itself gets wrong). Prints one line per program and a pass/fail count.
# usage: run-gpu-suite.sh <dir with lowered sources from lower-all.sh>
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 <lowered dir>" >&2; exit 2; }
lowered=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
arch=${CDP_GPU_ARCH:-sm_90}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags=(-rdc=true "-arch=$arch" -std=c++17 -O2 "-I$root/test/gpu"
       "-I$root/runtime/include" -lcudadevrt)
programs=$(grep -v '^#' "$root/test/gpu/programs.txt" | awk '{ print $1 }')

# Build everything in parallel first.
for program in $programs; do
  name=$(basename "$program" .cu)
  echo "$nvcc ${flags[*]} $root/$program -o $work/$name.native"
  echo "$nvcc ${flags[*]} $lowered/$name.cu -o $work/$name.lowered"
done | xargs -P "$(nproc)" -I{} sh -c '{} > /dev/null 2>&1 || echo "build failed: {}" >&2'

passed=0 failed=0
for program in $programs; do
  name=$(basename "$program" .cu)
  native=$(timeout 60 "$work/$name.native" 2>&1)
  lowered_out=$(timeout 60 "$work/$name.lowered" 2>&1)
  if [ -f "$root/test/gpu/$name.expected" ]; then
    want=$(cat "$root/test/gpu/$name.expected")
    what="expected output"
  else
    want=$native
    what="nvcc's <<<>>>"
  fi
  if [ -x "$work/$name.lowered" ] && [ "$lowered_out" = "$want" ]; then
    echo "PASS $name (lowered == $what): $lowered_out"
    passed=$((passed + 1))
  else
    echo "FAIL $name"
    echo "  native : $native"
    echo "  lowered: $lowered_out"
    [ "$what" = "expected output" ] && echo "  wanted : $want"
    failed=$((failed + 1))
  fi
  [ "$what" = "expected output" ] && echo "     (nvcc's own <<<>>> printed: $native)"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
