"""sac_milp called the way PyTorch calls it: with an ilp_utils.Graph built by
parse_module_info from the ModuleInfo dict (written here after PyTorch's
semantics: nodes sorted by fw_pre_order, each with index and
pos_fw_post_order, name2node, the ancestor-descendant matrix)."""
import copy
import json
import warnings

import pytest

import milp_sac
from conftest import instances

try:
    import numpy as np
except ImportError:  # numpy is optional: ad_matrix as nested lists then
    np = None


class Graph:
    def __init__(self, n):
        self.nodes = []
        self.name2node = {}
        self.ad_matrix = np.zeros((n, n)) if np is not None else [[0.0] * n for _ in range(n)]
        self.fw_post_order = []

    def add_node(self, node):
        self.nodes.append(node)
        self.name2node[node["fqn"]] = node


def is_self_or_submodule(descendant, ancestor):
    return descendant == ancestor or ancestor + "." in descendant


def parse_module_info(module_info):
    mod_stats = module_info["mod_stats"]
    fw_pre_order = module_info["mod_order"]["fw_pre_order"]
    assert len(mod_stats) == len(fw_pre_order)
    n = len(mod_stats)
    g = Graph(n)
    g.fw_post_order = module_info["mod_order"]["fw_post_order"]
    module_info["mod_stats"] = sorted(mod_stats, key=lambda x: fw_pre_order.index(x["fqn"]))
    for i, node in enumerate(module_info["mod_stats"]):
        node["index"] = i
        node["pos_fw_post_order"] = g.fw_post_order.index(node["fqn"])
        g.add_node(node)
    for i in range(n):
        for j in range(i, n):
            if is_self_or_submodule(g.nodes[j]["fqn"], g.nodes[i]["fqn"]):
                g.ad_matrix[i][j] = 1
            else:
                break
    return g


def seed_baseline(graph):
    """ilp_utils.get_peak_memory_runtime_baseline, for an independent check."""
    p1 = graph.nodes[0]["param_per_module"]
    peak = max(p1 + n["grad_total"] + n["act_grad_per_module"] + n["act_total"] for n in graph.nodes)
    return peak, graph.nodes[0]["fw_runtime_per_module"] + graph.nodes[0]["bw_runtime_per_module"]


def load_info():
    return json.loads(instances("sac", "transformer_l4.json").read_text())


def test_graph_gives_the_plan_of_the_file():
    info = load_info()
    graph = parse_module_info(copy.deepcopy(info))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for budget in (1.0, 1.6, 2.4):
            from_graph = milp_sac.sac_milp(graph, budget, world_size=4)
            from_dict = milp_sac.sac_milp(info, budget, world_size=4)
            assert from_graph == from_dict
            assert from_graph[2] > 0 and from_graph[2] <= budget * 2**30


def test_graph_with_shuffled_mod_stats_and_tradeoff_dict():
    # aggregate_stats lists modules in model.modules() order and tradeoff curves as
    # OrderedDict[float, float]; parse_module_info sorts by pre-order.
    from collections import OrderedDict

    info = load_info()
    shuffled = copy.deepcopy(info)
    shuffled["mod_stats"].reverse()
    for m in shuffled["mod_stats"]:
        curve = m.get("tradeoff_curve")
        if isinstance(curve, dict):
            m["tradeoff_curve"] = OrderedDict((float(k), v) for k, v in curve.items())
        elif isinstance(curve, list):
            m["tradeoff_curve"] = OrderedDict((float(x), y) for x, y in curve)
    graph = parse_module_info(shuffled)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert milp_sac.sac_milp(graph, 1.4, 4, fsdp_units=["Transformer"]) == milp_sac.sac_milp(
            info, 1.4, 4, fsdp_units=["Transformer"])


def test_graph_options_ac_units():
    info = load_info()
    graph = parse_module_info(copy.deepcopy(info))
    units = ["Transformer.layers.0", "Transformer.layers.1"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        decisions, recompute, peak = milp_sac.sac_milp(graph, 1.8, 4, ac_units=units)
    assert peak > 0 and set(decisions) <= set(units)


def test_graph_reader_warnings_reach_python():
    graph = parse_module_info(load_info())
    with pytest.warns(UserWarning, match="sac_memory .* < act_fw_per_module"):
        milp_sac.sac_milp(graph, 1.6, 4)
    result = milp_sac.plan_sac(graph, 1.6, 4, warn=False)
    assert result.warnings and all("act_fw_per_module" in w for w in result.warnings)


def test_graph_baseline_equals_pytorch_formula():
    graph = parse_module_info(load_info())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert milp_sac.get_peak_memory_runtime_baseline(graph) == pytest.approx(seed_baseline(graph), rel=1e-12)


def test_graph_budget_too_small():
    graph = parse_module_info(load_info())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert milp_sac.sac_milp(graph, 0.5, 4) == ({}, 0, -1)
        with pytest.raises(milp_sac.InfeasibleBudget) as info:
            milp_sac.sac_milp(graph, 0.5, 4, strict=True)
    assert info.value.min_feasible_budget_gib is not None and info.value.min_feasible_budget_gib > 0.5
    # The suggested budget works.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert milp_sac.sac_milp(graph, info.value.min_feasible_budget_gib, 4)[2] > 0
