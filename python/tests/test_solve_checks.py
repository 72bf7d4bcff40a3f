"""solve_mps applies the input checks of `milp-sac solve` (lp/model_size.h and
lp/coefficient_range.h, the one places they live): a model past the size guard
and a row spanning 1e16 are refused with the CLI's message, a span of 1e12
solves with the CLI's warnings, returned as data under 'warnings' (the CLI
prints each after "milp-sac solve: "); a well-ranged model has none. The models
are written here."""
import pytest

import milp_sac
from conftest import cli_error


def ranged_mps(coefficient: str) -> str:
    # min x + y  s.t.  r1: x + C y >= 1,  r2: x + y <= 4,  0 <= x, y <= 3
    return ("NAME ranged\nROWS\n N obj\n G r1\n L r2\nCOLUMNS\n x obj 1 r1 1\n x r2 1\n y obj 1 r1 " + coefficient +
            "\n y r2 1\nRHS\n rhs r1 1 r2 4\nBOUNDS\n UP bnd x 3\n UP bnd y 3\nENDATA\n")


def test_a_refused_model_gets_the_cli_message(tmp_path, cli):
    path = tmp_path / "wide.mps"
    path.write_text(ranged_mps("-1e16"))
    with pytest.raises(ValueError) as error:
        milp_sac.solve_mps(str(path))
    code, _, stderr = cli("solve", str(path))
    assert code == 2
    assert str(error.value) == cli_error(stderr, "solve")
    assert "row 'r1'" in str(error.value)


def test_warnings_are_the_cli_warnings(tmp_path, cli):
    path = tmp_path / "ranged.mps"
    path.write_text(ranged_mps("-1e12"))
    result = milp_sac.solve_mps(str(path))
    assert result["status"] == "optimal"
    code, _, stderr = cli("solve", str(path))
    assert code == 0
    printed = [line.removeprefix("milp-sac solve: ") for line in stderr.splitlines() if "warning:" in line]
    assert result["warnings"] == printed
    assert len(result["warnings"]) == 2  # the row r1 and the column y


def test_a_well_ranged_model_has_no_warnings(tmp_path):
    path = tmp_path / "fine.mps"
    path.write_text(ranged_mps("-1"))
    assert milp_sac.solve_mps(str(path))["warnings"] == []


def test_past_the_size_guard_both_refuse_with_one_message(tmp_path, cli):
    # lp/model_size.h: 2 rows, 2 columns and 4 nonzeros need about 1.5 KB,
    # refused at a limit of 1e-7 GiB (107 bytes) and solved at the default.
    path = tmp_path / "small.mps"
    path.write_text(ranged_mps("-1"))
    with pytest.raises(ValueError) as error:
        milp_sac.solve_mps(str(path), max_model_memory=1e-7)
    code, _, stderr = cli("solve", str(path), "--max-model-memory", "1e-7")
    assert code == 2
    assert str(error.value) == cli_error(stderr, "solve")
    assert str(error.value).startswith(str(path) + ": model too large: 2 rows, 2 columns and 4 nonzeros")
    assert milp_sac.solve_mps(str(path))["status"] == "optimal"
    with pytest.raises(ValueError, match="max_model_memory"):
        milp_sac.solve_mps(str(path), max_model_memory=0)
