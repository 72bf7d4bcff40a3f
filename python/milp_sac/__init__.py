"""milp_sac: memory planning for deep-learning training jobs, with its own LP/MILP solver.

Drop-ins for PyTorch's torch.distributed._tools (change one import line):
    from milp_sac import sac_milp, get_optimal_checkpointing_policy_per_module

Richer API: plan_sac (status, gap, bound, true peak, plan), sweep_sac (the
recompute-vs-budget curve), solve_policy,
sweep_policy, solve_mps, propose_sharding, analyze_graph,
get_peak_memory_runtime_baseline, evaluate_plan (the true peak and broken
rules of a plan made elsewhere), plan_many (many configurations on threads or a
dask.distributed cluster). No external solver is needed.

The solver for any LP/MILP: milp and linprog (scipy.optimize's, same
arguments and results), Model (built in memory), milp_sac.pulp.MILP_SAC (a
PuLP solver); progress callbacks, CancelToken (docs/solver-python.md).

Bad input raises ValueError with the message `milp-sac` prints (file or
source, module, field). Solves release the GIL, so threads can plan in parallel.
"""
from typing import TYPE_CHECKING, Any

from ._core import __version__, version_info
from ._evaluate import PlanCheck, evaluate_plan
from ._other import analyze_graph, propose_sharding, solve_mps
from ._progress import CancelToken, ProgressEvent
from ._plan_many import plan_many
from ._policy import PolicyResult, get_optimal_checkpointing_policy_per_module, solve_policy, sweep_policy
from ._sac import (
    InfeasibleBudget,
    NoPlanFound,
    SacResult,
    SacSweep,
    SacSweepPoint,
    get_peak_memory_runtime_baseline,
    plan_sac,
    sac_milp,
    sweep_sac,
)

if TYPE_CHECKING:
    from ._model import Model, SolveResult
    from ._scipy import OptimizeResult, linprog, milp

# The solver front (milp, linprog, Model) needs numpy; the rest of the package
# does not, so it is imported on first use (PEP 562) and `import milp_sac`
# works without numpy.
_NEEDS_NUMPY = {"Model": "_model", "SolveResult": "_model", "milp": "_scipy", "linprog": "_scipy",
                "OptimizeResult": "_scipy"}


def __getattr__(name: str) -> Any:
    module = _NEEDS_NUMPY.get(name)
    if module is None:
        raise AttributeError(f"module 'milp_sac' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value

__all__ = [
    "__version__",
    "version_info",
    "sac_milp",
    "get_optimal_checkpointing_policy_per_module",
    "get_peak_memory_runtime_baseline",
    "plan_sac",
    "SacResult",
    "sweep_sac",
    "SacSweep",
    "SacSweepPoint",
    "InfeasibleBudget",
    "NoPlanFound",
    "solve_policy",
    "sweep_policy",
    "PolicyResult",
    "solve_mps",
    "propose_sharding",
    "analyze_graph",
    "milp",
    "linprog",
    "OptimizeResult",
    "Model",
    "SolveResult",
    "CancelToken",
    "ProgressEvent",
    "evaluate_plan",
    "plan_many",
    "PlanCheck",
]
