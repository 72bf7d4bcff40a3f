"""A module's SACStats (per operator) and its trade-off curve, as PyTorch's SACEstimator.

The greedy order (always-recomputed views first, then candidates by memory per
millisecond, largest first, then the always-stored ops) gives the curve of
recomputation time against discarded memory; a continuous piecewise-linear fit
of it (PyTorch uses pwlf; here an exact search of the breakpoint among the
curve's points, least squares) gives slopes, intercepts and breakpoints.
"""
from __future__ import annotations

import sys
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Optional

import numpy as np


@dataclass
class OpRecord:
    """One forward operator, as the collector saw it."""

    name: str
    runtime_ms: float
    new_bytes: int  # bytes of the storages this operator allocated
    out_keys: tuple  # storage identities of its tensor outputs
    view: bool
    inplace: bool
    rand: bool


@dataclass
class SacStats:
    """PyTorch's SACStats (field names as there), JSON-ready via as_dict()."""

    func_names: list[str]
    runtimes: list[float]
    memory: list[int]
    view_like_ops: list[int]
    rand_ops: list[int]
    saved_autograd_ops: list[int]
    inplace_ops: list[list[int]]
    force_store_random: bool
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "func_names": self.func_names,
            "runtimes": self.runtimes,
            "memory": self.memory,
            "view_like_ops": self.view_like_ops,
            "rand_ops": self.rand_ops,
            "saved_autograd_ops": self.saved_autograd_ops,
            "inplace_ops": self.inplace_ops,
            "force_store_random": self.force_store_random,
        }


def sac_stats(
    ops: list[OpRecord],
    saved_keys: set,
    force_store_random: bool,
    live_at_backward: Optional[set] = None,
) -> SacStats:
    """SACStats of one module from its forward operators (in order).
    live_at_backward: the storage keys still alive when the forward ends (None:
    not known)."""
    # An operator that allocates nothing and is not in place returns an alias
    # of an existing storage (_unsafe_view, _reshape_alias: not views by their
    # schema): keeping it would pin that storage for free, so it is recomputed
    # like a view.
    aliasing = [o.view or (not o.inplace and o.new_bytes == 0 and bool(o.out_keys)) for o in ops]
    memory = [0 if a else o.new_bytes for a, o in zip(aliasing, ops)]
    inplace_ops = []
    for k, o in enumerate(ops):
        if o.inplace:
            wanted = set(o.out_keys)
            parent = next((j for j in range(k) if wanted and wanted <= set(ops[j].out_keys)), k)
            inplace_ops.append([k, parent])
    view_like = [k for k, a in enumerate(aliasing) if a]
    # The last operator (not a view, not in place) makes the module's output.
    # When a later operator saves that output (it is alive when the forward
    # ends), keeping it costs nothing. When nothing does (a residual add reads
    # it and lets it go), keeping it holds it until the backward: its bytes
    # count, or the policy would keep it "for free" and discard less than
    # planned. Not known: counted.
    skip = set(view_like) | {k for k, _ in inplace_ops}
    last = len(ops) - 1
    while last in skip:
        last -= 1
    if last >= 0 and live_at_backward is not None and ops[last].out_keys \
            and set(ops[last].out_keys) <= live_at_backward:
        memory[last] = 0
    return SacStats(
        func_names=[o.name for o in ops],
        runtimes=[o.runtime_ms for o in ops],
        memory=memory,
        view_like_ops=view_like,
        rand_ops=[k for k, o in enumerate(ops) if o.rand],
        saved_autograd_ops=[k for k, o in enumerate(ops) if o.out_keys and set(o.out_keys) <= saved_keys],
        inplace_ops=inplace_ops,
        force_store_random=force_store_random,
    )


def _groups(stats: SacStats) -> tuple[dict[int, set[int]], dict[int, int]]:
    head_of = {op: parent for op, parent in stats.inplace_ops}
    groups: dict[int, set[int]] = {}
    for op, head in head_of.items():
        groups.setdefault(head, {head}).add(op)
    return groups, head_of


