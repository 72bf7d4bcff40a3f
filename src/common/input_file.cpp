// read_file (see input_file.h).
#include "common/input_file.h"

#include <poll.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/gzip.h"
#include "common/index.h"
#include "common/input_error.h"

namespace milpsac {
namespace {

// `expected`: the size of a regular file, reserved up front (grown by
// doubling, a 122 MB file was copied twice and held 256 MB).
std::string read_stream(std::istream& in, const std::string& name, const Deadline* deadline, size_t max_bytes,
                        size_t expected = 0) {
  std::string data;
  data.reserve(expected + 1);
  std::array<char, 1 << 16> chunk{};
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    data.append(chunk.data(), uz(in.gcount()));
    if (data.size() > max_bytes) throw InputError(name + ": file larger than " + bytes_text(max_bytes));
    check_deadline(deadline, name, "reading");
  }
  if (in.bad()) throw InputError(name + ": read error");
  return data;
}

// How often standard input is checked for data while none comes, so that the
// clock (its limit, its interrupt flag) is polled even on an idle pipe.
constexpr int kStdinPollMilliseconds = 50;

// Standard input through poll(2) and read(2): a pipe's data is taken as it
// arrives and the clock is polled between reads and every
// kStdinPollMilliseconds while none comes. (std::cin's read waits for a whole
// chunk: in Python, where SIGINT reaches another thread and does not cut the
// read short, a Ctrl-C went unseen until 64 KiB more arrived or the pipe
// closed.) A closed descriptor reads as empty input, as std::cin did.
std::string read_standard_input(const std::string& name, const Deadline* deadline, size_t max_bytes) {
  std::string data;
  std::array<char, 1 << 16> chunk{};
  for (;;) {
    check_deadline(deadline, name, "reading");
    pollfd ready{STDIN_FILENO, POLLIN, 0};
    const int events = ::poll(&ready, 1, kStdinPollMilliseconds);
    if (events < 0 && errno != EINTR) throw InputError(name + ": read error (" + std::strerror(errno) + ")");
    if (events <= 0) continue;  // no data yet, or a signal: poll the clock again
    if ((ready.revents & POLLNVAL) != 0) break;
    const ssize_t got = ::read(STDIN_FILENO, chunk.data(), chunk.size());
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      if (errno == EBADF) break;
      throw InputError(name + ": read error (" + std::strerror(errno) + ")");
    }
    if (got == 0) break;  // end of input
    data.append(chunk.data(), uz(got));
    if (data.size() > max_bytes) throw InputError(name + ": file larger than " + bytes_text(max_bytes));
  }
  // A stop that came with the end of the input (the signal and the writer's
  // close at once) is seen here, as std::cin's reader saw it after its last chunk.
  check_deadline(deadline, name, "reading");
  return data;
}

const char* kind_of(const std::filesystem::file_status& status) {
  switch (status.type()) {
    case std::filesystem::file_type::fifo:
      return "a FIFO";
    case std::filesystem::file_type::character:
      return "a character device";
    case std::filesystem::file_type::block:
      return "a block device";
    case std::filesystem::file_type::socket:
      return "a socket";
    default:
      return "not a file";
  }
}

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::string bytes_text(size_t bytes) {
  if (bytes % (size_t{1} << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

std::string read_file(const std::string& path, const Deadline* deadline, size_t max_bytes) {
  // A NUL byte would end the path at the system call, so another file would
  // be read (a path from Python may hold one): refused, the NUL shown as \0.
  if (path.find('\0') != std::string::npos) {
    std::string shown;
    for (char c : path) shown += c == '\0' ? std::string("\\0") : std::string(1, c);
    throw InputError(shown + ": the path contains a NUL byte");
  }
  const std::string name = input_name(path);
  std::string data;
  if (path == "-") {
    data = read_standard_input(name, deadline, max_bytes);
  } else {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(status)) throw InputError(name + ": is a directory, not a file");
    if (ec || !std::filesystem::exists(status)) {
      // Said as the system says it: a loop of links (ELOOP) or a folder
      // without search permission (EACCES) is not "no such file".
      const int err = ec ? ec.value() : ENOENT;
      throw InputError(name + ": cannot open file (" +
                       (err == ENOENT ? std::string("no such file") : std::string(std::strerror(err))) + ")");
    }
    // Only regular files: opening a FIFO with no writer blocks forever, and a
    // device such as /dev/zero never ends (it grew to gigabytes before the
    // size limit). A stream is read from standard input ("-") instead.
    if (!std::filesystem::is_regular_file(status))
      throw InputError(name + ": not a regular file (" + kind_of(status) +
                       "); to read a pipe or a device, give '-' and redirect standard input");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) throw InputError(name + ": file larger than " + bytes_text(max_bytes));
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      const int err = errno;
      throw InputError(name + ": cannot open file" + (err != 0 ? " (" + std::string(std::strerror(err)) + ")" : ""));
    }
    data = read_stream(in, name, deadline, max_bytes, ec ? 0 : uz(size));
  }
  // The limit of the text applies while inflating, not after (a JSON bomb
  // inflated to 1 GiB, 2 GB of memory, before its 64 MiB limit was checked).
  if (is_gzip(data)) return gunzip(data, name, deadline, max_bytes);
  return data;
}

}  // namespace milpsac
