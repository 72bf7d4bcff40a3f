// Reading the tab-separated tables of expected results that the instance
// checks test against (instances/lp/expected.tsv, data/lp/INDEX.tsv): a header
// line naming the columns, then one row per model. Cells are looked up by
// column name so that a table may gain columns without breaking a test.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace milpsac::test {

// The fields of one line; a trailing tab gives a trailing empty field.
inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  if (!line.empty() && line.back() == '\t') fields.emplace_back();
  return fields;
}

struct TsvTable {
  using Row = std::vector<std::string>;
  std::string path;
  Row header;
  std::vector<Row> rows;  // as in the file (a short row has fewer fields than the header)

  // Index of the column named `key`; throws (naming the file) when there is none.
  size_t column(const std::string& key) const {
    for (size_t i = 0; i < header.size(); ++i)
      if (header[i] == key) return i;
    throw std::runtime_error(path + " has no column " + key);
  }
  // The cell of `row` in column `key`; empty when the row is too short to have it.
  std::string cell(const Row& row, const std::string& key) const {
    const size_t i = column(key);
    return i < row.size() ? row[i] : std::string();
  }
  // The last row whose "set" and "name" cells are `set` and `name`; nullptr when none.
  const Row* find(const std::string& set, const std::string& name) const {
    const Row* found = nullptr;
    for (const Row& row : rows)
      if (cell(row, "set") == set && cell(row, "name") == name) found = &row;
    return found;
  }
};

// Throws std::runtime_error when the file cannot be read. Empty lines are skipped.
inline TsvTable read_tsv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  TsvTable table;
  table.path = path;
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(path + " is empty");
  table.header = split_tabs(line);
  while (std::getline(in, line))
    if (!line.empty()) table.rows.push_back(split_tabs(line));
  return table;
}

}  // namespace milpsac::test
