#!/usr/bin/env python3
"""Our LP solver against HiGHS and CBC on every model of a folder (by default
the Netlib set, data/lp/netlib of the shared directory), one solver and one
model after the other, as a Markdown table with per-model times and totals.

Times are CPU seconds (user + sys) of each child process, taken from the
kernel (os.wait4), so that a machine shared with other jobs perturbs them less
than wall time would. All three include start-up and reading the MPS file,
except HiGHS's "solve" column, which is the time scipy_solve.py measures around
the solve alone (its MPS reader is Python and slow, so its process time says
little). Statuses other than optimal, and objectives that differ from ours by
more than 1e-6 relative, are flagged.

HiGHS is SciPy's copy (tools/highs/scipy_solve.py of the shared directory;
`apt-get install python3-scipy`), CBC the `cbc` binary on PATH. Either missing
gives "-" in its columns.

Usage: bench/compare-highs-lp.py [--bin PATH] [--shared DIR] [--data DIR]
                                 [--time-limit S] [--only NAME,...]
                                 [--output FILE] [--title TEXT]
Standard library only.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import run_timed, solve_answer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
CBC_OBJECTIVE = re.compile(r"Optimal objective\s+(\S+)|Objective value:\s+(\S+)")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("MILPSAC_BIN", str(REPO / "build" / "apps" / "milp-sac")),
                        help="milp-sac binary (default: $MILPSAC_BIN or build/apps/milp-sac)")
    parser.add_argument("--shared", default=os.environ.get("MILPSAC_BENCH_DATA", str(REPO.parent / "shared")),
                        help="shared directory with data/ and tools/ (default: $MILPSAC_BENCH_DATA or ../shared)")
    parser.add_argument("--data", default=None, help="folder of .mps / .mps.gz models (default: SHARED/data/lp/netlib)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve and solver (default 60)")
    parser.add_argument("--only", default="", help="comma-separated model names (default: every model)")
    parser.add_argument("--highs-python", default="/usr/bin/python3",
                        help="Python with SciPy that runs scipy_solve.py (default /usr/bin/python3)")
    parser.add_argument("--output", default=None, help="write the Markdown table here (default: stdout)")
    parser.add_argument("--title", default="", help="a line put above the table (e.g. the commit)")
    args = parser.parse_args()
    if args.time_limit <= 0:
        parser.error("--time-limit must be positive")
    return args


def timed(command, timeout):
    """(CPU seconds of the child, exit code or None when killed, output)."""
    _, cpu, code, output = run_timed(command, timeout)
    return cpu, code, output


def ours(binary, path, limit):
    cpu, code, output = timed([binary, "solve", str(path), "--time-limit", repr(limit), "--quiet"], limit + 30)
    status, objective, _ = solve_answer(code, output)
    return cpu, status, objective


def highs(python, script, path, limit):
    if script is None:
        return None, None, "-", None
    cpu, code, output = timed([python, str(script), str(path), repr(limit)], limit + 120)
    if code is None:
        return cpu, None, "killed", None
    fields = output.strip().splitlines()[-1].split("\t") if output.strip() else []
    if code != 0 or len(fields) != 3:
        return cpu, None, f"error(rc={code})", None
    try:
        return cpu, float(fields[2]), fields[0], float(fields[1])
    except ValueError:
        return cpu, None, "error(output)", None


def cbc(binary, path, limit):
    if binary is None:
        return None, "-", None
    cpu, code, output = timed([binary, str(path), "-sec", repr(limit), "-solve", "-quit"], limit + 30)
    if code is None:
        return cpu, "killed", None
    if "Optimal objective" in output or "Optimal - objective" in output:
        status = "optimal"
    elif "infeasible" in output.lower():
        status = "infeasible"
    elif "unbounded" in output.lower():
        status = "unbounded"
    else:
        status = "other"
    match = CBC_OBJECTIVE.search(output)
    objective = float(match.group(1) or match.group(2)) if match else None
    return cpu, status, objective


def differs(a, b):
    return a is not None and b is not None and abs(a - b) > 1e-6 * max(1.0, abs(a), abs(b))


def fmt(x):
    return "-" if x is None else f"{x:.3f}"


def main():
    args = parse_args()
    data = Path(args.data) if args.data else Path(args.shared) / "data" / "lp" / "netlib"
    models = sorted(p for p in data.iterdir() if p.name.endswith((".mps", ".mps.gz")))
    if args.only:
        wanted = set(args.only.split(","))
        models = [p for p in models if p.name.split(".")[0] in wanted]
    if not models:
        sys.exit(f"no .mps or .mps.gz models in {data}")
    script = Path(args.shared) / "tools" / "highs" / "scipy_solve.py"
    # The script needs SciPy, which Debian installs for /usr/bin/python3 (its
    # shebang); that interpreter may differ from the one running this script.
    python = args.highs_python
    if not script.is_file() or subprocess.run([python, "-c", "import scipy"], capture_output=True).returncode != 0:
        script = None
    cbc_binary = shutil.which("cbc")

    lines = []
    if args.title:
        lines += [args.title, ""]
    lines += [f"Models: `{data}` ({len(models)}), limit {args.time_limit:g} s per solve. CPU s = user + sys of the "
              "process (reading included); HiGHS solve s = its own timer around the solve only. "
              "`!` marks a status that is not optimal or an objective that differs from ours by > 1e-6 relative.", "",
              "| model | ours status | ours objective | ours CPU s | HiGHS solve s | HiGHS CPU s | CBC CPU s | note |",
              "|---|---|---|---:|---:|---:|---:|---|"]
    totals = {"ours": 0.0, "highs": 0.0, "highs_cpu": 0.0, "cbc": 0.0}
    for path in models:
        name = path.name.split(".")[0]
        o_cpu, o_status, o_obj = ours(args.bin, path, args.time_limit)
        h_cpu, h_solve, h_status, h_obj = highs(python, script, path, args.time_limit)
        c_cpu, c_status, c_obj = cbc(cbc_binary, path, args.time_limit)
        notes = []
        if o_status != "optimal":
            notes.append(f"ours {o_status}")
        if h_status not in ("optimal", "-"):
            notes.append(f"HiGHS {h_status}")
        if c_status not in ("optimal", "-"):
            notes.append(f"CBC {c_status}")
        if differs(o_obj, h_obj):
            notes.append(f"HiGHS objective {h_obj!r}")
        if differs(o_obj, c_obj):
            notes.append(f"CBC objective {c_obj!r}")
        totals["ours"] += o_cpu
        totals["highs"] += h_solve or 0.0
        totals["highs_cpu"] += h_cpu or 0.0
        totals["cbc"] += c_cpu or 0.0
        objective = "-" if o_obj is None else f"{o_obj:.10g}"
        lines.append(f"| {name} | {o_status} | {objective} | {fmt(o_cpu)} | {fmt(h_solve)} | {fmt(h_cpu)} | "
                     f"{fmt(c_cpu)} | {'! ' + '; '.join(notes) if notes else ''} |")
        print(lines[-1], file=sys.stderr, flush=True)
    lines.append(f"| **total** | | | {totals['ours']:.2f} | {totals['highs']:.2f} | {totals['highs_cpu']:.2f} | "
                 f"{totals['cbc']:.2f} | |")
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
