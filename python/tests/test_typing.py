"""mypy over the package as it is imported here (the build tree or an
installed wheel): the .py files and the extension's stub _core.pyi must
agree with each other (`mypy -p milp_sac` passes). Skipped only where mypy
is not installed (scripts/install-deps installs python3-mypy)."""
import pathlib
import subprocess
import sys

import pytest

import milp_sac


def test_mypy_passes_on_the_package(tmp_path):
    pytest.importorskip("mypy")
    root = pathlib.Path(milp_sac.__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "-p", "milp_sac"],
                          cwd=root, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
