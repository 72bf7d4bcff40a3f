"""Operator-level SAC policy: which ops of one module to save or recompute."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from . import _core
from ._inputs import as_float, fspath, is_path, sac_stats_text
from ._options import default, options_doc

_GAP = default("policy.gap")
_TIME_LIMIT = default("time_limit")


@dataclass
class PolicyResult:
    """decisions: per op, 1 save, 0 recompute (empty without a solution)."""

    status: str
    has_solution: bool
    decisions: list[int]
    recompute_time_ms: Optional[float]
    saved_memory_bytes: Optional[int]
    max_memory_bytes: int
    bound_ms: Optional[float]
    gap: Optional[float]
    nodes: int
    seconds: float
    message: str = ""
    budget: Optional[float] = None

    @classmethod
    def from_raw(cls, raw: dict) -> "PolicyResult":
        return cls(**{k: raw[k] for k in cls.__dataclass_fields__ if k in raw})


def solve_policy(sac_stats: Any, memory_budget: float, *, gap: float = _GAP, time_limit: float = _TIME_LIMIT) -> PolicyResult:
    """The optimal policy of one module under memory_budget, a fraction in [0, 1]
    of its total activation memory (proven optimal unless gap > 0).

    sac_stats: a SACStats file path, a dict, or an object with the SACStats
    attributes (func_names, runtimes, memory, view_like_ops, rand_ops,
    saved_autograd_ops, inplace_ops, force_store_random).
    """
    budget = as_float(memory_budget, "memory_budget")
    gap, time_limit = as_float(gap, "gap"), as_float(time_limit, "time_limit")
    if is_path(sac_stats):
        raw = _core.policy_file(fspath(sac_stats), budget, gap, time_limit)
    else:
        text, source = sac_stats_text(sac_stats)
        raw = _core.policy_text(text, source, budget, gap, time_limit)
    result = PolicyResult.from_raw(raw)
    result.budget = budget
    return result


def sweep_policy(sac_stats: Any, *, gap: float = _GAP, time_limit: float = _TIME_LIMIT) -> dict:
    """The trade-off curve: {'sweep': 'breakpoints'|'grid', 'points': [PolicyResult with .budget], totals}."""
    gap, time_limit = as_float(gap, "gap"), as_float(time_limit, "time_limit")
    if is_path(sac_stats):
        raw = _core.policy_sweep_file(fspath(sac_stats), gap, time_limit)
    else:
        text, source = sac_stats_text(sac_stats)
        raw = _core.policy_sweep_text(text, source, gap, time_limit)
    raw["points"] = [PolicyResult.from_raw(p) for p in raw["points"]]
    return raw


def get_optimal_checkpointing_policy_per_module(sac_stats: Any, memory_budget: float) -> list[int]:
    """Drop-in for torch.distributed._tools.sac_milp.get_optimal_checkpointing_policy_per_module.

    Returns one decision per op (1 save, 0 recompute), proven optimal; [] when
    no policy exists. ValueError when memory_budget is not in [0, 1], as in PyTorch.
    """
    budget = as_float(memory_budget, "memory_budget")
    if not (0 <= budget <= 1):
        raise ValueError(f"`memory_budget` must be a float between 0 and 1. Got {memory_budget}.")
    result = solve_policy(sac_stats, budget)
    return list(result.decisions) if result.has_solution else []


solve_policy.__doc__ = (solve_policy.__doc__ or "") + options_doc("policy.gap", "time_limit")
sweep_policy.__doc__ = (sweep_policy.__doc__ or "") + options_doc("policy.gap", "time_limit")
