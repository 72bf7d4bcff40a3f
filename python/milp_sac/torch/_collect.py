"""collect_module_info: PyTorch's ModuleInfo from one real training step.

What PyTorch's MemTracker, RuntimeEstimator and SACEstimator measure, with
hooks of our own that work on torch 1.13:
- forward pre/post hooks on every module, and backward hooks on the autograd
  nodes of each module's outputs (its backward starts) and inputs (it ends);
- one TorchDispatchMode that follows live tensor storages (each counted once,
  by category: parameters, gradients, activations, backward temporaries),
  times every operator and records the forward operators per module for the
  SAC trade-off curve;
- a saved-tensors hook that shows which storages autograd keeps.
Two choices differ from PyTorch's estimators, so that predictions meet the
measured peak: the loss (computed outside the model) counts in the root
module, and an operator's memory is what it allocates (in-place operators
and views allocate nothing, PyTorch counts in-place outputs again).
"""
from __future__ import annotations

import functools

import time
from typing import Any, Callable, Optional

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from . import _inputs
from ._hooks import on_grad_ready
from ._ops import fix_wrapped_number, is_ignored, unwrap_number_args, is_inplace, is_random, is_view, op_name
from ._storage import ACT, GRAD, PARAM, TEMP, LiveStorages, tensors_in
from ._tradeoff import OpRecord, piecewise_fit, sac_stats, tradeoff_curve

_WHERE = "collect_module_info"


def module_fqns(model: torch.nn.Module) -> dict[int, str]:
    """id(module) -> fqn as PyTorch's ModTracker names it: the root by its class
    name, a submodule as "Root.path.in.model" (the first path when shared)."""
    root = type(model).__name__
    return {id(m): f"{root}.{name}" if name else root for name, m in model.named_modules()}


class _Call:
    """One call of one module."""

    def __init__(self, fqn: str, module: torch.nn.Module, parent: Optional["_Call"]):
        self.fqn, self.module, self.parent = fqn, module, parent
        self.pre_act = self.post_act = self.input_mem = self.output_mem = 0
        # Activations live when the module's forward ends, and how many of their
        # bytes still live when its backward begins (act_total): what died in
        # between (its output when no backward saved it, a loss's temporaries)
        # is not there when the backward row of sac_milp's peak applies.
        self.post_records: list = []
        self.act_at_bw: Optional[int] = None
        self.op_start = self.op_end = 0
        self.fw_ms = self.bw_ms = 0.0
        self.force_store_random = False
        self.pre_bw: Optional[dict] = None
        self.peak_bw: Optional[dict] = None
        self.local_peak = 0
        self.bw_done = False
        self.inputs: dict = {}
        self.inputs_freed = 0

    def ancestors(self) -> list["_Call"]:
        out, c = [], self.parent
        while c is not None:
            out.append(c)
            c = c.parent
        return out


class _ForwardWrapper:
    """The module's forward between pre_fw and post_fw: unlike 1.13's forward
    pre-hooks it sees keyword inputs too (torchvision's ViT calls its attention
    with query=, key=, value=). remove() restores the module."""

    def __init__(self, col: "_Collector", module: torch.nn.Module):
        self.col, self.module = col, module
        self.had_own = "forward" in module.__dict__
        self.inner = module.forward
        module.forward = self  # type: ignore[method-assign]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.col.pre_fw(self.module, (args, kwargs))
        out = self.inner(*args, **kwargs)
        self.col.post_fw(self.module, (args, kwargs), out)
        return out

    def remove(self) -> None:
        if self.had_own:
            self.module.forward = self.inner  # type: ignore[method-assign]
        else:
            self.module.__dict__.pop("forward", None)


