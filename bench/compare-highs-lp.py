#!/usr/bin/env python3
"""Our LP solver against HiGHS and CBC on every model of a folder (by default
the Netlib set, data/lp/netlib of the shared directory), one solver and one
model after the other, as a Markdown table with per-model times and totals.

Times are CPU seconds (user + sys) of each child process, taken from the
kernel (os.wait4), so that a machine shared with other jobs perturbs them less
than wall time would. All three include start-up and reading the MPS file,
except HiGHS's "solve" column, which is the time scipy_solve.py measures around
the solve alone (its MPS reader is Python and slow, so its process time says
little). "ours timer" is the `seconds` of our answer (wall, from before
reading the file); "ours solve" is that less its `read_seconds` (reading and
checking the file), the like-for-like match for HiGHS's solve timer, which
starts from a model in memory (issue 22 compares solve times only). The
summary under the table reads issue 22's goals off the solve ratio, and gives
the total with reading as well. Statuses other than optimal, and
objectives that differ from ours by more than 1e-6 relative, are flagged.

The anchor (issue 44) is native HiGHS 1.15.1, the latest release
(tools/highs/bin/highs of the shared directory, or --native-highs PATH), run
here directly with one thread, so that its CPU seconds are its whole process
like ours: "1.15 CPU s" and "ratio 1.15" = ours CPU s / 1.15 CPU s, whole
process against whole process (start-up, reading, presolve, solve). Issue
44's goals are read off that ratio under the table: total <= 1.0x, every
model <= 1.5x, median <= 0.8 up to 1,000 rows.

"HiGHS" without a version is SciPy's older copy (tools/highs/scipy_solve.py
of the shared directory; `apt-get install python3-scipy`), kept as a column;
CBC the `cbc` binary on PATH. Any one missing gives "-" in its columns.

Usage: bench/compare-highs-lp.py [--bin PATH] [--shared DIR] [--data DIR]
                                 [--native-highs PATH] [--skip-scipy] [--skip-cbc]
                                 [--time-limit S] [--only NAME,...]
                                 [--output FILE] [--title TEXT]
Standard library only.
"""
import argparse
import gzip
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
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
    parser.add_argument("--data", default=None,
                        help="folder of .mps / .mps.gz models, searched recursively (default: SHARED/data/lp/netlib)")
    parser.add_argument("--native-highs", default=None,
                        help="native HiGHS binary (default: SHARED/tools/highs/bin/highs; 'none' to skip)")
    parser.add_argument("--skip-scipy", action="store_true", help="leave out SciPy's HiGHS")
    parser.add_argument("--skip-cbc", action="store_true", help="leave out CBC")
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
    """(process CPU s, status, objective, the answer's own `seconds`: wall
    time from before reading the file to the answer, start-up excluded, and
    that time less `read_seconds`: the solve alone)."""
    cpu, code, output = timed([binary, "solve", str(path), "--time-limit", repr(limit), "--quiet"], limit + 30)
    status, objective, answer = solve_answer(code, output)
    seconds = answer.get("seconds") if answer else None
    read = answer.get("read_seconds") if answer else None
    if not isinstance(seconds, (int, float)):
        return cpu, status, objective, None, None
    solve = seconds - read if isinstance(read, (int, float)) else None
    return cpu, status, objective, seconds, solve


def mps_rows(path):
    """Constraint rows of an MPS file (the ROWS section without its N rows)."""
    opener = gzip.open if path.name.endswith(".gz") else open
    rows, in_rows = 0, False
    with opener(path, "rt", errors="replace") as f:
        for line in f:
            if not line.strip() or line.startswith("*"):
                continue
            if not line[0].isspace():
                section = line.split()[0].upper()
                if in_rows and section != "ROWS":
                    break
                in_rows = section == "ROWS"
                continue
            if in_rows and line.split()[0].upper() != "N":
                rows += 1
    return rows


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


