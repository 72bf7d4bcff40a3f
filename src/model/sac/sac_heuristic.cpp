// Greedy SAC plan and its repair pass (see sac_heuristic.h).
#include "model/sac/sac_heuristic.h"
#include "common/index.h"

#include <algorithm>
#include <cmath>

#include "model/sac/memory_prefixes.h"
#include "model/sac/sac_formulation_parts.h"

namespace milpsac::model {
namespace {

constexpr double kInf = lp::kInfinity;
// Amounts below this (GiB, about a millibyte) count as nothing.
constexpr double kTinyGiB = 1e-12;

size_t u(int i) { return uz(i); }

// Amounts (fractions of IA) at which a new unit's average price is sampled,
// besides the breakpoints of its recompute curve.
constexpr int kPriceSamples = 16;

struct Unit {
  int module;
  double capacity_gib;        // IA
  double best_amount_gib;     // the amount with the lowest average price t(a) / a
  double best_price;          // ms per GiB at that amount
  double full_price;          // ms per GiB over the whole capacity
  std::vector<double> steps;  // sorted amounts where the price may change (breakpoints, samples)
};

// The lowest average price of a unit: t is convex in d with a fixed cost t(0),
// so t(a)/a is smallest at a breakpoint of t or at the capacity; sampled too.
Unit make_unit(const ModStats& m, int module) {
  Unit unit{module, static_cast<double>(m.act_fw_per_module) / kBytesPerGiB, 0.0, kInf, kInf, {}};
  const double acm = static_cast<double>(effective_sac_memory(m)) / kBytesPerGiB;
  const double lo = acm > 0 ? (acm - unit.capacity_gib) / acm : 0.0;
  std::vector<double> amounts;
  for (int j = 1; j <= kPriceSamples; ++j) amounts.push_back(unit.capacity_gib * j / kPriceSamples);
  for (double ratio : m.breakpoints) amounts.push_back((ratio - lo) * acm);
  for (int s = 0; s < m.n_segments; ++s)  // where a segment crosses zero
    if (m.slopes[u(s)] > 0) amounts.push_back((-m.intercepts[u(s)] / m.slopes[u(s)] - lo) * acm);
  for (double a : amounts) {
    if (!(a > kTinyGiB && a <= unit.capacity_gib)) continue;
    unit.steps.push_back(a);
    const double price = unit_recompute_ms(m, a) / a;
    if (price < unit.best_price) {
      unit.best_price = price;
      unit.best_amount_gib = a;
    }
  }
  std::sort(unit.steps.begin(), unit.steps.end());
  if (unit.capacity_gib > kTinyGiB) unit.full_price = unit_recompute_ms(m, unit.capacity_gib) / unit.capacity_gib;
  return unit;
}

// The next amount after d where the unit's marginal price may change.
double next_step(const Unit& unit, double d) {
  auto it = std::upper_bound(unit.steps.begin(), unit.steps.end(), d + kTinyGiB);
  return it == unit.steps.end() ? unit.capacity_gib : *it;
}

// How the greedy ranks the units that could cover a deficit:
//   kCheapestPiece  ms per GiB, a new unit over its cheapest piece;
//   kWholeUnits     ms per GiB, a new unit over all it can take (fewer,
//                   larger units: often succeeds where small units taken
//                   early block the large ones a tight budget needs);
//   kLargestFirst   the most GiB it can still take, whatever the price: a
//                   last resort near the smallest feasible budget, where
//                   the priced passes run out of unblocked units.
enum class Pricing { kCheapestPiece, kWholeUnits, kLargestFirst };

class Greedy {
 public:
  Greedy(const ModuleInfo& info, const std::vector<int>& units_by_post, const formulation::MemorySides& sides,
         Pricing pricing)
      : info_(info),
        lower_(sides.lower),
        upper_(sides.upper),
        whole_units_(pricing != Pricing::kCheapestPiece),
        largest_first_(pricing == Pricing::kLargestFirst) {
    for (int module : units_by_post) units_.push_back(make_unit(info.modules[u(module)], module));
    const size_t count = units_.size();
    discard_.assign(count, 0.0);
    on_.assign(count, 0);
    blocked_.assign(count, 0);
    sum_.assign(count + 1, 0.0);
    room_after_.assign(count + 1, 0.0);
    position_.assign(u(info.size()), -1);
    for (size_t p = 0; p < count; ++p) position_[u(units_[p].module)] = static_cast<int>(p);
    later_upper_.assign(count + 2, kInf);
    for (size_t k = count + 1; k-- > 0;) later_upper_[k] = std::min(later_upper_[k + 1], upper_[k]);
  }

