#include "common/options.h"

#include <cmath>
#include <sstream>

#include "common/input_error.h"

namespace milpsac::options {
namespace {

std::string number_text(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
}

std::string unit_suffix(const OptionRecord& record) {
  if (record.unit.empty() || record.unit == "fraction") return "";
  std::string suffix(1, ' ');  // appended, not " " + unit: GCC 12 warns (-Wrestrict) on that
  suffix += record.unit;
  return suffix;
}

}  // namespace

std::string range_error(const OptionRecord& record, double value) {
  const bool has_upper = std::isfinite(record.upper);
  // What kind of number is wanted, when the bounds alone do not say it.
  std::string kind;
  if (record.integral)
    kind = "a whole number ";
  else if (has_upper && record.unit == "fraction")
    kind = "a fraction ";
  else if (!has_upper && record.upper_open)
    kind = "a finite number ";  // value < +inf refuses inf
  std::string wanted = "must be " + kind;
  if (has_upper && (record.lower_open || record.upper_open))  // an open end reads best as an interval: [0, 1)
    wanted += std::string("in ") + (record.lower_open ? "(" : "[") + number_text(record.lower) + ", " +
              number_text(record.upper) + (record.upper_open ? ")" : "]");
  else if (has_upper)
    wanted += "between " + number_text(record.lower) + " and " + number_text(record.upper);
  else
    wanted += std::string(record.lower_open ? "> " : ">= ") + number_text(record.lower);
  wanted += unit_suffix(record);
  // NaN fails every comparison below, so it is refused too.
  const bool above_lower = record.lower_open ? value > record.lower : value >= record.lower;
  const bool below_upper = record.upper_open ? value < record.upper : value <= record.upper;
  const bool whole = !record.integral || std::isinf(value) || std::floor(value) == value;
  if (above_lower && below_upper && whole) return "";
  return wanted + ", got " + number_text(value);
}

void check_option(const OptionRecord& record, double value, std::string_view spelled) {
  const std::string error = range_error(record, value);
  if (!error.empty()) throw InputError("option " + std::string(spelled) + ": " + error);
}

std::string python_name(const OptionRecord& record) {
  std::string name(record.name);
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

}  // namespace milpsac::options
