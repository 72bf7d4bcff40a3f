// gzip decompression (see gzip.h).
#include "common/gzip.h"
#include "common/index.h"

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <vector>

#include "common/input_error.h"
#include "common/input_file.h"

namespace milpsac {

bool is_gzip(std::string_view data) {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f && static_cast<unsigned char>(data[1]) == 0x8b;
}

std::string gunzip(std::string_view data, const std::string& source, const Deadline* deadline, size_t max_bytes) {
  max_bytes = std::min(max_bytes, kMaxDecompressedBytes);
  if (data.size() > UINT_MAX) throw InputError(source + ": compressed file too large");
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 16) != Z_OK) throw InputError(source + ": cannot initialise zlib");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  std::string out;
  // The trailer's last four bytes hold the (last member's) uncompressed size
  // mod 2^32: reserved up front, so large files are not copied at each
  // doubling of the string (a quarter of reading nw04). A hint only, capped
  // against crafted trailers.
  if (data.size() >= 18) {
    const auto byte = [&](size_t k) { return uz(static_cast<unsigned char>(data[data.size() - 4 + k])); };
    const size_t stated = byte(0) | byte(1) << 8 | byte(2) << 16 | byte(3) << 24;
    out.reserve(std::min({stated, 64 * data.size(), max_bytes}));
  }
  std::vector<char> chunk(size_t{1} << 16);
  for (;;) {
    zs.next_out = reinterpret_cast<Bytef*>(chunk.data());
    zs.avail_out = static_cast<uInt>(chunk.size());
    const int rc = inflate(&zs, Z_NO_FLUSH);
    out.append(chunk.data(), chunk.size() - zs.avail_out);
    if (out.size() > max_bytes) {
      inflateEnd(&zs);
      throw InputError(source + ": decompressed data larger than " + bytes_text(max_bytes) +
                       ", the limit for this input (inflating stopped there)");
    }
    if (deadline != nullptr && deadline->expired()) {
      inflateEnd(&zs);
      check_deadline(deadline, source, "decompressing");
    }
    if (rc == Z_STREAM_END) {
      const std::string_view rest(reinterpret_cast<const char*>(zs.next_in), zs.avail_in);
      if (!is_gzip(rest)) break;  // trailing padding after the last member is ignored, as gzip does
      inflateReset(&zs);
      continue;
    }
    if (rc == Z_OK) continue;
    if (rc == Z_BUF_ERROR && zs.avail_in == 0) {
      inflateEnd(&zs);
      throw InputError(source + ": truncated gzip data");
    }
    const std::string why = zs.msg != nullptr ? zs.msg : "error " + std::to_string(rc);
    inflateEnd(&zs);
    throw InputError(source + ": corrupt gzip data (" + why + ")");
  }
  inflateEnd(&zs);
  return out;
}

}  // namespace milpsac
