__global__ void firstChild(int *p) { p[0] = 1; }
__global__ void firstParent(int *p) { firstChild<<<1, 1>>>(p); }
void runFirst(int *p) { firstParent<<<1, 1>>>(p); }
