// libFuzzer entry point; FUZZ_TARGET (set by meson) names the target function
// of fuzz_targets.h. A broken contract aborts, so libFuzzer keeps the input.
#include <cstdio>
#include <cstdlib>

#include "fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string failure = milpsac::fuzz::FUZZ_TARGET(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!failure.empty()) {
    std::fprintf(stderr, "fuzz target broke its contract: %s\n", failure.c_str());
    std::abort();
  }
  return 0;
}
