// Output helpers shared by the subcommands: one JSON object on stdout, or a
// human-readable table with --format table. Every JSON object printed starts
// with "schema": 1 (the version of the keys documented in docs/json.md; it
// changes only when a key changes meaning or disappears). Strings that are not
// UTF-8 are replaced rather than crashing the writer (solve transcodes its
// names before, see text_format.h).
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_args.h"
#include "common/input_error.h"

namespace milpsac::cli {

using Json = nlohmann::ordered_json;

inline constexpr int kJsonSchema = 1;

enum class OutputFormat { kJson, kTable };

inline OutputFormat output_format(const CliArgs& args) {
  auto format = args.value("format").value_or("json");
  if (format == "json") return OutputFormat::kJson;
  if (format == "table") return OutputFormat::kTable;
  throw InputError("option --format: expected 'json' or 'table', got '" + format + "'");
}

// `json` with "schema" as its first key.
inline Json with_schema(const Json& json) {
  if (!json.is_object() || json.contains("schema")) return json;
  Json out;
  out["schema"] = kJsonSchema;
  for (const auto& [key, value] : json.items()) out[key] = value;
  return out;
}

inline std::string json_text(const Json& json, int indent = 2) {
  return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

inline void print_json(const Json& json) { std::cout << json_text(with_schema(json)) << "\n"; }

}  // namespace milpsac::cli
