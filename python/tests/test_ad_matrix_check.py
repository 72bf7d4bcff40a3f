"""check_ad_matrix: the numpy path (what a PyTorch Graph's np.zeros((n, n))
takes) and the element-wise path (nested lists, no numpy) give the same
verdict and the same message for the same matrix. Matrices are generated here:
a module tree's ancestor-descendant matrix, then broken one way at a time."""
import math
import sys

import pytest

from milp_sac._inputs import _check_ad_matrix_elementwise, check_ad_matrix

N = 6


def good():
    # root 0 with children 1..5: row 0 all ones, the diagonal ones.
    return [[1.0 if i == 0 or i == j else 0.0 for j in range(N)] for i in range(N)]


def with_entry(i, j, value):
    m = good()
    m[i][j] = value
    return m


BROKEN = [
    good()[:-1],
    [row + [0.0] for row in good()],
    with_entry(1, 2, math.nan),
    with_entry(3, 0, math.inf),
    with_entry(5, 5, -math.inf),
]


def message(check, matrix):
    try:
        check(matrix, N)
    except ValueError as error:
        return str(error)
    return None


@pytest.mark.parametrize("index", range(len(BROKEN)))
def test_same_message_with_and_without_numpy(index, monkeypatch):
    lists = BROKEN[index]
    expected = message(_check_ad_matrix_elementwise, lists)
    assert expected is not None and expected.startswith("graph: ad_matrix")
    assert message(check_ad_matrix, lists) == expected
    try:
        import numpy as np
    except ImportError:
        np = None
    if np is not None:
        assert message(check_ad_matrix, np.array(lists, dtype=float)) == expected
    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` raises ImportError
    assert message(check_ad_matrix, lists) == expected


def test_good_matrix_in_every_shape_passes(monkeypatch):
    check_ad_matrix(good(), N)
    check_ad_matrix([[int(v) for v in row] for row in good()], N)
    try:
        import numpy as np
    except ImportError:
        np = None
    if np is not None:
        check_ad_matrix(np.array(good()), N)
        check_ad_matrix(np.array(good(), dtype=bool), N)
        check_ad_matrix(np.array(good(), dtype=np.int8), N)
        check_ad_matrix(np.full((N, N), 1e308), N)  # the sum overflows, every entry is finite
    monkeypatch.setitem(sys.modules, "numpy", None)
    check_ad_matrix(good(), N)


def test_non_numbers_take_the_element_wise_path():
    strings = [["x"] * N for _ in range(N)]
    assert message(check_ad_matrix, strings) == message(_check_ad_matrix_elementwise, strings)
    assert "ad_matrix[0][0]" in message(check_ad_matrix, strings)
    ragged = good()
    ragged[2] = ragged[2][:-1]
    assert message(check_ad_matrix, ragged) == "graph: ad_matrix[2]: expected 6 entries (one per node), got 5"
    assert "expected 6 x 6" in message(check_ad_matrix, 7)
