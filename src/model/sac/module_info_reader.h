// Reading and validating ModuleInfo JSON (docs/formats.md#moduleinfo), the input
// of sac, baseline and export-mps.
//
// Every problem is an InputError whose message names the file, the module (by
// fqn, or by its index in mod_stats when the fqn itself is bad) and the field.
// Unknown keys are ignored. Both tradeoff_curve encodings are accepted: an
// object with stringified float keys, or a list of [x, y] pairs.
#pragma once

#include <string>
#include <string_view>

#include "common/deadline.h"
#include "model/sac/module_info.h"

namespace milpsac::model {

// Read a ModuleInfo file; `path` is used in error messages. With a
// `deadline`, reading and parsing poll it (TimeLimitReached).
ModuleInfo read_module_info_file(const std::string& path, const Deadline* deadline = nullptr);

// Parse ModuleInfo JSON text; `source` names it in error messages.
ModuleInfo parse_module_info(std::string_view text, const std::string& source, const Deadline* deadline = nullptr);

}  // namespace milpsac::model
