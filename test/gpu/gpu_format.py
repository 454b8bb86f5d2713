# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The GPU suite's lit test format (lit.cfg.py says what it does). In a
module of its own so that lit's worker processes can load it."""
import json
import os
import shutil
import subprocess
import tempfile

import lit.formats
import lit.Test

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def has_gpu():
    """Whether nvidia-smi lists a GPU here."""
    try:
        listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                                text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return listed.returncode == 0 and "GPU" in listed.stdout


class GpuProgram(lit.formats.TestFormat):
    """One test per line of programs.txt: `<path>[:<label>] [cdp-lower
    flags]`; a label names a second lowering of a program, <name>.<label>."""

    def __init__(self, params):
        self.lowered_dir = params.get("lowered")
        self.cdp_lower = params.get("cdp_lower")
        self.nvcc = params.get("nvcc") or os.environ.get(
            "NVCC", "/usr/local/cuda/bin/nvcc")
        self.arch = params.get("arch", "sm_90")
        # --param std=c++14: both builds as C++14 (lower with -std=c++14).
        self.std = params.get("std", "c++17")
        self.gpu = has_gpu()

    def getTestsInDirectory(self, test_suite, path_in_suite, lit_config,
                            local_config):
        if path_in_suite:
            return
        listing = os.path.join(test_suite.source_root, "programs.txt")
        with open(listing) as programs:
            for line in programs:
                words = line.split()
                if not words or words[0].startswith("#"):
                    continue
                path, _, label = words[0].partition(":")
                stem = os.path.splitext(os.path.basename(path))[0]
                lowered_name = f"{stem}.{label}" if label else stem
                test = lit.Test.Test(test_suite, (lowered_name + ".cu",),
                                     local_config)
                test.program = os.path.join(ROOT, path)
                test.lowered_name = lowered_name
                test.lower_flags = words[1:]
                yield test

    def run(self, command, timeout=120, env=None):
        try:
            done = subprocess.run(command, capture_output=True, text=True,
                                  timeout=timeout, env=env)
            return done.returncode, done.stdout + done.stderr
        except subprocess.TimeoutExpired:
            return 124, f"timed out after {timeout} s: {' '.join(command)}"

    def execute(self, test, lit_config):
        if not self.gpu:
            return lit.Test.UNSUPPORTED, "no GPU (nvidia-smi lists none)"
        name = test.lowered_name
        work = tempfile.mkdtemp(prefix=f"cdp-gpu-{name}.")
        try:
            return self.check(test, name, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def check(self, test, name, work):
        lowered = os.path.join(self.lowered_dir or work, name + ".cu")
        if not self.lowered_dir:
            if not self.cdp_lower:
                return (lit.Test.UNSUPPORTED,
                        "no lowered sources: pass --param lowered=<dir of "
                        "lower-all.sh> or --param cdp_lower=<path>")
            status, output = self.run(
                [self.cdp_lower, *test.lower_flags, test.program, "-o",
                 lowered, "--", "-I" + os.path.join(ROOT, "test", "gpu")])
            if status:
                return lit.Test.FAIL, "cdp-lower failed:\n" + output
        flags = ["-rdc=true", f"-arch={self.arch}", f"-std={self.std}", "-O2",
                 "-I" + os.path.join(ROOT, "test", "gpu"),
                 "-I" + os.path.join(ROOT, "runtime", "include"),
                 "-lcudadevrt"]
        # A variant's expected output is its own, else its program's
        # (checked_aggregation.warp, checked_aggregation).
        expected = os.path.join(ROOT, "test", "gpu", name + ".expected")
        if not os.path.exists(expected):
            expected = os.path.join(ROOT, "test", "gpu",
                                    name.split(".")[0] + ".expected")
        outputs = {}
        for kind, source in (("native", test.program), ("lowered", lowered)):
            binary = os.path.join(work, kind)
            status, output = self.run([self.nvcc, *flags, source, "-o",
                                       binary], timeout=300)
            if status:
                return lit.Test.FAIL, f"nvcc ({kind}) failed:\n{output}"
            # Where nvcc's build is known wrong it may also hang
            # (refused_batches): it is run for the report only.
            limit = 20 if kind == "native" and os.path.exists(expected) else 60
            env = None
            if kind == "lowered" and "--instrument" in test.lower_flags:
                env = dict(os.environ,
                           CDP_PROFILE_FILE=os.path.join(work, "profile.json"))
            outputs[kind] = self.run([binary], timeout=limit, env=env)[1]
        if os.path.exists(expected):
            with open(expected) as f:
                want, what = f.read().rstrip("\n"), "the expected output"
        else:
            want, what = outputs["native"].rstrip("\n"), "nvcc's <<<>>>"
        report = (f"native : {outputs['native']}\n"
                  f"lowered: {outputs['lowered']}\n")
        if outputs["lowered"].rstrip("\n") != want:
            return lit.Test.FAIL, f"the lowered program differs from {what}\n" + report
        if "--instrument" in test.lower_flags:
            return self.check_profile(name, work, report)
        return lit.Test.PASS, report

    def check_profile(self, name, work, report):
        """An --instrument build's profile against <name>.profile: a line a
        site, `<file name>:<line>:<column> <launches> <threads>:<count>...`."""
        try:
            with open(os.path.join(work, "profile.json")) as f:
                profile = json.load(f)
        except (OSError, ValueError) as e:
            return lit.Test.FAIL, f"no profile written: {e}\n" + report
        lines = []
        for site in profile["sites"]:
            counts = " ".join(f"{threads}:{count}" for threads, count in
                              sorted(site["threads"].items(),
                                     key=lambda item: int(item[0])))
            lines.append(f"{os.path.basename(site['site'])} "
                         f"{site['launches']} {counts}")
        got = "\n".join(sorted(lines))
        with open(os.path.join(ROOT, "test", "gpu", name + ".profile")) as f:
            want = f.read().rstrip("\n")
        report += f"profile:\n{got}\n"
        if got != want:
            return lit.Test.FAIL, f"the profile differs from {name}.profile\n" + report
        return lit.Test.PASS, report
