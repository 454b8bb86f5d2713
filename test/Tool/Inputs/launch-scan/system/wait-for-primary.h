// A system header's wrapper of PDL's wait: the PDL checks follow calls into
// it, so the parse must read its body.
__device__ inline void waitForPrimary() { cudaGridDependencySynchronize(); }
