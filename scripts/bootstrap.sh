#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what cdp-lower needs on a Debian machine (LLVM/Clang 22 from
# Debian's packages, CMake, a C++ compiler) and builds it in build/.
# The CUDA toolkit is expected at /usr/local/cuda (or set CDP_CUDA_PATH).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

packages=(clang-22 clang-tools-22 clang-format-22 libclang-22-dev libclang-cpp22-dev llvm-22-dev llvm-22-tools
          clang-tidy-22 cmake make g++ python3 python3-jsonschema ccache sccache libgtest-dev libgmock-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

cuda_path=${CDP_CUDA_PATH:-/usr/local/cuda}
if [ ! -x "$cuda_path/bin/nvcc" ]; then
  echo "bootstrap: error: no nvcc at $cuda_path/bin/nvcc; set CDP_CUDA_PATH" >&2
  exit 1
fi

# CDP_WERROR=ON (which .ci/run sets) turns warnings in our own code into
# errors; so does CI=true, as CI services set it.
werror=${CDP_WERROR:-OFF}
[ "${CI:-}" = true ] && werror=ON
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release \
  -DCDP_CUDA_PATH="$cuda_path" -DCDP_WERROR="$werror" >/dev/null
cmake --build "$root/build" -j"$(nproc)"
