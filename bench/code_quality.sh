#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Code quality of the lowering: for every kernel whose code the lowering
# changes, registers (ptxas -v), PTX instructions and byte-wide stores
# (st.*.u8/b8: a parameter packed one byte at a time) as nvcc builds it as
# written and after cdp-lower. Needs no GPU and no cuobjdump.
# usage: code_quality.sh <cdp-lower> <file.cu>...
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 <cdp-lower> <file.cu>..." >&2; exit 2; }
tool=$1; shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
flags=(-rdc=true -arch=sm_90 -std=c++17 -O3 -I"$root/runtime/include")

# "kernel registers ptx_instructions byte_stores" per kernel of one source
# ($1), compiled with its original folder ($2) on the include path.
kernel_stats() {
  "$nvcc" "${flags[@]}" -I"$2" -c -Xptxas -v "$1" -o "$1.o" 2>&1 |
    awk '/Compiling entry function/ { name = $7; gsub(/[\047]/, "", name) }
         /Used [0-9]+ registers/ { for (i = 1; i <= NF; ++i) if ($i == "Used") print name, $(i + 1) }' |
    sort > "$1.regs"
  "$nvcc" "${flags[@]}" -I"$2" -ptx "$1" -o "$1.ptx"
  awk '/^\.(visible |weak )?\.entry/ { name = $NF; sub(/\(.*/, "", name); inside = 1; next }
       inside && /^}/ { inside = 0 }
       inside && /;$/ && $1 !~ /^\./ && $1 !~ /^\/\// { n[name]++; if ($1 ~ /^st\..*\.(u8|b8|s8)$/) b[name]++ }
       END { for (k in n) print k, n[k], b[k] + 0 }' "$1.ptx" | sort > "$1.ptxstats"
  join "$1.regs" "$1.ptxstats"
}

printf "%-16s %-44s %13s %15s %13s\n" file kernel "regs nat/low" "PTX instr n/l" "u8 stores n/l"
for file in "$@"; do
  name=$(basename "$file" .cu)
  cp "$file" "$work/$name.native.cu"
  "$tool" "$file" -o "$work/$name.lowered.cu" -- -I"$(dirname "$file")"
  dir=$(dirname "$file")
  join <(kernel_stats "$work/$name.native.cu" "$dir") \
       <(kernel_stats "$work/$name.lowered.cu" "$dir") |
    while read -r kernel r1 i1 b1 r2 i2 b2; do
      # Kernels without launches compile the same way in both builds.
      [ "$i1" = "$i2" ] && [ "$r1" = "$r2" ] && continue
      printf "%-16s %-44s %13s %15s %13s\n" "$name" "$(echo "$kernel" | cut -c1-44)" "$r1/$r2" "$i1/$i2" "$b1/$b2"
    done
done
