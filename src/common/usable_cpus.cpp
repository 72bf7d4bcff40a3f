// The CPUs this process may use (see usable_cpus.h).
#include "common/usable_cpus.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace milpsac {
namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<int> cpus_of_quota(double quota, double period) {
  if (!(quota > 0) || !(period > 0) || !std::isfinite(quota / period)) return std::nullopt;
  return static_cast<int>(std::clamp(std::ceil(quota / period), 1.0, 1e6));
}

// The cgroup paths of this process: "0::/path" (v2) and the v1 line whose
// controller list holds "cpu" ("4:cpu,cpuacct:/path").
void cgroup_paths(std::string& v2, std::string& v1_cpu) {
  std::istringstream lines(file_text("/proc/self/cgroup"));
  for (std::string line; std::getline(lines, line);) {
    const size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1), path = line.substr(second + 1);
    if (line.compare(0, first, "0") == 0 && controllers.empty()) v2 = path;
    std::istringstream list(controllers);
    for (std::string c; std::getline(list, c, ',');)
      if (c == "cpu") v1_cpu = path;
  }
}

std::optional<int> cgroup_cpus() {
  std::string v2, v1;
  cgroup_paths(v2, v1);
  std::optional<int> fewest;
  auto keep = [&](std::optional<int> cpus) {
    if (cpus && (!fewest || *cpus < *fewest)) fewest = cpus;
  };
  // Inside a container the cgroup root is usually the container's own
  // cgroup, so the path from /proc/self/cgroup may not exist below it: try
  // both. (Parents' quotas are not walked: the container's is the one set.)
  for (const std::string& dir : {"/sys/fs/cgroup" + v2, std::string("/sys/fs/cgroup")})
    keep(cpus_of_cgroup_v2(file_text(dir + "/cpu.max")));
  for (const std::string& dir : {"/sys/fs/cgroup/cpu" + v1, std::string("/sys/fs/cgroup/cpu"),
                                 "/sys/fs/cgroup/cpu,cpuacct" + v1, std::string("/sys/fs/cgroup/cpu,cpuacct")})
    keep(cpus_of_cgroup_v1(file_text(dir + "/cpu.cfs_quota_us"), file_text(dir + "/cpu.cfs_period_us")));
  return fewest;
}

}  // namespace

std::optional<int> cpus_of_cgroup_v2(const std::string& v2_cpu_max) {
  std::istringstream in(v2_cpu_max);
  std::string quota;
  double period = 0;
  if (!(in >> quota >> period) || quota == "max") return std::nullopt;
  try {
    size_t used = 0;
    const double value = std::stod(quota, &used);
    if (used != quota.size()) return std::nullopt;
    return cpus_of_quota(value, period);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<int> cpus_of_cgroup_v1(const std::string& quota_us, const std::string& period_us) {
  std::istringstream quota_in(quota_us), period_in(period_us);
  double quota = 0, period = 0;
  if (!(quota_in >> quota) || !(period_in >> period)) return std::nullopt;
  return cpus_of_quota(quota, period);  // -1: no quota
}

int usable_cpu_count() {
  const unsigned cores = std::thread::hardware_concurrency();
  int cpus = cores == 0 ? 1 : static_cast<int>(cores);
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) == 0 && CPU_COUNT(&mask) > 0) cpus = CPU_COUNT(&mask);
  if (const std::optional<int> quota = cgroup_cpus()) cpus = std::min(cpus, *quota);
  return std::max(1, cpus);
}

}  // namespace milpsac
