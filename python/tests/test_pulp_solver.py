"""milp_sac.pulp.MILP_SAC as a PuLP solver, against PuLP's CBC on the same
problem objects: small problems modelled on PuLP's own examples (whiskas
blending, sudoku, a knapsack), PyTorch's sac_milp model built in PuLP row for
row as the seed builds it (torch/distributed/_tools/sac_ilp.py) on the
bundled 4-layer Transformer, and the infeasible/unbounded statuses."""
import copy
import json
import shutil

import pytest

from conftest import instances
from test_graph import parse_module_info

pulp = pytest.importorskip("pulp")
from milp_sac.pulp import MILP_SAC  # noqa: E402  (needs pulp)

REL = 1e-6


def cbc():
    bundled = pulp.PULP_CBC_CMD(msg=0)
    if bundled.available():
        return bundled
    if shutil.which("cbc") is None:
        pytest.fail("no CBC to compare with: install coinor-cbc (scripts/install-deps)")
    return pulp.COIN_CMD(path=shutil.which("cbc"), msg=0)


def solve_both(build):
    """(ours, CBC's) (status, objective, values) for two fresh copies of a problem."""
    results = []
    for solver in (MILP_SAC(msg=False, gapRel=0), cbc()):
        prob, variables = build()
        status = prob.solve(solver)
        objective = None if prob.objective is None else pulp.value(prob.objective)
        results.append((status, objective, {v.name: v.varValue for v in variables}, prob))
    return results


def same(a, b):
    return abs(a - b) <= REL * max(1.0, abs(b))


def whiskas():
    # PuLP's WhiskasModel2: the cheapest cat food meeting the nutrition table.
    ingredients = ["CHICKEN", "BEEF", "MUTTON", "RICE", "WHEAT", "GEL"]
    costs = dict(zip(ingredients, [0.013, 0.008, 0.010, 0.002, 0.005, 0.001]))
    protein = dict(zip(ingredients, [0.100, 0.200, 0.150, 0.000, 0.040, 0.000]))
    fat = dict(zip(ingredients, [0.080, 0.100, 0.110, 0.010, 0.010, 0.000]))
    fibre = dict(zip(ingredients, [0.001, 0.005, 0.003, 0.100, 0.150, 0.000]))
    salt = dict(zip(ingredients, [0.002, 0.005, 0.007, 0.002, 0.008, 0.000]))
    prob = pulp.LpProblem("The_Whiskas_Problem", pulp.LpMinimize)
    x = pulp.LpVariable.dicts("Ingr", ingredients, 0)
    prob += pulp.lpSum(costs[i] * x[i] for i in ingredients), "Total Cost of Ingredients per can"
    prob += pulp.lpSum(x[i] for i in ingredients) == 100, "PercentagesSum"
    prob += pulp.lpSum(protein[i] * x[i] for i in ingredients) >= 8.0, "ProteinRequirement"
    prob += pulp.lpSum(fat[i] * x[i] for i in ingredients) >= 6.0, "FatRequirement"
    prob += pulp.lpSum(fibre[i] * x[i] for i in ingredients) <= 2.0, "FibreRequirement"
    prob += pulp.lpSum(salt[i] * x[i] for i in ingredients) <= 0.4, "SaltRequirement"
    return prob, list(x.values())


SUDOKU_CLUES = [(5, 1, 1), (6, 2, 1), (8, 4, 1), (4, 5, 1), (7, 6, 1), (3, 1, 2), (9, 3, 2), (6, 7, 2),
                (8, 3, 3), (1, 2, 4), (8, 5, 4), (4, 8, 4), (7, 1, 5), (9, 2, 5), (6, 4, 5), (2, 6, 5),
                (1, 8, 5), (8, 9, 5), (5, 2, 6), (3, 5, 6), (9, 8, 6), (2, 7, 7), (6, 3, 8), (8, 7, 8),
                (7, 9, 8), (3, 4, 9), (1, 5, 9), (6, 6, 9), (5, 8, 9)]


