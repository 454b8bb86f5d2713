#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Program-level fuzzer: whole CDP programs, as users write them.

Each random program has child kernels (some templates, some in a namespace)
whose parameters are scalars, pointers, enums, structs and references to
global objects, and a parent
kernel that launches them in varied contexts: a plain statement, a branch, a
loop, a lambda, the arguments of a variadic macro, a __device__ function
template, a static member of a class template, a namespace-qualified child next to a local variable that shadows
the namespace's name, a child template with deduced arguments; into the
null, fire-and-forget and tail streams. Every child folds all of its
arguments into one value and writes it to its own slot, so the program's
output changes if any argument arrives wrong. The programs of --aggregate
also launch `guarded`, whose threads at or past a bound return at once
(which a serial run skips), and `phased`, a template with barriers and
shared memory (which a serial run takes phase by phase), over grids of 1D
and 2D blocks.

Here (no GPU): each program is lowered by cdp-lower, which must succeed
without a warning, and compiled by nvcc, both as written and as lowered.
With --keep DIR, the sources are kept for run_programs.sh, which builds and
runs both builds of each on a GPU and compares their outputs.

usage: program_fuzz.py --tool CDP_LOWER --nvcc NVCC --runtime INCLUDE_DIR
                       [--programs N] [--seed S] [--keep DIR] [--jobs N]
Prints one line per problem and a summary; exits 1 on any problem.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

THREADS = 4  # Parent threads; each writes its own slots.

def _prelude():
    """The top of every program: the types the children take and the hash
    they fold their arguments into. They are test/gpu/fuzz_prelude.cuh's,
    which the GPU tests that keep a fuzzer program include, so that both
    read one text."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "gpu", "fuzz_prelude.cuh")
    with open(path) as f:
        shared = f.read()
    # The header's own comment and include guard stay in the header.
    shared = shared[shared.index("#pragma once\n") + len("#pragma once\n"):]
    return ("#include <cstdio>\n" + shared + """
#define FUZZ_RUN(...)                                                          \\
  do {                                                                         \\
    __VA_ARGS__;                                                               \\
  } while (0)