class _Collector(TorchDispatchMode):
    def __init__(self, model: torch.nn.Module):
        super().__init__()
        self.model = model
        self.fqn = module_fqns(model)
        self.params = list(model.parameters())
        self.ls = LiveStorages()
        self.fw_stack: list[_Call] = []
        self.bw_active: list[_Call] = []
        self.in_backward = False
        self.ops: list[OpRecord] = []
        self.saved: set[int] = set()
        self.calls: list[_Call] = []
        self.fw_post: list[_Call] = []
        self.bw_pre: list[_Call] = []
        self.bw_post: list[_Call] = []
        self.handles: list[Any] = []
        self.root_call: Optional[_Call] = None
        # The peak of live activations while the loss is computed, the model's
        # output still alive (the step's peak when the output is large and no
        # backward saves it): a forward point that the root's row must cover.
        self.in_loss = False
        self.loss_peak = 0
        self.live_at_fw_end: set[int] = set()

    # --- memory -----------------------------------------------------------
    def _bytes_of(self, obj: Any) -> int:
        seen, total = set(), 0
        for t in tensors_in(obj):
            rec = self.ls.record(t)
            if rec is not None and rec.serial not in seen:
                seen.add(rec.serial)
                total += rec.nbytes
        return total

    def _sweep_grads(self) -> None:
        for p in self.params:
            if p.grad is not None:
                self.ls.see(p.grad, GRAD)
                self.ls.recategorize(p.grad, GRAD)

    def pack(self, t: torch.Tensor) -> torch.Tensor:
        rec, _ = self.ls.see(t, TEMP if self.in_backward else ACT)
        if rec is not None:
            self.saved.add(rec.serial)
        return t

    # --- operators --------------------------------------------------------
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        kwargs = kwargs or {}
        args = unwrap_number_args(func, args)
        category = TEMP if self.in_backward else ACT
        for t in tensors_in((args, kwargs)):
            if self.ls.record(t) is None:
                self.ls.see(t, category)
        start = time.perf_counter()
        out = func(*args, **kwargs)
        ms = (time.perf_counter() - start) * 1e3
        out = fix_wrapped_number(func, args, out)
        new_bytes, keys = 0, []
        for t in tensors_in(out):
            rec, new = self.ls.see(t, category)
            if rec is not None:
                keys.append(rec.serial)
                new_bytes += rec.nbytes if new else 0
        if self.in_loss:
            self.loss_peak = max(self.loss_peak, self.ls.live[ACT])
        if self.in_backward:
            total = self.ls.total
            for c in self.bw_active:
                c.bw_ms += ms
                if total > c.local_peak:
                    c.local_peak, c.peak_bw = total, self.ls.snapshot()
        else:
            for c in self.fw_stack:
                c.fw_ms += ms
            if not is_ignored(func):
                self.ops.append(OpRecord(op_name(func), ms, new_bytes, tuple(keys), is_view(func), is_inplace(func), is_random(func)))
        return out

    # --- module hooks -----------------------------------------------------
    def pre_fw(self, module: torch.nn.Module, inputs: Any) -> None:
        parent = self.fw_stack[-1] if self.fw_stack else None
        call = _Call(self.fqn.get(id(module), type(module).__name__), module, parent)
        call.pre_act = self.ls.live[ACT]
        call.input_mem = self._bytes_of(inputs)
        call.inputs = {rec.serial: rec for rec in (self.ls.record(t) for t in tensors_in(inputs)) if rec is not None}
        call.op_start = len(self.ops)
        call.force_store_random = not any(True for _ in tensors_in(inputs))
        self.fw_stack.append(call)
        self.calls.append(call)
        if module is self.model and self.root_call is None:
            self.root_call = call
        for t in tensors_in(inputs):
            h = on_grad_ready(t, functools.partial(self.post_bw, call))
            if h is not None:
                self.handles.append(h)

    def post_fw(self, module: torch.nn.Module, inputs: Any, output: Any) -> None:
        call = self.fw_stack[-1]
        if call is self.root_call:
            # The root ends after the loss (run() closes it). Hold no reference
            # to its output here: the plain step frees the output once the loss
            # is computed, and a reference would keep it alive through backward.
            return
        self.fw_stack.pop()
        self.end_fw(call, output)

    def end_fw(self, call: _Call, output: Any) -> None:
        call.post_act = self.ls.live[ACT]
        call.post_records = self.ls.live_records(ACT)
        call.output_mem = self._bytes_of(output)
        call.op_end = len(self.ops)
        self.fw_post.append(call)
        for t in tensors_in(output):
            h = on_grad_ready(t, functools.partial(self.pre_bw, call))
            if h is not None:
                self.handles.append(h)

    def _count_freed_inputs(self) -> None:
        # Inputs that are dead when the forward ends (nothing saved them: a copy
        # was saved instead, as 1.13's attention does) are kept alive until the
        # backward by checkpointing the module, which needs them to recompute:
        # they do not count as discardable. Checked here, not at the module's
        # end: the caller's local variable still holds them then.
        self.live_at_fw_end = self.ls.live_serials()
        for call in self.calls:
            call.inputs_freed = sum(rec.nbytes for rec in call.inputs.values() if rec.refs <= 0)
            call.inputs = {}

    def pre_bw(self, call: _Call) -> None:
        if call.pre_bw is not None:
            return
        for a in reversed(call.ancestors()):
            self.pre_bw(a)
        self._sweep_grads()
        call.act_at_bw = self.ls.bytes_still_live(call.post_records)
        call.post_records = []
        call.pre_bw = call.peak_bw = self.ls.snapshot()
        call.local_peak = self.ls.total
        self.bw_active.append(call)
        self.bw_pre.append(call)

    def post_bw(self, call: _Call) -> None:
        if call.bw_done:
            return
        if call.pre_bw is None:
            self.pre_bw(call)
        for c in list(reversed(self.bw_active)):
            if call in c.ancestors():
                self.post_bw(c)
        call.bw_done = True
        if call in self.bw_active:
            self.bw_active.remove(call)
        self.bw_post.append(call)

    # --- the step ---------------------------------------------------------
    def run(self, args: tuple, loss_fn: Callable) -> None:
        for p in self.params:
            self.ls.see(p, PARAM)
            self.handles.append(p.register_hook(lambda g: self.ls.recategorize(g, GRAD)))
        for b in self.model.buffers():
            self.ls.see(b, ACT)
        for t in tensors_in(args):
            self.ls.see(t, ACT)
        for m in self.model.modules():
            self.handles.append(_ForwardWrapper(self, m))
        try:
            with self, torch.autograd.graph.saved_tensors_hooks(self.pack, lambda t: t):
                output = _inputs.run_model(self.model, args, _WHERE)
                self.in_loss, self.loss_peak = True, self.ls.live[ACT]
                loss = _inputs.check_loss(loss_fn(output), _WHERE)
                self.in_loss = False
                # The model's output dies here in a plain step (unless autograd
                # saved it): drop it before the root's activations are read.
                del output
                root = self.fw_stack.pop()
                self.end_fw(root, loss)
                self._count_freed_inputs()
                self.pre_bw(root)
                self.in_backward = True
                loss.backward()
                del loss
                self._sweep_grads()
                for c in list(reversed(self.bw_active)):
                    self.post_bw(c)
                final = self.ls.snapshot()
                for c in self.calls:
                    c.post_records = []
                    if c.pre_bw is None:
                        c.pre_bw = c.peak_bw = final
                        self.bw_pre.append(c)
                    if not c.bw_done:
                        c.bw_done = True
                        self.bw_post.append(c)
        finally:
            for h in self.handles:
                h.remove()
            self.handles.clear()


