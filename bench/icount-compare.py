#!/usr/bin/env python3
"""Instructions executed by two builds of milp-sac on the same LP, MILP and SAC
runs: a before/after check of a change that should not change speed.

Wall and CPU seconds on a shared 2-core machine vary by 10-30 % from run to
run; the number of instructions a run executes (valgrind's callgrind, counted
for the whole process) varies by well under 0.1 %. So a refactoring that
claims "same speed" is checked here: the same models, the same answers, and
the instruction counts side by side. The answers are compared too (status
and objective of every run): a refactoring must not change them.

Each run is one `milp-sac` process under `valgrind --tool=callgrind`, about 50
times slower than native: the models are chosen to take 0.01 - 0.4 s natively.

Usage:
  bench/icount-compare.py --before OLD/apps/milp-sac --after NEW/apps/milp-sac
                          [--data ../shared/data] [--synth build/tools/milp-sac-synth]

Needs valgrind (Debian package `valgrind`). Prints a Markdown table.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

LP_MODELS = ["bandm", "scfxm2", "ship08l", "25fv47", "degen3"]
MILP_MODELS = ["p0201", "misc03", "stein27", "fiber", "rgn"]


def cases(data, synth, tmp):
    for m in LP_MODELS:
        yield f"LP {m}", ["solve", str(Path(data) / "lp" / "netlib" / f"{m}.mps.gz")]
    for m in MILP_MODELS:
        yield f"MILP {m}", ["solve", str(Path(data) / "lp" / "miplib" / f"{m}.mps.gz")]
    yield "SAC transformer_l4, 2 GiB", ["sac", str(REPO / "examples" / "transformer_l4.json"), "--budget", "2", "--quiet"]
    llama = os.path.join(tmp, "llama500.json")
    subprocess.run([synth, "llama", "500", "-o", llama], check=True)
    yield "SAC llama 500, 15 GiB, gap 0", ["sac", llama, "--budget", "15", "--gap", "0", "--quiet"]
    yield "SAC llama 500, 15 GiB, default gap", ["sac", llama, "--budget", "15", "--quiet"]


def answer(stdout):
    """Status and objective (or peak) of one run's JSON, for comparing answers."""
    try:
        out = json.loads(stdout)
    except json.JSONDecodeError:
        return "no JSON"
    value = out.get("objective", out.get("recomputation_time_ms"))
    return f"{out.get('status')} {value}"


def instructions(binary, args):
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + args,
                          capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    return (int(found.group(1)) if found else None), answer(proc.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="the milp-sac binary before the change")
    ap.add_argument("--after", default=str(REPO / "build" / "apps" / "milp-sac"))
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "data"), help="folder holding lp/netlib, lp/miplib")
    ap.add_argument("--synth", default=str(REPO / "build" / "tools" / "milp-sac-synth"))
    args = ap.parse_args()
    print("| run | instructions before | after | after / before | same answer |")
    print("|---|---:|---:|---:|---|")
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, run_args in cases(args.data, args.synth, tmp):
            before, answer_before = instructions(args.before, run_args)
            after, answer_after = instructions(args.after, run_args)
            ratio = after / before if before and after else float("nan")
            if before and after:
                ratios.append(ratio)
            same = "yes" if answer_before == answer_after else f"no: {answer_before} / {answer_after}"
            print(f"| {name} | {before:,} | {after:,} | {ratio:.4f} | {same} |", flush=True)
    if ratios:
        ratios.sort()
        print(f"\nmedian after / before: {ratios[len(ratios) // 2]:.4f}; "
              f"range {ratios[0]:.4f} - {ratios[-1]:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
