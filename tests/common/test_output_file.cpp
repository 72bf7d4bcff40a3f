// Output files (src/common/output_file.h): which outputs are refused, and how
// each kind of file is written (issue 46, item 7).
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "common/deadline.h"
#include "common/input_error.h"
#include "common/output_file.h"

using namespace milpsac;
namespace fs = std::filesystem;

namespace {

std::string error_of(auto&& body) {
  try {
    body();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("milpsac-output-" + std::to_string(::getpid()));
  TempFolder() { fs::create_directories(path); }
  ~TempFolder() { fs::remove_all(path); }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

}  // namespace

TEST_CASE("check_output_paths: an output may be neither an input nor another output") {
  const TempFolder dir;
  std::ofstream(dir / "in.json") << "{}";
  fs::create_hard_link(dir / "in.json", dir / "hard.json");
  fs::create_symlink(dir / "in.json", dir / "soft.json");
  fs::create_directories(dir / "sub");
  const std::vector<std::string> inputs = {dir / "in.json", "-"};
  CHECK(error_of([&] {
          check_output_paths(inputs, {{"-o", dir / "in.json"}});
        }) == "option -o: " + (dir / "in.json") + " is the input file " + (dir / "in.json") +
                  " (writing would overwrite it); choose another file");
  for (const std::string& same : {dir / "hard.json", dir / "soft.json", dir / "sub/../in.json"})
    CHECK(error_of([&] {
            check_output_paths(inputs, {{"--plot-memory", same}});
          }).rfind("option --plot-memory: ", 0) == 0);
  // Two outputs that do not exist yet: the same path once normalised.
  CHECK(error_of([&] {
          check_output_paths(inputs, {{"-o", dir / "new"}, {"--write-solution", dir / "sub/../new"}});
        }) == "option --write-solution: " + (dir / "sub/../new") +
                  " is also the file of option -o (one would overwrite the other); give each output its own file");
  // Standard output twice, distinct files, and a missing input are fine.
  CHECK_NOTHROW(check_output_paths({dir / "missing.json"}, {{"-o", "-"}, {"--x", "-"}, {"--plot", dir / "a.svg"}}));
  fs::create_symlink("loop2", dir / "loop1");
  fs::create_symlink("loop1", dir / "loop2");
  CHECK(error_of([&] {
          check_output_paths(inputs, {{"-o", dir / "loop1"}});
        }) == "option -o: " + (dir / "loop1") + ": Too many levels of symbolic links");
}

TEST_CASE("write_output_file: a regular file is replaced whole, keeping its mode; a link is written through") {
  const TempFolder dir;
  std::ofstream(dir / "out.txt") << "old";
  ::chmod((dir / "out.txt").c_str(), 0640);
  write_output_file({"-o", dir / "out.txt"}, "new text");
  CHECK(contents(dir / "out.txt") == "new text");
  CHECK((fs::status(dir / "out.txt").permissions() & fs::perms::all) ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  fs::create_symlink("target.txt", dir / "link.txt");
  write_output_file({"-o", dir / "link.txt"}, "through");
  CHECK(fs::is_symlink(dir / "link.txt"));
  CHECK(contents(dir / "target.txt") == "through");
  CHECK(error_of([&] {
          write_output_file({"-o", dir / "missing/x"}, "x");
        }).rfind("option -o: " + (dir / "missing/x") + ": cannot create a file in ", 0) == 0);
  CHECK(error_of([&] {
          write_output_file({"-o", dir.path.string()}, "x");
        }) == "option -o: " + dir.path.string() + ": is a directory, not a file");
  size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path)) ++entries;
  CHECK(entries == 3);  // out.txt, link.txt, target.txt: no temporary file left
}

TEST_CASE("write_output_file: a FIFO without a reader is given up at the deadline; a device is written") {
  const TempFolder dir;
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  const Deadline short_limit(0.2);
  CHECK(error_of([&] {
          write_output_file({"--plot-memory", dir / "fifo"}, "x", &short_limit);
        })
            .rfind("option --plot-memory: " + (dir / "fifo") +
                       ": no reader: nothing has the FIFO open for reading (gave up after ",
                   0) == 0);
  if (fs::exists("/dev/null")) CHECK_NOTHROW(write_output_file({"-o", "/dev/null"}, "x", &short_limit));
  if (fs::exists("/dev/full"))
    CHECK(error_of([&] {
            write_output_file({"-o", "/dev/full"}, "x", &short_limit);
          }).rfind("option -o: /dev/full: write error (", 0) == 0);
}
