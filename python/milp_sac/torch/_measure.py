"""measure_peak: the peak of live tensor bytes during one call of step()."""
from __future__ import annotations

from typing import Any, Callable, Optional

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from ._ops import fix_wrapped_number, unwrap_number_args
from ._storage import ACT, PARAM, LiveStorages, tensors_in


class _PeakMode(TorchDispatchMode):
    """Storages that exist before the step (parameters, inputs, buffers) are
    found when an operator first reads them and count from the start; the
    others count from the operator that allocates them until they die."""

    def __init__(self) -> None:
        super().__init__()
        self.ls = LiveStorages()
        self.ls.on_free = self._freed
        self.clock = 0
        self.new_live: list[int] = [0]  # live bytes of storages made in the step, after each operator
        self.pre_total = 0  # bytes of the pre-existing storages found
        self.pre_deaths: list[tuple[int, int]] = []  # (clock, bytes) of those that died
        self._pre_serials: set[int] = set()

    def _freed(self, rec: Any) -> None:
        if rec.serial in self._pre_serials:
            self.pre_deaths.append((self.clock, rec.nbytes))

    def pack(self, t: torch.Tensor) -> torch.Tensor:
        self.ls.see(t, ACT)
        return t

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        kwargs = kwargs or {}
        args = unwrap_number_args(func, args)
        for t in tensors_in((args, kwargs)):
            rec, new = self.ls.see(t, PARAM)
            if new and rec is not None:
                self._pre_serials.add(rec.serial)
                self.pre_total += rec.nbytes
        out = fix_wrapped_number(func, args, func(*args, **kwargs))
        for t in tensors_in(out):
            self.ls.see(t, ACT)
        self.clock += 1
        self.new_live.append(self.ls.live[ACT])
        return out

    def result(self) -> int:
        """max over time of (new storages live) + (pre-existing storages not yet dead);
        a pre-existing storage that dies at clock c counts up to new_live[c]."""
        deaths = sorted(self.pre_deaths)
        alive_pre, d, best = self.pre_total, 0, 0
        for t, live in enumerate(self.new_live):
            while d < len(deaths) and deaths[d][0] < t:
                alive_pre -= deaths[d][1]
                d += 1
            best = max(best, live + alive_pre)
        return best


def measure_peak(step: Callable[[], Any], device: Optional[Any] = None) -> int:
    """Peak bytes of live tensors during one call of step(), on CPU by following
    storages in a TorchDispatchMode (tensors that exist before the step, such
    as parameters and inputs, count when an operator reads them; tensors no
    operator touches do not count). On CUDA (device="cuda" or a cuda device),
    torch.cuda.max_memory_allocated over the call instead.
    """
    if not callable(step):
        raise TypeError(f"measure_peak: step must be callable, got {type(step).__name__}")
    dev = torch.device(device) if device is not None else torch.device("cpu")
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)
        torch.cuda.reset_peak_memory_stats(dev)
        step()
        torch.cuda.synchronize(dev)
        return int(torch.cuda.max_memory_allocated(dev))
    mode = _PeakMode()
    with mode, torch.autograd.graph.saved_tensors_hooks(mode.pack, lambda t: t):
        step()
    return mode.result()
