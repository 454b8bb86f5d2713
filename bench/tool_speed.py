#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Speed of cdp-lower against clang's own parse of the same input.

For each input, runs `cdp-lower <file> -o <out>` and `clang++ -fsyntax-only`
with the flags cdp-lower parses with (device side, sm_90, -fgpu-rdc),
interleaved, several times; prints the median wall time of each, the ratio,
the spread (min-max) and the peak memory (max RSS) of each. Inputs: a small
file (the bundled example), generated files with 100, 1,000 and 10,000
device launches, and a file that includes thrust and cub.

usage: bench/tool_speed.py [--build DIR] [--runs N]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def launches_file(count):
    """A file with `count` device-side launches in kernels of 100 each."""
    lines = ["struct Pair { float a; double b; };",
             "__global__ void child(int *out, char tag, double x, Pair p) {}",
             ""]
    per_kernel = 100
    for k in range(max(1, count // per_kernel)):
        lines.append(f"__global__ void parent{k}(int *out, int n) {{")
        for i in range(min(per_kernel, count)):
            lines.append(f"  child<<<n, 32, 0, cudaStreamFireAndForget>>>"
                         f"(out + {i}, {i % 100}, {i}.5, Pair{{1.f, 2.0}});")
        lines.append("}")
    return "\n".join(lines) + "\n"


THRUST_CUB = """#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <cub/cub.cuh>

__global__ void child(int *out, int n) {}
__global__ void parent(int *out, int n) {
  child<<<1, 32>>>(out, n);
  child<<<2, 64, 0, cudaStreamTailLaunch>>>(out + 1, n);
}
int sum(thrust::device_vector<int> &v) { return thrust::reduce(v.begin(), v.end()); }
"""


def run_once(command):
    """Wall seconds and peak RSS (MiB) of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(command)}\n{stderr}")
    return elapsed, usage.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    parser.add_argument("--cuda-path", default=os.environ.get(
        "CDP_CUDA_PATH", "/usr/local/cuda"))
    args = parser.parse_args()
    tool = os.path.join(args.build, "tools", "cdp-lower", "cdp-lower")
    # What cdp-lower adds to parse a file (lib/Driver/CompileFlags.cpp).
    # CUDA 13 keeps thrust and cub in include/cccl, which nvcc adds itself.
    flags = ["-std=c++17", "-fgpu-rdc", "--cuda-gpu-arch=sm_90",
             "-I" + os.path.join(args.cuda_path, "include", "cccl")]
    clang_flags = ["-xcuda", *flags, f"--cuda-path={args.cuda_path}",
                   "--cuda-device-only", "-fsyntax-only",
                   "-Wno-unknown-cuda-version", "-ferror-limit=0",
                   "-I" + os.path.join(ROOT, "runtime", "include")]

    with tempfile.TemporaryDirectory() as work:
        inputs = [("small (tree-sum.cu)",
                   os.path.join(ROOT, "examples", "tree-sum.cu"))]
        for count in (100, 1000, 10000):
            path = os.path.join(work, f"launches{count}.cu")
            with open(path, "w") as f:
                f.write(launches_file(count))
            inputs.append((f"{count} launches", path))
        path = os.path.join(work, "thrust_cub.cu")
        with open(path, "w") as f:
            f.write(THRUST_CUB)
        inputs.append(("thrust + cub headers", path))

        print(f"{'input':<22} {'clang -fsyntax-only':>20} {'cdp-lower':>20} "
              f"{'ratio':>6} {'clang MiB':>10} {'cdp MiB':>8}")
        for name, path in inputs:
            out = os.path.join(work, "out.cu")
            ours = [tool, path, "-o", out, "--", *flags]
            theirs = [args.clang, *clang_flags, path]
            times = {"clang": [], "cdp": []}
            memory = {"clang": 0.0, "cdp": 0.0}
            run_once(ours)  # Warm the file cache once for both.
            for _ in range(args.runs):
                for key, command in (("clang", theirs), ("cdp", ours)):
                    seconds, mib = run_once(command)
                    times[key].append(seconds)
                    memory[key] = max(memory[key], mib)

            def cell(values):
                return (f"{statistics.median(values):.3f}s "
                        f"[{min(values):.2f}-{max(values):.2f}]")

            ratio = statistics.median(times["cdp"]) / statistics.median(
                times["clang"])
            print(f"{name:<22} {cell(times['clang']):>20} "
                  f"{cell(times['cdp']):>20} {ratio:>6.3f} "
                  f"{memory['clang']:>10.0f} {memory['cdp']:>8.0f}")


if __name__ == "__main__":
    main()
