"""plan_sac's log=/callback=/cancel= and its result on KeyboardInterrupt,
the same plumbing as the solver calls (test_progress_cancel.py), on the
bundled 12-layer GPT at a budget where the search runs (CBC: 33 s)."""
import logging
import warnings

import pytest

import milp_sac
from conftest import instances

BUDGET = 4.894


def plan(**kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return milp_sac.plan_sac(instances("sac", "gpt12.json"), BUDGET, 1, gap=0.0, **kwargs)


def test_plan_sac_callback_and_log(caplog):
    events = []
    with caplog.at_level(logging.INFO, logger="milp_sac"):
        result = plan(callback=events.append, log=True)
    assert result.status == "optimal" and result.has_plan
    kinds = [e.kind for e in events]
    assert "root_lp" in kinds and "incumbent" in kinds
    assert all(isinstance(e, milp_sac.ProgressEvent) for e in events)
    lines = [r.getMessage() for r in caplog.records if r.name == "milp_sac"]
    assert len(lines) == len(events) and lines[0].startswith(events[0].kind)


def test_plan_sac_cancelled_token_keeps_the_greedy_plan():
    token = milp_sac.CancelToken()
    token.cancel()
    result = plan(cancel=token)
    assert result.status == "interrupted"
    assert result.has_plan and result.found_by == "heuristic"  # the plan offered before the search


def test_plan_sac_keyboard_interrupt_carries_the_result():
    def stop(event):
        if event.kind == "incumbent":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as info:
        plan(callback=stop)
    kept = info.value.result
    assert isinstance(kept, milp_sac.SacResult)
    # The search may finish before the event reaches the callback (events are
    # handed over every 50 ms): then the kept result is the finished one.
    assert kept.has_plan and kept.status in ("interrupted", "optimal")
    assert kept.peak_memory_bytes <= BUDGET * 2**30


# sweep_sac: the same log=/callback=/cancel= and .result on KeyboardInterrupt
# (issue 43), on a 3-point sweep of the bundled GPT at gap 0 (every point searches).
def sweep(**kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return milp_sac.sweep_sac(instances("sac", "gpt12.json"), 1, points=3, max_breakpoints=0, gap=0.0,
                                  threads=1, **kwargs)


def test_sweep_sac_callback_and_log(caplog):
    events = []
    with caplog.at_level(logging.INFO, logger="milp_sac"):
        result = sweep(callback=events.append, log=True)
    assert len(result.points) == 3 and all(p.has_plan for p in result.points)
    assert events and all(isinstance(e, milp_sac.ProgressEvent) for e in events)
    assert "root_lp" in [e.kind for e in events]
    lines = [r.getMessage() for r in caplog.records if r.name == "milp_sac"]
    assert len(lines) == len(events)
    # Each event names the budget of the point whose solve reports it, and
    # every point's solve reports (its root LP at least).
    budgets = {p.budget_gib for p in result.points}
    assert {e.budget_gib for e in events} == budgets
    assert all(line.startswith("budget ") for line in lines)


def test_sweep_sac_two_threads_events_name_their_points():
    events = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = milp_sac.sweep_sac(instances("sac", "gpt12.json"), 1, points=4, max_breakpoints=0, gap=0.0,
                                    threads=2, callback=events.append)
    budgets = {p.budget_gib for p in result.points}
    assert {e.budget_gib for e in events} == budgets
    for budget in budgets:  # each point's own events keep their order
        times = [e.time for e in events if e.budget_gib == budget and e.kind == "search"]
        assert times == sorted(times)


def test_plan_sac_events_have_no_budget():
    events = []
    milp_sac.plan_sac(instances("sac", "gpt12.json"), 1.5, gap=0.0, callback=events.append)
    assert events and all(e.budget_gib is None for e in events)


def test_sweep_sac_cancelled_token_stops_the_sweep():
    token = milp_sac.CancelToken()
    token.cancel()
    result = sweep(cancel=token)  # no exception: the points not solved say so
    assert isinstance(result, milp_sac.SacSweep)
    assert all(p.status in ("time_limit", "interrupted") or p.found_by == "heuristic" for p in result.points)


def test_sweep_sac_keyboard_interrupt_carries_the_sweep():
    def stop(event):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as info:
        sweep(callback=stop)
    kept = info.value.result
    assert isinstance(kept, milp_sac.SacSweep)
    assert all(p.peak_memory_bytes <= p.budget_gib * 2**30 for p in kept.points if p.has_plan)
