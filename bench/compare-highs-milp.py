#!/usr/bin/env python3
"""Branch-and-bound against HiGHS and CBC on MIPLIB 3/2017: the models of
INDEX.tsv (sets `miplib3` and `miplib2017`) that CBC proved optimal within
--cbc-seconds (60) run at --time-limit; with --unsolved also the ones CBC did
not prove, at --long-limit. One solver at a time, one model after another (the
machine is shared: CPU time, not wall time, is the measure to compare).

Ours:  bench/bnb/milp_run FILE GAP LIMIT (one JSON line: status, objective,
       nodes, LP iterations, root bounds, ...); CPU time of the process.
HiGHS 1.15.1: the latest release, native (tools/highs/bin/highs, or
       --native-highs), one thread, the same gap; CPU time of the process
       (reading included, like ours) and its node count. The anchor (issue 45).
HiGHS: SciPy's older copy through tools/highs/scipy_solve.py (prints
       status, objective, solve seconds; the MPS reading is not timed), a column.
CBC:   `cbc FILE -ratioGap 0 -allowableGap 0 -sec LIMIT -solve -quit`, CPU time
       of the process (includes reading).

An optimum counts as correct when it matches the published optimum or CBC's
objective in INDEX.tsv to 1e-6 relative. --write FILE writes the Markdown
table with a header saying how it was made (default: print only); --save FILE
writes JSON lines; --only a,b restricts the models; --skip-highs/--skip-cbc/
--skip-native. --folder DIR runs every .mps/.mps.gz under DIR instead of
INDEX.tsv (models gathered elsewhere, e.g. MIPLIB 2017's benchmark set): their
reference is HiGHS 1.15.1's proven optimum, else CBC's, else none.
--long-only a,b keeps, of the models CBC did not prove, only these (issue 23's
moonshot list); --long-cbc-limit S gives CBC its own limit on them (0: not run,
its 60 s result being in INDEX.tsv already). The summary counts the two sets
apart and gives the median time ratio of ours to each comparator over the
models both prove (ours CPU; HiGHS 1.15.1 CPU; SciPy's HiGHS solve time), and
the median node ratio ours / HiGHS 1.15.1 (each count at least 1). The ratio
counts our tree's nodes as HiGHS counts its own: a root that ends in a restart
is not a node (HighsMipSolverData::performRestart adds none; its root counts
only when the search ends there), nor is a node solved again inside bound
changes it found itself (HighsSearch::evaluateNode re-evaluates it after
reduced-cost fixings, HighsSearch::branch after a strong-branching child is
cut off, within the same node), so ours is `nodes - restarts - resolves` (each
restart ends a search at its root; MilpResult::resolves); the table's nodes
column and the summary's second median count every pass.

Usage: bench/compare-highs-milp.py [--data DIR | --folder DIR] [--time-limit S] [--long-limit S]
         [--unsolved [--long-only a,b] [--long-cbc-limit S]] [--only a,b]
         [--write docs/milp-highs.md] [--save F]
Standard library only (HiGHS needs python3-scipy for its own script).
"""
import argparse
import csv
import datetime
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# ../shared beside the checkout; a git worktree one level deeper (wt/NAME) looks two levels up.
SHARED = Path(os.environ.get("MILPSAC_BENCH_DATA", next(
    (str(p / "shared") for p in (REPO.parent, REPO.parent.parent) if (p / "shared").is_dir()), str(REPO.parent / "shared"))))


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=str(REPO / "build" / "bench" / "bnb" / "milp_run"))
    p.add_argument("--data", default=str(SHARED / "data" / "lp"), help="folder holding INDEX.tsv and the models")
    p.add_argument("--highs", default=str(SHARED / "tools" / "highs" / "scipy_solve.py"))
    # Debian's python3-scipy lives beside the system interpreter, not necessarily the one on PATH.
    p.add_argument("--highs-python", default="/usr/bin/python3" if Path("/usr/bin/python3").exists() else "python3")
    p.add_argument("--time-limit", type=float, default=60.0)
    p.add_argument("--long-limit", type=float, default=600.0)
    p.add_argument("--cbc-seconds", type=float, default=60.0)
    p.add_argument("--unsolved", action="store_true", help="also the models CBC did not prove, at --long-limit")
    p.add_argument("--long-only", default="", help="with --unsolved: only these of the models CBC did not prove")
    p.add_argument("--long-cbc-limit", type=float, default=None,
                   help="CBC's limit on the models CBC did not prove (default --long-limit; 0: CBC not run on them)")
    p.add_argument("--gap", type=float, default=0.0)
    p.add_argument("--only", default="")
    p.add_argument("--write", default="")
    p.add_argument("--save", default="")
    p.add_argument("--skip-highs", action="store_true")
    p.add_argument("--skip-cbc", action="store_true")
    p.add_argument("--native-highs", default=str(SHARED / "tools" / "highs" / "bin" / "highs"),
                   help="native HiGHS 1.15.1 binary (the anchor)")
    p.add_argument("--skip-native", action="store_true")
    p.add_argument("--folder", default="", help="run every .mps/.mps.gz under this folder instead of INDEX.tsv")
    args = p.parse_args()
    if args.long_only and not args.unsolved:
        p.error("--long-only picks among the models CBC did not prove: it needs --unsolved")
    return args


