#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds each migrated CDP1 program (from migrate-all.sh) with nvcc, as CDP2
# source and as lowered by cdp-lower, runs both and passes a program when
# each checks its own result (it prints "<name>: OK" and exits 0). CDP1
# itself does not run on sm_90 and later: the programs check themselves.
# usage: run-all.sh <dir from migrate-all.sh>
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 <dir>" >&2; exit 2; }
dir=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
arch=${CDP_GPU_ARCH:-sm_90}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-rdc=true "-arch=$arch" -std=c++17 -O2 "-I$root/runtime/include"
       -lcudadevrt)
for form in migrated lowered; do
  for source in "$dir/$form"/*.cu; do
    echo "$nvcc ${flags[*]} $source -o $work/$(basename "$source" .cu).$form"
  done
done | xargs -P "$(nproc)" -I{} sh -c '{} > /dev/null 2>&1 || echo "build failed: {}" >&2'
passed=0 failed=0
for source in "$dir/migrated"/*.cu; do
  name=$(basename "$source" .cu)
  for form in migrated lowered; do
    output=$(timeout 60 "$work/$name.$form" 2>&1)
    status=$?
    if [ $status -eq 0 ] && [[ $output == "$name: OK"* ]]; then
      echo "PASS $name ($form): $output"
      passed=$((passed + 1))
    else
      echo "FAIL $name ($form, exit $status): $output"
      failed=$((failed + 1))
    fi
  done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
