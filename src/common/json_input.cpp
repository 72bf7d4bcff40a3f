// JSON parsing with depth bound, non-finite markers and duplicate keys
// (see json_input.h).
#include "common/json_input.h"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unordered_set>
#include <vector>

#include "common/input_error.h"
#include "common/input_file.h"

namespace milpsac {
namespace {

constexpr std::array<std::string_view, 3> kLiterals = {"-Infinity", "Infinity", "NaN"};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// True if the number token overflows a double (strtod gives +-inf).
bool overflows_double(std::string_view token) {
  if (token.find_first_of("eE") == std::string_view::npos && token.size() < 300) return false;
  const std::string copy(token);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size() && std::isinf(v);
}

// Copy of text with the markers quoted (or empty and `changed` false when none
// occur); throws when the nesting is deeper than kMaxJsonDepth.
std::string prepare(std::string_view text, const std::string& source, bool& changed) {
  std::string out;
  size_t copied = 0;
  changed = false;
  auto quote = [&](size_t begin, size_t end) {
    out.append(text.substr(copied, begin - copied));
    out += '"';
    out.append(text.substr(begin, end - begin));
    out += '"';
    copied = end;
    changed = true;
  };
  int depth = 0;
  size_t line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
    } else if (c == '"') {  // skip the string literal
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\')
          ++i;
        else if (text[i] == '\n')
          ++line;
      }
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw InputError(source + ":" + std::to_string(line) + ": JSON nested deeper than " +
                         std::to_string(kMaxJsonDepth) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (i == 0 || !is_word_char(text[i - 1])) {
      bool literal = false;
      // Only three letters start a literal: most characters skip the compares.
      const bool may_be_literal = c == 'N' || c == 'I' || c == '-';
      for (std::string_view word : kLiterals) {
        if (!may_be_literal) break;
        const size_t end = i + word.size();
        if (text.compare(i, word.size(), word) == 0 && (end == text.size() || !is_word_char(text[end]))) {
          quote(i, end);
          i = end - 1;
          literal = true;
          break;
        }
      }
      if (!literal && (c == '-' || (c >= '0' && c <= '9'))) {
        size_t end = i;
        while (end < text.size() && is_number_char(text[end])) ++end;
        if (overflows_double(text.substr(i, end - i))) quote(i, end);
        i = end - 1;
      }
    }
  }
  if (changed) out.append(text.substr(copied));
  return out;
}

// The keys seen so far in one open object. Objects of the formats we read have
// a handful of keys, so they are compared in a short list (no allocation for
// short keys, no hashing); past kLinearKeys keys a hash set takes over, so a
// hostile object with 10^6 keys stays linear.
class KeySet {
 public:
  void clear() {
    few_.clear();
    many_.clear();
  }
  bool insert(const std::string& key) {
    if (many_.empty()) {
      for (const std::string& seen : few_)
        if (seen == key) return false;
      if (few_.size() < kLinearKeys) {
        few_.push_back(key);
        return true;
      }
      many_.insert(few_.begin(), few_.end());
    }
    return many_.insert(key).second;
  }

 private:
  static constexpr size_t kLinearKeys = 16;
  std::vector<std::string> few_;
  std::unordered_set<std::string> many_;
};

// Builds the document with nlohmann's own DOM builder and rejects a key seen
// twice in one object, naming it and its parent key. A SAX handler rather
// than the parse callback: the callback parser scans the parent container
// after every closed object (to drop discarded values), which made reading an
// array of n objects O(n^2) (a 10^6-node graph took minutes). Here each event
// is O(1) apart from one key-set insert per key, and the key sets live only
// while their object is open. The deadline (may be null) is polled every
// kEventsPerPoll events.
//
// With a sink, the elements of the array under the top-level key
// `streamed_key` are each built as a document of their own, handed to the
// sink when complete and dropped (parse_json_streaming).
class CheckedDomBuilder {
 public:
  using json = nlohmann::json;
  CheckedDomBuilder(json& root, const std::string& source, const Deadline* deadline, std::string_view streamed_key = {},
                    const JsonElementSink* sink = nullptr)
      : dom_(root), source_(source), deadline_(deadline), streamed_key_(streamed_key), sink_(sink) {}

