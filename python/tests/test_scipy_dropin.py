"""milp_sac.milp and milp_sac.linprog against scipy.optimize.milp / linprog
(SciPy's HiGHS) on the same arrays: the same status and the same objective
to 1e-6 relative (scipy_compare.py), on every bundled Netlib model (read by
our MPS reader), the bundled MIPLIB models that solve in seconds (the
others: test_scipy_slow.py, marker `slow`), and on random small models,
infeasible and unbounded ones included. LP marginals follow SciPy's signs
and certify the optimum by strong duality."""
import numpy as np
import pytest

import milp_sac
from scipy_compare import (arrays, check_marginals, check_milp_solution, check_same, data_models, linprog_feasible, linprog_split,
                           milp_feasible, model_name, run_milp, scipy_optimize, scipy_sparse)

# MIPLIB models both solvers prove optimal (gap 0) in under 3 s together on a loaded core;
# the rest of tests/data's MIPLIB models are in test_scipy_slow.py.
FAST_MIPLIB = {"egout", "enigma", "flugpl", "gr4x6", "khb05250", "lseu", "p0033", "p0548"}
# Netlib models too large for the default run (our simplex or SciPy's over a few seconds).
SLOW_NETLIB = {"dfl001"}


def netlib(fast: bool) -> list:
    return [pytest.param(p, id=model_name(p)) for p in data_models("netlib")
            if (model_name(p) not in SLOW_NETLIB) == fast]


def miplib(fast: bool) -> list:
    return [pytest.param(p, id=model_name(p)) for p in data_models("miplib")
            if (model_name(p) in FAST_MIPLIB) == fast]


def compare_linprog(path) -> None:
    args = linprog_split(arrays(path))
    theirs = scipy_optimize.linprog(method="highs", **args)
    ours = milp_sac.linprog(method="highs", **args)
    check_same(ours, theirs, lambda: linprog_feasible(args))
    if ours.status == 0:
        check_marginals(ours, args)


def compare_milp(path) -> None:
    a = arrays(path)
    theirs = run_milp(scipy_optimize.milp, a, mip_rel_gap=0.0)
    ours = run_milp(milp_sac.milp, a, mip_rel_gap=0.0)
    check_same(ours, theirs, lambda: milp_feasible(a))
    check_milp_solution(ours, a)


@pytest.mark.parametrize("path", netlib(fast=True))
def test_netlib_linprog_as_scipy(path):
    compare_linprog(path)


@pytest.mark.parametrize("path", miplib(fast=True))
def test_miplib_milp_as_scipy(path):
    compare_milp(path)


def random_model(seed: int) -> dict:
    """A small random LP/MILP; every fifth infeasible by construction, every
    seventh unbounded by construction (a free improving direction), the rest whatever falls out."""
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(1, 7)), int(rng.integers(0, 6))
    A = rng.integers(-4, 5, size=(m, n)).astype(float) * (rng.random((m, n)) < 0.7)
    lo = np.where(rng.random(m) < 0.5, -np.inf, rng.integers(-6, 3, m).astype(float))
    hi = np.where(rng.random(m) < 0.3, np.inf, lo + rng.integers(0, 8, m))
    hi = np.where(np.isinf(lo) & np.isinf(hi), rng.integers(-2, 10, m).astype(float), hi)
    lb = np.where(rng.random(n) < 0.2, -np.inf, rng.integers(-3, 2, n).astype(float))
    ub = np.where(rng.random(n) < 0.3, np.inf, np.maximum(lb, 0) + rng.integers(0, 6, n))
    c = rng.integers(-5, 6, n).astype(float)
    integrality = (rng.random(n) < 0.5).astype(int)
    if seed % 5 == 0:  # x0 >= 1 and x0 <= 0
        lb[0], ub[0] = 1.0, 3.0
        A = np.vstack([A, np.eye(1, n)])
        lo, hi = np.append(lo, -np.inf), np.append(hi, 0.0)
    elif seed % 7 == 0:  # free rows (feasible), x0 free below with a positive cost
        lo, hi = np.full(m, -np.inf), np.full(m, np.inf)
        lb[0], ub[0], c[0] = -np.inf, 5.0, 1.0
    return {"c": c, "A": A, "row_lb": lo, "row_ub": hi, "lb": lb, "ub": ub, "integrality": integrality}


@pytest.mark.parametrize("seed", range(120))
def test_random_milp_as_scipy(seed):
    a = random_model(seed)
    a["A"] = scipy_sparse.csr_array(a["A"]) if seed % 2 else a["A"]
    theirs = run_milp(scipy_optimize.milp, a, mip_rel_gap=0.0)
    ours = run_milp(milp_sac.milp, a, mip_rel_gap=0.0)
    check_same(ours, theirs, lambda: milp_feasible(a),
               lambda: run_milp(scipy_optimize.milp, a, mip_rel_gap=0.0, presolve=False))
    check_milp_solution(ours, a)
    if seed % 5 == 0:
        assert ours.status == 2
    if seed % 7 == 0 and seed % 5:
        assert ours.status == 3


