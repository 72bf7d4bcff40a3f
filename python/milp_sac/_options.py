"""The library's option records (src/common/options.h) on the Python side.

Defaults and the help of keyword arguments such as gap and time_limit are read
from _core.option_records, so they are written once, in C++, for the CLI, the
C++ API and this package alike.
"""
from __future__ import annotations

from . import _core


def default(key: str) -> float:
    """The default of a record, e.g. default("sac.gap") -> 0.05 (inf: no limit)."""
    return _core.option_records[key]["default"]


def options_doc(*keys: str) -> str:
    """Docstring lines for keyword arguments, one per record."""
    lines = ["", "", "Options (from the library's option records):"]
    for key in keys:
        r = _core.option_records[key]
        unit = f", unit: {r['unit']}" if r["unit"] else ""
        lines.append(f"    {r['name']}: {r['help']} (default: {r['default_text']}{unit})")
    return "\n".join(lines) + "\n"
