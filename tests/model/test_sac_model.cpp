// Baseline, ratio rounding, the independent plan evaluator on hand-made plans,
// and the structure of both SAC formulations (sizes, dropped columns, chain
// rows), checked by evaluating each LP at the point a plan defines. No solver.
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <string>

#include "common/input_error.h"
#include "model/sac/ac_plan.h"
#include "model/sac/baseline.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plan_evaluator.h"
#include "model/sac/sac_formulation.h"
#include "model/sac/sac_formulation_pairwise_bigm.h"
#include "model/sac/sac_request.h"
#include "model/sac/sac_status.h"
#include "model_test_support.h"

using namespace milpsac;
using model::ModuleInfo;
using model::SacRequest;
using test::kMiB;

namespace {

ModuleInfo tiny() { return model::parse_module_info(test::tiny_module_info().dump(), "tiny.json"); }

SacRequest request_mib(double budget_mib, int world = 1) {
  SacRequest r;
  r.budget_gib = budget_mib / 1024.0;
  r.world_size = world;
  return r;
}

int column(const lp::LinearProgram& lp, const std::string& name) {
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.col_names[static_cast<size_t>(j)] == name) return j;
  return -1;
}

int count_rows(const lp::LinearProgram& lp, const std::string& prefix) {
  int n = 0;
  for (const std::string& name : lp.row_names) n += name.rfind(prefix, 0) == 0 ? 1 : 0;
  return n;
}

long nonzeros(const lp::LinearProgram& lp) {
  return static_cast<long>(lp::SparseMatrix(lp.A.pruned(1.0, 0.0)).nonZeros());
}

double recompute_fraction(const model::ModStats& m, double r, double y) {
  double f = 0.0;
  for (int s = 0; s < m.n_segments; ++s)
    f = std::max(f, m.slopes[static_cast<size_t>(s)] * r + m.intercepts[static_cast<size_t>(s)] * y);
  return f;
}

// The point of our formulation that a plan (module index -> ratio) defines.
Eigen::VectorXd ours_point(const ModuleInfo& info, const model::SacModel& sac, const std::map<int, double>& plan) {
  Eigen::VectorXd x = Eigen::VectorXd::Zero(sac.lp.num_cols());
  for (const auto& [i, ratio] : plan) {
    x(sac.y_col[static_cast<size_t>(i)]) = 1.0;
    const size_t k = static_cast<size_t>(i);
    x(sac.ratio_col[k]) = (ratio - sac.ratio_offset[k]) / sac.ratio_scale[k];
    const int t = column(sac.lp, "t_" + std::to_string(i));
    if (t >= 0)
      x(t) = info.modules[static_cast<size_t>(i)].sac_runtime *
             recompute_fraction(info.modules[static_cast<size_t>(i)], ratio, 1.0);
  }
  return x;
}

