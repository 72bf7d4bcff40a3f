// Output files (see output_file.h).
#include "common/output_file.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <thread>

#include "common/input_error.h"

namespace milpsac {
namespace {

namespace fs = std::filesystem;

std::string prefix(const OutputTarget& target) { return "option " + target.option + ": " + target.path + ": "; }

std::string error_text(int err) { return std::strerror(err); }

// The file a write to `path` lands on: symbolic links followed, a dangling
// one included (its target is what gets created), then absolute and
// normalised. Linux gives up after 40 links; so does this.
fs::path landing_path(const OutputTarget& target) {
  if (target.path.find('\0') != std::string::npos)
    throw InputError("option " + target.option + ": the path contains a NUL byte");
  std::error_code ec;
  fs::path p = fs::absolute(target.path, ec);
  if (ec) throw InputError(prefix(target) + ec.message());
  for (int hops = 0; fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
    if (hops == 40) throw InputError(prefix(target) + error_text(ELOOP));
    const fs::path link = fs::read_symlink(p, ec);
    if (ec) throw InputError(prefix(target) + ec.message());
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  fs::path out = fs::weakly_canonical(p, ec);
  if (ec) throw InputError(prefix(target) + ec.message());
  return out;
}

// What makes two paths the same file: device and inode when it exists, the
// landing path when it does not (yet).
struct Identity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  fs::path path;
  bool operator==(const Identity& other) const {
    if (exists != other.exists) return false;
    return exists ? device == other.device && inode == other.inode : path == other.path;
  }
};

Identity identity_of(const OutputTarget& target) {
  Identity id;
  struct stat st {};
  // stat follows links as opening the path will (/dev/stdout included).
  if (::stat(target.path.c_str(), &st) != 0) id.path = landing_path(target);
  if (id.path.empty() || ::stat(id.path.c_str(), &st) == 0) {
    id.exists = true;
    id.device = st.st_dev;
    id.inode = st.st_ino;
  }
  return id;
}

// Holds back the signals that end a run (and SIGPIPE, so that a FIFO whose
// reader leaves gives EPIPE instead of killing the process) for its
// lifetime: a write is never cut half-way. A signal that arrives meanwhile is
// delivered when the hold ends, except a SIGPIPE, which is consumed.
class SignalHold {
 public:
  SignalHold() {
    sigemptyset(&held_);
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&held_, s);
    pthread_sigmask(SIG_BLOCK, &held_, &before_);
  }
  ~SignalHold() {
    sigset_t pending;
    sigemptyset(&pending);
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) && !sigismember(&before_, SIGPIPE)) {
      sigset_t pipe;
      sigemptyset(&pipe);
      sigaddset(&pipe, SIGPIPE);
      const timespec now{0, 0};
      sigtimedwait(&pipe, nullptr, &now);
    }
    pthread_sigmask(SIG_SETMASK, &before_, nullptr);
  }
  SignalHold(const SignalHold&) = delete;
  SignalHold& operator=(const SignalHold&) = delete;

 private:
  sigset_t held_{}, before_{};
};

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }
  // close(2)'s result (a write error may only show here, e.g. on NFS).
  int release_and_close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd);
  }

 private:
  int fd_;
};

// A regular file: written beside the target and renamed over it.
void write_replacing(const OutputTarget& target, const fs::path& landing, const struct stat* existing,
                     std::string_view text) {
  const fs::path folder = landing.parent_path();
  // ".NAME.PID.N.tmp", the name cut so the whole stays within NAME_MAX.
  std::string stem = ".";  // built by append: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string
  stem.append(landing.filename().string(), 0, 200).append(".").append(std::to_string(::getpid())).append(".");
  const SignalHold hold;
  std::string temp;
  int fd = -1;
  for (int attempt = 0; fd < 0; ++attempt) {
    temp = (folder / (stem + std::to_string(attempt) + ".tmp")).string();
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // the umask applies, as for any new file
    if (fd < 0 && (errno != EEXIST || attempt == 100))
      throw InputError(prefix(target) + "cannot create a file in " + folder.string() + " (" + error_text(errno) + ")");
  }
  FileDescriptor file(fd);
  auto fail = [&](const std::string& what, int err) {
    if (file.get() >= 0) file.release_and_close();
    ::unlink(temp.c_str());
    throw InputError(prefix(target) + what + " (" + error_text(err) + ")");
  };
  if (existing != nullptr) (void)::fchmod(fd, existing->st_mode & 07777);  // keep the file's permissions
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, std::min<size_t>(text.size() - done, size_t{1} << 30));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write error", n < 0 ? errno : EIO);
    done += static_cast<size_t>(n);
  }
  if (file.release_and_close() != 0) fail("write error", errno);
  if (::rename(temp.c_str(), landing.c_str()) != 0) fail("cannot replace the file", errno);
}

