// read_file: the one way the library reads an input file.
//
// The whole file comes back as bytes, decompressed when it starts with the gzip
// magic (so MODEL.mps.gz and plan.json.gz work whatever their names). Every
// failure is an InputError that names the file: a path that does not exist, a
// directory, a file that cannot be opened or read, a file larger than
// kMaxInputBytes. "-" reads standard input (named "<stdin>" in messages).
#pragma once

#include <cstddef>
#include <string>

#include "common/deadline.h"

namespace milpsac {

// Larger inputs are refused before they are read: no supported model needs them.
inline constexpr size_t kMaxInputBytes = size_t{1} << 31;

// A byte count as messages give limits: "2 GiB", "64 MiB", else bytes.
std::string bytes_text(size_t bytes);

// The name used for `path` in messages ("<stdin>" for "-").
std::string input_name(const std::string& path);

// Whole contents of `path` ("-" = standard input), gunzipped if compressed.
// With a `deadline`, it is polled every 64 KiB (TimeLimitReached). A file (or
// stream) larger than `max_bytes` is refused before or while it is read, so
// no more than that is held; decompressed data is held to the smaller of
// `max_bytes` and the gzip limit (gzip.h), checked while inflating.
std::string read_file(const std::string& path, const Deadline* deadline = nullptr, size_t max_bytes = kMaxInputBytes);

}  // namespace milpsac
