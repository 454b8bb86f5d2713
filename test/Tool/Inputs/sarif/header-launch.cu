#include "launch.h"

__global__ void child(int *p) { *p = 1; }
__global__ void parent(int *global) { launchChild(global); }
