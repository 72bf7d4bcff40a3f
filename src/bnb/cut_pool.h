// Cuts and the cut pool: a cut is a row lower <= a^T x <= upper valid for
// every integer-feasible point of the model (one side infinite for the cuts
// the separators produce). The pool keeps candidate cuts across separation
// rounds and selects the ones to add: violated enough, efficacious (violation
// over the norm of a), and not nearly parallel to a cut already selected.
//
// Aging: `take` moves the selected cuts out of the pool (into the LP); every
// candidate left behind that is not violated enough at that point grows one
// round older, a violated one becomes young again, and candidates older than
// the pool's age limit are discarded. Cuts dropped from the LP come back with
// `add`. Adding a cut equal to a candidate already held (same coefficients and
// sides, bit for bit) only makes that candidate young again, so separators
// that find the same cut every round do not fill the pool.
//
// Invariants: candidates keep the order in which they first entered the pool
// (selection ties break on that order, so everything is deterministic); no two
// candidates are equal.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace milpsac::bnb {

struct Cut {
  Eigen::VectorXd a;  // one coefficient per column
  double lower = -INFINITY;
  double upper = INFINITY;
};

// Cuts as the rows and sides LpRelaxation::add_rows and
// lp::LinearProgram::append_dense_rows take, in the cuts' order.
struct CutRows {
  std::vector<Eigen::VectorXd> rows;
  std::vector<double> lower, upper;
};
CutRows as_rows(const std::vector<Cut>& cuts);

// How far x violates the cut (0 when satisfied).
double cut_violation(const Cut& cut, const Eigen::VectorXd& x);
// Violation divided by ||a|| (Euclidean distance of x to the cut's hyperplane).
double cut_efficacy(const Cut& cut, const Eigen::VectorXd& x);

class CutPool {
 public:
  // Rounds a cut may stay unviolated: long enough to come back after a round
  // that moved x elsewhere, short enough to keep the pool small.
  static constexpr int kDefaultMaxAge = 3;

  // A candidate is discarded once it has gone more than `max_age` rounds of
  // `take` without being violated.
  explicit CutPool(int max_age = kDefaultMaxAge) : max_age_(max_age) {}

  // Adds a candidate (or rejuvenates an equal one already held).
  void add(Cut cut);
  size_t size() const { return entries_.size(); }
  // At most `max_cuts` cuts with efficacy >= min_efficacy at x, best first,
  // skipping any whose |cos| with an already selected cut exceeds
  // max_parallelism. Ties keep the order of addition (deterministic).
  std::vector<Cut> select(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy, double max_parallelism) const;
  // As `select`, and the selected cuts leave the pool; then one round of
  // aging of the candidates that remain (see the header comment).
  std::vector<Cut> take(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy, double max_parallelism);
  void clear();

 private:
  // A cut row is dense over the columns but mostly zero: its nonzero
  // columns and its norm, kept from `add`, make a selection's parallelism
  // tests cost the nonzeros, not the columns (mitre, 10,724 columns: a fifth
  // of the run went to dense products there). Efficacies stay dense
  // products: a sparse sum rounds differently, which reorders cuts of equal
  // efficacy (lseu, p0201 and fixnet6 then took other cuts and other trees).
  struct Entry {
    Cut cut;
    int age = 0;
    uint64_t hash = 0;
    std::vector<int> support;  // columns with a nonzero coefficient, ascending
    double norm = 0.0;         // ||cut.a||
  };
  static Entry make_entry(Cut cut, uint64_t hash);
  // p.cut.a . q.cut.a, summed over the shorter support.
  static double sparse_dot(const Entry& p, const Entry& q);
  std::vector<size_t> selected_indices(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy,
                                       double max_parallelism, std::vector<double>* efficacy) const;
  void reindex();

  int max_age_;
  std::vector<Entry> entries_;
  std::unordered_multimap<uint64_t, size_t> by_hash_;  // lookup only, never iterated
};

}  // namespace milpsac::bnb
