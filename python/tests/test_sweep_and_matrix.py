"""sweep_sac against `milp-sac sac --budget-sweep` (same points, same plans),
its curve (non-increasing, feasible at every point with a plan), its bad
input (ValueError with the CLI's message); and the Graph's ad_matrix: a wrong
shape or a NaN entry is a ValueError naming the entry, a good one (nested
lists or numpy) is accepted."""
import copy
import json
import math
from pathlib import Path

import pytest

import milp_sac
from conftest import cli_error, instances
from test_graph import parse_module_info

try:
    import numpy as np
except ImportError:
    np = None


def transformer():
    return instances("sac", "transformer_l4.json")


def test_sweep_matches_the_cli(cli):
    path = transformer()
    code, out, _ = cli("sac", path, "--budget-sweep", "--points", "5", "--world-size", "2", "--quiet")
    assert code == 0
    sweep = milp_sac.sweep_sac(path, 2, points=5, warn=False)
    assert len(sweep.points) == len(out["points"]) >= 5
    assert sweep.sweep == out["sweep"]
    assert sweep.plan_changes == out["plan_changes"]
    assert sweep.world_size == out["world_size"] == 2
    assert sweep.min_feasible_budget_gib == pytest.approx(out["min_feasible_budget_gib"], rel=1e-12)
    assert sweep.no_ac_peak_gib == pytest.approx(out["no_ac_peak_gib"], rel=1e-12)
    assert sweep.baseline_peak_gib == pytest.approx(out["baseline_peak_gib"], rel=1e-12)
    assert sweep.monotone == out["monotone"]
    for ours, theirs in zip(sweep.points, out["points"]):
        assert ours.budget_gib == pytest.approx(theirs["budget_gib"], rel=1e-12)
        assert ours.status == theirs["status"]
        assert ours.plan_change == theirs["plan_change"]
        assert ours.ac_decisions == theirs["ac_decisions"]
        assert ours.peak_memory_bytes == theirs["peak_memory_bytes"]
        assert ours.recomputation_time_ms == pytest.approx(theirs["recomputation_time_ms"], rel=1e-9)


def test_sweep_curve_is_non_increasing_and_fits_every_budget():
    info = json.loads(transformer().read_text())
    sweep = milp_sac.sweep_sac(info, points=6, max_breakpoints=0, warn=False)
    assert sweep.sweep == "grid"
    assert sweep.min_feasible_budget_gib is not None
    assert [p.budget_gib for p in sweep.points] == sorted(p.budget_gib for p in sweep.points)
    assert sweep.points[0].budget_gib == pytest.approx(sweep.min_feasible_budget_gib)
    assert sweep.points[-1].budget_gib == pytest.approx(sweep.no_ac_peak_gib)
    curve = sweep.curve()
    assert len(curve) == 6
    assert all(b[1] <= a[1] + 1e-9 for a, b in zip(curve, curve[1:]))
    for p in sweep.points:
        assert p.has_plan
        assert p.peak_memory_bytes <= math.floor(p.budget_gib * 2**30)
        # Each point is the plan plan_sac gives at that budget (same solver, same request).
        single = milp_sac.plan_sac(info, p.budget_gib, warn=False)
        assert single.recomputation_time_ms <= p.recomputation_time_ms * (1 + 0.05) + 1e-6


def test_sweep_breakpoints_bracket_each_change_of_the_ac_units():
    # Room above the model's changes (as tests/model/test_sac_scale.cpp): its
    # four layers are alike, so near the no-AC peak every one-unit set is
    # optimal up to the rounding of the ratios and the probes see 8 or 9
    # changes depending on the solver's path; the default of 8 sat on the limit.
    sweep = milp_sac.sweep_sac(transformer(), max_breakpoints=16, warn=False)
    assert sweep.sweep == "breakpoints"
    changes = [i for i, p in enumerate(sweep.points) if p.plan_change]
    assert len(changes) == sweep.plan_changes >= 1
    span = sweep.points[-1].budget_gib - sweep.points[0].budget_gib
    for i in changes:
        before, after = sweep.points[i - 1], sweep.points[i]
        assert 0 < after.budget_gib - before.budget_gib <= 1e-3 * span * (1 + 1e-9)
        assert set(after.ac_decisions) != set(before.ac_decisions)
        assert after.recomputation_time_ms <= before.recomputation_time_ms + 1e-9
    with pytest.raises(ValueError, match="max_breakpoints"):
        milp_sac.sweep_sac(transformer(), max_breakpoints=-1, warn=False)


def test_sweep_from_a_graph_and_a_range():
    graph = parse_module_info(json.loads(transformer().read_text()))
    sweep = milp_sac.sweep_sac(graph, from_gib=1.5, to_gib=2.5, points=3, max_breakpoints=0, warn=False)
    assert [p.budget_gib for p in sweep.points] == pytest.approx([1.5, 2.0, 2.5])
    assert all(p.status in ("optimal", "gap_limit") for p in sweep.points)


