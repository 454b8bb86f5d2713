#!/usr/bin/env bash
# Regenerates test/Lowering/Expected/ after an intended change of the
# output. Review the diff (git diff test/Lowering/Expected) before committing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tool="$root/build/tools/cdp-lower/cdp-lower"
for expected in "$root"/test/Lowering/Expected/*.cu; do
  name=$(basename "$expected")
  "$tool" "$root/test/Lowering/$name" -o "$expected"
  echo "updated test/Lowering/Expected/$name"
done
