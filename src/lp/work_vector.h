// WorkVector: a dense vector together with the list of positions where it may
// be nonzero: the right-hand side and result of the simplex's sparse solves
// (BasisFactor::ftran_sparse, btran_sparse), after the design of glop's
// ScatteredVector and HiGHS's HVector.
//
// A hyper-sparse model's solves have a few dozen nonzeros out of thousands of
// rows. Keeping the list beside the values lets every pass that follows a
// solve (the primal update, the ratio test, the edge-weight update) walk the
// list, and lets clear() zero the listed entries only, instead of an m-long
// scan or memset per vector per pivot. When a solve went dense (too many
// nonzeros for the list to pay), `listed` is false, the list is empty, and a
// reader scans the values; clear() then fills all of them.
//
// Invariant: when `listed`, values is zero at every position not in
// `support` (the list may hold a zero value, or a position twice, on input to
// a solve; a solve's listed result names each position once).
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "common/index.h"

namespace milpsac::lp {

struct WorkVector {
  Eigen::VectorXd values;
  std::vector<int> support;
  bool listed = true;  // true: values is zero off support (true of the empty vector)

  int size() const { return static_cast<int>(values.size()); }

  // All zero, `size` long, support empty.
  void resize(int size) {
    values.setZero(size);
    support.clear();
    listed = true;
  }

  // All zero, same size: over the support when it is listed, else by one
  // fill of every value.
  void clear() {
    if (listed) {
      for (int i : support) values[i] = 0.0;
    } else {
      values.setZero();
    }
    support.clear();
    listed = true;
  }

  // values[i] += x for a position of the support: the position is listed (a
  // duplicate does no harm to a solve).
  void add(int i, double x) {
    values[i] += x;
    support.push_back(i);
  }

  // Calls f(i) at every position where the vector may be nonzero: the listed
  // ones (in list order) when there is a list, else each nonzero of a scan in
  // ascending order.
  template <class F>
  void for_each_nonzero(F&& f) const {
    if (listed) {
      for (int i : support) f(i);
      return;
    }
    for (Index i = 0; i < values.size(); ++i)
      if (values[i] != 0.0) f(static_cast<int>(i));
  }
};

}  // namespace milpsac::lp
