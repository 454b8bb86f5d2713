// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{[0-9]}}: {{error|warning}}:'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{[0-9]}}: {{error|warning}}:'
//
// One site is silenced the clang-tidy way: a same-line comment, a
// next-line comment on the line before, or a begin/end pair around it,
// each with a check list that may use globs; the same-line comment without
// a list silences every check. A comment naming an enabled cdp- check that
// silences nothing is reported (a suppression left after a fix would hide
// the next problem), as is a begin without its end. (The expected
// messages below spell the markers {{NOLINT}}..., or they would count.)

__global__ void child(int *p) {}

__global__ void parent() {
  int local = 0;
  child<<<1, 1>>>(&local); // NOLINT(cdp-local-pointer)
  // NOLINTNEXTLINE(cdp-shared-pointer, cdp-local-pointer)
  child<<<1, 1>>>(&local);
  // NOLINTBEGIN(cdp-*)
  child<<<1, 1>>>(&local);
  child<<<1, 1>>>(&local);
  // NOLINTEND(cdp-*)
  child<<<1, 1>>>(&local); // NOLINT
  child<<<1, 1>>>(&local); /* NOLINT(cdp-local-*) */

  // A suppression of another check does not silence this one.
  child<<<1, 1>>>(&local); // NOLINT(cdp-shared-pointer)
  // CHECK: nolint.cu:[[@LINE-1]]:19: error: cannot pass a pointer to local memory to child kernel 'child' (argument 1): {{.*}} [-Wcdp-local-pointer]
  // CHECK: nolint.cu:[[@LINE-2]]:31: warning: '{{NOLINT}}(cdp-shared-pointer)' suppresses no diagnostic of cdp-lower here; remove it

  int unused = 0; // NOLINT(cdp-local-pointer)
  // CHECK: nolint.cu:[[@LINE-1]]:22: warning: '{{NOLINT}}(cdp-local-pointer)' suppresses no diagnostic of cdp-lower here; remove it

  // Not reported: a check that is off, another tool's checks.
  int quiet = 0; // NOLINT(cdp-unchecked-launch, bugprone-unused)

  // NOLINTBEGIN(cdp-local-pointer)
  // CHECK: nolint.cu:[[@LINE-1]]:6: warning: '{{NOLINT}}BEGIN(cdp-local-pointer)' has no matching {{NOLINT}}END with the same check list in this file, so it suppresses nothing
}
