#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Migrates every CDP1 program of this directory with --migrate-cdp1, twice:
# OUT/migrated/<name>.cu is the CDP2 source (--fix on a copy: tail launches
# written with <<<>>>, which nvcc lowers), OUT/lowered/<name>.cu is migrated
# and lowered by cdp-lower. Runs where clang is; run-all.sh builds and runs
# both on the GPU.
# usage: migrate-all.sh <cdp-lower> <out dir>
set -euo pipefail
[ $# -eq 2 ] || {
  echo "usage: $0 <cdp-lower> <out dir>" >&2
  exit 2
}
tool=$1 out=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$out/migrated" "$out/lowered"
for program in "$here"/*.cu; do
  name=$(basename "$program")
  cp "$program" "$out/migrated/$name"
  "$tool" --migrate-cdp1 --fix "$out/migrated/$name" -- -std=c++17 2> /dev/null
  "$tool" --migrate-cdp1 "$program" -o "$out/lowered/$name" -- -std=c++17
done
