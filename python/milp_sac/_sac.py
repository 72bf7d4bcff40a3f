"""Module-level activation checkpointing (SAC): plan_sac, sweep_sac, sac_milp, baseline."""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from . import _core
from ._inputs import as_float, as_int, as_names, call_with_module_info, fspath, is_path, module_info_text
from ._options import default, options_doc
from ._progress import CancelToken, LogArg, ProgressEvent, check_cancel, convert_interrupt_result, event_sink

# Defaults from the library's option records (src/common/options.h), as the CLI's.
_GAP = default("sac.gap")
_TIME_LIMIT = default("sac.time_limit")


class NoPlanFound(RuntimeError):
    """The solver stopped (time or node limit) before it found any plan."""

    def __init__(self, message: str, result: "SacResult"):
        super().__init__(message)
        self.result = result


class InfeasibleBudget(NoPlanFound):
    """No plan fits the memory budget.

    min_feasible_budget_gib: a budget (GiB) at which a plan exists (the smallest
    one, plus a margin of 1e-5 GiB, when `proven`), or None when no plan exists
    at any budget with these AC/FSDP units.
    """

    def __init__(self, message: str, result: "SacResult"):
        super().__init__(message, result)
        self.min_feasible_budget_gib = result.min_feasible_budget_gib
        self.proven = bool(result.min_budget and result.min_budget.get("proven"))


@dataclass
class SacResult:
    """The answer of plan_sac.

    ac_decisions maps each AC unit's fqn to the fraction of its activation
    memory to discard (rounded up to 4 decimals, in module order);
    peak_memory_bytes is the true peak of that plan, re-computed by an evaluator
    independent of the MILP; bound_ms is a proven lower bound on the recompute
    time of any plan, gap the relative gap between the two; found_by says
    which source found the plan: "heuristic" (the greedy start, not improved
    by the search) or "search". memory_timeline is the memory through the
    step, point by point in time order, as `milp-sac sac` prints it (dicts with
    "module", "phase", "baseline_bytes", "plan_bytes"; the largest plan_bytes
    is peak_memory_bytes); None without a plan.
    """

    status: str
    has_plan: bool
    ac_decisions: dict[str, float]
    recomputation_time_ms: Optional[float]
    peak_memory_bytes: Optional[int]
    bound_ms: Optional[float]
    gap: Optional[float]
    found_by: Optional[str]
    nodes: int
    seconds: float
    budget_gib: float
    world_size: int
    min_budget: Optional[dict] = None
    warnings: list[str] = field(default_factory=list)
    message: str = ""
    memory_timeline: Optional[list[dict[str, Any]]] = None
    _plot: Optional[_core.MemoryPlot] = field(default=None, repr=False, compare=False)
    # The ModuleInfo the plan was made from, when milp_sac.torch.plan made it
    # (apply_plan reads its per-operator statistics); None otherwise.
    module_info: Optional[dict[str, Any]] = field(default=None, repr=False, compare=False)

    def memory_svg(self) -> str:
        """The plan's memory through the step as an SVG document (str), as
        `milp-sac sac --plot-memory` draws it: the baseline ("no AC, no
        FSDP"), the step without AC at world_size ranks (parameters and
        gradients sharded, when world_size > 1), the plan, the budget, the
        AC units' recompute spans and the peaks. Raises ValueError when
        there is no plan to draw."""
        if self._plot is None:
            raise ValueError(f"no plan (status {self.status}) or a copied result: nothing to draw")
        return self._plot.svg()

    def __getstate__(self) -> dict[str, Any]:
        # The drawing's native state does not pickle (a result sent between
        # processes, copy.deepcopy): the copy has everything but memory_svg().
        return {**self.__dict__, "_plot": None}

    @property
    def min_feasible_budget_gib(self) -> Optional[float]:
        if self.min_budget and self.min_budget.get("found"):
            return self.min_budget["suggested_gib"]
        return None

    @property
    def infeasible(self) -> bool:
        return not self.has_plan and self.min_budget is not None


