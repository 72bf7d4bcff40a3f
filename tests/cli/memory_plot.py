#!/usr/bin/env python3
"""milp-sac sac --plot-memory and memory_timeline, through the command line.

The SVG is valid XML (xml.etree parses it) and has what the picture promises,
found by the ids and classes sac_memory_plot.cpp puts there: both axes with
ticks, the budget line at the budget, the baseline and plan lines with one
vertex per timeline point, the peak marker labelled with the module where the
JSON's timeline peaks, and one shaded span per run of AC-unit backward. On
transformer_l4 (62 modules: every module its own x label is not promised,
but at least one per layer is) and on a LLaMA-like model of 4,000 modules
(milp-sac-synth, the first argument: block labels stay few). The JSON's
memory_timeline peaks at peak_memory_bytes and at `milp-sac baseline`'s peak;
--format table names the peak's module; no plan writes no picture and prints
a null memory_timeline; path errors exit 2 naming the path.
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
failures = []


def check(condition: bool, what: str) -> None:
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(binary: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=600)


def by_id(root: ET.Element, ident: str):
    return next((e for e in root.iter() if e.get("id") == ident), None)


def check_picture(binary: str, model: str, budget: str, world_size: str, tmp: str, name: str) -> dict:
    svg_path = os.path.join(tmp, name + ".svg")
    proc = run(binary, "sac", model, "--budget", budget, "--world-size", world_size, "--plot-memory", svg_path)
    check(proc.returncode == 0, f"{name}: exit {proc.returncode}: {proc.stderr[:300]}")
    out = json.loads(proc.stdout)
    timeline = out["memory_timeline"]
    with open(model) as f:
        order = json.load(f)["mod_order"]["bw_pre_order"]
    check([p["module"] for p in timeline] == order, f"{name}: timeline modules not in bw_pre_order")
    check(all(p["phase"] == "backward" for p in timeline), f"{name}: a phase other than backward")
    peak = max(timeline, key=lambda p: p["plan_bytes"])
    check(peak["plan_bytes"] == out["peak_memory_bytes"], f"{name}: timeline peak != peak_memory_bytes")
    base = json.loads(run(binary, "baseline", model).stdout)
    check(max(p["baseline_bytes"] for p in timeline) == base["peak_memory_bytes"],
          f"{name}: timeline baseline peak != baseline's peak_memory_bytes")

    root = ET.parse(svg_path).getroot()  # raises on invalid XML
    check(root.tag == SVG + "svg", f"{name}: root element {root.tag}")
    for ident in ("x-axis", "y-axis", "budget", "baseline", "plan", "peak", "peak-label", "baseline-peak"):
        check(by_id(root, ident) is not None, f"{name}: no element with id {ident}")
    y_ticks = [t for t in by_id(root, "y-axis").iter(SVG + "text") if "rotate" not in (t.get("transform") or "")]
    check(len(y_ticks) >= 3, f"{name}: {len(y_ticks)} y tick labels")
    blocks = [t for t in by_id(root, "x-axis").iter(SVG + "text") if t.get("class") == "block"]
    check(2 <= len(blocks) <= 45, f"{name}: {len(blocks)} x block labels")  # 18 px apart at most 44 fit
    label_element = by_id(root, "peak-label")
    label = label_element.text or ""
    check(label.endswith(" at " + peak["module"]), f"{name}: peak label {label!r}, JSON peak at {peak['module']}")
    tooltip = label_element.find(SVG + "title")
    check(tooltip is not None and tooltip.text == peak["module"], f"{name}: peak label's title is not the module")
    for line in ("baseline", "plan"):
        vertices = by_id(root, line).get("points").split()
        check(len(vertices) == len(timeline), f"{name}: {line} has {len(vertices)} vertices")
    # The budget line is horizontal, below the peak marker's y (higher memory is higher up) iff over budget.
    budget_line = by_id(root, "budget")
    check(budget_line.get("y1") == budget_line.get("y2"), f"{name}: budget line not horizontal")
    check(float(by_id(root, "peak").get("cy")) >= float(budget_line.get("y1")) - 1e-9,
          f"{name}: the peak is drawn above the budget")
    spans = [e for e in root.iter(SVG + "rect") if e.get("class") == "ac-unit"]
    check(len(out["ac_decisions"]) == 0 or len(spans) >= 1, f"{name}: AC units but no shaded span")
    check(len(spans) <= len(out["ac_decisions"]), f"{name}: {len(spans)} spans for {len(out['ac_decisions'])} units")
    for span in spans:
        unit = "".join(span.itertext()).removeprefix("AC unit ")
        check(unit in out["ac_decisions"], f"{name}: shaded span of {unit!r}, not an AC unit")
    print(f"{name}: {len(timeline)} points, {len(blocks)} block labels, {len(spans)} AC spans, peak at {peak['module']}")
    return out


def main() -> int:
    binary = os.environ.get("MILPSAC_BIN")
    shared = os.environ.get("MILPSAC_TEST_DATA")
    if not binary or not shared or len(sys.argv) < 2:
        print("MILPSAC_BIN and MILPSAC_TEST_DATA must be set and milp-sac-synth given (run through meson test)")
        return 1
    l4 = os.path.join(shared, "instances", "sac", "transformer_l4.json")
    with tempfile.TemporaryDirectory() as tmp:
        l4_out = check_picture(binary, l4, "1.4", "4", tmp, "transformer_l4")
        l4_peak = max(l4_out["memory_timeline"], key=lambda p: p["plan_bytes"])["module"]
        llama = os.path.join(tmp, "llama.json")
        subprocess.run([sys.argv[1], "llama", "4000", "-o", llama], check=True)
        base = json.loads(run(binary, "baseline", llama).stdout)["peak_memory_bytes"]
        check_picture(binary, llama, repr(round(0.6 * base / 2**30, 3)), "1", tmp, "llama4000")

        table = run(binary, "sac", l4, "--budget", "1.4", "--world-size", "4", "--format", "table")
        peak_line = [line for line in table.stdout.splitlines() if line.startswith("peak of the plan:")]
        check(len(peak_line) == 1 and f" at '{l4_peak}' (backward" in peak_line[0], f"table: peak line {peak_line}")
        check(any(line.startswith("AC units with memory discarded there:") for line in table.stdout.splitlines()),
              "table: no line naming the AC units at the peak")

        none_path = os.path.join(tmp, "none.svg")
        proc = run(binary, "sac", l4, "--budget", "0.8", "--world-size", "4", "--plot-memory", none_path)
        check(proc.returncode == 1 and json.loads(proc.stdout)["memory_timeline"] is None,
              f"no plan: exit {proc.returncode}, memory_timeline not null")
        check(not os.path.exists(none_path) and none_path in proc.stderr, "no plan: a picture written or not said")

        bad = os.path.join(tmp, "missing", "dir", "plot.svg")
        proc = run(binary, "sac", l4, "--budget", "1.4", "--plot-memory", bad)
        check(proc.returncode == 2 and f"option --plot-memory: {bad}: cannot create a file in" in proc.stderr, f"bad path: exit {proc.returncode}, {proc.stderr[:200]}")
        if os.path.exists("/dev/full"):
            proc = run(binary, "sac", l4, "--budget", "1.4", "--plot-memory", "/dev/full")
            check(proc.returncode == 2 and "option --plot-memory: /dev/full: write error" in proc.stderr,
                  f"/dev/full: exit {proc.returncode}, {proc.stderr[:200]}")
        proc = run(binary, "sac", l4, "--budget-sweep", "--plot-memory", os.path.join(tmp, "x.svg"))
        check(proc.returncode == 2 and "--plot-memory" in proc.stderr, f"with --budget-sweep: exit {proc.returncode}")
        proc = run(binary, "sac", l4, "--budget", "1.4", "--plot-memory", "")
        check(proc.returncode == 2 and "--plot-memory" in proc.stderr, f"empty path: exit {proc.returncode}")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
