#pragma once
#include "lib/lib.h"
