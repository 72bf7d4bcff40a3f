"""plan_many: the same plans as serial plan_sac calls, in input order, on
local threads and on a dask.distributed LocalCluster of two worker processes
(loopback only; shut down at the end of the test). Small bundled ModuleInfo
files: the transformer example and gpt4."""
import json
import pathlib

import pytest

import milp_sac
from conftest import instances

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "transformer_l4.json"


def configs():
    info = json.loads(EXAMPLE.read_text())  # one dict shared by several configurations
    gpt4 = str(instances("sac", "gpt4.json"))
    return [
        (info, 1.6, 4),
        (str(EXAMPLE), 1.0, 4, {"gap": 0}),
        (gpt4, 1.466, 1),
        {"module_info": info, "memory_budget": 1.8, "world_size": 4,
         "ac_units": ["Transformer.layers.0", "Transformer.layers.1"]},
        (gpt4, 0.88, 8),  # no plan fits: status infeasible
        (info, 2.4, 1, {"warn": False}),
    ]


def same_plan(a, b):
    keys = ("status", "has_plan", "ac_decisions", "peak_memory_bytes", "recomputation_time_ms", "bound_ms", "gap",
            "budget_gib", "world_size", "min_budget")
    return {k: getattr(a, k) for k in keys} == {k: getattr(b, k) for k in keys}


def serial(cases):
    out = []
    for c in cases:
        if isinstance(c, dict):
            c = dict(c)
            out.append(milp_sac.plan_sac(c.pop("module_info"), c.pop("memory_budget"), c.pop("world_size"), **c))
        else:
            out.append(milp_sac.plan_sac(c[0], c[1], c[2], **(c[3] if len(c) == 4 else {})))
    return out


@pytest.fixture(scope="module")
def expected():
    with pytest.warns(UserWarning):  # the transformer's sac_memory warnings
        return serial(configs())


def test_threads_give_the_serial_plans_in_order(expected):
    with pytest.warns(UserWarning):
        got = milp_sac.plan_many(configs(), threads=3)
    assert len(got) == len(expected)
    assert all(same_plan(a, b) for a, b in zip(got, expected))
    assert [r.status for r in got][4] == "infeasible"
    assert milp_sac.plan_many([]) == []


def test_a_local_cluster_gives_the_serial_plans_in_order(expected):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        got = milp_sac.plan_many(configs(), client=client)
        assert len(client.scheduler_info()["workers"]) == 2
    assert len(got) == len(expected)
    assert all(same_plan(a, b) for a, b in zip(got, expected))


@pytest.mark.parametrize("config, words", [
    ((EXAMPLE, 1.6), "configs[0]: expected (module_info"),
    ((EXAMPLE, 1.6, 4, {"gapp": 0}), "unknown option 'gapp'"),
    ({"module_info": EXAMPLE}, "memory_budget"),
    ({"module_info": EXAMPLE, "memory_budget": 1, "budget": 2}, "unknown key 'budget'"),
])
def test_a_bad_configuration_is_refused_before_planning(config, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace("[", r"\[")):
        milp_sac.plan_many([config])


def test_bad_input_inside_a_plan_raises_as_plan_sac_does():
    with pytest.raises(ValueError, match="budget"):
        milp_sac.plan_many([(str(EXAMPLE), -1.0, 4)], threads=2)
