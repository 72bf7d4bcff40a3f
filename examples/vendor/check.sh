#!/usr/bin/env bash
# Build and run this example twice, as a vendor would (CI runs it):
#   1. with milp-sac as a subproject (subprojects/milp-sac -> this checkout);
#   2. against milp-sac installed with `meson install --destdir` from BUILDDIR,
#      found through its pkg-config file milpsac.pc;
#   3. a check that the installed headers pull in no boost/ header, and that
#      the solver example (main.cpp, <milpsac/api.h>) compiles with no Eigen/
#      and no boost/ header at all.
#   examples/vendor/check.sh [BUILDDIR]     (default build; must be configured)
# Works in BUILDDIR/vendor-example/ (a fixed path, so ccache hits on the next
# run); prints one line per build and exits non-zero when either fails.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
builddir=$(cd "$repo/${1:-build}" && pwd)
work="$builddir/vendor-example"
rm -rf "$work/sub" "$work/sub-dest" "$work/dest" "$work/inst"
mkdir -p "$work"
module_info="$repo/examples/transformer_l4.json"
log="$work/log.txt"
fail() { echo "vendor example: $1 failed" >&2; tail -n 30 "$log" >&2; exit 1; }

# 1. As a subproject (forcefallback: never an installed milp-sac).
mkdir -p "$work/sub/subprojects"
cp "$repo"/examples/vendor/{meson.build,meson_options.txt,main.cpp,sac_plan.cpp,factory.lp} "$work/sub/"
ln -s "$repo" "$work/sub/subprojects/milp-sac"
(meson setup "$work/sub/build" "$work/sub" --wrap-mode=forcefallback -Dmodule_info="$module_info" &&
 ninja -C "$work/sub/build" && meson test -C "$work/sub/build" --print-errorlogs) >"$log" 2>&1 || fail "subproject build"
meson install -C "$work/sub/build" --destdir "$work/sub-dest" >>"$log" 2>&1 || fail "subproject install"
if find "$work/sub-dest" -name milp-sac -type f | grep -q .; then
  echo "vendor example: the subproject installed its CLI without being asked" >&2; exit 1
fi
echo "vendor example (subproject): built, test passed, CLI not installed"

# 2. Against the installed library: a DESTDIR install of BUILDDIR, found
# through its milpsac.pc with the prefix pointed into the destdir (as if the
# destdir had been unpacked at the prefix).
dest="$work/dest"
meson install -C "$builddir" --destdir "$dest" --no-rebuild --quiet >"$log" 2>&1 || fail "meson install --destdir"
pcfile=$(find "$dest" -name milpsac.pc | head -n 1)
[ -n "$pcfile" ] || fail "finding milpsac.pc"
prefix=$(sed -n 's/^prefix=//p' "$pcfile")
mkdir -p "$work/pkgconfig"
sed "s|^prefix=.*|prefix=$dest$prefix|" "$pcfile" >"$work/pkgconfig/milpsac.pc"
export PKG_CONFIG_PATH="$work/pkgconfig"
mkdir -p "$work/inst"
cp "$repo"/examples/vendor/{meson.build,meson_options.txt,main.cpp,sac_plan.cpp,factory.lp} "$work/inst/"
(meson setup "$work/inst/build" "$work/inst" --wrap-mode=nofallback -Dmodule_info="$module_info" &&
 ninja -C "$work/inst/build" && meson test -C "$work/inst/build" --print-errorlogs) >"$log" 2>&1 || fail "installed build"
echo "vendor example (installed, $(pkg-config --modversion milpsac) via pkg-config): built, test passed"

# 3. The installed headers need no Boost: preprocess the umbrella header with
# the package's flags and look for any boost/ header among the files it pulls in.
pre="$work/inst/umbrella.i"
echo '#include <milpsac/milpsac.h>' | ${CXX:-c++} -std=c++20 -E $(pkg-config --cflags milpsac) -x c++ - -o "$pre" \
  >"$log" 2>&1 || fail "preprocessing <milpsac/milpsac.h>"
if grep -q '^# [0-9]* "[^"]*boost/' "$pre"; then
  echo "vendor example: the installed headers include Boost:" >&2
  grep -o '"[^"]*boost/[^"]*"' "$pre" | sort -u | head -n 5 >&2
  exit 1
fi
echo "vendor example (installed): <milpsac/milpsac.h> preprocesses without any boost/ header"

# 4. The solver API needs only the standard library: preprocess the vendor's
# main.cpp (<milpsac/api.h>) as its build does and look for any Eigen/ or
# boost/ header among the files the compiler reads.
pre="$work/inst/main.i"
${CXX:-c++} -std=c++20 -E $(pkg-config --cflags milpsac) "$work/inst/main.cpp" -o "$pre" >"$log" 2>&1 ||
  fail "preprocessing main.cpp"
if grep -qE '^# [0-9]* "[^"]*(Eigen|boost)/' "$pre"; then
  echo "vendor example: <milpsac/api.h> pulls in Eigen or Boost headers:" >&2
  grep -oE '"[^"]*(Eigen|boost)/[^"]*"' "$pre" | sort -u | head -n 5 >&2
  exit 1
fi
echo "vendor example (installed): main.cpp (<milpsac/api.h>) preprocesses without any Eigen/ or boost/ header"
