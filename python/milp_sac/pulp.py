"""milp_sac.pulp.MILP_SAC: milp-sac's solver as a PuLP solver.

    import pulp
    from milp_sac.pulp import MILP_SAC
    prob.solve(MILP_SAC(timeLimit=60, gapRel=1e-4, msg=False))

A real pulp.LpSolver subclass: the model goes from PuLP's objects to
milp_sac.Model in memory (no file), and back come the variable values, the
status (prob.status, prob.sol_status), and for an LP the constraint duals
(.pi) and reduced costs (.dj). pulp is imported when this module is, not by
`import milp_sac`.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Optional

import pulp as _pulp  # type: ignore[import]  # PuLP ships no type information

from . import _core
from ._model import solve_core
from ._options import default
from ._progress import ProgressEvent

INF = math.inf

# Our status -> (PuLP status, PuLP solution status), as PULP_CBC_CMD reports
# a run: a limit with a solution is "Optimal" with an integer-feasible
# solution, without one "Not Solved".
_LIMITS = ("gap_limit", "time_limit", "node_limit", "interrupted")


def _pulp_status(status: str, has_solution: bool) -> tuple[int, int]:
    if status == "optimal":
        return _pulp.LpStatusOptimal, _pulp.LpSolutionOptimal
    if status == "infeasible":
        return _pulp.LpStatusInfeasible, _pulp.LpSolutionInfeasible
    if status == "unbounded":
        return _pulp.LpStatusUnbounded, _pulp.LpSolutionUnbounded
    if status in _LIMITS and has_solution:
        return _pulp.LpStatusOptimal, _pulp.LpSolutionIntegerFeasible
    if status in _LIMITS:
        return _pulp.LpStatusNotSolved, _pulp.LpSolutionNoSolutionFound
    return _pulp.LpStatusUndefined, _pulp.LpSolutionNoSolutionFound


class MILP_SAC(_pulp.LpSolver):
    """milp-sac's simplex and branch-and-bound for PuLP.

    Options as PuLP's: mip (False: solve the LP relaxation), msg (progress
    lines on stdout), timeLimit (seconds), gapRel (default 1e-4, as CBC's
    ratio), maxNodes. Beyond PuLP: callback (ProgressEvent), cancel
    (milp_sac.CancelToken), presolve.
    """

    name = "MILP_SAC"

    def __init__(self, mip: bool = True, msg: bool = True, timeLimit: Optional[float] = None,
                 gapRel: Optional[float] = None, maxNodes: Optional[int] = None, presolve: bool = True,
                 callback: Optional[Callable[[ProgressEvent], Any]] = None, cancel: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(mip=mip, msg=msg, timeLimit=timeLimit, gapRel=gapRel, maxNodes=maxNodes, **kwargs)
        self.presolve = presolve
        self.callback = callback
        self.cancel = cancel
        self.result: Any = None  # the last milp_sac result (status, bound, gap, nodes, ...)

    def available(self) -> bool:
        return True

    def copy(self) -> "MILP_SAC":
        other = MILP_SAC(mip=self.mip, msg=self.msg, timeLimit=self.timeLimit, presolve=self.presolve,
                         callback=self.callback, cancel=self.cancel, **self.optionsDict)
        return other

    def actualSolve(self, lp: Any, **kwargs: Any) -> int:
        variables = lp.variables()
        index = {v.name: j for j, v in enumerate(variables)}
        core = _core.Model()
        core.maximize = lp.sense == _pulp.LpMaximize
        objective = lp.objective if lp.objective is not None else {}
        costs = {v.name: float(a) for v, a in objective.items()}
        for v in variables:
            lower = -INF if v.lowBound is None else float(v.lowBound)
            upper = INF if v.upBound is None else float(v.upBound)
            integer = self.mip and v.cat == _pulp.LpInteger
            core.add_col(costs.get(v.name, 0.0), lower, upper, integer, v.name, [], [])
        if lp.objective is not None:
            core.objective_offset = float(lp.objective.constant)
        names = list(lp.constraints)
        for name in names:
            row = lp.constraints[name]
            rhs = -float(row.constant)
            lower = rhs if row.sense in (_pulp.LpConstraintGE, _pulp.LpConstraintEQ) else -INF
            upper = rhs if row.sense in (_pulp.LpConstraintLE, _pulp.LpConstraintEQ) else INF
            cols = [index[v.name] for v in row.keys()]
            core.add_row(lower, upper, cols, [float(a) for a in row.values()], str(name))
        options = self.optionsDict
        gap = options.get("gapRel", default("solve.gap"))
        result = solve_core(
            core, time_limit=INF if self.timeLimit is None else float(self.timeLimit), mip_rel_gap=float(gap),
            node_limit=options.get("maxNodes"), presolve=self.presolve, max_model_memory=default("max_model_memory"),
            log=print if self.msg else None, callback=self.callback, cancel=self.cancel, convert=lambda raw: raw)
        self.result = result
        status, sol_status = _pulp_status(result["status"], result["x"] is not None)
        if result["x"] is not None:
            lp.assignVarsVals({v.name: float(x) for v, x in zip(variables, result["x"])})
        if result["row_duals"] is not None:
            lp.assignConsPi({name: float(y) for name, y in zip(names, result["row_duals"])})
            lp.assignVarsDj({v.name: float(d) for v, d in zip(variables, result["reduced_costs"])})
        lp.assignStatus(status, sol_status)
        return status
