"""Module-level SAC: every shared SAC instance case through plan_sac and the
sac_milp drop-in, checked against `milp-sac sac` on the same input (same plan,
same numbers) and against the expected answers in the instance files."""
import csv
import json
import math
import warnings

import pytest

import milp_sac
from conftest import instances


def transformer_cases():
    try:
        data = json.loads(instances("sac", "transformer_l4.cases.json").read_text())
    except BaseException:
        return [pytest.param(None, id="instances-missing")]
    return [pytest.param(c, id=c["name"]) for c in data["cases"]]


def expected_rows():
    try:
        path = instances("sac", "expected.tsv")
    except BaseException:
        return [pytest.param(None, id="instances-missing")]
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [pytest.param(r, id=f"{r['instance']}-{r['budget_gib']}-w{r['world_size']}") for r in rows]


def cli_args(path, budget, world_size, ac_units=None, fsdp_units=None):
    args = ["sac", path, "--budget", repr(budget), "--world-size", str(world_size)]
    if ac_units:
        args += ["--ac-units", ",".join(ac_units)]
    if fsdp_units:
        args += ["--fsdp-units", ",".join(fsdp_units)]
    return args


def check_against_cli(cli, path, budget, world_size, ac_units=None, fsdp_units=None):
    """plan_sac and sac_milp agree with the CLI; returns the plan_sac result."""
    code, out, _ = cli(*cli_args(path, budget, world_size, ac_units, fsdp_units))
    assert code in (0, 1) and out is not None
    result = milp_sac.plan_sac(path, budget, world_size, ac_units, fsdp_units, warn=False)
    assert result.has_plan == (code == 0)
    assert result.status == out["status"]
    assert result.ac_decisions == out["ac_decisions"]
    assert list(result.ac_decisions) == list(out["ac_decisions"])  # module order too
    assert result.memory_timeline == out["memory_timeline"]  # None (null) without a plan
    with warnings.catch_warnings():  # the reader's warnings are checked in test_graph.py
        warnings.simplefilter("ignore")
        decisions, recompute, peak = milp_sac.sac_milp(path, budget, world_size, ac_units, fsdp_units)
    if result.has_plan:
        assert result.recomputation_time_ms == pytest.approx(out["recomputation_time_ms"], rel=1e-12, abs=1e-12)
        assert result.peak_memory_bytes == out["peak_memory_bytes"]
        assert result.peak_memory_bytes <= budget * 2**30
        assert result.bound_ms <= result.recomputation_time_ms + 1e-9
        assert result.found_by == out["found_by"] and result.found_by in ("heuristic", "search")
        # The drop-in: PyTorch's tuple (ratios, recompute ms to 2 decimals, peak bytes).
        assert decisions == out["ac_decisions"]
        assert recompute == round(out["recomputation_time_ms"], 2)
        assert peak == out["peak_memory_bytes"]
        assert isinstance(peak, int)
    else:
        assert (decisions, recompute, peak) == ({}, 0, -1)
        assert result.found_by is None
        assert result.min_feasible_budget_gib == out.get("min_feasible_budget_gib")
        with pytest.raises(milp_sac.InfeasibleBudget) as info, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            milp_sac.sac_milp(path, budget, world_size, ac_units, fsdp_units, strict=True)
        assert info.value.min_feasible_budget_gib == out.get("min_feasible_budget_gib")
        assert str(info.value) == out["message"]
    return result


@pytest.mark.parametrize("case", transformer_cases())
def test_transformer_case(case, cli):
    path = instances("sac", "transformer_l4.json")
    result = check_against_cli(cli, path, case["memory_budget_gib"], case["world_size"], case["ac_units"],
                               case["fsdp_units"])
    assert result.has_plan == case["expected_feasible"]
    if result.has_plan:
        optimum = case["expected_exact_optimum_ms"]
        # Default gap 0.05: the plan is within the gap of the exact optimum (ratios rounded up: +0.01 ms).
        assert result.bound_ms <= optimum + 0.01
        assert result.recomputation_time_ms <= optimum / 0.95 + 0.01
        assert result.recomputation_time_ms >= optimum - 0.01
        if case["ac_units"]:
            assert set(result.ac_decisions) <= set(case["ac_units"])


