// Baseline of a training step without FSDP or AC (PyTorch's
// get_peak_memory_runtime_baseline): the reference the SAC plan is compared to.
//
//   peak    = max_i (P + TG_i + AG_i + TA_i), P = parameters of the root
//   compute = forward + backward runtime of the root
// Memory counts parameters, gradients, activations and activation gradients;
// not optimizer states.
#pragma once

#include <cstdint>

#include "model/module_info.h"

namespace milpsac::model {

struct Baseline {
  std::int64_t peak_memory_bytes = 0;
  double compute_time_ms = 0.0;
};

Baseline compute_baseline(const ModuleInfo& info);

}  // namespace milpsac::model
