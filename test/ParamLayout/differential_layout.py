#!/usr/bin/env python3
"""Differential test of the parameter-buffer layout.

Generates kernel signatures over every parameter category, then checks that
three sources agree on each parameter's offset and the buffer size:

  1. lib/ParamLayout, through `cdp-lower --print-param-layout`;
  2. the cubin nvcc builds for the same kernels: ptxas records each
     parameter's offset and size in `.nv.info.<kernel>` (EIATTR_KPARAM_INFO)
     and the buffer size (EIATTR_CBANK_PARAM_SIZE). This is the layout the
     child kernel reads, so it is the ground truth;
  3. the runtime's constexpr rule (cdp::ParamLayout in cdp/launch.cuh), by
     compiling static_asserts on the offsets lib/ParamLayout printed, in the
     device pass for the same architecture.

Over-aligned parameters are laid out differently per architecture, so the
comparison runs for each architecture given. No GPU is needed: the cubin is
read as an ELF file.
"""
import argparse
import os
import random
import struct
import subprocess
import sys

TYPE_DEFINITIONS = r"""
#include <cuda_runtime.h>
struct Pair { float a; double b; };
struct Padded { char c; int i; char d; };
struct Nested { char c; Pair p; short s; };
struct ArrayInStruct { char c[5]; short s[3]; };
struct DeepNest { Nested n; ArrayInStruct a; char tail; };
struct Bytes3 { char c[3]; };
struct Empty {};
struct EmptyBase {};
struct Derived : EmptyBase { short s; };
struct TailPad { double d; char c; };
union IntOrFloat { int i; float f; };
union Wide8 { double d; char c[3]; };
struct __align__(8) Align8 { char c; };
struct __align__(16) Align16 { int x; };
struct __align__(32) Align32 { int x; float y; };
struct __align__(64) Align64 { char c; };
struct __align__(32) Align32Big { double d[5]; };
struct HoldsAlign32 { char c; Align32 a; };
enum Enum8 : unsigned char { E8A };
enum class Enum16 : short { A };
enum Enum32 { E32A };
enum class Enum64 : long long { A };
typedef void (*Callback)(int);
"""

TYPES = [
    # scalars
    "char", "signed char", "unsigned char", "short", "unsigned short", "int",
    "unsigned", "long", "unsigned long", "long long", "unsigned long long",
    "float", "double", "bool", "char16_t", "char32_t", "wchar_t",
    # enums with small and large underlying types
    "Enum8", "Enum16", "Enum32", "Enum64",
    # pointers
    "int *", "const double *", "void *", "Pair *", "Callback",
    # structs, unions, empty
    "Pair", "Padded", "Nested", "ArrayInStruct", "DeepNest", "Bytes3", "Empty",
    "Derived", "TailPad", "IntOrFloat", "Wide8",
    # CUDA vector types
    "char1", "char2", "char3", "char4", "uchar3", "short2", "short3",
    "ushort4", "int2", "int3", "int4", "uint3", "float2", "float3", "float4",
    "longlong2", "double1", "double2", "double3", "double4_16a",
    "double4_32a", "longlong4_32a",
    # over-aligned types
    "Align8", "Align16", "Align32", "Align64", "Align32Big", "HoldsAlign32",
]

# .nv.info record formats and the attributes this test reads.
EIFMT_SVAL = 0x04
EIATTR_KPARAM_INFO = 0x17
EIATTR_CBANK_PARAM_SIZE = 0x19


def generate_kernels(count, seed):
    rng = random.Random(seed)
    kernels = []
    # Every type alone, then after a char (misaligned start), then random.
    for t in TYPES:
        kernels.append([t])
        kernels.append(["char", t])
    while len(kernels) < count:
        kernels.append([rng.choice(TYPES) for _ in range(rng.randint(0, 9))])
    return kernels[:count]


