// The launch is in a header: the file is parsed.
#include "header-launch.h"
