"""evaluate_plan and `milp-sac evaluate`: the true peak, recompute time and
broken rules of a plan made elsewhere.

The public cases are PyTorch's sac_milp answers on its 4-layer test
Transformer (tests/data/data/ml/synthetic_common_dtensor_transformer_L4_module_info.json,
13 requests x 2 gaps): each gives the plan sac_milp returned, the peak it
reported (`peak_mem_returned`, its max_m variable) and the largest memory row
of its own model at those rounded ratios (`peak_mem_tight`). The agreement
held here is the one docs/cli.md#evaluate states: the true peak equals
peak_mem_tight to 1 byte (we round up); it is above sac_milp's reported peak
by at most the rounding of its ratios (sum of ACM_i x 5e-5 over the units)
and below it by at most 0.5 % (max_m is only an upper bound); the recompute
time is within 0.01 ms of sac_milp's (which it rounds to 0.01 ms)."""
import json
import math
import pathlib

import pytest

import milp_sac
from conftest import test_data_dir as data_dir

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "transformer_l4.json"
PUBLIC = "synthetic_common_dtensor_transformer_L4_module_info.json"


def public_cases():
    path = data_dir() / "data" / "ml" / PUBLIC
    doc = json.loads(path.read_text())
    for case in doc["cases"]:
        for gap, result in sorted(case["results"].items()):
            yield pytest.param(doc["module_info"], case, result, id=f"{case['name']}-{gap}")


def effective_sac_memory(stats):
    return max(stats["sac_memory"], stats["act_fw_per_module"])


@pytest.mark.parametrize("info, case, result", list(public_cases()))
def test_sac_milp_plans_evaluate_to_pytorchs_peak(info, case, result):
    plan = (result["ac_decisions"], result["recomputation_time_ms"], result["peak_mem_returned"])
    check = milp_sac.evaluate_plan(info, plan, case["world_size"], ac_units=case["ac_units"],
                                   fsdp_units=case["fsdp_units"])
    assert check.ok, check.violations
    assert check.plan_format == "sac_milp"
    assert check.ac_decisions == result["ac_decisions"]
    if result["peak_mem_returned"] == -1:  # sac_milp found no plan: nothing claimed, the no-AC peak
        assert check.claimed_peak_memory_bytes is None
        assert check.peak_memory_bytes == check.no_ac_peak_memory_bytes
        return
    # sac_milp's own memory rows at its returned ratios.
    assert 0 <= check.peak_memory_bytes - result["peak_mem_tight"] <= 1
    # Its reported max_m: an upper bound of its unrounded plan's peak.
    stats = {m["fqn"]: m for m in info["mod_stats"]}
    rounding = sum(effective_sac_memory(stats[fqn]) * 5e-5 for fqn in result["ac_decisions"])
    claimed = check.claimed_peak_memory_bytes
    assert claimed == result["peak_mem_returned"]
    assert check.peak_memory_bytes - claimed <= rounding + 1
    assert claimed - check.peak_memory_bytes <= 0.005 * claimed
    assert check.recomputation_time_ms == pytest.approx(result["recomputation_time_ms"], abs=0.01)


@pytest.mark.parametrize("info, case, result", list(public_cases()))
def test_the_budget_rule_is_the_true_peak_against_the_budget(info, case, result):
    plan = (result["ac_decisions"], result["recomputation_time_ms"], result["peak_mem_returned"])
    budget = case["memory_budget_gib"]
    check = milp_sac.evaluate_plan(info, plan, case["world_size"], budget, case["ac_units"], case["fsdp_units"])
    over = check.peak_memory_bytes > budget * 2**30
    assert check.ok == (not over)
    assert [v["rule"] for v in check.violations] == (["budget"] if over else [])
    if over:
        assert check.violations[0]["module"] is None
        assert check.peak_module in check.violations[0]["message"]


def test_a_plan_over_the_budget_is_flagged_by_the_cli(tmp_path, cli):
    plan = tmp_path / "plan.json"
    # Every layer at the smallest ratio: far over 1 GiB at 4 ranks.
    plan.write_text(json.dumps({f"Transformer.layers.{i}": 0.5225 for i in range(4)}))
    code, out, err = cli("evaluate", EXAMPLE, "--plan", plan, "--world-size", "4", "--budget", "1", "--quiet")
    assert code == 1, err
    assert out["status"] == "broken" and out["budget_gib"] == 1
    assert [v["rule"] for v in out["violations"]] == ["budget"]
    assert out["peak_memory_bytes"] > 2**30
    code, out, _ = cli("evaluate", EXAMPLE, "--plan", plan, "--world-size", "4", "--budget", "4", "--quiet")
    assert code == 0 and out["status"] == "ok" and out["violations"] == []


