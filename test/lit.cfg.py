# lit configuration for cdp-lower. Tests mirror lib/: Checks/, Lowering/
# and ParamLayout/, plus Tool/ for the command line, Plugin/, and CMake/
# for the installed package in a real CMake build; Unit/ runs the
# GoogleTest executables of unittests/. test/gpu/ is a nested
# suite of programs run on a GPU (its lit.cfg.py): UNSUPPORTED where there
# is none; test/gpu/cdp1/ has its own scripts.
import os
import subprocess

import lit.formats

config.name = "cdp-lower"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".test"]
config.excludes = ["Expected", "Inputs", "Corpus", "demo", "subdir", "__pycache__", "cdp1"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cdp_obj_root, "test")

# Tests that run the tool as another user (test/Tool/output-permissions.test)
# need root to start, and a build tree that user can reach.
def can_run_as_nobody():
    if os.getuid() != 0:
        return False
    try:
        done = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             config.cdp_lower, "--version"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


if can_run_as_nobody():
    config.available_features.add("run-as-nobody")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])

runtime_include = os.path.join(config.cdp_src_root, "runtime", "include")
# Every lowered output is compiled the way a user builds it.
nvcc_rdc = (f"{config.nvcc} -rdc=true -arch=sm_90 -std=c++17 "
            f"-I{runtime_include}")
# The checks inside a normal clang CUDA compile (host and device sides).
clang_cdp_plugin = (f"{config.clang} -fplugin={config.cdp_plugin} -xcuda "
                    f"--cuda-path={config.cuda_path} -fgpu-rdc -std=c++17 "
                    f"-fsyntax-only -Wno-unknown-cuda-version "
                    f"-ferror-limit=0")
config.substitutions.append(("%clang-cdp-plugin", clang_cdp_plugin))
config.substitutions.append(("%cdp-lower", config.cdp_lower))
config.substitutions.append(("%cdp-plugin", config.cdp_plugin))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%cuda-path", config.cuda_path))
config.substitutions.append(("%nvcc-rdc", nvcc_rdc))
config.substitutions.append(("%nvcc", config.nvcc))
config.substitutions.append(("%cdp-runtime", runtime_include))
# A lowered file keeps its input's CHECK lines: FileCheck reads it without.
config.substitutions.append(
    ("%strip-checks",
     f"{config.python} {os.path.join(config.test_source_root, 'strip-checks.py')}"))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%src-root", config.cdp_src_root))
config.substitutions.append(("%cdp-build", config.cdp_obj_root))
config.substitutions.append(("%cmake", config.cmake))
