# lit configuration of the GPU suite: each program of programs.txt is one
# test, built twice with nvcc (as written, and as lowered by cdp-lower), run,
# and compared: the lowered program must print what nvcc's own <<<>>>
# printed, or exactly <name>.expected where there is one (overaligned32 is
# a case nvcc itself gets wrong); a variant <name>.<label> without one of
# its own takes its program's.
#
# A nested suite of the main one: `lit build/test` reports these tests as
# UNSUPPORTED on a machine without a GPU, so one run and one report cover
# both machines. On the GPU machine, which has no clang, the programs are
# lowered first (test/gpu/lower-all.sh) and lit is pointed at them:
#
#   lit test/gpu --param lowered=<dir of lower-all.sh> [--param arch=sm_90]
#
# Where there is a GPU and a cdp-lower (--param cdp_lower=<path>), the
# programs are lowered as they are tested.
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_format  # noqa: E402

config.name = "cdp-lower-gpu"
config.test_format = gpu_format.GpuProgram(lit_config.params)
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# Nothing is written beside the sources (each test builds in a directory
# of its own); lit keeps its timings here.
config.test_exec_root = os.path.join(tempfile.gettempdir(), "cdp-lower-gpu")
os.makedirs(config.test_exec_root, exist_ok=True)
