// Model files for the C++ API: read an MPS or CPLEX LP file into an
// api::Model, write one as MPS. Standard library only, as every api/*.h.
#pragma once

#include <string>
#include <vector>

#include "api/model.h"

namespace milpsac::api {

// By the file name: *.lp and *.lp.gz are CPLEX LP format (docs/formats.md#lp),
// anything else MPS (fixed or free, gzip too). Throws InputError naming the
// file and line on malformed input; warnings ("FILE:LINE: warning: ...") are
// appended to `warnings` when given.
Model read_model(const std::string& path, std::vector<std::string>* warnings = nullptr);

// Free-format MPS that read_model, CBC and HiGHS read back. Checks the model
// as solve() does (InputError naming the column or row) and throws InputError
// when the file cannot be written.
void write_mps(const Model& model, const std::string& path);

}  // namespace milpsac::api
