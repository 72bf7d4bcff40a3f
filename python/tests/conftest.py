"""Shared fixtures of the milp_sac pytest suite.

Locations come from the environment that scripts/test (or the user) sets, with
defaults for a run from the repository root after `scripts/build build`:
  MILPSAC_SHARED  the shared instances directory (default ../shared beside the checkout)
  MILPSAC_BIN     the milp-sac command (default build/apps/milp-sac)
Expected answers are read from the instance files at run time; tests that need
them are skipped, with the reason, when the directory is absent.
"""
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def shared_dir() -> pathlib.Path:
    return pathlib.Path(os.environ.get("MILPSAC_SHARED", REPO.parent / "shared"))


def instances(*parts: str) -> pathlib.Path:
    path = shared_dir() / "instances" / pathlib.Path(*parts)
    if not path.exists():
        pytest.skip(f"{path} not found (set MILPSAC_SHARED to the shared directory)")
    return path


def cli_path() -> pathlib.Path:
    return pathlib.Path(os.environ.get("MILPSAC_BIN", REPO / "build" / "apps" / "milp-sac"))


def run_cli(*args: str) -> tuple[int, dict | None, str]:
    """(exit code, parsed JSON on stdout or None, stderr) of one milp-sac run."""
    binary = cli_path()
    if not binary.exists():
        pytest.skip(f"{binary} not built (set MILPSAC_BIN)")
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
