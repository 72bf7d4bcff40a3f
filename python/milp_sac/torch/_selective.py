"""Selective activation checkpointing of one module call, for torch 1.13 and later.

Forward: the module runs with a saved-tensors hook that keeps nothing (a
placeholder per saved tensor) and a dispatch mode that keeps the outputs of
the operators the policy saves. Backward, at the first use of a placeholder:
the module's forward runs again from its inputs with the forward's RNG state,
the saved operators answered from what was kept and the others recomputed;
the tensors autograd saves in this second run fill the placeholders, in the
same order. Values are the same bits as without checkpointing, so are the
gradients. With nothing kept this is full (non-reentrant) checkpointing.
"""
from __future__ import annotations

import time
import weakref
from typing import Any, Callable, Optional

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from ._ops import fix_wrapped_number, is_ignored, is_inplace, is_random, is_view, op_name, unwrap_number_args
from ._storage import ACT, LiveStorages, tensors_in

# Batch-norm operators update the running statistics in place: a second run
# must not update them again (torch.utils.checkpoint does, PyTorch issue 11015).
_RUNNING_STATS = {"native_batch_norm": (3, 4), "_native_batch_norm_legit": (3, 4), "cudnn_batch_norm": (3, 4),
                  "miopen_batch_norm": (3, 4)}


class _Holder:
    """What a saved tensor becomes in the forward; weakly referenced, so that the
    recomputed tensor dies with the SavedVariable that holds the holder."""


class OpLog:
    """The forward operators of one call, for a policy made from the call itself."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.runtimes: list[float] = []
        self.memory: list[int] = []
        self.out_keys: list[tuple] = []
        self.view: list[bool] = []
        self.inplace: list[bool] = []
        self.rand: list[bool] = []
        self.saved_keys: set[int] = set()
        # Storages by serial, not by address: an address is reused once its
        # storage dies, within the same forward.
        self.storages = LiveStorages()
        self.force_store_random = False


class _Frame:
    def __init__(self, fn: Callable, args: tuple, kwargs: dict, keep: Optional[set[int]], log: Optional[OpLog]):
        self.fn, self.args, self.kwargs = fn, args, kwargs
        self.keep = keep or set()
        self.log = log
        self.rng = torch.get_rng_state()
        self.holders: list[weakref.ref] = []
        self.values: "weakref.WeakKeyDictionary[_Holder, torch.Tensor]" = weakref.WeakKeyDictionary()
        self.kept: dict[int, Any] = {}
        self.versions: dict[int, list[int]] = {}
        self.n_ops = 0
        self.names: list[str] = []
        self.recomputed = False
        self.n_replayed = 0

    # --- forward ------------------------------------------------------------
    def pack(self, t: torch.Tensor) -> _Holder:
        if self.log is not None:
            rec, _ = self.log.storages.see(t, ACT)
            if rec is not None:
                self.log.saved_keys.add(rec.serial)
        h = _Holder()
        self.holders.append(weakref.ref(h))
        return h

    def unpack(self, h: _Holder) -> torch.Tensor:
        if not self.recomputed:
            self.recompute()
        return self.values[h]

    def forward_op(self, func: Any, args: tuple, kwargs: dict) -> Any:
        if is_ignored(func):
            return fix_wrapped_number(func, args, func(*args, **kwargs))
        start = time.perf_counter()
        out = fix_wrapped_number(func, args, func(*args, **kwargs))
        ms = (time.perf_counter() - start) * 1e3
        idx = self.n_ops
        self.n_ops += 1
        self.names.append(op_name(func))
        if idx in self.keep:
            self.kept[idx] = out
        if self.log is not None:
            self._log(func, args, out, ms)
        return out

    def _log(self, func: Any, args: tuple, out: Any, ms: float) -> None:
        log = self.log
        assert log is not None
        for t in tensors_in(args):
            log.storages.see(t, ACT)
        keys, new = [], 0
        for t in tensors_in(out):
            rec, is_new = log.storages.see(t, ACT)
            if rec is None:
                continue
            keys.append(rec.serial)
            new += rec.nbytes if is_new else 0
        log.names.append(op_name(func))
        log.runtimes.append(ms)
        log.memory.append(new)
        log.out_keys.append(tuple(keys))
        log.view.append(is_view(func))
        log.inplace.append(is_inplace(func))
        log.rand.append(is_random(func))

    def end_forward(self) -> None:
        # Versions of the kept outputs as the module left them: a later change
        # in place (outside the module) makes a kept output stale.
        self.versions = {i: [t._version for t in tensors_in(v)] for i, v in self.kept.items()}

    # --- backward -----------------------------------------------------------
    def recompute(self) -> None:
        counter = 0

        def inner_pack(t: torch.Tensor) -> None:
            nonlocal counter
            i = counter
            counter += 1
            h = self.holders[i]() if i < len(self.holders) else None
            if h is not None:
                self.values[h] = t.detach()

        def inner_unpack(_: Any) -> torch.Tensor:
            raise RuntimeError("milp_sac.torch: a recomputed tensor was used outside its checkpoint")

        replay = _Replay(self)
        with torch.random.fork_rng(devices=[]):
            torch.set_rng_state(self.rng)
            with torch.enable_grad(), torch.autograd.graph.saved_tensors_hooks(inner_pack, inner_unpack), replay:
                self.fn(*self.args, **self.kwargs)
        self.recomputed = True
        self.kept.clear()
        if counter != len(self.holders):
            raise RuntimeError(
                f"milp_sac.torch: the recomputation saved {counter} tensors, the forward {len(self.holders)}: "
                "the module's forward is not deterministic in its operators"
            )

    def replay_op(self, func: Any, args: tuple, kwargs: dict) -> Any:
        if is_ignored(func):
            return fix_wrapped_number(func, args, func(*args, **kwargs))
        idx = self.n_replayed
        self.n_replayed += 1
        if idx < len(self.names) and self.names[idx] != op_name(func):
            raise RuntimeError(
                f"milp_sac.torch: operator {idx} of the recomputation is {op_name(func)}, "
                f"in the forward it was {self.names[idx]}"
            )
        # Each kept output is handed over once: from here the recomputation
        # holds it only as long as it needs it (a kept output that autograd does
        # not save, such as a projection later copied, would otherwise stay
        # alive through the whole recomputation, above the planned peak).
        kept = self.kept.pop(idx, None)
        if kept is not None and [t._version for t in tensors_in(kept)] == self.versions.get(idx):
            if is_inplace(func):
                return args[0]  # the kept tensor already holds the in-place result
            return _alias(kept)
        protect = _RUNNING_STATS.get(op_name(func))
        if protect:
            args = tuple(a.clone() if i in protect and isinstance(a, torch.Tensor) else a for i, a in enumerate(args))
        return fix_wrapped_number(func, args, func(*args, **kwargs))


def _alias(out: Any) -> Any:
    """A new tensor on each kept tensor's storage: autograd of the recomputation
    may set its history without touching the forward's tensor."""
    if isinstance(out, torch.Tensor):
        return out.detach()
    if isinstance(out, (tuple, list)):
        return type(out)(_alias(o) for o in out)
    return out


