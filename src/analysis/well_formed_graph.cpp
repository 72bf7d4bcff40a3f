// The fast road of well_formed_graph.h: one pass over the text; any surprise
// returns nullopt (the checked reader then reads the file and reports).
#include "analysis/well_formed_graph.h"

#include <cstdint>
#include <string>

#include "analysis/name_index.h"
#include "analysis/node_fields.h"
#include "common/index.h"

namespace milpsac::analysis {

namespace {

// A cursor over the text. Each read skips JSON whitespace first and returns
// false on anything it does not expect; the caller then gives up.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  bool at_end() {
    skip_space();
    return p_ == end_;
  }
  bool eat(char c) {
    skip_space();
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  bool peek(char c) {
    skip_space();
    return p_ != end_ && *p_ == c;
  }
  // A string of printable ASCII without escapes; `out` views the text.
  bool plain_string(std::string_view& out) {
    if (!eat('"')) return false;
    const char* start = p_;
    for (; p_ != end_; ++p_) {
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        out = std::string_view(start, uz(p_ - start));
        ++p_;
        return true;
      }
      if (c < 0x20 || c >= 0x7f || c == '\\') return false;
    }
    return false;
  }
  // A whole number in [0, hi] written in plain digits (JSON: no leading zero).
  bool whole(std::int64_t hi, std::int64_t& out) {
    skip_space();
    const char* start = p_;
    std::int64_t value = 0;
    for (; p_ != end_ && *p_ >= '0' && *p_ <= '9'; ++p_) {
      const int digit = *p_ - '0';
      if (value > (hi - digit) / 10) return false;
      value = value * 10 + digit;
    }
    if (p_ == start || (*start == '0' && p_ - start > 1)) return false;
    // 12.0 and 1e3 are valid JSON but not plain digits: the checked reader reads them.
    if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
    out = value;
    return true;
  }
  bool boolean(bool& out) {
    skip_space();
    if (literal("true")) {
      out = true;
      return true;
    }
    if (literal("false")) {
      out = false;
      return true;
    }
    return false;
  }

 private:
  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }
  bool literal(std::string_view word) {
    if (uz(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }
  const char* p_;
  const char* end_;
};

// An input named before its node was read: resolved once all names are known.
struct Pending {
  std::size_t node, slot;
  std::string_view name;
};

class NodesReader {
 public:
  explicit NodesReader(std::string_view text) : in_(text) {}

  std::optional<std::vector<AutogradNode>> read() {
    std::string_view key;
    if (!in_.eat('{') || !in_.plain_string(key) || key != "nodes" || !in_.eat(':') || !in_.eat('[')) return {};
    if (!in_.eat(']')) {
      do {
        if (!node()) return {};
      } while (in_.eat(','));
      if (!in_.eat(']')) return {};
    }
    if (!in_.eat('}') || !in_.at_end()) return {};
    for (const Pending& p : pending_) {
      const std::size_t found = index_.find(p.name);
      if (found == NameIndex::kNone) return {};
      nodes_[p.node].inputs[p.slot] = found;
    }
    return std::move(nodes_);
  }

 private:
  enum Field : unsigned {
    kName = 1,
    kStage = 2,
    kSaved = 4,
    kOutBytes = 8,
    kInputs = 16,
    kFwdFlop = 32,
    kBwdFlop = 64
  };

  static unsigned field_named(std::string_view key) {
    if (key == "name") return kName;
    if (key == "stage") return kStage;
    if (key == "saved") return kSaved;
    if (key == "out_bytes") return kOutBytes;
    if (key == "inputs") return kInputs;
    if (key == "fwd_flop") return kFwdFlop;
    if (key == "bwd_flop") return kBwdFlop;
    return 0;
  }

  bool node() {
    const std::size_t v = nodes_.size();
    AutogradNode& node = nodes_.emplace_back();
    inputs_.clear();
    unsigned seen = 0;
    if (!in_.eat('{')) return false;
    if (!in_.peek('}')) {
      do {
        std::string_view key;
        if (!in_.plain_string(key) || !in_.eat(':')) return false;
        const unsigned field = field_named(key);
        if (field == 0 || (seen & field) != 0) return false;
        seen |= field;
        if (!value(field, node)) return false;
      } while (in_.eat(','));
    }
    if (!in_.eat('}')) return false;
    constexpr unsigned kRequired = kName | kStage | kOutBytes;
    if ((seen & kRequired) != kRequired) return false;
    // The name is known before the inputs resolve, as in the checked reader
    // (a node naming itself is a cycle there, and here).
    if (index_.insert(v) != NameIndex::kNone) return false;
    node.inputs.reserve(inputs_.size());
    for (std::size_t k = 0; k < inputs_.size(); ++k) {
      const std::size_t found = index_.find(inputs_[k]);
      if (found == NameIndex::kNone) pending_.push_back({v, k, inputs_[k]});
      node.inputs.push_back(found == NameIndex::kNone ? 0 : found);
    }
    return true;
  }

  bool value(unsigned field, AutogradNode& node) {
    std::string_view text;
    switch (field) {
      case kName:
        if (!in_.plain_string(text) || text.empty()) return false;
        node.name.assign(text);
        return true;
      case kStage: {
        if (!in_.plain_string(text)) return false;
        const std::optional<Stage> stage = stage_named(text);
        if (!stage) return false;
        node.stage = *stage;
        return true;
      }
      case kSaved:
        return in_.boolean(node.saved);
      case kOutBytes:
        return in_.whole(kMaxOutBytes, node.out_bytes) && add_within_int64(bytes_total_, node.out_bytes);
      case kFwdFlop:
        return in_.whole(kMaxFlop, node.fwd_flop) && add_within_int64(fwd_total_, node.fwd_flop);
      case kBwdFlop:
        return in_.whole(kMaxFlop, node.bwd_flop) && add_within_int64(bwd_total_, node.bwd_flop);
      case kInputs:
        if (!in_.eat('[')) return false;
        if (in_.eat(']')) return true;
        do {
          if (!in_.plain_string(text)) return false;
          inputs_.push_back(text);
        } while (in_.eat(','));
        return in_.eat(']');
      default:
        return false;
    }
  }

  Cursor in_;
  std::vector<AutogradNode> nodes_;
  NameIndex index_{nodes_};
  std::vector<std::string_view> inputs_;  // the current node's, until its name is known
  std::vector<Pending> pending_;
  std::int64_t fwd_total_ = 0, bwd_total_ = 0, bytes_total_ = 0;
};

}  // namespace

std::optional<std::vector<AutogradNode>> read_well_formed_nodes(std::string_view text) {
  return NodesReader(text).read();
}

}  // namespace milpsac::analysis
