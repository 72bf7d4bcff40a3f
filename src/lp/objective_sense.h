// The objective's direction, on its own so that the C++ API's headers
// (api/*.h, standard library only) can name it without the Eigen types of
// lp/linear_program.h.
#pragma once

namespace milpsac::lp {

enum class ObjectiveSense { kMinimize, kMaximize };

}  // namespace milpsac::lp
