"""Backward-pass hooks on autograd nodes, for torch 1.13 and later.

`register_full_backward_hook` wraps a module's outputs in a view and so fails
when they are later modified in place (ReLU(inplace=True)); and a hook added
with Tensor.register_hook stays on the tensor's first grad_fn in 1.13 while
later hooks on the same tensor join it. So a pre-hook goes straight onto the
node that made the tensor at that moment, with a dict of its own.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

import torch


class _Handle:
    def __init__(self, hooks: dict, key: int):
        self._hooks, self._key = hooks, key

    def remove(self) -> None:
        self._hooks.pop(self._key, None)


def on_grad_ready(t: torch.Tensor, fn: Callable[[], None]) -> Any:
    """Call fn() when the gradient of t (as it is now) is about to be consumed:
    before the node that produced t runs in backward (for a leaf, before its
    gradient is accumulated). Returns a handle with remove(), or None when t
    needs no gradient."""
    if not t.requires_grad:
        return None

    def hook(grad: Any) -> None:
        fn()

    node = t.grad_fn
    if node is None:
        return t.register_hook(hook)
    if hasattr(node, "register_prehook"):  # torch >= 2.0
        return node.register_prehook(lambda grads: hook(grads))
    saved = t._backward_hooks
    hooks: "OrderedDict[int, Any]" = OrderedDict()
    hooks[0] = hook
    try:
        t._backward_hooks = hooks
        node._register_hook_dict(t)
    finally:
        t._backward_hooks = saved
    return _Handle(hooks, 0)