// The point of the seed formulation that a plan defines (all seven families).
Eigen::VectorXd seed_point(const ModuleInfo& info, const model::SacModel& sac, const std::map<int, double>& plan,
                           int world) {
  const lp::LinearProgram& lp = sac.lp;
  Eigen::VectorXd x = Eigen::VectorXd::Zero(lp.num_cols());
  const int n = info.size();
  std::vector<double> d(static_cast<size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    const auto& m = info.modules[static_cast<size_t>(i)];
    const auto it = plan.find(i);
    const double y = it == plan.end() ? 0.0 : 1.0, r = it == plan.end() ? 0.0 : it->second;
    const double acm = static_cast<double>(model::effective_sac_memory(m)) / model::kBytesPerGiB;
    const double ia = static_cast<double>(m.act_fw_per_module) / model::kBytesPerGiB;
    d[static_cast<size_t>(i)] = acm * r - (acm - ia) * y;
    x(column(lp, "y_" + std::to_string(i))) = y;
    x(column(lp, "r_" + std::to_string(i))) = r;
    x(column(lp, "d_" + std::to_string(i))) = d[static_cast<size_t>(i)];
    double rcp = 0.0;
    for (int s = 0; s < m.n_segments; ++s)
      rcp = std::max(rcp, m.slopes[static_cast<size_t>(s)] * r + m.intercepts[static_cast<size_t>(s)]);
    x(column(lp, "rcp_" + std::to_string(i))) = rcp;
    x(column(lp, "rct_" + std::to_string(i))) = y * m.sac_runtime * rcp;
  }
  double peak = 0.0;
  const double params = static_cast<double>(info.modules[0].param_per_module) / model::kBytesPerGiB;
  for (int i = 0; i < n; ++i) {
    const auto& m = info.modules[static_cast<size_t>(i)];
    double before = 0.0;
    for (int j = 0; j < n; ++j)
      if (info.fw_post_position[static_cast<size_t>(j)] < info.fw_post_position[static_cast<size_t>(i)])
        before += d[static_cast<size_t>(j)];
    const double a = static_cast<double>(m.act_total + m.act_grad_per_module) / model::kBytesPerGiB - before;
    const double mem = a + (params + static_cast<double>(m.grad_total) / model::kBytesPerGiB) / world;
    x(column(lp, "a_" + std::to_string(i))) = a;
    x(column(lp, "m_" + std::to_string(i))) = mem;
    peak = std::max(peak, mem);
  }
  x(column(lp, "max_m")) = peak;
  return x;
}

}  // namespace

TEST_CASE("SAC status: MILP statuses keep their words, the SAC ones have their own, all distinct") {
  using model::SacStatus;
  for (const bnb::MilpStatus m :
       {bnb::MilpStatus::kOptimal, bnb::MilpStatus::kGapLimit, bnb::MilpStatus::kTimeLimit, bnb::MilpStatus::kNodeLimit,
        bnb::MilpStatus::kInfeasible, bnb::MilpStatus::kUnbounded, bnb::MilpStatus::kNumericalError})
    CHECK(std::string(model::to_string(model::sac_status(m))) == bnb::to_string(m));
  CHECK(std::string(model::to_string(SacStatus::kModelTooLarge)) == "model_too_large");
  CHECK(std::string(model::to_string(SacStatus::kInterrupted)) == "interrupted");
  std::set<std::string> words;
  for (const SacStatus s :
       {SacStatus::kOptimal, SacStatus::kGapLimit, SacStatus::kTimeLimit, SacStatus::kNodeLimit, SacStatus::kInfeasible,
        SacStatus::kUnbounded, SacStatus::kNumericalError, SacStatus::kModelTooLarge, SacStatus::kInterrupted})
    words.insert(model::to_string(s));
  CHECK(words.size() == 9);
}

TEST_CASE("baseline: tiny model and transformer_l4 (PyTorch baseline)") {
  const model::Baseline tiny_base = model::compute_baseline(tiny());
  CHECK(tiny_base.peak_memory_bytes == static_cast<long long>(1612 * kMiB));
  CHECK(tiny_base.compute_time_ms == doctest::Approx(30.0));

  const auto cases = nlohmann::json::parse(test::read_text(test::instance_path("sac/transformer_l4.cases.json")));
  const ModuleInfo info = model::read_module_info_file(test::instance_path("sac/transformer_l4.json"));
  const model::Baseline base = model::compute_baseline(info);
  CHECK(base.peak_memory_bytes == cases["baseline"]["peak_mem_bytes"].get<long long>());
  CHECK(base.compute_time_ms == doctest::Approx(cases["baseline"]["compute_time_ms"].get<double>()).epsilon(1e-12));
}

TEST_CASE("ratio rounding: up to 4 decimals, capped to [0, 1]") {
  CHECK(model::round_ratio_up(0.6581) == 0.6581);
  CHECK(model::round_ratio_up(0.6581 - 1e-13) == 0.6581);
  CHECK(model::round_ratio_up(0.65811) == 0.6582);
  CHECK(model::round_ratio_up(0.99991) == 1.0);
  CHECK(model::round_ratio_up(1.0 + 1e-9) == 1.0);
  CHECK(model::round_ratio_up(1.0) == 1.0);
  CHECK(model::round_ratio_up(0.0) == 0.0);
  CHECK(model::round_ratio_up(-1e-12) == 0.0);
  CHECK(model::round_ratio_up(0.00001) == 0.0001);
  for (int k = 0; k <= 10000; ++k) CHECK(model::round_ratio_up(k / 1e4) == k / 1e4);
}

