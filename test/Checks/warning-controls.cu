// clang's own warning switches control the checks, in the tool and in the
// plugin alike: -W flags on the compile line and `#pragma clang diagnostic`
// regions. (clang gives custom diagnostics no warning group, so the checks
// read both themselves; clang's "unknown warning group" warning for a
// pragma naming a check is dropped. The plugin cannot drop clang's
// "unknown warning option" for a compile-line flag, which clang prints
// before it loads plugins: there, add -Wno-unknown-warning-option.)
//
// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
//
// RUN: %cdp-lower --check-only %s -- -Wno-error=cdp-local-pointer 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEMOTED --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:' --implicit-check-not='unknown warning'
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s -Wno-unknown-warning-option -Wno-error=cdp-local-pointer 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEMOTED --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:' --implicit-check-not='unknown warning'
//
// RUN: %cdp-lower --check-only %s -- -Wno-cdp-local-pointer 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:' --implicit-check-not='unknown warning'
//
// -w drops the warnings (the errors stay); -Werror promotes them.
// RUN: not %cdp-lower --check-only %s -- -w 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s -w 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
// RUN: not %cdp-lower --check-only %s -- -Werror 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WERROR
//
// -Wno-error=<check> wins over -Werror whatever their order, as in clang.
// RUN: not %cdp-lower --check-only %s -- -Werror -Wno-error=cdp-local-pointer 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=WERROR,KEPT --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
// RUN: not %cdp-lower --check-only %s -- -Wno-error=cdp-local-pointer -Werror 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=WERROR,KEPT --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s -Wno-unknown-warning-option -Werror -Wno-error=cdp-local-pointer 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=WERROR,KEPT --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
// ... and -Wno-error undoes -Werror.
// RUN: not %cdp-lower --check-only %s -- -Werror -Wno-error 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='{{[0-9]}}: {{error|warning|remark}}:'
//
// A misspelt check is clang's unknown warning option, with the check it is
// close to; one close to none is clang's plain report.
// RUN: not %cdp-lower --check-only %s -- -Wno-cdp-lcoal-pointer -Werror=cdp-lcoal-pointer -Wcdp-zzzzzzzzzzzzzzzz 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSPELT
// MISSPELT: warning: unknown warning option '-Wcdp-zzzzzzzzzzzzzzzz' [-Wunknown-warning-option]
// MISSPELT: warning: unknown warning option '-Wno-cdp-lcoal-pointer'; did you mean '-Wno-cdp-local-pointer'? [-Wunknown-warning-option]{{$}}
// MISSPELT-NEXT: warning: unknown warning option '-Werror=cdp-lcoal-pointer'; did you mean '-Werror=cdp-local-pointer'? [-Wunknown-warning-option]{{$}}
// MISSPELT-NOT: unknown warning option
//
// -fno-diagnostics-show-option drops the [-W...] tag, as for clang's own.
// RUN: not %cdp-lower --check-only %s -- -fno-diagnostics-show-option 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-TAG

__global__ void child(int *p) {}

__global__ void parent(int *global) {
  int local = 0;
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wcdp-local-pointer"
  child<<<1, 1>>>(&local);
#pragma clang diagnostic pop
  child<<<1, 1>>>(&local);
  // DEFAULT: warning-controls.cu:[[@LINE-1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1): {{.*}} [-Wcdp-local-pointer]
  // DEMOTED: warning-controls.cu:[[@LINE-2]]:19: warning: cannot pass a pointer to local memory {{.*}} [-Wcdp-local-pointer]
  // QUIET: warning-controls.cu:[[@LINE-3]]:19: error: cannot pass a pointer to local memory
  // NO-TAG: warning-controls.cu:[[@LINE-4]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1): a child grid cannot access its parent's local memory; pass global memory (a __device__ variable, cudaMalloc or malloc) instead{{$}}
  // KEPT: warning-controls.cu:[[@LINE-5]]:19: warning: cannot pass a pointer to local memory {{.*}} [-Wcdp-local-pointer]{{$}}

  // A pragma turns on a check that is off by default.
#pragma clang diagnostic warning "-Wcdp-unchecked-launch"
  child<<<1, 1>>>(global);
  // DEFAULT: warning-controls.cu:[[@LINE-1]]:3: warning: the error of this launch of 'child' is never read{{.*}} [-Wcdp-unchecked-launch]
  // DEMOTED: warning-controls.cu:[[@LINE-2]]:3: warning: the error of this launch of 'child' is never read
  // OFF: warning-controls.cu:[[@LINE-3]]:3: warning: the error of this launch of 'child' is never read
  // WERROR: warning-controls.cu:[[@LINE-4]]:3: error: the error of this launch of 'child' is never read{{.*}} [-Werror,-Wcdp-unchecked-launch]
}
