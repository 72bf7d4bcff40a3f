#!/usr/bin/env bash
# Cross-check of the CPLEX LP reader against CBC (not a test: CBC is a
# comparator, never a dependency). CBC reads each .lp file given (default:
# the PuLP-written models of tests/data/instances/lp/pulp and
# examples/vendor/factory.lp), milp-sac solves the same file, and the two
# optima must agree to 1e-6 relative. One line per file; exit 1 on any
# difference.
#   bench/lp-format-cbc.sh [BUILDDIR] [FILE.lp ...]
set -euo pipefail
cd "$(dirname "$0")/.."
builddir=${1:-build}
shift || true
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(tests/data/instances/lp/pulp/*.lp examples/vendor/factory.lp)
cbc=${CBC:-/usr/bin/cbc}
[ -x "$cbc" ] || { echo "bench/lp-format-cbc.sh: $cbc not found (apt-get install coinor-cbc)"; exit 0; }
failed=0
for f in "${files[@]}"; do
  # CBC prints "Objective value: V" for a MILP, "Optimal - objective value V" for an LP.
  theirs=$("$cbc" "$f" solve 2>&1 | sed -n -e 's/^Objective value: *//p' -e 's/^Optimal - objective value *//p' | head -n 1)
  ours=$("$builddir/apps/milp-sac" solve "$f" --gap 0 | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["objective"])' || echo error)
  if /usr/bin/python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); sys.exit(not abs(a-b) <= 1e-6*max(1,abs(a)))" \
      "${theirs:-nan}" "${ours/error/nan}"; then
    echo "$f: cbc $theirs, milp-sac $ours: same"
  else
    echo "$f: cbc ${theirs:-none}, milp-sac $ours: DIFFERENT"
    failed=1
  fi
done
exit $failed
