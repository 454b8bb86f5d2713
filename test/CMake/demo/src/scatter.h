#pragma once

constexpr int kScatterThreads = 2048, kScatterWidth = 8;

__global__ void scatter(int *total);
/// What `scatter` adds up.
long long scatterExpected();
