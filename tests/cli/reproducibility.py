#!/usr/bin/env python3
"""Reproducibility: every subcommand, run several times on the bundled
instances, prints byte-identical output apart from wall-clock fields
("seconds" and keys ending in "_seconds"), and export-mps writes byte-identical
files. A difference means unseeded randomness, unordered iteration leaking
into results, or a timing-dependent decision. Run by meson (suite cli).

  reproducibility.py --against OTHER_BIN   compares MILPSAC_BIN with another
  build of the tool (CI: the release build against the ASan+UBSan build) once
  per command instead: a difference there means floating-point contraction or
  ordering that depends on the compiler's options, or an uninitialised value.
  Prints one "ok"/"FAIL" line per command, then "N passed, N failed"."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

BIN = os.environ.get("MILPSAC_BIN")
SHARED = os.environ.get("MILPSAC_TEST_DATA")
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
    # regression-* inputs are bad ones kept for the fuzz replay: exit 2 by design.
    for plan in sorted(p for p in os.listdir(os.path.join(FUZZ, "plan_input")) if not p.startswith("regression-")):
        for extra in ([], ["--exact"], ["--2d"]):
            runs.append(["shard", os.path.join(FUZZ, "plan_input", plan)] + extra)
    for graph in sorted(g for g in os.listdir(os.path.join(FUZZ, "autograd_graph")) if not g.startswith("regression-")):
        runs.append(["analyze", os.path.join(FUZZ, "autograd_graph", graph)])
    for model in ("edge/test.mps", "edge/small_mip.mps", "netlib/afiro.mps.gz", "miplib/p0033.mps.gz",
                  "miplib/flugpl.mps.gz"):
        runs.append(["solve", os.path.join(I, "lp", model)])
    return runs


def example_commands(workdir):
    """Each subcommand on the example files of the repository (examples/)."""
    ex = os.path.join(SOURCE, "examples")
    module_info = os.path.join(ex, "transformer_l4.json")
    return [
        ["sac", module_info, "--budget", "1.5"],
        ["baseline", module_info],
        ["export-mps", module_info, "--budget", "1.5", "-o", os.path.join(workdir, "out.mps")],
        ["policy", os.path.join(ex, "sac_stats.json"), "--budget", "0.5"],
        ["shard", os.path.join(ex, "sharding_input.json")],
        ["shard", os.path.join(ex, "sharding_input.json"), "--exact"],
        ["analyze", os.path.join(ex, "autograd_graph.json")],
        ["solve", os.path.join(ex, "smalllp.mps")],
    ]


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
        # --format table: "seconds 0.1", "time (s)   0.0213", "1 node, 0.001 s,".
        out = re.sub(r"seconds\s+\S+", "seconds <t>", out)
        out = re.sub(r"time \(s\)\s+\S+", "time (s) <t>", out)
        return re.sub(r"\b[0-9.e+-]+ s\b", "<t> s", out)


def output_files(argv):
    """The files a command writes besides stdout (-o, --plot, --write-solution)."""
    return [argv[k + 1] for k, a in enumerate(argv[:-1]) if a in ("-o", "--plot", "--write-solution")]


def more_shared_commands(workdir):
    """Larger instances for the comparison of two builds (run once each): more
    SAC models at a budget where a plan exists, LPs and MILPs whose branch and
    bound takes many nodes (a node count changes with any rounding difference)."""
    runs = []
    feasible = {}
    with open(os.path.join(I, "sac", "expected.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row["world_size"] == "1" and row["cbc_status"] == "feasible":
                feasible.setdefault(row["instance"], row["budget_gib"])
    for instance in ("gpt12", "moe2", "resnet50"):
        if instance in feasible:
            runs.append(["sac", os.path.join(I, "sac", instance + ".json"), "--budget", feasible[instance]])
    for model in ("netlib/adlittle.mps.gz", "netlib/agg.mps.gz", "netlib/bandm.mps.gz", "miplib/egout.mps.gz",
                  "miplib/stein27.mps.gz"):
        runs.append(["solve", os.path.join(I, "lp", model)])
    # The table format, a budget sweep with its SVG plot, a solution file.
    ex = os.path.join(SOURCE, "examples")
    runs.append(["solve", os.path.join(I, "lp", "miplib/p0033.mps.gz"), "--format", "table",
                 "--write-solution", os.path.join(workdir, "p0033.sol")])
    runs.append(["sac", os.path.join(ex, "transformer_l4.json"), "--budget", "1.5", "--format", "table"])
    runs.append(["sac", os.path.join(ex, "transformer_l4.json"), "--budget-sweep", "--plot",
                 os.path.join(workdir, "sweep.svg")])
    runs.append(["policy", os.path.join(ex, "sac_stats.json"), "--budget-sweep", "--format", "table"])
    return runs


def run_once(binary, argv):
    """(exit code, normalised stdout plus any file export-mps wrote, stderr)."""
    p = subprocess.run([binary] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    text = normalised(p.stdout.decode("utf-8", "replace"))
    for path in output_files(argv):
        with open(path, "rb") as f:
            text += f.read().decode("utf-8", "replace")
    return (p.returncode, text, p.stderr)


def label_of(argv):
    return " ".join([argv[0], os.path.basename(argv[1])] + [a for a in argv[2:] if not a.startswith(os.sep)])


def first_difference(a, b):
    """A short excerpt around the first character where a and b differ."""
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return "%r vs %r" % (a[max(0, i - 40):i + 40], b[max(0, i - 40):i + 40])


def compare_builds(other):
    """MILPSAC_BIN and OTHER give the same exit code and output bytes."""
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="milpsac-builds-") as workdir:
        for argv in commands(workdir) + example_commands(workdir) + more_shared_commands(workdir):
            mine = run_once(BIN, argv)
            theirs = run_once(other, argv)
            label = label_of(argv)
            if mine[0] not in (0, 1) or theirs[0] not in (0, 1):
                print("FAIL %s: exit %d and %d: %s" % (label, mine[0], theirs[0], (mine[2] + theirs[2]).decode()[:300]))
                failed += 1
            elif mine[0] != theirs[0]:
                print("FAIL %s: exit %d in one build, %d in the other" % (label, mine[0], theirs[0]))
                failed += 1
            elif mine[1] != theirs[1]:
                print("FAIL %s: output differs between the builds: %s" % (label, first_difference(mine[1], theirs[1])))
                failed += 1
            else:
                print("ok   %s" % label)
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="OTHER_BIN", help="compare MILPSAC_BIN with this build once per command")
    args = parser.parse_args()
    if args.against:
        if not BIN or not SHARED:
            print("MILPSAC_BIN and MILPSAC_TEST_DATA must be set")
            return 1
        return compare_builds(args.against)
    if not BIN or not SHARED:
        print("MILPSAC_BIN and MILPSAC_TEST_DATA must be set (run through meson test)")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory(prefix="milpsac-repro-") as workdir:
        runs = commands(workdir) + example_commands(workdir)
        for argv in runs:
            outputs = [run_once(BIN, argv) for _ in range(RUNS)]
            label = label_of(argv)
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