def _row(c: _Call) -> int:
    """The memory of the call's backward row in sac_milp's peak: TG + AG + TA."""
    assert c.pre_bw is not None and c.peak_bw is not None
    return c.pre_bw[GRAD] + (c.peak_bw[TEMP] - c.pre_bw[TEMP]) + _act_total(c)  # the root: one call


def _act_grad(col: "_Collector", c: _Call) -> int:
    """sac_milp's AG: the backward temporaries at the module's peak; for the root
    also the loss's forward peak above act_total (its row is the only one that
    comes after every module's forward, with every discard made)."""
    assert c.pre_bw is not None and c.peak_bw is not None
    ag = c.peak_bw[TEMP] - c.pre_bw[TEMP]
    if c is col.root_call:
        ag = max(ag, col.loss_peak - _act_total(c))
    return ag


def _act_total(c: _Call) -> int:
    return c.post_act if c.act_at_bw is None else c.act_at_bw


def _choose_calls(col: _Collector) -> dict[str, _Call]:
    """One call per module (torchvision calls one ReLU several times per block;
    the reader refuses repeated names): the call with the largest memory row,
    among the calls made inside the chosen call of the enclosing module."""
    chosen: dict[str, _Call] = {}
    by_fqn: dict[str, list[_Call]] = {}
    for c in col.calls:
        by_fqn.setdefault(c.fqn, []).append(c)
    for fqn, calls in by_fqn.items():  # pre-order: an enclosing module comes first
        inside = [c for c in calls if c.parent is None or chosen.get(c.parent.fqn) is c.parent]
        chosen[fqn] = max(inside or calls, key=_row)
    return chosen


