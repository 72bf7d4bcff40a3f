#!/usr/bin/env python3
"""-o FILE with every command and every --format (issue 43): the answer goes
to FILE, nothing to stdout, exit 0; the file holds what stdout holds without
-o. (Before, sac, sac --budget-sweep and baseline printed their tables with
printf, which -o did not redirect: the table on stdout and FILE empty.)

Uses only the bundled examples/. Run by meson (suite cli) with MILPSAC_BIN set.
"""
import json
import os
import subprocess
import sys
import tempfile

BIN = os.environ.get("MILPSAC_BIN")
SOURCE = os.environ.get("MILPSAC_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(SOURCE, "examples")
TIMEOUT = 120

COMMANDS = {
    "solve": ["solve", "smalllp.mps"],
    "sac": ["sac", "transformer_l4.json", "--budget", "4"],
    "sac --budget-sweep": ["sac", "transformer_l4.json", "--budget-sweep", "--points", "3", "--threads", "1"],
    "baseline": ["baseline", "transformer_l4.json"],
    "policy": ["policy", "sac_stats.json", "--budget", "0.5"],
    "policy --budget-sweep": ["policy", "sac_stats.json", "--budget-sweep"],
    "shard": ["shard", "sharding_input.json"],
    "analyze": ["analyze", "autograd_graph.json"],
    "evaluate": ["evaluate", "transformer_l4.json", "--plan", os.path.join(EXAMPLES, "transformer_l4_sac_milp_plan.json"),
                 "--world-size", "4"],
}


def first_line(text):
    return text.split(b"\n", 1)[0].split(b",")[0]


def main():
    if not BIN:
        print("MILPSAC_BIN must be set (run through meson test)")
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, (command, example, *options) in COMMANDS.items():
            args = [command, os.path.join(EXAMPLES, example)] + options
            for fmt in ("json", "table"):
                out = os.path.join(tmp, f"{command}-{fmt}.out")
                with_file = subprocess.run([BIN] + args + ["--format", fmt, "-o", out, "--quiet"],
                                           capture_output=True, timeout=TIMEOUT)
                plain = subprocess.run([BIN] + args + ["--format", fmt, "--quiet"], capture_output=True,
                                       timeout=TIMEOUT)
                where = f"{label} --format {fmt} -o FILE"
                if with_file.returncode != 0:
                    failures.append(f"{where}: exit {with_file.returncode}: {with_file.stderr[-300:]!r}")
                    continue
                if with_file.stdout:
                    failures.append(f"{where}: {len(with_file.stdout)} bytes on stdout: {with_file.stdout[:120]!r}")
                written = open(out, "rb").read() if os.path.exists(out) else None
                if not written:
                    failures.append(f"{where}: FILE {'missing' if written is None else 'empty'}")
                elif fmt == "json" and json.loads(written).get("schema") != 1:
                    failures.append(f"{where}: FILE is not the JSON answer")
                # Timings differ between two runs: the tables are compared by their heading.
                elif fmt == "table" and first_line(written) != first_line(plain.stdout):
                    failures.append(f"{where}: FILE starts {first_line(written)[:80]!r}, stdout without -o "
                                    f"{first_line(plain.stdout)[:80]!r}")
    for f in failures:
        print("FAIL", f)
    print(f"{len(COMMANDS) * 2} command x format cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