  bool run() {
    if (lower_[0] > 0 || upper_[0] < 0) return false;
    double total = 0.0;  // sum of every discard so far (all of it by units before k)
    for (size_t k = 1; k < sum_.size(); ++k) {
      sum_[k] = total;
      double deficit = lower_[k] - sum_[k];
      while (deficit > kTinyGiB) {
        const double added = add_cheapest(k, deficit, total);
        if (added <= 0) return false;
        deficit -= added;
        total += added;
      }
    }
    repair();
    return true;
  }

  HeuristicPlan plan() const {
    HeuristicPlan result;
    result.found = true;
    result.unit.assign(u(info_.size()), 0);
    result.discard_gib.assign(u(info_.size()), 0.0);
    for (size_t p = 0; p < units_.size(); ++p) {
      if (!on_[p]) continue;
      const int module = units_[p].module;
      result.unit[u(module)] = 1;
      result.discard_gib[u(module)] = discard_[p];
      result.recompute_ms += unit_recompute_ms(info_.modules[u(module)], discard_[p]);
    }
    return result;
  }

 private:
  // Add discard at the unit before prefix k with the lowest price per GiB for
  // what it can take; returns the amount (0 when no unit can take any).
  double add_cheapest(size_t k, double deficit, double total) {
    // Room under the upper sides for a unit at position p: min over the
    // prefixes m in (p, k] of upper_m - sum_m, and upper_m - total beyond k.
    // (One buffer for every call: this runs once per piece added, thousands
    // of times on large models.)
    std::vector<double>& room_after = room_after_;
    room_after[k] = later_upper_[k + 1] - total;
    for (size_t m = k; m >= 1; --m) room_after[m - 1] = std::min(room_after[m], upper_[m] - sum_[m]);
    size_t best = k;
    double best_amount = 0.0, best_price = kInf;
    for (size_t p = 0; p < k; ++p) {
      if (blocked_[p] && !on_[p]) continue;
      // Up to where the price changes: a new unit up to its cheapest average,
      // an active one up to the end of its current linear piece.
      const double piece = on_[p]         ? next_step(units_[p], discard_[p]) - discard_[p]
                           : whole_units_ ? units_[p].capacity_gib
                                          : std::max(units_[p].best_amount_gib, kTinyGiB);
      const double amount = std::min({deficit, piece, units_[p].capacity_gib - discard_[p], room_after[p]});
      if (amount <= kTinyGiB) continue;
      const ModStats& m = info_.modules[u(units_[p].module)];
      // An active unit: its marginal price. A new one: its average price over
      // all it could take (it pays its fixed cost once; later prefixes need
      // more memory, so what it can take will be used).
      double price;
      if (on_[p]) {
        price = (unit_recompute_ms(m, discard_[p] + amount) - unit_recompute_ms(m, discard_[p])) / amount;
      } else {
        const double full = std::min(units_[p].capacity_gib, room_after[p]);
        if (units_[p].best_amount_gib <= full && !whole_units_)
          price = units_[p].best_price;
        else if (full >= units_[p].capacity_gib)
          price = units_[p].full_price;
        else
          price = unit_recompute_ms(m, full) / full;
      }
      if (largest_first_) price = -std::min(units_[p].capacity_gib - discard_[p], room_after[p]);
      if (price < best_price) {
        best = p;
        best_price = price;
        best_amount = amount;
      }
    }
    if (best == k) return 0.0;
    discard_[best] += best_amount;
    for (size_t m = best + 1; m <= k; ++m) sum_[m] += best_amount;
    if (!on_[best]) switch_on(best);
    return best_amount;
  }

  // A unit blocks its candidate ancestors and descendants.
  void switch_on(size_t p) {
    on_[p] = 1;
    const std::vector<int>& parent = info_.tree.parent;
    const int module = units_[p].module;
    for (int v = parent[u(module)]; v != -1; v = parent[u(v)])
      if (position_[u(v)] >= 0) blocked_[u(position_[u(v)])] = 1;
    for (size_t q = 0; q < units_.size(); ++q)
      if (graph::is_strict_ancestor(info_.tree, module, units_[q].module)) blocked_[q] = 1;
  }

