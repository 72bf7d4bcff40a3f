"""apply_plan: a SAC plan (fqn -> fraction of activation memory to discard) put onto a model."""
from __future__ import annotations

import math
import numbers
from typing import Any, Callable, Optional

import torch

from ._selective import OpLog, checkpointed_call
from ._tradeoff import OpRecord, sac_stats

_WHERE = "apply_plan"


def _policy_keep(stats: dict, ratio: float) -> Optional[set[int]]:
    """Indices of the operators to keep so that at most (1 - ratio) of the
    module's SAC memory stays: milp_sac's operator-level policy (PyTorch's
    get_optimal_checkpointing_policy_per_module). None: keep nothing."""
    from .. import solve_policy  # the package's extension, loaded on use

    result = solve_policy(stats, max(0.0, min(1.0, 1.0 - ratio)))
    if not result.has_solution:
        return None
    return {i for i, d in enumerate(result.decisions) if d == 1}


def _stats_from_log(log: OpLog) -> dict:
    ops = [
        OpRecord(n, t, m, k, v, i, r)
        for n, t, m, k, v, i, r in zip(log.names, log.runtimes, log.memory, log.out_keys, log.view, log.inplace, log.rand)
    ]
    return sac_stats(ops, log.saved_keys, log.force_store_random).as_dict()


class _Unit:
    """One checkpointed module: its policy, made from collected stats or from its first call."""

    def __init__(self, fqn: str, module: torch.nn.Module, ratio: float, stats: Optional[dict]):
        self.fqn, self.module, self.ratio = fqn, module, ratio
        self.forward = module.forward
        self.keep: Optional[set[int]] = set() if ratio >= 1 else None
        if self.keep is None and stats is not None:
            self.keep = _policy_keep(stats, ratio) or set()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.keep is None:
            # No operator statistics were given: this first call recomputes
            # everything (less memory than planned) and records the operators.
            log = OpLog()
            out = checkpointed_call(self.forward, args, kwargs, set(), log)
            if log.names:
                self.keep = _policy_keep(_stats_from_log(log), self.ratio) or set()
            return out
        return checkpointed_call(self.forward, args, kwargs, self.keep)


def applied_ratios(ac_decisions: Any, module_info: Optional[dict] = None) -> dict[str, float]:
    """The fraction of each unit's SAC memory that apply_plan really discards.

    A partial ratio r keeps the operator outputs the policy chooses under
    (1 - r) of the module's SAC memory; whole operators rarely fill that
    exactly, so the kept bytes are at most (1 - r) x sac_memory and the
    discarded fraction is (sac_memory - kept) / sac_memory >= r. Units without
    per-operator statistics keep their ratio (their policy is made at the
    first call). Same keys as the plan; names as collect_module_info gives them.
    """
    decisions, carried = _decisions_of(ac_decisions)
    module_info = module_info if module_info is not None else carried
    by_fqn = {s["fqn"]: s for s in (module_info or {}).get("mod_stats", [])}
    out: dict[str, float] = {}
    for fqn, ratio in decisions.items():
        r = float(ratio)
        mod = by_fqn.get(fqn)
        stats = mod.get("sac_stats") if mod else None
        if 0 < r < 1 and stats and mod and mod.get("sac_memory", 0) > 0:
            keep = _policy_keep(stats, r) or set()
            kept = sum(stats["memory"][i] for i in keep)
            r = min(1.0, max(r, (mod["sac_memory"] - kept) / mod["sac_memory"]))
        out[fqn] = r
    return out


def applied_plan(result: Any, module_info: Optional[dict] = None, world_size: Optional[int] = None) -> Any:
    """The plan as apply_plan will run it, evaluated: milp_sac.evaluate_plan at
    applied_ratios (a PlanCheck). Its peak_memory_bytes is the prediction to hold
    against measure_peak; it is at most the plan's own (more is discarded, never
    less) and its recomputation_time_ms at least."""
    from .. import evaluate_plan  # the package's extension, loaded on use

    decisions, carried = _decisions_of(result)
    module_info = module_info if module_info is not None else carried
    if module_info is None:
        raise ValueError("applied_plan: no module_info (pass it, or a SacResult of milp_sac.torch.plan)")
    ws = world_size if world_size is not None else getattr(result, "world_size", 1)
    return evaluate_plan(module_info, applied_ratios(decisions, module_info), ws)


