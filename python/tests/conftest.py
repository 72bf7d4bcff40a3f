"""Shared fixtures of the milp_sac pytest suite.

Locations come from the environment that scripts/test (or the user) sets, with
defaults for a run from the repository root after `scripts/build build`:
  MILPSAC_TEST_DATA  the test data directory (default tests/data in the repository)
  MILPSAC_BIN     the milp-sac command (default: build/apps/milp-sac, else
                  `milp-sac` on PATH, as after `pip install .`)
Expected answers are read from the instance files at run time; the data is in
the repository, so a missing file fails the test that needs it.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_data_dir() -> pathlib.Path:
    return pathlib.Path(os.environ.get("MILPSAC_TEST_DATA", REPO / "tests" / "data"))


def instances(*parts: str) -> pathlib.Path:
    path = test_data_dir() / "instances" / pathlib.Path(*parts)
    if not path.exists():
        pytest.fail(f"{path} not found (tests/data in the repository; set MILPSAC_TEST_DATA)")
    return path


def cli_path() -> pathlib.Path:
    if "MILPSAC_BIN" in os.environ:
        return pathlib.Path(os.environ["MILPSAC_BIN"])
    built = REPO / "build" / "apps" / "milp-sac"
    on_path = shutil.which("milp-sac")
    return built if built.exists() or on_path is None else pathlib.Path(on_path)


def run_cli(*args: str) -> tuple[int, dict | None, str]:
    """(exit code, parsed JSON on stdout or None, stderr) of one milp-sac run."""
    binary = cli_path()
    if not binary.exists():
        pytest.fail(f"{binary} not built (set MILPSAC_BIN)")
    proc = subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, timeout=600)
    try:
        out = json.loads(proc.stdout) if proc.stdout.strip() else None
    except json.JSONDecodeError:
        out = None
    return proc.returncode, out, proc.stderr


def cli_error(stderr: str, command: str) -> str:
    """The message of the CLI's 'milp-sac COMMAND: error: MESSAGE' line."""
    prefix = f"milp-sac {command}: error: "
    lines = [line[len(prefix):] for line in stderr.splitlines() if line.startswith(prefix)]
    assert lines, f"no error line in: {stderr!r}"
    return lines[0]


@pytest.fixture
def cli():
    return run_cli


# Marker `slow`: cases that take minutes (large MIPLIB models through two
# solvers). Skipped unless MILPSAC_SLOW=1, which the meson test
# `python slow` (suite slow, release CI) sets, as the C++ `slow` suite.
def pytest_configure(config):
    config.addinivalue_line("markers", "slow: minutes-long cases, run when MILPSAC_SLOW=1 (meson suite slow)")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("MILPSAC_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: set MILPSAC_SLOW=1 (meson test --suite slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
