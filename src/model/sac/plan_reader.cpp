// Reading a plan made elsewhere (see plan_reader.h).
#include "model/sac/plan_reader.h"

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/input_error.h"
#include "common/json_fields.h"
#include "common/json_input.h"

namespace milpsac::model {
namespace {

// A y column this far from 0 and 1 is not a binary answer.
constexpr double kBinaryTolerance = 1e-6;

// {fqn: ratio}: every value a finite number.
std::vector<std::pair<std::string, double>> decisions_of(const JsonField& field) {
  field.object();
  std::vector<std::pair<std::string, double>> out;
  for (const auto& [fqn, value] : field.value().items()) {
    (void)value;
    if (fqn.empty()) field.fail("a module name (key) is empty");
    out.emplace_back(fqn, field.member(fqn).number());
  }
  return out;
}

std::optional<double> optional_number(const JsonField& root, const char* key) {
  bool found = false;
  const JsonField f = root.optional_member(key, found);
  if (!found || f.value().is_null()) return std::nullopt;
  return f.number();
}

bool all_numbers(const nlohmann::json& object) {
  for (const auto& item : object.items())
    if (!item.value().is_number() && !is_nonnumeric_marker(item.value())) return false;
  return true;
}

// Column values of a solution: name -> value.
using ColumnValues = std::map<std::string, double, std::less<>>;

double parse_value(const std::string& word, const std::string& source, int line) {
  std::istringstream in(word);
  double value = 0.0;
  in >> value;
  if (!in || !in.eof() || !std::isfinite(value))
    throw InputError(source + ": line " + std::to_string(line) + ": expected a finite number, got '" + word + "'");
  return value;
}

// HiGHS's layout: the lines after "# Columns N" are "NAME VALUE".
ColumnValues highs_columns(std::istringstream& in, const std::string& source) {
  std::string line;
  int number = 1;  // the "Model status" line was read
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("# Columns", 0) == 0) break;
    if (line == "None")
      throw InputError(source + ": line " + std::to_string(number) + ": the solution file has no solution");
  }
  if (!in) throw InputError(source + ": no '# Columns' section (a HiGHS solution file has one)");
  ColumnValues values;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') break;
    std::istringstream words(line);
    std::string name, value, extra;
    words >> name >> value;
    if (value.empty() || (words >> extra))
      throw InputError(source + ": line " + std::to_string(number) + ": expected 'NAME VALUE', got '" + line + "'");
    values[name] = parse_value(value, source, number);
  }
  return values;
}

// CBC's `solu` file: a status line, then "INDEX NAME VALUE [REDUCED_COST]"
// (a leading "**" marks a value outside its bounds).
ColumnValues cbc_columns(std::istringstream& in, const std::string& source) {
  std::string line;
  int number = 1;  // the status line was read
  ColumnValues values;
  while (std::getline(in, line)) {
    ++number;
    std::istringstream words(line);
    std::string first, name, value;
    if (!(words >> first)) continue;
    if (first == "**" && !(words >> first)) continue;
    words >> name >> value;
    if (value.empty())
      throw InputError(source + ": line " + std::to_string(number) + ": expected 'INDEX NAME VALUE', got '" + line +
                       "'");
    values[name] = parse_value(value, source, number);
  }
  return values;
}

ColumnValues json_columns(std::string_view text, const std::string& source) {
  const nlohmann::json doc = parse_json(text, source);
  const JsonField root(doc, source);
  root.object();
  bool found = false;
  const JsonField x = root.optional_member("x", found);
  const JsonField& values_field = found ? x : root;
  values_field.object();
  ColumnValues values;
  for (const auto& item : values_field.value().items()) {
    if (!found && item.key() == "schema") continue;
    values[item.key()] = values_field.member(item.key()).number();
  }
  return values;
}

ColumnValues solution_columns(std::string_view text, const std::string& source) {
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start != std::string_view::npos && text[start] == '{') return json_columns(text, source);
  std::istringstream in{std::string(text)};
  std::string first;
  std::getline(in, first);
  if (first.rfind("Model status", 0) == 0) return highs_columns(in, source);
  if (first.find("objective value") != std::string::npos) return cbc_columns(in, source);
  throw InputError(source +
                   ": line 1: not a solution file this reader knows (a HiGHS solution file starts with 'Model "
                   "status', CBC's with a status and 'objective value', JSON with '{')");
}

