#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Adds a check to cdp-lower, as clang-tidy's add_new_check.py does.

usage: scripts/new-check.py [--root DIR] <cdp-name> <Class> <level> <summary>

  scripts/new-check.py cdp-device-malloc DeviceMalloc warning \\
      "malloc() in device code, from the small device heap"

writes lib/Checks/<Class>Check.cpp (a matcher and a callback that report
calls of a placeholder function: replace both), its row in
lib/Checks/Checks.def, its source in lib/Checks/CMakeLists.txt, its page
docs/checks/<cdp-name>.md (built into --explain) and its test
test/Checks/<name>.cu, which runs the tool and the plugin and passes as
written. Build, run the test, then make the check yours.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

LEVELS = {"error": "Error", "warning": "Warning", "remark": "Remark",
          "off": "Off"}

CHECK_CPP = """\
//===- {Class}Check.cpp - {Summary} {Fill}===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// {Name}. Say here what the rule is and where the guides say it.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {{
namespace {{

class {Class}Check : public Check {{
public:
  using Check::Check;

  // Replace the placeholder: match what the rule is about.
  void registerMatchers(MatchFinder &Finder) override {{
    Finder.addMatcher(
        callExpr(callee(functionDecl(hasName("{Placeholder}")))).bind("call"),
        this);
  }}

  void run(const MatchFinder::MatchResult &Result) override {{
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
    // Once per written call, and only where it runs on the GPU.
    if (!Call || !deviceSiteToCheck(*Call))
      return;
    diag(Call->getBeginLoc(), "call of '{Placeholder}' in device code");
  }}
}};

}} // namespace

std::unique_ptr<Check> create{Class}Check(StringRef Name,
                                          CheckContext &Context) {{
  return std::make_unique<{Class}Check>(Name, Context);
}}

}} // namespace cdp
"""

DOC = """\
# {Name}

Default: **{level}**. {Summary}.

## The rule

Say what the guides say, with the section, and what was measured.

## Bad

```cuda
__global__ void parent() {{ {Placeholder}(); }}
```

## Good

```cuda
```

## Fix

"""

TEST = """\
// RUN: {Not}%cdp-lower --check-only %s 2>&1 \\
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: {Not}%clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \\
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// {Name}: {Summary}.

__device__ void {Placeholder}() {{}}

__global__ void parent() {{
  // CHECK: {File}:[[@LINE+1]]:3: {diag_level}: call of '{Placeholder}' in device code [-W{Name}]
  {Placeholder}();
}}

// Not reported: the host's call.
void host() {{}}
"""


def banner_fill(head, tail="===//"):
    return "-" * max(1, 80 - len(head) - len(tail))


def insert_sorted_source(cmake, source):
    lines = cmake.split("\n")
    checks = [i for i, l in enumerate(lines)
              if re.match(r"\s+\w+Check\.cpp\)?$", l)]
    if not checks:
        sys.exit("new-check.py: no check sources in lib/Checks/CMakeLists.txt")
    at = next((i for i in checks if lines[i].strip().rstrip(")") > source),
              None)
    if at is None:  # after the last check source
        at = checks[-1] + 1
    lines.insert(at, "  " + source)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(
        description="Add a check: its file, row, page and test.")
    parser.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("name", help="the -W name, cdp-...")
    parser.add_argument("cls", metavar="Class",
                        help="CamelCase; the check is <Class>Check")
    parser.add_argument("level", choices=sorted(LEVELS))
    parser.add_argument("summary", help="one line, for --list-checks")
    args = parser.parse_args()

    if not re.fullmatch(r"cdp-[a-z0-9]+(-[a-z0-9]+)*", args.name):
        sys.exit(f"new-check.py: '{args.name}' is not a cdp-... name "
                 "in lower case with dashes")
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", args.cls) or \
            args.cls.endswith("Check"):
        sys.exit(f"new-check.py: '{args.cls}' is not a CamelCase class name "
                 "(without 'Check')")
    root = os.path.abspath(args.root)
    short = args.name[len("cdp-"):]
    placeholder = "replaceMe" + args.cls
    summary = args.summary.rstrip(".")
    paths = {
        "cpp": os.path.join(root, "lib/Checks", args.cls + "Check.cpp"),
        "def": os.path.join(root, "lib/Checks/Checks.def"),
        "cmake": os.path.join(root, "lib/Checks/CMakeLists.txt"),
        "doc": os.path.join(root, "docs/checks", args.name + ".md"),
        "test": os.path.join(root, "test/Checks", short + ".cu"),
    }
    for key in ("cpp", "doc", "test"):
        if os.path.exists(paths[key]):
            sys.exit(f"new-check.py: {paths[key]} exists already")
    definitions = open(paths["def"]).read()
    if f'"{args.name}"' in definitions or f" {args.cls}," in definitions:
        sys.exit(f"new-check.py: Checks.def has {args.name} or {args.cls}")

    # Everything is computed before anything is written.
    head = f"//===- {args.cls}Check.cpp - {summary} "
    title = summary if len(head) + 6 <= 80 else "A check"
    head = f"//===- {args.cls}Check.cpp - {title} "
    fields = dict(Class=args.cls, Name=args.name, Summary=summary,
                  Placeholder=placeholder, level=args.level,
                  File=short + ".cu",
                  diag_level=args.level,
                  # An error fails the run; a warning or a remark does not.
                  Not="not " if args.level == "error" else "",
                  Fill="")
    cpp = CHECK_CPP.format(**dict(fields, Summary=title,
                                  Fill=banner_fill(head)))
    row = (f'CDP_CHECK("{args.name}", {args.cls}, {LEVELS[args.level]},\n'
           f'          "{summary}")\n')
    definitions = definitions.replace("\n#undef CDP_CHECK", row +
                                      "\n#undef CDP_CHECK")
    cmake = insert_sorted_source(open(paths["cmake"]).read(),
                                 args.cls + "Check.cpp")
    outputs = {paths["cpp"]: cpp, paths["def"]: definitions,
               paths["cmake"]: cmake, paths["doc"]: DOC.format(**fields),
               paths["test"]: TEST.format(**fields)}
    for path, text in outputs.items():
        with open(path + ".new", "w") as out:
            out.write(text)
        os.replace(path + ".new", path)
        print(os.path.relpath(path, root))
    # The lit suite's format.test holds the sources to clang-format 22.
    clang_format = shutil.which("clang-format-22") or shutil.which(
        "clang-format")
    if clang_format:
        subprocess.run([clang_format, "-i", paths["cpp"]], check=True)
    else:
        print("new-check.py: no clang-format: run clang-format-22 -i on "
              + os.path.relpath(paths["cpp"], root), file=sys.stderr)
    if args.level == "off":
        print("new-check.py: the check is off by default: its test needs "
              f"-W{args.name} (add it to both RUN lines)", file=sys.stderr)


if __name__ == "__main__":
    main()