""")


PRELUDE = _prelude()

# Parameter types: (spelling in the child, a C++ expression of that type
# built from the integer `{v}`, how the child folds it).
TYPES = [
    ("int", "int({v})", "fold(h, {p})"),
    ("unsigned char", "(unsigned char)({v})", "fold(h, {p})"),
    ("short", "(short)({v})", "fold(h, {p})"),
    ("long long", "(long long)({v}) * 1000003ll", "fold(h, {p})"),
    ("float", "float({v}) * 0.5f", "fold(h, {p})"),
    ("double", "double({v}) / 3.0", "fold(h, {p})"),
    ("fz::Mode", "(({v}) % 2 ? fz::Mode::On : fz::Mode::Off)", "fold(h, {p})"),
    ("fz::Pair", "fz::Pair{{int({v}), double({v}) * 0.25}}",
     "fold(fold(h, {p}.a), {p}.b)"),
    ("fz::Quad", "fz::Quad{{float({v}), 1.f, 2.f, float(-({v}))}}",
     "fold(fold(fold(fold(h, {p}.x), {p}.y), {p}.z), {p}.w)"),
    ("fz::Bytes", "fz::Bytes{{{{(unsigned char)({v}), 2, 3}}}}",
     "fold(fold(fold(h, {p}.v[0]), {p}.v[1]), {p}.v[2])"),
    ("fz::inner::Tag", "fz::inner::Tag{{(long long)({v})}}", "fold(h, {p}.id)"),
    ("const int *", "table + (({v}) & 7)", "fold(h, *{p})"),
    ("fz::HostBuilt", "fz::HostBuilt(int({v}))", "fold(h, {p}.value)"),
    ("fz::NoDefault", "fz::NoDefault((long long)({v}))", "fold(h, {p}.get())"),
    ("const int &", "fz::refInts[(({v}) & 7)]",
     "fold(fold(h, {p}), &{p} - fz::refInts)"),
    ("const fz::Pair &", "fz::refPairs[(({v}) & 7)]",
     "fold(fold(fold(h, {p}.a), {p}.b), &{p} - fz::refPairs)"),
]
# A template child's first parameter is `T`, by value, whatever the type:
# never one of these (its fold would read the address of a copy).
REFERENCES = {i for i, t in enumerate(TYPES) if t[0].endswith("&")}

STREAMS = ["", ", 0, 0", ", 0, cudaStreamFireAndForget",
           ", 0, cudaStreamTailLaunch"]


# Aggregation markers (with --aggregate): the launch's stream wrapped.
MARKERS = ["cdp::aggregate::warp({s})", "cdp::aggregate::block({s})",
           "cdp::aggregate::grid({s})"]
MARKED_STREAMS = ["0", "cudaStreamFireAndForget", "cudaStreamTailLaunch"]


class Program:
    def __init__(self, seed, aggregate=False):
        self.rng = random.Random(seed)
        self.seed = seed
        self.aggregate = aggregate
        self.children = []  # (name, [type indices], template?, namespace?)
        self.sites = 0
        self.slots = 0
        # Aggregation changes what a block and a warp share: its programs
        # also run 32- and 1,024-thread parents.
        self.threads = (self.rng.choice([4, 32, 1024]) if aggregate
                        else THREADS)

    def child(self, index):
        rng = self.rng
        types = [rng.randrange(len(TYPES)) for _ in range(rng.randint(1, 6))]
        template = rng.random() < 0.3
        if template and types[0] in REFERENCES:
            types[0] = 0
        namespaced = not template and rng.random() < 0.3
        name = f"child{index}"
        self.children.append((name, types, template, namespaced))
        params = ["unsigned long long *out", "int slot"]
        folds = []
        for i, t in enumerate(types):
            spelled = "T" if template and i == 0 else TYPES[t][0]
            params.append(f"{spelled} p{i}")
            folds.append(TYPES[t][2].format(p=f"p{i}"))
        header = "template <class T>\n" if template else ""
        body = "  unsigned long long h = 1469598103934665603ull;\n"
        body += "".join(f"  h = {f};\n" for f in folds)
        body += "  out[slot] = h;\n"
        text = (f"{header}__global__ void {name}({', '.join(params)}) {{\n"
                f"{body}}}\n")
        if namespaced:
            text = f"namespace fz {{\nnamespace kids {{\n{text}}} // namespace kids\n}} // namespace fz\n"
        return text

    def call(self, child, values, slot_expr, stream, first=None):
        """The launch of `child`; `first`, when given, is its first
        argument as written (of the launching template's type)."""
        name, types, template, namespaced = child
        args = ["out", slot_expr]
        for t, v in zip(types, values):
            args.append(TYPES[t][1].format(v=v))
        if first is not None:
            args[2] = first
        callee = f"fz::kids::{name}" if namespaced else name
        return f"{callee}<<<1, 1{stream}>>>({', '.join(args)})"

    def site(self, context):
        """One launch in `context`, with the code around it; the slots it
        writes are new ones."""
        rng = self.rng
        THREADS = self.threads
        child = rng.choice(self.children)
        stream = rng.choice(STREAMS)
        # A marker, where one may stand: in the kernel's own body.
        if (self.aggregate and context in ("plain", "branch", "loop")
                and rng.random() < 0.3):
            stream = ", 0, " + rng.choice(MARKERS).format(
                s=rng.choice(MARKED_STREAMS))
        if self.aggregate and context == "plain" and rng.random() < 0.3:
            return self.recursion(stream)
        if context == "guarded":
            return self.guarded()
        if context == "phased":
            return self.phased()
        values = [f"t + {rng.randint(0, 90)}" for _ in child[1]]
        base = self.slots
        if context == "loop":
            self.slots += 2 * THREADS
            launch = self.call(child, [v.replace("t", "(t + i)") for v in values],
                               f"{base} + i * {THREADS} + t", stream)
            return f"  for (int i = 0; i < 2; ++i)\n    {launch};\n"
        self.slots += THREADS
        slot = f"{base} + t"
        launch = self.call(child, values, slot, stream)
        if context == "branch":
            other = self.call(child, [f"{v} + 1" for v in values], slot, stream)
            return (f"  if (t % 2 == {rng.randint(0, 1)})\n    {launch};\n"
                    f"  else\n    {other};\n")
        if context == "lambda":
            return (f"  auto go{base} = [&](int t) {{ {launch}; }};\n"
                    f"  go{base}(t);\n")
        if context == "macro":
            return f"  FUZZ_RUN({launch});\n"
        if context == "shadow":
            # A local named like the namespace: `fz::...` in the lowered
            # code must still name the namespace.
            return f"  {{\n    int fz = t;\n    (void)fz;\n    {launch.replace('fz::', '::fz::')};\n  }}\n"
        return f"  {launch};\n"

    def guarded(self):
        """A launch of `guarded`, whose threads at or past x index `n`
        return at once: a serial run skips them in a 1D grid (never in a
        2D block). Its bound may be below zero, inside the grid or past
        it; every thread that gets past the guard adds a hash of its
        indices to the slot, so that one skipped or run twice shows."""
        rng = self.rng
        base = self.slots
        self.slots += self.threads
        grid = rng.randint(1, 3)
        block = rng.choice(["8", "20", "dim3(4, 3)"])
        bound = rng.choice(["t % 7 - 2", f"t + {rng.randint(20, 70)}",
                            f"{rng.randint(0, 9)}"])
        return (f"  guarded<<<{grid}, {block}, 0, cudaStreamFireAndForget>>>"
                f"(out, {base} + t, {bound}, {rng.randint(0, 99)});\n")

    def phased(self):
        """A launch of `phased`, a template with shared memory and
        barriers, which a serial run takes phase by phase: each thread
        reads what its neighbour wrote before the barrier, and the block's
        first thread adds the block's total after the second."""
        rng = self.rng
        base = self.slots
        self.slots += self.threads
        grid = rng.randint(1, 3)
        block = rng.choice(["8", "20", "dim3(4, 3)"])
        salt = rng.choice([f"t + {rng.randint(0, 99)}",
                           f"(long long)(t * {rng.randint(2, 9)})"])
        return (f"  phased<<<{grid}, {block}, 0, cudaStreamFireAndForget>>>"
                f"(out, {base} + t, {salt});\n")

    def held_at_end(self):
        """A kernel whose one launch (of `guarded` or `phased`) is in a
        branch whose other way works, which --optimize holds for the end
        of the launching thread (cdp::serial::Later): the branch returns
        and work follows, or an else works. Grid and block are numbers or
        dim3, so that the run is held both as `unsigned` and as dim3."""
        rng = self.rng
        launch = rng.choice([self.guarded, self.phased])().strip()
        if rng.random() < 0.5:
            grid = launch[launch.index("<<<") + 3:launch.index(",")]
            launch = launch.replace(f"<<<{grid},", f"<<<dim3({grid}),", 1)
        base = self.slots
        self.slots += self.threads
        work = f"out[{base} + t] = fold(1ull, t * {rng.randint(2, 9)});"
        test = f"t % {rng.randint(2, 5)} == {rng.randint(0, 1)}"
        if rng.random() < 0.5:
            body = (f"  if ({test}) {{\n    {launch}\n    return;\n  }}\n"
                    f"  {work}\n")
        else:
            body = f"  if ({test})\n    {launch}\n  else\n    {work}\n"
        return ("__global__ void heldAtEnd(unsigned long long *out) {\n"
                "  int t = threadIdx.x;\n" + body + "}\n")

    def relay(self):
        """`relay`, a child whose threads launch `guarded` (some of them)
        and `phased` (all), and `relayParent`, which launches it from the
        lanes of one half of its warps: a serial run of the relay is held
        by a group of a split warp, and the runs of its own launches are
        then made inside it. Drawn from a generator of its own, after
        everything else, so that the rest of a seed's program is as it was
        before the relay came."""
        rng = random.Random(self.seed * 7919 + 1)
        base = self.slots
        self.slots += self.threads
        return ("__global__ void relay(unsigned long long *out, int slot, "
                "int n, int salt) {\n"
                "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                "  if (i >= n)\n    return;\n"
                f"  if (i % 3 == {rng.randint(0, 2)})\n"
                "    guarded<<<1, 8, 0, cudaStreamFireAndForget>>>(out, slot, "
                "i + 2, salt + i);\n"
                "  phased<<<1, 8, 0, cudaStreamFireAndForget>>>(out, slot, "
                "salt * 3 + i);\n}\n"
                "__global__ void relayParent(unsigned long long *out) {\n"
                "  int t = threadIdx.x;\n"
                f"  if (t % 2 == {rng.randint(0, 1)})\n    return;\n"
                "  relay<<<1, 8, 0, cudaStreamFireAndForget>>>(out, "
                f"{base} + t, 1 + t % {rng.randint(3, 8)}, "
                f"t + {rng.randint(0, 99)});\n}}\n")

    def shaped(self):
        """`shaped`, a child that learns its block's size from a function
        it calls (so that its aggregated copy takes batches of one block
        shape), and `shapedParent`, whose threads launch it with one of six
        block shapes and whose blocks' first threads launch it once more
        (which --optimize leaves unaggregated). Drawn from a generator of
        its own, after everything else, as the relay is."""
        rng = random.Random(self.seed * 7919 + 2)
        base = self.slots
        self.slots += 2 * self.threads + 2
        first = base + 2 * self.threads
        return ("__device__ unsigned blockThreads() {\n"
                "  return blockDim.x * blockDim.y;\n}\n"
                "__global__ void shaped(unsigned long long *out, int slot, "
                "int salt) {\n"
                "  const unsigned i = threadIdx.y * blockDim.x + threadIdx.x;\n"
                "  atomicAdd(&out[slot], fold(fold(fold(1ull, salt), i), "
                "blockThreads() * 131 + blockIdx.x));\n}\n"
                "__global__ void shapedParent(unsigned long long *out) {\n"
                "  int t = blockIdx.x * blockDim.x + threadIdx.x;\n"
                f"  if (t % 5 != {rng.randint(0, 4)})\n"
                "    shaped<<<1 + t % 2, dim3(1 + t % 3, 1 + t / 3 % 2), 0, "
                f"cudaStreamFireAndForget>>>(out, {base} + t, "
                f"t + {rng.randint(0, 99)});\n"
                "  if (threadIdx.x == 0)\n"
                f"    shaped<<<{rng.randint(1, 3)}, dim3(3, 2), 0, "
                f"cudaStreamFireAndForget>>>(out, {first} + blockIdx.x, "
                f"{rng.randint(0, 99)});\n}}\n")

    def solo(self):
        """`soloParent`, whose launch a single thread of each block makes,
        once or in a loop, under one of four guards (a branch, or an early
        return of the other threads), in blocks of one
        dimension or of two (where the guard, which tests x alone, passes
        one thread of each row, all in one warp), and in that thread's
        branch perhaps a second launch or a read of the launch's error
        (the one thread may call the runtime as it likes there): cdp-lower
        opens its launches with cdp::oneThreadOfBlock, and the runtime
        skips the turn in the one-dimensional blocks only. Drawn from a
        generator of its own, after everything else, as the relay is."""
        rng = random.Random(self.seed * 7919 + 3)
        child = rng.choice(self.children)
        blocks = rng.randint(2, 6)
        shape = rng.choice(["32", "20", "64", "dim3(8, 4)"])
        base = self.slots
        self.slots += 3 * blocks
        guard = rng.choice(["threadIdx.x == 0", "threadIdx.x == blockDim.x - 1",
                            "g == 0", "g == blockDim.x"])
        count = rng.randint(1, 2)
        values = [f"b + i + {rng.randint(0, 90)}" for _ in child[1]]
        launch = self.call(child, values, f"{base} + 2 * b + i",
                           rng.choice(STREAMS))
        extra = ""
        if rng.random() < 0.3:
            second = rng.choice(self.children)
            extra += "      " + self.call(
                second, [f"b + {rng.randint(0, 90)}" for _ in second[1]],
                f"{base + 2 * blocks} + b", rng.choice(STREAMS)) + ";\n"
        if rng.random() < 0.3:
            extra += "      (void)cudaGetLastError();\n"
        # Drawn last, so that the draws above are those of earlier seeds.
        if rng.random() < 0.35:
            # The other threads sent home first.
            exit_test = guard.replace("==", "!=")
            guarded = f"  if ({exit_test})\n    return;\n"
        else:
            guarded = f"  if ({guard})\n"
        text = ("__global__ void soloParent(unsigned long long *out, "
                "const int *table) {\n"
                "  const int b = blockIdx.x;\n"
                "  const int g = blockIdx.x * blockDim.x + threadIdx.x;\n"
                "  (void)g;\n"
                f"{guarded}"
                f"    for (int i = 0; i < {count}; ++i) {{\n"
                f"      {launch};\n{extra}    }}\n}}\n")
        return text, f"  soloParent<<<{blocks}, {shape}>>>(out, table);\n"

    def lambdas(self):
        """`viaLambda`, a kernel template that calls the function object it
        is given, and `lambdaParent`, whose threads launch it with a lambda
        held in a variable, a lambda written in the launch and an object of
        an unnamed class: instances no source can name, lowered with the
        kernel named last, left unaggregated and uncoarsened (saying so),
        and run serially by --threshold. Drawn from a generator of its own,
        after everything else, as the relay is."""
        rng = random.Random(self.seed * 7919 + 4)
        threads = 2 * self.threads
        base = self.slots
        self.slots += 3 * threads
        streams = [rng.choice(STREAMS) for _ in range(3)]
        text = ("template <class F>\n"
                "__global__ void viaLambda(unsigned long long *out, int slot, "
                "F f, int n) {\n"
                "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                "  if (i < n)\n"
                "    atomicAdd(&out[slot], fold(fold(1ull, f(i)), i));\n}\n"
                "__global__ void lambdaParent(unsigned long long *out) {\n"
                "  const int t = blockIdx.x * blockDim.x + threadIdx.x;\n"
                f"  const int salt = t * {rng.randint(2, 99)} + "
                f"{rng.randint(0, 999)};\n"
                "  auto scaled = [salt](int i) { return salt * 3 + i; };\n"
                f"  if (t % {rng.randint(2, 5)} != {rng.randint(0, 1)})\n"
                f"    viaLambda<<<1 + t % 2, 16{streams[0]}>>>(out, "
                f"{base} + t, scaled, {rng.randint(8, 32)} + t % 7);\n"
                f"  viaLambda<<<1, 8{streams[1]}>>>(out, {base + threads} "
                "+ t, [=](int i) { return salt ^ (i * 7); }, "
                f"{rng.randint(1, 8)});\n"
                "  struct {\n    int k;\n"
                "    __device__ int operator()(int i) const { return k - i; }\n"
                "  } minus{salt};\n"
                f"  viaLambda<<<1, 4{streams[2]}>>>(out, {base + 2 * threads}"
                " + t, minus, 4);\n}\n")
        return text, "  lambdaParent<<<2, parentBlock>>>(out);\n"

    def recursion(self, stream):
        """A launch of `descend`, which launches itself down to depth 0,
        each level writing its own slot."""
        base = self.slots
        self.slots += 4 * self.threads
        return (f"  descend<<<1, 1{stream}>>>(out, {base} + t, 3, "
                f"{self.threads});\n")

    def source(self):
        rng = self.rng
        THREADS = self.threads
        children = "".join(self.child(i) for i in range(rng.randint(2, 4)))
        contexts = ["plain", "branch", "loop", "lambda", "macro", "shadow"]
        guarded = ""
        if self.aggregate:
            contexts += ["guarded", "phased"]
            guarded = (
                "__global__ void guarded(unsigned long long *out, int slot, "
                "int n, int salt) {\n"
                "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                "  if (i >= n)\n    return;\n"
                "  atomicAdd(&out[slot], fold(fold(fold(fold(1ull, salt), i), "
                "threadIdx.y), blockIdx.x));\n}\n"
                "template <class T>\n"
                "__global__ void phased(unsigned long long *out, int slot, "
                "T salt) {\n"
                "  __shared__ unsigned long long total;\n"
                "  __shared__ T mine[64];\n"
                "  const int i = threadIdx.y * blockDim.x + threadIdx.x;\n"
                "  if (i == 0)\n    total = 0;\n"
                "  mine[i] = salt + T(i);\n"
                "  __syncthreads();\n"
                "  const int next = (i + 1) % int(blockDim.x * blockDim.y);\n"
                "  atomicAdd(&total, fold(fold(1ull, mine[next]), i));\n"
                "  __syncthreads();\n"
                "  if (i == 0)\n"
                "    atomicAdd(&out[slot], fold(total, blockIdx.x));\n}\n")
        body = ""
        helper = ""
        for _ in range(rng.randint(4, 8)):
            body += self.site(rng.choice(contexts))
        # A __device__ function template that launches, called twice.
        child = rng.choice(self.children)
        base = self.slots
        self.slots += 2 * THREADS
        values = [f"int(x) + {rng.randint(0, 9)}" for _ in child[1]]
        helper = ("template <class X>\n__device__ void launchFrom(unsigned long long *out, "
                  "const int *table, X x, int slot) {\n"
                  f"  {self.call(child, values, 'slot', rng.choice(STREAMS))};\n}}\n")
        body += (f"  launchFrom(out, table, t, {base} + t);\n"
                 f"  launchFrom(out, table, float(t) + 0.5f, {base + THREADS} + t);\n")
        # The same from a static member of a class template (as dragon_li
        # launches from `BfsCdpDevice<Settings>`), called for two types. A
        # template child whose first parameter folds any arithmetic type
        # takes an `X` there, so that the class's parameter chooses the
        # kernel (`child<X>` by deduction), as `Settings` does there.
        by_type = [c for c in self.children
                   if c[2] and TYPES[c[1][0]][2] == "fold(h, {p})"]
        child = rng.choice(by_type or self.children)
        base = self.slots
        self.slots += 2 * THREADS
        values = [f"int(x) + {rng.randint(0, 9)}" for _ in child[1]]
        first = f"X(int(x) + {rng.randint(0, 9)})" if by_type else None
        helper += ("template <class X> struct Launcher {\n"
                   "  static __device__ void from(unsigned long long *out, "
                   "const int *table, X x, int slot) {\n"
                   f"    {self.call(child, values, 'slot', rng.choice(STREAMS), first)};\n"
                   "  }\n};\n")
        body += (f"  Launcher<int>::from(out, table, t, {base} + t);\n"
                 f"  Launcher<float>::from(out, table, float(t) + 0.5f, "
                 f"{base + THREADS} + t);\n")
        recursive = ""
        if self.aggregate:
            recursive = (
                "__global__ void descend(unsigned long long *out, int slot, "
                "int depth, int stride) {\n"
                "  out[slot + depth * stride] = fold(fold(1ull, slot), depth);\n"
                "  if (depth > 0)\n"
                f"    descend<<<1, 1{rng.choice(STREAMS)}>>>(out, slot, "
                "depth - 1, stride);\n}\n")
        parent = ("__global__ void parent(unsigned long long *out, const int *table) {\n"
                  "  int t = threadIdx.x;\n" + body + "}\n")
        # A second parent that launches only `phased`, which --optimize
        # leaves unaggregated so that its small grids run in phases; one
        # launch in a branch splits the warp first.
        phased_only, launch_phased_only = "", ""
        relay, launch_relay = "", ""
        held, launch_held = "", ""
        if self.aggregate:
            held = self.held_at_end()
            launch_held = "  heldAtEnd<<<1, parentBlock>>>(out);\n"
            first = self.phased()
            split = self.phased().replace("  phased", "    phased", 1)
            phased_only = ("__global__ void phasedOnly(unsigned long long *out) {\n"
                           "  int t = threadIdx.x;\n" + first +
                           f"  if (t % 3 == {rng.randint(0, 2)})\n" + split +
                           "}\n")
            launch_phased_only = "  phasedOnly<<<1, parentBlock>>>(out);\n"
            relay = self.relay() + self.shaped()
            launch_relay = ("  relayParent<<<1, parentBlock>>>(out);\n"
                            "  shapedParent<<<2, parentBlock>>>(out);\n")
        solo, launch_solo = self.solo()
        lambdas, launch_lambdas = self.lambdas()
        main = f"""
int main() {{
  const int slots = {self.slots};
  unsigned long long *out;
  int *table;
  cudaMalloc(&out, slots * sizeof(unsigned long long));
  cudaMemset(out, 0, slots * sizeof(unsigned long long));
  int host[8] = {{3, 1, 4, 1, 5, 9, 2, 6}};
  cudaMalloc(&table, sizeof host);
  cudaMemcpy(table, host, sizeof host, cudaMemcpyHostToDevice);
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * slots + 4096);
  // Not a constant: --optimize chooses for these parents as for any,
  // not as for a parent of one warp in all, which launches as written.
  int parentBlock = {THREADS};
  parent<<<1, parentBlock>>>(out, table);
{launch_phased_only}{launch_held}{launch_relay}{launch_solo}{launch_lambdas}  cudaError_t e = cudaDeviceSynchronize();
  static unsigned long long result[slots];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("seed {self.seed}: %s\\n", cudaGetErrorString(e));
  for (int i = 0; i < slots; ++i)
    std::printf("%d %llx\\n", i, result[i]);
  return e != cudaSuccess;
}}
"""
        include = "#include <cdp/aggregate.cuh>\n" if self.aggregate else ""
        return (include + PRELUDE + children + guarded + recursive + helper +
                parent + phased_only + held + relay + solo + lambdas + main)



def kernel_text(text, name):
    """Kernel `name`'s definition in `text`, up to its closing brace at the
    start of a line."""
    start = text.index(f"__global__ void {name}(")
    end = text.find("\n}\n", start)
    return text[start:end]


# The warning of a serial run whose child launches into its null stream.
SERIAL_ORDERS_LAUNCHES = "launches grids into its null stream"


def lower(options, original, output, flags, allowed):
    """Lowers `original` into `output`; the problem as a line, or None.
    Warnings whose text holds one of `allowed` are expected."""
    tool = subprocess.run([options.tool, *flags, original, "-o", output, "--",
                           "--cuda-gpu-arch=sm_90"],
                          capture_output=True, text=True)
    unexpected = [l for l in tool.stderr.splitlines()
                  if "warning:" in l and not any(a in l for a in allowed)]
    if tool.returncode != 0 or unexpected:
        first = ([l for l in tool.stderr.splitlines() if "error" in l] +
                 unexpected + ["no message"])[0]
        return f"cdp-lower {' '.join(flags)}: {first}"
    return None


def check(options, seed, work):
    """Problems with program `seed` (lowered and compiled), as lines."""
    source = Program(seed, options.aggregate or options.threshold or
                     options.coarsen or options.optimize).source()
    name = f"program_{seed}"
    original = os.path.join(work, name + ".cu")
    with open(original, "w") as f:
        f.write(source)
    # The plain lowering, then (with --aggregate) each granularity, with
    # every child's launches declared independent of stream order: only
    # the launches aggregation must refuse (in a macro, by block and grid
    # those of a lambda and of the __device__ function template) are
    # left, each with its warning. A lambda of the parent's is
    # unattributed, which clang makes __host__ __device__: it runs on the
    # GPU alone, and is aggregated by warp, run serially and coarsened.
    variants = [("lowered", [], ())]
    if options.aggregate:
        variants += [(g, [f"--aggregate={g}", "--aggregate-unordered=all"],
                      ("is not aggregated",))
                     for g in ("warp", "block", "grid")]
    # --threshold, alone and over warp aggregation: a launch it refuses
    # (barriers, shared memory, recursion, ...) says so and launches, and
    # one run serially whose child launches into its null stream says what
    # that costs.
    if options.threshold:
        refused = ("always launches a grid under --threshold",
                   "is not aggregated", SERIAL_ORDERS_LAUNCHES)
        variants += [
            ("thresh", ["--threshold=64", "--aggregate-unordered=all"],
             refused),
            ("threshwarp", ["--threshold=64", "--aggregate=warp",
                            "--aggregate-unordered=all"], refused)]
    # --coarsen=3 (a factor that leaves a short last block group), alone
    # and under --threshold: a launch it refuses says so and launches.
    if options.coarsen:
        refused = ("keeps one block per block asked for under --coarsen",
                   "always launches a grid under --threshold",
                   SERIAL_ORDERS_LAUNCHES)
        variants += [
            ("coarse", ["--coarsen=3"], refused),
            ("coarsethresh", ["--coarsen=3", "--threshold=64",
                              "--aggregate-unordered=all"], refused)]
    # --optimize: the transforms chosen per launch. What it does not
    # choose goes unreported, so no warning is allowed.
    if options.optimize:
        variants += [("optimize", ["--optimize", "--aggregate-unordered=all"],
                      ())]
    # --instrument: the launches as written, each counted first; the
    # program prints what it prints as written.
    if options.instrument:
        variants += [("instrument", ["--instrument"],
                      ("is lowered but not counted under --instrument",))]
    outputs = [original]
    for variant, flags, allowed in variants:
        output = os.path.join(work, f"{name}.{variant}.cu")
        problem = lower(options, original, output, flags, allowed)
        if problem:
            return [f"seed {seed}: {problem}"]
        outputs.append(output)
        # soloParent's launches, made by one thread of each block, take no
        # runtime turn where they are lowered as written.
        if variant == "lowered":
            with open(output) as f:
                lowered = kernel_text(f.read(), "soloParent")
            if (lowered.count("(cdp::oneThreadOfBlock, ") !=
                    kernel_text(source, "soloParent").count("<<<")):
                return [f"seed {seed}: a launch of soloParent is not "
                        "opened with cdp::oneThreadOfBlock"]
        # The kernel made for it has its run held for the thread's end.
        if variant == "optimize" and "heldAtEnd" in source:
            with open(output) as f:
                if "cdp_later.run<" not in f.read():
                    return [f"seed {seed}: --optimize did not hold "
                            "heldAtEnd's run for the thread's end"]
    problems = []
    for path in outputs if not options.lower_only else []:
        nvcc = subprocess.run([options.nvcc, "-rdc=true", "-arch=sm_90",
                               "-std=c++17", "-I" + options.runtime, path,
                               "-o", path + ".bin", "-lcudadevrt"],
                              capture_output=True, text=True)
        if nvcc.returncode != 0:
            errors = [l for l in nvcc.stdout.splitlines() +
                      nvcc.stderr.splitlines() if "error" in l]
            problems.append(f"seed {seed}: nvcc {os.path.basename(path)}: "
                            f"{(errors or ['failed'])[0]}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", required=True)
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--programs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep")
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--lower-only", action="store_true",
                        help="lower only; leave the nvcc builds to "
                        "run_programs.sh (with --keep)")
    parser.add_argument("--aggregate", action="store_true",
                        help="also lower each program at every aggregation "
                        "granularity (with markers, recursion, class "
                        "parameters and 1,024-thread parents)")
    parser.add_argument("--threshold", action="store_true",
                        help="the programs of --aggregate, lowered with "
                        "--threshold=64 alone and over warp aggregation")
    parser.add_argument("--coarsen", action="store_true",
                        help="the programs of --aggregate, lowered with "
                        "--coarsen=3 alone and under --threshold=64")
    parser.add_argument("--optimize", action="store_true",
                        help="the programs of --aggregate, lowered with "
                        "--optimize (and --aggregate-unordered=all)")
    parser.add_argument("--instrument", action="store_true",
                        help="also lower each program with --instrument")
    options = parser.parse_args()
    work = options.keep or tempfile.mkdtemp(prefix="cdp-program-fuzz.")
    os.makedirs(work, exist_ok=True)
    seeds = range(options.seed, options.seed + options.programs)
    with ThreadPoolExecutor(options.jobs) as pool:
        results = list(pool.map(lambda s: check(options, s, work), seeds))
    problems = [p for r in results for p in r]
    for p in problems:
        print(p)
    print(f"{options.programs} programs: {len(problems)} problems")
    if not options.keep:
        shutil.rmtree(work)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
