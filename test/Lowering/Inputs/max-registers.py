# Fails when a kernel in ptxas's -v report (the file named last) uses more
# registers a thread than the first argument allows; prints each kernel.
import re
import sys

limit, report = int(sys.argv[1]), open(sys.argv[2]).read()
kernels = re.findall(
    r"Compiling entry function '(\w+)'.*?Used (\d+) registers", report, re.S)
if not kernels:
    sys.exit(f"no kernel in {sys.argv[2]}")
over = [(name, int(used)) for name, used in kernels if int(used) > limit]
for name, used in kernels:
    print(f"{name}: {used} registers")
if over:
    sys.exit(f"over {limit} registers: {over}")
