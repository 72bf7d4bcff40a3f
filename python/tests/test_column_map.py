"""export-mps --column-map: the map names, per candidate module, the column of
its AC-unit decision y and the column (with scale and offset) of its discarded
fraction, so a plan is read back from any solver's solution. Read back from
`milp-sac solve` on the exported file, the plan is a plan (y in {0, 1},
fractions in [0, 1], modules of the input) whose objective equals the optimum
`milp-sac sac` proves on the same request (the optimal value is unique even
where optimal plans tie). The bundled transformer example."""
import json
import pathlib

import pytest

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "transformer_l4.json"


@pytest.mark.parametrize("formulation", ["cumulative", "chain", "pairwise-bigm"])
def test_a_plan_reads_back_through_the_map(tmp_path, cli, formulation):
    mps, column_map = tmp_path / "sac.mps", tmp_path / "map.json"
    request = ["--budget", "1.6", "--world-size", "4"]
    code, summary, err = cli("export-mps", str(EXAMPLE), *request, "--formulation", formulation, "-o", str(mps),
                             "--column-map", str(column_map), "--quiet")
    assert code == 0, err
    assert summary["column_map"] == str(column_map)
    doc = json.loads(column_map.read_text())
    assert doc["schema"] == 1 and doc["formulation"] == formulation
    info = json.loads(EXAMPLE.read_text())
    known = set(info["mod_info"]["fw_pre_order"]) if "mod_info" in info else None

    code, solved, err = cli("solve", str(mps), "--gap", "0")
    assert code == 0 and solved["status"] == "optimal", err
    x = solved["x"]
    plan = {}
    for module in doc["modules"]:
        if known is not None:
            assert module["fqn"] in known
        y = x[module["y"]]
        assert min(abs(y), abs(y - 1)) < 1e-6
        if y > 0.5 and module["ratio"] is not None:
            r = module["ratio"]
            plan[module["fqn"]] = r["offset"] + r["scale"] * x[r["column"]]
            assert -1e-6 <= plan[module["fqn"]] <= 1 + 1e-6
    code, sac, err = cli("sac", str(EXAMPLE), *request, "--gap", "0", "--quiet")
    assert code == 0 and sac["status"] == "optimal", err
    assert plan, "the budget needs AC units"
    if formulation != "pairwise-bigm":  # the reference model's objective counts time in its own terms
        # sac reports the plan's time with its ratios rounded up (docs/sac.md):
        # at most a little above the model's optimum.
        assert solved["objective"] * doc["objective_unit_ms"] == pytest.approx(sac["recomputation_time_ms"], rel=2e-3)