def _no_plan_message(budget_gib: float, world_size: int, status: str, min_budget: Optional[dict]) -> str:
    if min_budget is None:
        return f"no plan found within the limits (status {status})"
    text = f"no plan fits in {budget_gib:g} GiB at world size {world_size}"
    if not min_budget["found"]:
        return text + "; no plan exists at any budget with these AC/FSDP units"
    if min_budget["proven"]:
        return (
            text + f"; the smallest budget at which a plan exists is {min_budget['suggested_gib']:g} GiB "
            f"(lowest peak {math.ceil(min_budget['peak_gib'] * 2**30)} bytes)"
        )
    return (
        text + f"; a plan exists at {min_budget['suggested_gib']:g} GiB (lowest peak not proven: "
        f"at least {min_budget['bound_gib']:g} GiB)"
    )


def _plan_fields(raw: dict) -> dict:
    """The fields SacResult and SacSweepPoint share, from the extension's dict."""
    return dict(
        status=raw["status"],
        has_plan=raw["has_plan"],
        ac_decisions=dict(raw["ac_decisions"]),
        recomputation_time_ms=raw["recomputation_time_ms"],
        peak_memory_bytes=raw["peak_memory_bytes"],
        bound_ms=raw["bound_ms"],
        gap=raw["gap"],
        found_by=raw["found_by"],
        seconds=raw["seconds"],
    )


def _check_and_warn(violations: list[str], reader_warnings: list[str], warn: bool, what: str) -> None:
    """Raise on a plan that failed the independent re-check (a bug in milp-sac,
    never expected); pass the reader's warnings on to warnings.warn."""
    if violations:
        raise RuntimeError(f"milp-sac internal error: {what}: " + "; ".join(violations))
    if warn:
        for w in reader_warnings:
            warnings.warn(w, stacklevel=3)


def plan_sac(
    module_info: Any,
    memory_budget: float,
    world_size: int = 1,
    ac_units: Optional[list[str]] = None,
    fsdp_units: Optional[list[str]] = None,
    *,
    gap: float = _GAP,
    time_limit: float = _TIME_LIMIT,
    warn: bool = True,
    log: LogArg = None,
    callback: Optional[Callable[[ProgressEvent], Any]] = None,
    cancel: Optional[CancelToken] = None,
) -> SacResult:
    """Plan module-level SAC under `memory_budget` GiB (per rank).

    module_info: a ModuleInfo file path, the ModuleInfo dict of
    torch.distributed._tools.ilp_utils.aggregate_stats, or an ilp_utils.Graph.
    gap, time_limit: the search stops at this relative gap or after this many
    seconds (the defaults are PyTorch's sac_milp settings). Reader warnings
    (e.g. sac_memory raised to act_fw_per_module) are issued with
    warnings.warn unless warn=False, and kept in the result.
    Raises ValueError on bad input, with the message `milp-sac sac` prints.
    log/callback/cancel: progress events of the search and a CancelToken, as
    milp_sac.Model.solve (docs/solver-python.md); Ctrl-C raises
    KeyboardInterrupt with .result, the SacResult of the plan found so far
    (status 'interrupted').
    """
    args = _core.SacArgs()
    args.progress = event_sink(log, callback)
    args.cancel = check_cancel(cancel)
    args.budget_gib = as_float(memory_budget, "memory_budget")
    args.world_size = as_int(world_size, "world_size")
    args.ac_units = as_names(ac_units, "ac_units")
    args.fsdp_units = as_names(fsdp_units, "fsdp_units")
    args.relative_gap = as_float(gap, "gap")
    args.time_limit_seconds = as_float(time_limit, "time_limit", finite=True)  # the default is 180 s: inf is refused, as on the CLI
    try:
        raw = call_with_module_info(module_info, _core.plan_sac_file, _core.plan_sac_text, args)
    except KeyboardInterrupt as stop:
        convert_interrupt_result(stop, lambda kept: _sac_result(kept, args, False))
        raise
    return _sac_result(raw, args, warn)


def _sac_result(raw: dict, args: Any, warn: bool) -> SacResult:
    _check_and_warn(raw["violations"], raw["warnings"], warn, "the plan fails the independent check")
    result = SacResult(
        **_plan_fields(raw),
        nodes=raw["nodes"],
        budget_gib=args.budget_gib,
        world_size=args.world_size,
        min_budget=raw["min_budget"],
        warnings=list(raw["warnings"]),
        memory_timeline=raw["memory_timeline"],
        _plot=raw.get("plot"),
    )
    if not result.has_plan:
        result.message = _no_plan_message(args.budget_gib, args.world_size, result.status, result.min_budget)
    return result


