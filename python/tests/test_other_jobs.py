"""solve_mps, propose_sharding and analyze_graph against the CLI and the
expected answers in the shared instances."""
import csv
import json
import math

import pytest

import milp_sac
from conftest import REPO, instances


def lp_rows():
    try:
        path = instances("lp", "expected.tsv")
    except BaseException:
        return [pytest.param(None, id="instances-missing")]
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["set"] in ("edge", "netlib")]
    small = [r for r in rows if int(r["rows"] or 0) * int(r["cols"] or 0) <= 40000]
    return [pytest.param(r, id=f"{r['set']}-{r['name']}") for r in small]


@pytest.mark.parametrize("row", lp_rows())
def test_solve_mps_expected(row):
    path = instances("lp", row["file"])
    expected = row["expected_status"]
    if expected == "parse_error":
        with pytest.raises(ValueError):
            milp_sac.solve_mps(path)
        return
    result = milp_sac.solve_mps(path)
    if expected == "optimal":
        assert result["status"] == "optimal"
        if row["expected_objective"]:
            want = float(row["expected_objective"])
            assert math.isclose(result["objective"], want, rel_tol=1e-6, abs_tol=1e-6)
    elif expected == "unbounded":
        assert result["status"] in ("unbounded", "infeasible", "numerical_error")
        assert not result["has_solution"]
    else:
        assert result["status"] in (expected, "numerical_error")
        assert not result["has_solution"]


def test_solve_mps_matches_cli(cli):
    path = REPO / "examples" / "smalllp.mps"
    code, out, _ = cli("solve", path)
    result = milp_sac.solve_mps(path)
    assert result["status"] == out["status"]
    assert result["objective"] == pytest.approx(out["objective"], rel=1e-12)
    assert result["x"] == pytest.approx(out["x"], rel=1e-12, abs=1e-12)


def analysis_cases():
    try:
        data = json.loads(instances("analysis", "cases.json").read_text())
    except BaseException:
        return [pytest.param(None, id="instances-missing")]
    return [pytest.param(c, id=c["name"]) for c in data["cases"]]


@pytest.mark.parametrize("case", analysis_cases())
def test_analyze_graph_cases(case, tmp_path, cli):
    info = milp_sac.analyze_graph(case["graph"])
    for key, value in case["expected"].items():
        assert info[key] == value, key
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(case["graph"]))
    code, out, _ = cli("analyze", path)
    assert code == 0
    assert milp_sac.analyze_graph(path) == info
    for key in ("fwd_mem_in", "fwd_mem_tmp", "bwd_mem_tmp", "bwd_mem_out", "fwd_flop", "bwd_flop"):
        assert info[key] == out[key], key


def sharding_input():
    gib = 2**30
    options = []
    for t in range(6):
        size = (t + 1) * gib // 4
        options.append({"fqn": f"table_{t}", "sharding_type": "table_wise", "compute_kernel": "fused",
                        "hbm": size, "ddr": 0, "perf": 10.0 + t})
        options.append({"fqn": f"table_{t}", "sharding_type": "row_wise", "compute_kernel": "fused",
                        "hbm": size, "ddr": 0, "perf": 4.0 + t / 2,
                        "shards": [{"hbm": size // 2, "ddr": 0, "perf": 2.0 + t / 4}] * 2})
    return {"topology": {"world_size": 2, "local_world_size": 2, "compute_device": "cuda", "hbm_per_device": 4 * gib, "ddr_per_device": 0},
            "options": options}


@pytest.mark.parametrize("variant", ["1d", "2d"])
def test_propose_sharding_matches_cli(variant, tmp_path, cli):
    plan_input = sharding_input()
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan_input))
    args = ["shard", path] + (["--2d"] if variant == "2d" else [])
    code, out, _ = cli(*args)
    result = milp_sac.propose_sharding(plan_input, variant=variant)
    assert result["status"] == out["status"]
    assert (code == 0) == (result["status"] == "feasible")
    if result["status"] == "feasible":
        assert result["rating_ms"] == pytest.approx(out["rating_ms"], rel=1e-12)
        assert [(t["fqn"], t["option"]) for t in result["tables"]] == [(t["fqn"], t["option"]) for t in out["tables"]]
        assert [[s["device"] for s in t["shards"]] for t in result["tables"]] == \
            [[s["device"] for s in t["shards"]] for t in out["tables"]]
        # Every device within its HBM.
        for d in result["devices"]:
            assert d["hbm_bytes"] <= plan_input["topology"]["hbm_per_device"]
    assert milp_sac.propose_sharding(path, variant=variant) == result
    # One builder (sharding/plan_json.h) for both: the whole JSON is the CLI's, key for key.
    assert result == out
    assert list(result) == list(out)


def test_propose_sharding_failure_matches_cli(tmp_path, cli):
    plan_input = {"topology": {"world_size": 1, "compute_device": "cuda", "hbm_per_device": 10, "ddr_per_device": 0},
                  "options": [{"fqn": "big", "hbm": 80, "ddr": 0, "perf": 1.0}]}
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan_input))
    code, out, _ = cli("shard", path)
    assert code == 1
    result = milp_sac.propose_sharding(plan_input)
    assert result == out
    assert result["status"] == "infeasible"
    assert "no proposal could be placed" in result["message"]
    assert result["unplaced"]["fqn"] == "big"


def test_version():
    assert milp_sac.__version__.count(".") == 2
    assert tuple(int(p) for p in milp_sac.__version__.split(".")) == milp_sac.version_info
