// InputError: the one exception type for bad user input (files, fields, options).
//
// Every reader throws it with a message that already names the file, the place
// (line, module, field) and what is wrong; the CLI turns it into exit code 2.
// Solver code never throws it: a solver failure is a status, not an input error.
#pragma once

#include <stdexcept>
#include <string>

namespace milpsac {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace milpsac
