// Number formatting for tables (apps/text_format.h).
#include <doctest/doctest.h>

#include "text_format.h"

using namespace milpsac::cli;

TEST_CASE("human_number: plain decimals, no exponent in the usual range, never -0") {
  CHECK(human_number(8966410.0) == "8966410");
  CHECK(human_number(8966410.4) == "8966410");
  CHECK(human_number(1.5) == "1.5");
  CHECK(human_number(0.000123456) == "0.000123456");
  CHECK(human_number(-0.0) == "0");
  CHECK(human_number(-1e-12) == "-1.00000e-12");
  CHECK(human_number(-0.0000001, 3) == "-1.00e-07");
  CHECK(human_number(-0.00001, 1) == "-0.00001");
  CHECK(human_number(2.0 / 3.0) == "0.666667");
  CHECK(human_number(1e20) == "1.00000e+20");
}

TEST_CASE("human_bytes, mib, gib, percent") {
  CHECK(human_bytes(37) == "37 B");
  CHECK(human_bytes(1536) == "1.5 KiB");
  CHECK(human_bytes(512.0 * 1048576) == "512.0 MiB");
  CHECK(human_bytes(1.25 * 1073741824) == "1.250 GiB");
  CHECK(mib(1048576) == "1.0");
  CHECK(gib(-0.0) == "0.000");
  CHECK(percent(0.573) == "57.3");
  CHECK(percent(-0.0001) == "0.0");
}

TEST_CASE("TextTable aligns columns: text left, numbers right") {
  TextTable table({{"name", true}, {"value (ms)"}});
  table.add_row({"a", "1.5"});
  table.add_row({"longer", "10"});
  CHECK(table.render() == "name    value (ms)\na              1.5\nlonger          10\n");
}
