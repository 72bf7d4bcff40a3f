"""Classification of aten operators for SAC: views, in-place, random, ignored."""
from __future__ import annotations

from typing import Any

import torch

aten = torch.ops.aten

# Operators autograd itself inserts (detach when saving, lift_fresh for
# constants) or that only mark profiler ranges: they would shift the operator
# indices between a forward and its recomputation, as in PyTorch's SACEstimator.
_IGNORED_NAMES = {"detach", "lift_fresh", "_record_function_enter", "_record_function_exit", "_record_function_enter_new"}


def op_name(func: Any) -> str:
    return func.overloadpacket.__name__


def is_ignored(func: Any) -> bool:
    return op_name(func) in _IGNORED_NAMES


def _aliasing(func: Any) -> tuple[bool, bool]:
    """(returns an alias of an input, writes to an input)."""
    schema = func._schema
    returns_alias = any(r.alias_info is not None for r in schema.returns)
    writes = any(a.alias_info is not None and a.alias_info.is_write for a in schema.arguments)
    return returns_alias, writes


def is_view(func: Any) -> bool:
    returns_alias, writes = _aliasing(func)
    return returns_alias and not writes


def is_inplace(func: Any) -> bool:
    returns_alias, writes = _aliasing(func)
    return returns_alias and writes


def is_random(func: Any) -> bool:
    # torch.Tag is missing from torch 1.13's type stubs, not from the module.
    return getattr(torch, "Tag").nondeterministic_seeded in func.tags


def fix_wrapped_number(func: Any, args: tuple, out: Any) -> Any:
    """In torch 1.13 an operator on a wrapped-number scalar (x * 0.5 saves 0.5 as
    one) returns a Python number to a dispatch mode, and autograd then fails
    ("detach returned invalid type float"): give it a 0-dim tensor back."""
    if isinstance(out, (bool, int, float, complex)) and args and isinstance(args[0], torch.Tensor):
        return torch.tensor(out, dtype=args[0].dtype, device=args[0].device)
    return out


def unwrap_number_args(func: Any, args: tuple) -> tuple:
    """The other half of the 1.13 wrapped-number problem: a saved wrapped number
    detached in a saved-tensors hook (checkpointing does that) reaches the
    dispatch mode as a Python float, which aten::detach refuses. Give it a
    0-dim tensor of the number's default dtype; its value is the same bits."""
    if args and isinstance(args[0], (bool, int, float, complex)) and op_name(func) in ("detach", "alias"):
        return (torch.tensor(args[0]),) + tuple(args[1:])
    return args
