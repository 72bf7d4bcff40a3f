"""solve_mps on an LP returns the row duals and reduced costs that
`milp-sac solve` prints (docs/json.md#solve), by name, in the model's sense;
a MILP returns none. The bundled LP, and a MILP made from it here."""
import pathlib

import milp_sac

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "smalllp.mps"


def test_lp_duals_are_the_cli_duals(cli):
    result = milp_sac.solve_mps(EXAMPLE)
    code, doc, _ = cli("solve", str(EXAMPLE))
    assert code == 0 and result["status"] == doc["status"] == "optimal"
    assert result["row_duals"] == doc["row_duals"]
    assert result["reduced_costs"] == doc["reduced_costs"]
    assert list(result["reduced_costs"]) == list(result["x"])  # one per column, in model order
    assert len(result["row_duals"]) == 3


def test_a_milp_has_no_duals(tmp_path, cli):
    # XONE integer (it has an upper bound; MPS gives unbounded integers [0, 1]).
    text = EXAMPLE.read_text().replace("COLUMNS\n", "COLUMNS\n    MARKER    'MARKER'  'INTORG'\n", 1)
    text = text.replace("    YTWO      COST", "    MARKER    'MARKER'  'INTEND'\n    YTWO      COST", 1)
    milp = tmp_path / "smallmilp.mps"
    milp.write_text(text)
    result = milp_sac.solve_mps(milp)
    assert result["status"] == "optimal"
    assert "row_duals" not in result and "reduced_costs" not in result
    _, doc, _ = cli("solve", str(milp))
    assert "row_duals" not in doc and "reduced_costs" not in doc
