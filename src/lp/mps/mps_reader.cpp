// MPS reader (docs/formats.md#mps): free and fixed format, plain or gzip, into a
// LinearProgram. This file is the section state machine; a line becomes a
// record in mps_records.cpp and records become the model in mps_assembly.cpp.
//
// Every line is split as free format first (fields separated by blanks); only
// when that does not make a valid record for the section, or names an unknown
// row/column, is the fixed card layout tried (see mps_tokens.h). That reads both
// dialects without a global mode switch and keeps names with blanks working.
//
// Conventions (each one a documented choice where readers disagree):
//  - Section keywords are recognised only in column 1; data lines start with a
//    blank. So columns may be called RHS or OBJSENSE (silly-names.mps).
//  - The first N row is the objective (or the OBJNAME row); further N rows are
//    free rows and are dropped with a warning.
//  - An RHS entry on the objective row is an objective offset of -rhs (CBC,
//    HiGHS, CPLEX; Netlib e226 depends on it).
//  - RHS/RANGES/BOUNDS records may omit the set name; the field count tells.
//    Only the first named set of a section is used (others: warning).
//  - Columns inside MARKER INTORG/INTEND that get no BOUNDS record at all are
//    binary [0, 1] (the original IBM convention, also HiGHS and cuPDLPx). With
//    any bound record the usual defaults (0, +inf) fill the missing side.
//  - A negative UP/UI bound on a column whose lower bound was never set makes
//    the lower bound -inf (with a warning), judged after all BOUNDS records.
//  - |value| >= 1e30 in RHS, RANGES and BOUNDS means infinite. Coefficients
//    must be finite numbers; NaN is rejected everywhere.
//  - Duplicate COLUMNS entries for one (row, column) are summed: the terms of
//    a linear expression add up. A repeated RHS/RANGES entry replaces the
//    earlier one, like a later BOUNDS record does. Both warn.
//  - Unknown rows (COLUMNS, RHS, RANGES) and unknown columns (BOUNDS) are
//    skipped with a warning naming file and line: HiGHS's warnings.mps fixture
//    must load. Structural errors (bad numbers, wrong field counts, unknown
//    sections, missing ENDATA, ...) throw InputError "FILE:LINE: what".
//  - SC/SI bounds make the column semi-continuous (SI: and integer): x = 0 or
//    lower <= x <= upper (LinearProgram::is_semicontinuous). The SC value is
//    the upper bound, read literally (0 leaves only x = 0 when lower > 0); a
//    missing value, like |value| >= 1e30, is +inf. The lower bound comes from
//    an LO record (default 0). A negative SC value never moves the lower bound.
// Warnings come back as data (at most kMaxWarnings per file, then a count);
// the library never prints.
#include <climits>
#include <string>
#include <vector>

#include "common/gzip.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "lp/mps/mps.h"
#include "lp/mps/mps_assembly.h"
#include "lp/mps/mps_diagnostics.h"
#include "lp/mps/mps_records.h"
#include "lp/mps/mps_tokens.h"

namespace milpsac::lp {
namespace {

using namespace mps_detail;  // NOLINT: the reader's private helpers

enum class Section { kNone, kName, kObjsense, kObjname, kRows, kColumns, kRhs, kRanges, kBounds };

class SectionReader {
 public:
  SectionReader(std::string_view text, const std::string& source, std::vector<std::string>* warnings,
                const Deadline* deadline)
      : text_(text), source_(source), deadline_(deadline), diag_(source, warnings), model_(diag_) {}

