#!/usr/bin/env python3
"""solve --time-limit on the large models of the data set (mod011, dano3mip,
air04, nw04, dfl001): the command ends with a status of the documented
vocabulary, never numerical_error or an internal error, prints valid JSON,
and whatever it reports is consistent with the reference results of
data/lp/INDEX.tsv: a bound never above the known optimum (minimisation),
an incumbent never below it, an "optimal" that equals it. No timing is
asserted: a faster machine may finish where this one stops at the limit,
and both outcomes are checked. Run by meson (suites cli and slow)."""
import json
import os
import subprocess
import sys

BIN = os.environ.get("MILPSAC_BIN")
SHARED = os.environ.get("MILPSAC_TEST_DATA")
# (INDEX.tsv name, --time-limit): air04 at 5 s, where a limit reached inside
# a node LP used to come back as numerical_error.
MODELS = [("mod011", "2"), ("dano3mip", "2"), ("air04", "5"), ("nw04", "2"), ("dfl001", "2")]
STATUSES = {"optimal", "gap_limit", "time_limit", "node_limit", "infeasible", "unbounded"}
REL_TOL = 1e-6


def index_rows():
    with open(os.path.join(SHARED, "data", "lp", "INDEX.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        return {row["name"]: row for row in (dict(zip(header, line.rstrip("\n").split("\t"))) for line in f)}


def close(a, b):
    return abs(a - b) <= REL_TOL * max(1.0, abs(a), abs(b))


def check(name, limit, row):
    """Problems with one run, as strings (empty: the run is fine)."""
    path = os.path.join(SHARED, "data", "lp", row["file"])
    p = subprocess.run([BIN, "solve", path, "--time-limit", limit, "--quiet"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    if p.returncode not in (0, 1):
        return ["exit %d: %s" % (p.returncode, p.stderr.decode("utf-8", "replace")[:300])]
    try:
        out = json.loads(p.stdout)
    except ValueError as e:
        return ["stdout is not JSON (%s)" % e]
    problems = []
    status = out.get("status")
    if status not in STATUSES:
        return ["status %r (expected one of %s)" % (status, sorted(STATUSES))]
    if not isinstance(out.get("seconds"), (int, float)):
        problems.append("no numeric seconds")
    has_solution = out.get("objective") is not None
    if has_solution != (p.returncode == 0):
        problems.append("exit %d with objective %r" % (p.returncode, out.get("objective")))
    if has_solution and not isinstance(out.get("x"), dict):
        problems.append("an objective without an x object")
    # Every model here is a feasible minimisation: bound <= optimum <= objective.
    best = float(row["published_optimum"])
    proven = row["cbc_status"] == "optimal"
    bound, objective = out.get("bound"), out.get("objective")
    if status in ("infeasible", "unbounded"):
        problems.append("verdict %s on a model with a known optimum %g" % (status, best))
    if bound is not None and bound > best + REL_TOL * max(1.0, abs(best)):
        problems.append("bound %r above the known optimum %r" % (bound, best))
    if objective is not None and proven and objective < best - REL_TOL * max(1.0, abs(best)):
        problems.append("objective %r below the proven optimum %r" % (objective, best))
    if objective is not None and bound is not None and bound > objective + REL_TOL * max(1.0, abs(objective)):
        problems.append("bound %r above the objective %r" % (bound, objective))
    if status == "optimal" and proven and not close(objective, best):
        problems.append("optimal %r but the optimum is %r" % (objective, best))
    return problems


def main():
    if not BIN or not SHARED:
        print("MILPSAC_BIN and MILPSAC_TEST_DATA must be set (run through meson test)")
        return 1
    rows = index_rows()
    failures = 0
    for name, limit in MODELS:
        problems = check(name, limit, rows[name])
        label = "solve %s --time-limit %s" % (name, limit)
        if problems:
            failures += 1
            print("FAIL %s: %s" % (label, "; ".join(problems)))
        else:
            print("ok   %s" % label)
    print("%d models, %d failed" % (len(MODELS), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