def sudoku():
    # PuLP's Sudoku1 example: one binary per (value, row, column), a feasibility problem.
    seq = range(1, 10)
    boxes = [[(3 * i + k + 1, 3 * j + m + 1) for k in range(3) for m in range(3)] for i in range(3) for j in range(3)]
    prob = pulp.LpProblem("Sudoku_Problem")
    choices = pulp.LpVariable.dicts("Choice", (seq, seq, seq), cat="Binary")
    for r in seq:
        for c in seq:
            prob += pulp.lpSum(choices[v][r][c] for v in seq) == 1
    for v in seq:
        for r in seq:
            prob += pulp.lpSum(choices[v][r][c] for c in seq) == 1
        for c in seq:
            prob += pulp.lpSum(choices[v][r][c] for r in seq) == 1
        for b in boxes:
            prob += pulp.lpSum(choices[v][r][c] for (r, c) in b) == 1
    for v, r, c in SUDOKU_CLUES:
        prob += choices[v][r][c] == 1
    return prob, [choices[v][r][c] for v in seq for r in seq for c in seq]


def knapsack():
    values = [92, 57, 49, 68, 60, 43, 67, 84, 87, 72]
    weights = [23, 31, 29, 44, 53, 38, 63, 85, 89, 82]
    prob = pulp.LpProblem("knapsack", pulp.LpMaximize)
    take = [pulp.LpVariable(f"take_{i}", cat="Binary") for i in range(len(values))]
    prob += pulp.lpDot(values, take)
    prob += pulp.lpDot(weights, take) <= 165, "capacity"
    return prob, take


@pytest.mark.parametrize("build", [whiskas, knapsack], ids=["whiskas", "knapsack"])
def test_pulp_examples_as_cbc(build):
    (ours, ours_obj, ours_x, prob), (theirs, theirs_obj, _, _) = solve_both(build)
    assert ours == theirs == pulp.LpStatusOptimal
    assert same(ours_obj, theirs_obj)
    assert prob.sol_status == pulp.LpSolutionOptimal
    assert all(v is not None for v in ours_x.values())
    for name, row in prob.constraints.items():
        assert row.valid(1e-7), name


def test_knapsack_optimum():
    (_, obj, x, _), _ = solve_both(knapsack)
    assert obj == 309 and sorted(n for n, v in x.items() if round(v) == 1) == ["take_0", "take_1", "take_2", "take_3",
                                                                               "take_5"]


def test_whiskas_duals_are_set():
    prob, _ = whiskas()
    prob.solve(MILP_SAC(msg=False))
    assert prob.constraints["PercentagesSum"].pi is not None
    assert abs(pulp.value(prob.objective) - 0.52) < 1e-9  # PuLP's documented answer: 0.52 per can


def test_sudoku_solution_is_a_sudoku():
    (ours, _, x, _), (theirs, _, cbc_x, _) = solve_both(sudoku)
    assert ours == theirs == pulp.LpStatusOptimal
    # These clues (PuLP's example) have one solution: CBC's.
    assert {n: round(v) for n, v in x.items()} == {n: round(v) for n, v in cbc_x.items()}
    grid = {(r, c): v for v in range(1, 10) for r in range(1, 10) for c in range(1, 10)
            if round(x[f"Choice_{v}_{r}_{c}"]) == 1}
    assert len(grid) == 81
    assert all(grid[(r, c)] == v for v, r, c in SUDOKU_CLUES)
    for k in range(1, 10):
        assert sorted(grid[(k, c)] for c in range(1, 10)) == list(range(1, 10))
        assert sorted(grid[(r, k)] for r in range(1, 10)) == list(range(1, 10))


def test_infeasible_and_unbounded_as_cbc():
    def infeasible():
        prob = pulp.LpProblem("infeasible", pulp.LpMinimize)
        x = pulp.LpVariable("x", 0, 10, cat="Integer")
        prob += x
        prob += x >= 11
        return prob, [x]

    def unbounded():
        prob = pulp.LpProblem("unbounded", pulp.LpMaximize)
        x = pulp.LpVariable("x", 0)
        y = pulp.LpVariable("y", 0, 3)
        prob += x + y
        prob += x - y >= 1
        return prob, [x, y]

    (ours, *_), (theirs, *_) = solve_both(infeasible)
    assert ours == theirs == pulp.LpStatusInfeasible
    (ours, *_), (theirs, *_) = solve_both(unbounded)
    assert ours == theirs == pulp.LpStatusUnbounded