  // Give back discard no lower side needs, latest unit first; drop empty units.
  void repair() {
    const size_t count = units_.size();
    for (size_t p = count; p-- > 0;) {
      if (!on_[p]) continue;
      double slack = discard_[p];
      for (size_t m = p + 1; m <= count && slack > 0; ++m)
        if (lower_[m] != -kInf) slack = std::min(slack, sum_[m] - lower_[m]);
      if (slack <= kTinyGiB) continue;
      const ModStats& mod = info_.modules[u(units_[p].module)];
      const bool empties = slack >= discard_[p] - kTinyGiB;
      // Keep the unit's discard when giving it back saves nothing.
      if (!empties && unit_recompute_ms(mod, discard_[p] - slack) >= unit_recompute_ms(mod, discard_[p])) continue;
      const double given = empties ? discard_[p] : slack;
      discard_[p] -= given;
      for (size_t m = p + 1; m <= count; ++m) sum_[m] -= given;
      if (empties) {
        discard_[p] = 0.0;
        on_[p] = 0;
      }
    }
  }

  const ModuleInfo& info_;
  const std::vector<double>& lower_;
  const std::vector<double>& upper_;
  const bool whole_units_;
  const bool largest_first_;
  std::vector<Unit> units_;
  std::vector<double> discard_;
  std::vector<char> on_, blocked_;
  std::vector<double> sum_;          // sum_[k]: discard of the units before prefix k
  std::vector<double> room_after_;   // add_cheapest's room per position (scratch)
  std::vector<int> position_;        // module -> position in units_, -1 if not a candidate
  std::vector<double> later_upper_;  // later_upper_[k]: min of upper_ over prefixes >= k
};

}  // namespace

double unit_recompute_ms(const ModStats& m, double discard_gib) {
  const double acm = static_cast<double>(effective_sac_memory(m)) / kBytesPerGiB;
  const double ia = static_cast<double>(m.act_fw_per_module) / kBytesPerGiB;
  if (acm <= 0) return 0.0;
  const double ratio = (acm - ia) / acm + discard_gib / acm;
  double fraction = 0.0;
  for (int s = 0; s < m.n_segments; ++s) fraction = std::max(fraction, m.slopes[u(s)] * ratio + m.intercepts[u(s)]);
  return m.sac_runtime * fraction;
}

HeuristicPlan greedy_sac_plan(const ModuleInfo& info, const SacRequest& request, double margin_gib) {
  const std::vector<char> candidate = ac_candidates(info, request);
  const MemoryPrefixes prefixes = memory_prefixes(info, candidate, request.world_size);
  const formulation::MemorySides sides =
      formulation::memory_sides(prefixes, formulation::Objective::kRecomputeTime, request.budget_gib - margin_gib);
  // The cheaper plan of the two priced passes wins; the largest-first pass
  // runs only when neither finds a plan.
  HeuristicPlan best;
  for (Pricing pricing : {Pricing::kCheapestPiece, Pricing::kWholeUnits, Pricing::kLargestFirst}) {
    if (pricing == Pricing::kLargestFirst && best.found) break;
    Greedy greedy(info, prefixes.units_by_post, sides, pricing);
    if (!greedy.run()) continue;
    HeuristicPlan plan = greedy.plan();
    if (!best.found || plan.recompute_ms < best.recompute_ms) best = std::move(plan);
  }
  return best;
}

Eigen::VectorXd heuristic_point(const ModuleInfo& info, const SacModel& model, const HeuristicPlan& plan) {
  if (!plan.found || model.time_col.empty()) return {};
  Eigen::VectorXd x = Eigen::VectorXd::Zero(model.lp.num_cols());
  for (size_t i = 0; i < model.y_col.size(); ++i) {
    if (model.y_col[i] < 0 || !plan.unit[i]) continue;
    const ModStats& m = info.modules[i];
    const double d = plan.discard_gib[i];
    x(model.y_col[i]) = 1.0;
    x(model.ratio_col[i]) = d;
    if (model.time_col[i] < 0) continue;
    // The largest right-hand side of its rcp rows, in the model's time unit.
    const double runtime = m.sac_runtime / model.objective_unit_ms;
    const double lo = model.ratio_offset[i], per_gib = model.ratio_scale[i];
    double t = 0.0;
    for (int s = 0; s < m.n_segments; ++s)
      t = std::max(t, runtime * m.slopes[u(s)] * per_gib * d + runtime * (m.slopes[u(s)] * lo + m.intercepts[u(s)]));
    x(model.time_col[i]) = t;
  }
  for (const auto& [col, members] : model.twin_count_col)
    for (int i : members) x(col) += plan.unit[u(i)] ? 1.0 : 0.0;
  if (!model.cumulative_col.empty()) {
    double running = 0.0;
    size_t next = 0;
    for (const auto& [col, k] : model.cumulative_col) {
      for (; next < uz(k); ++next) running += plan.discard_gib[u(model.units_by_post[next])];
      x(col) = running;
    }
  }
  return x;
}

}  // namespace milpsac::model
