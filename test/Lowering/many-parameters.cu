// RUN: %python %S/Inputs/many_parameters.py 1000 > %t.input.cu
// RUN: %cdp-lower %t.input.cu -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// A kernel of 1,000 ints fills the 4 KB parameter buffer: the lowered launch
// must compile (the runtime once picked each parameter type by recursion,
// which stopped at about 200 parameters).
//
// CHECK: using cdp_launch_child = cdp::DeviceLaunch<void(int, int, {{.*}}, int)>;
// CHECK: cdp_launch_child(child, {1, 1}).arg<0>(0).arg<4>(1)
// CHECK-SAME: .arg<3996>(999).launch();
