// A host file with nothing to lower whose headers call the cudaThread* API
// that CUDA 13 removed, laid out as KLAP's tests are: its own common.h
// includes lib/lib.h, which includes lib/common.h and lib/sizes.h by the
// names they have beside it.
#include "common.h"

int main() { return finishDevice(kSize); }
