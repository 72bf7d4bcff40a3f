#!/usr/bin/env python3
"""Reproducibility: every subcommand, run several times on the bundled
instances, prints byte-identical output apart from wall-clock fields
("seconds" and keys ending in "_seconds"), and export-mps writes byte-identical
files. A difference means unseeded randomness, unordered iteration leaking
into results, or a timing-dependent decision. Run by meson (suite cli)."""
import json
import os
import re
import subprocess
import sys
import tempfile

BIN = os.environ.get("MILPSAC_BIN")
SHARED = os.environ.get("MILPSAC_SHARED")
SOURCE = os.environ.get("MILPSAC_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
RUNS = int(os.environ.get("MILPSAC_REPRO_RUNS", "3"))
I = os.path.join(SHARED or "", "instances")
FUZZ = os.path.join(SOURCE, "tests", "fuzz", "corpus")


def budgets():
    """First row of each SAC instance in expected.tsv: instance, budget."""
    seen = {}
    with open(os.path.join(I, "sac", "expected.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row["instance"] in ("gpt4", "transformer_l4") and row["instance"] not in seen:
                seen[row["instance"]] = row["budget_gib"]
    return seen


def commands(workdir):
    runs = []
    for instance, budget in sorted(budgets().items()):
        path = os.path.join(I, "sac", instance + ".json")
        runs.append(["sac", path, "--budget", budget])
        runs.append(["baseline", path])
        runs.append(["export-mps", path, "--budget", budget, "-o", os.path.join(workdir, "out.mps")])
    runs.append(["policy", os.path.join(I, "policy", "pytorch_sac_per_module_policy_cases.json"), "--budget", "0.5"])
    runs.append(["policy", os.path.join(I, "policy", "pytorch_sac_per_module_policy_cases.json"), "--budget-sweep"])
    for plan in sorted(os.listdir(os.path.join(FUZZ, "plan_input"))):
        for extra in ([], ["--exact"], ["--2d"]):
            runs.append(["shard", os.path.join(FUZZ, "plan_input", plan)] + extra)
    for graph in sorted(os.listdir(os.path.join(FUZZ, "autograd_graph"))):
        runs.append(["analyze", os.path.join(FUZZ, "autograd_graph", graph)])
    for model in ("edge/test.mps", "edge/small_mip.mps", "netlib/afiro.mps.gz", "miplib/p0033.mps.gz",
                  "miplib/flugpl.mps.gz"):
        runs.append(["solve", os.path.join(I, "lp", model)])
    return runs


def without_timing(value):
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k != "seconds" and not k.endswith("_seconds")}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


def normalised(out):
    """The output with timing fields removed; byte layout kept when not JSON."""
    try:
        return json.dumps(without_timing(json.loads(out)), sort_keys=False)
    except ValueError:
        return re.sub(r"seconds\s+\S+", "seconds <t>", out)


def main():
    if not BIN or not SHARED:
        print("MILPSAC_BIN and MILPSAC_SHARED must be set (run through meson test)")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory(prefix="milpsac-repro-") as workdir:
        runs = commands(workdir)
        for argv in runs:
            outputs = []
            for _ in range(RUNS):
                p = subprocess.run([BIN] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
                text = normalised(p.stdout.decode("utf-8", "replace"))
                if argv[0] == "export-mps":
                    with open(argv[argv.index("-o") + 1], "rb") as f:
                        text += f.read().decode("utf-8", "replace")
                outputs.append((p.returncode, text, p.stderr))
            label = " ".join([argv[0], os.path.basename(argv[1])] + argv[2:4])
            if outputs[0][0] not in (0, 1):
                print("FAIL %s: exit %d: %s" % (label, outputs[0][0], outputs[0][2].decode()[:200]))
                failures += 1
            elif any(o[:2] != outputs[0][:2] for o in outputs[1:]):
                print("FAIL %s: output differs between runs" % label)
                failures += 1
            else:
                print("ok   %s" % label)
        print("%d commands x %d runs, %d not reproducible" % (len(runs), RUNS, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
