// A small well-formedness check of the XML the SVG writers produce (the fuzz
// targets have no XML library): strict UTF-8, only XML 1.0 characters,
// balanced tags, quoted attributes, and '&' only in the five predefined
// entities or a numeric reference. Enough for the documents milp-sac writes
// (no DTD, comments, CDATA or processing instructions but the XML declaration).
#pragma once

#include <string>
#include <string_view>

namespace milpsac::fuzz {

// Empty when `xml` is well-formed, else what is wrong and where.
std::string xml_problem(std::string_view xml);

}  // namespace milpsac::fuzz
