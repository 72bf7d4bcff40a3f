#!/usr/bin/env python3
"""Compare `milp-sac solve` with CBC on the Netlib (or MIPLIB) rows of
instances/lp/expected.tsv: wall time of each process (best of N runs) and the
objective each reports, as one table plus the median and max time ratio.

Both sides are timed as whole processes, start-up and MPS reading included, so
on the tiny Netlib models the numbers mostly compare process overheads; that
is the fair comparison available without linking CBC in. Failures of either
side (a crash, a status other than optimal, unparsable output) are printed as
the status in place of the number, and never stop the run.

CBC is run as `cbc FILE [-ratioGap 0 -allowableGap 0] [-sec S -timeMode
elapsed] -solve -quit` and ours as `milp-sac solve FILE [--gap 0]
[--time-limit S]`; the gap options (MIPLIB only) make both sides prove
optimality, as SOLVER-NOTES section 2 asks for a fair comparison. CBC 2.10 ignores OBJSENSE in MPS
files, so models that maximise get `-max` on its command line.

Usage: bench/compare-cbc-lp.py [--bin PATH] [--shared DIR] [--set netlib|miplib]
                               [--time-limit S] [--runs N] [--only NAME,...]
                               [--data] [--max-rows N]
--data runs the whole collection of data/lp/INDEX.tsv instead of the curated
instances (e.g. `--data --max-rows 3000`: every Netlib model up to 3,000 rows).
Standard library only.
"""
import argparse
import csv
import gzip
import os
import re
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import run_timed, solve_answer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
# Without a time limit, a run that takes longer than this is killed (reported "killed").
DEFAULT_PROCESS_TIMEOUT = 600.0
OPTIMAL = "optimal"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("MILPSAC_BIN", str(REPO / "build" / "apps" / "milp-sac")),
                        help="milp-sac binary (default: $MILPSAC_BIN or build/apps/milp-sac)")
    parser.add_argument("--shared", default=os.environ.get("MILPSAC_BENCH_DATA", str(REPO.parent / "shared")),
                        help="shared directory holding instances/ (default: $MILPSAC_BENCH_DATA or ../shared)")
    parser.add_argument("--set", choices=["netlib", "miplib"], default="netlib", help="which rows of expected.tsv")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per solve, passed to both solvers")
    parser.add_argument("--runs", type=int, default=3, help="runs per model and solver; the best time counts")
    parser.add_argument("--only", default="", help="comma-separated model names to run (default: all of the set)")
    parser.add_argument("--data", action="store_true",
                        help="the whole collection of data/lp/INDEX.tsv (set netlib or miplib3) instead of "
                             "the curated instances/lp/expected.tsv")
    parser.add_argument("--max-rows", type=int, default=None, help="only models with at most this many rows")
    args = parser.parse_args()
    if args.time_limit is not None and args.time_limit <= 0:
        parser.error("--time-limit must be positive")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    return args


def load_rows(shared, which, only, data=False, max_rows=None):
    """Rows with name, rows, cols and file (a path under the returned base directory)."""
    if data:
        table = Path(shared) / "data" / "lp" / "INDEX.tsv"
        which = "miplib3" if which == "miplib" else which
    else:
        table = Path(shared) / "instances" / "lp" / "expected.tsv"
    with open(table, newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["set"] == which]
    if max_rows is not None:
        rows = [r for r in rows if int(r["rows"]) <= max_rows]
    if only:
        wanted = set(only.split(","))
        rows = [r for r in rows if r["name"] in wanted]
    return rows


def maximises(path):
    """True when the MPS file says OBJSENSE MAX (same or next line)."""
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", errors="replace") as f:
            previous = ""
            for line in f:
                words = line.split()
                if previous == "OBJSENSE" and words:
                    return words[0].upper().startswith("MAX")
                if words and words[0] == "OBJSENSE":
                    if len(words) > 1:
                        return words[1].upper().startswith("MAX")
                    previous = "OBJSENSE"
                    continue
                if words and words[0] in ("ROWS", "COLUMNS"):
                    return False
    except OSError:
        pass
    return False


def timed(command, timeout):
    """Runs command; returns (wall seconds, exit code or None if killed, stdout+stderr)."""
    wall, _, code, output = run_timed(command, timeout)
    return wall, code, output


def run_ours(binary, path, mip, time_limit, timeout):
    command = [binary, "solve", str(path)]
    if mip:
        command += ["--gap", "0"]
    if time_limit is not None:
        command += ["--time-limit", repr(time_limit)]
    seconds, code, output = timed(command, timeout)
    status, objective, _ = solve_answer(code, output)
    return seconds, status, objective


