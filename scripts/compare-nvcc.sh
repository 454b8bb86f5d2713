#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Prints, as a Markdown table, what nvcc and cdp-lower say about each bad
# launch site of test/Checks/Corpus: nvcc's first diagnostic (or that it
# compiles the file silently) and cdp-lower's report. The table in docs/checks.md is
# this script's output.
# usage: scripts/compare-nvcc.sh [build dir]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
tool=$build/tools/cdp-lower/cdp-lower
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# The first diagnostic line, without the directories of the files it names
# (no machine's paths in the table), fit for a table cell.
first_diagnostic() {
  grep -E -m1 '(error|warning)' | sed -E 's#[^ ()]*/##g; s/\|/\\|/g'
}

# cdp-lower's report: where, the start of the message, and the flag.
shorten_ours() {
  sed -E 's/^([^ ]+) (error|warning): (.{1,110})[^[]*(\[-W[^]]+\])$/`\1` \2: \3… \4/'
}

echo "| # | bad site | nvcc 13.0 (-rdc=true -arch=sm_90) | cdp-lower |"
echo "|---|---|---|---|"
for file in "$root"/test/Checks/Corpus/*.cu; do
  name=$(basename "$file" .cu)
  nvcc_says=$(cd "$work" && "$nvcc" -rdc=true -arch=sm_90 -c "$file" \
                -o "$work/$name.o" 2>&1 | first_diagnostic | cut -c1-200 || true)
  [ -n "$nvcc_says" ] || nvcc_says="(compiles; says nothing)"
  ours=$("$tool" --check-only "$file" 2>&1 | grep -F '[-Wcdp' |
           first_diagnostic | shorten_ours || true)
  [ -n "$ours" ] || ours="(nothing)"
  echo "| ${name%%-*} | ${name#*-} | $nvcc_says | $ours |"
done
