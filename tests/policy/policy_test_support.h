// Helpers of the policy tests: the shared cases file, SacStats <-> JSON, an
// independent rule checker and a brute-force optimum (all 2^n policies), a
// generator of small random instances, scratch files and running the CLI.
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../test_support.h"
#include "model/policy/sac_stats.h"

namespace milpsac::test {

using nlohmann::json;

inline std::string cases_path() { return instance_path("policy/pytorch_sac_per_module_policy_cases.json"); }

inline json load_cases() {
  std::ifstream in(cases_path());
  if (!in) throw std::runtime_error("cannot open " + cases_path());
  return json::parse(in);
}

inline json to_json(const model::SacStats& s) {
  json pairs = json::array();
  for (const auto& [op, parent] : s.inplace_ops) pairs.push_back({op, parent});
  return {{"func_names", s.func_names}, {"runtimes", s.runtimes},
          {"memory", s.memory},         {"view_like_ops", s.view_like_ops},
          {"rand_ops", s.rand_ops},     {"saved_autograd_ops", s.saved_autograd_ops},
          {"inplace_ops", pairs},       {"force_store_random", s.force_store_random}};
}

// The seed's rules, written out again independently of the library.
inline bool keeps_rules(const model::SacStats& s, const std::vector<int>& x, std::int64_t capacity) {
  if (x.size() != s.func_names.size()) return false;
  for (int op : s.view_like_ops)
    if (x[static_cast<size_t>(op)] != 0) return false;
  for (size_t i = 0; i < s.rand_ops.size(); ++i) {
    const int v = x[static_cast<size_t>(s.rand_ops[i])];
    if (s.force_store_random ? v != 1 : v != x[static_cast<size_t>(s.rand_ops[0])]) return false;
  }
  for (const auto& [op, parent] : s.inplace_ops) {
    if (op == parent && x[static_cast<size_t>(op)] != 1) return false;
    if (x[static_cast<size_t>(op)] != x[static_cast<size_t>(parent)]) return false;
  }
  std::int64_t saved = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i]) saved += s.memory[i];
  return saved <= capacity;
}

inline double recompute_time(const model::SacStats& s, const std::vector<int>& x) {
  double t = 0.0;
  for (size_t i = 0; i < x.size(); ++i)
    if (!x[i]) t += s.runtimes[i];
  return t;
}

inline std::int64_t saved_memory(const model::SacStats& s, const std::vector<int>& x) {
  std::int64_t m = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i]) m += s.memory[i];
  return m;
}

struct BruteForce {
  bool feasible = false;
  double best_recompute = INFINITY;
  int optima = 0;         // policies reaching best_recompute (1e-9)
  std::vector<int> best;  // the first of them
};

// Calls visit(x) for every 0/1 vector x over the ops of s (at most 20 ops).
template <class Visit>
void for_each_policy(const model::SacStats& s, Visit&& visit) {
  const int n = s.size();
  if (n > 20) throw std::runtime_error("brute force over more than 20 ops");
  std::vector<int> x(static_cast<size_t>(n));
  for (std::uint32_t mask = 0; mask < (std::uint32_t{1} << n); ++mask) {
    for (int i = 0; i < n; ++i) x[static_cast<size_t>(i)] = static_cast<int>((mask >> i) & 1U);
    visit(x);
  }
}

inline BruteForce brute_force(const model::SacStats& s, std::int64_t capacity) {
  BruteForce result;
  for_each_policy(s, [&](const std::vector<int>& x) {
    if (!keeps_rules(s, x, capacity)) return;
    const double t = recompute_time(s, x);
    if (!result.feasible || t < result.best_recompute - 1e-9) {
      result.feasible = true;
      result.best_recompute = t;
      result.optima = 1;
      result.best = x;
    } else if (std::fabs(t - result.best_recompute) <= 1e-9) {
      ++result.optima;
    }
  });
  return result;
}

// A random instance with up to max_ops ops: view-like, random and in-place
// structure (self-parents included), runtimes with ties, memory with zeros.
inline model::SacStats random_stats(std::mt19937& rng, int max_ops) {
  std::uniform_int_distribution<int> ops_dist(1, max_ops);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const int n = ops_dist(rng);
  model::SacStats s;
  const bool integer_runtimes = u(rng) < 0.5;  // integers make ties between policies likely
  for (int i = 0; i < n; ++i) {
    s.func_names.push_back("aten.op" + std::to_string(i));
    s.runtimes.push_back(integer_runtimes ? std::floor(u(rng) * 11.0) : std::round(u(rng) * 20000.0) / 1000.0);
    s.memory.push_back(u(rng) < 0.25 ? 0 : static_cast<std::int64_t>(u(rng) * 200.0));
    if (u(rng) < 0.15) s.view_like_ops.push_back(i);
    if (u(rng) < 0.2) s.rand_ops.push_back(i);
    if (u(rng) < 0.1) s.saved_autograd_ops.push_back(i);
    if (u(rng) < 0.25) {
      const int parent = u(rng) < 0.2 ? i : static_cast<int>(u(rng) * (i + 1)) % (i + 1);
      s.inplace_ops.emplace_back(i, parent);
    }
  }
  std::shuffle(s.rand_ops.begin(), s.rand_ops.end(), rng);
  s.force_store_random = u(rng) < 0.3;
  return s;
}

// A scratch file removed when it goes out of scope.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& text) {
    static int serial = 0;
    const char* dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/milpsac_policy_" + std::to_string(::getpid()) + "_" +
            std::to_string(serial++) + ".json";
    std::ofstream out(path_, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path_);
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

struct CliResult {
  int exit_code = -1;
  std::string out;
};

// `milp-sac ARGS` (MILPSAC_BIN from meson): exit code and stdout; stderr dropped.
inline CliResult run_milpsac(const std::string& args) {
  const char* bin = std::getenv("MILPSAC_BIN");
  if (bin == nullptr) throw std::runtime_error("MILPSAC_BIN is not set (run the tests through meson test)");
  const std::string command = std::string("'") + bin + "' " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("popen failed");
  CliResult result;
  char buffer[4096];
  size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, got);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace milpsac::test
