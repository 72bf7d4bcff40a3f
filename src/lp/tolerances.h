// Every numerical tolerance of the LP core, in one place.
//
// The simplex works on the scaled problem, where entries of A are near 1, so
// absolute tolerances there behave like relative ones on the user's data. The
// final check of a reported solution runs on the original (unscaled) problem
// with the *_check tolerances, scaled by the size of the data involved.
#pragma once

#include <cmath>
#include <string>

namespace milpsac::lp::tol {

// A basic variable within this distance of its bounds is primal feasible.
inline constexpr double kPrimalFeasibility = 1e-7;
// A reduced cost within this distance of the right sign is dual feasible.
inline constexpr double kDualFeasibility = 1e-7;
// Smallest |alpha| accepted as a pivot; raised once the factor has had many updates.
inline constexpr double kPivot = 1e-7;
inline constexpr double kPivotLongEtaFile = 1e-6;
// The pivot computed from the row (BTRAN) and from the column (FTRAN) must
// agree to this relative difference, or the factor is not trusted.
inline constexpr double kPivotAgreement = 1e-6;
// The Forrest-Tomlin update computes its new diagonal of U twice (from the
// column's pivot and from the spike); a relative difference beyond this asks
// for a fresh factor.
inline constexpr double kUpdatePivotCheck = 1e-8;
// Entries of a computed column or row below this are treated as zero.
inline constexpr double kZero = 1e-11;
// A pivot of the LU below this (relative to the largest entry of its column)
// marks the basis as singular.
inline constexpr double kSingularPivot = 1e-11;
// A triangular (singleton) pivot of the basis factor must be at least this
// fraction of its column's largest entry; smaller ones go to the dense bump.
inline constexpr double kTriangularPivotRatio = 1e-3;
// Threshold partial pivoting of the sparse LU of the bump (sparse_lu.h): a
// pivot must be at least this fraction of the largest active entry of its
// column (sparsity first, stability within this bound).
inline constexpr double kMarkowitzThreshold = 0.1;
// Bounds at or beyond this magnitude are infinite (MPS convention: 1e30).
inline constexpr double kInfiniteBound = 1e30;
// Final check on the original data: violation / (1 + |rhs| scale) allowed.
inline constexpr double kPrimalCheck = 1e-6;
inline constexpr double kDualCheck = 1e-6;
// Steps shorter than this are degenerate (for the anti-cycling counter).
inline constexpr double kDegenerateStep = 1e-12;
// Anti-cycling (pivot_policy.h): consecutive degenerate pivots after which
// the dual perturbs its costs, and after which both use Bland's rule.
inline constexpr int kPerturbAfter = 20;
inline constexpr int kBlandAfter = 60;
// Cost perturbation of the dual simplex: every nonbasic reduced cost is pushed
// into its dual feasible side by kCostPerturbation * (1 + |c_j|) * (1 + u),
// u uniform in [0, 1) from a fixed sequence.
inline constexpr double kCostPerturbation = 1e-6;
// Bound perturbation of the primal simplex against degeneracy: a basic
// variable's finite bounds widen by kBoundPerturbation * (1 + |bound|) * (1 + u),
// u uniform in [0, 1) from a fixed sequence; removed when the primal ends.
inline constexpr double kBoundPerturbation = 1e-7;
// While the bounds are perturbed, a basic variable past its bound by at most
// this (relative to 1 + |x|) after a refactorization shifts the bound to it.
inline constexpr double kBoundShiftLimit = 1e-5;
// Primal Devex reference weights are reset to 1 once one exceeds this.
inline constexpr double kDevexReset = 1e6;
// Floor of a dual steepest-edge weight (the update can round towards 0).
inline constexpr double kMinEdgeWeight = 1e-4;
// A fresh factor that shows infeasibilities this many times the tolerance
// after a run of updates sends the solver back to a fresh pass.
inline constexpr double kDriftFactor = 10.0;
// The last retry of solve_lp multiplies the feasibility tolerances by this.
inline constexpr double kRetryTightening = 1e-2;
// solve_lp polishes an optimal answer whose relative residual on the original
// data exceeds this: the same basis re-solved with tolerances tightened by
// kRetryTightening.
inline constexpr double kPolishResidual = 1e-9;
// Certificates (certificate.h): an entry of a ray this small relative to the
// terms it was summed from is round-off; a Farkas gap or a ray's cost decrease
// must exceed kCertificateMargin relative to the size of its terms.
inline constexpr double kRayZero = 1e-9;
inline constexpr double kCertificateMargin = 1e-9;

// --- The MILP search (bnb/) --------------------------------------------------
// A gap ub - lb at or below this is closed, and the floor of the gap's
// denominator |ub| (milp_types.h: relative_gap).
inline constexpr double kGapZero = 1e-9;
// Round-off the search allows when it compares objective values (cutoffs,
// the plunge window), a value with its bound, a branching distance with 0,
// a reduced-cost fixing ratio with its floor, and costs with a common step.
inline constexpr double kSearchRoundOff = 1e-9;

}  // namespace milpsac::lp::tol

namespace milpsac::lp {

// The tolerances a caller may change at run time, defaulted from the
// constants above; carried in LpOptions and given to SimplexSolver. validate()
// names the first bad field (empty when all are finite and in (0, 1e-2]), so
// the CLI can reject them as user input once, before solving.
struct Tolerances {
  double primal_feasibility = tol::kPrimalFeasibility;
  double dual_feasibility = tol::kDualFeasibility;
  double primal_check = tol::kPrimalCheck;
  double dual_check = tol::kDualCheck;

  std::string validate() const {
    auto bad = [](double v) { return !(std::isfinite(v) && v > 0 && v <= 1e-2); };
    if (bad(primal_feasibility)) return "primal_feasibility must be in (0, 1e-2]";
    if (bad(dual_feasibility)) return "dual_feasibility must be in (0, 1e-2]";
    if (bad(primal_check)) return "primal_check must be in (0, 1e-2]";
    if (bad(dual_check)) return "dual_check must be in (0, 1e-2]";
    return {};
  }
  // The same tolerances tightened by `factor` (< 1) for a last retry.
  Tolerances tightened(double factor) const {
    Tolerances t = *this;
    t.primal_feasibility *= factor;
    t.dual_feasibility *= factor;
    return t;
  }
};

}  // namespace milpsac::lp
