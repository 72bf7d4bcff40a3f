#include "lp/mps.h"
