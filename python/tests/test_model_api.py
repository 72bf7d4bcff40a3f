"""milp_sac.Model: built one variable/row at a time and in bulk (numpy,
CSR, CSC, dense), either sense, solved (status, x, objective, bound, gap,
duals, reduced costs), written as MPS and read back by `milp-sac solve` and
by Model.read_mps; bad input is ValueError naming what is wrong."""
import numpy as np
import pytest

import milp_sac


def small(model=None):
    # max x + 2y s.t. -x + y <= 1, 3x + 2y <= 12, 2x + 3y <= 12, x, y >= 0 (LP optimum 1.8, 2.8).
    m = model or milp_sac.Model(sense="maximize")
    x = m.add_var(cost=1, name="x")
    y = m.add_var(cost=2, name="y")
    m.add_row({x: -1, y: 1}, ub=1, name="r1")
    m.add_row(([x, y], [3, 2]), ub=12, name="r2")
    m.add_row({x: 2, y: 3}, ub=12, name="r3")
    return m


def test_lp_solution_duals_and_reduced_costs():
    r = small().solve()
    assert r.status == "optimal" and not r.is_mip
    assert list(r.x) == pytest.approx([1.8, 2.8]) and r.objective == pytest.approx(7.4)
    assert r.bound == pytest.approx(7.4) and r.gap == 0.0
    # d objective / d rhs in the model's (max) sense: r1 and r3 bind, r2 does not.
    assert list(r.row_duals) == pytest.approx([0.2, 0.0, 0.6])
    assert list(r.reduced_costs) == pytest.approx([0.0, 0.0])
    assert list(r.row_activity) == pytest.approx([1.0, 11.0, 12.0])
    assert not np.signbit(r.row_duals[r.row_duals == 0]).any()  # no -0 in results


def test_mip_and_sense():
    m = small()
    m2 = milp_sac.Model(sense="maximize")
    m2.add_vars(cost=[1, 2], integrality=[1, 1])
    m2.add_rows(np.array([[-1, 1], [3, 2], [2, 3]]), ub=[1, 12, 12])
    r = m2.solve()
    assert r.status == "optimal" and r.is_mip and r.row_duals is None
    assert list(r.x) == pytest.approx([2.0, 2.0]) or list(r.x) == pytest.approx([0.0, 3.0])
    assert r.objective == pytest.approx(6.0)
    m.sense = "minimize"
    assert m.solve().objective == pytest.approx(0.0)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo", "dense", "arrays"])
def test_add_rows_formats(fmt):
    sparse = pytest.importorskip("scipy.sparse")
    A = np.array([[-1.0, 1.0], [3.0, 2.0], [2.0, 3.0]])
    given = {"csr": sparse.csr_matrix(A), "csc": sparse.csc_array(A), "coo": sparse.coo_matrix(A), "dense": A,
             "arrays": (sparse.csr_matrix(A).indptr, sparse.csr_matrix(A).indices, sparse.csr_matrix(A).data)}[fmt]
    m = milp_sac.Model(sense="maximize")
    cols = m.add_vars(2, cost=[1, 2])
    rows = m.add_rows(given, ub=[1, 12, 12])
    assert list(cols) == [0, 1] and list(rows) == [0, 1, 2]
    r = m.solve()
    assert r.objective == pytest.approx(7.4)
    indptr, indices, data = m.to_arrays()["A"]
    assert np.array_equal(sparse.csr_matrix((data, indices, indptr), shape=(3, 2)).toarray(), A)


def test_write_mps_is_read_back(tmp_path, cli):
    m = small()
    m.objective_offset = 0.5
    path = tmp_path / "small.mps"
    m.write_mps(path)
    code, doc, _ = cli("solve", str(path))
    assert code == 0 and doc["objective"] == pytest.approx(7.9)
    back = milp_sac.Model.read_mps(path)
    assert back.sense == "maximize" and back.num_vars == 2 and back.num_rows == 3
    arrays = back.to_arrays()
    assert arrays["col_names"] == ["x", "y"] and arrays["row_names"] == ["r1", "r2", "r3"]
    assert back.solve().objective == pytest.approx(7.9)
    assert milp_sac.solve_mps(path)["objective"] == pytest.approx(7.9)


def test_infeasible_unbounded_limits():
    m = milp_sac.Model()
    x = m.add_var(lb=1, ub=2)
    m.add_row({x: 1}, ub=0)
    r = m.solve()
    assert r.status == "infeasible" and r.x is None and r.objective is None
    m = milp_sac.Model()
    m.add_var(lb=None, cost=1)
    assert m.solve().status == "unbounded"
    m = milp_sac.Model()
    m.add_vars(30, cost=np.arange(1, 31), integrality=1, ub=1)
    m.add_rows(np.ones((1, 30)), lb=15.5)
    r = m.solve(node_limit=1, presolve=False)
    assert r.status in ("node_limit", "optimal")


def test_bad_input():
    m = milp_sac.Model()
    with pytest.raises(ValueError, match="sense"):
        m.sense = "up"
    m.add_var()
    with pytest.raises(ValueError, match="out of range"):
        m.add_row({3: 1.0}, ub=1)
        m.solve()
    m = milp_sac.Model()
    m.add_var(lb=2, ub=1)
    with pytest.raises(ValueError, match="lower bound above upper bound"):
        m.solve()
    m = milp_sac.Model()
    m.add_var(cost=float("nan"))
    with pytest.raises(ValueError, match="cost is not a finite number"):
        m.solve()
    with pytest.raises(ValueError, match="lb"):
        milp_sac.Model().add_vars(2, lb=[0, 0, 0])
    with pytest.raises(ValueError, match="indptr"):
        m.add_rows((np.array([1, 1]), np.array([0]), np.array([1.0])), ub=1)
    with pytest.raises(ValueError, match="time_limit"):
        small().solve(time_limit=0)
    with pytest.raises(ValueError, match="cannot open"):
        small().write_mps("/nonexistent/dir/x.mps")
