"""Turning what a Python caller holds into what the C++ readers read.

Every input goes to the library as JSON text (or a file path), never as
hand-built C++ structs: the readers behind `milp-sac` then validate it once,
with the same checks and the same error messages (file or source, module, field)
as the CLI, and a new field in a format needs no change here. The cost, one
json.dumps per call, is milliseconds even for models with thousands of modules.

Accepted shapes:
  - a path (str or os.PathLike): read by the C++ reader, errors name the file;
  - a dict (ModuleInfo, SACStats, sharding input, autograd graph);
  - for SAC, an object shaped like PyTorch's ilp_utils.Graph (attributes
    nodes, fw_post_order; name2node and ad_matrix are not needed: the module
    tree comes from the fqns; an ad_matrix that is there must still be one
    finite row and column per node, or the Graph is broken: ValueError);
  - for the policy, an object with the SACStats attributes.
"""
from __future__ import annotations

import json
import math
import os
from typing import Any

SACSTATS_FIELDS = (
    "func_names",
    "runtimes",
    "memory",
    "view_like_ops",
    "rand_ops",
    "saved_autograd_ops",
    "inplace_ops",
    "force_store_random",
)

# Keys parse_module_info adds to each node that are not ModStats fields (the
# reader ignores unknown keys; dropping them keeps the JSON small).
_GRAPH_NODE_EXTRAS = ("index", "pos_fw_post_order")


def is_path(obj: Any) -> bool:
    return isinstance(obj, (str, os.PathLike))


def _plain(value: Any) -> Any:
    """json.dumps fallback for numpy scalars and arrays, tuples nested in objects."""
    if hasattr(value, "tolist"):  # numpy scalar or array, torch tensor
        return value.tolist()
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot convert {type(value).__name__} to JSON")


def _tradeoff_curve(curve: Any) -> Any:
    """OrderedDict[float, float] -> [[x, y], ...]: float keys would become
    strings in JSON (the reader accepts that too), pairs keep full precision."""
    if isinstance(curve, dict):
        return [[float(k), v] for k, v in curve.items()]
    return curve


def to_json(obj: Any) -> str:
    # allow_nan: the readers report NaN/Infinity by field name (json.dumps'
    # own error would not say which field).
    # Compact separators: the text is only parsed (6.2 -> 5.8 MB for an
    # 8,000-module Graph, the size of the ModuleInfo file it came from).
    return json.dumps(obj, default=_plain, allow_nan=True, separators=(",", ":"))


def _node_dict(node: Any) -> dict:
    out = {k: v for k, v in dict(node).items() if k not in _GRAPH_NODE_EXTRAS}
    if "tradeoff_curve" in out:
        out["tradeoff_curve"] = _tradeoff_curve(out["tradeoff_curve"])
    return out


def check_ad_matrix(matrix: Any, n: int) -> None:
    """ValueError unless `matrix` (nested lists, a numpy array, a tensor) is
    n x n with finite numbers: the ancestor-descendant matrix of n nodes.

    A numeric 2-D array (what PyTorch's Graph holds: np.zeros((n, n))) is
    checked by numpy in milliseconds; element by element in Python, 8,000
    modules took 16-20 s and 3 GB (64 million boxed floats). Anything numpy
    cannot turn into a numeric 2-D array (ragged lists, strings), or no numpy at
    all, takes the element-wise path, whose messages name the first bad entry;
    the fast path reports the same entry with the same words."""
    array = _numeric_2d_array(matrix)
    if array is None:
        _check_ad_matrix_elementwise(matrix, n)
        return
    rows, cols = array.shape
    if rows != n:
        raise ValueError(f"graph: ad_matrix: expected {n} x {n} (one row and column per node), got {rows} rows")
    if cols != n:
        raise ValueError(f"graph: ad_matrix[0]: expected {n} entries (one per node), got {cols}")
    if array.dtype.kind == "f":
        import numpy as np

        # A finite sum means every entry is finite, with no n x n temporary;
        # only a sum that is not (a bad entry, or an overflow) is searched.
        with np.errstate(over="ignore", invalid="ignore"):
            total = float(array.sum())
        if math.isfinite(total):
            return
        bad = np.flatnonzero(~np.isfinite(array))  # row-major: the first is the one the loop would find
        if bad.size:
            i, j = divmod(int(bad[0]), n)
            raise ValueError(
                f"graph: ad_matrix[{i}][{j}]: expected a finite number (0 or 1), got {array[i, j].item()!r}")


