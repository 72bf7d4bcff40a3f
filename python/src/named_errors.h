// Every bad-input message of the Python module names its input, as the CLI's
// do (apps/main.cpp, naming_the_input): a message from a layer that does not
// know the file (the sum of sac_runtime, the sharding placement rules) gets
// "SOURCE: " in front. Messages about options ("option ...") and messages
// that already name the source are left alone.
#pragma once

#include <string>
#include <utility>

#include "common/input_error.h"

namespace milpsac::python {

template <class Work>
auto naming_source(const std::string& source, Work&& work) -> decltype(work()) {
  try {
    return std::forward<Work>(work)();
  } catch (const InputError& e) {
    const std::string what = e.what();
    if (source.empty() || what.rfind("option ", 0) == 0 || what.find(source) != std::string::npos) throw;
    throw InputError(source + ": " + what);
  }
}

}  // namespace milpsac::python
