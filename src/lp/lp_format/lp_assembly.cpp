// LP-format statements -> LinearProgram (see lp_assembly.h).
#include "lp/lp_format/lp_assembly.h"

#include <cmath>

#include "common/index.h"

namespace milpsac::lp::lp_detail {

LinearProgram assemble(const LpStatements& s, const std::string& model_name, mps_detail::Diagnostics& diag) {
  const int n = static_cast<int>(s.col_names.size());
  const int m = static_cast<int>(s.rows.size());
  LinearProgram lp;
  lp.resize(m, n);
  lp.name = model_name;
  lp.sense = s.maximize ? ObjectiveSense::kMaximize : ObjectiveSense::kMinimize;
  lp.offset = s.objective.constant;
  lp.col_names = s.col_names;
  lp.col_lower.setZero();
  lp.col_upper.setConstant(kInfinity);
  for (const Term& t : s.objective.terms) lp.c[t.col] += t.coef;

  std::vector<char> lower_set(uz(n), 0);
  std::vector<int> negative_upper_line(uz(n), 0);
  for (const BoundStatement& b : s.bounds) {
    if (b.has_lower) {
      lp.col_lower[b.col] = b.lower;
      lower_set[uz(b.col)] = 1;
    }
    if (b.has_upper) {
      lp.col_upper[b.col] = b.upper;
      negative_upper_line[uz(b.col)] = b.upper < 0.0 ? b.line : 0;
    }
  }
  for (int j = 0; j < n; ++j) {
    if (negative_upper_line[uz(j)] > 0 && !lower_set[uz(j)]) {
      lp.col_lower[j] = -kInfinity;
      diag.warn_at(negative_upper_line[uz(j)], "column '" + s.col_names[uz(j)] +
                                                   "' has a negative upper bound and no lower bound: lower bound -inf");
    }
  }
  for (int j : s.generals) lp.is_integer[uz(j)] = 1;
  for (int j : s.binaries) {
    lp.is_integer[uz(j)] = 1;
    lp.col_lower[j] = std::max(lp.col_lower[j], 0.0);
    lp.col_upper[j] = std::min(lp.col_upper[j], 1.0);
  }

  std::vector<Eigen::Triplet<double>> triplets;
  for (int i = 0; i < m; ++i) {
    const RowStatement& r = s.rows[uz(i)];
    if (r.name.empty()) {
      // Appended, not "R" + to_string: GCC 12 raises a false -Wrestrict on that.
      std::string name(1, 'R');
      name += std::to_string(i + 1);
      lp.row_names[uz(i)] = name;
    } else {
      lp.row_names[uz(i)] = r.name;
    }
    lp.row_lower[i] = r.lower <= -1e30 ? -kInfinity : r.lower;
    lp.row_upper[i] = r.upper >= 1e30 ? kInfinity : r.upper;
    for (const Term& t : r.lhs.terms) triplets.emplace_back(i, t.col, t.coef);
  }
  lp.A.setFromTriplets(triplets.begin(), triplets.end());
  lp.A.makeCompressed();
  return lp;
}

}  // namespace milpsac::lp::lp_detail