// A column the solution does not list is 0: CBC can be told to print nonzeros
// only. `seen` counts the columns that were listed.
double column_value(const ColumnValues& values, const JsonField& field, int& seen) {
  const auto it = values.find(field.non_empty_string());
  if (it == values.end()) return 0.0;
  ++seen;
  return it->second;
}

}  // namespace

PlanInput parse_plan(std::string_view text, const std::string& source) {
  const nlohmann::json doc = parse_json(text, source);
  const JsonField root(doc, source);
  PlanInput plan;
  if (doc.is_array()) {
    // json.dump of sac_milp's (ac_decisions, recomputation_time, peak_mem).
    if (doc.empty() || doc.size() > 3)
      root.fail("expected sac_milp's [ac_decisions, recomputation_time, peak_mem], got a list of " +
                std::to_string(doc.size()));
    plan.format = "sac_milp";
    plan.decisions = decisions_of(root.element(0));
    if (doc.size() >= 2) plan.claimed_recompute_ms = root.element(1).number();
    if (doc.size() == 3) {
      const double peak = root.element(2).number();
      if (peak != -1) plan.claimed_peak_bytes = peak;  // -1: sac_milp found no plan
    }
    return plan;
  }
  if (!doc.is_object())
    root.fail(
        "expected a plan: {\"ac_decisions\": {fqn: ratio}}, {fqn: ratio} or sac_milp's "
        "[ac_decisions, recomputation_time, peak_mem], got " +
        describe_json(doc));
  if (root.has("ac_decisions")) {
    plan.format = root.has("schema") ? "milp-sac sac" : "ac_decisions";
    plan.decisions = decisions_of(root.member("ac_decisions"));
    plan.claimed_peak_bytes = optional_number(root, "peak_memory_bytes");
    plan.claimed_recompute_ms = optional_number(root, "recomputation_time_ms");
    return plan;
  }
  if (root.has("points")) root.fail("a budget sweep has one plan per point: give one point's ac_decisions");
  if (!all_numbers(doc))
    root.fail("expected a plan: an object with ac_decisions, or {fqn: ratio} with a number for every module");
  plan.format = "ac_decisions";
  plan.decisions = decisions_of(root);
  return plan;
}

PlanInput parse_plan_solution(std::string_view solution, const std::string& solution_source,
                              std::string_view column_map, const std::string& map_source) {
  const ColumnValues values = solution_columns(solution, solution_source);
  const nlohmann::json doc = parse_json(column_map, map_source);
  const JsonField root(doc, map_source);
  const JsonField modules = root.member("modules");
  modules.list();
  PlanInput plan;
  plan.format = "solution";
  int seen = 0;
  for (size_t k = 0; k < modules.size(); ++k) {
    const JsonField module = modules.element(k);
    const std::string& fqn = module.member("fqn").non_empty_string();
    const JsonField y_name = module.member("y");
    const double y = column_value(values, y_name, seen);
    if (std::min(std::fabs(y), std::fabs(y - 1.0)) > kBinaryTolerance) {
      std::ostringstream text;
      text.precision(10);
      text << "'" << fqn << "': its AC-unit column " << y_name.value().get<std::string>() << " = " << y
           << " is not 0 or 1 (read as " << (y > 0.5 ? 1 : 0) << ")";
      plan.violations.push_back({"not_binary", fqn, text.str()});
    }
    if (y <= 0.5) continue;
    const JsonField ratio = module.member("ratio");
    if (ratio.value().is_null())
      ratio.fail("the module is an AC unit in the solution, but the map has no ratio column");
    const double value = column_value(values, ratio.member("column"), seen);
    plan.decisions.emplace_back(fqn, ratio.member("offset").number() + ratio.member("scale").number() * value);
  }
  // A solution of another model would otherwise read as "no AC unit".
  if (seen == 0 && modules.size() > 0)
    throw InputError(solution_source + ": none of the columns of " + map_source +
                     " is in the solution: is it the solution of the model exported with that map?");
  return plan;
}

}  // namespace milpsac::model
