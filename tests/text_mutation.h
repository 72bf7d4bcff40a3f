// Random edits of a valid input's text, for the tests that compare two
// readers of one format on the same texts (the autograd graph's fast,
// streamed and whole-document readers; the sharding input's streamed and
// whole-document readers): 1 to 3 edits, each deleting 1 to 4 characters or
// inserting one of `tokens`, so the readers meet syntax errors, duplicate
// keys, wrong types and unknown names at every place. Seeded by the caller:
// the same texts every run.
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace milpsac::test {

inline std::string mutated_text(std::string text, const std::vector<std::string>& tokens, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = rng() % (text.size() + 1);
    if (rng() % 2 == 0 && at < text.size())
      text.erase(at, 1 + rng() % 4);
    else
      text.insert(at, tokens[rng() % tokens.size()]);
  }
  return text;
}

}  // namespace milpsac::test
