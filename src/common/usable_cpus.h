// The number of CPUs this process may use, the default for every `threads`
// option: std::thread::hardware_concurrency() counts the host's cores, which
// a container (a cgroup CPU quota) or `taskset` (the affinity mask) does not
// cap, so a default sweep would start more threads than can run (and, under a
// pids limit, more than may be created).
#pragma once

#include <optional>
#include <string>

namespace milpsac {

// The fewest of: the CPUs in this thread's affinity mask (sched_getaffinity),
// the cgroup v2 quota (cpu.max) or v1 quota (cpu.cfs_quota_us /
// cpu.cfs_period_us) of this process's cgroup, rounded up; at least 1. Falls
// back to hardware_concurrency() where none of these can be read.
int usable_cpu_count();

// A cgroup quota as CPUs, rounded up; nullopt for "max" (no quota) or text
// that is not a quota. `v2_cpu_max` is cpu.max's text ("QUOTA PERIOD" or
// "max PERIOD"); separated out so the parsing is tested without a cgroup.
std::optional<int> cpus_of_cgroup_v2(const std::string& v2_cpu_max);
std::optional<int> cpus_of_cgroup_v1(const std::string& quota_us, const std::string& period_us);

}  // namespace milpsac
