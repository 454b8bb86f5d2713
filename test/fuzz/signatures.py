# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random kernel signatures for the layout fuzzer.

A Generator makes type declarations and kernel parameter lists from a seeded
random source, so that a seed names one file forever. The types cover what a
kernel parameter can be: scalars, pointers, enums, CUDA vector types (with
CUDA 13's _16a/_32a), __half/__nv_bfloat16, __int128, structs with __align__
or alignas up to 1024, nested structs, arrays, unions, empty structs and
empty bases, [[no_unique_address]] members, bitfields and packed structs.
"""
import os
import random

SCALARS = [
    "char", "signed char", "unsigned char", "short", "unsigned short", "int",
    "unsigned", "long", "long long", "unsigned long long", "float", "double",
    "bool", "__int128", "unsigned __int128",
]
POINTERS = ["int *", "const float *", "void *", "double *", "char *"]
VECTORS = [
    "char2", "char3", "uchar4", "short2", "short3", "int2", "int3", "int4",
    "float2", "float3", "float4", "double2", "double3", "longlong2",
    "double4_16a", "double4_32a", "long4_16a", "long4_32a",
    "ulonglong4_16a", "ulonglong4_32a",
]
HALVES = ["__half", "__half2", "__nv_bfloat16", "__nv_bfloat162"]
PACKED_RATE = float(os.environ.get("CDP_FUZZ_PACKED_RATE", "0.05"))
ALIGNMENTS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]

PRELUDE = """\
#include <cuda_fp16.h>
#include <cuda_bf16.h>
enum Small : char { SmallA, SmallB };
enum class Wide : long long { A = 1, B = 1LL << 40 };
enum Plain { PlainA, PlainB };
struct Empty {};
struct Empty2 {};
"""


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)
        self.declarations = []
        self.count = 0

    def _name(self, prefix):
        self.count += 1
        return f"{prefix}{self.count}"

    def leaf(self):
        r = self.random.random()
        if r < 0.35:
            return self.random.choice(SCALARS)
        if r < 0.5:
            return self.random.choice(POINTERS)
        if r < 0.6:
            return self.random.choice(["Small", "Wide", "Plain"])
        if r < 0.8:
            return self.random.choice(VECTORS)
        if r < 0.9:
            return self.random.choice(HALVES)
        return "Empty"

    def member_type(self, depth):
        if depth < 2 and self.random.random() < 0.3:
            return self.record(depth + 1)
        return self.leaf()

    def record(self, depth=0):
        """Declares a struct or union and returns its name."""
        rnd = self.random
        name = self._name("R")
        kind = "union" if rnd.random() < 0.1 else "struct"
        attributes = []
        align = None
        if rnd.random() < 0.3:
            align = rnd.choice(ALIGNMENTS)
            spelling = rnd.choice(["__align__({})", "alignas({})"])
            attributes.append(spelling.format(align))
        # After the braces, where GCC (the host compiler) takes it with
        # alignas in the class head.
        packed = rnd.random() < PACKED_RATE
        members = []
        nested = False
        for i in range(rnd.randint(0 if kind == "struct" else 1, 4)):
            if kind == "struct" and rnd.random() < 0.12:
                base_type = rnd.choice(["int", "unsigned", "short", "char",
                                        "long long"])
                width = rnd.randint(1, 7)
                members.append(f"{base_type} m{i} : {width};")
                continue
            # Only beside data other than a bitfield: nvcc compiles no kernel
            # taking such a struct ("Empty parameter types are not
            # supported", nvcc 13.0).
            has_data = any("Empty m" not in m and " : " not in m
                           for m in members)
            if kind == "struct" and has_data and rnd.random() < 0.04:
                members.append(f"[[no_unique_address]] Empty m{i};")
                continue
            member = self.member_type(depth)
            nested |= member.startswith("R")
            if rnd.random() < 0.15:
                members.append(f"{member} m{i}[{rnd.randint(1, 5)}];")
            else:
                members.append(f"{member} m{i};")
        bases = ""
        if kind == "struct" and rnd.random() < 0.15:
            bases = " : " + rnd.choice(["Empty", "Empty, Empty2"])
        # alignas below a member's natural alignment is an error (leaf types
        # are at most 32-aligned); __align__ below it is ignored.
        if align is not None and (align < 32 or nested):
            attributes[0] = f"__align__({align})"
        head = f"{kind} {' '.join(attributes)} {name}{bases}".replace("  ", " ")
        tail = " __attribute__((packed))" if packed else ""
        self.declarations.append(
            f"{head} {{ {' '.join(members)} }}{tail};")
        return name

    def parameter(self):
        r = self.random.random()
        if r < 0.45:
            return self.record()
        if r < 0.55:
            return self.random.choice(POINTERS)
        return self.leaf()

    def signature(self, max_params=8):
        return [self.parameter()
                for _ in range(self.random.randint(1, max_params))]
