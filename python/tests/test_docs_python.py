"""Every ```python block of docs/solver-python.md runs as written, each in a
fresh interpreter (in a scratch folder: the examples write files), and its
asserts hold. The shell commands of the docs are checked by
tests/docs/check_docs.py (suite docs)."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

import milp_sac

REPO = pathlib.Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "solver-python.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def blocks():
    if not DOC.exists():
        return [pytest.param(None, id="doc-missing")]
    found = BLOCK.findall(DOC.read_text())
    return [pytest.param(code, id=f"block{k}") for k, code in enumerate(found)]


def test_the_page_has_examples():
    assert len(blocks()) >= 5


@pytest.mark.parametrize("code", blocks())
def test_python_example_runs(code, tmp_path):
    assert code is not None, f"{DOC} not found"
    env = os.environ.copy()  # the milp_sac this suite imports, wherever the child runs
    package_root = str(pathlib.Path(milp_sac.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
