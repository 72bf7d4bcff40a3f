#!/usr/bin/env python3
"""Every model of a folder solved by `milp-sac solve` at one time limit, one
after the other: the status each ends with, as a Markdown table and counts
(issue 25: every model ends with a true status; `numerical_error` is a last
resort). A status outside the CLI's vocabulary, a crash, or a run that passes
the hang guard (limit + 30 s) is flagged, and the script exits 1 then.

Usage: bench/status-sweep.py [--bin PATH] [--data DIR] [--time-limit S]
                             [--output FILE]
--data defaults to data/lp of the shared directory ($MILPSAC_BENCH_DATA or
../shared), searched recursively for .mps and .mps.gz files.
Standard library only.
"""
import argparse
import collections
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import run_timed, solve_answer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
STATUSES = {"optimal", "gap_limit", "time_limit", "node_limit", "infeasible", "unbounded", "numerical_error",
            "interrupted"}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("MILPSAC_BIN", str(REPO / "build" / "apps" / "milp-sac")))
    shared = Path(os.environ.get("MILPSAC_BENCH_DATA", str(REPO.parent / "shared")))
    parser.add_argument("--data", default=str(shared / "data" / "lp"), help="folder searched for .mps / .mps.gz")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per model (default 10)")
    parser.add_argument("--output", default=None, help="write the Markdown table here (default: stdout)")
    args = parser.parse_args()
    if not args.time_limit > 0:
        parser.error("--time-limit must be positive")
    return args


def main():
    args = parse_args()
    models = sorted(p for p in Path(args.data).rglob("*") if p.name.endswith((".mps", ".mps.gz")))
    if not models:
        sys.exit(f"status-sweep: no .mps or .mps.gz files under {args.data}")
    rows, counts, bad = [], collections.Counter(), []
    for path in models:
        wall, cpu, code, output = run_timed([args.bin, "solve", str(path), "--time-limit", repr(args.time_limit),
                                             "--quiet"], args.time_limit + 30)
        status, objective, _ = solve_answer(code, output)
        if code == 2:  # refused as bad input: the message is the answer
            status = "bad_input"
        counts[status] += 1
        flag = ""
        if status not in STATUSES and status != "bad_input":
            flag = "!"
            bad.append(path.name)
        elif wall > 1.1 * args.time_limit + 0.1 and status != "bad_input":
            flag = f"! past the limit ({wall:.1f} s)"
            bad.append(path.name)
        name = str(path.relative_to(args.data))
        rows.append(f"| {name} | {status} | {'-' if objective is None else f'{objective:.10g}'} | {wall:.2f} | "
                    f"{cpu:.2f} | {flag} |")
        print(f"{name}\t{status}\t{wall:.2f}", file=sys.stderr)
    lines = [f"Models: `{args.data}` ({len(models)}), limit {args.time_limit:g} s each, one at a time.", "",
             "| model | status | objective | wall s | CPU s | flag |", "|---|---|---|---:|---:|---|"] + rows
    lines += ["", "Counts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))]
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    if bad:
        print("flagged: " + ", ".join(bad), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
