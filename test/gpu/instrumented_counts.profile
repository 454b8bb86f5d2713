instrumented_counts.cu:17:3 256 32:64 64:128 128:64
instrumented_counts.cu:19:5 10 512:10