def _numeric_2d_array(matrix: Any) -> Any:
    """`matrix` as a numpy array of bools, integers or floats with two axes, or
    None (no numpy, or not such an array: the element-wise check decides)."""
    try:
        import numpy as np  # lazily: numpy is optional for milp_sac
    except ImportError:
        return None
    if hasattr(matrix, "numpy") and not isinstance(matrix, np.ndarray):
        try:  # a torch tensor: a view, no copy
            matrix = matrix.detach().cpu().numpy()
        except Exception:  # noqa: BLE001 - not a tensor after all: let the generic path decide
            pass
    try:
        array = np.asarray(matrix)
    except (ValueError, TypeError):  # ragged nested lists and the like
        return None
    if array.ndim != 2 or array.dtype.kind not in "biuf":
        return None
    return array


def _check_ad_matrix_elementwise(matrix: Any, n: int) -> None:
    rows = matrix.tolist() if hasattr(matrix, "tolist") else matrix
    try:
        rows = [list(row) for row in rows]
    except TypeError:
        raise ValueError(f"graph: ad_matrix: expected {n} x {n} (one row and column per node), "
                         f"got {type(matrix).__name__}") from None
    if len(rows) != n:
        raise ValueError(f"graph: ad_matrix: expected {n} x {n} (one row and column per node), got {len(rows)} rows")
    for i, row in enumerate(rows):
        if len(row) != n:
            raise ValueError(f"graph: ad_matrix[{i}]: expected {n} entries (one per node), got {len(row)}")
        for j, v in enumerate(row):
            if not isinstance(v, (int, float)) or not math.isfinite(v):
                raise ValueError(f"graph: ad_matrix[{i}][{j}]: expected a finite number (0 or 1), got {v!r}")


def module_info_from_graph(graph: Any) -> dict:
    """The ModuleInfo dict of an ilp_utils.Graph-like object.

    The Graph keeps its nodes in forward pre-order and fw_post_order; it has no
    backward orders, which the solver does not use: they are filled in as the
    reverses of the forward orders (what a backward pass over a module tree
    gives), so the reader's order checks pass.
    """
    nodes = [_node_dict(n) for n in graph.nodes]
    matrix = getattr(graph, "ad_matrix", None)
    if matrix is not None:
        check_ad_matrix(matrix, len(nodes))
    fw_pre = [n.get("fqn") for n in nodes]
    fw_post = list(getattr(graph, "fw_post_order", None) or [])
    return {
        "mod_order": {
            "fw_pre_order": fw_pre,
            "bw_pre_order": list(reversed(fw_post)),
            "fw_post_order": fw_post,
            "bw_post_order": list(reversed(fw_pre)),
        },
        "mod_stats": nodes,
    }


def module_info_text(obj: Any) -> tuple[str, str]:
    """(JSON text, source name) of a ModuleInfo dict or a Graph-like object."""
    if isinstance(obj, dict):
        info = dict(obj)
        if isinstance(info.get("mod_stats"), list):
            info["mod_stats"] = [_node_dict(m) if isinstance(m, dict) else m for m in info["mod_stats"]]
        return to_json(info), "module_info"
    if hasattr(obj, "nodes"):
        return to_json(module_info_from_graph(obj)), "graph"
    raise TypeError(
        "expected a path, a ModuleInfo dict (mod_order, mod_stats) or an ilp_utils.Graph-like "
        f"object (nodes, fw_post_order), got {type(obj).__name__}"
    )


