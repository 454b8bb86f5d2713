#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs the GPU suite (test/gpu/lit.cfg.py) with lit on the lowered sources
# that lower-all.sh wrote: each program is built as written and as lowered,
# run, and compared. lit is $CDP_LIT, or `lit` on the PATH, or the lit
# package under $CDP_LIT_PYTHONPATH (a machine without LLVM can carry
# llvm's utils/lit directory).
# usage: run-gpu-suite.sh <dir with lowered sources from lower-all.sh> [lit args]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <lowered dir> [lit args]" >&2; exit 2; }
lowered=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -n "${CDP_LIT:-}" ]; then
  lit=("$CDP_LIT")
elif command -v lit > /dev/null; then
  lit=(lit)
else
  lit=(env PYTHONPATH="${CDP_LIT_PYTHONPATH:?set CDP_LIT or CDP_LIT_PYTHONPATH}"
       python3 -c 'import sys, lit.main; sys.argv[0] = "lit"; lit.main.main()')
fi
exec "${lit[@]}" "$here" --param lowered="$lowered" -v "$@"
