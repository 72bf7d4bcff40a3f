// The primal simplex's ratio test (Harris, two passes): how far the entering
// variable moves and which basic variable leaves.
//
// Each basic x_B[i] moves by -dir * alpha_i per unit step of the entering
// variable. Pass 1 finds theta_max, the largest step that keeps every basic
// within its bounds relaxed by the primal tolerance (the exact bound under
// Bland's rule). Pass 2 picks, among the rows that block within theta_max,
// the one with the largest |alpha_i| (stability), or the lowest variable
// index under Bland's rule. In phase 1 a basic outside its bounds may move
// towards them and leaves at the bound it reaches first; one already past
// its bound blocks at once (a step of 0). Whether the entering variable
// flips to its other bound instead is the caller's choice, with the step
// returned here.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <vector>

namespace milpsac::lp {

// Scratch of the ratio test, one entry per basis position (kept between
// iterations so the test allocates nothing).
struct PrimalRatioWork {
  struct Limit {
    double relaxed;  // step allowed with the tolerance (pass 1)
    double exact;    // step to reach the bound exactly (clamped at 0)
    bool to_upper;   // which bound the variable reaches
  };
  std::vector<Limit> limits;
  std::vector<char> blocking;
};

struct PrimalRatioChoice {
  double theta_max = INFINITY;  // pass 1; infinite when no basic blocks
  int row = -1;                 // pass 2: the leaving position, -1 when none blocks
  double exact_step = 0.0;      // the step at which that row's variable reaches its bound
  bool to_upper = false;        // the bound it reaches
};

// `alpha` = B^-1 a_q of the entering variable, `dir` +1 when it increases;
// `head` the basic variable of each position, x / lower / upper over all
// variables. Entries with |alpha_i| <= pivot_tolerance do not block.
PrimalRatioChoice choose_primal_ratio(const Eigen::VectorXd& alpha, double dir, const std::vector<int>& head,
                                      const Eigen::VectorXd& x, const Eigen::VectorXd& lower,
                                      const Eigen::VectorXd& upper, double pivot_tolerance, double primal_tolerance,
                                      bool phase_one, bool bland, PrimalRatioWork& work);

}  // namespace milpsac::lp
