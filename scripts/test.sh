#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds cdp-lower (installing what is missing) and runs the whole lit suite.
# Every lowered output in the suite is compiled with nvcc -rdc=true; no GPU
# is needed (the GPU suite is test/gpu/run-gpu-suite.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/bootstrap.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cmake --build "$root/build" --target check 2>&1 | tee "$log" || status=$?
# One closing line that any reader of the log can count.
awk '/^ *Passed *:/ { passed = $2 }
     /^ *(Failed|Unresolved|Timed Out) *:/ { failed += $NF ~ /%/ ? $(NF-1) : $NF }
     END { printf "%d passed, %d failed\n", passed, failed }' "$log"
exit "$status"
