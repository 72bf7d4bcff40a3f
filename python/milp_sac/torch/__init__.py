"""milp_sac.torch: from a torch.nn.Module to a SAC plan, applied and checked.

    info = collect_module_info(model, example_inputs)      # PyTorch's ModuleInfo
    result = plan(model, example_inputs, budget_gib)        # milp_sac.plan_sac on it
    handle = apply_plan(model, result)                      # checkpointing as planned
    peak = measure_peak(step)                               # bytes, one step
    handle.remove()

Needs PyTorch (Debian: python3-torch); `import milp_sac` works without it.
See docs/torch.md.
"""
try:
    import torch as _torch  # noqa: F401
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError(
        "milp_sac.torch needs PyTorch: install python3-torch (Debian/Ubuntu: apt install python3-torch) "
        "or `pip install torch`"
    ) from _e

from ._apply import PlanHandle, applied_plan, applied_ratios, apply_plan
from ._autograd_graph import autograd_graph
from ._collect import collect_module_info
from ._measure import measure_peak
from ._plan import plan

__all__ = ["collect_module_info", "measure_peak", "apply_plan", "applied_plan", "applied_ratios", "PlanHandle", "plan", "autograd_graph"]
