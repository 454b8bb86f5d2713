#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Differential fuzzer of the parameter-buffer layout.

For random kernel signatures (signatures.py), compares three layouts with the
one ptxas records in the cubin (kparam_info.py), for each architecture:

  tool      cdp-lower --print-param-layout (lib/ParamLayout);
  runtime   cdp::ParamLayout of runtime/include/cdp/launch.cuh, checked by
            static_asserts compiled by nvcc for every architecture at once;
  lowered   a parent kernel launching each child, lowered by cdp-lower and
            compiled by nvcc -rdc=true for every architecture (the runtime
            static_asserts the tool's offsets against its own).

Launches that nvcc itself refuses (user-provided copy constructors) must be
refused by cdp-lower too; buffers over 4 KB must be refused by the tool.

usage: layout_fuzz.py --tool CDP_LOWER --runtime INCLUDE_DIR
                      [--signatures N] [--seed S] [--arch 80,90,100,120]
                      [--batch N] [--keep DIR]
Prints one line per problem and a summary; exits 1 on any problem.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kparam_info  # noqa: E402
import signatures  # noqa: E402

BUFFER_LIMIT = 4096


def run(command, cwd):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True)


class Batch:
    """One file of signatures, checked on every architecture."""

    def __init__(self, options, seed, count, work):
        self.options = options
        self.work = work
        self.problems = []
        generator = signatures.Generator(seed)
        self.signatures = [generator.signature() for _ in range(count)]
        self.declarations = generator.declarations
        self.seed = seed

    def problem(self, text):
        self.problems.append(f"seed {self.seed}: {text}")

    def source(self, extra=""):
        lines = [signatures.PRELUDE, *self.declarations]
        for i, types in enumerate(self.signatures):
            params = ", ".join(f"{t} p{j}" for j, t in enumerate(types))
            lines.append(f'extern "C" __global__ void k{i}({params}) {{}}')
        return "\n".join(lines) + "\n" + extra

    def nvcc(self, *args):
        return [self.options.nvcc, "-std=c++17", "-w", *args]

    def gencode(self):
        return [f"-gencode=arch=compute_{a},code=sm_{a}"
                for a in self.options.arch]

    # --- ground truth --------------------------------------------------

    def cubin_layouts(self, path):
        truth = {}
        for arch in self.options.arch:
            cubin = os.path.join(self.work, f"sig{arch}.cubin")
            result = run(self.nvcc("-cubin", f"-arch=sm_{arch}", path,
                                   "-o", cubin), self.work)
            if result.returncode:
                raise RuntimeError(f"nvcc rejects the signatures:\n"
                                   f"{result.stderr[:2000]}")
            with open(cubin, "rb") as f:
                layouts = kparam_info.kernel_layouts(f.read())
            truth[arch] = {name: params
                           for name, (_, params) in layouts.items()}
        return truth

    # --- the tool's layout ---------------------------------------------

    def check_tool(self, path, truth):
        for arch in self.options.arch:
            result = run([self.options.tool, "--print-param-layout", path,
                          "--", "-std=c++17", f"--cuda-gpu-arch=sm_{arch}"],
                         self.work)
            if result.returncode:
                self.problem(f"sm_{arch}: --print-param-layout failed:\n"
                             f"{result.stderr[:2000]}")
                continue
            printed, from_nvcc = {}, set()
            for line in result.stdout.splitlines():
                m = re.match(r"kernel (\S+) .*offsets=([\d,]*)", line)
                if m:
                    printed[m.group(1)] = [int(x) for x in
                                           m.group(2).split(",") if x]
                elif re.match(r"kernel \S+ sm_\d+ layout=nvcc", line):
                    from_nvcc.add(line.split()[1])
                elif re.match(r"kernel \S+ sm_\d+ layout=unknown", line):
                    self.unknowable.add(line.split()[1])
            self.left_to_runtime += len(from_nvcc)
            for name, params in truth[arch].items():
                if name in from_nvcc or name in self.unknowable:
                    continue  # checked through the runtime, or refused
                expected = [offset for offset, _ in params]
                if not expected and len(printed.get(name, [])) > 1:
                    continue  # over 4 KB: ptxas records no layout
                if printed.get(name) != expected:
                    self.problem(f"sm_{arch} {name}{self.spelled(name)}: "
                                 f"tool {printed.get(name)}, cubin {expected}")

    def spelled(self, name):
        index = int(name[1:])
        return "(" + ", ".join(self.signatures[index]) + ")"

    # --- the runtime's layout ------------------------------------------

    def check_runtime(self, truth):
        asserts = []
        for arch in self.options.arch:
            asserts.append(f"#if __CUDA_ARCH__ == {arch}0")
            for name, params in truth[arch].items():
                types = ", ".join(self.signatures[int(name[1:])])
                for j, (offset, _) in enumerate(params):
                    asserts.append(
                        f"static_assert(cdp::ParamLayout<{types}>::offset({j})"
                        f" == {offset}, \"sm_{arch} {name} parameter {j} "
                        f"at {offset}\");")
            asserts.append("#endif")
        path = os.path.join(self.work, "runtime.cu")
        with open(path, "w") as f:
            f.write("#include <cdp/launch.cuh>\n" + self.source() +
                    "\n".join(asserts) + "\n")
        result = run(self.nvcc("-rdc=true", "-c", *self.gencode(),
                               f"-I{self.options.runtime}", path,
                               "-o", "runtime.o"), self.work)
        if result.returncode:
            failed = re.findall(r'static assertion failed with "([^"]*)"',
                                result.stderr)
            for message in failed:
                name = message.split()[1]
                if name in self.unknowable:
                    # nvcc's sizeof is not its .param size: refused.
                    self.front_end_wrong.add(name)
                    continue
                self.problem(f"runtime: {message} in the cubin; "
                             f"{name}{self.spelled(name)}")
            if not failed:
                self.problem(f"runtime check did not compile:\n"
                             f"{result.stderr[:2000]}")

    # --- lowered launches ----------------------------------------------

    def parents(self, indices):
        text = []
        for i in indices:
            types = self.signatures[i]
            params = ", ".join(f"{t} a{j}" for j, t in enumerate(types))
            args = ", ".join(f"a{j}" for j in range(len(types)))
            text.append(f"__global__ void parent{i}({params}) "
                        f"{{ k{i}<<<1, 1>>>({args}); }}")
        return self.source("\n".join(text) + "\n")

    def refused_types(self, indices):
        """The parameter types nvcc refuses at a device-side launch. It names
        the line of each, but once per copy constructor in a file (a struct
        holding a __half2 goes unreported after a __half2), so each type gets
        a launch of its own and the file is compiled again without the
        refused ones until the rest compiles."""
        types = sorted({t for i in indices for t in self.signatures[i]})
        refused = set()
        path = os.path.join(self.work, "native.cu")
        for _ in range(30):
            # nvcc reports more of them when the launches share a parent.
            kept = [j for j, t in enumerate(types) if t not in refused]
            lines = [f"__global__ void t{j}({types[j]}) {{}}" for j in kept]
            # By pointer: all of them by value would overflow the parameters.
            params = ", ".join(f"{types[j]} *x{j}" for j in kept)
            lines.append(f"__global__ void parent({params}) {{")
            lines += [f"  t{j}<<<1, 1>>>(*x{j});" for j in kept]
            lines.append("}")
            source = self.source("\n".join(lines) + "\n")
            with open(path, "w") as f:
                f.write(source)
            result = run(self.nvcc("-rdc=true", "-c", "-arch=sm_90", path,
                                   "-o", "native.o"), self.work)
            if not result.returncode:
                return refused
            source_lines = source.splitlines()
            errors = re.findall(r"native\.cu\((\d+)\): error",
                                result.stderr)
            for line in errors:
                m = re.match(r"  t(\d+)<<<", source_lines[int(line) - 1])
                if not m:
                    errors = []
                    break
                refused.add(types[int(m.group(1))])
            if not errors:
                break
        raise RuntimeError(f"nvcc rejects the parents:\n"
                           f"{result.stderr[:2000]}")

    def expect_refusal(self, i, why, arch):
        path = os.path.join(self.work, f"refused{i}.cu")
        with open(path, "w") as f:
            f.write(self.parents([i]))
        result = run([self.options.tool, path, "--", "-std=c++17",
                      f"--cuda-gpu-arch=sm_{arch}"], self.work)
        if result.returncode == 0:
            self.problem(f"k{i}{self.spelled(f'k{i}')}: {why}, but "
                         "cdp-lower lowered it")
        else:
            self.refused += 1

    def check_lowering(self, truth):
        def fits_buffer(i, arch):
            # Over 4 KB, ptxas records no parameter at all.
            params = truth[arch][f"k{i}"]
            return (len(params) == len(self.signatures[i]) and
                    sum(params[-1]) <= BUFFER_LIMIT)
        fits = [i for i in range(len(self.signatures))
                if all(fits_buffer(i, a) for a in self.options.arch)
                and f"k{i}" not in self.unknowable]
        for name in sorted(self.unknowable):
            self.expect_refusal(int(name[1:]), "its layout is unknowable", 90)
        # A launch over the 4 KB buffer is the tool's error, for each
        # architecture where it is.
        for i in range(len(self.signatures)):
            for arch in self.options.arch:
                if not fits_buffer(i, arch):
                    self.expect_refusal(i, f"on sm_{arch} its parameters "
                                        "exceed 4 KB", arch)
        refused_types = self.refused_types(fits)
        refused = {i for i in fits
                   if refused_types.intersection(self.signatures[i])}
        lowerable = [i for i in fits if i not in refused]
        # What nvcc refuses, the tool refuses.
        for i in sorted(refused):
            self.expect_refusal(i, "nvcc refuses the launch", 90)
        path = os.path.join(self.work, "parents.cu")
        with open(path, "w") as f:
            f.write(self.parents(lowerable))
        lowered = os.path.join(self.work, "lowered.cu")
        result = run([self.options.tool, path, "-o", lowered, "--",
                      "-std=c++17"], self.work)
        if result.returncode:
            self.problem(f"cdp-lower refused launches nvcc accepts:\n"
                         f"{result.stderr[:3000]}")
            return
        result = run(self.nvcc("-rdc=true", "-c", *self.gencode(),
                               f"-I{self.options.runtime}", lowered,
                               "-o", "lowered.o"), self.work)
        if result.returncode:
            self.problem(f"the lowered launches do not compile:\n"
                         f"{result.stderr[:3000]}")
        self.lowered = len(lowerable)

    def check(self):
        self.lowered = 0
        self.refused = 0
        self.unknowable = set()
        self.front_end_wrong = set()
        self.left_to_runtime = 0
        path = os.path.join(self.work, "sig.cu")
        with open(path, "w") as f:
            f.write(self.source())
        try:
            truth = self.cubin_layouts(path)
            self.check_tool(path, truth)
            self.check_runtime(truth)
            self.check_lowering(truth)
        except RuntimeError as error:
            self.problem(str(error))
        return self


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", required=True)
    parser.add_argument("--runtime", required=True,
                        help="the directory holding cdp/launch.cuh")
    parser.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    parser.add_argument("--signatures", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--arch", default="80,90,100,120")
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", help="keep the generated files here")
    options = parser.parse_args()
    options.arch = [int(a) for a in options.arch.split(",")]
    options.tool = os.path.abspath(options.tool)
    options.runtime = os.path.abspath(options.runtime)

    root = options.keep or tempfile.mkdtemp(prefix="cdp-layout-fuzz-")
    batches = []
    remaining, seed = options.signatures, options.seed
    while remaining > 0:
        count = min(options.batch, remaining)
        work = os.path.join(root, f"seed{seed}")
        os.makedirs(work, exist_ok=True)
        batches.append(Batch(options, seed, count, work))
        remaining -= count
        seed += 1
    try:
        with ThreadPoolExecutor(options.jobs) as pool:
            done = list(pool.map(Batch.check, batches))
    finally:
        if not options.keep:
            shutil.rmtree(root, ignore_errors=True)
    problems = [p for batch in done for p in batch.problems]
    for p in problems:
        print(p)
    lowered = sum(batch.lowered for batch in done)
    by_runtime = sum(batch.left_to_runtime for batch in done)
    refused = sum(batch.refused for batch in done)
    unknowable = sum(len(batch.unknowable) for batch in done)
    confirmed = sum(len(batch.front_end_wrong) for batch in done)
    archs = ",".join(f"sm_{a}" for a in options.arch)
    print(f"{options.signatures} signatures on {archs}: "
          f"{len(problems)} problems; {lowered} launches lowered and "
          f"compiled; {refused} refused as nvcc does or over 4 KB; "
          f"{by_runtime} kernel layouts left to the runtime "
          f"(packed); {unknowable} refused as unknowable "
          f"([[no_unique_address]], packed with over-aligned members), {confirmed} of "
          f"them confirmed wrong in nvcc's front end")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
