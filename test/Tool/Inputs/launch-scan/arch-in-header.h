// Tests the architecture where the source that includes it does not.
#define CHILD_FOR_THIS_ARCH (__CUDA_ARCH__ >= 900)
