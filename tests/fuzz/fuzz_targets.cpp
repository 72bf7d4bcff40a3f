// Fuzz targets (see fuzz_targets.h).
#include "fuzz_targets.h"

#include "xml_check.h"

#include <unistd.h>

#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "../analysis/graph_reading.h"
#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"
#include "bnb/branch_and_bound.h"
#include "common/input_error.h"
#include "common/json_input.h"
#include "common/output_file.h"
#include "lp/coefficient_range.h"
#include "lp/lp_format/lp_format.h"
#include "lp/mps/mps.h"
#include "model/policy/sac_stats.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plots/memory_plot.h"
#include "model/sac/plots/sweep_plot.h"
#include "sharding/plan_input.h"

namespace milpsac::fuzz {
namespace {

// Runs `body`; InputError is the accepted way to refuse input.
template <class Body>
std::string guarded(Body body) {
  try {
    return body();
  } catch (const InputError&) {
    return {};
  } catch (const std::exception& e) {
    return std::string("unexpected exception (not InputError): ") + e.what();
  } catch (...) {
    return "unexpected non-standard exception";
  }
}

// Models the end-to-end target solves: small enough that a node limit bounds
// the work (a hang is then a real bug, caught by libFuzzer's -timeout).
constexpr int kMaxSolveRows = 60;
constexpr int kMaxSolveCols = 60;
constexpr long kSolveNodeLimit = 200;

}  // namespace

std::string module_info(std::string_view data) {
  return guarded([&] {
    const model::ModuleInfo info = model::parse_module_info(data, "fuzz.json");
    if (info.modules.empty()) return std::string("parsed a ModuleInfo without modules");
    return std::string();
  });
}

std::string sac_stats(std::string_view data) {
  return guarded([&] {
    const model::SacStats stats = model::parse_sac_stats(data, "fuzz.json");
    if (stats.runtimes.size() != stats.func_names.size())
      return std::string("runtimes and func_names differ in length");
    return std::string();
  });
}

std::string plan_input(std::string_view data) {
  return guarded([&] {
    const sharding::PlanInput input = sharding::parse_plan_input(parse_json(data, "fuzz.json"), "fuzz.json");
    if (input.topology.world_size < 1) return std::string("accepted world_size < 1");
    return std::string();
  });
}

std::string autograd_graph(std::string_view data) {
  return guarded([&] {
    // The file reader streams the nodes; it must agree with the document reader.
    const std::string whole =
        test::graph_reading([&] { return analysis::parse_autograd_graph(parse_json(data, "fuzz.json"), "fuzz.json"); });
    const std::string streamed =
        test::graph_reading([&] { return analysis::parse_autograd_graph_text(data, "fuzz.json"); });
    if (whole != streamed) return "streamed and whole readers differ: " + streamed + " | " + whole;
    const analysis::AutogradGraph graph = analysis::parse_autograd_graph(parse_json(data, "fuzz.json"), "fuzz.json");
    if (graph.order.size() != graph.nodes.size()) return std::string("topological order misses nodes");
    (void)analysis::analyze_autograd_graph(graph);
    return std::string();
  });
}

std::string mps(std::string_view data) {
  return guarded([&] {
    std::vector<std::string> warnings;
    const lp::LinearProgram lp = lp::read_mps_text(data, "fuzz.mps", &warnings);
    if (lp.col_names.size() != static_cast<size_t>(lp.num_cols()))
      return std::string("column names and columns differ");
    for (int j = 0; j < lp.num_cols(); ++j)
      if (std::isnan(lp.col_lower[j]) || std::isnan(lp.col_upper[j]) || std::isnan(lp.c[j]))
        return std::string("NaN in the parsed model");
    return std::string();
  });
}

// The CPLEX LP reader: a model whose sizes agree and holds no NaN, or InputError.
std::string lp_format(std::string_view data) {
  return guarded([&] {
    std::vector<std::string> warnings;
    const lp::LinearProgram lp = lp::read_lp_text(data, "fuzz.lp", &warnings);
    if (lp.col_names.size() != static_cast<size_t>(lp.num_cols()) ||
        lp.row_names.size() != static_cast<size_t>(lp.num_rows()) || lp.A.rows() != lp.num_rows() ||
        lp.A.cols() != lp.num_cols())
      return std::string("names, rows and columns differ in number");
    for (int j = 0; j < lp.num_cols(); ++j)
      if (std::isnan(lp.col_lower[j]) || std::isnan(lp.col_upper[j]) || std::isnan(lp.c[j]))
        return std::string("NaN in the parsed model");
    for (int i = 0; i < lp.num_rows(); ++i)
      if (std::isnan(lp.row_lower[i]) || std::isnan(lp.row_upper[i])) return std::string("NaN in a row bound");
    return std::string();
  });
}

std::string solve(std::string_view data) {
  return guarded([&] {
    const lp::LinearProgram lp = lp::read_mps_text(data, "fuzz.mps");
    if (lp.num_rows() > kMaxSolveRows || lp.num_cols() > kMaxSolveCols) return std::string();
    // As `milp-sac solve`: spans the tolerances cannot resolve are refused (InputError) before solving.
    for (const std::string& warning : milpsac::lp::check_coefficient_ranges(lp, "fuzz.mps"))
      if (warning.rfind("fuzz.mps: warning: ", 0) != 0) return "a coefficient warning without its source: " + warning;
    bnb::MilpOptions options;
    options.node_limit = kSolveNodeLimit;
    const bnb::MilpResult result = bnb::solve_milp(lp, options);
    if (result.has_solution) {
      if (result.x.size() != lp.num_cols()) return std::string("solution has the wrong length");
      if (!std::isfinite(result.objective)) return std::string("solution with a non-finite objective");
      if (result.status == bnb::MilpStatus::kInfeasible || result.status == bnb::MilpStatus::kUnbounded)
        return std::string("a solution reported with status ") + bnb::to_string(result.status);
    } else if (result.status == bnb::MilpStatus::kOptimal || result.status == bnb::MilpStatus::kGapLimit) {
      return std::string("status ") + bnb::to_string(result.status) + " without a solution";
    }
    if (result.nodes > kSolveNodeLimit) return std::string("node limit exceeded");
    return std::string();
  });
}

std::string svg(std::string_view data) {
  return guarded([&] {
    // The bytes as the names of up to 8 modules (cut anywhere, so inside a
    // UTF-8 character too) and as the input's file name in the titles.
    const size_t count = data.empty() ? 1 : 1 + static_cast<unsigned char>(data[0]) % 8;
    const std::string_view rest = data.empty() ? data : data.substr(1);
    model::ModuleInfo info;
    model::MemoryTimeline timeline;
    std::vector<double> sharded;
    for (size_t k = 0; k < count; ++k) {
      model::ModStats stats;
      stats.fqn = std::string(
          rest.substr(k * rest.size() / count, rest.size() / count + (k + 1 == count ? rest.size() % count : 0)));
      if (k > 0) stats.fqn = info.modules[0].fqn + "." + stats.fqn;
      info.modules.push_back(stats);
      model::TimelinePoint point;
      point.module = static_cast<int>(k);
      point.baseline_bytes = static_cast<std::int64_t>((k + 1) << 28);
      point.plan_bytes = static_cast<double>(k << 27);
      point.ac_unit = k % 2 == 1 ? static_cast<int>(k) : -1;
      timeline.points.push_back(point);
      sharded.push_back(static_cast<double>(k << 26));
    }
    timeline.peak_point = static_cast<int>(count - 1);
    timeline.baseline_peak_point = 0;
    const std::string name(rest);
    std::string problem =
        xml_problem(plots::memory_svg(info, timeline, 1.5, 4, sharded, plots::memory_plot_title(name, 4)));
    if (!problem.empty()) return "memory plot: " + problem;
    model::Sweep sweep;
    sweep.baseline_peak_gib = 2;
    problem = xml_problem(plots::sweep_svg(sweep, plots::sweep_plot_title(name, 4)));
    if (!problem.empty()) return "sweep plot: " + problem;
    return std::string();
  });
}

std::string output_paths(std::string_view data) {
  namespace fs = std::filesystem;
  // A small tree, made afresh for each input in this process's own folder:
  // files a and b (the inputs' candidates), a folder d, a symbolic link l to
  // a, a hard link h to b, a dangling link z to new, and names that do not
  // exist yet. The bytes pick the inputs and the outputs among these names.
  static const char* const kNames[] = {"a",   "b",        "./a", "d/../a", "l",         "h",
                                       "new", "d/../new", "z",   "d/x",    "missing/x", "d"};
  constexpr size_t kCount = sizeof kNames / sizeof kNames[0];
  const fs::path root = fs::temp_directory_path() / ("milpsac-fuzz-outputs-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "d");
  std::ofstream(root / "a") << "input a";
  std::ofstream(root / "b") << "input b";
  fs::create_symlink("a", root / "l");
  fs::create_hard_link(root / "b", root / "h");
  fs::create_symlink("new", root / "z");
  const auto text_of = [](const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
  };
  const auto pick = [&](size_t k) { return (root / kNames[static_cast<unsigned char>(data[k]) % kCount]).string(); };
  const size_t inputs_count = data.empty() ? 0 : 1 + static_cast<unsigned char>(data[0]) % 2;
  std::vector<std::string> inputs;
  std::vector<OutputTarget> outputs;
  for (size_t k = 1; k < data.size() && k < 6; ++k) {
    if (inputs.size() < inputs_count)
      inputs.push_back(pick(k));
    else
      outputs.push_back({"--out" + std::to_string(k), pick(k)});
  }
  // Each input's text before. Only inputs that are regular files are held to
  // the contract: a run reads its inputs first, so one that is the folder d,
  // does not exist or is a dangling link ends the run before any output.
  std::vector<std::optional<std::string>> before;
  for (const std::string& input : inputs)
    before.push_back(fs::is_regular_file(input) ? std::optional<std::string>(text_of(input)) : std::nullopt);
  std::string problem;
  try {
    check_output_paths(inputs, outputs);
  } catch (const InputError& e) {
    if (std::string(e.what()).rfind("option --out", 0) != 0)
      problem = std::string("message without its option: ") + e.what();
    fs::remove_all(root);
    return problem;
  }
  // Accepted: each output is written, then every output holds its own text
  // and every input its old one (two outputs that were one file, or an
  // output that was an input, show here), and no temporary file is left.
  std::vector<bool> written(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    try {
      write_output_file(outputs[i], "output " + std::to_string(i));
      written[i] = true;
    } catch (const InputError&) {  // a missing folder, a directory: refused, fine
    }
  }
  for (size_t i = 0; i < outputs.size() && problem.empty(); ++i)
    if (written[i] && text_of(outputs[i].path) != "output " + std::to_string(i))
      problem = "output " + outputs[i].path + " was overwritten by another output";
  for (size_t i = 0; i < inputs.size(); ++i)
    if (problem.empty() && before[i] && text_of(inputs[i]) != *before[i])
      problem = "input " + inputs[i] + " was overwritten";
  for (const auto& entry : fs::recursive_directory_iterator(root))
    if (problem.empty() && entry.path().extension() == ".tmp")
      problem = "temporary file left: " + entry.path().string();
  fs::remove_all(root);
  return problem;
}

}  // namespace milpsac::fuzz
