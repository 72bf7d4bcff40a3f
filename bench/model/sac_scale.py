#!/usr/bin/env python3
"""How `milp-sac sac` scales on synthetic models shaped like real traces.

For each size (modules) a synthetic ModuleInfo of the chosen family is written
by `milp-sac-synth` (tools/synthetic). Budgets are taken 30 %, 50 % and 70 % of
the way from the smallest feasible peak (the minimum-peak MILP, from the
`infeasible` answer at a tiny budget) to the baseline peak (`milp-sac
baseline`). For each budget, whole processes are timed:

  gap 0.05   `milp-sac sac FILE --budget B` (default gap 0.05)
  gap 0      the same with `--gap 0`
  1 s plan   the same with `--time-limit 1`: is there a plan, and its gap
             (status model_too_large: the greedy plan, no search; see docs/sac.md)
  above opt  how far the default run's recompute time is above the gap-0
             run's (percent; the plans as reported, `recomputation_time_ms`)
  CBC        `cbc FILE.mps -ratioGap 0.05 -sec 300 -timeMode elapsed -solve -quit`
             on the exported pairwise-bigm (reference) model and on our
             cumulative model, up to --cbc-max-modules (the dense-ish reference
             model grows quadratically; runs past the limit are skipped and
             marked "skip")

Peak memory (max RSS) and CPU seconds (user + system) of each of our runs are
read with /usr/bin/time when it is installed: on a shared machine the CPU
seconds say more than the wall seconds. Prints a Markdown table.

Usage: bench/model/sac_scale.py [--bin DIR] [--family llama] [--sizes 250,500,...]
                                [--fractions 0.3,0.5,0.7] [--cbc-max-modules N] [--quick]
                                [--gap0-limit S] [--cbc-limit S] [--cbc-seed-max-modules N]
Standard library only.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
LAST_CPU = None


def seconds_text(wall):
    """Wall seconds, with the CPU seconds of the same run when known."""
    return f"{wall:.2f}" if LAST_CPU is None else f"{wall:.2f} ({LAST_CPU:.2f} cpu)"


def run(command, timeout):
    """(wall seconds, completed process or None on timeout, max RSS MiB or None).

    The CPU seconds of the last run are kept in LAST_CPU (None without /usr/bin/time)."""
    global LAST_CPU
    LAST_CPU = None
    timer = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    rss_file = None
    if timer:
        rss_file = tempfile.NamedTemporaryFile(delete=False, suffix=".rss").name
        command = [timer, "-f", "%M %U %S", "-o", rss_file] + command
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, None, None
    wall = time.perf_counter() - start
    rss = None
    if rss_file:
        try:
            fields = Path(rss_file).read_text().split()[-3:]
            rss = int(fields[0]) / 1024.0
            LAST_CPU = float(fields[1]) + float(fields[2])
        except (ValueError, IndexError, OSError):
            rss = None
        os.unlink(rss_file)
    return wall, done, rss


def cbc_time(mps, limit):
    wall, done, _ = run(["cbc", mps, "-ratioGap", "0.05", "-sec", str(limit), "-timeMode", "elapsed", "-solve",
                         "-quit"], limit + 30)
    if done is None or "Stopped on time" in done.stdout:
        return f">{limit:.0f}"
    return seconds_text(wall)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(REPO / "build"), help="build directory")
    parser.add_argument("--family", default="llama")
    parser.add_argument("--sizes", default="250,500,1000,2000,4000,8000")
    parser.add_argument("--fractions", default="0.3,0.5,0.7")
    parser.add_argument("--cbc-max-modules", type=int, default=1000)
    parser.add_argument("--gap0-limit", type=float, default=60.0)
    parser.add_argument("--cbc-limit", type=float, default=300.0, help="CBC's time limit per run (s)")
    parser.add_argument("--cbc-seed-max-modules", type=int, default=None,
                        help="largest model for CBC on the pairwise-bigm model (default: --cbc-max-modules)")
    parser.add_argument("--min-peak-limit", type=float, default=120.0,
                        help="time limit of the smallest-feasible-budget solve (a plan found, not proven, is used)")
    parser.add_argument("--quick", action="store_true",
                        help="skip the 1 s plan and CBC columns (the default-vs-gap-0 comparison only)")
    args = parser.parse_args()
    if args.quick:
        args.cbc_max_modules = -1
    sac = str(Path(args.bin) / "apps" / "milp-sac")
    synth = str(Path(args.bin) / "tools" / "milp-sac-synth")
    have_cbc = shutil.which("cbc") is not None
    seed_max = args.cbc_max_modules if args.cbc_seed_max_modules is None else args.cbc_seed_max_modules
    print(f"family {args.family}; times are wall seconds of whole processes (CPU seconds in brackets); "
          "rss in MiB")
    print()
    print("| modules | budget | GiB | gap 0.05 s | found by | gap 0 s | gap 0.05 ms | gap 0 ms | above opt | "
          "1 s plan (gap) | rss MiB | CBC pairwise-bigm s | CBC cumulative s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for size in [int(s) for s in args.sizes.split(",")]:
            path = os.path.join(tmp, f"{args.family}{size}.json")
            subprocess.run([synth, args.family, str(size), "-o", path], check=True)
            modules = len(json.loads(Path(path).read_text())["mod_stats"])
            baseline = json.loads(subprocess.run([sac, "baseline", path], capture_output=True, text=True,
                                                 check=True).stdout)["peak_memory_bytes"] / 2**30
            min_wall, probe, _ = run([sac, "sac", path, "--budget", "0.000001", "--quiet", "--time-limit",
                                      str(args.min_peak_limit)], args.min_peak_limit + 120)
            smallest = json.loads(probe.stdout).get("min_feasible_budget_gib") if probe else None
            if smallest is None:
                print(f"| {modules} | - | - | no smallest feasible budget within {args.min_peak_limit:.0f} s "
                      "| | | | | | |")
                continue
            print(f"<!-- {modules} modules: smallest feasible budget {smallest:.4f} GiB ({min_wall:.1f} s), "
                  f"baseline peak {baseline:.4f} GiB -->")
            for fraction in [float(f) for f in args.fractions.split(",")]:
                budget = smallest + fraction * (baseline - smallest)
                b = f"{budget:.6f}"
                common = [sac, "sac", path, "--budget", b, "--quiet"]
                wall, done, rss = run(common, 600)
                out = json.loads(done.stdout) if done and done.stdout else {}
                gap05 = seconds_text(wall) if done and done.returncode == 0 else f"{out.get('status', 'timeout')}"
                found = out.get("found_by", "-")
                wall0, done0, rss0 = run(common + ["--gap", "0", "--time-limit", str(args.gap0_limit)],
                                         args.gap0_limit + 60)
                out0 = json.loads(done0.stdout) if done0 and done0.stdout else {}
                gap0 = seconds_text(wall0) if out0.get("status") == "optimal" else \
                    f">{args.gap0_limit:.0f} (gap {out0.get('gap', float('nan')) or 0:.3f})"
                ms05, ms0 = out.get("recomputation_time_ms"), out0.get("recomputation_time_ms")
                ms05_text = f"{ms05:.3f}" if ms05 is not None else "-"
                ms0_text = f"{ms0:.3f}" if ms0 is not None else "-"
                above = f"{100.0 * (ms05 - ms0) / ms0:.2f} %" if ms05 is not None and ms0 else "-"
                plan1 = "skip"
                if not args.quick:
                    wall1, done1, _ = run(common + ["--time-limit", "1"], 60)
                    out1 = json.loads(done1.stdout) if done1 and done1.stdout else {}
                    plan1 = f"{seconds_text(wall1)} s, gap {out1['gap']:.3f}" if out1.get("gap") is not None \
                        else "no plan"
                rss_text = f"{max(r for r in (rss, rss0) if r is not None):.0f}" if (rss or rss0) else "-"
                cbc_seed = cbc_ours = "skip"
                if have_cbc and modules <= args.cbc_max_modules:
                    for name, formulation in (("seed", "pairwise-bigm"), ("ours", "cumulative")):
                        if name == "seed" and modules > seed_max:
                            continue
                        mps = os.path.join(tmp, f"{name}.mps")
                        subprocess.run([sac, "export-mps", path, "--budget", b, "--formulation", formulation,
                                        "--quiet", "-o", mps], capture_output=True, check=True)
                        value = cbc_time(mps, args.cbc_limit)
                        if name == "seed":
                            cbc_seed = value
                        else:
                            cbc_ours = value
                print(f"| {modules} | {fraction:.0%} | {budget:.3f} | {gap05} | {found} | {gap0} | {ms05_text} | "
                      f"{ms0_text} | {above} | {plan1} | "
                      f"{rss_text} | {cbc_seed} | {cbc_ours} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
