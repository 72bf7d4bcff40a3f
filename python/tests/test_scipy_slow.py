"""The rest of test_scipy_dropin.py's comparison: the bundled MIPLIB models
that take more than a few seconds (through both solvers, at gap 0) and the
Netlib models too large for the default run. Marker `slow`: run by the meson
test `python slow` (suite python-slow, run by hand: CI leaves it out for
time), or MILPSAC_SLOW=1 with pytest."""
import pytest

from test_scipy_dropin import compare_linprog, compare_milp, miplib, netlib

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("path", netlib(fast=False))
def test_netlib_linprog_as_scipy_slow(path):
    compare_linprog(path)


@pytest.mark.parametrize("path", miplib(fast=False))
def test_miplib_milp_as_scipy_slow(path):
    compare_milp(path)
