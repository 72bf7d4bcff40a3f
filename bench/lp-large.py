#!/usr/bin/python3
"""Our LP solver against native HiGHS on a folder of large LPs (issue 44).

Each model of the folder (.mps / .mps.gz, searched recursively) is solved by
`milp-sac solve` and by native HiGHS (one thread, its defaults), one process
after the other, each with a time limit. Times are CPU seconds of the process
(user + sys, from os.wait4, so other jobs on a shared machine perturb them
less than wall time); our peak RSS comes from the same rusage. Rows, columns
and nonzeros are HiGHS's count of the model as read. Prints a Markdown table
(docs/lp-speed.md, "Large LPs").

    bench/lp-large.py --data /work/bench-data/lp-large --time-limit 300
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path


def run(command, timeout):
    """(CPU s, peak RSS MiB, exit code or None when killed, output) of one child."""
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        killed = []
        timer = threading.Timer(timeout, lambda: (killed.append(1), child.kill()))
        timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        timer.cancel()
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, usage.ru_maxrss / 1024.0, (None if killed else child.returncode), text


def ours(binary, path, limit):
    cpu, rss, code, text = run([binary, "solve", str(path), "--time-limit", repr(limit), "--quiet"], limit + 60)
    if code is None:
        return cpu, rss, "killed", None
    start = text.find("{")
    try:
        answer = json.loads(text[start:]) if start >= 0 else None
    except json.JSONDecodeError:
        answer = None
    if not isinstance(answer, dict) or "status" not in answer:
        return cpu, rss, f"error(rc={code})", None
    objective = answer.get("objective")
    return cpu, rss, str(answer["status"]), objective if isinstance(objective, (int, float)) else None


def highs(binary, options, path, limit):
    cpu, rss, code, text = run([binary, "--model_file", str(path), "--time_limit", repr(limit),
                                "--options_file", str(options)], limit + 60)
    size = re.search(r"has (\d+) rows?; (\d+) cols?; (\d+) (?:matrix )?nonzeros", text)
    shape = tuple(int(x) for x in size.groups()) if size else (None, None, None)
    if code is None:
        return cpu, rss, "killed", None, shape
    match = re.search(r"Model status\s*:\s*(.+)", text)
    status = match.group(1).strip().lower().replace(" ", "_") if match else f"error(rc={code})"
    status = {"time_limit_reached": "time_limit"}.get(status, status)
    match = re.search(r"Objective value\s*:\s*(\S+)", text)
    return cpu, rss, status, float(match.group(1)) if match else None, shape


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="folder of .mps / .mps.gz models")
    parser.add_argument("--bin", default=os.environ.get("MILPSAC_BIN", "build/apps/milp-sac"))
    parser.add_argument("--highs", default=str(Path(os.environ.get("MILPSAC_BENCH_DATA", "../shared"))
                                               / "tools" / "highs" / "bin" / "highs"))
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds per solve and solver")
    parser.add_argument("--only", help="comma-separated model names")
    parser.add_argument("--skip-highs", action="store_true", help="run ours only")
    args = parser.parse_args()
    models = sorted((p for p in Path(args.data).rglob("*") if p.name.endswith((".mps", ".mps.gz"))),
                    key=lambda p: p.name)
    if args.only:
        wanted = set(args.only.split(","))
        models = [p for p in models if p.name.split(".")[0] in wanted]
    options = Path(tempfile.mkdtemp()) / "highs-options.txt"
    options.write_text(f"threads = 1\nlog_file = {options.parent / 'Highs.log'}\n")
    print("| model | rows | cols | nnz | ours status | objective | rel. diff to HiGHS | ours CPU s | HiGHS CPU s "
          "| ratio | ours peak RSS MiB | HiGHS peak RSS MiB |")
    print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for path in models:
        name = path.name.split(".")[0]
        if args.skip_highs:
            h_cpu, h_rss, h_status, h_obj, shape = None, None, "-", None, (None, None, None)
        else:
            h_cpu, h_rss, h_status, h_obj, shape = highs(args.highs, options, path, args.time_limit)
        o_cpu, o_rss, o_status, o_obj = ours(args.bin, path, args.time_limit)
        diff = "-"
        if o_obj is not None and h_obj is not None:
            diff = f"{abs(o_obj - h_obj) / max(1.0, abs(h_obj)):.1e}"
        ratio = f"{o_cpu / h_cpu:.2f}" if h_cpu and o_status == "optimal" and h_status == "optimal" else "-"
        status = o_status if h_status in ("optimal", "-") else f"{o_status} (HiGHS {h_status})"
        obj = "-" if o_obj is None else f"{o_obj:.10g}"
        fmt = lambda x, d=2: "-" if x is None else f"{x:.{d}f}"
        print(f"| {name} | {shape[0] or '-'} | {shape[1] or '-'} | {shape[2] or '-'} | {status} | {obj} | {diff} | "
              f"{fmt(o_cpu)} | {fmt(h_cpu)} | {ratio} | {fmt(o_rss, 0)} | {fmt(h_rss, 0)} |", flush=True)


if __name__ == "__main__":
    main()