class PlanHandle:
    """What apply_plan did; remove() restores every module's own forward."""

    def __init__(self, units: list[_Unit]):
        self.units = units

    @property
    def modules(self) -> dict[str, float]:
        return {u.fqn: u.ratio for u in self.units}

    def remove(self) -> None:
        for u in self.units:
            if u.module.__dict__.get("forward") is u:
                del u.module.__dict__["forward"]
        self.units = []

    def __enter__(self) -> "PlanHandle":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.remove()


def _decisions_of(plan: Any) -> tuple[dict, Optional[dict]]:
    module_info = getattr(plan, "module_info", None)
    if hasattr(plan, "ac_decisions"):
        plan = plan.ac_decisions
    if not isinstance(plan, dict):
        raise TypeError(f"{_WHERE}: ac_decisions must be a dict fqn -> ratio or a SacResult, got {type(plan).__name__}")
    return plan, module_info


def _resolve(model: torch.nn.Module, fqn: Any) -> tuple[str, torch.nn.Module]:
    if not isinstance(fqn, str):
        raise TypeError(f"{_WHERE}: module names must be strings, got {type(fqn).__name__}")
    root = type(model).__name__
    path = fqn[len(root) + 1 :] if fqn.startswith(root + ".") else ("" if fqn == root else fqn)
    modules = dict(model.named_modules())
    if path not in modules:
        raise ValueError(f"{_WHERE}: ac_decisions[{fqn!r}]: no such module in {root}")
    return (f"{root}.{path}" if path else root), modules[path]


def apply_plan(model: Any, ac_decisions: Any, module_info: Optional[dict] = None) -> PlanHandle:
    """Checkpoint the modules of a SAC plan; returns a handle whose remove() undoes it.

    ac_decisions: {fqn: fraction of the module's activation memory to discard}
    (SacResult.ac_decisions, or the SacResult of milp_sac.torch.plan). fqns as
    collect_module_info names them ("ResNet.layer1.0") or as named_modules()
    does ("layer1.0"). A fraction of 1 recomputes the whole module in backward
    (full checkpointing); a fraction r < 1 keeps the operator outputs that
    milp_sac's operator-level policy chooses under (1 - r) of the module's SAC
    memory and recomputes the others; 0 leaves the module alone. The per-op
    statistics come from module_info (collect_module_info's "sac_stats"; plan's
    result carries it); without them the first call of a module recomputes
    everything and the policy is made from that call. A module and one of its
    descendants cannot both be checkpointed (as in sac_milp): ValueError.
    Gradients are bit-identical to the model's own.
    """
    if not isinstance(model, torch.nn.Module):
        raise TypeError(f"{_WHERE}: model must be a torch.nn.Module, got {type(model).__name__}")
    decisions, carried = _decisions_of(ac_decisions)
    module_info = module_info if module_info is not None else carried
    stats_by_fqn = {}
    if module_info is not None:
        try:
            stats_by_fqn = {s["fqn"]: s.get("sac_stats") for s in module_info["mod_stats"]}
        except (TypeError, KeyError) as e:
            raise ValueError(f"{_WHERE}: module_info is not a ModuleInfo dict (mod_stats[].fqn): {e}") from e
    chosen: list[tuple[str, torch.nn.Module, float]] = []
    for fqn, ratio in decisions.items():
        name, module = _resolve(model, fqn)
        value = float(ratio) if isinstance(ratio, numbers.Real) and not isinstance(ratio, bool) else math.nan
        if not math.isfinite(value) or not 0 <= value <= 1:
            raise ValueError(f"{_WHERE}: ac_decisions[{fqn!r}]: expected a fraction in [0, 1], got {ratio!r}")
        if value > 0:
            chosen.append((name, module, value))
    for a, _, _ in chosen:
        for b, _, _ in chosen:
            if b.startswith(a + "."):
                raise ValueError(f"{_WHERE}: {b} is inside {a}: a module and its descendant cannot both be checkpointed")
    seen = set()
    units = []
    for name, module, ratio in chosen:
        if id(module) in seen or "forward" in module.__dict__:
            raise ValueError(f"{_WHERE}: {name} is checkpointed already (a shared module, or a plan applied twice)")
        seen.add(id(module))
        units.append(_Unit(name, module, ratio, stats_by_fqn.get(name)))
    for u in units:
        module_forward: Callable = u
        u.module.forward = module_forward  # type: ignore[method-assign]
    return PlanHandle(units)