def call_with_module_info(module_info: Any, from_file: Any, from_text: Any, args: Any) -> Any:
    """from_file(path, args) for a path, else from_text(text, source, args) on the
    JSON of a ModuleInfo dict or Graph-like object (module_info_text)."""
    if is_path(module_info):
        return from_file(fspath(module_info), args)
    text, source = module_info_text(module_info)
    return from_text(text, source, args)


def sac_stats_text(obj: Any) -> tuple[str, str]:
    """(JSON text, source name) of a SACStats dict or an object with its attributes."""
    if isinstance(obj, dict):
        return to_json(obj), "sac_stats"
    missing = [f for f in SACSTATS_FIELDS if not hasattr(obj, f)]
    if missing:
        raise TypeError(
            f"expected a path, a SACStats dict or an object with the SACStats attributes; "
            f"{type(obj).__name__} has no {', '.join(missing)}"
        )
    return to_json({f: getattr(obj, f) for f in SACSTATS_FIELDS}), "sac_stats"


def document_text(obj: Any, what: str) -> tuple[str, str]:
    if isinstance(obj, dict):
        return to_json(obj), what
    raise TypeError(f"expected a path or a dict for {what}, got {type(obj).__name__}")


def fspath(obj: Any) -> Any:
    """The path for the C++ side: a str, or the bytes of a name that is not
    UTF-8 (os.fsencode: a name from os.listdir holds its bytes as lone
    surrogates, which pybind11 cannot pass as a str). A lone surrogate that
    stands for no byte is a ValueError naming the path."""
    path = os.fspath(obj)
    if isinstance(path, bytes):
        return path
    try:
        path.encode("utf-8")
        return path
    except UnicodeEncodeError:
        pass
    try:
        return os.fsencode(path)
    except UnicodeEncodeError:
        raise ValueError(f"path {path!r}: holds a lone surrogate, which is no file name this system can encode") from None


# Whole-number arguments and their largest value (the C++ side's int, or
# int64 for node_limit): larger values are a ValueError naming the argument
# instead of a pybind11 TypeError listing the signatures.
_INT_MAX = {"node_limit": 2**63 - 1}
_INT32_MAX = 2**31 - 1

# Arguments that must be finite numbers as on the CLI (which refuses "inf"
# for every option): gap always; time_limit where the job's default is a
# finite number (sac: 180 s). Where a time limit's default is "none"
# (solve, policy), inf is that default: no limit, as when the CLI's option is omitted.
_FINITE = {"gap"}


def _is_bool(value: Any) -> bool:
    """bool or numpy.bool_: a flag, never a number (float(np.True_) is 1.0)."""
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool8") and type(value).__module__ == "numpy"


def as_float(value: Any, name: str, finite: bool = False) -> float:
    """A number for the C++ side; anything else is a ValueError naming the argument.
    `finite`: infinity is refused too (also for every name in _FINITE)."""
    if _is_bool(value):
        raise ValueError(f"{name}: expected a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name}: expected a number, got {value!r}") from None
    if (finite or name in _FINITE) and math.isinf(number):
        raise ValueError(f"{name}: expected a finite number, got {value!r}")
    return number


def as_int(value: Any, name: str) -> int:
    if _is_bool(value) or not float(as_float(value, name)).is_integer():
        raise ValueError(f"{name}: expected a whole number, got {value!r}")
    number = int(value)
    largest = _INT_MAX.get(name, _INT32_MAX)
    if number > largest:
        raise ValueError(f"{name}: {number} is too large (at most {largest})")
    if number < -largest - 1:
        raise ValueError(f"{name}: {number} is too small")
    return number


def as_names(value: Any, name: str) -> list[str] | None:
    """None, or a list of fqn strings (a single string is a mistake, not a list
    of letters). Any iterable is read once, then checked: a generator is not
    used up by the check."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        raise ValueError(f"{name}: expected a list of module fqns, got {value!r}")
    try:
        names = list(value)
    except TypeError:
        raise ValueError(f"{name}: expected a list of module fqns, got {value!r}") from None
    if not all(isinstance(v, str) for v in names):
        raise ValueError(f"{name}: expected a list of module fqns, got {names!r}")
    return names
