// Reading a plan off a solution vector (see ac_plan.h).
#include "model/sac/ac_plan.h"

namespace milpsac::model {

AcPlan extract_plan(const SacModel& model, const Eigen::VectorXd& x) {
  AcPlan plan;
  for (size_t i = 0; i < model.y_col.size(); ++i) {
    const int y = model.y_col[i];
    if (y < 0 || x(y) <= 0.5) continue;
    plan.push_back({static_cast<int>(i), model.ratio_offset[i] + model.ratio_scale[i] * x(model.ratio_col[i])});
  }
  return plan;
}

AcPlan round_plan_up(AcPlan plan) {
  for (AcDecision& decision : plan) decision.ratio = round_ratio_up(decision.ratio);
  return plan;
}

}  // namespace milpsac::model