// Seconds a non-regular output may wait: what is left of the run's limit,
// or kOutputWaitSeconds for a run without one.
double wait_limit(const Deadline* deadline) {
  if (deadline == nullptr || deadline->unlimited()) return kOutputWaitSeconds;
  return std::max(0.0, deadline->remaining_seconds());
}

// A FIFO or a device: opened without blocking, written as the reader takes
// it, never waiting past the limit.
void write_special(const OutputTarget& target, const fs::path& landing, const struct stat& st, std::string_view text,
                   const Deadline* deadline) {
  if (S_ISSOCK(st.st_mode)) throw InputError(prefix(target) + "is a socket, which cannot be written as a file");
  const double limit = wait_limit(deadline);
  const Deadline clock(limit, deadline != nullptr ? deadline->interrupt_flag() : nullptr);
  const auto gave_up = [&](const std::string& what) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3g", limit);
    return InputError(prefix(target) + what + " (gave up after " + seconds + " s" +
                      (deadline != nullptr && !deadline->unlimited() ? ", the run's time limit)" : ")"));
  };
  const SignalHold hold;
  int fd = -1;
  for (;;) {
    fd = ::open(landing.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | (S_ISREG(st.st_mode) ? O_TRUNC : 0));
    if (fd >= 0) break;
    if (errno == EINTR) continue;
    if (errno != ENXIO) throw InputError(prefix(target) + "cannot open for writing (" + error_text(errno) + ")");
    // ENXIO: a FIFO that no process has open for reading.
    if (clock.expired()) throw gave_up("no reader: nothing has the FIFO open for reading");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FileDescriptor file(fd);
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, std::min<size_t>(text.size() - done, size_t{1} << 20));
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {
      if (clock.expired()) throw gave_up("the reader stopped reading");
      pollfd p{fd, POLLOUT, 0};
      ::poll(&p, 1, 50);
      continue;
    }
    if (n < 0 && errno == EPIPE) throw InputError(prefix(target) + "the reader closed the pipe before the end");
    throw InputError(prefix(target) + "write error (" + error_text(n < 0 ? errno : EIO) + ")");
  }
  if (file.release_and_close() != 0) throw InputError(prefix(target) + "write error (" + error_text(errno) + ")");
}

}  // namespace

void check_output_paths(const std::vector<std::string>& inputs, const std::vector<OutputTarget>& outputs) {
  std::vector<std::pair<Identity, std::string>> inputs_seen;
  for (const std::string& input : inputs) {
    if (input.empty() || input == "-" || input.find('\0') != std::string::npos) continue;
    struct stat st {};
    if (::stat(input.c_str(), &st) != 0) continue;  // the reader reports it
    Identity id;
    id.exists = true;
    id.device = st.st_dev;
    id.inode = st.st_ino;
    inputs_seen.emplace_back(id, input);
  }
  std::vector<std::pair<Identity, const OutputTarget*>> outputs_seen;
  for (const OutputTarget& output : outputs) {
    if (output.path.empty() || output.path == "-") continue;
    const Identity id = identity_of(output);
    for (const auto& [other, path] : inputs_seen)
      if (id == other)
        throw InputError("option " + output.option + ": " + output.path + " is the input file " + path +
                         " (writing would overwrite it); choose another file");
    for (const auto& [other, earlier] : outputs_seen)
      if (id == other)
        throw InputError("option " + output.option + ": " + output.path + " is also the file of option " +
                         earlier->option + " (one would overwrite the other); give each output its own file");
    outputs_seen.emplace_back(id, &output);
  }
}

void write_output_file(const OutputTarget& target, std::string_view text, const Deadline* deadline) {
  if (target.path.find('\0') != std::string::npos)
    throw InputError("option " + target.option + ": the path contains a NUL byte");
  struct stat st {};
  if (::stat(target.path.c_str(), &st) == 0) {  // links followed as open() follows them
    if (S_ISDIR(st.st_mode)) throw InputError(prefix(target) + "is a directory, not a file");
    // Not a regular file (a FIFO, a device), or a descriptor's link such as
    // /dev/stdout or /proc/self/fd/N (the shell's redirection: its target is
    // no folder to write a temporary file in): written where it is.
    const bool descriptor = target.path.rfind("/dev/", 0) == 0 || target.path.rfind("/proc/", 0) == 0;
    if (!S_ISREG(st.st_mode) || descriptor) {
      write_special(target, target.path, st, text, deadline);
      return;
    }
  }
  const fs::path landing = landing_path(target);
  if (::stat(landing.c_str(), &st) != 0) {
    if (errno != ENOENT) throw InputError(prefix(target) + "cannot open for writing (" + error_text(errno) + ")");
    write_replacing(target, landing, nullptr, text);
    return;
  }
  // Renaming over a read-only file would succeed where opening it fails.
  if (::access(landing.c_str(), W_OK) != 0)
    throw InputError(prefix(target) + "cannot open for writing (" + error_text(errno) + ")");
  write_replacing(target, landing, &st, text);
}

}  // namespace milpsac