@pytest.mark.parametrize("seed", range(120))
def test_random_linprog_as_scipy(seed):
    a = random_model(seed)
    args = linprog_split(dict(a, A=scipy_sparse.csr_array(a["A"])))
    if seed % 3 == 0:  # dense arrays as well
        args["A_ub"] = args["A_ub"].toarray()
    theirs = scipy_optimize.linprog(method="highs", **args)
    ours = milp_sac.linprog(method="highs", **args)
    check_same(ours, theirs, lambda: linprog_feasible(args),
               lambda: scipy_optimize.linprog(method="highs", options={"presolve": False}, **args))
    if ours.status == 0:
        check_marginals(ours, args)
        assert np.allclose(ours.slack, args["b_ub"] - args["A_ub"] @ ours.x, atol=1e-9)


def test_milp_result_fields_and_plain_arrays():
    # SciPy's own milp example: max x1 + 2 x2 s.t. -x1 + x2 <= 1, 3x1 + 2x2 <= 12, 2x1 + 3x2 <= 12.
    c = [0, -1]
    A = [[-1, 1], [3, 2], [2, 3]]
    b_u, b_l = [1, 12, 12], [-np.inf] * 3
    ours = milp_sac.milp(c, constraints=(A, b_l, b_u), integrality=[1, 1])
    theirs = scipy_optimize.milp(c, constraints=(A, b_l, b_u), integrality=[1, 1])
    assert set(theirs.keys()) <= set(ours.keys())
    assert ours.status == theirs.status == 0 and ours.success
    # Two optima, (1, 2) and (2, 2): the objective is SciPy's, x one of them.
    assert ours.fun == pytest.approx(theirs.fun, rel=1e-9) and ours.x[1] == pytest.approx(2.0)
    assert ours.mip_gap == 0.0 and ours.mip_dual_bound == pytest.approx(-2.0) and ours.mip_node_count >= 1
    relaxed = milp_sac.milp(c, constraints=scipy_optimize.LinearConstraint(A, b_l, b_u))
    assert list(relaxed.x) == pytest.approx([1.8, 2.8])
    # A list of constraints, Bounds as a tuple, integrality broadcast.
    split = [scipy_optimize.LinearConstraint(A[:1], -np.inf, 1), (A[1:], b_l[1:], b_u[1:])]
    again = milp_sac.milp(c, constraints=split, integrality=1, bounds=(0, np.inf))
    assert again.fun == pytest.approx(-2.0)


def test_linprog_marginals_as_scipy_on_a_nondegenerate_lp():
    # SciPy's linprog docstring example, plus an equality row: one optimal basis, unique duals.
    c = [-1, 4, 0]
    A_ub, b_ub = [[-3, 1, 0], [1, 2, 0]], [6, 4]
    A_eq, b_eq = [[0, 0, 1]], [2]
    bounds = [(None, None), (-3, None), (0, 5)]
    ours = milp_sac.linprog(c, A_ub, b_ub, A_eq, b_eq, bounds=bounds)
    theirs = scipy_optimize.linprog(c, A_ub, b_ub, A_eq, b_eq, bounds=bounds, method="highs")
    assert ours.status == theirs.status == 0
    for part in ("ineqlin", "eqlin", "lower", "upper"):
        for key in ("residual", "marginals"):
            assert np.allclose(ours[part][key], theirs[part][key], atol=1e-9), (part, key)
    assert ours.fun == pytest.approx(theirs.fun) and isinstance(ours.nit, int)
    # Marginals are d fun / d b: a small step in b_ub[1] moves fun by the marginal times the step.
    stepped = milp_sac.linprog(c, A_ub, [6, 4.01], A_eq, b_eq, bounds=bounds)
    assert (stepped.fun - ours.fun) / 0.01 == pytest.approx(ours.ineqlin.marginals[1], rel=1e-9)
    assert ours.ineqlin.marginals[1] != 0


def test_bad_input_is_value_error():
    with pytest.raises(ValueError, match="`c` must be"):
        milp_sac.milp([np.nan, 1])
    with pytest.raises(ValueError, match="integrality"):
        milp_sac.milp([1, 1], integrality=[0, 4])
    with pytest.raises(ValueError, match="semi-continuous"):
        milp_sac.milp([1, 1], integrality=[0, 2])
    with pytest.raises(ValueError, match="columns"):
        milp_sac.milp([1, 1], constraints=([[1, 1, 1]], 0, 1))
    with pytest.raises(ValueError, match="lower bound above upper bound"):
        milp_sac.milp([1, 1], bounds=([2, 0], [1, 1]))
    with pytest.raises(ValueError, match="bounds"):
        milp_sac.linprog([1, 1], bounds=[(0, 1)] * 3)
    with pytest.warns(RuntimeWarning, match="Unrecognized"):
        milp_sac.milp([1], options={"nonsense": 1})