TEST_CASE("plan evaluator: hand-computed plans on the tiny model") {
  const ModuleInfo info = tiny();
  SUBCASE("no plan: the baseline peak with P and TG unsharded") {
    const auto e = model::evaluate_plan(info, {}, request_mib(1612));
    CHECK(e.ok());
    CHECK(e.peak_bytes == 1612 * kMiB);
    CHECK(e.total_recompute_ms == 0.0);
    CHECK_FALSE(model::evaluate_plan(info, {}, request_mib(1611.99)).ok());
  }
  SUBCASE("M.a at ratio 1: discards IA, peak moves to the root") {
    const auto e = model::evaluate_plan(info, {{"M.a", 1.0}}, request_mib(1312));
    CHECK(e.ok());
    CHECK(e.discarded_bytes[1] == 300 * kMiB);
    CHECK(e.memory_bytes[6] == 1442 * kMiB - 300 * kMiB);
    CHECK(e.memory_bytes[2] == 1132 * kMiB);  // finished before M.a: unchanged
    CHECK(e.peak_bytes == 1312 * kMiB);
    CHECK(e.peak_module == 0);
    CHECK(e.total_recompute_ms == doctest::Approx(4.0));
    const auto over = model::evaluate_plan(info, {{"M.a", 1.0}}, request_mib(1311));
    REQUIRE(over.violations.size() == 1);
    CHECK(over.violations[0].find("exceeds the budget") != std::string::npos);
  }
  SUBCASE("two units at ratio 0.5, world size 2") {
    const auto e = model::evaluate_plan(info, {{"M.a", 0.5}, {"M.b.c", 0.5}}, request_mib(2000, 2));
    CHECK(e.ok());
    CHECK(e.discarded_bytes[1] == 100 * kMiB);
    CHECK(e.discarded_bytes[5] == 150 * kMiB);
    // M.b.c: 800 + 40 - 100 + (512 + 150)/2
    CHECK(e.memory_bytes[5] == doctest::Approx((840 - 100 + 331) * kMiB));
    CHECK(e.recompute_ms[1] == doctest::Approx(1.0));  // 4 * max(.25, .25)
    CHECK(e.recompute_ms[5] == doctest::Approx(1.8));  // 3 * (.5 + .1)
    CHECK(e.total_recompute_ms == doctest::Approx(2.8));
  }
  SUBCASE("rule violations") {
    auto violations = [&](std::map<std::string, double> plan, SacRequest request) {
      return model::evaluate_plan(info, plan, request).violations.size();
    };
    CHECK(violations({{"M.b", 0.5}, {"M.b.c", 0.5}}, request_mib(9999)) == 1);  // nested
    CHECK(violations({{"M", 0.5}, {"M.a", 0.5}, {"M.b.c", 0.5}}, request_mib(9999)) == 2);
    CHECK(violations({{"M.a.x", 0.0}}, request_mib(9999)) == 1);  // leaf
    CHECK(violations({{"M.a", 0.2}}, request_mib(9999)) == 1);    // below (ACM-IA)/ACM = .25
    CHECK(violations({{"M.a", 1.01}}, request_mib(9999)) == 1);
    CHECK(violations({{"M.zzz", 0.5}}, request_mib(9999)) == 1);  // unknown
    SacRequest ac = request_mib(9999);
    ac.ac_units = std::vector<std::string>{"M.a"};
    CHECK(violations({{"M.b", 0.5}}, ac) == 1);
    CHECK(violations({{"M.a", 0.5}}, ac) == 0);
    SacRequest fsdp = request_mib(9999);
    fsdp.fsdp_units = std::vector<std::string>{"M.b.c"};
    CHECK(violations({{"M.b", 0.5}}, fsdp) == 1);
    CHECK(violations({{"M.b.c", 0.5}}, fsdp) == 0);  // the unit itself may be an AC unit
  }
}

