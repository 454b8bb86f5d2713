// RUN: not %cdp-lower %s 2>&1 | FileCheck %s

template <class... Ts> __global__ void child(Ts... values) {}

template <class... Ts> __global__ void parent(Ts... values) {
  child<Ts...><<<1, 1>>>(values...);
  // CHECK: error-pack-expansion.cu:[[@LINE-1]]:26: error: cannot lower a device-side launch whose arguments contain a pack expansion; pass the arguments one by one
}
