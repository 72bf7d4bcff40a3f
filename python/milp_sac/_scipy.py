"""Drop-ins for scipy.optimize.milp and scipy.optimize.linprog(method="highs"),
solved by milp-sac's own simplex and branch-and-bound.

Same arguments, same result fields and SciPy's integer status codes:
  0 optimal (for milp: within mip_rel_gap), 1 time or node limit (also after
  Ctrl-C or a CancelToken: message says 'interrupted'), 2 infeasible,
  3 unbounded, 4 other (numerical trouble).
scipy itself is never imported: LinearConstraint/Bounds and scipy.sparse
matrices are read by their attributes (A, lb, ub; tocsr), so plain numpy
arrays work without scipy installed.
"""
from __future__ import annotations

import math
import warnings
from typing import Any, Callable, Optional

import numpy as np

from . import _core
from ._model import as_csr, solve_core
from ._options import default
from ._progress import LogArg, ProgressEvent

INF = math.inf


class OptimizeResult(dict):
    """A dict with attribute access, as scipy.optimize.OptimizeResult."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(name) from e

    __setattr__ = dict.__setitem__  # type: ignore[assignment]
    __delattr__ = dict.__delitem__  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "\n".join(f"{k:>16}: {v!r}" for k, v in self.items())

    def __dir__(self) -> list[str]:
        return list(self.keys())


# Our status -> (SciPy code, message).
_STATUS = {
    "optimal": (0, "Optimization terminated successfully."),
    "gap_limit": (0, "Optimization terminated successfully (within mip_rel_gap)."),
    "time_limit": (1, "Time limit reached."),
    "node_limit": (1, "Node limit reached."),
    "interrupted": (1, "Solve interrupted (Ctrl-C or CancelToken)."),
    "infeasible": (2, "The problem is infeasible."),
    "unbounded": (3, "The problem is unbounded."),
}


def _status(ours: str) -> tuple[int, str]:
    code, text = _STATUS.get(ours, (4, "Numerical difficulties."))
    return code, f"{text} (milp-sac status: {ours})"


def _objective(c: Any) -> np.ndarray:
    try:
        c = np.atleast_1d(np.asarray(c, dtype=float))
    except (TypeError, ValueError):
        c = None
    if c is None or c.ndim != 1 or c.size == 0 or not np.all(np.isfinite(c)):
        raise ValueError("`c` must be a one-dimensional array of finite numbers with at least one element.")
    return c


def _milp_bounds(bounds: Any, n: int) -> tuple[np.ndarray, np.ndarray]:
    if bounds is None:
        lb: Any = 0.0
        ub: Any = INF
    elif hasattr(bounds, "lb") and hasattr(bounds, "ub"):
        lb, ub = bounds.lb, bounds.ub
    else:
        try:
            lb, ub = bounds
        except (TypeError, ValueError):
            raise ValueError("`bounds` must be convertible into an instance of `scipy.optimize.Bounds`.") from None
    try:
        return (np.broadcast_to(np.asarray(lb, dtype=float), (n,)).copy(),
                np.broadcast_to(np.asarray(ub, dtype=float), (n,)).copy())
    except (TypeError, ValueError):
        raise ValueError("`bounds.lb` and `bounds.ub` must contain reals and be broadcastable to `c.shape`.") from None


def _numeric(v: Any) -> bool:
    try:
        np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        return False
    return True


def _constraint_parts(constraints: Any) -> list[tuple[Any, Any, Any]]:
    """LinearConstraint-likes (A, lb, ub attributes), (A, lb, ub) tuples, or a sequence of them."""
    message = ("`constraints` (or each element within `constraints`) must be convertible into an instance "
               "of `scipy.optimize.LinearConstraint`.")
    if constraints is None:
        return []
    if hasattr(constraints, "A") and hasattr(constraints, "lb"):
        return [(constraints.A, constraints.lb, constraints.ub)]
    try:
        items = list(constraints)
    except TypeError:
        raise ValueError(message) from None
    # One (A, lb, ub) tuple, as SciPy reads it: three items, bounds that are numbers.
    if len(items) == 3 and not any(hasattr(i, "lb") for i in items) and _numeric(items[1]) \
            and _numeric(items[2]) and (hasattr(items[0], "tocsr") or _numeric(items[0])):
        return [(items[0], items[1], items[2])]
    parts = []
    for item in items:
        if hasattr(item, "A") and hasattr(item, "lb"):
            parts.append((item.A, item.lb, getattr(item, "ub", INF)))
        else:
            try:
                A, lb, ub = item
            except (TypeError, ValueError):
                raise ValueError(message) from None
            parts.append((A, lb, ub))
    return parts


def _add_rows(core: Any, A: Any, lb: Any, ub: Any, n: int, what: str) -> int:
    indptr, indices, data, rows, cols = as_csr(A, n, what)
    if cols != n:
        raise ValueError(f"{what}: the matrix has {cols} columns, c has {n}")
    lo = np.broadcast_to(np.atleast_1d(np.asarray(lb, dtype=float)), (rows,)).copy()
    hi = np.broadcast_to(np.atleast_1d(np.asarray(ub, dtype=float)), (rows,)).copy()
    core.add_rows(lo, hi, indptr, indices, data)
    return rows


def _options(options: Optional[dict], supported: set[str]) -> dict:
    options = dict(options or {})
    unknown = set(options) - supported
    if unknown:
        warnings.warn(f"Unrecognized options detected: {unknown}. They are ignored.", RuntimeWarning, stacklevel=3)
    return options


def _run(core: Any, options: dict, log: LogArg, callback: Any, cancel: Any, convert: Callable[[dict], Any]) -> Any:
    if options.get("disp") and log is None:
        log = print
    node_limit = options.get("node_limit")
    return solve_core(core, time_limit=float(options.get("time_limit", default("time_limit"))),
                      mip_rel_gap=float(options.get("mip_rel_gap", default("solve.gap"))),
                      node_limit=None if node_limit is None else float(node_limit),
                      presolve=bool(options.get("presolve", True)),
                      max_model_memory=default("max_model_memory"), log=log, callback=callback, cancel=cancel,
                      convert=convert)


def milp(c: Any, *, integrality: Any = None, bounds: Any = None, constraints: Any = None,
         options: Optional[dict] = None, log: LogArg = None,
         callback: Optional[Callable[[ProgressEvent], Any]] = None, cancel: Any = None) -> OptimizeResult:
    """scipy.optimize.milp, solved by milp-sac.

    minimise c @ x subject to b_l <= A @ x <= b_u, lb <= x <= ub, x_j
    integer where integrality[j] == 1. Arguments as SciPy's: constraints a
    LinearConstraint, an (A, b_l, b_u) tuple or a sequence of them (A dense
    or scipy.sparse), bounds a Bounds or (lb, ub) (default 0 <= x), options
    disp, time_limit, mip_rel_gap (default 1e-4, as HiGHS), node_limit,
    presolve. Semi-continuous integrality (2, 3) is not supported (ValueError).

    Returns an OptimizeResult: x, fun (None without a solution), status,
    success, message, mip_gap, mip_node_count, mip_dual_bound. Beyond SciPy:
    log/callback/cancel as Model.solve; Ctrl-C raises KeyboardInterrupt with
    .result, the OptimizeResult of the best solution found.
    """
    c = _objective(c)
    n = c.size
    opts = _options(options, {"disp", "presolve", "time_limit", "node_limit", "mip_rel_gap"})
    if integrality is None:
        integrality = 0
    try:
        kinds = np.broadcast_to(np.asarray(integrality), (n,)).astype(np.int64)
    except (TypeError, ValueError):
        raise ValueError("`integrality` must contain integers 0-3 and be broadcastable to `c.shape`.") from None
    if kinds.size and (kinds.min() < 0 or kinds.max() > 3):
        raise ValueError("`integrality` must contain integers 0-3 and be broadcastable to `c.shape`.")
    if np.any(kinds >= 2):
        raise ValueError("`integrality`: semi-continuous (2) and semi-integer (3) variables are not supported")
    lb, ub = _milp_bounds(bounds, n)
    core = _core.Model()
    core.add_cols(c, lb, ub, np.ascontiguousarray(kinds, dtype=np.int8))
    for k, (A, b_l, b_u) in enumerate(_constraint_parts(constraints)):
        _add_rows(core, A, b_l, b_u, n, f"constraints[{k}]")

    def convert(raw: dict) -> OptimizeResult:
        code, message = _status(raw["status"])
        has = raw["x"] is not None
        return OptimizeResult(
            x=np.array(raw["x"]) if has else None, fun=raw["objective"] if has else None, status=code,
            success=code == 0, message=message, mip_node_count=int(raw["nodes"]),
            mip_dual_bound=raw["bound"], mip_gap=raw["gap"])

    return _run(core, opts, log, callback, cancel, convert)


def _linprog_bounds(bounds: Any, n: int) -> tuple[np.ndarray, np.ndarray]:
    """linprog's bounds: None (0 <= x), one (min, max) pair for all, n pairs,
    or a Bounds-like; None in a pair is no bound on that side."""
    if bounds is None:
        return np.zeros(n), np.full(n, INF)
    if hasattr(bounds, "lb") and hasattr(bounds, "ub"):
        return _milp_bounds(bounds, n)
    pairs = np.array(bounds, dtype=object)
    if pairs.ndim == 1 and pairs.size == 2:
        pairs = np.tile(pairs, (n, 1))
    if pairs.shape != (n, 2):
        raise ValueError(f"Invalid input for linprog: unable to interpret bounds with this dimension tuple: "
                         f"{pairs.shape}.")
    lb = np.array([-INF if v is None else float(v) for v in pairs[:, 0]], dtype=float)
    ub = np.array([INF if v is None else float(v) for v in pairs[:, 1]], dtype=float)
    return lb, ub


def linprog(c: Any, A_ub: Any = None, b_ub: Any = None, A_eq: Any = None, b_eq: Any = None, bounds: Any = None,
            method: str = "highs", callback: Optional[Callable[[ProgressEvent], Any]] = None,
            options: Optional[dict] = None, x0: Any = None, integrality: Any = None, *, log: LogArg = None,
            cancel: Any = None) -> OptimizeResult:
    """scipy.optimize.linprog(method='highs'), solved by milp-sac's simplex.

    minimise c @ x subject to A_ub @ x <= b_ub, A_eq @ x == b_eq, bounds
    (default 0 <= x; None: unbounded). method: 'highs', 'highs-ds' or
    'highs-ipm' (all solved by the dual simplex). integrality as SciPy's
    (then no marginals). options: disp, time_limit, presolve (the others of
    HiGHS are accepted and ignored with a warning).

    Returns an OptimizeResult: x, fun, status, success, message, nit,
    slack and con, ineqlin/eqlin (residual, marginals = d fun / d b_ub,
    d fun / d b_eq) and lower/upper (residual x - lb, ub - x; marginals
    d fun / d lb, d fun / d ub), SciPy's signs. callback here receives
    ProgressEvents (SciPy's highs methods take none).
    """
    if method not in ("highs", "highs-ds", "highs-ipm"):
        raise ValueError(f"method: milp_sac.linprog supports 'highs', 'highs-ds', 'highs-ipm', got {method!r}")
    c = _objective(c)
    n = c.size
    opts = _options(options, {"disp", "presolve", "time_limit", "maxiter", "dual_feasibility_tolerance",
                              "primal_feasibility_tolerance", "ipm_optimality_tolerance",
                              "simplex_dual_edge_weight_strategy", "mip_rel_gap", "autoscale", "rr"})
    lb, ub = _linprog_bounds(bounds, n)
    kinds = np.zeros(n, dtype=np.int8)
    if integrality is not None:
        kinds = np.ascontiguousarray(np.broadcast_to(np.asarray(integrality), (n,)), dtype=np.int8)
    core = _core.Model()
    core.add_cols(c, lb, ub, kinds)
    m_ub = m_eq = 0
    if A_ub is not None:
        m_ub = _add_rows(core, A_ub, -INF, b_ub, n, "A_ub")
    if A_eq is not None:
        m_eq = _add_rows(core, A_eq, b_eq, b_eq, n, "A_eq")
    b_ub_v = np.broadcast_to(np.atleast_1d(np.asarray(b_ub if b_ub is not None else [], dtype=float)), (m_ub,))
    b_eq_v = np.broadcast_to(np.atleast_1d(np.asarray(b_eq if b_eq is not None else [], dtype=float)), (m_eq,))

    def convert(raw: dict) -> OptimizeResult:
        code, message = _status(raw["status"])
        x = raw["x"]
        has = x is not None
        activity = raw["row_activity"]
        duals, rc = raw["row_duals"], raw["reduced_costs"]
        if rc is not None:
            # A reduced cost is the marginal of the bound it rests on: a
            # finite one, and the sign says which when both are (rounding
            # noise on the other side of a one-sided column stays with it).
            to_lower = np.isfinite(lb) & (~np.isfinite(ub) | (rc > 0))
            to_upper = np.isfinite(ub) & (~np.isfinite(lb) | (rc < 0))
        slack = b_ub_v - activity[:m_ub] if has else None
        con = b_eq_v - activity[m_ub:] if has else None
        res = OptimizeResult(
            x=np.array(x) if has else None, fun=raw["objective"] if has else None, slack=slack, con=con,
            ineqlin=OptimizeResult(residual=slack, marginals=None if duals is None else duals[:m_ub] + 0.0),
            eqlin=OptimizeResult(residual=con, marginals=None if duals is None else duals[m_ub:] + 0.0),
            lower=OptimizeResult(residual=x - lb if has else None,
                                 marginals=None if rc is None else np.where(to_lower, rc, 0.0)),
            upper=OptimizeResult(residual=ub - x if has else None,
                                 marginals=None if rc is None else np.where(to_upper, rc, 0.0)),
            status=code, success=code == 0, message=message, nit=int(raw["lp_iterations"]))
        if raw["is_mip"] and has:
            res.update(mip_node_count=int(raw["nodes"]), mip_dual_bound=raw["bound"], mip_gap=raw["gap"])
        return res

    return _run(core, opts, log, callback, cancel, convert)
