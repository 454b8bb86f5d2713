#pragma once
constexpr int kFill = 7;
constexpr int kBytes = 4;
