// The input module (src/common): read_file, parse_json and JsonField. Every
// failure is an InputError naming the file (and the JSON path, for fields).
#include <doctest/doctest.h>

#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "common/gzip.h"
#include "common/infinity.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_fields.h"
#include "common/json_input.h"

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

fs::path temp_file(const std::string& name, const std::string& bytes) {
  const fs::path path = fs::temp_directory_path() / ("milpsac-input-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string gzip(const std::string& text) {
  z_stream zs{};
  REQUIRE(deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(compressBound(static_cast<uLong>(text.size())) + 64, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  zs.avail_in = static_cast<uInt>(text.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&zs, Z_FINISH) == Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

}  // namespace

TEST_CASE("read_file: whole files, gzip by magic bytes, and errors that name the path") {
  const fs::path plain = temp_file("plain.json", "{\"a\": 1}");
  CHECK(read_file(plain.string()) == "{\"a\": 1}");
  const fs::path packed = temp_file("packed.bin", gzip("{\"b\": 2}"));  // no .gz in the name
  CHECK(read_file(packed.string()) == "{\"b\": 2}");
  CHECK(read_json_file(packed.string())["b"] == 2);
  const fs::path cut = temp_file("cut.gz", gzip("{\"b\": 2}").substr(0, 12));
  CHECK(error_of([&] { read_file(cut.string()); }).rfind(cut.string() + ": ", 0) == 0);
  CHECK(error_of([&] { read_file(fs::temp_directory_path().string()); }) ==
        fs::temp_directory_path().string() + ": is a directory, not a file");
  CHECK(error_of([] { read_file("/nonexistent/x.json"); }) == "/nonexistent/x.json: cannot open file (no such file)");
  CHECK(input_name("-") == "<stdin>");
  fs::remove(plain);
  fs::remove(packed);
  fs::remove(cut);
}

TEST_CASE("read_file and gunzip poll a deadline: TimeLimitReached once it has passed, nothing otherwise") {
  const std::string text(size_t{1} << 18, 'x');  // four 64 KiB chunks
  const fs::path packed = temp_file("deadline.gz", gzip(text));
  const Deadline passed(0.0), ample(3600.0);
  CHECK(read_file(packed.string(), &ample) == text);
  CHECK(gunzip(gzip(text), "mem", &ample) == text);
  std::string message;
  try {
    read_file(packed.string(), &passed);
  } catch (const TimeLimitReached& e) {
    message = e.what();
  }
  CHECK(message == packed.string() + ": time limit reached while reading");
  message.clear();
  try {
    gunzip(gzip(text), "mem", &passed);
  } catch (const TimeLimitReached& e) {
    message = e.what();
  }
  CHECK(message == "mem: time limit reached while decompressing");
  fs::remove(packed);
}

TEST_CASE("a gzip JSON is inflated up to the JSON limit, not the 1 GiB gzip limit (issue 46, item 9)") {
  // 80 MiB of spaces in about 80 KiB of gzip: refused while inflating, at 64 MiB.
  const fs::path packed = temp_file("bomb.json.gz", gzip("[1]" + std::string(size_t{80} << 20, ' ')));
  const std::string message = error_of([&] { read_json_file(packed.string()); });
  CHECK(message ==
        packed.string() + ": decompressed data larger than 64 MiB, the limit for this input (inflating stopped there)");
  CHECK(error_of([] { gunzip(gzip(std::string((size_t{1} << 20) + 1, 'x')), "mem", nullptr, size_t{1} << 20); }) ==
        "mem: decompressed data larger than 1 MiB, the limit for this input (inflating stopped there)");
  CHECK(gunzip(gzip(std::string(size_t{1} << 20, 'x')), "mem", nullptr, size_t{1} << 20).size() == size_t{1} << 20);
  fs::remove(packed);
}

TEST_CASE("parse_json: Python's words, numbers out of range, depth, duplicates, empty input") {
  const nlohmann::json doc =
      parse_json("{\"x\": NaN, \"y\": -Infinity, \"z\": 1e999, \"s\": \"NaN\", \"w\": 1e-999}", "f.json");
  CHECK(is_nonnumeric_marker(doc["x"]));
  CHECK(is_nonnumeric_marker(doc["y"]));
  CHECK(is_nonnumeric_marker(doc["z"]));
  CHECK(describe_json(doc["z"]) == "1e999 (out of double range)");
  CHECK(doc["w"] == 0.0);  // underflow is a number, not an error
  CHECK(error_of([] { parse_json(std::string(300, '[') + std::string(300, ']'), "deep.json"); }) ==
        "deep.json:1: JSON nested deeper than 256 levels");
  CHECK(parse_json(std::string(256, '[') + std::string(256, ']'), "ok.json").is_array());
  // Brackets inside strings do not count.
  CHECK(parse_json("[\"" + std::string(1000, '[') + "\"]", "s.json").size() == 1);
  CHECK(error_of([] { parse_json("{\"a\": {\"k\": 1, \"k\": 2}}", "d.json"); }) ==
        "d.json: duplicate key 'k' in object 'a'");
  CHECK(error_of([] { parse_json(" \n\t ", "e.json"); }) == "e.json: invalid JSON: empty input (no JSON document)");
  CHECK(error_of([] { parse_json("{\"a\": ", "t.json"); }).rfind("t.json: invalid JSON: ", 0) == 0);
}

TEST_CASE("parse_json: a NUL byte is an error at its offset, not the end of the text (issue 46, item 5)") {
  using namespace std::string_literals;
  CHECK(error_of([] { parse_json("{\"a\": 1}\0{\"b\": 2}"s, "n.json"); }) ==
        "n.json: invalid JSON: NUL byte at byte offset 8 (a JSON text cannot contain one; is this a binary file?)");
  CHECK(error_of([] {
          parse_json("[\"x\0y\"]"s, "s.json");
        }).rfind("s.json: invalid JSON: NUL byte at byte offset 3 ", 0) == 0);
  const JsonElementSink ignore = [](std::size_t, nlohmann::json&) {};
  CHECK(error_of([&] {
          parse_json_streaming("{\"nodes\": [1]}\0"s, "g.json", "nodes", ignore);
        }).rfind("g.json: invalid JSON: NUL byte at byte offset 14 ", 0) == 0);
  const fs::path file = temp_file("nul.json.gz", gzip("{\"a\": 1}   \0 trailing"s));
  CHECK(error_of([&] {
          read_json_file(file.string());
        }).rfind(file.string() + ": invalid JSON: NUL byte at byte offset 11 ", 0) == 0);
  fs::remove(file);
  CHECK(parse_json("[\"\\u0000\"]", "escaped.json")[0] == "\0"s);  // an escaped NUL is a character like any other
}

TEST_CASE("JsonField: one message shape, FILE: PATH (LABEL): what") {
  const std::string source = "f.json";
  const nlohmann::json doc = parse_json(
      "{\"list\": [{\"n\": \"x\"}, {\"n\": 1.5, \"m\": NaN, \"b\": 3, \"big\": 1e999}], \"w\": 1e9}", source);
  const JsonField root(doc, source);
  const JsonField list = root.member("list");
  const JsonField second = list.element(1);
  CHECK(error_of([&] { root.member("nope"); }) == "f.json: nope: missing");
  CHECK(error_of([&] { list.element(0).member("n").number(); }) ==
        "f.json: list[0].n: expected a number, got string \"x\"");
  CHECK(error_of([&] { second.member("m").number(); }) == "f.json: list[1].m: expected a finite number, got NaN");
  CHECK(error_of([&] { second.member("big").number(); }) ==
        "f.json: list[1].big: expected a finite number, got 1e999 (out of double range)");
  CHECK(error_of([&] { second.member("n").whole(0, 10, "a count"); }) == "f.json: list[1].n: must be a count, got 1.5");
  CHECK(error_of([&] { second.member("b").boolean(); }) == "f.json: list[1].b: expected true or false, got 3");
  CHECK(error_of([&] { second.reject_unknown({"n", "m", "b"}); }) == "f.json: list[1]: unknown field 'big'");
  const std::string label = "module 'M'";
  CHECK(error_of([&] { second.labelled(label).member("m").number(); }) ==
        "f.json: list[1].m (module 'M'): expected a finite number, got NaN");
  CHECK(root.member("w").whole(0, std::int64_t{1} << 53, "bytes") == 1000000000);  // integral floats are whole
  CHECK(error_of([&] { root.object().list(); }) == "f.json: document: expected a list, got an object");
}

TEST_CASE("infinity cleaning") {
  CHECK(clean_infinity(1e30) == HUGE_VAL);
  CHECK(clean_infinity(-2e30) == -HUGE_VAL);
  CHECK(clean_infinity(9.9e29) == 9.9e29);
}

TEST_CASE("parse_json: linear in the input, and polls a deadline") {
  std::string text = "[";
  for (int i = 0; i < 100000; ++i) text += i == 0 ? "{\"a\": 1, \"b\": [2]}" : ", {\"a\": 1, \"b\": [2]}";
  text += "]";
  // 10^5 objects: the callback parser took seconds (rescanning the array per object).
  CHECK(parse_json(text, "big.json").size() == 100000);
  const Deadline expired(0.0);
  CHECK_THROWS_AS((void)parse_json(text, "big.json", &expired), TimeLimitReached);
  // Duplicate keys are still refused inside a large array.
  text.insert(text.size() - 1, ", {\"a\": 1, \"a\": 2}");
  CHECK_THROWS_WITH_AS((void)parse_json(text, "big.json"), doctest::Contains("duplicate key 'a'"), InputError);
}

TEST_CASE("parse_json_streaming: the elements of one top-level array go to the sink, one at a time") {
  const std::string text =
      R"({"meta": {"nodes": [9]}, "nodes": [{"a": [1, {"b": 2}]}, 3, [4, [5]], "s", NaN], "tail": true})";
  std::vector<std::string> seen;
  std::size_t next = 0;
  const nlohmann::json doc = parse_json_streaming(text, "s.json", "nodes", [&](std::size_t i, nlohmann::json& e) {
    CHECK(i == next++);
    seen.push_back(e.dump());
  });
  // Only the top-level member is streamed; a nested key of the same name is kept.
  CHECK(seen == std::vector<std::string>{R"({"a":[1,{"b":2}]})", "3", "[4,[5]]", R"("s")", R"("NaN")"});
  CHECK(doc == nlohmann::json::parse(R"({"meta": {"nodes": [9]}, "nodes": [], "tail": true})"));
  // A member that is not an array is kept as it is.
  const auto sink = [](std::size_t, nlohmann::json&) { FAIL("nothing is streamed"); };
  CHECK(parse_json_streaming(R"({"nodes": {"x": [1]}})", "s.json", "nodes", sink)["nodes"]["x"][0] == 1);
  CHECK(parse_json_streaming(R"([{"nodes": [1]}])", "s.json", "nodes", sink)[0]["nodes"][0] == 1);
  // Duplicate keys inside an element, and syntax errors, are reported as by parse_json.
  const auto ignore = [](std::size_t, nlohmann::json&) {};
  CHECK(error_of([&] { parse_json_streaming(R"({"nodes": [{"k": 1, "k": 2}]})", "d.json", "nodes", ignore); }) ==
        "d.json: duplicate key 'k' in object 'nodes'");
  CHECK(error_of([&] {
          parse_json_streaming(R"({"nodes": [1, }]})", "t.json", "nodes", ignore);
        }).rfind("t.json: invalid JSON: ", 0) == 0);
  CHECK(error_of([&] {
          parse_json_streaming(R"({"nodes": [{"a": 1}, {"b": 2, "a": 3, "b": 4}]})", "d.json", "nodes", ignore);
        }) == "d.json: duplicate key 'b' in object 'nodes'");
}

TEST_CASE("parse_json: duplicate keys among many keys of one object") {
  std::string text = "{";
  for (int i = 0; i < 40; ++i) text += "\"k" + std::to_string(i) + "\": 1, ";
  CHECK(parse_json(text + "\"last\": 1}", "k.json").size() == 41);
  // The 40 keys passed the short list into a hash set: a repeat is still seen.
  CHECK(error_of([&] { parse_json(text + "\"k3\": 1}", "k.json"); }) == "k.json: duplicate key 'k3'");
  CHECK(error_of([&] { parse_json(text + "\"k39\": 1}", "k.json"); }) == "k.json: duplicate key 'k39'");
}

TEST_CASE(
    "read_file: a loop of links and a folder without permission are said as such, not 'no such file' (issue 46, item "
    "10)") {
  const fs::path dir = fs::temp_directory_path() / ("milpsac-input-errors-" + std::to_string(::getpid()));
  fs::create_directories(dir / "closed");
  fs::create_symlink(dir / "b", dir / "a");
  fs::create_symlink(dir / "a", dir / "b");
  CHECK(error_of([&] { read_file((dir / "a").string()); }) ==
        (dir / "a").string() + ": cannot open file (Too many levels of symbolic links)");
  CHECK(error_of([&] { read_file((dir / "missing.json").string()); }) ==
        (dir / "missing.json").string() + ": cannot open file (no such file)");
  std::ofstream(dir / "closed" / "x.json") << "{}";
  fs::permissions(dir / "closed", fs::perms::none);
  if (::geteuid() != 0)  // root searches any folder
    CHECK(error_of([&] { read_file((dir / "closed" / "x.json").string()); }) ==
          (dir / "closed" / "x.json").string() + ": cannot open file (Permission denied)");
  fs::permissions(dir / "closed", fs::perms::owner_all);
  fs::remove_all(dir);
}
