// gzip detection by magic bytes and in-memory decompression with zlib.
//
// Used by read_file (any input may be gzip-compressed, whatever its name) and by
// the MPS reader's text entry point. Output is capped so that a small hostile
// file cannot expand without bound (a "zip bomb" is an InputError, not an
// out-of-memory kill).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "common/deadline.h"

namespace milpsac {

inline constexpr size_t kMaxDecompressedBytes = size_t{1} << 30;

// True if data starts with the gzip magic bytes 1f 8b.
bool is_gzip(std::string_view data);

// Inflates gzip data, concatenated members included (as gzip -d does).
// Corrupt, truncated or oversized data is an InputError naming `source`.
// Inflating stops once the output passes `max_bytes` (at most
// kMaxDecompressedBytes): a reader whose text has a smaller limit (JSON: 64
// MiB) passes it, so a bomb costs that much memory, not 1 GiB.
// With a `deadline`, it is polled every 64 KiB of output (TimeLimitReached).
std::string gunzip(std::string_view data, const std::string& source, const Deadline* deadline = nullptr,
                   size_t max_bytes = kMaxDecompressedBytes);

}  // namespace milpsac
