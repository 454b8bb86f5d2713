#pragma once
constexpr int kSize = 32;