TEST_CASE("formulation (chain): sizes, dropped columns, chain rows") {
  const ModuleInfo info = tiny();
  const model::SacModel big = model::build_chain_sac_model(info, request_mib(10 * 1024));
  CHECK(big.lp.num_cols() == 12);            // y, d, t for M, M.a, M.b, M.b.c
  CHECK(big.y_col[2] == -1);                 // leaves dropped
  CHECK(count_rows(big.lp, "chain_") == 2);  // {M, M.a} and {M, M.b, M.b.c}
  CHECK(count_rows(big.lp, "d_le_y_") == 4);
  CHECK(count_rows(big.lp, "rcp_") == 6);
  CHECK(count_rows(big.lp, "mem_") == 0);  // the budget binds nowhere
  CHECK(big.lp.num_rows() == 12);
  CHECK_FALSE(big.infeasible);

  const model::SacModel tight = model::build_chain_sac_model(info, request_mib(1312));
  CHECK(count_rows(tight.lp, "mem_") == 3);

  SacRequest ac = request_mib(1312);
  ac.ac_units = std::vector<std::string>{"M.a", "M.b"};
  const model::SacModel restricted = model::build_chain_sac_model(info, ac);
  CHECK(restricted.lp.num_cols() == 6);
  CHECK(count_rows(restricted.lp, "chain_") == 0);

  SacRequest fsdp = request_mib(1312);
  fsdp.fsdp_units = std::vector<std::string>{"M.b.c.w"};
  const model::SacModel fs = model::build_chain_sac_model(info, fsdp);
  CHECK(fs.y_col == std::vector<int>{-1, 0, -1, -1, -1, -1, -1});

  // Below the memory of the modules that finish before any unit: infeasible without solving.
  const model::SacModel hopeless = model::build_chain_sac_model(info, request_mib(1200));
  CHECK(hopeless.infeasible);
}

TEST_CASE("formulation (chain): a plan's point satisfies the rows iff it fits, and costs its recompute time") {
  const ModuleInfo info = tiny();
  const std::map<int, double> plan_a = {{1, 1.0}};
  const model::SacModel fits = model::build_chain_sac_model(info, request_mib(1312 + 0.01));
  const Eigen::VectorXd x = ours_point(info, fits, plan_a);
  CHECK(test::max_violation(fits.lp, x) <= 1e-12);
  CHECK(fits.lp.c.dot(x) == doctest::Approx(4.0));
  const model::SacModel over = model::build_chain_sac_model(info, request_mib(1311.99));
  CHECK(test::max_violation(over.lp, ours_point(info, over, plan_a)) > 1e-6);

  const std::map<int, double> plan_two = {{1, 0.5}, {5, 0.5}};
  const model::SacModel two = model::build_chain_sac_model(info, request_mib(1402 + 0.01));
  const Eigen::VectorXd x2 = ours_point(info, two, plan_two);
  CHECK(test::max_violation(two.lp, x2) <= 1e-12);
  CHECK(two.lp.c.dot(x2) == doctest::Approx(2.8));
  // Nested units break a chain row.
  const Eigen::VectorXd nested = ours_point(info, two, {{4, 0.5}, {5, 0.5}});
  CHECK(test::max_violation(two.lp, nested) >= 1.0 - 1e-12);
}