def folder_models(args):
    """Every model under --folder (recursively), named by its file name."""
    only = set(filter(None, args.only.split(",")))
    rows = []
    for path in sorted((q for q in Path(args.folder).rglob("*") if q.name.endswith((".mps", ".mps.gz"))),
                       key=lambda q: q.name):
        name = path.name.split(".")[0]
        if only and name not in only:
            continue
        rows.append({"name": name, "file": str(path.resolve()), "published_optimum": "", "cbc_objective": "",
                     "limit": args.time_limit, "long": False})
    if not rows:
        print(f"compare-highs-milp: no .mps or .mps.gz models under {args.folder}", file=sys.stderr)
        sys.exit(2)
    return rows


def load_models(args):
    if args.folder:
        return folder_models(args)
    only = set(filter(None, args.only.split(",")))
    long_only = set(filter(None, args.long_only.split(",")))
    rows = []
    with open(Path(args.data) / "INDEX.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["set"] not in ("miplib3", "miplib2017"):
                continue
            if only and row["name"] not in only:
                continue
            proven = row["cbc_status"] == "optimal" and float(row["cbc_seconds"] or "inf") <= args.cbc_seconds
            if not proven and not args.unsolved and not only:
                continue
            if not proven and long_only and row["name"] not in long_only:
                continue
            row["limit"] = args.time_limit if proven else args.long_limit
            row["long"] = not proven
            rows.append(row)
    # A misspelt name would silently drop a model from the run.
    unknown = (only | long_only) - {row["name"] for row in rows}
    if unknown:
        print(f"compare-highs-milp: --only/--long-only: no such model among the ones selected from "
              f"{Path(args.data) / 'INDEX.tsv'}: {', '.join(sorted(unknown))}", file=sys.stderr)
        sys.exit(2)
    return rows


def timed(cmd, limit):
    """Runs cmd; returns (stdout, CPU seconds of the child) or (None, cpu) when it had to be killed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit * 2 + 60).stdout
    except subprocess.TimeoutExpired:
        out = None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run_ours(args, path, limit):
    out, cpu = timed([args.bin, str(path), str(args.gap), str(limit)], limit)
    try:
        rec = json.loads(out.strip().splitlines()[-1]) if out and out.strip() else {"status": "crash"}
    except (json.JSONDecodeError, IndexError):
        rec = {"status": "bad-output"}
    if out is None:
        rec = {"status": "killed"}
    rec["cpu"] = cpu
    return rec


def run_highs(args, path, limit):
    if args.skip_highs or not Path(args.highs).exists():
        return None
    out, cpu = timed([args.highs_python, args.highs, str(path), str(limit), str(max(args.gap, 0.0))], limit)
    if not out or len(out.split()) < 3:
        return {"status": "failed", "objective": None, "seconds": None}
    status, obj, secs = out.split()[:3]
    return {"status": status, "objective": float(obj), "seconds": float(secs)}


def run_native(args, path, limit):
    """HiGHS 1.15.1 native, one thread, the requested gap: status, objective, CPU s of its process, nodes."""
    if args.skip_native or not os.access(args.native_highs, os.X_OK):
        return None
    options = Path(tempfile.mkdtemp()) / "highs-options.txt"
    # HiGHS writes Highs.log into the working folder unless told where.
    options.write_text(f"threads = 1\nmip_rel_gap = {max(args.gap, 0.0)!r}\nlog_file = {options.parent / 'Highs.log'}\n")
    out, cpu = timed([args.native_highs, "--model_file", str(path), "--time_limit", str(limit),
                      "--options_file", str(options)], limit)
    shutil.rmtree(options.parent, ignore_errors=True)
    text = out or ""
    match = re.search(r"Model status\s*:\s*(.+)", text) or re.search(r"^\s*Status\s+(\S.*)$", text, re.M)
    status = match.group(1).strip().lower().replace(" ", "_") if match else ("killed" if out is None else "failed")
    status = {"time_limit_reached": "time_limit"}.get(status, status)
    match = re.search(r"Objective value\s*:\s*(\S+)", text) or re.search(r"Primal bound\s+(\S+)", text)
    try:
        obj = float(match.group(1)) if match else None
    except ValueError:  # "inf" when no solution was found
        obj = None
    match = re.search(r"^\s*Nodes\s+(\d+)", text, re.M)
    nodes = int(match.group(1)) if match else None
    return {"status": status, "objective": obj, "seconds": cpu, "nodes": nodes}


def run_cbc(args, path, limit):
    cbc = shutil.which("cbc")
    if args.skip_cbc or cbc is None:
        return None
    out, cpu = timed([cbc, str(path), "-ratioGap", str(args.gap), "-allowableGap", "0", "-sec", str(limit), "-solve",
                      "-quit"], limit)
    status, obj = "failed", None
    for line in (out or "").splitlines():
        if line.startswith("Result - Optimal solution found"):
            status = "optimal"
        elif line.startswith("Result - Stopped on time"):
            status = "time_limit"
        elif line.startswith("Result - Problem proven infeasible"):
            status = "infeasible"
        elif line.startswith("Objective value:"):
            obj = float(line.split()[-1])
    return {"status": status, "objective": obj, "seconds": cpu}


def correct(rec, refs, gap=0.0):
    """Proven with the reference objective: status optimal, or (ours) gap_limit
    with a gap within the requested one, which is a proof at that gap."""
    proven = rec is not None and (rec.get("status") == "optimal" or (
        rec.get("status") == "gap_limit" and rec.get("gap") is not None and rec["gap"] <= gap))
    return (proven and rec.get("objective") is not None
            and any(abs(rec["objective"] - r) <= 1e-6 * max(1.0, abs(r)) for r in refs))


def fmt(v, digits=6):
    if v is None:
        return "-"
    return f"{v:.{digits}g}" if isinstance(v, float) else str(v)


def cell(rec, ok, seconds):
    if rec is None:
        return "-"
    tag = "" if ok or rec.get("status") != "optimal" else " (WRONG)"
    return f"{rec.get('status')}{tag} {fmt(seconds, 3)}"


def median_ratio(results, other):
    """The median of ours (CPU) over `other`'s seconds ("highs" or "cbc") on the models both prove, and their count."""
    both = [r for r in results if r["ours_ok"] and r[other + "_ok"]]
    if not both:
        return None, 0
    return statistics.median(r["ours"]["cpu"] / max(r[other]["seconds"], 1e-3) for r in both), len(both)


def tree_nodes(ours, count_every_pass=False):
    """Our node count as HiGHS counts its own: without the roots that ended in a restart and the
    passes that solved a node again (module docstring)."""
    nodes = ours["nodes"]
    if not count_every_pass:
        nodes -= (ours.get("restarts") or 0) + (ours.get("resolves") or 0)
    return max(nodes, 1)


def median_node_ratio(results, count_every_pass=False):
    """The median of ours / HiGHS 1.15.1's node count (each at least 1) on the models both prove, and their count."""
    both = [r for r in results if r["ours_ok"] and r["native_ok"] and r["ours"].get("nodes") is not None
            and r["native"].get("nodes") is not None]
    if not both:
        return None, 0
    return statistics.median(tree_nodes(r["ours"], count_every_pass) / max(r["native"]["nodes"], 1)
                             for r in both), len(both)


def summarize(results, args):
    """One line per set (CBC-proven at --time-limit, the others at --long-limit): proven counts and medians."""
    out = []
    for long, what in ((False, f"models CBC proved within {args.cbc_seconds:g} s, at {args.time_limit:g} s"),
                       (True, f"models CBC did not prove, at {args.long_limit:g} s")):
        rs = [r for r in results if r["long"] == long]
        if not rs:
            continue
        n = len(rs)
        line = (f"{what}: proven (optimal, or within the requested gap) with the reference objective: "
                f"ours {sum(r['ours_ok'] for r in rs)}/{n}, HiGHS 1.15.1 {sum(r['native_ok'] for r in rs)}/{n}, "
                f"SciPy's HiGHS {sum(r['highs_ok'] for r in rs)}/{n}, "
                f"CBC {sum(r['cbc_ok'] for r in rs)}/{sum(r['cbc'] is not None for r in rs)}")
        for key, name in (("native", "HiGHS 1.15.1"), ("highs", "SciPy's HiGHS"), ("cbc", "CBC")):
            med, k = median_ratio(rs, key)
            if med is not None:
                line += f"; median time ours/{name} {med:.3f} over the {k} both prove"
        med, k = median_node_ratio(rs)
        if med is not None:
            every_pass, _ = median_node_ratio(rs, count_every_pass=True)
            line += (f"; median node ratio ours/HiGHS 1.15.1 {med:.2f} over the {k} both prove"
                     f" ({every_pass:.2f} counting our restarts' roots and re-solved nodes as nodes)")
        slow = sorted(r["model"] for r in rs if r["ours_ok"] and r["ours"]["cpu"] > 30)
        line += f"; proven by ours above 30 s: {', '.join(slow) if slow else 'none'}"
        out.append(line)
    return out


def main():
    args = parse_args()
    models = load_models(args)  # before the header: a bad --only fails with nothing printed
    lines = ["| model | limit s | reference | ours | ours objective | nodes | LP iters | root LP | root after cuts"
             " | HiGHS 1.15.1 | 1.15.1 nodes | node ratio | HiGHS (SciPy) | HiGHS objective | CBC | CBC objective |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    print("\n".join(lines), flush=True)
    results = []
    for row in models:
        path = Path(args.data) / row["file"]
        refs = [float(v) for v in (row["published_optimum"], row["cbc_objective"]) if v]
        limit = row["limit"]
        ours = run_ours(args, path, limit)
        highs = run_highs(args, path, limit)
        native = run_native(args, path, limit)
        if not refs and native and native["status"] == "optimal" and native["objective"] is not None:
            refs = [native["objective"]]  # a folder model: HiGHS 1.15.1's proven optimum is the reference
        cbc_limit = limit if not row["long"] or args.long_cbc_limit is None else args.long_cbc_limit
        cbc = run_cbc(args, path, cbc_limit) if cbc_limit > 0 else None
        rec = {"model": row["name"], "limit": limit, "long": row["long"], "refs": refs, "ours": ours, "highs": highs, "cbc": cbc,
               "native": native, "ours_ok": correct(ours, refs, args.gap), "highs_ok": correct(highs, refs),
               "native_ok": correct(native, refs), "cbc_ok": correct(cbc, refs)}
        node_ratio = None
        if rec["ours_ok"] and rec["native_ok"] and ours.get("nodes") is not None and native["nodes"] is not None:
            node_ratio = tree_nodes(ours) / max(native["nodes"], 1)
        results.append(rec)
        line = (f"| {row['name']} | {limit:g} | {fmt(refs[0] if refs else None)}"
                f" | {cell(ours, rec['ours_ok'], ours['cpu'])} | {fmt(ours.get('objective'))}"
                f" | {fmt(ours.get('nodes'))} | {fmt(ours.get('lp_iterations'))} | {fmt(ours.get('root_lp_bound'))}"
                f" | {fmt(ours.get('root_bound'))}"
                f" | {cell(native, rec['native_ok'], native and native['seconds'])}"
                f" | {fmt(native and native['nodes'])} | {fmt(node_ratio, 3)}"
                f" | {cell(highs, rec['highs_ok'], highs and highs['seconds'])}"
                f" | {fmt(highs and highs['objective'])}"
                f" | {cell(cbc, rec['cbc_ok'], cbc and cbc['seconds'])} | {fmt(cbc and cbc['objective'])} |")
        lines.append(line)
        print(line, flush=True)
    summary = "\n".join(summarize(results, args))
    print("\n" + summary)
    if args.save:
        with open(args.save, "w") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
    if args.write:
        head = [f"<!-- written by bench/compare-highs-milp.py on {datetime.date.today()} -->", "",
                f"Time limit {args.time_limit:g} s (models CBC proved within {args.cbc_seconds:g} s), "
                f"{args.long_limit:g} s for the others; gap {args.gap:g}. Seconds: CPU time of the process for ours "
                "CBC and HiGHS 1.15.1 (one thread), SciPy's HiGHS its own solve time (reading excluded). One solver at a time on a shared 2-core "
                "machine: times are noisy, node counts and statuses are not.", ""]
        Path(args.write).write_text("\n".join(head + lines + ["", summary, ""]))


if __name__ == "__main__":
    main()