def test_sac_output_evaluates_to_its_own_figures(tmp_path, cli):
    request = ["--budget", "1.6", "--world-size", "4"]
    code, sac, err = cli("sac", EXAMPLE, *request, "--quiet")
    assert code == 0, err
    plan = tmp_path / "sac.json"
    plan.write_text(json.dumps(sac))
    code, out, err = cli("evaluate", EXAMPLE, "--plan", plan, *request, "--quiet")
    assert code == 0, err
    assert out["plan_format"] == "milp-sac sac"
    assert out["peak_memory_bytes"] == sac["peak_memory_bytes"] == out["claimed_peak_memory_bytes"]
    assert out["recomputation_time_ms"] == pytest.approx(sac["recomputation_time_ms"], rel=1e-12)
    assert out["memory_timeline"] == sac["memory_timeline"]
    # The Python front takes the SacResult itself.
    result = milp_sac.plan_sac(str(EXAMPLE), 1.6, 4, warn=False)
    check = milp_sac.evaluate_plan(str(EXAMPLE), result, 4, 1.6)
    assert check.ok and check.peak_memory_bytes == result.peak_memory_bytes


def write_cbc_solution(path, objective, x):
    """CBC's `solu` layout: a status line, then INDEX NAME VALUE REDUCED_COST."""
    lines = [f"Optimal - objective value {objective:.8f}"]
    lines += [f"{i:7d} {name:<24s}{value:>24.17g}{0:>24d}" for i, (name, value) in enumerate(x.items())]
    path.write_text("\n".join(lines) + "\n")


def test_a_solvers_answer_reads_back_through_the_column_map(tmp_path, cli):
    mps, column_map, highs = tmp_path / "sac.mps", tmp_path / "map.json", tmp_path / "sol.txt"
    request = ["--budget", "1.6", "--world-size", "4"]
    code, _, err = cli("export-mps", EXAMPLE, *request, "-o", mps, "--column-map", column_map, "--quiet")
    assert code == 0, err
    code, solved, err = cli("solve", mps, "--gap", "0", "--write-solution", highs)
    assert code == 0 and solved["status"] == "optimal", err
    solve_json, cbc = tmp_path / "solve.json", tmp_path / "cbc.sol"
    solve_json.write_text(json.dumps(solved))
    write_cbc_solution(cbc, solved["objective"], solved["x"])
    answers = []
    for solution in (highs, solve_json, cbc):
        code, out, err = cli("evaluate", EXAMPLE, "--plan", solution, "--column-map", column_map, *request, "--quiet")
        assert code == 0, (solution.name, err)
        assert out["plan_format"] == "solution"
        answers.append(out)
    assert answers[0]["ac_decisions"] == answers[1]["ac_decisions"] == answers[2]["ac_decisions"]
    map_doc = json.loads(column_map.read_text())
    # The plan's recompute time is the model's optimum (cumulative: the objective is ms).
    assert answers[0]["recomputation_time_ms"] == pytest.approx(solved["objective"] * map_doc["objective_unit_ms"],
                                                               rel=1e-6)
    # The same through Python, with the map as a dict and the solution as {column: value}.
    check = milp_sac.evaluate_plan(EXAMPLE, solved["x"], 4, 1.6, column_map=map_doc)
    assert check.ok and check.ac_decisions == answers[0]["ac_decisions"]
    # A fractional AC-unit column is a broken rule (not_binary), read as 1 above 0.5.
    unit = next(m for m in map_doc["modules"] if solved["x"][m["y"]] > 0.5)
    x = dict(solved["x"], **{unit["y"]: 0.9})
    check = milp_sac.evaluate_plan(EXAMPLE, x, 4, 1.6, column_map=map_doc)
    assert [v["rule"] for v in check.violations] == ["not_binary"]
    assert check.violations[0]["module"] == unit["fqn"] and unit["fqn"] in check.ac_decisions


def rules(check):
    return sorted((v["rule"], v["module"]) for v in check.violations)


def test_every_rule_is_named_with_its_module():
    info = str(EXAMPLE)
    layer = "Transformer.layers.0"
    cases = [
        ({"Transformer.nope": 1.0}, {}, [("unknown_module", "Transformer.nope")]),
        ({"Transformer.layers.0.attention.wq": 1.0}, {}, [("leaf_module", "Transformer.layers.0.attention.wq")]),
        ({layer: 1.5}, {}, [("ratio_range", layer)]),
        ({layer: -0.1}, {}, [("ratio_range", layer)]),
        ({layer: 0.1}, {}, [("ratio_below_minimum", layer)]),
        ({layer: 1.0, layer + ".feed_forward": 1.0}, {}, [("nested", layer + ".feed_forward")]),
        ({layer: 1.0}, {"ac_units": ["Transformer.layers.1"]}, [("not_in_ac_units", layer)]),
        ({layer: 1.0}, {"fsdp_units": [layer + ".attention"]}, [("contains_fsdp_unit", layer)]),
    ]
    for plan, request, expected in cases:
        check = milp_sac.evaluate_plan(info, plan, 4, **request)
        assert rules(check) == expected, plan
        assert not check.ok and check.status == "broken"
        assert all(v["module"] in v["message"] for v in check.violations)