CBC_OBJECTIVE = re.compile(r"(?:Optimal objective|Objective value:)\s+(\S+)")


def cbc_status(output):
    if "errors on input" in output or "Bad image" in output:
        return "parse_error"
    if re.search(r"Result - Optimal solution found|^Optimal objective", output, re.M):
        return OPTIMAL
    if re.search(r"Stopped on time|time limit", output, re.I):
        return "time_limit"
    if re.search(r"infeasible", output, re.I):
        return "infeasible"
    if re.search(r"unbounded", output, re.I):
        return "unbounded"
    return "unknown"


def run_cbc(path, mip, time_limit, timeout):
    command = ["cbc", str(path)]
    if maximises(path):
        command.append("-max")
    if mip:
        command += ["-ratioGap", "0", "-allowableGap", "0"]
    if time_limit is not None:
        command += ["-sec", repr(time_limit), "-timeMode", "elapsed"]
    command += ["-solve", "-quit"]
    seconds, code, output = timed(command, timeout)
    if code is None:
        return seconds, "killed", None
    if code != 0:
        return seconds, f"error(rc={code})", None
    status = cbc_status(output)
    match = CBC_OBJECTIVE.search(output)
    objective = None
    if match and status in (OPTIMAL, "time_limit"):
        try:
            objective = float(match.group(1))
        except ValueError:
            pass
    return seconds, status, objective


def best_of(runs, solve):
    """Best time of `runs` calls; stops repeating once a run does not end optimal."""
    best = None
    for _ in range(runs):
        seconds, status, objective = solve()
        if best is None or (status == OPTIMAL and (best[1] != OPTIMAL or seconds < best[0])):
            best = (seconds, status, objective)
        if status != OPTIMAL:
            break
    return best


def fmt_objective(status, objective):
    if status != OPTIMAL or objective is None:
        return status
    return f"{objective:.10g}"


def objectives_agree(a, b):
    if a is None or b is None:
        return "-"
    return "yes" if abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b)) else "NO"


def main():
    args = parse_args()
    binary = str(Path(args.bin).resolve())
    if not Path(binary).is_file():
        print(f"warning: {binary} not found; our column will show errors", file=sys.stderr)
    if shutil.which("cbc") is None:
        print("warning: cbc not on PATH; its column will show errors", file=sys.stderr)
    rows = load_rows(args.shared, args.set, args.only, args.data, args.max_rows)
    base = Path(args.shared) / ("data" if args.data else "instances") / "lp"
    if not rows:
        print(f"no rows for set {args.set}", file=sys.stderr)
        return 2
    timeout = DEFAULT_PROCESS_TIMEOUT if args.time_limit is None else 2 * args.time_limit + 30
    mip = args.set == "miplib"

    header = ["model", "rows", "cols", "ours_s", "cbc_s", "ratio", "our_objective", "cbc_objective", "agree"]
    table = []
    ratios = []
    for row in rows:
        path = base / row["file"]
        ours = best_of(args.runs, lambda: run_ours(binary, path, mip, args.time_limit, timeout))
        cbc = best_of(args.runs, lambda: run_cbc(path, mip, args.time_limit, timeout))
        ratio = "-"
        if ours[1] == OPTIMAL and cbc[1] == OPTIMAL and cbc[0] > 0:
            ratios.append(ours[0] / cbc[0])
            ratio = f"{ratios[-1]:.2f}"
        table.append([row["name"], row["rows"], row["cols"], f"{ours[0]:.3f}", f"{cbc[0]:.3f}", ratio,
                      fmt_objective(ours[1], ours[2]), fmt_objective(cbc[1], cbc[2]), objectives_agree(ours[2], cbc[2])])
        print(f"  {row['name']}: ours {ours[1]} {ours[0]:.3f}s, cbc {cbc[1]} {cbc[0]:.3f}s", file=sys.stderr)

    widths = [max(len(str(r[k])) for r in table + [header]) for k in range(len(header))]
    for r in [header] + table:
        print("  ".join(str(v).ljust(w) if k in (0, 6, 7) else str(v).rjust(w)
                        for k, (v, w) in enumerate(zip(r, widths))))
    if ratios:
        print(f"\nratio = ours/cbc wall time over {len(ratios)} models solved optimal by both: "
              f"median {statistics.median(ratios):.2f}, max {max(ratios):.2f}")
    else:
        print("\nno model was solved optimal by both solvers: no ratio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
