// Output helpers shared by the subcommands: one JSON object on stdout, or a
// human-readable table with --format table.
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_args.h"
#include "common/input_error.h"

namespace milpsac::cli {

using Json = nlohmann::ordered_json;

enum class OutputFormat { kJson, kTable };

inline OutputFormat output_format(const CliArgs& args) {
  auto format = args.value("format").value_or("json");
  if (format == "json") return OutputFormat::kJson;
  if (format == "table") return OutputFormat::kTable;
  throw InputError("option --format: expected 'json' or 'table', got '" + format + "'");
}

inline void print_json(const Json& json) { std::cout << json.dump(2) << "\n"; }

}  // namespace milpsac::cli
