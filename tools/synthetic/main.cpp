// milp-sac-synth: write one synthetic ModuleInfo JSON file (for benchmarks,
// demos and trying the planner on sizes no bundled instance has).
//   milp-sac-synth FAMILY MODULES [-o FILE]
// FAMILY: transformer, llama, moe, resnet (synthetic_module_info.h).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "synthetic/synthetic_module_info.h"

int main(int argc, char** argv) {
  using namespace milpsac::model;
  if (argc != 3 && !(argc == 5 && std::string(argv[3]) == "-o")) {
    std::cerr << "usage: milp-sac-synth transformer|llama|moe|resnet MODULES [-o FILE]\n";
    return 2;
  }
  const auto family = parse_synthetic_family(argv[1]);
  const long modules = std::strtol(argv[2], nullptr, 10);
  if (!family || modules < 1 || modules > 1000000) {
    std::cerr << "milp-sac-synth: expected a family (transformer, llama, moe, resnet) and 1..1000000 modules\n";
    return 2;
  }
  const std::string text = synthetic_module_info_json(synthetic_spec_for(*family, static_cast<int>(modules)));
  if (argc == 3) {
    std::cout << text << "\n";
    return 0;
  }
  std::ofstream out(argv[4], std::ios::binary);
  out << text << "\n";
  out.flush();
  if (!out) {
    std::cerr << "milp-sac-synth: cannot write " << argv[4] << "\n";
    return 2;
  }
  return 0;
}
