// A command's answer is only delivered once it is on stdout: a write that
// fails (a full disk as with `> /dev/full`, a closed stdout, a pipe whose
// reader went away while SIGPIPE is ignored) must not end with exit 0 and the
// output silently lost. std::cout records the failure in its state and stdio
// in ferror(); both are checked after a final flush.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace milpsac::cli {

// Exit code when the output could not be written (docs/cli.md).
inline constexpr int kExitWriteError = 4;

// `code` when everything written to stdout reached it, else a message on
// stderr naming the command and kExitWriteError.
inline int checked_stdout(const std::string& command, int code) {
  errno = 0;
  std::cout.flush();
  const bool stream_failed = std::cout.fail();
  const bool stdio_failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  if (!stream_failed && !stdio_failed) return code;
  const int err = errno;
  std::cerr << "milp-sac " << command << ": error: cannot write the output to standard output"
            << (err != 0 ? std::string(" (") + std::strerror(err) + ")" : std::string()) << "\n";
  return kExitWriteError;
}

}  // namespace milpsac::cli
