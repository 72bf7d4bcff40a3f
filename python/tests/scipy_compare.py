"""Helpers of the SciPy drop-in tests: a model from MPS as the arrays both
scipy.optimize and milp_sac take, the two runs, and the comparison.

Objectives agree to 1e-6 relative (absolute 1e-9 near 0). SciPy's status 4
"unbounded or infeasible" (HiGHS's presolve does not always tell the two
apart) is settled by a third run: the same constraints with a zero
objective, feasible or not; ours must then say which.

The HiGHS inside SciPy 1.10 has presolve bugs: on two of the random models
below its presolve reports a wrong answer (seed 16 of the MILPs: -40.0,
though x = (5, -1, -1.25, -2) is feasible with -40.5; seed 36 of the LPs:
"infeasible" for a feasible, unbounded LP). Where SciPy's default answer
differs from ours, SciPy is asked again without presolve and that answer
must be ours; the caller also checks our solution against the rows, bounds
and integrality itself. A difference both SciPy runs share still fails.
"""
from __future__ import annotations

import math
import pathlib

import numpy as np
import pytest

import milp_sac
from conftest import test_data_dir

scipy_optimize = pytest.importorskip("scipy.optimize")
scipy_sparse = pytest.importorskip("scipy.sparse")

REL = 1e-6
ABS = 1e-9


def data_models(kind: str) -> list[pathlib.Path]:
    """Every bundled model of a kind: tests/data/instances/lp/KIND and tests/data/data/lp/KIND."""
    root = test_data_dir()
    found: dict[str, pathlib.Path] = {}
    for folder in (root / "instances" / "lp" / kind, root / "data" / "lp" / kind):
        for path in sorted(folder.glob("*.mps*")):
            found.setdefault(model_name(path), path)
    return [found[name] for name in sorted(found)]


def model_name(path: pathlib.Path) -> str:
    return path.name.split(".")[0]


def arrays(path: pathlib.Path) -> dict:
    """The model read by our MPS reader, as minimisation arrays (c negated for a maximisation)."""
    a = milp_sac.Model.read_mps(path).to_arrays()
    n = a["c"].size
    indptr, indices, data = a["A"]
    a["A"] = scipy_sparse.csr_array((data, indices, indptr), shape=(a["row_lb"].size, n))
    if a["sense"] == "maximize":
        a["c"] = -a["c"]
    return a


def linprog_split(a: dict) -> dict:
    """Rows lb <= A x <= ub as linprog's A_ub x <= b_ub, A_eq x == b_eq."""
    A = a["A"].tocsr()
    lo, hi = a["row_lb"], a["row_ub"]
    eq = lo == hi
    upper = ~eq & np.isfinite(hi)
    lower = ~eq & np.isfinite(lo)
    A_ub = scipy_sparse.vstack([A[upper], -A[lower]]).tocsr()
    b_ub = np.concatenate([hi[upper], -lo[lower]])
    out = {"c": a["c"], "bounds": list(zip(a["lb"], a["ub"])), "A_ub": A_ub, "b_ub": b_ub}
    if eq.any():
        out["A_eq"] = A[eq]
        out["b_eq"] = lo[eq]
    out["bounds"] = [(None if math.isinf(l) else l, None if math.isinf(u) else u) for l, u in out["bounds"]]
    return out


def same_objective(ours: float, theirs: float) -> bool:
    return abs(ours - theirs) <= max(REL * abs(theirs), ABS)


def settled_status(theirs, feasible) -> int:
    """SciPy's status, with 'unbounded or infeasible' (4) settled by feasible()."""
    if theirs.status == 4 and "unbounded or infeasible" in theirs.message.lower():
        return 3 if feasible() else 2
    return theirs.status


def differences(ours, theirs, feasible) -> list[str]:
    expected = settled_status(theirs, feasible)
    if ours.status != expected:
        return [f"status ours {ours.status} ({ours.message}), SciPy {theirs.status} ({theirs.message})"]
    if expected == 0 and not (ours.success and same_objective(ours.fun, theirs.fun)):
        return [f"objective ours {ours.fun!r}, SciPy {theirs.fun!r}"]
    return []


def check_same(ours, theirs, feasible, without_presolve=None) -> None:
    """Same status and objective as SciPy; on a difference, as SciPy without presolve (see above)."""
    found = differences(ours, theirs, feasible)
    if found and without_presolve is not None:
        again = differences(ours, without_presolve(), feasible)
        assert not again, f"{found[0]}; without presolve: {again[0]}"
        return
    assert not found, found[0]


def check_milp_solution(res, a: dict, tol: float = 1e-6) -> None:
    """Our x against the model itself: bounds, rows, integrality, objective."""
    if res.x is None:
        return
    x = res.x
    assert np.all(x >= a["lb"] - tol) and np.all(x <= a["ub"] + tol)
    act = a["A"] @ x
    assert np.all(act >= a["row_lb"] - tol * (1 + np.abs(a["row_lb"]))), "a row below its lower bound"
    assert np.all(act <= a["row_ub"] + tol * (1 + np.abs(a["row_ub"]))), "a row above its upper bound"
    integer = np.asarray(a["integrality"]) == 1
    assert np.all(np.abs(x[integer] - np.round(x[integer])) <= tol)
    assert same_objective(float(a["c"] @ x), res.fun)


def run_milp(solver, a: dict, **options):
    constraints = scipy_optimize.LinearConstraint(a["A"], a["row_lb"], a["row_ub"])
    return solver(a["c"], integrality=a["integrality"], bounds=scipy_optimize.Bounds(a["lb"], a["ub"]),
                  constraints=constraints, options=options)


def milp_feasible(a: dict) -> bool:
    zero = dict(a, c=np.zeros_like(a["c"]))
    return run_milp(scipy_optimize.milp, zero).status == 0


def linprog_feasible(args: dict) -> bool:
    zero = dict(args, c=np.zeros_like(args["c"]))
    return scipy_optimize.linprog(method="highs", **zero).status == 0


def check_marginals(res, args: dict) -> None:
    """SciPy's sign conventions, and strong duality through the marginals:
    fun = b_ub . y_ub + b_eq . y_eq + lb . z_lb + ub . z_ub (finite bounds)."""
    lb = np.array([-math.inf if l is None else l for l, _ in args["bounds"]])
    ub = np.array([math.inf if u is None else u for _, u in args["bounds"]])
    tol = 1e-9 * max(1.0, float(np.abs(args["c"]).max()))  # rounding noise of the dual values
    assert np.all(res.ineqlin.marginals <= tol)
    assert np.all(res.lower.marginals >= -tol) and np.all(res.upper.marginals <= tol)
    assert not np.any(res.lower.marginals[~np.isfinite(lb)]) and not np.any(res.upper.marginals[~np.isfinite(ub)])
    dual = float(res.ineqlin.marginals @ args["b_ub"])
    if "b_eq" in args:
        dual += float(res.eqlin.marginals @ args["b_eq"])
    dual += float(res.lower.marginals[np.isfinite(lb)] @ lb[np.isfinite(lb)])
    dual += float(res.upper.marginals[np.isfinite(ub)] @ ub[np.isfinite(ub)])
    scale = max(1.0, abs(res.fun), float(np.abs(res.ineqlin.marginals).sum()))
    assert abs(dual - res.fun) <= 1e-6 * scale, f"dual objective {dual!r}, primal {res.fun!r}"