  bool null() {
    return poll() && scalar([](Dom& d) { return d.null(); });
  }
  bool boolean(bool v) {
    return poll() && scalar([v](Dom& d) { return d.boolean(v); });
  }
  bool number_integer(json::number_integer_t v) {
    return poll() && scalar([v](Dom& d) { return d.number_integer(v); });
  }
  bool number_unsigned(json::number_unsigned_t v) {
    return poll() && scalar([v](Dom& d) { return d.number_unsigned(v); });
  }
  bool number_float(json::number_float_t v, const json::string_t& s) {
    return poll() && scalar([&](Dom& d) { return d.number_float(v, s); });
  }
  bool string(json::string_t& v) {
    return poll() && scalar([&](Dom& d) { return d.string(v); });
  }
  bool binary(json::binary_t& v) {
    return poll() && scalar([&](Dom& d) { return d.binary(v); });
  }
  bool start_array(std::size_t n) {
    return poll() && open([n](Dom& d) { return d.start_array(n); }, true);
  }
  bool end_array() {
    return close([](Dom& d) { return d.end_array(); });
  }
  bool start_object(std::size_t n) {
    if (open_objects_ == objects_.size()) objects_.emplace_back();
    Object& object = objects_[open_objects_++];
    object.keys.clear();
    object.parent_key = current_key_;
    return poll() && open([n](Dom& d) { return d.start_object(n); }, false);
  }
  bool end_object() {
    if (open_objects_ > 0) current_key_ = std::move(objects_[--open_objects_].parent_key);
    return close([](Dom& d) { return d.end_object(); });
  }
  bool key(json::string_t& key) {
    if (open_objects_ > 0 && !objects_[open_objects_ - 1].keys.insert(key)) {
      const std::string& parent = objects_[open_objects_ - 1].parent_key;
      throw InputError(source_ + ": duplicate key '" + key + "'" +
                       (parent.empty() ? std::string() : " in object '" + parent + "'"));
    }
    current_key_ = key;
    stream_next_ = sink_ != nullptr && depth_ == 1 && !element_ && key == streamed_key_;
    return target().key(key);
  }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) {
    return dom_.parse_error(position, token, e);  // throws the parser's exception
  }

 private:
  using Dom = nlohmann::detail::json_sax_dom_parser<json>;
  static constexpr unsigned kEventsPerPoll = 1U << 14;
  bool poll() {
    if (++events_ % kEventsPerPoll == 0) check_deadline(deadline_, source_, "reading JSON");
    return true;
  }

  // Streaming: the builder events go to the element's builder while one is
  // open, else to the document's.
  Dom& target() { return element_ ? *element_ : dom_; }
  bool at_element_start() const { return depth_ == stream_depth_ && !element_; }
  void begin_element() { element_.emplace(element_value_); }
  void end_element() {
    element_.reset();
    (*sink_)(elements_++, element_value_);
    element_value_ = json();
  }
  template <class Event>
  bool scalar(Event event) {
    stream_next_ = false;
    if (!at_element_start()) return event(target());
    begin_element();
    const bool ok = event(*element_);
    end_element();
    return ok;
  }
  template <class Event>
  bool open(Event event, bool is_array) {
    const bool streamed = is_array && stream_next_;
    stream_next_ = false;
    if (at_element_start()) begin_element();
    const bool ok = event(target());
    ++depth_;
    if (streamed) stream_depth_ = depth_;
    return ok;
  }
  template <class Event>
  bool close(Event event) {
    if (at_element_start()) stream_depth_ = -1;  // the streamed array itself ends
    --depth_;
    const bool ok = event(target());
    if (element_ && depth_ == stream_depth_) end_element();
    return ok;
  }

  struct Object {
    KeySet keys;
    std::string parent_key;
  };
  Dom dom_;
  const std::string& source_;
  const Deadline* deadline_;
  std::vector<Object> objects_;  // the first open_objects_ are open; the rest are kept for reuse
  size_t open_objects_ = 0;
  std::string current_key_;
  unsigned events_ = 0;

