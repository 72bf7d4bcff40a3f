// The fuzz targets: one per reader and one end-to-end solve.
//
// Each target takes arbitrary bytes and returns an empty string when the
// library behaved (parsed the input, or refused it with InputError), or a
// description of the contract it broke (another exception, an inconsistent
// result). The libFuzzer harnesses (fuzz_main.cpp) abort on a non-empty
// answer; the regression test (test_fuzz_regressions.cpp) runs every stored
// input through the same targets in the normal test suite. Crashes, hangs and
// sanitizer reports are caught by the fuzzer itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace milpsac::fuzz {

using Target = std::string (*)(std::string_view data);

std::string module_info(std::string_view data);
std::string sac_stats(std::string_view data);
std::string plan_input(std::string_view data);
std::string autograd_graph(std::string_view data);
std::string mps(std::string_view data);
std::string lp_format(std::string_view data);
std::string solve(std::string_view data);
// The SVG writers (model/sac/plots): well-formed XML for any module and file names.
std::string svg(std::string_view data);
// The output-file rules (common/output_file.h): an output accepted by
// check_output_paths never overwrites an input or another output, and no
// temporary file is left.
std::string output_paths(std::string_view data);

struct NamedTarget {
  const char* name;  // also the folder name under corpus/
  Target run;
};

inline constexpr NamedTarget kTargets[] = {
    {"module_info", module_info},
    {"sac_stats", sac_stats},
    {"plan_input", plan_input},
    {"autograd_graph", autograd_graph},
    {"mps", mps},
    {"lp_format", lp_format},
    {"solve", solve},
    {"svg", svg},
    {"output_paths", output_paths},
};

}  // namespace milpsac::fuzz
