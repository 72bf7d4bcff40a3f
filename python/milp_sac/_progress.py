"""Progress events, the `log=` bridge and Ctrl-C results shared by every solve call.

The C++ layer hands each event of the branch-and-bound (root LP, cut round,
new incumbent, periodic search snapshot) to the calling thread as a dict;
here it becomes a ProgressEvent for `callback=` and one line for `log=`
(True: the logging.getLogger("milp_sac") logger at INFO; a callable: called
with the line).
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from . import _core

LOGGER = logging.getLogger("milp_sac")

CancelToken = _core.CancelToken

LogArg = Union[None, bool, Callable[[str], Any]]


@dataclass(frozen=True)
class ProgressEvent:
    """One report of a running solve; values in the model's own sense.

    kind: 'root_lp' (bound is the root LP value), 'cut_round' (a root cut
    round ended), 'incumbent' (a better solution; found_by names the
    heuristic or 'node LP'), 'search' (the periodic snapshot, about once a
    second, and once at the end). incumbent/bound/gap are None while unknown
    (no solution yet, no finite bound). time: seconds since the solve began.
    budget_gib: in a budget sweep (sweep_sac), the budget of the point whose
    solve reports (with threads > 1 the points' events interleave); None
    elsewhere.
    """

    kind: str
    time: float
    nodes: int
    incumbent: Optional[float]
    bound: Optional[float]
    gap: Optional[float]
    found_by: Optional[str]
    open_nodes: int = 0
    lp_iterations: int = 0
    cut_round: Optional[int] = None
    cuts_added: Optional[int] = None
    budget_gib: Optional[float] = None


def _number(v: Optional[float]) -> str:
    return "-" if v is None or not math.isfinite(v) else f"{v:.10g}"


def format_event(e: ProgressEvent) -> str:
    """One log line: kind, time, nodes, incumbent, bound, gap (and what found it)."""
    gap = "-" if e.gap is None else f"{100.0 * e.gap:.4g}%"
    line = "" if e.budget_gib is None else f"budget {e.budget_gib:.6g} GiB  "
    line += (f"{e.kind:<9} {e.time:8.2f}s  nodes {e.nodes}  incumbent {_number(e.incumbent)}  "
            f"bound {_number(e.bound)}  gap {gap}")
    if e.found_by:
        line += f"  found by {e.found_by}"
    if e.cut_round is not None:
        line += f"  round {e.cut_round} (+{e.cuts_added} cuts)"
    return line


def event_sink(log: LogArg, callback: Optional[Callable[[ProgressEvent], Any]]) -> Optional[Callable[[dict], None]]:
    """What the C++ layer calls with each event dict; None when nobody listens."""
    if callback is not None and not callable(callback):
        raise TypeError(f"callback: expected a callable, got {type(callback).__name__}")
    if log is not None and not isinstance(log, bool) and not callable(log):
        raise TypeError(f"log: expected True, False or a callable, got {type(log).__name__}")
    write: Optional[Callable[[str], Any]] = None
    if log is True:
        write = LOGGER.info
    elif callable(log):
        write = log
    if write is None and callback is None:
        return None

    def sink(raw: dict) -> None:
        event = ProgressEvent(**raw)
        if write is not None:
            write(format_event(event))
        if callback is not None:
            callback(event)

    return sink


def check_cancel(cancel: Any) -> Optional[_core.CancelToken]:
    if cancel is not None and not isinstance(cancel, _core.CancelToken):
        raise TypeError(f"cancel: expected a milp_sac.CancelToken, got {type(cancel).__name__}")
    return cancel


def convert_interrupt_result(error: BaseException, convert: Callable[[dict], Any]) -> None:
    """Ctrl-C during a solve: the C++ layer put the raw result dict on the
    KeyboardInterrupt as .result; give it the caller's result type."""
    raw = getattr(error, "result", None)
    if isinstance(raw, dict):
        setattr(error, "result", convert(raw))
