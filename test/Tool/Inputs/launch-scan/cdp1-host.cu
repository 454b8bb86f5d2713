// Only host code, but CDP1's host API, which --migrate-cdp1 migrates.
int finish() { return cudaThreadSynchronize() == cudaSuccess ? 0 : 1; }
