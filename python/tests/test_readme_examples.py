"""The README's Python examples run as written: each ```python block of
README.md is executed with its placeholders bound to the bundled examples
(`graph`: examples/transformer_l4.json, `sac_stats`: examples/sac_stats.json,
both accepted as file paths), and the names it defines have the types the
README promises."""
import re
import warnings

import milp_sac
from conftest import REPO


def python_blocks():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)


def test_readme_has_python_examples():
    assert python_blocks()


def test_readme_python_examples_run():
    for block in python_blocks():
        scope = {
            "graph": str(REPO / "examples" / "transformer_l4.json"),
            "sac_stats": str(REPO / "examples" / "sac_stats.json"),
        }
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # the example's sac_memory notes
            exec(compile(block, "README.md", "exec"), scope)
        if "ac_decisions" in scope:
            assert isinstance(scope["ac_decisions"], dict)
            assert isinstance(scope["recomputation_time"], float)
            assert isinstance(scope["peak_mem"], int)
        if "decisions" in scope:
            assert scope["decisions"] and set(scope["decisions"]) <= {0, 1}
    assert milp_sac.__version__
