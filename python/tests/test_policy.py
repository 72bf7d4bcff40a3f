"""Operator-level policy: every PyTorch case (test_sac_ilp.py's
TestOptimalCheckpointingPolicy) through the drop-in, with SACStats given as an
object, a dict and a file, and the richer solve_policy / sweep_policy."""
import json
import math
import types

import pytest

import milp_sac
from conftest import instances

FIELDS = ("func_names", "runtimes", "memory", "view_like_ops", "rand_ops", "saved_autograd_ops",
          "inplace_ops", "force_store_random")


def load():
    return json.loads(instances("policy", "pytorch_sac_per_module_policy_cases.json").read_text())


def pytorch_cases():
    try:
        data = load()
    except BaseException:  # pytest.skip inside collection: let the tests report it
        return [pytest.param(None, id="instances-missing")]
    return [pytest.param(c, id=c["memory_budget_expr"]) for c in data["pytorch_cases"]]


class SACStatsLike:
    """An object with PyTorch's SACStats attributes (a dataclass upstream); inplace_ops as tuples."""

    def __init__(self, d):
        for f in FIELDS:
            setattr(self, f, d[f])
        self.inplace_ops = [tuple(p) for p in d["inplace_ops"]]


@pytest.mark.parametrize("case", pytorch_cases())
def test_pytorch_case_drop_in(case):
    data = load()
    stats = SACStatsLike(data["sac_stats"])
    decisions = milp_sac.get_optimal_checkpointing_policy_per_module(stats, case["memory_budget"])
    assert decisions == case["expected"]
    # The same answer from the plain dict and from a namespace object.
    assert milp_sac.get_optimal_checkpointing_policy_per_module(data["sac_stats"], case["memory_budget"]) == case["expected"]
    ns = types.SimpleNamespace(**data["sac_stats"])
    assert milp_sac.get_optimal_checkpointing_policy_per_module(ns, case["memory_budget"]) == case["expected"]


@pytest.mark.parametrize("case", pytorch_cases())
def test_pytorch_case_details(case, tmp_path):
    data = load()
    path = tmp_path / "stats.json"
    path.write_text(json.dumps(data["sac_stats"]))
    result = milp_sac.solve_policy(path, case["memory_budget"])
    assert result.status == "optimal"
    assert result.decisions == case["expected"]
    assert result.max_memory_bytes == case["max_memory_bytes"]
    assert result.max_memory_bytes == math.ceil(case["memory_budget"] * sum(data["sac_stats"]["memory"]))
    assert result.saved_memory_bytes <= result.max_memory_bytes
    assert result.recompute_time_ms == pytest.approx(case["recompute_runtime"], abs=1e-9)
    assert result.bound_ms <= result.recompute_time_ms + 1e-9


def test_policy_matches_cli(cli, tmp_path):
    data = load()
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"sac_stats": data["sac_stats"]}))
    for case in data["pytorch_cases"]:
        code, out, _ = cli("policy", path, "--budget", repr(case["memory_budget"]))
        assert code == 0
        result = milp_sac.solve_policy(path, case["memory_budget"])
        assert result.decisions == out["decisions"]
        assert result.saved_memory_bytes == out["saved_memory_bytes"]
        assert result.max_memory_bytes == out["max_memory_bytes"]


def test_sweep_points_are_optimal_policies():
    data = load()
    sweep = milp_sac.sweep_policy(data["sac_stats"])
    assert sweep["sweep"] in ("breakpoints", "grid")
    assert sweep["total_memory_bytes"] == sum(data["sac_stats"]["memory"])
    budgets = [p.budget for p in sweep["points"]]
    assert budgets == sorted(budgets) and budgets
    # At each PyTorch case's budget, the curve's policy in force has the case's recompute time.
    for case in data["pytorch_cases"]:
        in_force = [p for p in sweep["points"] if p.budget <= case["memory_budget"] + 1e-12 and p.has_solution]
        assert in_force, case["memory_budget_expr"]
        assert in_force[-1].recompute_time_ms == pytest.approx(case["recompute_runtime"], abs=1e-9)


@pytest.mark.parametrize("budget", [-0.1, 1.5, float("nan")])
def test_budget_outside_unit_interval_is_value_error(budget):
    with pytest.raises(ValueError, match="memory_budget"):
        milp_sac.get_optimal_checkpointing_policy_per_module(load()["sac_stats"], budget)
