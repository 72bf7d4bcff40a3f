// Output helpers shared by the subcommands: one JSON object on stdout, or a
// human-readable table with --format table. Every JSON object printed starts
// with "schema": 1 (the version of the keys documented in docs/json.md; it
// changes only when a key changes meaning or disappears). Strings that are not
// UTF-8 are replaced rather than crashing the writer (solve transcodes its
// names before, see text_format.h).
//
// The one sink of a command's answer is std::cout: main() points its buffer
// at -o FILE's text, so everything a command prints goes through it (JSON,
// tables, the MPS of export-mps -o -). C stdio (printf, puts) bypasses it and
// is not used for answers: print_formatted() gives printf's formats on the sink.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_args.h"
#include "common/input_error.h"
#include "common/stop_message.h"
#include "interrupt.h"

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

// printf(format, ...) written to the answer's sink (std::cout; see above).
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
inline void
print_formatted(const char* format, ...) {
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  const int size = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  if (size > 0) {
    std::vector<char> text(static_cast<size_t>(size) + 1);
    std::vsnprintf(text.data(), text.size(), format, again);
    std::cout.write(text.data(), size);
  }
  va_end(again);
}

// A run that stopped before it had an answer (the limit or Ctrl-C while
// reading, or while analyze's pass ran): common/stop_message.h's JSON on the
// sink and the message on stderr; exit 130 after Ctrl-C, else 1.
inline int print_stopped(const std::string& command, const std::string& message, bool interrupted) {
  print_json(stopped_json(message, interrupted));
  std::cerr << "milp-sac " << command << ": " << message << "\n";
  return interrupted ? kExitInterrupted : 1;
}

}  // namespace milpsac::cli
