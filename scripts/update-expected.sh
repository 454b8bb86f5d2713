#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Regenerates test/Lowering/Expected/ after an intended change of the
# output. Review the diff (git diff test/Lowering/Expected) before committing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tool="$root/build/tools/cdp-lower/cdp-lower"
cd "$root/test/Lowering"
for expected in Expected/*.cu; do
  name=$(basename "$expected")
  # aggregate-<granularity>.cu: aggregate.cu lowered at that granularity.
  if [[ $name =~ ^aggregate-(warp|block|grid)\.cu$ ]]; then
    "$tool" --aggregate="${BASH_REMATCH[1]}" aggregate.cu -o "$expected"
    echo "updated test/Lowering/Expected/$name (with --aggregate=${BASH_REMATCH[1]})"
    continue
  fi
  # The flags of the test's first line, `RUN: cd %S && %cdp-lower <flags>
  # <name> -o %t.cu`: run from the test's directory, as lit does, so that
  # the output names the file as the test's does.
  flags=$(sed -n "1s|^// RUN: cd %S && %cdp-lower \(.*\)$name -o .*|\1|p" "$name")
  # shellcheck disable=SC2086 # the flags are words
  "$tool" $flags "$name" -o "$expected"
  echo "updated test/Lowering/Expected/$name${flags:+ (with $flags)}"
done
