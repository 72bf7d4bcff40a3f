"""plan: collect_module_info and milp_sac.plan_sac in one call."""
from __future__ import annotations

from typing import Any, Callable, Optional

from ._collect import collect_module_info


def plan(
    model: Any,
    example_inputs: Any,
    budget: float,
    world_size: int = 1,
    loss_fn: Optional[Callable] = None,
    **sac_options: Any,
) -> Any:
    """The SAC plan of `model` under `budget` GiB per rank (milp_sac.plan_sac's
    unit), from the ModuleInfo of one training step on example_inputs.

    sac_options go to plan_sac (ac_units, fsdp_units, gap, time_limit, warn).
    Returns plan_sac's SacResult, with the ModuleInfo as `.module_info`, so
    apply_plan(model, result) uses its per-operator statistics.
    """
    from .. import plan_sac  # the package's extension, loaded on use

    info = collect_module_info(model, example_inputs, loss_fn)
    result = plan_sac(info, budget, world_size, **sac_options)
    result.module_info = info
    return result
