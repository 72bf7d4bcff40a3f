"""autograd_graph: the graph `milp-sac analyze` reads (docs/formats.md#autograd-graph),
recorded from one real training step at the level of the aten operators.

One forward, loss and backward run under a TorchDispatchMode (every aten
operator, as the dispatcher sees it, forward and backward alike) and a
saved-tensors hook (what autograd really keeps for backward). Nodes:

  placeholder  each parameter ("param:fqn"), buffer ("buffer:fqn") and tensor
               of example_inputs ("input:i") an operator reads;
  forward      each output tensor of each operator run by the model;
  loss         each output of the operators run by loss_fn (ColossalAI's
               stage: tensors that feed the loss are not counted as saved);
  backward     each output of each operator autograd runs in loss.backward().

out_bytes is the bytes of storage the output allocates, so every storage
counts once: a view (an output that shares an earlier tensor's storage) is no
node of its own, its users use the node that holds the storage; an in-place
operator (it returns the tensor it wrote: relu_, add_, the copy_ that
AccumulateGrad writes a gradient with) is a node that takes the storage's
bytes over from the node that held them, so the storage lives until the last
user of its last writer. `saved` marks the node holding a storage autograd
saved (a saved view marks its base's). inputs are the nodes of the operator's tensor
arguments. No FLOP counts are given. The semantics of the figures analyze
derives are ColossalAI's (src/analysis/graph_info.h); how close they come to
measured memory is in docs/torch.md.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from . import _inputs
from ._ops import fix_wrapped_number
from ._storage import storage_of, tensors_in

_WHERE = "autograd_graph"


class _Recorder(TorchDispatchMode):
    """Nodes in execution order; tensors are matched to their node by object
    identity first (the dispatcher hands the same Python tensor to every user),
    then by storage (a saved tensor unpacked for backward, a view)."""

    def __init__(self, named: dict[int, str]) -> None:
        super().__init__()
        self.nodes: list[dict] = []
        self.stage = "forward"
        self._named = named  # id(tensor) -> placeholder name, for parameters, buffers, inputs
        self._by_id: dict[int, str] = {}
        self._by_storage: dict[int, str] = {}  # storage _cdata -> the node that allocated it
        self._keep: list[Any] = []  # tensors (and storages) whose ids and addresses must stay unique
        self._saved: set[str] = set()
        self._count = 0
        self._nodes_by_name: dict[str, dict] = {}
        self._bytes: dict[str, int] = {}  # bytes of the storage each node holds now

    def _placeholder(self, t: torch.Tensor) -> str:
        name = self._named.get(id(t))
        if name is None:  # a constant made outside the model (a tensor captured by a closure)
            name = f"const:{len(self.nodes)}"
        st = storage_of(t)
        stage, self.stage = self.stage, "placeholder"
        self._add(name, int(st.nbytes()) if st is not None else 0, [])
        self.stage = stage
        self._remember(t, name, st, owns=True)
        return name

    def _remember(self, t: torch.Tensor, name: str, st: Any, owns: bool) -> None:
        self._by_id[id(t)] = name
        self._keep.append(t)
        if st is not None and (owns or st._cdata not in self._by_storage):
            self._by_storage[st._cdata] = name
            self._keep.append(st)

    def node_of(self, t: torch.Tensor) -> str:
        name = self._by_id.get(id(t))
        if name is not None:
            return name
        st = storage_of(t)
        if st is not None and st._cdata in self._by_storage:
            return self._by_storage[st._cdata]
        return self._placeholder(t)

    def pack(self, t: torch.Tensor) -> torch.Tensor:
        """Saved-tensors hook: mark the node that allocated t's storage."""
        st = storage_of(t)
        owner = self._by_storage.get(st._cdata) if st is not None else None
        self._saved.add(owner if owner is not None else self.node_of(t))
        return t

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        kwargs = kwargs or {}
        inputs: list[str] = []
        for t in tensors_in((args, kwargs)):
            name = self.node_of(t)
            if name not in inputs:
                inputs.append(name)
        arg_ids = {id(t) for t in tensors_in((args, kwargs))}
        out = fix_wrapped_number(func, args, func(*args, **kwargs))
        op = str(func.overloadpacket.__name__)
        self._count += 1
        for k, t in enumerate(tensors_in(out)):
            name = f"{self.stage[0]}{self._count}.{op}" + (f".{k}" if k else "")
            st = storage_of(t)
            holder = self._by_storage.get(st._cdata) if st is not None else None
            if holder is None:  # a new storage
                self._add(name, int(st.nbytes()) if st is not None else 0, inputs)
                self._remember(t, name, st, owns=True)
            elif id(t) in arg_ids:  # in place: this node now holds the storage
                self._add(name, self._bytes.pop(holder, 0), [i for i in inputs if i != holder])
                self._nodes_by_name[holder]["out_bytes"] = 0
                if holder in self._saved:
                    self._saved.discard(holder)
                    self._saved.add(name)
                self._remember(t, name, st, owns=True)
            else:  # a view: its users use the node holding the storage
                self._by_id[id(t)] = holder
                self._keep.append(t)
        return out

    def _add(self, name: str, nbytes: int, inputs: list[str]) -> None:
        node = {"name": name, "stage": self.stage, "saved": False, "out_bytes": nbytes, "inputs": list(inputs)}
        self.nodes.append(node)
        self._nodes_by_name[name] = node
        self._bytes[name] = nbytes

    def graph(self) -> dict:
        for node in self.nodes:
            node["saved"] = node["name"] in self._saved
        return {"nodes": self.nodes}


def _named_tensors(model: torch.nn.Module, args: tuple) -> dict[int, str]:
    named: dict[int, str] = {}
    for fqn, p in model.named_parameters():
        named[id(p)] = f"param:{fqn}"
    for fqn, b in model.named_buffers():
        named[id(b)] = f"buffer:{fqn}"
    for i, t in enumerate(tensors_in(args)):
        named.setdefault(id(t), f"input:{i}")
    return named


def autograd_graph(model: Any, example_inputs: Any, loss_fn: Optional[Callable] = None) -> dict:
    """The autograd graph of one training step of `model` on `example_inputs`
    (docs/formats.md#autograd-graph), for milp_sac.analyze_graph or
    `milp-sac analyze`.

    loss_fn(output) -> scalar tensor; default: the mean squared output (as
    collect_module_info). The step runs once, forward, loss and backward; the
    model's gradients, buffers (batch-norm statistics) and RNG state are left
    as they were.
    """
    model = _inputs.check_model(model, _WHERE)
    args = _inputs.as_args(example_inputs, _WHERE)
    loss_fn = loss_fn or _inputs.default_loss
    if not callable(loss_fn):
        raise TypeError(f"{_WHERE}: loss_fn must be callable, got {type(loss_fn).__name__}")
    recorder = _Recorder(_named_tensors(model, args))
    with _inputs.preserved_state(model):
        with recorder, torch.autograd.graph.saved_tensors_hooks(recorder.pack, lambda t: t):
            output = _inputs.run_model(model, args, _WHERE)
            recorder.stage = "loss"
            loss = _inputs.check_loss(loss_fn(output), _WHERE)
            recorder.stage = "backward"
            loss.backward()
        del output, loss
        return recorder.graph()