TEST_CASE("formulation (pairwise-bigm): row for row, and the same points feasible") {
  const ModuleInfo info = tiny();
  const model::SacModel seed = model::build_pairwise_bigm_sac_model(info, request_mib(1312));
  CHECK(seed.lp.num_cols() == 7 * 7 + 1);
  CHECK(count_rows(seed.lp, "nest_") == 11);
  CHECK(count_rows(seed.lp, "leaf_") == 3);
  CHECK(seed.lp.num_rows() == 11 + 3 + 7 + 7 + 4 + 7 + 7 + 7 + 6 + 21 + 1);
  int integers = 0;
  for (char v : seed.lp.is_integer) integers += v;
  CHECK(integers == 7);

  const Eigen::VectorXd x = seed_point(info, seed, {{1, 1.0}}, 1);
  CHECK(test::max_violation(seed.lp, x) <= 1e-12);
  CHECK(seed.lp.c.dot(x) == doctest::Approx(4.0));
  const model::SacModel seed_over = model::build_pairwise_bigm_sac_model(info, request_mib(1311.9));
  CHECK(test::max_violation(seed_over.lp, seed_point(info, seed_over, {{1, 1.0}}, 1)) > 1e-6);

  SacRequest both = request_mib(2000, 2);
  both.ac_units = std::vector<std::string>{"M.a", "M.b.c"};
  both.fsdp_units = std::vector<std::string>{"M.b.c"};
  const model::SacModel restricted = model::build_pairwise_bigm_sac_model(info, both);
  CHECK(count_rows(restricted.lp, "ac_units_") == 5);
  CHECK(count_rows(restricted.lp, "fsdp_") == 2);  // M and M.b contain M.b.c
  const Eigen::VectorXd x2 = seed_point(info, restricted, {{1, 0.5}, {5, 0.5}}, 2);
  CHECK(test::max_violation(restricted.lp, x2) <= 1e-12);
  CHECK(restricted.lp.c.dot(x2) == doctest::Approx(2.8));
}

TEST_CASE("formulation sizes on the bundled instances: chain and cumulative much smaller than pairwise-bigm") {
  for (const char* name : {"gpt4", "gpt12", "moe2", "resnet50", "transformer_l4"}) {
    const ModuleInfo info = model::read_module_info_file(test::instance_path(std::string("sac/") + name + ".json"));
    SacRequest r;
    r.budget_gib = 1.5;
    const model::SacModel ours = model::build_chain_sac_model(info, r);
    const model::SacModel cumulative = model::build_cumulative_sac_model(info, r);
    const model::SacModel seed = model::build_pairwise_bigm_sac_model(info, r);
    MESSAGE(std::string(name) << ": chain " << ours.lp.num_rows() << " x " << ours.lp.num_cols() << ", cumulative "
                              << cumulative.lp.num_rows() << " x " << cumulative.lp.num_cols() << ", pairwise-bigm "
                              << seed.lp.num_rows() << " x " << seed.lp.num_cols());
    CHECK(ours.lp.num_cols() * 5 < seed.lp.num_cols());
    CHECK(ours.lp.num_rows() * 5 < seed.lp.num_rows());
    CHECK(nonzeros(cumulative.lp) <= nonzeros(ours.lp));
  }
}

TEST_CASE("formulation (cumulative): linear in size, and the same points feasible as chain") {
  const ModuleInfo info = tiny();
  // The S columns of a point are the prefix sums of its d columns.
  auto with_sums = [](const model::SacModel& sac, Eigen::VectorXd x) {
    std::vector<double> d_by_post;
    for (int module : sac.units_by_post) d_by_post.push_back(x(sac.ratio_col[static_cast<size_t>(module)]));
    for (const auto& [col, k] : sac.cumulative_col) {
      double sum = 0.0;
      for (int p = 0; p < k; ++p) sum += d_by_post[static_cast<size_t>(p)];
      x(col) = sum;
    }
    return x;
  };
  for (double budget : {1312.0 + 0.01, 1311.99, 1402.0 + 0.01, 1300.0, 2000.0}) {
    CAPTURE(budget);
    const model::SacModel chain = model::build_chain_sac_model(info, request_mib(budget));
    const model::SacModel cumulative = model::build_cumulative_sac_model(info, request_mib(budget));
    CHECK(cumulative.infeasible == chain.infeasible);
    for (const std::map<int, double>& plan :
         {std::map<int, double>{{1, 1.0}}, std::map<int, double>{{1, 0.5}, {5, 0.5}}, std::map<int, double>{},
          std::map<int, double>{{4, 0.5}, {5, 0.5}}}) {
      const Eigen::VectorXd x = ours_point(info, chain, plan);
      const Eigen::VectorXd xc = with_sums(cumulative, ours_point(info, cumulative, plan));
      const bool chain_ok = test::max_violation(chain.lp, x) <= 1e-9;
      CHECK(chain_ok == (test::max_violation(cumulative.lp, xc) <= 1e-9));
      CHECK(cumulative.lp.c.dot(xc) == doctest::Approx(chain.lp.c.dot(x)));
    }
  }
  // Nonzeros grow linearly with the model, not quadratically.
  SacRequest r;
  r.budget_gib = 1.0;
  const ModuleInfo l4 = model::read_module_info_file(test::instance_path("sac/transformer_l4.json"));
  const model::SacModel c = model::build_cumulative_sac_model(l4, r);
  CHECK(nonzeros(c.lp) <= 8 * c.lp.num_cols());
}