def native_highs(binary, options, path, limit):
    """(process CPU s, status, objective, HiGHS's own run time) of native
    HiGHS on one file: one thread, presolve and everything else at its
    defaults (what a user of the `highs` command gets)."""
    if binary is None:
        return None, "-", None, None
    cpu, code, output = timed([binary, "--model_file", str(path), "--time_limit", repr(limit),
                               "--options_file", str(options)], limit + 30)
    if code is None:
        return cpu, "killed", None, None
    match = re.search(r"Model status\s*:\s*(.+)", output)
    status = match.group(1).strip().lower().replace(" ", "_") if match else f"error(rc={code})"
    status = {"time_limit_reached": "time_limit"}.get(status, status)
    match = re.search(r"Objective value\s*:\s*(\S+)", output)
    objective = float(match.group(1)) if match else None
    match = re.search(r"HiGHS run time\s*:\s*(\S+)", output)
    run_time = float(match.group(1)) if match else None
    return cpu, status, objective, run_time


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


def summary(totals, ratios):
    """Issue 22's goals, read off the table: ratios of our solve time (our
    timer less reading the file) to HiGHS's solve timer."""
    out = []
    if totals["highs"] > 0:
        out.append(f"- total of our solve times / HiGHS's: {totals['ours_solve']:.2f} / {totals['highs']:.2f} s = "
                   f"{totals['ours_solve'] / totals['highs']:.2f} (goal <= 1.2)")
        out.append(f"- the same with our reading of the files included: {totals['ours_timer']:.2f} s = "
                   f"{totals['ours_timer'] / totals['highs']:.2f}")
    return out + ratio_lines(ratios, "median ratio", "<= 1", 2.0, "2x HiGHS", 1, "")


def ratio_lines(ratios, median_label, median_goal, limit, limit_label, digits, suffix):
    """The median ratio for models up to and above 1,000 rows, and the models
    above `limit` (worst first), from (model, rows, ratio) triples."""
    out = []
    for label, chosen in (("<= 1,000 rows", [r for r in ratios if r[1] <= 1000]),
                          ("> 1,000 rows", [r for r in ratios if r[1] > 1000])):
        if chosen:
            out.append(f"- {median_label}, {len(chosen)} models {label}: "
                       f"{statistics.median(r[2] for r in chosen):.2f} (goal for <= 1,000 rows: {median_goal})")
    above = sorted((r for r in ratios if r[2] > limit), key=lambda r: -r[2])
    out.append(f"- models above {limit_label}: {len(above)}" +
               (": " + ", ".join(f"{n} {q:.{digits}f}x" for n, _, q in above) if above else "") + suffix)
    return out


def native_summary(totals, ratios):
    """Issue 44's goals against native HiGHS 1.15.1, whole process both."""
    if totals["native"] <= 0:
        return []
    out = [f"- against HiGHS 1.15.1, whole process both: total {totals['ours']:.2f} / {totals['native']:.2f} s = "
           f"{totals['ours'] / totals['native']:.2f} (goal <= 1.0), over the models both solve: "
           f"{totals['ours_both']:.2f} / {totals['native_both']:.2f} s"]
    return out + ratio_lines(ratios, "median ratio to 1.15.1", "<= 0.8", 1.5, "1.5x HiGHS 1.15.1", 2, " (goal: none)")


