#!/usr/bin/env python3
"""Two builds of milp-sac on the MIPLIB models that CBC proves within 60 s:
the A/B test of a change to the search ("measure each; keep what pays").

For each model of INDEX.tsv (sets `miplib3`, `miplib2017`) with cbc_status
optimal and cbc_seconds <= --cbc-seconds, runs `milp-sac solve FILE
--time-limit L --gap 1e-6` with each binary, one after the other, and prints
status, CPU seconds and nodes side by side, the proven counts, and the
geometric mean of the CPU-time ratio over the models both prove. A proven
optimum that matches neither the published optimum nor CBC's objective
(1e-6 relative) is marked `WRONG`.

Usage: bench/compare-builds-milp.py --before OLD/apps/milp-sac
         [--after build/apps/milp-sac] [--data DIR] [--time-limit 20] [--only a,b]
Standard library only.
"""
import argparse
import csv
import math
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import run_timed, solve_answer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MILPSAC_BENCH_DATA", next(
    (str(p / "shared") for p in (REPO.parent, REPO.parent.parent) if (p / "shared").is_dir()), str(REPO.parent / "shared"))))


def models(args):
    only = set(args.only.split(",")) if args.only else None
    with open(Path(args.data) / "INDEX.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["set"] not in ("miplib3", "miplib2017"):
                continue
            if only is not None:
                if row["name"] in only:
                    yield row
                continue
            if row["cbc_status"] == "optimal" and float(row["cbc_seconds"] or "inf") <= args.cbc_seconds:
                yield row


def references(row):
    """The published optimum and CBC's objective (either may be missing; the
    published one is sometimes rounded: rgn's 82.1999 is 82.19999924)."""
    refs = []
    for key in ("published_optimum", "cbc_objective"):
        try:
            refs.append(float(row[key]))
        except (TypeError, ValueError):
            continue
    return refs


def run(binary, path, limit):
    _, cpu, code, output = run_timed([binary, "solve", str(path), "--time-limit", str(limit), "--gap", "1e-6"],
                                     limit + 60)
    status, objective, result = solve_answer(code, output)
    nodes = result.get("nodes") if result else None
    return status, objective, cpu, nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", default=str(REPO / "build" / "apps" / "milp-sac"))
    ap.add_argument("--data", default=str(SHARED / "data" / "lp"))
    ap.add_argument("--time-limit", type=float, default=20.0)
    ap.add_argument("--cbc-seconds", type=float, default=60.0)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    print("| model | before | s | nodes | after | s | nodes |")
    print("|---|---|---:|---:|---|---:|---:|")
    proven = [0, 0]
    log_ratios = []
    for row in models(args):
        path = Path(args.data) / row["file"]
        refs = references(row)
        cells, ok = [], []
        for binary in (args.before, args.after):
            status, objective, cpu, nodes = run(binary, path, args.time_limit)
            # gap_limit at --gap 1e-6 is proven to that gap.
            good = status in ("optimal", "gap_limit") and objective is not None and \
                any(abs(objective - ref) <= 1e-6 * max(1.0, abs(ref)) for ref in refs)
            if status in ("optimal", "gap_limit") and not good:
                status = "WRONG"
            ok.append((good, cpu))
            cells += [status, f"{cpu:.2f}", str(nodes)]
        for k in range(2):
            proven[k] += ok[k][0]
        if ok[0][0] and ok[1][0]:
            log_ratios.append(math.log(max(ok[1][1], 0.01) / max(ok[0][1], 0.01)))
        print(f"| {row['name']} | " + " | ".join(cells) + " |", flush=True)
    mean = math.exp(sum(log_ratios) / len(log_ratios)) if log_ratios else float("nan")
    print(f"\nproven: before {proven[0]}, after {proven[1]}; geometric mean CPU after/before over "
          f"{len(log_ratios)} models both prove: {mean:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
