// LinearProgram: the dense LP/MILP data every solver layer works on.
//
//   minimise (or maximise)  c^T x + offset
//   subject to              row_lower <= A x <= row_upper
//                           col_lower <=   x <= col_upper
//                           x_j integer where is_integer[j]
//
// Either side of a bound may be infinite (+-kInfinity). A is dense (Eigen,
// column-major): the models this project solves have at most a few thousand
// rows and columns, and dense storage keeps the simplex simple and fast there.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <string>
#include <vector>

namespace milpsac::lp {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

enum class ObjectiveSense { kMinimize, kMaximize };

struct LinearProgram {
  std::string name;
  ObjectiveSense sense = ObjectiveSense::kMinimize;
  Eigen::MatrixXd A;             // rows x cols
  Eigen::VectorXd c;             // cols
  double offset = 0.0;           // constant term of the objective (in the stated sense)
  Eigen::VectorXd col_lower;     // cols
  Eigen::VectorXd col_upper;     // cols
  Eigen::VectorXd row_lower;     // rows
  Eigen::VectorXd row_upper;     // rows
  std::vector<char> is_integer;  // cols, 1 for integer columns
  std::vector<std::string> col_names;
  std::vector<std::string> row_names;

  int num_rows() const { return static_cast<int>(A.rows()); }
  int num_cols() const { return static_cast<int>(A.cols()); }
  bool has_integers() const {
    for (char v : is_integer)
      if (v) return true;
    return false;
  }
  // Resize to m rows and n columns: A zero, c zero, columns [0, inf), rows free.
  void resize(int m, int n) {
    A = Eigen::MatrixXd::Zero(m, n);
    c = Eigen::VectorXd::Zero(n);
    col_lower = Eigen::VectorXd::Zero(n);
    col_upper = Eigen::VectorXd::Constant(n, kInfinity);
    row_lower = Eigen::VectorXd::Constant(m, -kInfinity);
    row_upper = Eigen::VectorXd::Constant(m, kInfinity);
    is_integer.assign(static_cast<size_t>(n), 0);
    col_names.resize(static_cast<size_t>(n));
    row_names.resize(static_cast<size_t>(m));
  }
};

}  // namespace milpsac::lp
