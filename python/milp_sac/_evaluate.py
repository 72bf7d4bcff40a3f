"""evaluate_plan: the true peak, recompute time and broken rules of a SAC plan
made elsewhere (`milp-sac evaluate`, docs/cli.md#evaluate)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Optional

from . import _core
from ._inputs import as_float, as_int, as_names, is_path, module_info_text, to_json


@dataclass
class PlanCheck:
    """The answer of evaluate_plan (the keys of docs/json.md#evaluate).

    ok: the plan breaks no rule (violations is empty). peak_memory_bytes is the
    true peak: the largest memory point of the library's plan evaluator with
    the ratios exactly as given (the figure `milp-sac sac` reports for its own
    plans); claimed_peak_memory_bytes is what the plan's maker reported, when
    the plan says (sac_milp's max_m variable, an upper bound that may sit up to
    the budget; `sac`'s own peak_memory_bytes). violations: dicts with "rule"
    (unknown_module, leaf_module, ratio_range, ratio_below_minimum,
    not_in_ac_units, contains_fsdp_unit, nested, budget, not_binary), "module"
    (None for the budget) and "message".
    """

    ok: bool
    status: str
    plan_format: str
    world_size: int
    budget_gib: Optional[float]
    ac_decisions: dict[str, float]
    peak_memory_bytes: int
    peak_module: Optional[str]
    recomputation_time_ms: float
    claimed_peak_memory_bytes: Optional[float]
    claimed_recomputation_time_ms: Optional[float]
    no_ac_peak_memory_bytes: int
    baseline_peak_memory_bytes: int
    units: list[dict[str, Any]]
    violations: list[dict[str, Any]]
    memory_timeline: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _document(obj: Any, what: str) -> tuple[bool, str, str]:
    """(is_path, path or JSON text, source name) for the extension."""
    if is_path(obj):
        return True, os.fspath(obj), ""
    return False, to_json(obj), what


def _plan_document(plan: Any) -> tuple[bool, str, str]:
    """A plan as the C++ reader takes it: a path; a dict ({fqn: ratio}, or one
    with ac_decisions); sac_milp's tuple (ac_decisions, time, peak); or a
    SacResult / SacSweepPoint (its ac_decisions and peak)."""
    if is_path(plan):
        return True, os.fspath(plan), ""
    if isinstance(plan, (dict, list, tuple)):
        return False, to_json(list(plan) if isinstance(plan, tuple) else plan), "plan"
    if hasattr(plan, "ac_decisions"):
        doc = {"ac_decisions": dict(plan.ac_decisions)}
        for key in ("peak_memory_bytes", "recomputation_time_ms"):
            if getattr(plan, key, None) is not None:
                doc[key] = getattr(plan, key)
        return False, to_json(doc), "plan"
    raise TypeError(
        "plan: expected a path, a dict {fqn: ratio}, sac_milp's (ac_decisions, time, peak) or a SacResult, "
        f"got {type(plan).__name__}")


def evaluate_plan(
    module_info: Any,
    plan: Any,
    world_size: int = 1,
    budget: Optional[float] = None,
    ac_units: Optional[list[str]] = None,
    fsdp_units: Optional[list[str]] = None,
    *,
    column_map: Any = None,
) -> PlanCheck:
    """Check a SAC plan made elsewhere, as `milp-sac evaluate` does.

    module_info: as for plan_sac (a path, a ModuleInfo dict, an ilp_utils.Graph).
    plan: a path to a plan file, a dict {fqn: ratio} or {"ac_decisions": ...}
    (`milp-sac sac` output), PyTorch's sac_milp tuple (ac_decisions,
    recomputation_time, peak_mem), or a SacResult. With column_map (the path or
    dict that `milp-sac export-mps --column-map` wrote), plan is instead a
    solver's solution of the exported model: a HiGHS or CBC solution file, or
    {column: value} / `milp-sac solve` JSON.
    budget (GiB): when given, a peak above it is a broken rule. Rules broken
    are listed in the result (ok is False), not raised; bad input raises
    ValueError with the CLI's message (file or source, field).
    """
    if is_path(module_info):
        info = (True, os.fspath(module_info), "")
    else:
        text, source = module_info_text(module_info)
        info = (False, text, source)
    raw = _core.evaluate_plan(
        info,
        _plan_document(plan),
        None if column_map is None else _document(column_map, "column_map"),
        as_int(world_size, "world_size"),
        None if budget is None else as_float(budget, "budget"),
        as_names(ac_units, "ac_units"),
        as_names(fsdp_units, "fsdp_units"),
    )
    return PlanCheck(ok=raw["status"] == "ok", **raw)
