// Private helper of the MPS reader: errors and warnings with file and line.
//
// Errors are InputError "FILE:LINE: what"; warnings are collected as data
// ("FILE:LINE: warning: what", at most kMaxWarnings, then one count line) for
// the caller to show: the library never prints.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/input_error.h"

namespace milpsac::lp::mps_detail {

class Diagnostics {
 public:
  static constexpr int kMaxWarnings = 20;

  Diagnostics(const std::string& source, std::vector<std::string>* sink) : source_(source), sink_(sink) {}

  const std::string& source() const { return source_; }
  int line() const { return line_; }
  void set_line(int line) { line_ = line; }

  [[noreturn]] void fail(const std::string& what) const { fail_at(line_, what); }
  [[noreturn]] void fail_at(int line, const std::string& what) const {
    throw InputError(line > 0 ? source_ + ":" + std::to_string(line) + ": " + what : source_ + ": " + what);
  }
  void warn(const std::string& what) { warn_at(line_, what); }
  void warn_at(int line, const std::string& what) {
    if (shown_ >= kMaxWarnings) {
      ++suppressed_;
      return;
    }
    ++shown_;
    if (sink_ != nullptr)
      sink_->push_back((line > 0 ? source_ + ":" + std::to_string(line) : source_) + ": warning: " + what);
  }
  // Adds the "N more warnings not shown" line, once, at the end.
  void finish() {
    if (suppressed_ > 0 && sink_ != nullptr)
      sink_->push_back(source_ + ": warning: " + std::to_string(suppressed_) + " more warnings not shown");
    suppressed_ = 0;
  }

 private:
  const std::string& source_;
  std::vector<std::string>* sink_;  // may be null: warnings dropped
  int line_ = 0;
  int shown_ = 0;
  int suppressed_ = 0;
};

// 'name' in quotes, for messages. A token longer than kQuotedBytes is cut
// there (at a character boundary) and its length said: a 200 KB token was
// echoed whole into a message.
inline constexpr size_t kQuotedBytes = 64;
inline std::string quoted(std::string_view s) {
  std::string out(1, '\'');  // built piecewise: "'" + s + "'" trips GCC 12's -Wrestrict false positive
  if (s.size() <= kQuotedBytes) {
    out.append(s);
    out += '\'';
    return out;
  }
  size_t cut = kQuotedBytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  out.append(s.substr(0, cut));
  out.append("...' (a token of ");
  out.append(std::to_string(s.size()));
  out.append(" bytes)");
  return out;
}

}  // namespace milpsac::lp::mps_detail
