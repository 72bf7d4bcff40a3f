#!/usr/bin/env python3
"""Hostile names through the command line (issue 46, items 2 and 10): an
input file whose name is not UTF-8 and holds control characters, and module
names with escape sequences and multi-byte characters longer than a label.
--plot-memory and --plot write well-formed XML (xml.etree parses them);
--format table prints no raw escape sequence (ESC) or other control byte.

Files are made in a temp dir from examples/transformer_l4.json. Run by meson
(suite cli) with MILPSAC_BIN set.
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

BIN = os.environ.get("MILPSAC_BIN")
SOURCE = os.environ.get("MILPSAC_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLE = os.path.join(SOURCE, "examples", "transformer_l4.json")
ROOT = "\x1b[31mroot\x1b]0;title\x07" + "é" * 30
LAYERS = "日本語\x01のモジュール名前がとても長い"

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def renamed(info):
    def fix(fqn):
        parts = fqn.split(".")
        return ".".join(ROOT if p == "Transformer" else LAYERS if p == "layers" else p for p in parts)

    for stats in info["mod_stats"]:
        stats["fqn"] = fix(stats["fqn"])
    for key in info["mod_order"]:
        info["mod_order"][key] = [fix(f) for f in info["mod_order"][key]]
    return info


def control_bytes(text: bytes):
    return sorted({b for b in text if b < 0x20 and b not in (0x0A,)})


def main():
    if not BIN:
        print("MILPSAC_BIN must be set (run through meson test)")
        return 1
    with open(EXAMPLE) as f:
        info = renamed(json.load(f))
    with tempfile.TemporaryDirectory() as tmp:
        tmp_b = os.fsencode(tmp)
        model = os.path.join(tmp_b, b"caf\xe9\x01\x1b[2J.json")  # Latin-1, a control byte, an escape sequence
        with open(model, "w") as f:
            json.dump(info, f)
        memory_svg = os.path.join(tmp, "memory.svg")
        sweep_svg = os.path.join(tmp, "sweep.svg")
        runs = {
            "--plot-memory": [b"sac", model, b"--budget", b"4", b"--world-size", b"2", b"--plot-memory",
                              os.fsencode(memory_svg), b"--quiet"],
            "--plot": [b"sac", model, b"--budget-sweep", b"--points", b"3", b"--threads", b"1", b"--plot",
                       os.fsencode(sweep_svg), b"--quiet"],
        }
        for label, args in runs.items():
            proc = subprocess.run([BIN] + args, capture_output=True, timeout=300)
            check(proc.returncode == 0, f"{label}: exit {proc.returncode}: {proc.stderr[-300:]!r}")
        for path in (memory_svg, sweep_svg):
            try:
                ET.parse(path)
            except (ET.ParseError, OSError) as e:
                check(False, f"{os.path.basename(path)}: not well-formed XML: {e}")
        for args in ([b"sac", model, b"--budget", b"4"], [b"sac", model, b"--budget", b"0.001"],
                     [b"sac", model, b"--budget-sweep", b"--points", b"3", b"--threads", b"1"],
                     [b"baseline", model]):
            proc = subprocess.run([BIN] + args + [b"--format", b"table", b"--quiet"], capture_output=True,
                                  timeout=300)
            bad = control_bytes(proc.stdout)
            check(not bad, f"{args[0].decode()} {args[-1]!r} --format table: control bytes {bad} on stdout")
            try:
                proc.stdout.decode("utf-8")
            except UnicodeDecodeError as e:
                check(False, f"{args[0].decode()} --format table: stdout is not UTF-8 ({e})")
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
