// Cut violation, efficacy, and the pool: duplicate-free candidates, greedy
// efficacy/parallelism selection, aging (see cut_pool.h).
#include "bnb/cut_pool.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

// FNV-1a's 64-bit offset basis and prime (the published constants of the hash).
constexpr uint64_t kFnvOffsetBasis = 1469598103934665603ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

// FNV-1a over the bytes of the nonzero coefficients (with their columns) and the sides.
uint64_t hash_cut(const Cut& cut) {
  uint64_t h = kFnvOffsetBasis;
  auto mix = [&h](const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t k = 0; k < bytes; ++k) {
      h ^= p[k];
      h *= kFnvPrime;
    }
  };
  for (Eigen::Index j = 0; j < cut.a.size(); ++j)
    if (cut.a[j] != 0.0) {
      mix(&j, sizeof j);
      mix(&cut.a[j], sizeof(double));
    }
  mix(&cut.lower, sizeof(double));
  mix(&cut.upper, sizeof(double));
  return h;
}

bool same_cut(const Cut& p, const Cut& q) {
  if (p.a.size() != q.a.size()) return false;
  // Bitwise comparison: a duplicate is the very same row, not a nearly equal one.
  return std::memcmp(p.a.data(), q.a.data(), sizeof(double) * uz(p.a.size())) == 0 &&
         std::memcmp(&p.lower, &q.lower, sizeof(double)) == 0 && std::memcmp(&p.upper, &q.upper, sizeof(double)) == 0;
}

// The efficacy for a known norm of cut.a (the pool keeps each entry's).
double efficacy_with_norm(const Cut& cut, const Eigen::VectorXd& x, double norm) {
  return norm > 0 ? cut_violation(cut, x) / norm : 0.0;
}

}  // namespace

CutRows as_rows(const std::vector<Cut>& cuts) {
  CutRows out;
  for (const Cut& cut : cuts) {
    out.rows.push_back(cut.a);
    out.lower.push_back(cut.lower);
    out.upper.push_back(cut.upper);
  }
  return out;
}

double cut_violation(const Cut& cut, const Eigen::VectorXd& x) {
  const double activity = cut.a.dot(x);
  double v = 0.0;
  if (std::isfinite(cut.lower)) v = std::max(v, cut.lower - activity);
  if (std::isfinite(cut.upper)) v = std::max(v, activity - cut.upper);
  return v;
}

double cut_efficacy(const Cut& cut, const Eigen::VectorXd& x) { return efficacy_with_norm(cut, x, cut.a.norm()); }

void CutPool::add(Cut cut) {
  const uint64_t h = hash_cut(cut);
  const auto [first, last] = by_hash_.equal_range(h);
  for (auto it = first; it != last; ++it)
    if (same_cut(entries_[it->second].cut, cut)) {
      entries_[it->second].age = 0;
      return;
    }
  by_hash_.emplace(h, entries_.size());
  entries_.push_back(make_entry(std::move(cut), h));
}

double CutPool::sparse_dot(const Entry& p, const Entry& q) {
  // Over the shorter support: the product's other terms are 0.
  const Entry& sparse = p.support.size() <= q.support.size() ? p : q;
  const Eigen::VectorXd& dense = (&sparse == &p ? q : p).cut.a;
  double dot = 0.0;
  for (int j : sparse.support) dot += sparse.cut.a[j] * dense[j];
  return dot;
}

CutPool::Entry CutPool::make_entry(Cut cut, uint64_t hash) {
  Entry e;
  for (Eigen::Index j = 0; j < cut.a.size(); ++j)
    if (cut.a[j] != 0.0) e.support.push_back(static_cast<int>(j));
  e.norm = cut.a.norm();
  e.cut = std::move(cut);
  e.hash = hash;
  return e;
}

void CutPool::clear() {
  entries_.clear();
  by_hash_.clear();
}

void CutPool::reindex() {
  by_hash_.clear();
  for (size_t k = 0; k < entries_.size(); ++k) by_hash_.emplace(entries_[k].hash, k);
}

std::vector<size_t> CutPool::selected_indices(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy,
                                              double max_parallelism, std::vector<double>* efficacy_out) const {
  // With the entry's norm (the same cut.a.norm(), kept since make_entry):
  // one dense pass per candidate instead of two.
  std::vector<double> efficacy(entries_.size());
  for (size_t k = 0; k < entries_.size(); ++k) efficacy[k] = efficacy_with_norm(entries_[k].cut, x, entries_[k].norm);
  std::vector<size_t> order(entries_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return efficacy[a] > efficacy[b]; });
  std::vector<size_t> chosen;
  for (size_t k : order) {
    if (chosen.size() >= max_cuts || efficacy[k] < min_efficacy) break;
    const Entry& candidate = entries_[k];
    bool parallel = false;
    for (size_t c = 0; c < chosen.size() && !parallel; ++c) {
      const Entry& other = entries_[chosen[c]];
      parallel = std::fabs(sparse_dot(candidate, other)) > max_parallelism * candidate.norm * other.norm;
    }
    if (parallel) continue;
    chosen.push_back(k);
  }
  if (efficacy_out != nullptr) *efficacy_out = std::move(efficacy);
  return chosen;
}

std::vector<Cut> CutPool::select(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy,
                                 double max_parallelism) const {
  std::vector<Cut> chosen;
  for (size_t k : selected_indices(x, max_cuts, min_efficacy, max_parallelism, nullptr))
    chosen.push_back(entries_[k].cut);
  return chosen;
}

std::vector<Cut> CutPool::take(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy, double max_parallelism) {
  std::vector<double> efficacy;
  const std::vector<size_t> picked = selected_indices(x, max_cuts, min_efficacy, max_parallelism, &efficacy);
  std::vector<char> leaves(entries_.size(), 0);
  std::vector<Cut> chosen;
  for (size_t k : picked) {
    leaves[k] = 1;
    chosen.push_back(entries_[k].cut);
  }
  // Survivors keep their relative order; a violated one is young again (it
  // lost only to the limits or to a parallel cut), the rest age.
  std::vector<Entry> kept;
  kept.reserve(entries_.size() - picked.size());
  for (size_t k = 0; k < entries_.size(); ++k) {
    if (leaves[k]) continue;
    Entry& e = entries_[k];
    e.age = efficacy[k] > 0.0 && efficacy[k] >= min_efficacy ? 0 : e.age + 1;
    if (e.age <= max_age_) kept.push_back(std::move(e));
  }
  entries_ = std::move(kept);
  reindex();
  return chosen;
}

}  // namespace milpsac::bnb
