#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Regenerates test/Lowering/Expected/ after an intended change of the
# output. Review the diff (git diff test/Lowering/Expected) before committing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tool="$root/build/tools/cdp-lower/cdp-lower"
for expected in "$root"/test/Lowering/Expected/*.cu; do
  name=$(basename "$expected")
  test="$root/test/Lowering/$name"
  # The flags of the test's first `RUN: %cdp-lower <flags> %s` line.
  flags=$(sed -n 's|^// RUN: %cdp-lower \(.*\)%s .*|\1|p' "$test" | head -1)
  # shellcheck disable=SC2086 # the flags are words
  "$tool" $flags "$test" -o "$expected"
  echo "updated test/Lowering/Expected/$name${flags:+ (with $flags)}"
done