def test_sweep_warnings_are_issued_unless_warn_false():
    with pytest.warns(UserWarning, match="act_fw_per_module"):
        milp_sac.sweep_sac(transformer(), points=2)


@pytest.mark.parametrize("kwargs, match", [
    ({"from_gib": 2.0, "to_gib": 1.0}, "from"),
    ({"points": 1}, "points"),
    ({"points": 2.5}, "points"),
    ({"from_gib": math.nan}, "from"),
    ({"to_gib": "big"}, "to_gib"),
    ({"gap": -1}, "gap"),
    ({"time_limit": 0}, "time_limit"),
    ({"threads": 0}, "threads"),
    ({"threads": 1.5}, "threads"),
    ({"world_size": 0}, "world"),
    ({"ac_units": ["No.Such.Module"]}, "No.Such.Module"),
])
def test_sweep_bad_request_is_value_error(kwargs, match):
    with pytest.raises(ValueError, match=match):
        milp_sac.sweep_sac(transformer(), **kwargs)


def test_sweep_same_curve_on_one_and_two_threads():
    # The bundled example (not the shared instances): the curve, breakpoints
    # included, does not depend on the number of threads.
    example = Path(__file__).resolve().parents[2] / "examples" / "transformer_l4.json"
    one = milp_sac.sweep_sac(example, 2, points=9, threads=1, warn=False)
    two = milp_sac.sweep_sac(example, 2, points=9, threads=2, warn=False)
    assert len(one.points) >= 9
    assert [(p.budget_gib, p.status, p.recomputation_time_ms, p.ac_decisions, p.plan_change) for p in one.points] == [
        (p.budget_gib, p.status, p.recomputation_time_ms, p.ac_decisions, p.plan_change) for p in two.points
    ]


def test_sweep_bad_file_same_message_as_cli(tmp_path, cli):
    info = json.loads(transformer().read_text())
    info["mod_stats"][1]["act_total"] = "lots"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(info))
    code, _, stderr = cli("sac", path, "--budget-sweep")
    assert code == 2
    with pytest.raises(ValueError) as error:
        milp_sac.sweep_sac(path)
    assert str(error.value) == cli_error(stderr, "sac")


def graph_with(matrix_of):
    graph = parse_module_info(json.loads(transformer().read_text()))
    graph.ad_matrix = matrix_of(copy.deepcopy(graph.ad_matrix), len(graph.nodes))
    return graph


def as_lists(m):
    return m.tolist() if hasattr(m, "tolist") else m


@pytest.mark.parametrize("mutate, match", [
    (lambda m, n: as_lists(m)[:-1], r"ad_matrix: expected \d+ x \d+ .*got \d+ rows"),
    (lambda m, n: [row[:-1] for row in as_lists(m)], r"ad_matrix\[0\]: expected \d+ entries"),
    (lambda m, n: [row + [0] for row in as_lists(m)], r"ad_matrix\[0\]: expected \d+ entries"),
    (lambda m, n: 7, r"ad_matrix: expected \d+ x \d+"),
    (lambda m, n: [[math.nan if (i, j) == (1, 2) else v for j, v in enumerate(row)]
                   for i, row in enumerate(as_lists(m))], r"ad_matrix\[1\]\[2\]: expected a finite number"),
    (lambda m, n: [["x"] * n for _ in range(n)], r"ad_matrix\[0\]\[0\]"),
])
def test_bad_ad_matrix_is_value_error(mutate, match):
    graph = graph_with(mutate)
    with pytest.raises(ValueError, match=match):
        milp_sac.sac_milp(graph, 2.0)
    with pytest.raises(ValueError, match=match):
        milp_sac.plan_sac(graph, 2.0, warn=False)
    with pytest.raises(ValueError, match=match):
        milp_sac.sweep_sac(graph, points=2, warn=False)


@pytest.mark.skipif(np is None, reason="numpy not installed")
def test_numpy_ad_matrix_bad_shape_and_nan():
    with pytest.raises(ValueError, match="rows"):
        milp_sac.sac_milp(graph_with(lambda m, n: np.zeros((n - 1, n))), 2.0)
    with pytest.raises(ValueError, match="entries"):
        milp_sac.sac_milp(graph_with(lambda m, n: np.zeros((n, n + 1))), 2.0)

    def with_nan(m, n):
        m = np.array(m, dtype=float)
        m[0, 0] = np.nan
        return m

    with pytest.raises(ValueError, match=r"ad_matrix\[0\]\[0\]"):
        milp_sac.sac_milp(graph_with(with_nan), 2.0)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_good_ad_matrix_and_none_are_accepted():
    graph = parse_module_info(json.loads(transformer().read_text()))
    expected = milp_sac.sac_milp(graph, 2.0)
    assert expected[2] > 0
    graph.ad_matrix = None
    assert milp_sac.sac_milp(graph, 2.0) == expected
    del graph.ad_matrix
    assert milp_sac.sac_milp(graph, 2.0) == expected