def tradeoff_curve(stats: SacStats) -> "OrderedDict[float, float]":
    """Discarded memory / total -> recomputation time / total, in the greedy order."""
    total_mem, total_time = sum(stats.memory), sum(stats.runtimes)
    groups, head_of = _groups(stats)
    rand = set(stats.rand_ops)
    rand_head = min(rand) if rand else -1
    stored: set[int] = set()
    if rand and stats.force_store_random:
        stored.add(rand_head)
    recomputed = set(stats.view_like_ops)
    for head, group in groups.items():
        if head in head_of or (stats.force_store_random and group & rand):
            stored.add(head)
    candidates = set(groups) - stored
    if rand and rand_head not in stored:
        candidates.add(rand_head)
    candidates |= set(range(len(stats.memory))) - recomputed - stored - set(head_of) - rand

    def members(i: int) -> set[int]:
        out = {i} | groups.get(i, set())
        if rand and i == rand_head:
            out |= rand
        return out

    def cost(indices: set[int]) -> tuple[int, float]:
        return sum(stats.memory[i] for i in indices), sum(stats.runtimes[i] for i in indices)

    order = []
    for c in candidates:
        mem, time = cost(members(c))
        order.append((mem / time if time > 0 else sys.float_info.max, c, mem, time))
    order.sort(key=lambda e: (-e[0], e[1]))  # ties by index: deterministic
    delta = 1e-2
    curve: "OrderedDict[float, float]" = OrderedDict()
    mem, time = cost(set().union(*(members(i) for i in recomputed)) if recomputed else set())
    curve[mem / total_mem + delta] = time / total_time
    for _, _, m, t in order:
        mem, time = mem + m, time + t
        curve[mem / total_mem + delta] = time / total_time
    m, t = cost(set().union(*(members(i) for i in stored)) if stored else set())
    curve[(mem + m) / total_mem + delta] = (time + t) / total_time
    return curve


def _hinge_fit(x: np.ndarray, y: np.ndarray, breaks: list[float]) -> tuple[np.ndarray, float]:
    cols = [np.ones_like(x), x - breaks[0]] + [np.maximum(0.0, x - b) for b in breaks[1:-1]]
    a = np.stack(cols, axis=1)
    beta, *_ = np.linalg.lstsq(a, y, rcond=None)
    resid = float(np.sum((a @ beta - y) ** 2))
    return beta, resid


def piecewise_fit(curve: "OrderedDict[float, float]", n_segments: int = 2) -> tuple[int, list[float], list[float], list[float]]:
    """(n_segments, slopes, intercepts, breakpoints) of a continuous piecewise-linear
    fit of the curve, shifted as PyTorch does (x without its last point, y
    without its first) so that the fit bounds recomputation time from above."""
    xs, ys = list(curve.keys()), list(curve.values())
    x = np.array(xs[:-1], dtype=float)
    y = np.array(ys[1:], dtype=float)
    if len(x) < 2 or float(np.ptp(x)) == 0.0:
        # One point: a constant line through it.
        level = float(y.max()) if len(y) else 0.0
        lo = float(x.min()) if len(x) else 0.0
        return 1, [0.0], [level], [lo, lo]
    n = max(min(len(x) - 2, n_segments), 1)
    lo, hi = float(x.min()), float(x.max())
    best: Optional[tuple[float, list[float], np.ndarray]] = None
    if n == 1:
        beta, resid = _hinge_fit(x, y, [lo, hi])
        best = (resid, [lo, hi], beta)
    else:
        # One interior breakpoint (n == 2): try every point strictly inside and the midpoints.
        inner = sorted(set(x.tolist()) | set(((x[:-1] + x[1:]) / 2).tolist()))
        inner = [b for b in inner if lo < b < hi]
        n = 2 if inner else 1
        for b in inner or [None]:
            breaks = [lo, b, hi] if b is not None else [lo, hi]
            beta, resid = _hinge_fit(x, y, breaks)
            if best is None or resid < best[0] - 1e-15:
                best = (resid, breaks, beta)
    assert best is not None  # the loops above always fit at least once
    _, breaks, beta = best
    slopes = np.cumsum(beta[1:]).tolist()
    # Segment s is y = slopes[s] * x + intercepts[s].
    intercepts = [float(beta[0] - beta[1] * breaks[0])]
    for s in range(1, len(slopes)):
        intercepts.append(intercepts[-1] + (slopes[s - 1] - slopes[s]) * breaks[s])
    return len(slopes), [float(v) for v in slopes], intercepts, [float(b) for b in breaks]
