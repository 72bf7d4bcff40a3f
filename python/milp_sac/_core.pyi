"""Type stubs of milp_sac._core, the pybind11 extension (python/src/*.cpp).

Internal: the public API is the milp_sac package, which wraps these functions.
Results are plain dicts of JSON-like values (the CLI's JSON, as Python objects).
python/tests/test_stubs.py checks that this file names what the module defines.
"""
from typing import Any, Callable

import numpy as np
from numpy.typing import NDArray

__version__: str
version_info: tuple[int, int, int]

class SacArgs:
    budget_gib: float
    world_size: int
    ac_units: list[str] | None
    fsdp_units: list[str] | None
    relative_gap: float
    time_limit_seconds: float
    progress: Callable[[dict[str, Any]], None] | None
    cancel: CancelToken | None
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
    progress: Callable[[dict[str, Any]], None] | None
    cancel: CancelToken | None
    def __init__(self) -> None: ...

# Every numeric option's record (src/common/options.h), keyed "sac.gap",
# "time_limit", ...: name, default, unit, range and help.
option_records: dict[str, dict[str, Any]]

class MemoryPlot:
    def svg(self) -> str: ...

class SweepPlot:
    def svg(self) -> str: ...

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
def solve_mps(
    path: str, gap: float, time_limit: float, node_limit: int = ..., max_model_memory: float = ...,
    callback: Callable[[dict[str, Any]], None] | None = ..., cancel: CancelToken | None = ...
) -> dict[str, Any]: ...
# The JSON text of `milp-sac shard` (milp_sac.propose_sharding parses it).
def propose_sharding_text(
    text: str, source: str, variant: str, storage_reservation: float | None, time_limit: float,
    proposals: bool, exact: bool
) -> str: ...
def propose_sharding_file(
    path: str, variant: str, storage_reservation: float | None, time_limit: float, proposals: bool, exact: bool
) -> str: ...

# The solver's in-memory model and its solve (bind_model.cpp).
class CancelToken:
    cancelled: bool
    def __init__(self) -> None: ...
    def cancel(self) -> None: ...

class Model:
    maximize: bool
    objective_offset: float
    num_cols: int
    num_rows: int
    num_entries: int
    cost: NDArray[np.float64]
    col_lower: NDArray[np.float64]
    col_upper: NDArray[np.float64]
    integrality: NDArray[np.int32]
    row_lower: NDArray[np.float64]
    row_upper: NDArray[np.float64]
    col_names: list[str]
    row_names: list[str]
    def __init__(self) -> None: ...
    def add_col(
        self, cost: float, lower: float, upper: float, integer: bool, name: str, rows: list[int], values: list[float]
    ) -> int: ...
    def add_cols(self, cost: NDArray[Any], lower: NDArray[Any], upper: NDArray[Any], integer: NDArray[Any]) -> int: ...
    def add_row(self, lower: float, upper: float, cols: list[int], values: list[float], name: str) -> int: ...
    def add_rows(
        self, lower: NDArray[Any], upper: NDArray[Any], indptr: NDArray[Any], indices: NDArray[Any], data: NDArray[Any]
    ) -> int: ...
    def set_cost(self, column: int, value: float) -> None: ...
    def csr(self) -> tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.float64]]: ...
    def write_mps(self, path: str) -> None: ...

def read_mps(path: str) -> Model: ...
def solve_model(
    model: Model, gap: float, time_limit: float, node_limit: float, presolve: bool, max_model_memory: float,
    callback: Callable[[dict[str, Any]], None] | None, cancel: CancelToken | None
) -> dict[str, Any]: ...
def analyze_graph_text(text: str, source: str) -> dict[str, Any]: ...
def analyze_graph_file(path: str) -> dict[str, Any]: ...
def evaluate_plan(
    info: tuple[bool, str, str],
    plan: tuple[bool, str, str],
    column_map: tuple[bool, str, str] | None,
    world_size: int,
    budget_gib: float | None,
    ac_units: list[str] | None,
    fsdp_units: list[str] | None,
) -> dict[str, Any]: ...
