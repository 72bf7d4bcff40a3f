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