def main():
    args = parse_args()
    data = Path(args.data) if args.data else Path(args.shared) / "data" / "lp" / "netlib"
    models = sorted((p for p in data.rglob("*") if p.name.endswith((".mps", ".mps.gz"))), key=lambda p: p.name)
    if args.only:
        wanted = set(args.only.split(","))
        models = [p for p in models if p.name.split(".")[0] in wanted]
    if not models:
        sys.exit(f"no .mps or .mps.gz models in {data}")
    script = Path(args.shared) / "tools" / "highs" / "scipy_solve.py"
    # The script needs SciPy, which Debian installs for /usr/bin/python3 (its
    # shebang); that interpreter may differ from the one running this script.
    python = args.highs_python
    if args.skip_scipy or not script.is_file() or \
            subprocess.run([python, "-c", "import scipy"], capture_output=True).returncode != 0:
        script = None
    cbc_binary = None if args.skip_cbc else shutil.which("cbc")
    native = args.native_highs or str(Path(args.shared) / "tools" / "highs" / "bin" / "highs")
    native = native if native != "none" and os.access(native, os.X_OK) else None
    native_options = None
    if native:
        native_options = Path(tempfile.mkdtemp()) / "highs-options.txt"
        # HiGHS writes Highs.log into the working folder unless told where.
        native_options.write_text(f"threads = 1\nlog_file = {native_options.parent / 'Highs.log'}\n")

    lines = []
    if args.title:
        lines += [args.title, ""]
    lines += [f"Models: `{data}` ({len(models)}), limit {args.time_limit:g} s per solve. CPU s = user + sys of the "
              "process (start-up and reading included); ours timer s = the answer's `seconds` (wall, reading "
              "included); ours solve s = that less the answer's `read_seconds`; HiGHS solve s = its own timer "
              "around the solve only; ratio = ours solve / HiGHS solve. "
              "1.15 CPU s = native HiGHS 1.15.1's process (one thread); ratio 1.15 = ours CPU s / 1.15 CPU s. "
              "`!` marks a status that is not optimal or an objective that differs from ours by > 1e-6 relative.", "",
              "| model | rows | ours status | ours objective | ours CPU s | 1.15 CPU s | ratio 1.15 | ours timer s | "
              "ours solve s | HiGHS solve s | ratio | HiGHS CPU s | CBC CPU s | note |",
              "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    totals = {"ours": 0.0, "ours_timer": 0.0, "ours_solve": 0.0, "highs": 0.0, "highs_cpu": 0.0, "cbc": 0.0,
              "native": 0.0, "ours_both": 0.0, "native_both": 0.0}
    ratios = []  # (model, rows, ours solve / HiGHS solve) where both are optimal
    native_ratios = []  # (model, rows, ours CPU / HiGHS 1.15.1 CPU) where both are optimal
    for path in models:
        name = path.name.split(".")[0]
        rows = mps_rows(path)
        o_cpu, o_status, o_obj, o_timer, o_solve = ours(args.bin, path, args.time_limit)
        h_cpu, h_solve, h_status, h_obj = highs(python, script, path, args.time_limit)
        c_cpu, c_status, c_obj = cbc(cbc_binary, path, args.time_limit)
        n_cpu, n_status, n_obj, _ = native_highs(native, native_options, path, args.time_limit)
        notes = []
        if n_status not in ("optimal", "-"):
            notes.append(f"HiGHS 1.15.1 {n_status}")
        if differs(o_obj, n_obj):
            notes.append(f"HiGHS 1.15.1 objective {n_obj!r}")
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
        totals["ours_timer"] += o_timer or 0.0
        totals["ours_solve"] += o_solve or 0.0
        totals["highs"] += h_solve or 0.0
        # Timers below a millisecond say little: the ratio takes 1 ms as floor.
        ratio = None
        if o_status == "optimal" and h_status == "optimal" and o_solve is not None and h_solve is not None:
            ratio = max(o_solve, 1e-3) / max(h_solve, 1e-3)
            ratios.append((name, rows, ratio))
        totals["native"] += n_cpu or 0.0
        native_ratio = None
        if o_status == "optimal" and n_status == "optimal" and n_cpu is not None:
            native_ratio = max(o_cpu, 1e-3) / max(n_cpu, 1e-3)
            native_ratios.append((name, rows, native_ratio))
            totals["ours_both"] += o_cpu
            totals["native_both"] += n_cpu
        totals["highs_cpu"] += h_cpu or 0.0
        totals["cbc"] += c_cpu or 0.0
        objective = "-" if o_obj is None else f"{o_obj:.10g}"
        ratio_text = "-" if ratio is None else f"{ratio:.2f}"
        native_text = "-" if native_ratio is None else f"{native_ratio:.2f}"
        lines.append(f"| {name} | {rows} | {o_status} | {objective} | {fmt(o_cpu)} | {fmt(n_cpu)} | {native_text} | "
                     f"{fmt(o_timer)} | {fmt(o_solve)} | "
                     f"{fmt(h_solve)} | "
                     f"{ratio_text} | {fmt(h_cpu)} | {fmt(c_cpu)} | {'! ' + '; '.join(notes) if notes else ''} |")
        print(lines[-1], file=sys.stderr, flush=True)
    lines.append(f"| **total** | | | | {totals['ours']:.2f} | {totals['native']:.2f} | | {totals['ours_timer']:.2f} | "
                 f"{totals['ours_solve']:.2f} | {totals['highs']:.2f} | | "
                 f"{totals['highs_cpu']:.2f} | {totals['cbc']:.2f} | |")
    lines += ["", *native_summary(totals, native_ratios), *summary(totals, ratios)]
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
