// milp_run MODEL.mps[.gz] [GAP] [TIME_LIMIT] [PRESOLVE 0|1] [PUMP 0|1] [PROBING 0|1] [FLOW_COVERS 0|1]
// [TABLEAU_MIR 0|1] [NODE_LIMIT] [ROOT_RESTARTS] [ZERO_HALF 0|1] [NODE_CUTS 0|1]: solve one MILP with the library
// (NODE_LIMIT 1: the root only) and print one JSON line with the search statistics the CLI does not show (root bounds
// before and after the root work, cuts, LP iterations and fallbacks). Used by bench/compare-cbc-milp.py. With
// MILP_RUN_TRACE=1 in the environment, the progress events (root LP, cut rounds, incumbents, and the search every 5 s)
// go to stderr as they happen. MILP_RUN_START=FILE (one value per column, in the model's column order, whitespace
// separated) offers that solution to the search first. MILP_RUN_BRANCHING=batch|per-child picks the branching rule
// (MilpOptions::branching; per-child by default).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bnb/branch_and_bound.h"
#include "lp/mps/mps.h"

namespace {

std::string number(double v) {
  if (!std::isfinite(v)) return "null";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: milp_run MODEL.mps [GAP] [TIME_LIMIT] [PRESOLVE] [PUMP] [PROBING] [FLOW_COVERS] [TABLEAU_MIR] "
                 "[NODE_LIMIT] [ROOT_RESTARTS] [ZERO_HALF] [NODE_CUTS]\n");
    return 2;
  }
  using namespace milpsac;
  bnb::MilpOptions options;
  if (argc > 2) options.relative_gap = std::atof(argv[2]);
  // The limit counts from here (reading the model included).
  const Deadline clock(argc > 3 ? std::atof(argv[3]) : INFINITY);
  options.deadline = &clock;
  if (argc > 4) options.presolve = std::atoi(argv[4]) != 0;
  if (argc > 5) options.feasibility_pump = std::atoi(argv[5]) != 0;
  if (argc > 6) options.probing = std::atoi(argv[6]) != 0;
  if (argc > 7) options.flow_covers = std::atoi(argv[7]) != 0;
  if (argc > 8) options.tableau_mir = std::atoi(argv[8]) != 0;
  if (argc > 9) options.node_limit = std::atol(argv[9]);
  if (argc > 10) options.root_restarts = std::atoi(argv[10]);
  if (argc > 11) options.zero_half = std::atoi(argv[11]) != 0;
  if (argc > 12) options.node_cuts = std::atoi(argv[12]) != 0;
  const char* trace = std::getenv("MILP_RUN_TRACE");
  if (trace != nullptr && std::string(trace) == "1")
    options.progress = [](const bnb::MilpProgress& p) {
      std::fprintf(stderr, "%8.2f s %-9s nodes %ld open %ld bound %.10g objective %.10g round %d cuts %d rows %d %s\n",
                   p.seconds, bnb::to_string(p.event), p.nodes, p.open_nodes, p.bound, p.objective, p.cut_round,
                   p.cuts_added, p.cut_rows, p.found_by);
    };
  if (const char* rule = std::getenv("MILP_RUN_BRANCHING")) {
    const std::string name = rule;
    if (name == "per-child")
      options.branching = bnb::BranchingRule::kPerChild;
    else if (name == "batch")
      options.branching = bnb::BranchingRule::kBatch;
    else {
      std::fprintf(stderr, "milp_run: MILP_RUN_BRANCHING: '%s' is not a branching rule (batch, per-child)\n", rule);
      return 2;
    }
  }
  try {
    const lp::LinearProgram model = lp::read_mps_file(argv[1]);
    if (const char* start = std::getenv("MILP_RUN_START")) {
      // A known solution offered to the search (it is checked like any
      // incumbent): the proof's share of a search, without its hunt.
      std::FILE* f = std::fopen(start, "r");
      if (f == nullptr) {
        std::fprintf(stderr, "milp_run: MILP_RUN_START: cannot open %s\n", start);
        return 2;
      }
      options.initial_solution = Eigen::VectorXd::Zero(model.num_cols());
      int read = 0;
      while (read < model.num_cols() && std::fscanf(f, "%lf", &options.initial_solution[read]) == 1) ++read;
      std::fclose(f);
      if (read != model.num_cols()) {
        std::fprintf(stderr, "milp_run: MILP_RUN_START: %s holds %d values, the model has %d columns\n", start, read,
                     model.num_cols());
        return 2;
      }
    }
    const bnb::MilpResult r = bnb::solve_milp(model, options);
    std::printf(
        "{\"status\": \"%s\", \"objective\": %s, \"bound\": %s, \"gap\": %s, \"nodes\": %ld, \"seconds\": %s, "
        "\"root_lp_bound\": %s, \"root_bound\": %s, \"cuts\": %ld, \"lp_iterations\": %ld, \"lp_fallbacks\": %ld, "
        "\"presolve_removed_rows\": %d, \"presolve_removed_cols\": %d, \"presolve_fallback\": %s, "
        "\"first_incumbent_seconds\": %s, \"pump_rounds\": %d, \"pump_found\": %s, \"restarts\": %d, \"resolves\": "
        "%ld, \"iterations_by\": {\"strong_branching\": %ld, \"separation\": %ld, \"heuristics\": %ld, "
        "\"sub_mips\": %ld}}\n",
        bnb::to_string(r.status), r.has_solution ? number(r.objective).c_str() : "null", number(r.bound).c_str(),
        r.has_solution ? number(r.gap).c_str() : "null", r.nodes, number(r.seconds).c_str(),
        number(r.root_lp_bound).c_str(), number(r.root_bound).c_str(), r.cuts, r.lp_iterations, r.lp_fallbacks,
        r.presolve_removed_rows, r.presolve_removed_cols, r.presolve_fallback ? "true" : "false",
        number(r.first_incumbent_seconds).c_str(), r.pump_rounds, r.pump_found ? "true" : "false", r.restarts,
        r.resolves, r.iterations_by.strong_branching, r.iterations_by.separation, r.iterations_by.heuristics,
        r.iterations_by.sub_mips);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "milp_run: %s\n", e.what());
    return 2;
  }
  return 0;
}