@dataclass
class SacSweepPoint:
    """One budget of a sweep: the plan there (as in SacResult), or none when the
    budget is below the smallest feasible one (status 'infeasible') or a limit
    was reached first."""

    budget_gib: float
    status: str
    has_plan: bool
    ac_decisions: dict[str, float]
    recomputation_time_ms: Optional[float]
    peak_memory_bytes: Optional[int]
    bound_ms: Optional[float]
    gap: Optional[float]
    found_by: Optional[str]
    seconds: float
    # The first budget found (bisection) at which this point's set of AC
    # units is optimal: the previous point, just below, has another set.
    plan_change: bool = False


@dataclass
class SacSweep:
    """The recompute-time-vs-budget curve of sweep_sac (`milp-sac sac --budget-sweep`).

    points: budgets in increasing order, from min_feasible_budget_gib (the
    smallest budget with a plan; None when no plan exists at any budget) to
    no_ac_peak_gib (the peak without AC at this world size); recompute time
    never increases along the curve (monotone, checked on the reported plans).
    sweep: "breakpoints" when every change of the set of AC units between
    grid points was located (points with plan_change mark them; at most
    max_breakpoints of them), else "grid"; plan_changes counts the changes seen.
    """

    points: list[SacSweepPoint]
    min_feasible_budget_gib: Optional[float]
    min_feasible_proven: bool
    no_ac_peak_gib: float
    baseline_peak_gib: float
    world_size: int
    monotone: bool
    seconds: float
    warnings: list[str] = field(default_factory=list)
    sweep: str = "grid"
    plan_changes: int = 0
    _plot: Optional[_core.SweepPlot] = field(default=None, repr=False, compare=False)

    def svg(self) -> str:
        """The curve as an SVG document (str), as `milp-sac sac --budget-sweep
        --plot` draws it: recompute time against budget, the solved points,
        where the optimum lies between them, the smallest feasible budget and
        the baseline peak."""
        if self._plot is None:
            raise ValueError("this sweep has no drawing (built by hand or copied, not returned by sweep_sac)")
        return self._plot.svg()

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_plot": None}  # as SacResult's

    def curve(self) -> list[tuple[float, float]]:
        """(budget GiB, recompute ms) of the points with a plan."""
        # A point with a plan has its time (the check also tells mypy it is not None).
        return [(p.budget_gib, p.recomputation_time_ms) for p in self.points
                if p.has_plan and p.recomputation_time_ms is not None]


def sweep_sac(
    module_info: Any,
    world_size: int = 1,
    ac_units: Optional[list[str]] = None,
    fsdp_units: Optional[list[str]] = None,
    *,
    from_gib: Optional[float] = None,
    to_gib: Optional[float] = None,
    points: int = 21,
    max_breakpoints: int = 8,
    gap: float = _GAP,
    time_limit: float = _TIME_LIMIT,
    threads: Optional[int] = None,
    warn: bool = True,
    log: LogArg = None,
    callback: Optional[Callable[[ProgressEvent], Any]] = None,
    cancel: Optional[CancelToken] = None,
) -> SacSweep:
    """The SAC plan at `points` budgets from from_gib (default: the smallest
    feasible budget) to to_gib (default: the peak without AC), as
    `milp-sac sac --budget-sweep`, plus the budgets where the set of AC
    units changes when there are at most max_breakpoints of them (0: the
    grid alone). gap applies per point; time_limit bounds the whole sweep.
    threads: points solved at once (default: the CPUs this process may use); the
    curve is the same for every value.
    module_info as for plan_sac. Raises ValueError on bad input (from_gib >=
    to_gib, points < 2, a bad ModuleInfo), with the CLI's message.
    log/callback/cancel: the search events of every point's solve (with
    threads > 1 the points' events interleave) and a CancelToken, as
    plan_sac; a cancel stops the sweep, whose points not solved by then are
    reported as at the time limit. Ctrl-C raises KeyboardInterrupt with
    .result, the SacSweep so far.
    """
    args = _core.SweepArgs()
    args.progress = event_sink(log, callback)
    args.cancel = check_cancel(cancel)
    args.world_size = as_int(world_size, "world_size")
    args.ac_units = as_names(ac_units, "ac_units")
    args.fsdp_units = as_names(fsdp_units, "fsdp_units")
    if from_gib is not None:
        args.from_gib = as_float(from_gib, "from_gib")
    if to_gib is not None:
        args.to_gib = as_float(to_gib, "to_gib")
    args.points = as_int(points, "points")
    if threads is not None:
        args.threads = as_int(threads, "threads")
        if args.threads < 1:
            raise ValueError("option threads: must be between 1 and 1024")
    args.max_breakpoints = as_int(max_breakpoints, "max_breakpoints")
    args.relative_gap = as_float(gap, "gap")
    args.time_limit_seconds = as_float(time_limit, "time_limit", finite=True)  # the default is 180 s: inf is refused, as on the CLI
    try:
        raw = call_with_module_info(module_info, _core.sweep_sac_file, _core.sweep_sac_text, args)
    except KeyboardInterrupt as stop:
        convert_interrupt_result(stop, lambda kept: _sac_sweep(kept, False))
        raise
    return _sac_sweep(raw, warn)