def read_sections(path):
    """Maps section name to bytes for a 64-bit little-endian ELF file."""
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SystemExit(f"{path}: not a 64-bit ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = []
    for i in range(shnum):
        name, _, _, _, offset, size = struct.unpack_from(
            "<IIQQQQ", data, shoff + i * shentsize)
        headers.append((name, offset, size))
    strtab_off, strtab_size = headers[shstrndx][1], headers[shstrndx][2]
    strtab = data[strtab_off:strtab_off + strtab_size]
    sections = {}
    for name, offset, size in headers:
        end = strtab.index(b"\0", name)
        sections[strtab[name:end].decode()] = data[offset:offset + size]
    return sections


def cubin_layouts(path):
    """kernel -> (buffer size, [(offset, size)] by ordinal)."""
    layouts = {}
    for name, blob in read_sections(path).items():
        if not name.startswith(".nv.info."):
            continue
        params, buffer_size, pos = {}, 0, 0
        while pos + 4 <= len(blob):
            fmt, attr, value = struct.unpack_from("<BBH", blob, pos)
            pos += 4
            if fmt != EIFMT_SVAL:
                if attr == EIATTR_CBANK_PARAM_SIZE:
                    buffer_size = value
                continue
            payload = blob[pos:pos + value]
            pos += value
            if attr == EIATTR_KPARAM_INFO:
                _, ordinal, offset, flags = struct.unpack_from("<IHHI", payload)
                params[ordinal] = (offset, (flags >> 18) & 0x3FFF)
        layouts[name[len(".nv.info."):]] = (
            buffer_size, [params[i] for i in sorted(params)])
    return layouts


def tool_layouts(tool, source, arch):
    out = subprocess.run([tool, "--print-param-layout", source, "--",
                          f"--cuda-gpu-arch={arch}"],
                         check=True, capture_output=True, text=True).stdout
    layouts = {}
    for line in out.splitlines():
        _, name, size, align, offsets = line.split()
        offsets = offsets[len("offsets="):]
        layouts[name] = (int(size[len("size="):]), int(align[len("align="):]),
                         [int(o) for o in offsets.split(",")] if offsets else [])
    return layouts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", required=True, help="cdp-lower")
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--runtime-include", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--count", type=int, default=520)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--arch", action="append",
                        help="sm_XY to compare on (repeatable; default sm_90)")
    args = parser.parse_args()

    os.makedirs(args.workdir, exist_ok=True)
    kernels = generate_kernels(args.count, args.seed)
    types_h = os.path.join(args.workdir, "types.cuh")
    kernels_cu = os.path.join(args.workdir, "kernels.cu")
    asserts_cu = os.path.join(args.workdir, "runtime_asserts.cu")
    with open(types_h, "w") as f:
        f.write("#pragma once\n" + TYPE_DEFINITIONS)
    with open(kernels_cu, "w") as f:
        f.write('#include "types.cuh"\n')
        for i, params in enumerate(kernels):
            decl = ", ".join(f"{t} p{j}" for j, t in enumerate(params))
            f.write(f'extern "C" __global__ void k{i}({decl}) {{}}\n')

    failed = False
    for arch in args.arch or ["sm_90"]:
        failed |= not compare_arch(args, arch, kernels, kernels_cu, asserts_cu)
    return 1 if failed else 0


def compare_arch(args, arch, kernels, kernels_cu, asserts_cu):
    cubin = os.path.join(args.workdir, f"kernels_{arch}.cubin")
    subprocess.run([args.nvcc, "-cubin", f"-arch={arch}", "-rdc=true",
                    "-Wno-deprecated-declarations", kernels_cu, "-o", cubin],
                   check=True)
    truth = cubin_layouts(cubin)
    ours = tool_layouts(args.tool, kernels_cu, arch)

    mismatches, compared_params = [], 0
    for i, params in enumerate(kernels):
        name = f"k{i}"
        if name not in ours or name not in truth:
            mismatches.append(f"{name}: missing (tool: {name in ours}, "
                              f"cubin: {name in truth})")
            continue
        size, _, offsets = ours[name]
        true_size, true_params = truth[name]
        true_offsets = [o for o, _ in true_params]
        compared_params += len(params)
        if offsets != true_offsets or size != true_size:
            mismatches.append(
                f"{name}({', '.join(params)}): cdp-lower offsets={offsets} "
                f"size={size}; cubin offsets={true_offsets} size={true_size}")

    # The runtime's constexpr rule, in the device pass for the same arch,
    # must agree with what cdp-lower printed.
    with open(asserts_cu, "w") as f:
        f.write('#include "types.cuh"\n#include <cdp/launch.cuh>\n')
        f.write("#ifdef __CUDA_ARCH__\n")
        for i, params in enumerate(kernels):
            if f"k{i}" not in ours:
                continue
            size, align, offsets = ours[f"k{i}"]
            layout = f"cdp::ParamLayout<{', '.join(params)}>"
            f.write(f"static_assert({layout}::size == {size}, \"k{i}\");\n")
            f.write(f"static_assert({layout}::alignment == {align}, \"k{i}\");\n")
            for j, offset in enumerate(offsets):
                f.write(f"static_assert({layout}::offset({j}) == {offset}, "
                        f"\"k{i} p{j}\");\n")
        f.write("#endif\n")
    runtime = subprocess.run(
        [args.nvcc, f"-arch={arch}", "-rdc=true", "-std=c++17",
         "-Wno-deprecated-declarations", "-I", args.runtime_include, "-c",
         asserts_cu, "-o", os.path.join(args.workdir, "runtime_asserts.o")],
        capture_output=True, text=True)

    for line in mismatches:
        print(f"MISMATCH {arch} " + line)
    if runtime.returncode != 0:
        print(f"MISMATCH {arch} runtime rule:\n" + runtime.stderr[:4000])
    agrees = runtime.returncode == 0
    print(f"{arch}: signatures: {len(kernels)}, parameters: {compared_params}, "
          f"layout mismatches with the cubin: {len(mismatches)}, "
          f"runtime rule agrees: {'yes' if agrees else 'no'}")
    return not mismatches and agrees


if __name__ == "__main__":
    sys.exit(main())
