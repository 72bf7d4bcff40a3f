#!/usr/bin/env python3
"""Compare `milp-sac sac` with CBC on the module-level SAC cases of
instances/sac/expected.tsv.

For each row (instance, budget, world size) the reference formulation is exported
with `milp-sac export-mps --formulation pairwise-bigm` (sac_milp row for row) and
handed to CBC at relative gap 0.05 and a 180 s limit, the seed's own settings:
`cbc FILE -ratioGap 0.05 -sec 180 -timeMode elapsed -solve -quit`. Ours runs
as `milp-sac sac FILE --budget B --world-size W` (defaults: gap 0.05, 180 s).
Both are timed as whole processes (best of --runs), start-up and file reading
included; the export itself is not timed.

Columns: instance, budget (GiB), world size, our wall time, CBC wall time,
ratio = CBC time / our time, our recompute time (of the plan as reported:
ratios rounded up to 4 decimals, so it can sit a hair above the solver's
objective), CBC's objective, and a note. "infeasible" is printed in place of
an objective when the side found no plan. When ours is lower than CBC's by
more than 0.01 ms the note says so: `sac` re-checks every plan it reports with
the independent evaluator and exits 3 if the check fails, so a lower value
with exit 0 is a verified plan (CBC stops within 5 %, or its cuts can cut off
the optimum; see instances/sac/README.md).

Usage: bench/compare-cbc-sac.py [--bin PATH] [--shared DIR] [--runs N]
                                [--gap G] [--time-limit S] [--only NAME,...]
Standard library only.
"""
import argparse
import csv
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def find_binary(explicit):
    if explicit:
        return explicit
    for build in ("build", "build-model"):
        candidate = REPO / build / "apps" / "milp-sac"
        if candidate.exists():
            return str(candidate)
    sys.exit("milp-sac binary not found: build it or pass --bin")


def timed(command, runs, timeout):
    """Best wall time of `runs` runs, and the last completed process."""
    best, last = None, None
    for _ in range(runs):
        start = time.perf_counter()
        try:
            last = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, last


def run_ours(binary, row, args):
    command = [binary, "sac", str(Path(args.shared) / "instances" / "sac" / (row["instance"] + ".json")),
               "--budget", row["budget_gib"], "--world-size", row["world_size"],
               "--gap", str(args.gap), "--time-limit", str(args.time_limit)]
    seconds, process = timed(command, args.runs, args.time_limit + 60)
    if process is None:
        return seconds, "killed", ""
    if process.returncode == 3:
        return seconds, "CHECK FAILED", process.stderr.strip()
    try:
        out = json.loads(process.stdout)
    except json.JSONDecodeError:
        return seconds, "crash(%d)" % process.returncode, process.stderr.strip()[:80]
    if out["recomputation_time_ms"] is None:
        return seconds, out["status"], ""
    return seconds, out["recomputation_time_ms"], out["status"]


def run_cbc(cbc, mps, args):
    command = [cbc, mps, "-ratioGap", str(args.gap), "-sec", str(args.time_limit), "-timeMode", "elapsed",
               "-solve", "-quit"]
    seconds, process = timed(command, args.runs, args.time_limit + 60)
    if process is None:
        return seconds, "killed", ""
    text = process.stdout
    if re.search(r"infeasible", text, re.IGNORECASE) and "Objective value" not in text:
        return seconds, "infeasible", ""
    match = re.search(r"Objective value:\s*([-+0-9.eE]+)", text)
    if not match:
        return seconds, "no answer", ""
    status = "time limit" if "Stopped on time" in text else ""
    return seconds, float(match.group(1)), status


def fmt(value, digits=4):
    return ("%.*f" % (digits, value)) if isinstance(value, float) else str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="milp-sac binary (default: build/ or build-model/)")
    parser.add_argument("--shared", default=os.environ.get("MILPSAC_BENCH_DATA", str(REPO.parent / "shared")))
    parser.add_argument("--runs", type=int, default=1, help="best of N runs for each side")
    parser.add_argument("--gap", type=float, default=0.05)
    parser.add_argument("--time-limit", type=float, default=180.0)
    parser.add_argument("--only", help="comma-separated instance names")
    args = parser.parse_args()

    binary = find_binary(args.bin)
    cbc = shutil.which("cbc")
    if cbc is None:
        sys.exit("cbc not found (Debian: apt-get install coinor-cbc)")
    table = Path(args.shared) / "instances" / "sac" / "expected.tsv"
    with open(table) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if args.only:
        keep = set(args.only.split(","))
        rows = [r for r in rows if r["instance"] in keep]

    header = ("instance", "budget", "W", "ours_s", "cbc_s", "ratio", "ours_ms", "cbc_ms", "note")
    print("%-9s %7s %2s %8s %8s %7s %11s %11s  %s" % header)
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for row in rows:
            mps = os.path.join(tmp, "seed.mps")
            export = subprocess.run([binary, "export-mps",
                                     str(Path(args.shared) / "instances" / "sac" / (row["instance"] + ".json")),
                                     "--budget", row["budget_gib"], "--world-size", row["world_size"],
                                     "--formulation", "pairwise-bigm", "-o", mps], capture_output=True, text=True)
            if export.returncode != 0:
                print("%-9s export failed: %s" % (row["instance"], export.stderr.strip()))
                continue
            ours_s, ours, ours_status = run_ours(binary, row, args)
            cbc_s, theirs, cbc_status = run_cbc(cbc, mps, args)
            ratio = cbc_s / ours_s if ours_s and cbc_s else None
            if ratio is not None:
                ratios.append(ratio)
            notes = []
            if isinstance(ours, float) and isinstance(theirs, float) and ours < theirs - 0.01:
                notes.append("ours lower (plan verified)")
            if isinstance(ours, float) and isinstance(theirs, float) and ours > theirs + 0.01:
                notes.append("ours higher")
            if (ours == "infeasible") != (theirs == "infeasible"):
                notes.append("FEASIBILITY DIFFERS")
            if cbc_status:
                notes.append("cbc " + cbc_status)
            if ours_status not in ("", "optimal", "gap_limit"):
                notes.append("ours " + str(ours_status))
            print("%-9s %7s %2s %8s %8s %7s %11s %11s  %s" % (
                row["instance"], row["budget_gib"], row["world_size"], fmt(ours_s, 3), fmt(cbc_s, 3),
                fmt(ratio, 1) if ratio is not None else "-", fmt(ours), fmt(theirs), "; ".join(notes)))
            sys.stdout.flush()
    if ratios:
        print("\nspeed-up (CBC time / our time): median %.1fx, min %.1fx, max %.1fx over %d cases" % (
            statistics.median(ratios), min(ratios), max(ratios), len(ratios)))


if __name__ == "__main__":
    main()
