// Pieces shared by the SVG drawings of the CLI (the budget sweep, the memory
// timeline): number and text formatting for SVG, round tick values, and the
// document's opening (size, font, white background, title). Plain SVG 1.1, no
// scripts, no external fonts or files.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace milpsac::cli::svg {

// printf-style number ("%.4g" by default), for coordinates and labels.
std::string number(double value, const char* format = "%.4g");
// Text with the five characters XML treats specially escaped.
std::string escape(const std::string& text);
// About five round values (1, 2, 2.5 or 5 times a power of ten apart) covering [low, high].
std::vector<double> ticks(double low, double high);
// <?xml ...?><svg ...> with a white background and `title` centred on top.
void open_document(std::ostringstream& out, double width, double height, const std::string& title);

}  // namespace milpsac::cli::svg
