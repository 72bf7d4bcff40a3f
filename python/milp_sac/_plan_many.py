"""plan_many: many SAC plans at once, on local threads or a dask.distributed cluster.

A sweep over models, budgets and world sizes is a list of independent
plan_sac calls. Locally they run on threads: the solver releases the GIL, so
threads solve in parallel. Given a dask.distributed Client, each call is one
task on the cluster (how a user spreads thousands of configurations over
machines); dask is imported only then. Either way the results come back in
the order of the configurations and are those of serial plan_sac calls (same
status, plan, peak and recompute time; `seconds` is the only field that
differs), since every call is independent and the solver is deterministic
within its limits.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterable, Optional

from ._inputs import as_int, is_path
from ._sac import SacResult, plan_sac

# plan_sac's keyword options a configuration may carry.
_OPTIONS = ("ac_units", "fsdp_units", "gap", "time_limit", "warn")


def _config(index: int, config: Any) -> tuple[Any, Any, Any, dict]:
    """(module_info, budget, world_size, options) of one configuration: a
    tuple (module_info, budget_gib, world_size[, options]) or a dict with keys
    module_info, memory_budget, world_size (default 1) and plan_sac options."""
    where = f"configs[{index}]"
    if isinstance(config, dict):
        unknown = sorted(set(config) - {"module_info", "memory_budget", "world_size", *_OPTIONS})
        if unknown:
            raise ValueError(f"{where}: unknown key {unknown[0]!r}")
        if "module_info" not in config or "memory_budget" not in config:
            raise ValueError(f"{where}: expected keys module_info and memory_budget")
        options = {k: config[k] for k in _OPTIONS if k in config}
        return config["module_info"], config["memory_budget"], config.get("world_size", 1), options
    if not isinstance(config, (tuple, list)) or len(config) not in (3, 4):
        raise ValueError(f"{where}: expected (module_info, budget_gib, world_size[, options]), got {config!r:.80}")
    options = dict(config[3]) if len(config) == 4 and config[3] is not None else {}
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise ValueError(f"{where}: unknown option {unknown[0]!r} (plan_sac takes {', '.join(_OPTIONS)})")
    return config[0], config[1], config[2], options


def _plan_one(module_info: Any, budget: Any, world_size: Any, options: dict) -> SacResult:
    return plan_sac(module_info, budget, world_size, **options)


def plan_many(configs: Iterable[Any], client: Any = None, threads: Optional[int] = None) -> list[SacResult]:
    """Plan every configuration; the results in input order.

    configs: (module_info, budget_gib, world_size) or (module_info,
    budget_gib, world_size, options) tuples, options being plan_sac's keyword
    arguments (ac_units, fsdp_units, gap, time_limit, warn); or dicts with the
    keys module_info, memory_budget, world_size and those options.
    module_info as for plan_sac (a path, a ModuleInfo dict, an ilp_utils.Graph).
    client: a dask.distributed Client; each configuration becomes one task
    (a ModuleInfo object shared by several configurations is sent to the
    cluster once; a path must be readable by the workers). Without one, the
    configurations are planned on `threads` local threads (default: the
    number of cores).
    A bad configuration raises ValueError before anything is planned; an
    error inside a plan (ValueError on bad input) is raised as plan_sac
    raises it (locally: that of the first failing configuration in input order).
    """
    parsed = [_config(i, c) for i, c in enumerate(configs)]
    if client is not None:
        return _on_cluster(client, parsed)
    workers = (os.cpu_count() or 1) if threads is None else as_int(threads, "threads")
    if workers < 1:
        raise ValueError(f"threads: expected at least 1, got {threads!r}")
    if not parsed:
        return []
    with ThreadPoolExecutor(max_workers=min(workers, len(parsed))) as pool:
        futures = [pool.submit(_plan_one, *c) for c in parsed]
        return [f.result() for f in futures]


def _on_cluster(client: Any, parsed: list[tuple[Any, Any, Any, dict]]) -> list[SacResult]:
    """One task per configuration on a dask.distributed Client."""
    try:
        import distributed  # noqa: F401 - lazily: dask is optional for milp_sac
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError("plan_many(client=...) needs dask.distributed (Debian: python3-distributed)") from e
    if not parsed:
        return []
    # A ModuleInfo object (not a path) shared by many configurations goes to
    # the cluster once; each task then refers to it.
    shared: dict[int, Any] = {}
    infos = []
    for info, _, _, _ in parsed:
        if is_path(info):
            infos.append(os.fspath(info))
            continue
        if id(info) not in shared:
            shared[id(info)] = client.scatter(info, broadcast=False)
        infos.append(shared[id(info)])
    futures = client.map(_plan_one, infos, [c[1] for c in parsed], [c[2] for c in parsed], [c[3] for c in parsed],
                         pure=False)
    return client.gather(futures)
