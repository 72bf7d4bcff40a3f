#!/usr/bin/env python3
"""Solve every Netlib model of ../shared/data/lp (INDEX.tsv) with
build/bench/lp/lp_solve_file (lp::solve_lp, reading included in the time) and
print one table: model, rows, status, our seconds, CBC's seconds from
INDEX.tsv, the ratio, and whether the objective matches the reference
(1e-6 relative). Ends with the counts and the median ratio.

Usage: bench/netlib-table.py [--bin PATH] [--data DIR] [--time-limit S]
                             [--max-rows N] [--only NAME,...] [--seed S]
Standard library only.
"""
import argparse
import csv
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(REPO / "build" / "bench" / "lp" / "lp_solve_file"))
    parser.add_argument("--data", default=str(REPO.parent / "shared" / "data" / "lp"))
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--max-rows", type=int, default=None)
    parser.add_argument("--only", default="")
    parser.add_argument("--seed", type=int, default=None, help="solve transformed copies (tests/lp/lp_transform.h)")
    args = parser.parse_args()
    only = {name for name in args.only.split(",") if name}
    with open(Path(args.data) / "INDEX.tsv", newline="") as handle:
        rows = [r for r in csv.DictReader(handle, delimiter="\t") if r["set"] == "netlib"]
    rows.sort(key=lambda r: int(r["rows"]))
    print("model\trows\tstatus\tours_s\tcbc_s\tratio\tobjective_ok")
    ratios, counts = [], {"ok": 0, "wrong": 0, "other": 0}
    for row in rows:
        if only and row["name"] not in only:
            continue
        if args.max_rows is not None and int(row["rows"]) > args.max_rows:
            continue
        command = [args.bin, str(Path(args.data) / row["file"]), "--time-limit", str(args.time_limit)]
        if args.seed is not None:
            command += ["--seed", str(args.seed)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=args.time_limit * 1.5 + 10)
            fields = done.stdout.strip().split("\t")
            if done.returncode != 0 or len(fields) < 5:
                status, seconds, objective = f"crash({done.returncode})", float("nan"), float("nan")
            else:
                status, objective, seconds = fields[1], float(fields[2]), float(fields[4])
        except subprocess.TimeoutExpired:
            status, seconds, objective = "killed", float("nan"), float("nan")
        reference = float(row["cbc_objective"] or row["published_optimum"])
        ok = status == "optimal" and abs(objective - reference) <= 1e-6 * max(1.0, abs(reference))
        if ok:
            counts["ok"] += 1
        elif status == "optimal":
            counts["wrong"] += 1
        else:
            counts["other"] += 1
        cbc = float(row["cbc_seconds"])
        ratio = seconds / cbc if ok and cbc > 0 else float("nan")
        if ok:
            ratios.append(ratio)
        print(f"{row['name']}\t{row['rows']}\t{status}\t{seconds:.3f}\t{cbc:.3f}\t{ratio:.2f}\t{'yes' if ok else 'NO'}",
              flush=True)
    median = statistics.median(ratios) if ratios else float("nan")
    print(f"# {counts['ok']} optimal with the right objective, {counts['wrong']} wrong objective, "
          f"{counts['other']} other; median ratio to CBC {median:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
