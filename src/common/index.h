// One index type for the solver, and the one way from it to a std::vector
// position.
//
// The LP core and the search index two kinds of arrays: Eigen vectors and
// matrices, whose subscript is Eigen::Index (std::ptrdiff_t, signed), and
// std::vector, whose subscript is std::size_t. Rows and columns are counted
// with signed integers (Index, or int where the model stores them compactly)
// because loops run down to 0, differences of positions are meaningful and
// -1 is the "none" of every pivot and position list. Reaching a std::vector
// with such an index then needs a conversion at each subscript; uz() is that
// conversion, named once, so a subscript reads `v[uz(j)]` instead of
// `v[static_cast<size_t>(j)]`, and a search for uz finds every place where a
// signed index becomes a size.
//
// uz() takes integers only (a double cannot slip through as an index) and is
// exactly static_cast<std::size_t>: no check, no cost, the same value. Its
// argument must be >= 0, as it was for the cast it replaces.
#pragma once

#include <concepts>
#include <cstddef>

namespace milpsac {

// The solver's index: the same type as Eigen::Index, so an Index subscripts an
// Eigen vector without a conversion.
using Index = std::ptrdiff_t;

// A non-negative index (or count) as a std::vector position or size.
template <std::integral I>
constexpr std::size_t uz(I i) noexcept {
  return static_cast<std::size_t>(i);
}

}  // namespace milpsac