def _sac_sweep(raw: dict, warn: bool) -> SacSweep:
    violations = [v for p in raw["points"] for v in p["violations"]]
    _check_and_warn(violations, raw["warnings"], warn, "a plan of the sweep fails the independent check")
    return SacSweep(
        points=[
            SacSweepPoint(budget_gib=p["budget_gib"], plan_change=p["plan_change"], **_plan_fields(p))
            for p in raw["points"]
        ],
        min_feasible_budget_gib=raw["min_feasible_budget_gib"],
        min_feasible_proven=raw["min_feasible_proven"],
        no_ac_peak_gib=raw["no_ac_peak_gib"],
        baseline_peak_gib=raw["baseline_peak_gib"],
        world_size=raw["world_size"],
        monotone=raw["monotone"],
        seconds=raw["seconds"],
        warnings=list(raw["warnings"]),
        sweep=raw["sweep"],
        plan_changes=raw["plan_changes"],
        _plot=raw.get("plot"),
    )


def sac_milp(
    graph: Any,
    memory_budget: float,
    world_size: int = 1,
    ac_units: Optional[list[str]] = None,
    fsdp_units: Optional[list[str]] = None,
    *,
    strict: bool = False,
    gap: float = _GAP,
    time_limit: float = _TIME_LIMIT,
) -> tuple[dict[str, float], float, int]:
    """Drop-in for torch.distributed._tools.sac_milp.sac_milp.

    Returns (ac_decisions, recomputation_time, peak_mem) as PyTorch does:
    fqn -> fraction of activation memory to discard, the recompute time in ms
    rounded to 2 decimals, and the peak memory in bytes; ({}, 0, -1) when no
    plan is found. Differences that only make answers safer: ratios are rounded
    up (a reported plan never exceeds the budget) and peak_mem is the true peak
    of the reported plan. strict=True raises InfeasibleBudget (with
    .min_feasible_budget_gib) or NoPlanFound instead of returning ({}, 0, -1).
    """
    result = plan_sac(graph, memory_budget, world_size, ac_units, fsdp_units, gap=gap, time_limit=time_limit, warn=False)
    for w in result.warnings:
        warnings.warn(w, stacklevel=2)
    if not result.has_plan:
        if strict:
            error = InfeasibleBudget if result.infeasible else NoPlanFound
            raise error(result.message, result)
        return {}, 0, -1
    # has_plan: both are set (asserted for mypy, which cannot see it).
    assert result.recomputation_time_ms is not None and result.peak_memory_bytes is not None
    return result.ac_decisions, round(result.recomputation_time_ms, 2), int(result.peak_memory_bytes)


def get_peak_memory_runtime_baseline(graph: Any) -> tuple[int, float]:
    """Drop-in for ilp_utils.get_peak_memory_runtime_baseline: (peak bytes, compute ms) without AC or FSDP."""
    if is_path(graph):
        raw = _core.baseline_file(fspath(graph))
    else:
        raw = _core.baseline_text(*module_info_text(graph))
    return int(raw["peak_memory_bytes"]), float(raw["compute_time_ms"])


plan_sac.__doc__ = (plan_sac.__doc__ or "") + options_doc("sac.gap", "sac.time_limit")
sweep_sac.__doc__ = (sweep_sac.__doc__ or "") + options_doc("sac.gap", "sac.time_limit")