class _Record(TorchDispatchMode):
    def __init__(self, frame: _Frame):
        super().__init__()
        self.frame = frame

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        return self.frame.forward_op(func, unwrap_number_args(func, args), kwargs or {})


class _Replay(TorchDispatchMode):
    def __init__(self, frame: _Frame):
        super().__init__()
        self.frame = frame
        frame.n_replayed = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        return self.frame.replay_op(func, unwrap_number_args(func, args), kwargs or {})


def _snapshot(obj: Any) -> Any:
    """Lists, tuples and dicts copied (recursively), tensors and the rest shared."""
    if isinstance(obj, list):
        return [_snapshot(o) for o in obj]
    if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
        return tuple(_snapshot(o) for o in obj)
    if isinstance(obj, dict):
        return {k: _snapshot(v) for k, v in obj.items()}
    return obj


def checkpointed_call(fn: Callable, args: tuple, kwargs: dict, keep: Optional[set[int]], log: Optional[OpLog] = None) -> Any:
    """fn(*args, **kwargs), keeping the outputs of the operators in `keep` (indices
    among the forward's operators, detach and the like not counted) and
    recomputing the rest in backward. log: record the operators (a first call
    without a policy)."""
    if not torch.is_grad_enabled():
        return fn(*args, **kwargs)
    # The recomputation runs from the arguments as they are now: a caller may
    # change a list it passed after the call (torchvision's DenseNet appends
    # each layer's output to the list of features it gave the layer).
    frame = _Frame(fn, _snapshot(args), _snapshot(kwargs), keep, log)
    if log is not None:
        log.force_store_random = not any(True for _ in tensors_in((args, kwargs)))
    with torch.autograd.graph.saved_tensors_hooks(frame.pack, frame.unpack), _Record(frame):
        out = fn(*args, **kwargs)
    frame.end_forward()
    if not frame.holders:
        frame.kept.clear()  # nothing to recompute: keep nothing
    return out