  LinearProgram read() {
    size_t pos = 0;
    int line = 0;
    while (pos <= text_.size() && !ended_) {
      const size_t eol = text_.find('\n', pos);
      const size_t end = eol == std::string_view::npos ? text_.size() : eol;
      diag_.set_line(++line);
      if (line % kLinesPerClockCheck == 0) check_deadline(deadline_, source_, "parsing");
      process_line(text_.substr(pos, end - pos));
      if (eol == std::string_view::npos) break;
      pos = eol + 1;
    }
    diag_.set_line(0);
    if (!ended_) {
      if (!seen_rows_) diag_.fail("no ROWS section (not an MPS file?)");
      diag_.fail("missing ENDATA (file truncated?)");
    }
    LinearProgram lp = model_.assemble(deadline_);
    diag_.finish();
    return lp;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { diag_.fail(what); }
  void warn(const std::string& what) { diag_.warn(what); }

  // ---- line dispatch -------------------------------------------------------

  void process_line(std::string_view raw) {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.find('\0') != std::string_view::npos) fail("NUL byte in the input (binary file, not MPS text)");
    if (!raw.empty() && raw.front() == '*') return;
    const std::string_view line = strip_dollar_comment(raw);
    split_free(line, fields_);
    if (fields_.empty()) return;
    if (!is_blank(line.front()) && section_header(line)) return;
    switch (section_) {
      case Section::kNone:
        fail("expected a section keyword (NAME, ROWS, COLUMNS, ...), found " + quoted(fields_[0]));
      case Section::kName:
        fail("unexpected data after NAME");
      case Section::kObjsense:
        if (fields_.size() != 1 || !set_sense(fields_[0])) fail("OBJSENSE: expected MAX or MIN");
        return;
      case Section::kObjname:
        if (fields_.size() != 1) fail("OBJNAME: expected one row name");
        set_objective_name(fields_[0]);
        return;
      case Section::kRows:
        model_.add_row(read_record<RowsRecord>(
            line, [](const Fields& f, RowsRecord& r, std::string& e) { return decode_rows(f, r, e); },
            [](const RowsRecord&) { return 0; }));
        return;
      case Section::kColumns: {
        const ColumnsRecord r = read_record<ColumnsRecord>(
            line, [](const Fields& f, ColumnsRecord& rec, std::string& e) { return decode_columns(f, rec, e); },
            [this](const ColumnsRecord& rec) { return unknown_rows(rec.pairs); });
        if (r.marker)
          set_marker(r.marker_kind);
        else
          model_.add_entries(r, in_integer_block_);
        return;
      }
      case Section::kRhs:
      case Section::kRanges: {
        const bool ranges = section_ == Section::kRanges;
        const char* name = ranges ? "RANGES" : "RHS";
        model_.set_rhs(
            read_record<RhsRecord>(
                line, [name](const Fields& f, RhsRecord& r, std::string& e) { return decode_rhs(f, r, name, e); },
                [this](const RhsRecord& r) { return unknown_rows(r.pairs); }),
            ranges);
        return;
      }
      case Section::kBounds: {
        const auto is_column = [this](std::string_view c) { return model_.is_column(c); };
        model_.set_bound(read_record<BoundsRecord>(
            line,
            [&is_column](const Fields& f, BoundsRecord& r, std::string& e) {
              return decode_bounds(f, r, is_column, e);
            },
            [this](const BoundsRecord& r) { return model_.is_column(r.column) ? 0 : 1; }));
        return;
      }
    }
  }

  // Returns false when the word in column 1 is not a section keyword: then the
  // line is data of the current section (free MPS written without indentation).
  bool section_header(std::string_view line) {
    const std::string_view key = fields_[0];
    auto enter = [&](Section next, bool& seen, const char* name) {
      if (seen) fail(std::string(name) + " section appears twice");
      seen = true;
      section_ = next;
      if (fields_.size() > 1) warn("text after " + std::string(name) + " ignored");
    };
    if (key == "NAME") {
      if (seen_name_) fail("NAME appears twice");
      seen_name_ = true;
      section_ = Section::kName;
      model_.name = std::string(trim(line.substr(4)));
      return true;
    }
    if (key == "OBJSENSE" || key == "OBJSENSE:") {
      section_ = Section::kObjsense;
      if (fields_.size() == 2 && !set_sense(fields_[1]))
        fail("OBJSENSE: expected MAX or MIN, found " + quoted(fields_[1]));
      if (fields_.size() > 2) fail("OBJSENSE: expected MAX or MIN");
      return true;
    }
    if (key == "OBJNAME") {
      section_ = Section::kObjname;
      if (fields_.size() == 2) set_objective_name(fields_[1]);
      if (fields_.size() > 2) fail("OBJNAME: expected one row name");
      return true;
    }
    if (key == "ROWS") {
      if (seen_columns_) fail("ROWS section after COLUMNS");
      enter(Section::kRows, seen_rows_, "ROWS");
      return true;
    }
    if (key == "COLUMNS") {
      if (!seen_rows_) fail("COLUMNS section before ROWS");
      enter(Section::kColumns, seen_columns_, "COLUMNS");
      return true;
    }
    if (key == "RHS" || key == "RANGES" || key == "BOUNDS") {
      if (!seen_rows_) fail(std::string(key) + " section before ROWS");
      finish_columns();
      if (key == "RHS") enter(Section::kRhs, seen_rhs_, "RHS");
      if (key == "RANGES") enter(Section::kRanges, seen_ranges_, "RANGES");
      if (key == "BOUNDS") enter(Section::kBounds, seen_bounds_, "BOUNDS");
      return true;
    }
    if (key == "ENDATA") {
      finish_columns();
      ended_ = true;
      return true;
    }
    static constexpr std::string_view kUnsupported[] = {"QUADOBJ",  "QMATRIX",  "QSECTION",   "QCMATRIX", "CSECTION",
                                                        "SOS",      "SETS",     "INDICATORS", "GENCONS",  "PWLOBJ",
                                                        "USERCUTS", "LAZYCONS", "SCENARIOS",  "BRANCH"};
    for (std::string_view u : kUnsupported)
      if (key == u) fail("section " + std::string(key) + " is not supported (linear programs and MILPs only)");
    return false;
  }

