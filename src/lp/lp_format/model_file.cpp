// Reading a model file by its name (see model_file.h).
#include "lp/lp_format/model_file.h"

#include <algorithm>
#include <cctype>

#include "lp/lp_format/lp_format.h"
#include "lp/mps/mps.h"

namespace milpsac::lp {

bool is_lp_format_path(const std::string& path) {
  std::string lower = path;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const auto ends_with = [&lower](const std::string& tail) {
    return lower.size() >= tail.size() && lower.compare(lower.size() - tail.size(), tail.size(), tail) == 0;
  };
  return ends_with(".lp") || ends_with(".lp.gz");
}

LinearProgram read_model_file(const std::string& path, std::vector<std::string>* warnings, const Deadline* deadline) {
  if (is_lp_format_path(path)) return read_lp_file(path, warnings, deadline);
  return read_mps_file(path, warnings, deadline);
}

}  // namespace milpsac::lp
