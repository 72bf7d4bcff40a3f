#!/usr/bin/env python3
"""milp-sac solve and sac on SIGINT / SIGTERM: the JSON is printed with
"status": "interrupted" and the exit code is 130; sac keeps its best plan.

The models are generated here (no data files): a market-split instance
(Cornuejols-Dawande), which branch-and-bound cannot finish in seconds, and a
LLaMA-like ModuleInfo of 4,000 modules (milp-sac-synth, the first argument),
whose root LP at gap 0 takes far longer than the test needs to react: the
signal is sent once sac reports its first plan (the greedy start) on --log.
"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time


def market_split(rows: int, cols: int, seed: int) -> str:
    rng = random.Random(seed)
    a = [[rng.randint(0, 99) for _ in range(cols)] for _ in range(rows)]
    lines = ["NAME marketsplit", "ROWS", " N obj"]
    lines += [f" E r{i}" for i in range(rows)]
    lines.append("COLUMNS")
    lines.append(" MARKER 'MARKER' 'INTORG'")
    for j in range(cols):
        lines.append(f" x{j} obj 1")
        lines += [f" x{j} r{i} {a[i][j]}" for i in range(rows)]
    lines.append(" MARKER 'MARKER' 'INTEND'")
    lines.append("RHS")
    lines += [f" rhs r{i} {sum(a[i]) // 2}" for i in range(rows)]
    lines.append("BOUNDS")
    lines += [f" UP bnd x{j} 1" for j in range(cols)]
    lines.append("ENDATA")
    return "\n".join(lines) + "\n"


def ignored_sigint_stays_ignored(binary: str, path: str) -> int:
    """Started with SIGINT ignored (a shell's background job), solve keeps it
    ignored: the terminal's Ctrl-C does not stop it; SIGTERM still does
    (issue 46, item 10)."""
    proc = subprocess.Popen([binary, "solve", path, "--gap", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    time.sleep(1.0)
    still_running = proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    try:
        proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
    if not still_running or proc.returncode != 130:
        print(f"SIGINT ignored at start: running after SIGINT {still_running}, exit after SIGTERM {proc.returncode}")
        return 1
    print("SIGINT ignored at start: still running after SIGINT, exit 130 on SIGTERM")
    return 0


def main() -> int:
    binary = os.environ.get("MILPSAC_BIN")
    if not binary:
        print("MILPSAC_BIN must be set (run through meson test)")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ms.mps")
        with open(path, "w") as f:
            f.write(market_split(5, 50, 1))
        for sig in (signal.SIGINT, signal.SIGTERM):
            proc = subprocess.Popen([binary, "solve", path, "--gap", "0"], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            time.sleep(1.5)
            if proc.poll() is not None:
                print(f"{sig.name}: the model was solved before the signal (exit {proc.returncode})")
                failures += 1
                continue
            proc.send_signal(sig)
            try:
                out, err = proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                print(f"{sig.name}: still running 30 s after the signal")
                failures += 1
                continue
            if proc.returncode != 130:
                print(f"{sig.name}: exit {proc.returncode}, expected 130; stderr: {err[:300]}")
                failures += 1
                continue
            doc = json.loads(out)
            if doc.get("status") != "interrupted" or doc.get("nodes", 0) < 1:
                print(f"{sig.name}: JSON status {doc.get('status')!r}, nodes {doc.get('nodes')}")
                failures += 1
            else:
                print(f"{sig.name}: exit 130, status interrupted, {doc['nodes']} nodes")
        failures += ignored_sigint_stays_ignored(binary, path)
    if len(sys.argv) > 1:
        failures += sac_keeps_its_plan(binary, sys.argv[1])
    return 1 if failures else 0


def sac_keeps_its_plan(binary: str, synth: str) -> int:
    """1 when sac on SIGINT does not print its greedy plan as "interrupted" and exit 130."""
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "llama.json")
        subprocess.run([synth, "llama", "4000", "-o", model], check=True)
        base = subprocess.run([binary, "baseline", model], capture_output=True, text=True, check=True)
        budget_gib = json.loads(base.stdout)["peak_memory_bytes"] / 2**30 / 2
        proc = subprocess.Popen([binary, "sac", model, "--budget", f"{budget_gib:.3f}", "--gap", "0", "--log",
                                 "--log-interval", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = proc.stderr.readline()
        if "solution" not in first:
            proc.kill()
            proc.communicate()
            print(f"sac: the first --log line is not the first plan: {first!r}")
            return 1
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            print("sac: still running 60 s after SIGINT")
            return 1
        doc = json.loads(out) if out.strip() else {}
        if proc.returncode != 130 or doc.get("status") != "interrupted" or not doc.get("ac_decisions"):
            print(f"sac: exit {proc.returncode}, status {doc.get('status')!r}, "
                  f"{len(doc.get('ac_decisions') or {})} AC decisions; stderr: {err[-300:]}")
            return 1
        print(f"sac: exit 130, status interrupted, plan of {len(doc['ac_decisions'])} AC decisions kept")
        return 0


if __name__ == "__main__":
    sys.exit(main())
