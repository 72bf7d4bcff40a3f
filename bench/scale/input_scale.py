#!/usr/bin/env python3
"""How reading and the linear-time stages scale with input size (issue 25).

Generates, in a temp dir, inputs of n = 10^4, 10^5, 10^6 elements and times one
`milp-sac` process on each:

  analyze   an autograd chain graph of n forward nodes (+ a loss and n
            backward nodes): JSON reading + liveness analysis
  read      the same file through `analyze` is the whole JSON path; no
            separate reader command exists
  sac deep  a ModuleInfo whose module tree is one chain of d modules (each
            the child of the one before: the deepest tree for its size),
            `sac --budget 1024 --time-limit 20` (sizes: --sac-depths)
  shard     a sharding input with n options (4 per table, 8 devices),
            `shard` (sizes: --shard-options)
  solve     an LP of one knapsack row over n columns in [0, 1] (every column
            a singleton of that row: the presolve's worst case of issue 25),
            `solve --time-limit 20` (sizes: --solve-columns)

CPU seconds (user + system) and max RSS are read with /usr/bin/time when it is
installed (on a shared machine CPU seconds say more than wall seconds). The
last column is the CPU time per element relative to the size before: about 1
for linear growth, log n / log n0 for n log n (the smallest runs take a few
hundredths of a second, too little to compare).

Usage: bench/scale/input_scale.py [--bin DIR] [--sizes 10000,100000,1000000]
Standard library only; prints a Markdown table.
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


def chain_graph(n):
    nodes = [{"name": "x", "stage": "placeholder", "saved": True, "out_bytes": 1024, "inputs": []}]
    prev = "x"
    for i in range(n):
        name = f"f{i}"
        nodes.append({"name": name, "stage": "forward", "saved": True, "out_bytes": 1024,
                      "inputs": [prev], "fwd_flop": 1000, "bwd_flop": 2000})
        prev = name
    nodes.append({"name": "loss", "stage": "loss", "saved": False, "out_bytes": 4, "inputs": [prev],
                  "fwd_flop": 10})
    grad = "loss"
    for i in reversed(range(n)):
        name = f"g{i}"
        nodes.append({"name": name, "stage": "backward", "saved": False, "out_bytes": 1024,
                      "inputs": [grad, f"f{i}"]})
        grad = name
    return {"nodes": nodes}


def deep_module_info(depth):
    fqns = ["m"]
    for _ in range(depth - 1):
        fqns.append(fqns[-1] + ".c")
    stats = []
    for i, fqn in enumerate(fqns):
        leaf = i == depth - 1
        stats.append({"fqn": fqn, "param_per_module": 4096, "grad_per_module": 4096, "grad_total": 4096 * (depth - i),
                      "act_fw_per_module": 1 << 20, "act_bw_per_module": 1 << 20, "act_grad_per_module": 0,
                      "act_total": (1 << 20) * (depth - i), "input_per_module": 1024, "output_per_module": 1024,
                      "fw_runtime_per_module": 0.1, "bw_runtime_per_module": 0.2, "is_leaf": leaf,
                      "sac_runtime": 0 if leaf else 0.05, "sac_memory": 0 if leaf else 1 << 19,
                      "n_segments": 0, "slopes": [], "intercepts": [], "breakpoints": [], "tradeoff_curve": []})
    order = {"fw_pre_order": fqns, "bw_pre_order": fqns, "fw_post_order": fqns[::-1], "bw_post_order": fqns[::-1]}
    return {"mod_order": order, "mod_stats": stats}


def sharding_input(n):
    options = []
    kinds = [("table_wise", 1), ("row_wise", 8), ("column_wise", 2), ("data_parallel", 8)]
    for i in range(n):
        kind, shards = kinds[i % 4]
        size = (1 << 20) * (1 + (i * 7919) % 97)
        options.append({"fqn": f"t{i // 4}", "sharding_type": kind, "compute_kernel": "fused", "hbm": size, "ddr": 0,
                        "perf": 1.0 + (i % 13) / 10,
                        "shards": [{"hbm": size // shards, "ddr": 0, "perf": 1.0 / shards}] * shards})
    return {"topology": {"world_size": 8, "local_world_size": 8, "compute_device": "cuda",
                         "hbm_per_device": 1 << 40, "ddr_per_device": 1 << 40}, "options": options}


def knapsack_mps(n):
    lines = ["NAME KNAP", "ROWS", " N obj", " L cap", "COLUMNS"]
    for j in range(n):
        lines.append(f" x{j} obj {-(1 + (j * 7919) % 101)} cap {1 + (j * 104729) % 89}")
    lines += ["RHS", f" rhs cap {n * 11}", "BOUNDS"]
    lines += [f" UP bnd x{j} 1" for j in range(n)]
    lines.append("ENDATA")
    return "\n".join(lines) + "\n"


def run(cmd):
    timer = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    start = time.monotonic()
    if timer:
        proc = subprocess.run([timer, "-f", "TIME %U %S %M"] + cmd, capture_output=True, text=True)
        wall = time.monotonic() - start
        line = [l for l in proc.stderr.splitlines() if l.startswith("TIME ")][-1].split()
        return proc.returncode, wall, float(line[1]) + float(line[2]), int(line[3]) / 1024
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode, time.monotonic() - start, float("nan"), float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(REPO / "build" / "apps"))
    ap.add_argument("--sizes", default="5000,50000,500000", help="forward nodes (a graph has 2n + 2 nodes)")
    ap.add_argument("--sac-depths", default="100,300,1000")
    ap.add_argument("--shard-options", default="1000,10000,100000")
    ap.add_argument("--solve-columns", default="10000,100000,1000000")
    args = ap.parse_args()
    exe = str(Path(args.bin) / "milp-sac")
    sizes = [int(s) for s in args.sizes.split(",") if s]
    print("| input | n | file MB | exit | wall s | CPU s | max RSS MiB | CPU/n vs size before |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        def table(label, sizes, write, command):
            base = None
            for n in sizes:
                path = Path(tmp) / f"input{n}"
                write(path, n)
                mb = path.stat().st_size / 1e6
                code, wall, cpu, rss = run([exe] + command(str(path)))
                per = cpu / n
                ratio = f"{per / base:.2f}" if base else "-"
                base = per or None  # CPU time 0 (too small to measure) is no base
                print(f"| {label} | {n} | {mb:.1f} | {code} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {ratio} |")
                sys.stdout.flush()
                path.unlink()

        def sizes_of(text):
            return [int(s) for s in text.split(",") if s]

        table("analyze chain (2n+2 nodes)", sizes, lambda p, n: p.write_text(json.dumps(chain_graph(n))),
              lambda f: ["analyze", f])
        table("sac deep tree (modules)", sizes_of(args.sac_depths),
              lambda p, n: p.write_text(json.dumps(deep_module_info(n))),
              lambda f: ["sac", f, "--budget", "1024", "--time-limit", "20"])
        table("shard (options)", sizes_of(args.shard_options),
              lambda p, n: p.write_text(json.dumps(sharding_input(n))), lambda f: ["shard", f])
        table("solve knapsack (columns)", sizes_of(args.solve_columns), lambda p, n: p.write_text(knapsack_mps(n)),
              lambda f: ["solve", f, "--time-limit", "20"])

if __name__ == "__main__":
    main()