def sac_milp_problem(graph, memory_budget, world_size):
    """The seed's sac_milp model (PyTorch sac_ilp.py), built in PuLP row for row; no solve."""
    num_nodes = len(graph.nodes)
    M = 10 ** 2
    MEM = 2 ** 30
    prob = pulp.LpProblem("SAC", pulp.LpMinimize)
    y = pulp.LpVariable.matrix("y", list(range(num_nodes)), 0, 1, pulp.LpInteger)
    r = pulp.LpVariable.matrix("r", list(range(num_nodes)), 0, 1)
    d = pulp.LpVariable.matrix("d", list(range(num_nodes)), 0)
    a = pulp.LpVariable.matrix("a", list(range(num_nodes)), 0)
    m = pulp.LpVariable.matrix("m", list(range(num_nodes)), 0)
    rcp = pulp.LpVariable.matrix("rcp", list(range(num_nodes)), 0)
    rct = pulp.LpVariable.matrix("rct", list(range(num_nodes)), 0)
    max_m = pulp.LpVariable("max_m", 0)
    nodes = graph.nodes
    for i in range(num_nodes):
        for j in range(i + 1, num_nodes):
            if graph.ad_matrix[i][j] == 1:
                prob += y[i] + y[j] <= 1
    for i in range(num_nodes):
        if nodes[i]["is_leaf"]:
            prob += y[i] == 0
    for i in range(num_nodes):
        if not nodes[i]["is_leaf"] and nodes[i]["sac_memory"] < nodes[i]["act_fw_per_module"]:
            nodes[i]["sac_memory"] = nodes[i]["act_fw_per_module"]
        acm, ia = nodes[i]["sac_memory"] / MEM, nodes[i]["act_fw_per_module"] / MEM
        prob += d[i] == acm * r[i] - (acm - ia) * y[i]
    for i in range(num_nodes):
        prob += y[i] >= r[i]
        if nodes[i]["is_leaf"]:
            continue
        acm, ia = nodes[i]["sac_memory"] / MEM, nodes[i]["act_fw_per_module"] / MEM
        prob += r[i] >= (acm - ia) / acm * y[i]
    for i in range(num_nodes):
        ag, ta = nodes[i]["act_grad_per_module"] / MEM, nodes[i]["act_total"] / MEM
        coeff = [0] * num_nodes
        for p in range(nodes[i]["pos_fw_post_order"]):
            coeff[graph.name2node[graph.fw_post_order[p]]["index"]] = 1
        prob += a[i] == ta + ag - pulp.lpDot(coeff, d)
    p1 = nodes[0]["param_per_module"] / MEM
    for i in range(num_nodes):
        prob += m[i] == a[i] + (p1 + nodes[i]["grad_total"] / MEM) / world_size
    for i in range(num_nodes):
        prob += max_m >= m[i]
    for i in range(num_nodes):
        for s in range(nodes[i]["n_segments"]):
            prob += rcp[i] >= nodes[i]["slopes"][s] * r[i] + nodes[i]["intercepts"][s]
    for i in range(num_nodes):
        act = nodes[i]["sac_runtime"]
        prob += rct[i] <= M * y[i]
        prob += rct[i] <= act * rcp[i]
        prob += rct[i] >= act * rcp[i] - M * (1 - y[i])
    prob += max_m <= memory_budget
    prob += pulp.lpSum(rct)
    return prob, y + r + [max_m]


@pytest.mark.parametrize("budget", [1.2, 1.6, 2.4])
def test_seed_sac_milp_in_pulp_as_cbc(budget):
    info = json.loads(instances("sac", "transformer_l4.json").read_text())
    graph = parse_module_info(copy.deepcopy(info))
    (ours, ours_obj, x, _), (theirs, theirs_obj, _, _) = solve_both(
        lambda: sac_milp_problem(copy.deepcopy(graph), budget, 4))
    assert ours == theirs == pulp.LpStatusOptimal
    assert same(ours_obj, theirs_obj), (ours_obj, theirs_obj)
    assert x["max_m"] <= budget + 1e-6


def test_time_limit_and_result_kept():
    solver = MILP_SAC(msg=False, timeLimit=60)
    prob, _ = knapsack()
    assert prob.solve(solver) == pulp.LpStatusOptimal
    assert solver.result["status"] in ("optimal", "gap_limit") and solver.result["nodes"] >= 1
