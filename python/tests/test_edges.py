"""Reliability at the edges of the Python front door (issue 46)."""
import json
import os

import milp_sac

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "transformer_l4.json")


def large_module_info(path):
    """transformer_l4 with long trade-off curves: about 10 MB of JSON, the same plan."""
    with open(EXAMPLE) as f:
        info = json.load(f)
    for stats in info["mod_stats"]:
        stats["tradeoff_curve"] = "CURVE"
    curve = json.dumps([[i / 80000, i / 80000] for i in range(8000)])
    with open(path, "w") as f:
        f.write(json.dumps(info).replace('"CURVE"', curve))


def test_time_limit_counts_the_reading(tmp_path):
    # Item 3: the clock started after the input was read, so a limit shorter
    # than the reading was ignored (status optimal). Now it counts from the call.
    path = str(tmp_path / "large.json")
    large_module_info(path)
    result = milp_sac.plan_sac(path, 4, time_limit=0.01, warn=False)
    assert result.status == "time_limit" and not result.has_plan
    sweep = milp_sac.sweep_sac(path, time_limit=0.01, warn=False)
    assert sweep.points == []
