// Baseline of a training step without FSDP or AC (PyTorch's
// get_peak_memory_runtime_baseline): the reference the SAC plan is compared to.
//
//   peak    = max_i (P + TG_i + AG_i + TA_i), P = parameters of the root
//   compute = forward + backward runtime of the root
// Memory counts parameters, gradients, activations and activation gradients;
// not optimizer states.
#pragma once

#include <cstdint>

#include "model/sac/module_info.h"

namespace milpsac::model {

struct Baseline {
  std::int64_t peak_memory_bytes = 0;
  double compute_time_ms = 0.0;
};

// Memory of module i's point without FSDP or AC: P + TG_i + AG_i + TA_i (the
// one formula of the baseline; compute_baseline's peak is its maximum and the
// memory timeline's baseline_bytes are its values). Call check_memory_range
// first: the sum is then exact in 64 bits.
std::int64_t baseline_memory_bytes(const ModuleInfo& info, int module);

// Throws InputError when a sum overflows (see check_memory_range) or the
// compute time is not a finite number.
Baseline compute_baseline(const ModuleInfo& info);

// Every module's P + TG_i + |AG_i| + TA_i must stay below 2^62 bytes, so that
// memory sums, peaks and their differences fit in 64 bits everywhere (the
// baseline, the planner, the evaluator, the JSON output). Throws InputError
// naming the module and the fields otherwise.
void check_memory_range(const ModuleInfo& info);

}  // namespace milpsac::model
