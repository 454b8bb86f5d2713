#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds cdp-lower (installing what is missing) and runs the whole lit suite.
# Every lowered output in the suite is compiled with nvcc -rdc=true; no GPU
# is needed (the nested GPU suite, test/gpu, reports UNSUPPORTED without one).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/bootstrap.sh"

results="$root/build/test/results.json"
rm -f "$results"
status=0
cmake --build "$root/build" --target check || status=$?
# One closing line that any reader of the log can count, from lit's own
# record of each test rather than from its printed summary.
python3 - "$results" <<'PY' || status=1
import json, sys
try:
    tests = json.load(open(sys.argv[1]))["tests"]
except (OSError, ValueError, KeyError):
    print("0 passed, 1 failed (lit wrote no results)")
    sys.exit(1)
codes = [t["code"] for t in tests]
passed = sum(c in ("PASS", "XFAIL") for c in codes)
unsupported = sum(c == "UNSUPPORTED" for c in codes)
failed = len(codes) - passed - unsupported
print(f"{passed} passed, {failed} failed"
      + (f", {unsupported} unsupported (the GPU suite, without a GPU)"
         if unsupported else ""))
PY
exit "$status"