TEST_CASE("formulation names: new names and the old aliases") {
  CHECK(model::parse_formulation("cumulative") == model::SacFormulation::kCumulative);
  CHECK(model::parse_formulation("chain") == model::SacFormulation::kChain);
  CHECK(model::parse_formulation("ours") == model::SacFormulation::kChain);
  CHECK(model::parse_formulation("pairwise-bigm") == model::SacFormulation::kPairwiseBigM);
  CHECK(model::parse_formulation("seed") == model::SacFormulation::kPairwiseBigM);
  CHECK_FALSE(model::parse_formulation("pulp"));
  for (auto f :
       {model::SacFormulation::kCumulative, model::SacFormulation::kChain, model::SacFormulation::kPairwiseBigM})
    CHECK(model::parse_formulation(model::to_string(f)) == f);
}

TEST_CASE("request validation: unknown units, bad budget or world size") {
  const ModuleInfo info = tiny();
  SacRequest r = request_mib(1000);
  CHECK_NOTHROW(model::validate_request(info, r));
  r.ac_units = std::vector<std::string>{"M.a", "M.nope"};
  CHECK_THROWS_WITH_AS(model::validate_request(info, r), doctest::Contains("M.nope"), InputError);
  r = request_mib(1000);
  r.fsdp_units = std::vector<std::string>{"M.b.c.w.q"};
  CHECK_THROWS_WITH_AS(model::validate_request(info, r), doctest::Contains("fsdp_units"), InputError);
  r = request_mib(0);
  CHECK_THROWS_AS(model::validate_request(info, r), InputError);
  r = request_mib(1000);
  r.budget_gib = NAN;
  CHECK_THROWS_AS(model::validate_request(info, r), InputError);
  r = request_mib(1000, 0);
  CHECK_THROWS_AS(model::validate_request(info, r), InputError);
}

TEST_CASE("extreme values: memory sums near 2^62 and huge runtimes are refused, not overflowed") {
  ModuleInfo info = tiny();
  info.modules[3].act_total = std::int64_t{1} << 61;
  info.modules[3].act_grad_per_module = std::int64_t{1} << 61;
  CHECK_THROWS_WITH_AS(model::compute_baseline(info), doctest::Contains("2^62"), InputError);
  CHECK_THROWS_WITH_AS(model::validate_request(info, request_mib(1000)), doctest::Contains(info.modules[3].fqn.c_str()),
                       InputError);
  info = tiny();
  info.modules[1].sac_runtime = 1e308;
  info.modules[3].sac_runtime = 1e308;
  CHECK_THROWS_WITH_AS(model::validate_request(info, request_mib(1000)), doctest::Contains("sac_runtime"), InputError);
  info = tiny();
  info.modules[0].fw_runtime_per_module = 1e308;
  info.modules[0].bw_runtime_per_module = 1e308;
  CHECK_THROWS_AS(model::compute_baseline(info), InputError);
}
