#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The public CDP code we did not write, lowered under every transform and
# compiled by nvcc: the guide's first rule (an output that nvcc cannot
# build is a defect) checked on whole projects rather than on our tests.
#
# usage: run-corpus.sh <cdp-lower> <sources> <out dir> [project...]
#
# <sources> holds one directory per project of projects.txt, named
# owner+name (the work trees of the repositories, however they were
# fetched); a project without its directory is skipped and said so. Every
# .cu file of a project that writes `<<<`, or includes a header of the
# project that does, is lowered plainly first; where
# cdp-lower finds a device-side launch, nvcc compiles the file as written
# (-c -rdc=true -arch=sm_90, with -I for each of the project's header
# directories and the project's flags from projects.txt), and where nvcc
# builds it, each variant below is lowered and compiled the same way. CDP1
# code, which nvcc 13 refuses for sm_90, goes through --migrate-cdp1 in
# every variant. The launches in the project's own headers are lowered too
# (--header-filter).
#
# One line per file and variant in <out dir>/results.txt: ok (or
# ok-migrated), no-device-launch, original-fails (nvcc refuses the file as
# written: a dependency or a flag this script does not know), tool-refused
# (cdp-lower's errors), tool-crash, nvcc-fails (the lowered file does not
# build); <out dir>/<project>/<file>/ holds each step's messages. The
# lines other than ok, no-device-launch and original-fails print as they
# come, then a count of each. Exit status 1 when a lowering did not build
# or cdp-lower crashed. The GPU is not needed: this compiles only.
set -euo pipefail
[ $# -ge 3 ] || {
  sed -n '4,28p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
tool=$(readlink -f "$1") sources=$(readlink -f "$2") out=$3
shift 3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runtime=$("$tool" --print-runtime-dir)
nvcc=${NVCC:-nvcc}
jobs=${JOBS:-$(nproc)}
mkdir -p "$out"
out=$(readlink -f "$out")

# lower <file> <dir> <variant name> <cdp-lower flags> <nvcc flags>: writes
# <dir>/<name>/<file> and <dir>/<name>.lower.log; the status of cdp-lower.
lower() {
  local file=$1 dir=$2 name=$3 vflags=$4 flags=$5
  mkdir -p "$dir/$name"
  # shellcheck disable=SC2086 # the flags are words
  "$tool" --nvcc-flags $vflags --header-filter="^$sources/" \
    "$file" -o "$dir/$name/$(basename "$file")" \
    -- -c -rdc=true -arch=sm_90 $flags >"$dir/$name.lower.log" 2>&1
}

# compile_one <project> <flags> <file>: one file, every variant; prints a
# line per outcome, `<status> <project> <file> [<variant>]`.
compile_one() {
  local project=$1 flags=$2 file=$3
  local rel=${3#"$sources/$project/"}
  local dir=$out/$project/${rel//\//+}
  mkdir -p "$dir"
  # The plain lowering first: most files that write <<< launch only from
  # the host, and cdp-lower is quicker than nvcc to say so.
  local rc=0
  lower "$file" "$dir" lowered "" "$flags" || rc=$?
  # (The launches may be in the project's headers, whose copies it writes
  # beside the file. A device-debug build, -G, gets the explicit form,
  # which calls the device runtime without the header.)
  if [ $rc -eq 0 ] &&
    ! grep -rqE 'cdp/launch[.]cuh|cudaGetParameterBuffer' "$dir/lowered"; then
    echo "no-device-launch $project $rel"
    return
  fi
  # CDP1 code, which nvcc 13 refuses for sm_90 (a device-side
  # cudaDeviceSynchronize), is built through --migrate-cdp1 instead.
  local migrate=
  # shellcheck disable=SC2086
  if ! "$nvcc" -c -rdc=true -arch=sm_90 $flags "$file" -o "$dir/original.o" \
    >"$dir/original.log" 2>&1; then
    if ! grep -q 'function("cudaDeviceSynchronize") from a __global__' \
      "$dir/original.log"; then
      echo "original-fails $project $rel"
      return
    fi
    migrate=--migrate-cdp1
    rc=1 # lowered again, migrated
  fi
  # Each variant: a name and the cdp-lower flags that make it.
  local variant name vflags
  for variant in lowered: warp:--aggregate=warp block:--aggregate=block \
    grid:--aggregate=grid thresh:--threshold=64 coarse:--coarsen=2 \
    optimize:--optimize; do
    name=${variant%%:*} vflags="$migrate ${variant#*:}"
    if [ "$name" != lowered ] || [ -n "$migrate" ]; then
      rc=0
      lower "$file" "$dir" "$name" "$vflags" "$flags" || rc=$?
    fi
    if [ $rc -ge 128 ] || grep -q 'PLEASE submit a bug report' \
      "$dir/$name.lower.log"; then
      echo "tool-crash $project $rel $name"
      continue
    elif [ $rc -ne 0 ]; then
      echo "tool-refused $project $rel $name"
      continue
    fi
    # The copies of the project's headers sit beside the lowered file,
    # which names them; the original's own directory, searched first as
    # it was for the original, serves the headers it did not lower.
    # shellcheck disable=SC2086
    if "$nvcc" -c -rdc=true -arch=sm_90 -I"$(dirname "$file")" $flags \
      -I"$runtime" "$dir/$name/$(basename "$file")" -o "$dir/$name.o" \
      >"$dir/$name.log" 2>&1; then
      echo "ok${migrate:+-migrated} $project $rel $name"
    else
      echo "nvcc-fails $project $rel $name"
    fi
  done
}
export -f lower compile_one
export tool sources out runtime nvcc

# The project's header directories, as -I flags: not those whose path has
# a space (the flags travel as words), nor those holding a header named as
# one of the C library's or the CUDA toolkit's (muda's own assert.h and
# cuda_runtime.h would hide those; the project names its copies by their
# paths).
include_flags() {
  find "$1" -type f \( -name '*.h' -o -name '*.cuh' -o -name '*.hpp' \
    -o -name '*.hh' -o -name '*.inl' \) -printf '%h\t%f\n' |
    awk -F'\t' -v toolkit="$system_headers" '
      BEGIN { n = split(toolkit, names, " "); for (i = 1; i <= n; ++i) hides[names[i]] = 1 }
      { dirs[$1] = 1 } $2 in hides { shadows[$1] = 1 }
      END { for (d in dirs) if (!(d in shadows)) print d }' |
    sort | { grep -v '[[:space:]]' || true; } | sed 's/^/-I/' | tr '\n' ' '
}
# The names a project's header must not have to be searched for by -I.
system_headers="assert.h ctype.h errno.h float.h limits.h locale.h math.h \
memory.h setjmp.h signal.h stdarg.h stddef.h stdint.h stdio.h stdlib.h \
string.h time.h wchar.h $(cd "$(dirname "$(command -v "$nvcc")")/../include" 2>/dev/null &&
  find . -maxdepth 1 -type f -printf '%f ')"

# The flags $1 with each `pkg-config:<package>` word (a dependency the
# project's build finds, as Eigen through find_package) replaced by that
# package's compile flags. A package that is not installed leaves the
# project's files to fail as written (original-fails), said once.
package_flags() {
  local word flags=
  for word in $1; do
    case $word in
    pkg-config:*)
      if ! flags+=" $(pkg-config --cflags "${word#pkg-config:}" 2>/dev/null)"; then
        echo "note: ${word#pkg-config:} not found by pkg-config" >&2
      fi
      ;;
    *) flags+=" $word" ;;
    esac
  done
  printf '%s' "${flags# }"
}

# The .cu files under $1 that write `<<<`, or include (by its name) a
# header under $1 that does.
launching_sources() {
  local headers names
  headers=$({ grep -rlE --include='*.h' --include='*.cuh' --include='*.hpp' \
    --include='*.hh' --include='*.inl' '<<<' "$1" || true; })
  names=$(printf '%s\n' "$headers" | sed -n 's#.*/##p' | sort -u |
    sed 's/[.]/[.]/g' | paste -sd'|' -)
  local pattern='<<<'
  [ -z "$names" ] || pattern="<<<|#[[:space:]]*include[[:space:]]*[\"<]([^\">]*/)?($names)[\">]"
  { grep -rlE --include='*.cu' "$pattern" "$1" || true; }
}

results=$out/results.txt
: >"$results"
grep -v '^#' "$here/projects.txt" | while read -r project flags; do
  [ -n "$project" ] || continue
  key=${project/\//+}
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$project"; then
    continue
  fi
  if [ ! -d "$sources/$key" ]; then
    echo "not-fetched $project" | tee -a "$results"
    continue
  fi
  # `%` in a project's flags is its directory (`-I%/domain/include`).
  all_flags="$(package_flags "${flags//%/$sources/$key}")"
  all_flags="$all_flags $(include_flags "$sources/$key")"
  # The .cu files that write <<< or include a header of the project that
  # does (a project's launches are often in its headers).
  launching=$(launching_sources "$sources/$key")
  printf '%s' "$launching" | sort |
    xargs -r -P "$jobs" -I{} bash -c 'compile_one "$0" "$1" "$2"' \
      "$key" "$all_flags" {} |
    tee -a "$results" |
    grep -v -E '^(ok|ok-migrated|no-device-launch|original-fails) ' || true
done

awk '{n[$1]++} END {for (k in n) printf "%s %d\n", k, n[k]}' "$results" |
  sort
! grep -q -E '^(nvcc-fails|tool-crash) ' "$results"