  std::string_view streamed_key_;
  const JsonElementSink* sink_;
  int depth_ = 0;          // open arrays and objects
  int stream_depth_ = -1;  // depth inside the streamed array, -1 outside it
  bool stream_next_ = false;
  std::optional<Dom> element_;
  json element_value_;
  size_t elements_ = 0;
};

nlohmann::json parse_checked(std::string_view text, const std::string& source, const Deadline* deadline,
                             std::string_view streamed_key, const JsonElementSink* sink) {
  nlohmann::json root;
  CheckedDomBuilder builder(root, source, deadline, streamed_key, sink);
  nlohmann::json::sax_parse(text, &builder);
  return root;
}

nlohmann::json parse(std::string_view text, const std::string& source, const Deadline* deadline,
                     std::string_view streamed_key, const JsonElementSink* sink, size_t limit) {
  using nlohmann::json;
  if (text.size() > limit)
    throw InputError(source + ": JSON text of " + std::to_string(text.size()) + " bytes, more than the limit of " +
                     bytes_text(limit) + " for this input");
  // The parser takes a NUL byte for the end of the text and ignored the rest
  // of the file without a word; JSON has no place for a raw NUL (inside a
  // string it must be escaped as \u0000), so it is refused where it is.
  if (const void* nul = std::memchr(text.data(), '\0', text.size()); nul != nullptr)
    throw InputError(source + ": invalid JSON: NUL byte at byte offset " +
                     std::to_string(static_cast<const char*>(nul) - text.data()) +
                     " (a JSON text cannot contain one; is this a binary file?)");
  // Trailing whitespace is dropped before parsing (the parser walks it a byte
  // at a time with position tracking: 100 MB of it took seconds); a document
  // of whitespace only is reported as empty without parsing at all.
  const size_t last = text.find_last_not_of(" \t\r\n");
  if (last == std::string_view::npos) throw InputError(source + ": invalid JSON: empty input (no JSON document)");
  text = text.substr(0, last + 1);
  try {
    bool changed = false;
    const std::string prepared = prepare(text, source, changed);
    check_deadline(deadline, source, "reading JSON");
    return parse_checked(changed ? std::string_view(prepared) : text, source, deadline, streamed_key, sink);
  } catch (const json::exception& e) {
    std::string what = e.what();
    if (auto bracket = what.find("] "); what.rfind("[json.exception", 0) == 0 && bracket != std::string::npos)
      what = what.substr(bracket + 2);
    throw InputError(source + ": invalid JSON: " + what);
  }
}

}  // namespace

nlohmann::json parse_json(std::string_view text, const std::string& source, const Deadline* deadline) {
  return parse(text, source, deadline, {}, nullptr, kMaxJsonBytes);
}

nlohmann::json read_json_file(const std::string& path, const Deadline* deadline) {
  return parse_json(read_file(path, deadline, kMaxJsonBytes), input_name(path), deadline);
}

nlohmann::json parse_json_streaming(std::string_view text, const std::string& source, std::string_view streamed_key,
                                    const JsonElementSink& sink, const Deadline* deadline, size_t max_bytes) {
  return parse(text, source, deadline, streamed_key, &sink, max_bytes);
}

nlohmann::json read_json_file_streaming(const std::string& path, std::string_view streamed_key,
                                        const JsonElementSink& sink, const Deadline* deadline) {
  return parse_json_streaming(read_file(path, deadline, kMaxStreamedJsonBytes), input_name(path), streamed_key, sink,
                              deadline);
}

bool is_nonnumeric_marker(const nlohmann::json& value) {
  if (!value.is_string()) return false;
  const std::string& s = value.get_ref<const std::string&>();
  for (std::string_view literal : kLiterals)
    if (s == literal) return true;
  if (s.empty() || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))) return false;
  for (char c : s)
    if (!is_number_char(c)) return false;
  return overflows_double(s);
}

std::string describe_json(const nlohmann::json& value) {
  if (is_nonnumeric_marker(value)) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s == "NaN" || s.find("Infinity") != std::string::npos) return s;
    return s + " (out of double range)";
  }
  if (value.is_number() || value.is_boolean() || value.is_null()) return value.dump();
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s.size() <= 40)
      return "string " + nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return "a string";
  }
  return value.is_object() ? "an object" : "a list";
}

}  // namespace milpsac
