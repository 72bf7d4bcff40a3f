// Input from a path, stdin or gzip (see input_source.h).
#include "input_source.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "common/input_error.h"
#include "lp/mps.h"
#include "lp/mps_gzip.h"
#include "model/module_info_reader.h"

namespace milpsac::cli {
namespace {

// Deeper JSON than any real input; the parser stops before building it.
constexpr int kMaxJsonDepth = 256;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Read through memory (stdin or compressed) rather than the library's file reader.
bool via_memory(const std::string& path) { return path == "-" || ends_with(path, ".gz"); }

nlohmann::json parse_json_bounded(const InputText& input) {
  auto depth_guard = [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > kMaxJsonDepth)
      throw InputError(input.source + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return true;
  };
  try {
    return nlohmann::json::parse(input.text, depth_guard);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(input.source + ": malformed JSON: " + e.what());
  }
}

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

InputText read_input_text(const std::string& path) {
  InputText input;
  input.source = input_name(path);
  if (path == "-") {
    input.text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    if (std::cin.bad()) throw InputError("<stdin>: read error");
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open file");
    input.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) throw InputError(path + ": read error (is it a directory?)");
  }
  if (lp::mps_detail::is_gzip(input.text)) input.text = lp::mps_detail::gunzip(input.text, input.source);
  return input;
}

model::ModuleInfo read_module_info_input(const std::string& path) {
  if (!via_memory(path)) return model::read_module_info_file(path);
  const InputText input = read_input_text(path);
  return model::parse_module_info(input.text, input.source);
}

model::SacStats read_sac_stats_input(const std::string& path) {
  if (!via_memory(path)) return model::read_sac_stats_file(path);
  const InputText input = read_input_text(path);
  return model::parse_sac_stats(input.text, input.source);
}

sharding::PlanInput read_plan_input_arg(const std::string& path) {
  if (!via_memory(path)) return sharding::read_plan_input(path);
  const InputText input = read_input_text(path);
  return sharding::parse_plan_input(parse_json_bounded(input), input.source);
}

analysis::AutogradGraph read_autograd_graph_input(const std::string& path) {
  if (!via_memory(path)) return analysis::read_autograd_graph(path);
  const InputText input = read_input_text(path);
  return analysis::parse_autograd_graph(parse_json_bounded(input), input.source);
}

lp::LinearProgram read_mps_input(const std::string& path) {
  if (path != "-") return lp::read_mps_file(path);  // the MPS reader decompresses .gz itself
  const InputText input = read_input_text(path);
  return lp::read_mps_text(input.text, input.source);
}

}  // namespace milpsac::cli
