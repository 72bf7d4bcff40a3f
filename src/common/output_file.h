// Output files: the one way a command writes a file (-o, --plot-memory,
// --write-solution, --column-map, export-mps -o).
//
//  - check_output_paths: before any work, an output that is one of the
//    run's inputs or another output of the run is refused (exit 2, naming
//    the option): `sac -o IN` used to overwrite the input, and
//    `solve -o F --write-solution F` wrote one file over the other. Files
//    that exist are compared by device and inode (hard links, symbolic
//    links, "./F" and "F" are the same file); a file that does not exist yet
//    is compared by its normalised path (symbolic links in its folders and
//    the link itself resolved, "." and ".." removed).
//  - write_output_file: a regular file (or a new one) is written to a
//    temporary file in the same folder and renamed over the target once
//    complete, so a failed or interrupted run never leaves a truncated file
//    (SIGINT and SIGTERM are held back during the short write-and-rename so
//    the temporary file is never left behind either). An existing file keeps
//    its permissions; a symbolic link is written through (its target is
//    replaced, the link stays). Anything else (a FIFO, a character device,
//    and /dev/stdout, /dev/fd/N, /proc/... whatever they lead to: a shell's
//    redirection)
//    is opened without blocking and written under the run's deadline: with
//    no reader on a FIFO, the error "no reader" once the deadline (or, for a
//    run without a time limit, kOutputWaitSeconds) has passed, never a hang.
// Errors are InputError "option OPT: PATH: what" (exit 2 in the CLI).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/deadline.h"

namespace milpsac {

// How long a run without a time limit waits for a FIFO's reader (or for a
// stalled reader to take more) before giving up.
inline constexpr double kOutputWaitSeconds = 10.0;

// One file a run writes: the option that names it ("-o", "--plot-memory")
// and its path. "-" (standard output) is never checked or written here.
struct OutputTarget {
  std::string option;
  std::string path;
};

// Throws InputError when an output is one of `inputs` or the same file as
// an earlier output, or when a path cannot be resolved (a loop of symbolic
// links). Inputs that do not exist are skipped (the reader reports them).
void check_output_paths(const std::vector<std::string>& inputs, const std::vector<OutputTarget>& outputs);

// Writes `text` to `target.path` as described above. `deadline` bounds the
// wait for a non-regular file (null: kOutputWaitSeconds).
void write_output_file(const OutputTarget& target, std::string_view text, const Deadline* deadline = nullptr);

}  // namespace milpsac