def _mod_stats(col: _Collector, c: _Call, fw_ms: float, bw_ms: float) -> dict:
    assert c.pre_bw is not None and c.peak_bw is not None
    act_fw = max(0, c.post_act - c.pre_act - c.output_mem - c.inputs_freed)
    stats: dict[str, Any] = {
        "fqn": c.fqn,
        "param_per_module": sum(p.numel() * p.element_size() for p in c.module.parameters()),
        "grad_per_module": sum(p.numel() * p.element_size() for p in c.module.parameters() if p.requires_grad),
        "grad_total": c.pre_bw[GRAD],
        "act_fw_per_module": act_fw,
        "act_bw_per_module": max(0, c.peak_bw[ACT]),
        "act_grad_per_module": _act_grad(col, c),
        "act_total": _act_total(c),
        "input_per_module": c.input_mem,
        "output_per_module": c.output_mem,
        "fw_runtime_per_module": fw_ms,
        "bw_runtime_per_module": bw_ms,
    }
    ops = col.ops[c.op_start : c.op_end]
    has_children = any(True for _ in c.module.children())
    sac = sac_stats(ops, col.saved, c.force_store_random, live_at_backward=col.live_at_fw_end) if has_children and ops else None
    if sac is None or sum(sac.memory) == 0 or sum(sac.runtimes) <= 0:
        # A leaf, or a module with nothing to discard (ViT's heads): written as a
        # leaf, since a non-leaf needs sac_memory > 0.
        stats.update(is_leaf=True, sac_runtime=0, sac_memory=0, n_segments=0, slopes=[], intercepts=[],
                     breakpoints=[], tradeoff_curve={})
        return stats
    curve = tradeoff_curve(sac)
    n, slopes, intercepts, breaks = piecewise_fit(curve)
    stats.update(
        is_leaf=False,
        sac_runtime=sum(sac.runtimes),
        # The module's operators allocate at least what stays alive after it (up
        # to its output); max() only guards rounding, so the reader never warns.
        sac_memory=max(sum(sac.memory), act_fw),
        n_segments=n,
        slopes=slopes,
        intercepts=intercepts,
        breakpoints=breaks,
        tradeoff_curve={repr(k): v for k, v in curve.items()},
        sac_stats=sac.as_dict(),
    )
    return stats


def collect_module_info(model: Any, example_inputs: Any, loss_fn: Optional[Callable] = None, *, warmup: int = 1) -> dict:
    """PyTorch's ModuleInfo (aggregate_stats) of one training step of `model`.

    example_inputs: a tensor or a tuple of the model's positional arguments.
    loss_fn(output) -> scalar tensor; default: the mean squared output (an MSE
    to zeros) summed over the output's floating-point tensors. The loss counts
    in the root module. Runs `warmup` plain steps first (operator timings of a
    first call are not representative), then one measured step; the model's
    gradients, buffers and the RNG state are left as they were.
    Each non-leaf module's stats also carry "sac_stats" (PyTorch's SACStats of
    its forward operators), which apply_plan uses; readers ignore the key.
    """
    model = _inputs.check_model(model, _WHERE)
    args = _inputs.as_args(example_inputs, _WHERE)
    loss_fn = loss_fn or _inputs.default_loss
    if not callable(loss_fn):
        raise TypeError(f"{_WHERE}: loss_fn must be callable, got {type(loss_fn).__name__}")
    with _inputs.preserved_state(model):
        step = _inputs.make_step(model, args, loss_fn, _WHERE)
        for _ in range(warmup):
            step()
            for p in model.parameters():
                p.grad = None
        col = _Collector(model)
        col.run(args, loss_fn)
        for p in model.parameters():
            p.grad = None
    chosen = _choose_calls(col)
    fw_ms: dict[str, float] = {}
    bw_ms: dict[str, float] = {}
    for c in col.calls:
        fw_ms[c.fqn] = fw_ms.get(c.fqn, 0.0) + c.fw_ms
        bw_ms[c.fqn] = bw_ms.get(c.fqn, 0.0) + c.bw_ms

    def order(calls: list[_Call]) -> list[str]:
        return [c.fqn for c in calls if chosen[c.fqn] is c]

    mod_order = {
        "fw_pre_order": order(col.calls),
        "bw_pre_order": order(col.bw_pre),
        "fw_post_order": order(col.fw_post),
        "bw_post_order": order(col.bw_post),
    }
    mod_stats = [_mod_stats(col, chosen[f], fw_ms[f], bw_ms[f]) for f in mod_order["fw_pre_order"]]
    return {"mod_order": mod_order, "mod_stats": mod_stats}
