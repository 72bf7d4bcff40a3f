"""Progress events, the logging bridge, CancelToken and Ctrl-C for the
solver calls (milp, linprog, Model.solve, solve_mps).

The hard model is a market-split MILP in its optimisation form (minimise
the total deviation from the split: a zero-deviation split almost surely
does not exist at this size, so the search cannot prove its bound of 0
quickly): an incumbent comes at once, the proof does not. Ctrl-C is
simulated in-process by _thread.interrupt_main (what the SIGINT handler
does), a cancel from another thread by a timer. How fast it stops is
measured in bench, not asserted here; the assertions are about what comes
back."""
import _thread
import logging
import signal
import threading

import numpy as np
import pytest

import milp_sac

HARD_LIMIT = 120.0  # never reached: every stop below comes from a cancel or Ctrl-C


def market_split(rows=6, cols=30, seed=1):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 100, size=(rows, cols)).astype(float)
    b = np.floor(a.sum(axis=1) / 2)
    # x binary, then s+ and s- per row: a x + s+ - s- = b, minimise sum(s+ + s-).
    c = np.concatenate([np.zeros(cols), np.ones(2 * rows)])
    A = np.hstack([a, np.eye(rows), -np.eye(rows)])
    integrality = np.concatenate([np.ones(cols), np.zeros(2 * rows)])
    ub = np.concatenate([np.ones(cols), np.full(2 * rows, np.inf)])
    return c, A, b, integrality, ub


def hard_model():
    c, A, b, integrality, ub = market_split()
    m = milp_sac.Model()
    m.add_vars(cost=c, ub=ub, integrality=integrality)
    m.add_rows(A, lb=b, ub=b)
    return m


def hard_milp(**kwargs):
    c, A, b, integrality, ub = market_split()
    return milp_sac.milp(c, integrality=integrality, bounds=(0, ub), constraints=(A, b, b),
                         options={"time_limit": HARD_LIMIT, "mip_rel_gap": 0}, **kwargs)


@pytest.fixture
def sigint_handler():
    """Python's own SIGINT handler (a background CI job may inherit SIGINT ignored)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def test_callback_events_are_structured():
    events = []
    rng = np.random.default_rng(3)
    values, weights = rng.integers(10, 100, 25), rng.integers(10, 100, 25)
    res = milp_sac.milp(-values, integrality=1, bounds=(0, 1), constraints=(weights[None, :], -np.inf,
                        weights.sum() / 3), options={"mip_rel_gap": 0}, callback=events.append)
    assert res.status == 0
    kinds = [e.kind for e in events]
    assert "root_lp" in kinds and "incumbent" in kinds
    assert set(kinds) <= {"root_lp", "cut_round", "incumbent", "search"}
    times = [e.time for e in events]
    assert times == sorted(times)
    for e in events:
        assert isinstance(e, milp_sac.ProgressEvent) and e.nodes >= 0
        assert (e.found_by is not None) == (e.kind == "incumbent")
    incumbents = [e.incumbent for e in events if e.kind == "incumbent"]
    assert incumbents == sorted(incumbents, reverse=True)  # each one better (minimisation)
    assert incumbents[-1] == pytest.approx(res.fun)
    root = next(e for e in events if e.kind == "root_lp")
    assert root.bound <= res.fun + 1e-9


def test_log_goes_to_the_milp_sac_logger_or_a_callable(caplog):
    with caplog.at_level(logging.INFO, logger="milp_sac"):
        milp_sac.milp([-1, -2], integrality=1, bounds=(0, 3), constraints=([[1, 1]], -np.inf, 4.5), log=True)
    lines = [r.getMessage() for r in caplog.records if r.name == "milp_sac"]
    assert any(line.startswith("incumbent") and "found by" in line for line in lines), lines
    got = []
    milp_sac.linprog([-1, -2], A_ub=[[1, 1]], b_ub=[4.5], log=got.append)
    m = hard_model()
    m.solve(log=got.append, node_limit=50)
    assert any("root_lp" in line for line in got)


def test_callback_exception_stops_the_solve_and_propagates():
    def stop(event):
        if event.kind == "incumbent":
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        hard_milp(callback=stop)


def test_cancel_token_from_another_thread():
    token = milp_sac.CancelToken()
    timer = threading.Timer(0.5, token.cancel)
    timer.start()
    res = hard_milp(cancel=token)
    timer.join()
    assert token.cancelled
    assert res.status == 1 and "interrupted" in res.message
    assert res.x is not None and res.fun is not None  # the incumbent is kept
    assert res.mip_dual_bound <= res.fun


def test_cancel_token_stops_a_solve_running_in_a_worker_thread():
    token = milp_sac.CancelToken()
    out = {}
    worker = threading.Thread(target=lambda: out.setdefault("r", hard_model().solve(cancel=token)))
    worker.start()
    worker.join(0.5)
    assert worker.is_alive()
    token.cancel()
    worker.join(60)
    assert not worker.is_alive()
    assert out["r"].status == "interrupted" and out["r"].x is not None


def test_cancelled_token_before_the_call():
    token = milp_sac.CancelToken()
    token.cancel()
    r = hard_model().solve(cancel=token)
    assert r.status == "interrupted"


def test_keyboard_interrupt_carries_the_incumbent(sigint_handler):
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt) as info:
        hard_milp()
    timer.join()
    res = info.value.result
    assert isinstance(res, milp_sac.OptimizeResult)
    assert res.status == 1 and "interrupted" in res.message and res.x is not None


def test_keyboard_interrupt_in_model_solve_and_solve_mps(sigint_handler, tmp_path):
    model = hard_model()
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt) as info:
        model.solve(time_limit=HARD_LIMIT, mip_rel_gap=0)
    timer.join()
    assert isinstance(info.value.result, milp_sac.SolveResult)
    assert info.value.result.status == "interrupted" and info.value.result.objective is not None
    path = tmp_path / "split.mps"
    model.write_mps(path)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt) as info:
        milp_sac.solve_mps(path, gap=0.0, time_limit=HARD_LIMIT)
    timer.join()
    assert info.value.result["status"] == "interrupted" and info.value.result["x"]


def test_solve_mps_callback_and_cancel(tmp_path):
    path = tmp_path / "split.mps"
    hard_model().write_mps(path)
    token = milp_sac.CancelToken()
    events = []

    def on_event(e):
        events.append(e)
        if e.kind == "incumbent":
            token.cancel()

    r = milp_sac.solve_mps(path, gap=0.0, time_limit=HARD_LIMIT, callback=on_event, cancel=token)
    assert r["status"] == "interrupted" and r["has_solution"]
    assert any(e.kind == "incumbent" for e in events)


def test_bad_callback_arguments():
    with pytest.raises(TypeError, match="callback"):
        milp_sac.milp([1], callback=3)
    with pytest.raises(TypeError, match="cancel"):
        milp_sac.milp([1], cancel=object())
