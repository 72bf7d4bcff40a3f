#!/usr/bin/env python3
"""How reading and the linear-time stages scale with input size (issue 25).

Generates, in a temp dir, inputs of n = 10^4, 10^5, 10^6 elements and times one
`milp-sac` process on each:

  analyze   an autograd chain graph of n forward nodes (+ a loss and n
            backward nodes): JSON reading + liveness analysis
  read      the same file through `analyze` is the whole JSON path; no
            separate reader command exists

CPU seconds (user + system) and max RSS are read with /usr/bin/time when it is
installed (on a shared machine CPU seconds say more than wall seconds). The
last column is the CPU time per element relative to the smallest size: about 1
for linear growth, log n / log n0 for n log n.

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
    ap.add_argument("--sizes", default="10000,100000,1000000")
    args = ap.parse_args()
    exe = str(Path(args.bin) / "milp-sac")
    sizes = [int(s) for s in args.sizes.split(",")]
    print("| input | n | file MB | exit | wall s | CPU s | max RSS MiB | CPU/n vs smallest |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for n in sizes:
            path = Path(tmp) / f"chain{n}.json"
            path.write_text(json.dumps(chain_graph(n)))
            mb = path.stat().st_size / 1e6
            code, wall, cpu, rss = run([exe, "analyze", str(path)])
            per = cpu / n
            base = base or per
            print(f"| analyze chain | {n} | {mb:.1f} | {code} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {per / base:.2f} |")
            sys.stdout.flush()
            path.unlink()


if __name__ == "__main__":
    main()
