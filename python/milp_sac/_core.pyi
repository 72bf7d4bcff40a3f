"""Type stubs of milp_sac._core, the pybind11 extension (python/src/*.cpp).

Internal: the public API is the milp_sac package, which wraps these functions.
Results are plain dicts of JSON-like values (the CLI's JSON, as Python objects).
python/tests/test_stubs.py checks that this file names what the module defines.
"""
from typing import Any

__version__: str
version_info: tuple[int, int, int]

class SacArgs:
    budget_gib: float
    world_size: int
    ac_units: list[str] | None
    fsdp_units: list[str] | None
    relative_gap: float
    time_limit_seconds: float
    def __init__(self) -> None: ...

class SweepArgs:
    world_size: int
    ac_units: list[str] | None
    fsdp_units: list[str] | None
    from_gib: float | None
    to_gib: float | None
    points: int
    max_breakpoints: int
    relative_gap: float
    time_limit_seconds: float
    threads: int
    def __init__(self) -> None: ...

# Every numeric option's record (src/common/options.h), keyed "sac.gap",
# "time_limit", ...: name, default, unit, range and help.
option_records: dict[str, dict[str, Any]]

def plan_sac_text(text: str, source: str, args: SacArgs) -> dict[str, Any]: ...
def plan_sac_file(path: str, args: SacArgs) -> dict[str, Any]: ...
def sweep_sac_text(text: str, source: str, args: SweepArgs) -> dict[str, Any]: ...
def sweep_sac_file(path: str, args: SweepArgs) -> dict[str, Any]: ...
def baseline_text(text: str, source: str) -> dict[str, Any]: ...
def baseline_file(path: str) -> dict[str, Any]: ...
def policy_text(text: str, source: str, budget: float, gap: float, time_limit: float) -> dict[str, Any]: ...
def policy_file(path: str, budget: float, gap: float, time_limit: float) -> dict[str, Any]: ...
def policy_sweep_text(text: str, source: str, gap: float, time_limit: float) -> dict[str, Any]: ...
def policy_sweep_file(path: str, gap: float, time_limit: float) -> dict[str, Any]: ...
def solve_mps(path: str, gap: float, time_limit: float, node_limit: int = ...) -> dict[str, Any]: ...
def propose_sharding_text(
    text: str, source: str, variant: str, storage_reservation: float | None, time_limit: float,
    proposals: bool, exact: bool
) -> dict[str, Any]: ...
def propose_sharding_file(
    path: str, variant: str, storage_reservation: float | None, time_limit: float, proposals: bool, exact: bool
) -> dict[str, Any]: ...
def analyze_graph_text(text: str, source: str) -> dict[str, Any]: ...
def analyze_graph_file(path: str) -> dict[str, Any]: ...
