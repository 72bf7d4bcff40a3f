// Pieces shared by the SVG drawings (the budget sweep, the memory timeline;
// the CLI's --plot and --plot-memory, Python's svg() and memory_svg()):
// number and text formatting for SVG, round tick values, and the document's
// opening (size, font, white background, title). Plain SVG 1.1, no scripts,
// no external fonts or files.
//
// Every text that reaches a drawing (module names, file names) comes from
// the user's input and may be anything: escape() makes it well-formed XML 1.0
// whatever the bytes (invalid UTF-8 repaired as common/utf8.h does, the
// control characters XML forbids replaced by U+FFFD), and shortened() cuts
// between characters, never inside one.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

namespace milpsac::plots::svg {

// printf-style number ("%.4g" by default), for coordinates and labels.
std::string number(double value, const char* format = "%.4g");
// `text` as XML character data or attribute value: the five characters XML
// treats specially escaped, invalid UTF-8 repaired, and the characters XML
// 1.0 forbids (U+0000-U+001F but tab, newline and carriage return; U+FFFE,
// U+FFFF) replaced by U+FFFD.
std::string escape(const std::string& text);
// `text` cut to at most `chars` characters (code points), keeping its end (the
// part that tells modules apart) after "..."; `text` itself when it fits.
std::string shortened(const std::string& text, size_t chars);
// The last part of a path, for a title ("runs/a.json" -> "a.json").
std::string file_label(const std::string& path);
// About five round values (1, 2, 2.5 or 5 times a power of ten apart) covering [low, high].
std::vector<double> ticks(double low, double high);
// <?xml ...?><svg ...> with a white background and `title` centred on top.
void open_document(std::ostringstream& out, double width, double height, const std::string& title);

}  // namespace milpsac::plots::svg
