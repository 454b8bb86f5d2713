"""Writes a kernel of COUNT int parameters and a parent that launches it."""
import sys

count = int(sys.argv[1])
params = ", ".join(f"int p{i}" for i in range(count))
args = ", ".join(str(i) for i in range(count))
print(f"__global__ void child({params}) {{}}")
print(f"__global__ void parent() {{ child<<<1, 1>>>({args}); }}")
