"""The other jobs: any LP/MILP from MPS, embedding sharding, autograd memory analysis."""
from __future__ import annotations

import json
import math
import sys
from typing import Any, Callable, Optional

from . import _core
from ._inputs import as_float, as_int, document_text, fspath, is_path
from ._options import default, options_doc
from ._progress import CancelToken, LogArg, ProgressEvent, check_cancel, event_sink


def solve_mps(
    path: Any,
    *,
    gap: float = default("solve.gap"),
    time_limit: float = default("time_limit"),
    node_limit: int | None = None,
    max_model_memory: float = default("max_model_memory"),
    log: LogArg = None,
    callback: Optional[Callable[[ProgressEvent], Any]] = None,
    cancel: Optional[CancelToken] = None,
) -> dict:
    """Solve an LP or MILP in MPS (fixed, free, .gz) as `milp-sac solve` does.

    Returns {'status', 'has_solution', 'objective', 'bound', 'gap', 'nodes',
    'seconds', 'read_seconds' (the part of 'seconds' spent reading the file),
    'x': {column: value}}, and for an LP solved to optimality also
    'row_duals': {row: value} and 'reduced_costs': {column: value} in the
    model's sense; 'warnings' lists what `milp-sac solve` warns (reader,
    coefficient ranges). ValueError (file and line named) on bad MPS, and on
    coefficients and model sizes the CLI refuses, with its message.
    log/callback/cancel as Model.solve (progress events, a CancelToken:
    status 'interrupted'); Ctrl-C raises KeyboardInterrupt with .result, this
    dict for the best solution found (status 'interrupted').
    """
    if not is_path(path):
        raise TypeError(f"solve_mps: expected a path, got {type(path).__name__}")
    limit = sys.maxsize if node_limit is None else as_int(node_limit, "node_limit")
    sink = event_sink(log, callback)
    token = check_cancel(cancel)
    return _core.solve_mps(
        fspath(path),
        as_float(gap, "gap"),
        as_float(time_limit, "time_limit"),
        limit,
        as_float(max_model_memory, "max_model_memory"),
        sink,
        token,
    )


def propose_sharding(
    plan_input: Any,
    *,
    variant: str = "1d",
    storage_reservation: Optional[float] = None,
    time_limit: Optional[float] = None,
    proposals: bool = False,
    exact: bool = False,
) -> dict:
    """Embedding sharding plan (the planner loop around the DP proposer), as `milp-sac shard`.

    plan_input: a path or the sharding input dict (topology, options, ...).
    The options are the CLI's:
      variant              '1d' (planned storage) or '2d' (HBM x DDR): `--2d`;
      storage_reservation  fraction of HBM kept free, in [0, 1) (default: the
                           input's, else 0.15): `--storage-reservation`;
      time_limit           seconds for the whole call, reading the input, the
                           planner loop and the exact selection (default
                           none): `--time-limit`;
      proposals            also the initial proposal and every DP proposal: `--proposals`;
      exact                also the selection solved exactly as a MILP: `--exact`.
    Returns the JSON of `milp-sac shard` as a dict (docs/json.md#shard, the
    same builder): status 'feasible' with tables (chosen option, shards and
    their devices), per-device use and TorchRec's summary under 'stats', or
    'infeasible' with the closest failure under 'unplaced' and its message,
    or 'time_limit' with only a message when the limit passed while the
    input was read.
    """
    reservation = None if storage_reservation is None else as_float(storage_reservation, "storage_reservation")
    limit = math.inf if time_limit is None else as_float(time_limit, "time_limit")
    args = (str(variant), reservation, limit, bool(proposals), bool(exact))
    if is_path(plan_input):
        return json.loads(_core.propose_sharding_file(fspath(plan_input), *args))
    text, source = document_text(plan_input, "plan_input")
    return json.loads(_core.propose_sharding_text(text, source, *args))


def analyze_graph(graph: Any) -> dict:
    """Liveness of an autograd graph (path or dict): fwd_mem_in, fwd_mem_tmp,
    bwd_mem_tmp, bwd_mem_out (bytes), fwd_flop, bwd_flop, as `milp-sac analyze`."""
    if is_path(graph):
        return _core.analyze_graph_file(fspath(graph))
    text, source = document_text(graph, "graph")
    return _core.analyze_graph_text(text, source)


solve_mps.__doc__ = (solve_mps.__doc__ or "") + options_doc("solve.gap", "time_limit", "node_limit", "max_model_memory")
