#!/usr/bin/env python3
"""Branch-and-bound against CBC on the MIPLIB 3 models of the shared data set:
every model of ../shared/data/lp/INDEX.tsv in set `miplib3` with at most
--max-rows rows that CBC solved to optimality within --cbc-seconds.

Ours runs as `bench/bnb/milp_run FILE GAP TIME_LIMIT` (one JSON line with
status, objective, bound, nodes, root LP bound, root bound after propagation
and cuts, cuts, LP iterations, fallbacks, rows/columns the root presolve
removed, feasibility pump rounds, time to the first incumbent); wall and CPU time of the process
are measured here. CBC's time is the one recorded in INDEX.tsv (default
settings, run on the same class of machine); --run-cbc re-runs it as
`cbc FILE -ratioGap 0 -allowableGap 0 -sec S -solve -quit`.

Prints a Markdown table and a summary: how many proven optimal with the
reference objective (1e-6 relative), how many numerical_error, the median
ratio of our CPU time to CBC's. --save FILE writes the rows as JSON lines, and
--before FILE adds the status/time of an earlier saved run for comparison.

Usage: bench/compare-cbc-milp.py [--bin PATH] [--shared DIR] [--time-limit S]
         [--gap G] [--max-rows N] [--cbc-seconds S] [--only a,b] [--save F]
         [--before F] [--run-cbc]
Standard library only.
"""
import argparse
import csv
import json
import os
import resource
import shutil
import statistics
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=str(REPO / "build" / "bench" / "bnb" / "milp_run"))
    p.add_argument("--shared", default=os.environ.get("MILPSAC_BENCH_DATA", str(REPO.parent / "shared")))
    p.add_argument("--time-limit", type=float, default=60.0)
    p.add_argument("--gap", type=float, default=0.0)
    p.add_argument("--max-rows", type=int, default=600)
    p.add_argument("--cbc-seconds", type=float, default=60.0)
    p.add_argument("--only", default="")
    p.add_argument("--save", default="")
    p.add_argument("--before", default="")
    p.add_argument("--run-cbc", action="store_true")
    return p.parse_args()


def load_models(args):
    index = Path(args.shared) / "data" / "lp" / "INDEX.tsv"
    only = set(filter(None, args.only.split(",")))
    rows = []
    with open(index, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["set"] != "miplib3" or row["cbc_status"] != "optimal":
                continue
            if int(row["rows"]) > args.max_rows or float(row["cbc_seconds"]) > args.cbc_seconds:
                continue
            if only and row["name"] not in only:
                continue
            rows.append(row)
    return rows


def run_ours(args, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        proc = subprocess.run([args.bin, str(path), str(args.gap), str(args.time_limit)], capture_output=True,
                              text=True, timeout=args.time_limit * 2 + 60)
        out = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.stdout.strip() else {"status": "crash"}
    except subprocess.TimeoutExpired:
        out = {"status": "killed"}
    except (json.JSONDecodeError, IndexError):
        out = {"status": "bad-output"}
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["wall"] = time.monotonic() - start
    out["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out


def run_cbc(args, path, maximise):
    cbc = shutil.which("cbc")
    if cbc is None:
        return None
    cmd = [cbc, str(path)] + (["-max"] if maximise else []) + ["-ratioGap", "0", "-allowableGap", "0", "-sec",
                                                                 str(args.time_limit), "-solve", "-quit"]
    start = time.monotonic()
    subprocess.run(cmd, capture_output=True, text=True, timeout=args.time_limit * 2 + 60)
    return time.monotonic() - start


def fmt(v, digits=6):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{digits}g}"
    return str(v)


def main():
    args = parse_args()
    before = {}
    if args.before:
        with open(args.before) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    before[r["model"]] = r
    models = load_models(args)
    results = []
    print("| model | status | objective | reference | nodes | root LP | root after cuts | cuts | presolve -rows/-cols"
          " | pump rounds | first incumbent s | CPU s | CBC s | ratio |" + (" before |" if before else ""))
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|" + ("---|" if before else ""))
    for row in models:
        path = Path(args.shared) / "data" / "lp" / row["file"]
        ours = run_ours(args, path)
        reference = float(row["published_optimum"] or row["cbc_objective"])
        cbc_time = float(row["cbc_seconds"])
        if args.run_cbc:
            measured = run_cbc(args, path, False)
            cbc_time = measured if measured is not None else cbc_time
        obj = ours.get("objective")
        # The published optimum is sometimes rounded (rgn: 82.1999): CBC's value counts too.
        references = [float(v) for v in (row["published_optimum"], row["cbc_objective"]) if v]
        correct = (ours.get("status") == "optimal" and obj is not None
                   and any(abs(obj - ref) <= 1e-6 * max(1.0, abs(ref)) for ref in references))
        ratio = ours["cpu"] / max(cbc_time, 1e-3) if correct else None
        rec = {"model": row["name"], "reference": reference, "cbc_seconds": cbc_time, "correct": correct,
               "ratio": ratio, **ours}
        results.append(rec)
        line = (f"| {row['name']} | {ours.get('status')}{'' if correct or ours.get('status') != 'optimal' else ' (WRONG)'}"
                f" | {fmt(obj)} | {fmt(reference)} | {fmt(ours.get('nodes'))} | {fmt(ours.get('root_lp_bound'))}"
                f" | {fmt(ours.get('root_bound'))} | {fmt(ours.get('cuts'))}"
                f" | {fmt(ours.get('presolve_removed_rows'))}/{fmt(ours.get('presolve_removed_cols'))}"
                f"{' (fallback)' if ours.get('presolve_fallback') else ''}"
                f" | {fmt(ours.get('pump_rounds'))}{' (found)' if ours.get('pump_found') else ''}"
                f" | {fmt(ours.get('first_incumbent_seconds'), 3)} | {ours['cpu']:.2f} | {cbc_time:.2f}"
                f" | {fmt(ratio, 3)} |")
        if before:
            b = before.get(row["name"])
            line += f" {b.get('status') + ' ' + format(b.get('cpu', b.get('seconds', 0)), '.1f') + ' s' if b else '-'} |"
        print(line, flush=True)
    if args.save:
        with open(args.save, "w") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
    solved = sum(r["correct"] for r in results)
    numerical = sum(r.get("status") == "numerical_error" for r in results)
    # Unsolved models count at the time limit for the median ratio (a lower bound on the true ratio).
    ratios = [r["ratio"] if r["ratio"] is not None else args.time_limit / max(r["cbc_seconds"], 1e-3) for r in results]
    print(f"\nproven optimal with the reference objective: {solved}/{len(results)}; numerical_error: {numerical}; "
          f"median CPU-time ratio to CBC (unsolved at the limit): {statistics.median(ratios) if ratios else 0:.2f}")


if __name__ == "__main__":
    main()
