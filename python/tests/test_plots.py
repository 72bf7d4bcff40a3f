"""SacResult.memory_svg() and SacSweep.svg(): the drawings of the CLI's
--plot-memory and --plot, from Python (src/model/sac/plots/, shared with the
CLI). Every SVG parses as XML (xml.etree), also for hostile module names
(issue 46, item 2: multi-byte names cut in labels, control characters, XML
specials), and the memory plot has its lines: the baseline "no AC, no FSDP"
and, at world size W > 1, "no AC at W ranks"."""
import copy
import json
import os
import pickle
import xml.etree.ElementTree as ET

import pytest

import milp_sac

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "transformer_l4.json")

HOSTILE = [
    "é" * 30,  # two-byte characters, longer than an x label (22 characters)
    "日本語のモジュール名前" * 3,  # three-byte
    "😀" * 25,  # four-byte
    "a\x01b\x02c",  # control characters XML 1.0 forbids
    "tab\tnewline\ncr\r",
    "<script>alert('&')</script>\"",
    "]]>&#0;&amp;",
    "\x7f\x1b[31mred\x1b[0m",
    "\ufffe\uffff",
    "\u0085\u2028next line",
    "a" * 300,
    "e\u0301" * 30,  # combining marks
    "\x1f" * 30,
    "\x00nul",
    "x" * 21 + "é",  # the cut falls inside the last character
    "ζ" * 11 + "\x0b",
]


def module_info():
    with open(EXAMPLE) as f:
        return json.load(f)


def renamed(info, old, new):
    """`info` with the fqn part `old` replaced by `new` everywhere."""
    def fix(fqn):
        return ".".join(new if part == old else part for part in fqn.split("."))

    info = copy.deepcopy(info)
    for stats in info["mod_stats"]:
        stats["fqn"] = fix(stats["fqn"])
    for key, order in info["mod_order"].items():
        info["mod_order"][key] = [fix(f) for f in order]
    return info


def ids(root):
    return {e.get("id") for e in root.iter() if e.get("id")}


def test_memory_svg_has_both_no_ac_lines_and_parses():
    result = milp_sac.plan_sac(EXAMPLE, 4, world_size=4, warn=False)
    svg = result.memory_svg()
    root = ET.fromstring(svg)
    assert {"baseline", "no-ac-sharded", "plan", "budget", "peak"} <= ids(root)
    assert "no AC, no FSDP" in svg
    assert "no AC at 4 ranks" in svg
    assert "transformer_l4.json" in svg  # the title names the input


def test_memory_svg_at_one_rank_has_no_second_line():
    svg = milp_sac.plan_sac(EXAMPLE, 4, warn=False).memory_svg()
    assert "no-ac-sharded" not in ids(ET.fromstring(svg))
    assert "no AC, no FSDP" in svg


def test_the_sharded_line_is_below_the_baseline():
    # Parameters and gradients split over 4 ranks: never more memory than on one.
    root = ET.fromstring(milp_sac.plan_sac(EXAMPLE, 4, world_size=4, warn=False).memory_svg())
    lines = {e.get("id"): e for e in root.iter() if e.get("id") in ("baseline", "no-ac-sharded")}
    ys = {k: [float(p.split(",")[1]) for p in v.get("points").split()] for k, v in lines.items()}
    # SVG y grows downwards: below means a larger y.
    assert all(s >= b - 1e-9 for s, b in zip(ys["no-ac-sharded"], ys["baseline"]))
    assert any(s > b for s, b in zip(ys["no-ac-sharded"], ys["baseline"]))


def test_sweep_svg_parses():
    sweep = milp_sac.sweep_sac(EXAMPLE, world_size=2, points=3, threads=1, warn=False)
    svg = sweep.svg()
    ET.fromstring(svg)
    assert "recompute time" in svg and "world size 2" in svg


def test_no_plan_no_drawing():
    result = milp_sac.plan_sac(EXAMPLE, 0.001, warn=False)
    assert not result.has_plan
    with pytest.raises(ValueError, match="nothing to draw"):
        result.memory_svg()


def test_results_still_pickle_without_their_drawing():
    result = milp_sac.plan_sac(EXAMPLE, 4, warn=False)
    again = pickle.loads(pickle.dumps(result))
    assert again.ac_decisions == result.ac_decisions
    with pytest.raises(ValueError):
        again.memory_svg()


@pytest.mark.parametrize("name", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_names_give_well_formed_svg(name):
    info = renamed(renamed(module_info(), "layers", name), "Transformer", name + "root")
    try:
        result = milp_sac.plan_sac(info, 4, world_size=2, warn=False)
    except ValueError:
        return  # refused by the reader (a NUL, say): fine, no drawing
    svg = result.memory_svg()
    ET.fromstring(svg)  # raises ParseError on a broken document
    assert "baseline" in ids(ET.fromstring(svg))
