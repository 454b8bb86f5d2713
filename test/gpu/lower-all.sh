#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Lowers every GPU program (programs.txt) into OUT_DIR/<name>.cu. Runs where
# clang is (the GPU machine has none); the lowered sources travel to the GPU.
# usage: lower-all.sh <cdp-lower> <out dir> [cdp-lower flags for all]
# (--emit=explicit lowers the suite in the explicit form)
set -euo pipefail
[ $# -ge 2 ] || {
  echo "usage: $0 <cdp-lower> <out dir> [flags]" >&2
  exit 2
}
tool=$1 out=$2
shift 2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
# Each line: a program, then any cdp-lower flags it is lowered with. A
# program lowered a second way is named `<path>:<label>` and written to
# <name>.<label>.cu.
grep -v '^#' "$root/test/gpu/programs.txt" | while read -r program flags; do
  [ -n "$program" ] || continue
  label=
  if [[ $program == *:* ]]; then
    label=.${program#*:}
    program=${program%%:*}
  fi
  # shellcheck disable=SC2086 # the flags are words
  "$tool" "$@" $flags "$root/$program" \
    -o "$out/$(basename "$program" .cu)$label.cu" -- -I"$root/test/gpu"
done
