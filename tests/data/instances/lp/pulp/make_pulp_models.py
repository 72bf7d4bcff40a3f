#!/usr/bin/python3
"""Writes the PuLP models of this folder as CPLEX LP (NAME.lp) and MPS
(NAME.mps), both by PuLP 2.6 (Debian's python3-pulp): the tests read each
pair with our two readers and expect the same optimum (tests/lp_format).
Run it here to regenerate:  /usr/bin/python3 make_pulp_models.py"""
import pulp


def beer_distribution():
    # PuLP's own transportation example (BeerDistributionProblem), an LP.
    warehouses = {"A": 1000, "B": 4000}
    bars = {"1": 500, "2": 900, "3": 1800, "4": 200, "5": 700}
    costs = {"A": [2, 4, 5, 2, 1], "B": [3, 1, 3, 2, 3]}
    prob = pulp.LpProblem("beer_distribution", pulp.LpMinimize)
    route = {(w, b): pulp.LpVariable(f"route_{w}_{b}", 0, None) for w in warehouses for b in bars}
    prob += pulp.lpSum(route[w, b] * costs[w][k] for w in warehouses for k, b in enumerate(bars)), "transport_cost"
    for w, supply in warehouses.items():
        prob += pulp.lpSum(route[w, b] for b in bars) <= supply, f"supply_{w}"
    for b, demand in bars.items():
        prob += pulp.lpSum(route[w, b] for w in warehouses) >= demand, f"demand_{b}"
    return prob


def knapsack():
    # A 0-1 knapsack (binaries), maximised.
    value = [10, 13, 7, 8, 12, 5, 9, 4]
    weight = [5, 7, 3, 4, 6, 2, 5, 1]
    prob = pulp.LpProblem("knapsack", pulp.LpMaximize)
    take = [pulp.LpVariable(f"take_{k}", cat="Binary") for k in range(len(value))]
    prob += pulp.lpSum(v * t for v, t in zip(value, take))
    prob += pulp.lpSum(w * t for w, t in zip(weight, take)) <= 17, "capacity"
    return prob


def mixed():
    # Generals with bounds, a free column, a negative lower bound, an
    # equality, a fixed column and a constant in the objective.
    prob = pulp.LpProblem("mixed", pulp.LpMinimize)
    x = pulp.LpVariable("x", 0, 10, cat="Integer")
    y = pulp.LpVariable("y", -5, 5)
    z = pulp.LpVariable("z", None, None)
    n = pulp.LpVariable("n", 2, None, cat="Integer")
    f = pulp.LpVariable("fixed", 3, 3)
    prob += 3 * x - 2 * y + z + 4 * n + f + 7.5, "cost"
    prob += x + y + z >= 4.5, "cover"
    prob += z - 2 * y == 1, "link"
    prob += x - n <= 3, "gap"
    prob += 2 * x + 3 * n >= 13, "demand"
    prob += z <= 8
    return prob


def production():
    # A small production-planning MILP with integer batches and a maximised profit.
    products = ["p1", "p2", "p3"]
    profit = {"p1": 20, "p2": 30, "p3": 25}
    hours = {"p1": 2.5, "p2": 4, "p3": 3}
    batch = {p: pulp.LpVariable(f"batch_{p}", 0, 20, cat="Integer") for p in products}
    extra = pulp.LpVariable("overtime", 0, 12)
    prob = pulp.LpProblem("production", pulp.LpMaximize)
    prob += pulp.lpSum(profit[p] * batch[p] for p in products) - 15 * extra, "profit"
    prob += pulp.lpSum(hours[p] * batch[p] for p in products) <= 40 + extra, "hours"
    prob += batch["p1"] + batch["p2"] >= 3, "mix"
    prob += batch["p3"] <= 2 * batch["p1"], "balance"
    return prob


if __name__ == "__main__":
    for build in (beer_distribution, knapsack, mixed, production):
        prob = build()
        prob.writeLP(f"{prob.name}.lp")
        prob.writeMPS(f"{prob.name}.mps")
