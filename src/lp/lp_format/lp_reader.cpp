// The LP-format entry points (see lp_format.h): bytes -> tokens -> statements -> model.
#include <string>

#include "common/gzip.h"
#include "common/input_file.h"
#include "lp/lp_format/lp_assembly.h"
#include "lp/lp_format/lp_format.h"
#include "lp/lp_format/lp_sections.h"
#include "lp/lp_format/lp_tokens.h"

namespace milpsac::lp {
namespace {

// The model's name: the file's name without folders and extensions.
std::string model_name(const std::string& source) {
  std::string name = source.substr(source.find_last_of('/') + 1);
  return name.substr(0, name.find('.'));
}

}  // namespace

LinearProgram read_lp_text(std::string_view text, const std::string& source_name, std::vector<std::string>* warnings,
                           const Deadline* deadline) {
  std::string inflated;
  if (is_gzip(text)) {
    inflated = gunzip(text, source_name, deadline);
    text = inflated;
  }
  mps_detail::Diagnostics diag(source_name, warnings);
  const std::vector<lp_detail::Token> tokens = lp_detail::tokenize(text, diag, deadline);
  const lp_detail::LpStatements statements = lp_detail::parse_sections(tokens, diag);
  LinearProgram lp = lp_detail::assemble(statements, model_name(source_name), diag);
  diag.finish();
  return lp;
}

LinearProgram read_lp_file(const std::string& path, std::vector<std::string>* warnings, const Deadline* deadline) {
  const std::string text = read_file(path, deadline);
  return read_lp_text(text, input_name(path), warnings, deadline);
}

}  // namespace milpsac::lp
