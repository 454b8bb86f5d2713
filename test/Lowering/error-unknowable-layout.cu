// RUN: not %cdp-lower %s 2>&1 | FileCheck %s --implicit-check-not=error:
//
// Where nvcc's front end and its code generator disagree on a parameter's
// size (the `.param` the PTX declares is not its sizeof), no layout written
// in source is the one the child reads, and nvcc's own <<<>>> is wrong too
// (test/fuzz/layout_fuzz.py finds them against the cubin). cdp-lower
// refuses such launches rather than write past what the child reads.

struct Empty {};
struct __align__(128) Aligned128 { char c; };
struct __attribute__((packed)) PackedAligned { char c; Aligned128 a; };
struct Outer { int i; PackedAligned p; };
struct __align__(512) NoUnique {
  int i;
  [[no_unique_address]] Empty e;
};

__global__ void child_packed(char c, Outer o) {}
__global__ void child_no_unique(NoUnique n) {}

__global__ void parent(Outer o, NoUnique n) {
  child_packed<<<1, 1>>>('a', o);
  // CHECK: error-unknowable-layout.cu:[[@LINE-1]]:3: error: cannot lower this launch of 'child_packed': parameter 'o' holds an over-aligned member of a packed record, whose size nvcc's front end and its code generator disagree on, so no layout written in source is the one the child reads
  // CHECK: note: nvcc's own launch of it is wrong too; drop the {{\[\[}}no_unique_address]], the packing or the member's alignment
  // CHECK: error-unknowable-layout.cu:11:67: note: member 'a' of 'PackedAligned' declared here
  child_no_unique<<<1, 1>>>(n);
  // CHECK: error-unknowable-layout.cu:[[@LINE-1]]:3: error: cannot lower this launch of 'child_no_unique': parameter 'n' holds a {{\[\[}}no_unique_address]] member, whose size nvcc's front end and its code generator disagree on, so no layout written in source is the one the child reads
  // CHECK: note: nvcc's own launch of it is wrong too; drop the {{\[\[}}no_unique_address]], the packing or the member's alignment
  // CHECK: error-unknowable-layout.cu:15:31: note: member 'e' of 'NoUnique' declared here
}

// In a template the runtime would lay the parameters out, with nvcc's
// front end's offsets: refused too, at each instantiation that has such a
// parameter.
template <class T> __global__ void child_generic(char c, T value) {}
template <class T> __global__ void generic_parent(T value) {
  child_generic<T><<<1, 1>>>('a', value);
  // CHECK: error-unknowable-layout.cu:[[@LINE-1]]:3: error: cannot lower this launch of 'child_generic<Outer>': parameter 'value' holds an over-aligned member of a packed record{{.*}}
  // CHECK: error-unknowable-layout.cu:11:67: note: member 'a' of 'PackedAligned' declared here
  // CHECK: error: {{.*}} was not lowered; it is left unchanged
}
template __global__ void generic_parent<int>(int);
template __global__ void generic_parent<Outer>(Outer);