  bool set_sense(std::string_view word) {
    if (iequals(word, "MAX") || iequals(word, "MAXIMIZE") || iequals(word, "MAXIMISE")) {
      model_.sense = ObjectiveSense::kMaximize;
      return true;
    }
    if (iequals(word, "MIN") || iequals(word, "MINIMIZE") || iequals(word, "MINIMISE")) {
      model_.sense = ObjectiveSense::kMinimize;
      return true;
    }
    return false;
  }

  void set_objective_name(std::string_view name) {
    if (seen_rows_) fail("OBJNAME must come before ROWS");
    model_.objective_name = std::string(name);
  }

  void set_marker(std::string_view kind) {
    if (kind == "INTORG") {
      in_integer_block_ = true;
    } else if (kind == "INTEND") {
      in_integer_block_ = false;
    } else {
      fail("unsupported MARKER type " + quoted(kind) + " (only INTORG and INTEND)");
    }
  }

  void finish_columns() {
    if (in_integer_block_) warn("MARKER INTORG without INTEND at the end of COLUMNS");
    in_integer_block_ = false;
  }

  int unknown_rows(const std::vector<Pair>& pairs) const {
    int n = 0;
    for (const Pair& p : pairs) n += model_.is_row(p.name) ? 0 : 1;
    return n;
  }

  // ---- free / fixed record reading ------------------------------------------

  // Decodes a data line: free split first; a trailing field starting with '*'
  // is an inline comment when the line is only valid without it (comment.mps);
  // the fixed layout is tried when the free reading fails or leaves names
  // unresolved, and wins when it is valid with fewer unknown names.
  template <class Record, class Decode, class Unknown>
  Record read_record(std::string_view line, const Decode& decode, const Unknown& unknown) {
    Record record;
    std::string error;
    bool ok = decode(fields_, record, error);
    if (!ok) {
      for (size_t k = 1; k < fields_.size(); ++k) {
        if (fields_[k].front() != '*') continue;
        const Fields shorter(fields_.begin(), fields_.begin() + static_cast<std::ptrdiff_t>(k));
        Record retry;
        std::string ignored;
        if (decode(shorter, retry, ignored)) {
          record = std::move(retry);
          ok = true;
        }
        break;
      }
    }
    const int unknown_free = ok ? unknown(record) : INT_MAX;
    if (unknown_free > 0 && split_fixed(line, fixed_)) {
      Record fixed;
      std::string ignored;
      if (decode(fixed_, fixed, ignored) && unknown(fixed) < unknown_free) return fixed;
    }
    if (!ok) fail(error);
    return record;
  }

  // nw04 (26 MB, 650 k lines) parses in about 0.6 s: a check every 4,096
  // lines is a few microseconds apart and costs nothing measurable.
  static constexpr int kLinesPerClockCheck = 4096;

  std::string_view text_;
  std::string source_;
  const Deadline* deadline_;
  Diagnostics diag_;
  MpsModel model_;
  Section section_ = Section::kNone;
  bool ended_ = false;
  bool seen_name_ = false, seen_rows_ = false, seen_columns_ = false;
  bool seen_rhs_ = false, seen_ranges_ = false, seen_bounds_ = false;
  bool in_integer_block_ = false;
  Fields fields_, fixed_;
};

}  // namespace

LinearProgram read_mps_text(std::string_view text, const std::string& source_name, std::vector<std::string>* warnings,
                            const Deadline* deadline) {
  if (is_gzip(text)) {
    const std::string plain = gunzip(text, source_name, deadline);
    return SectionReader(plain, source_name, warnings, deadline).read();
  }
  return SectionReader(text, source_name, warnings, deadline).read();
}

LinearProgram read_mps_file(const std::string& path, std::vector<std::string>* warnings, const Deadline* deadline) {
  return read_mps_text(read_file(path, deadline), input_name(path), warnings, deadline);
}

}  // namespace milpsac::lp
