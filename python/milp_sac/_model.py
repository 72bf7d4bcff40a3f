"""milp_sac.Model: an LP/MILP built in memory (HiGHS-style add_var/add_row,
in bulk from numpy and CSR/CSC matrices) and solved by milp-sac's own
simplex and branch-and-bound, the solver of `milp-sac solve`.

The model lives in C++ (api::Model, src/api/model.h); everything is checked
when it is solved or written (ValueError naming the column or row).
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

import numpy as np

from . import _core
from ._options import default
from ._progress import LogArg, ProgressEvent, check_cancel, convert_interrupt_result, event_sink

INF = math.inf


@dataclass
class SolveResult:
    """What Model.solve returns.

    status: 'optimal', 'gap_limit' (stopped at the requested relative gap),
    'infeasible', 'unbounded', 'time_limit', 'node_limit', 'interrupted'
    (Ctrl-C or a CancelToken), 'numerical_error'. x, objective (offset
    included, model's sense), row_activity: None without a solution. bound:
    the proven bound (None when not finite). gap: relative gap
    (ub - lb) / max(|ub|, 1e-9). row_duals (d objective / d row bound) and
    reduced_costs (d objective / d column bound) in the model's sense, for an
    LP solved to optimality; None otherwise (a MILP has no duals).
    """

    status: str
    x: Optional[np.ndarray]
    objective: Optional[float]
    bound: Optional[float]
    gap: Optional[float]
    nodes: int
    lp_iterations: int
    seconds: float
    is_mip: bool
    row_activity: Optional[np.ndarray] = None
    row_duals: Optional[np.ndarray] = None
    reduced_costs: Optional[np.ndarray] = None
    warnings: list = field(default_factory=list)

    @property
    def has_solution(self) -> bool:
        return self.x is not None

    @classmethod
    def from_core(cls, raw: dict) -> "SolveResult":
        return cls(
            status=raw["status"], x=raw["x"], objective=raw["objective"], bound=raw["bound"], gap=raw["gap"],
            nodes=raw["nodes"], lp_iterations=raw["lp_iterations"], seconds=raw["seconds"], is_mip=raw["is_mip"],
            row_activity=raw["row_activity"], row_duals=raw["row_duals"], reduced_costs=raw["reduced_costs"],
            warnings=list(raw["warnings"]))


def _vector(values: Any, n: int, what: str, fill: Optional[float] = None) -> np.ndarray:
    """values as n floats: a scalar is broadcast, None is fill; ValueError otherwise."""
    if values is None:
        if fill is None:
            raise ValueError(f"{what}: required")
        values = fill
    try:
        a = np.asarray(values, dtype=float)
        return np.ascontiguousarray(np.broadcast_to(a, (n,)), dtype=float)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{what}: expected a number or {n} numbers ({e})") from None


def as_csr(A: Any, num_cols: Optional[int], what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """A matrix as (indptr, indices, data, rows, cols), row by row.

    Accepts scipy.sparse matrices and arrays (any format; scipy is not
    imported: they are recognised by tocsr), a tuple (indptr, indices, data)
    of CSR arrays (num_cols given), and dense array-likes (a 1-D one is one row).
    """
    if hasattr(A, "tocsr"):
        m = A.tocsr()
        rows, cols = m.shape
        return (np.asarray(m.indptr, dtype=np.int32), np.asarray(m.indices, dtype=np.int32),
                np.asarray(m.data, dtype=float), int(rows), int(cols))
    if isinstance(A, tuple) and len(A) == 3 and num_cols is not None:
        indptr = np.asarray(A[0], dtype=np.int64)
        if indptr.ndim != 1 or indptr.size == 0:
            raise ValueError(f"{what}: indptr must be 1-D with one more item than rows")
        return (indptr.astype(np.int32), np.asarray(A[1], dtype=np.int32), np.asarray(A[2], dtype=float),
                int(indptr.size - 1), num_cols)
    try:
        dense = np.asarray(A, dtype=float)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{what}: expected a matrix (dense, scipy.sparse or CSR arrays): {e}") from None
    if dense.ndim == 1:
        dense = dense.reshape(1, -1) if dense.size else dense.reshape(0, num_cols or 0)
    if dense.ndim != 2:
        raise ValueError(f"{what}: expected a 2-D matrix, got {dense.ndim} dimensions")
    rows_idx, cols_idx = np.nonzero(dense)
    indptr = np.zeros(dense.shape[0] + 1, dtype=np.int32)
    np.cumsum(np.bincount(rows_idx, minlength=dense.shape[0]), out=indptr[1:])
    return indptr, cols_idx.astype(np.int32), dense[rows_idx, cols_idx], dense.shape[0], dense.shape[1]


class Model:
    """An LP/MILP in memory: minimise (or maximise) c^T x + offset subject to
    row_lb <= A x <= row_ub, lb <= x <= ub, x_j integer where asked.

        m = Model()
        x = m.add_var(ub=4, cost=-1, integer=True, name="x")
        y = m.add_var(cost=-2)
        m.add_row({x: 1, y: 1}, ub=5)
        r = m.solve()      # r.status, r.x, r.objective, r.row_duals, ...
    """

    def __init__(self, sense: str = "minimize") -> None:
        self._core = _core.Model()
        self.sense = sense

    @property
    def sense(self) -> str:
        """'minimize' or 'maximize'."""
        return "maximize" if self._core.maximize else "minimize"

    @sense.setter
    def sense(self, value: str) -> None:
        if value not in ("minimize", "maximize", "min", "max"):
            raise ValueError(f"sense: expected 'minimize' or 'maximize', got {value!r}")
        self._core.maximize = value.startswith("max")

    @property
    def objective_offset(self) -> float:
        return float(self._core.objective_offset)

    @objective_offset.setter
    def objective_offset(self, value: float) -> None:
        self._core.objective_offset = float(value)

    @property
    def num_vars(self) -> int:
        return int(self._core.num_cols)

    @property
    def num_rows(self) -> int:
        return int(self._core.num_rows)

    def add_var(self, lb: float = 0.0, ub: float = INF, cost: float = 0.0, integer: bool = False,
                name: str = "") -> int:
        """One variable lb <= x <= ub (None: unbounded on that side); its index."""
        lo = -INF if lb is None else float(lb)
        hi = INF if ub is None else float(ub)
        return int(self._core.add_col(float(cost), lo, hi, bool(integer), str(name), [], []))

    def add_vars(self, n: Optional[int] = None, lb: Any = 0.0, ub: Any = INF, cost: Any = 0.0,
                 integrality: Any = 0) -> np.ndarray:
        """Variables in bulk from numpy arrays (scalars broadcast); n defaults to len(cost).
        Returns their indices."""
        if n is None:
            n = int(np.size(cost))
        costs = _vector(cost, n, "cost")
        integer = np.ascontiguousarray(np.broadcast_to(np.asarray(integrality), (n,)), dtype=np.int8)
        first = self._core.add_cols(costs, _vector(lb, n, "lb", -INF), _vector(ub, n, "ub", INF), integer)
        return np.arange(first, first + n)

    def add_row(self, coefficients: Any, lb: float = -INF, ub: float = INF, name: str = "") -> int:
        """One row lb <= sum a_j x_j <= ub; coefficients {index: value} or
        (indices, values). Returns its index."""
        if isinstance(coefficients, dict):
            cols, vals = list(coefficients.keys()), list(coefficients.values())
        else:
            cols, vals = coefficients
        lo = -INF if lb is None else float(lb)
        hi = INF if ub is None else float(ub)
        return int(self._core.add_row(lo, hi, [int(j) for j in cols], [float(v) for v in vals], str(name)))

    def add_rows(self, A: Any, lb: Any = -INF, ub: Any = INF) -> np.ndarray:
        """Rows lb <= A x <= ub in bulk: A as scipy.sparse (CSR, CSC, ...),
        dense, or (indptr, indices, data) CSR arrays. Returns their indices."""
        indptr, indices, data, rows, cols = as_csr(A, self.num_vars, "add_rows")
        if cols > self.num_vars:
            raise ValueError(f"add_rows: the matrix has {cols} columns, the model {self.num_vars} variables")
        first = self._core.add_rows(_vector(lb, rows, "lb", -INF), _vector(ub, rows, "ub", INF), indptr, indices, data)
        return np.arange(first, first + rows)

    def set_cost(self, j: int, value: float) -> None:
        self._core.set_cost(int(j), float(value))

    def write_mps(self, path: Any) -> None:
        """Write the model as free MPS (what `milp-sac solve`, CBC and HiGHS read)."""
        self._core.write_mps(os.fspath(path))

    @classmethod
    def read_mps(cls, path: Any) -> "Model":
        """A model from an MPS file (fixed, free, .gz), as `milp-sac solve` reads it."""
        model = cls()
        model._core = _core.read_mps(os.fspath(path))
        return model

    def to_arrays(self) -> dict[str, Any]:
        """The model as arrays: c, lb, ub, integrality, A (indptr, indices,
        data: CSR, duplicates summed), row_lb, row_ub, offset, sense, names."""
        core = self._core
        return {
            "c": np.asarray(core.cost), "lb": np.asarray(core.col_lower), "ub": np.asarray(core.col_upper),
            "integrality": np.asarray(core.integrality), "A": tuple(core.csr()),
            "row_lb": np.asarray(core.row_lower), "row_ub": np.asarray(core.row_upper),
            "offset": self.objective_offset, "sense": self.sense,
            "col_names": list(core.col_names), "row_names": list(core.row_names),
        }

    def solve(self, *, time_limit: float = default("time_limit"), mip_rel_gap: float = default("solve.gap"),
              node_limit: Optional[int] = None, presolve: bool = True,
              max_model_memory: float = default("max_model_memory"), log: LogArg = None,
              callback: Optional[Callable[[ProgressEvent], Any]] = None, cancel: Any = None) -> SolveResult:
        """Solve; see SolveResult. Options as `milp-sac solve`: time_limit
        (seconds), mip_rel_gap, node_limit, presolve (MIP root presolve).
        log=True logs progress to logging.getLogger('milp_sac'), or a callable
        gets each line; callback gets each ProgressEvent; cancel: a
        CancelToken whose cancel() (any thread) stops the solve with status
        'interrupted'. Ctrl-C raises KeyboardInterrupt with .result, the best
        found so far (status 'interrupted')."""
        return solve_core(self._core, time_limit=time_limit, mip_rel_gap=mip_rel_gap, node_limit=node_limit,
                          presolve=presolve, max_model_memory=max_model_memory, log=log, callback=callback,
                          cancel=cancel, convert=SolveResult.from_core)


def solve_core(core: Any, *, time_limit: float, mip_rel_gap: float, node_limit: Optional[float], presolve: bool,
               max_model_memory: float, log: LogArg, callback: Any, cancel: Any,
               convert: Callable[[dict], Any]) -> Any:
    """_core.solve_model with the Python conveniences: events, cancel, Ctrl-C result."""
    sink = event_sink(log, callback)
    token = check_cancel(cancel)
    nodes = math.inf if node_limit is None else float(node_limit)
    try:
        raw = _core.solve_model(core, float(mip_rel_gap), float(time_limit), nodes, bool(presolve),
                                float(max_model_memory), sink, token)
    except KeyboardInterrupt as e:
        convert_interrupt_result(e, convert)
        raise
    return convert(raw)