@pytest.mark.parametrize("row", expected_rows())
def test_expected_row(row, cli):
    path = instances("sac", f"{row['instance']}.json")
    budget, world_size = float(row["budget_gib"]), int(row["world_size"])
    result = check_against_cli(cli, path, budget, world_size)
    if row["cbc_status"] == "infeasible":
        assert not result.has_plan
        # Our suggestion: the exact smallest budget plus a 1e-5 GiB margin, rounded up to 1e-5.
        assert result.min_feasible_budget_gib == pytest.approx(float(row["min_feasible_budget_gib"]), abs=3e-5)
        assert result.min_feasible_budget_gib >= float(row["min_feasible_budget_gib"]) - 1e-6
    else:
        assert result.has_plan
        best = float(row["best_known_recompute_ms"])
        assert result.bound_ms <= best + 0.01
        assert result.recomputation_time_ms <= best / 0.95 + 0.01


def test_dict_input_equals_file_input():
    path = instances("sac", "transformer_l4.json")
    info = json.loads(path.read_text())
    a = milp_sac.plan_sac(path, 1.4, 4, warn=False)
    b = milp_sac.plan_sac(info, 1.4, 4, warn=False)
    assert a.ac_decisions == b.ac_decisions
    assert a.recomputation_time_ms == b.recomputation_time_ms
    assert a.peak_memory_bytes == b.peak_memory_bytes


def test_threads_give_the_same_plans():
    # Solves release the GIL: run several at once and check each answer is the sequential one.
    from concurrent.futures import ThreadPoolExecutor

    path = instances("sac", "transformer_l4.json")
    budgets = [1.0, 1.2, 1.4, 1.6, 1.8, 2.0]
    sequential = [milp_sac.plan_sac(path, b, 4, warn=False).ac_decisions for b in budgets]
    with ThreadPoolExecutor(max_workers=3) as pool:
        parallel = list(pool.map(lambda b: milp_sac.plan_sac(path, b, 4, warn=False).ac_decisions, budgets))
    assert parallel == sequential


def test_baseline_matches_cli_and_instance(cli):
    path = instances("sac", "transformer_l4.json")
    expected = json.loads(instances("sac", "transformer_l4.cases.json").read_text())["baseline"]
    code, out, _ = cli("baseline", path)
    assert code == 0
    peak, compute = milp_sac.get_peak_memory_runtime_baseline(path)
    assert peak == out["peak_memory_bytes"] == expected["peak_mem_bytes"]
    assert math.isclose(compute, out["compute_time_ms"], rel_tol=1e-12)
    assert math.isclose(compute, expected["compute_time_ms"], rel_tol=1e-9)


def test_memory_timeline_peaks_and_order():
    path = instances("sac", "transformer_l4.json")
    info = json.loads(path.read_text())
    result = milp_sac.plan_sac(path, 1.4, 4, warn=False)
    timeline = result.memory_timeline
    assert [p["module"] for p in timeline] == info["mod_order"]["bw_pre_order"]
    assert {p["phase"] for p in timeline} == {"backward"}
    assert max(p["plan_bytes"] for p in timeline) == result.peak_memory_bytes
    peak, _ = milp_sac.get_peak_memory_runtime_baseline(path)
    assert max(p["baseline_bytes"] for p in timeline) == peak
    # Sharding over 4 ranks and discarding only lower memory.
    assert all(p["plan_bytes"] <= p["baseline_bytes"] for p in timeline)
    assert milp_sac.plan_sac(path, 0.8, 4, warn=False).memory_timeline is None
