// The pairwise-bigm formulation, in the reference's row order (see
// sac_formulation_pairwise_bigm.h).
#include "model/sac/sac_formulation_pairwise_bigm.h"
#include "common/index.h"

#include <string>
#include <unordered_set>

#include "model/sac/lp_builder.h"
#include "model/sac/module_tree.h"

namespace milpsac::model {
namespace {

constexpr double kInf = lp::kInfinity;

std::string name(const char* family, int i) { return std::string(family) + "_" + std::to_string(i); }

}  // namespace

SacModel build_pairwise_bigm_sac_model(const ModuleInfo& info, const SacRequest& request) {
  const int n = info.size();
  const auto u = [](int i) { return uz(i); };
  LpBuilder b;
  SacModel model;

  // Variables, family by family as the seed declares them.
  std::vector<int> y(u(n)), r(u(n)), d(u(n)), a(u(n)), m(u(n)), rcp(u(n)), rct(u(n));
  for (int i = 0; i < n; ++i) y[u(i)] = b.add_column(name("y", i), 0, 1, 0, true);
  for (int i = 0; i < n; ++i) r[u(i)] = b.add_column(name("r", i), 0, 1, 0, false);
  for (int i = 0; i < n; ++i) d[u(i)] = b.add_column(name("d", i), 0, kInf, 0, false);
  for (int i = 0; i < n; ++i) a[u(i)] = b.add_column(name("a", i), 0, kInf, 0, false);
  for (int i = 0; i < n; ++i) m[u(i)] = b.add_column(name("m", i), 0, kInf, 0, false);
  for (int i = 0; i < n; ++i) rcp[u(i)] = b.add_column(name("rcp", i), 0, kInf, 0, false);
  for (int i = 0; i < n; ++i) rct[u(i)] = b.add_column(name("rct", i), 0, kInf, 1, false);
  const int max_m = b.add_column("max_m", 0, kInf, 0, false);
  model.y_col = y;
  model.ratio_col = r;
  model.ratio_scale.assign(u(n), 1.0);
  model.ratio_offset.assign(u(n), 0.0);
  model.peak_col = max_m;

  const auto& mods = info.modules;
  // User-specified AC units (an empty list, like no list, restricts nothing).
  if (request.ac_units && !request.ac_units->empty()) {
    const std::unordered_set<std::string> listed(request.ac_units->begin(), request.ac_units->end());
    for (int i = 0; i < n; ++i)
      if (!listed.count(mods[u(i)].fqn)) b.add_row(name("ac_units", i), 0, 0, {{y[u(i)], 1.0}});
  }
  // No AC unit above an FSDP unit.
  if (request.fsdp_units) {
    for (int i = 0; i < n; ++i)
      for (const std::string& unit : *request.fsdp_units)
        if (is_submodule_fqn(unit, mods[u(i)].fqn)) {
          b.add_row(name("fsdp", i), 0, 0, {{y[u(i)], 1.0}});
          break;
        }
  }
  // No nested AC units: every ancestor/descendant pair.
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (graph::is_strict_ancestor(info.tree, i, j))
        b.add_row("nest_" + std::to_string(i) + "_" + std::to_string(j), -kInf, 1, {{y[u(i)], 1.0}, {y[u(j)], 1.0}});
  // No AC on leaves.
  for (int i = 0; i < n; ++i)
    if (mods[u(i)].is_leaf) b.add_row(name("leaf", i), 0, 0, {{y[u(i)], 1.0}});

  // Discarded memory d_i = ACM r_i - (ACM - IA) y_i.
  std::vector<double> acm(u(n)), ia(u(n));
  for (int i = 0; i < n; ++i) {
    acm[u(i)] = static_cast<double>(effective_sac_memory(mods[u(i)])) / kBytesPerGiB;
    ia[u(i)] = static_cast<double>(mods[u(i)].act_fw_per_module) / kBytesPerGiB;
    b.add_row(name("disc", i), 0, 0, {{d[u(i)], 1.0}, {r[u(i)], -acm[u(i)]}, {y[u(i)], acm[u(i)] - ia[u(i)]}});
  }
  // r_i <= y_i; r_i >= (ACM - IA)/ACM y_i on non-leaves.
  for (int i = 0; i < n; ++i) {
    b.add_row(name("y_ge_r", i), 0, kInf, {{y[u(i)], 1.0}, {r[u(i)], -1.0}});
    if (mods[u(i)].is_leaf) continue;
    b.add_row(name("r_ge", i), 0, kInf, {{r[u(i)], 1.0}, {y[u(i)], -(acm[u(i)] - ia[u(i)]) / acm[u(i)]}});
  }
  // a_i = TA_i + AG_i - sum of d_j over modules finished before i (fw_post_order).
  std::vector<int> by_post(u(n));
  for (int i = 0; i < n; ++i) by_post[u(info.fw_post_position[u(i)])] = i;
  for (int i = 0; i < n; ++i) {
    const double rhs = static_cast<double>(mods[u(i)].act_grad_per_module + mods[u(i)].act_total) / kBytesPerGiB;
    LpBuilder::Entries entries{{a[u(i)], 1.0}};
    for (int p = 0; p < info.fw_post_position[u(i)]; ++p) entries.push_back({d[u(by_post[u(p)])], 1.0});
    b.add_row(name("act", i), rhs, rhs, entries);
  }
  // m_i = a_i + (P + TG_i)/W.
  const double params = static_cast<double>(mods.front().param_per_module) / kBytesPerGiB;
  for (int i = 0; i < n; ++i) {
    const double rhs = (params + static_cast<double>(mods[u(i)].grad_total) / kBytesPerGiB) / request.world_size;
    b.add_row(name("mem", i), rhs, rhs, {{m[u(i)], 1.0}, {a[u(i)], -1.0}});
  }
  // max_m >= m_i.
  for (int i = 0; i < n; ++i) b.add_row(name("peak", i), 0, kInf, {{max_m, 1.0}, {m[u(i)], -1.0}});
  // rcp_i >= slope r_i + intercept.
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < mods[u(i)].n_segments; ++s)
      b.add_row(name("rcp", i) + "_" + std::to_string(s), mods[u(i)].intercepts[u(s)], kInf,
                {{rcp[u(i)], 1.0}, {r[u(i)], -mods[u(i)].slopes[u(s)]}});
  // rct_i = ACT rcp_i if y_i else 0, with the constant big-M.
  for (int i = 0; i < n; ++i) {
    const double act = mods[u(i)].sac_runtime;
    b.add_row(name("rct_le_my", i), -kInf, 0, {{rct[u(i)], 1.0}, {y[u(i)], -kPairwiseBigMms}});
    b.add_row(name("rct_le", i), -kInf, 0, {{rct[u(i)], 1.0}, {rcp[u(i)], -act}});
    b.add_row(name("rct_ge", i), -kPairwiseBigMms, kInf,
              {{rct[u(i)], 1.0}, {rcp[u(i)], -act}, {y[u(i)], -kPairwiseBigMms}});
  }
  // Peak within the budget.
  b.add_row("budget", -kInf, request.budget_gib, {{max_m, 1.0}});

  model.lp = b.finish("SAC_SEED");
  return model;
}

}  // namespace milpsac::model
