"""mypy over the package as it is imported here (the build tree or an
installed wheel): the .py files and the extension's stub _core.pyi must
agree with each other. Skipped only where mypy is not installed
(scripts/install-deps installs python3-mypy). `mypy -p milp_sac` as a whole,
milp_sac.torch included (mypy then reads torch's own annotations: about a
minute of CPU without a cache)."""
import os
import pathlib
import subprocess
import sys

import pytest

import milp_sac


def mypy(tmp_path, *targets):
    pytest.importorskip("mypy")
    root = pathlib.Path(milp_sac.__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), *targets],
                          cwd=root, capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


def test_mypy_passes_on_the_package(tmp_path):
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        # Typing does not depend on the build (as the format suite, checked in
        # the release run); under the preloaded sanitizers mypy takes minutes.
        pytest.skip("checked in the release run")
    code, out = mypy(tmp_path, "-p", "milp_sac")
    assert code == 0, out
    assert "milp_sac._core" not in out

