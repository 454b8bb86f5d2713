#!/usr/bin/env bash
# On the GPU: builds the PDL pair of this directory five ways and runs each.
# Usage: run.sh [OUTDIR]
set -u
cd "$(dirname "$0")"
Out=${1:-/tmp/ptx_jit}
mkdir -p "$Out"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
SM90="-gencode arch=compute_90,code=sm_90"
PTX80="-gencode arch=compute_80,code=compute_80"
build() { # name primary-flags secondary-flags [secondary -D]
  "$NVCC" -O2 $2 -c primary.cu -o "$Out/$1-p.o" &&
    "$NVCC" -O2 $3 ${4:-} -c secondary.cu -o "$Out/$1-s.o" &&
    "$NVCC" -O2 $SM90 main.cu "$Out/$1-p.o" "$Out/$1-s.o" -o "$Out/$1"
}
run() { # name description
  printf '%-58s ' "$2:"
  timeout 60 "$Out/$1" || echo "(exit $?)"
}
build both-sm90 "$SM90" "$SM90" &&
  run both-sm90 "both sm_90 (wait and trigger compiled)"
build no-wait "$SM90" "$SM90" -DNO_WAIT &&
  run no-wait "both sm_90, the secondary without its wait"
build ptx-secondary "$SM90" "$PTX80" &&
  run ptx-secondary "primary sm_90, secondary compute_80 PTX only"
build ptx-both "$PTX80" "$PTX80" &&
  run ptx-both "both compute_80 PTX only"
build default-80 "-arch=sm_80" "-arch=sm_80" &&
  run default-80 "both -arch=sm_80 (nvcc's SASS + PTX default)"
