#pragma once
#include "common.h"
#include "sizes.h"