def test_a_ratio_rounded_to_nearest_just_below_the_minimum_is_accepted():
    info = json.loads(EXAMPLE.read_text())
    stats = next(m for m in info["mod_stats"] if m["fqn"] == "Transformer.layers.0")
    acm = effective_sac_memory(stats)
    lowest = (acm - stats["act_fw_per_module"]) / acm
    assert milp_sac.evaluate_plan(info, {"Transformer.layers.0": lowest - 4e-5}).ok
    check = milp_sac.evaluate_plan(info, {"Transformer.layers.0": lowest - 6e-5})
    assert rules(check) == [("ratio_below_minimum", "Transformer.layers.0")]


def test_the_recompute_time_and_peak_follow_the_evaluators_formula():
    info = json.loads(EXAMPLE.read_text())
    stats = {m["fqn"]: m for m in info["mod_stats"]}
    plan = {"Transformer.layers.1": 0.8, "Transformer.layers.3": 1.0}
    check = milp_sac.evaluate_plan(info, plan, 2)
    expected_ms = 0.0
    for fqn, r in plan.items():
        m = stats[fqn]
        fraction = max([0.0] + [s * r + c for s, c in zip(m["slopes"], m["intercepts"])])
        expected_ms += m["sac_runtime"] * fraction
    assert check.recomputation_time_ms == pytest.approx(expected_ms, rel=1e-12)
    units = {u["module"]: u for u in check.units}
    for fqn, r in plan.items():
        acm = effective_sac_memory(stats[fqn])
        assert units[fqn]["discarded_bytes"] == pytest.approx(acm * r - (acm - stats[fqn]["act_fw_per_module"]))
    # The timeline's largest point is the peak, and the plan lowers it below the no-AC peak.
    assert max(p["plan_bytes"] for p in check.memory_timeline) == check.peak_memory_bytes
    assert check.peak_memory_bytes < check.no_ac_peak_memory_bytes < check.baseline_peak_memory_bytes
    assert math.isfinite(check.recomputation_time_ms)


@pytest.mark.parametrize("plan, field", [
    ('{"ac_decisions": {"Transformer.layers.0": "half"}}', "ac_decisions.Transformer.layers.0"),
    ('[{"Transformer.layers.0": 1.0}, 1.0, 2, 3]', "list of 4"),
    ('{"Transformer.layers.0": 1.0, "note": "x"}', "ac_decisions"),
    ('{"points": []}', "budget sweep"),
    ("[1", "invalid JSON"),
    ('{"ac_decisions": {"Transformer.layers.0": NaN}}', "NaN"),
])
def test_bad_plans_exit_2_naming_the_file_and_field(tmp_path, cli, plan, field):
    path = tmp_path / "plan.json"
    path.write_text(plan)
    code, out, err = cli("evaluate", EXAMPLE, "--plan", path)
    assert code == 2 and out is None
    assert str(path) in err and field in err, err
    with pytest.raises(ValueError, match="plan"):
        milp_sac.evaluate_plan(EXAMPLE, path)


def test_bad_solutions_exit_2_naming_the_file_and_line(tmp_path, cli):
    mps, column_map = tmp_path / "sac.mps", tmp_path / "map.json"
    code, _, err = cli("export-mps", EXAMPLE, "--budget", "4", "-o", mps, "--column-map", column_map)
    assert code == 0, err
    solution = tmp_path / "sol.txt"
    for text, words in [
        ("Model status\nOptimal\n\n# Primal solution values\nFeasible\n# Columns 1\ny_4 one\n", "line 7"),
        ("Model status\nInfeasible\n\n# Primal solution values\nNone\n", "no solution"),
        ("hello\n", "line 1"),
        ('{"x": {"other_column": 1}}', "none of the columns"),
    ]:
        solution.write_text(text)
        code, out, err = cli("evaluate", EXAMPLE, "--plan", solution, "--column-map", column_map)
        assert code == 2 and out is None, text
        assert str(solution) in err and words in err, err
    code, _, err = cli("evaluate", EXAMPLE, "--column-map", column_map)
    assert code == 2 and "--plan" in err
