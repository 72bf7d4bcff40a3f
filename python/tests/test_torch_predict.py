"""Predicted against measured peaks on small transformer blocks: the cases where
naive collection is off (an output that dies before backward, inputs that
torch 1.13's attention copies) and partial plans as apply_plan runs them."""
import pytest

torch = pytest.importorskip("torch")

import milp_sac  # noqa: E402
from milp_sac.torch import applied_plan, applied_ratios, apply_plan, collect_module_info, measure_peak  # noqa: E402
from torch_models import transformer_and_input  # noqa: E402


def sum_loss(out):
    return out.sum()  # saves nothing: the model's output dies once the loss is computed


@pytest.fixture(scope="module")
def collected():
    model, x = transformer_and_input()
    return model, x, collect_module_info(model, x, sum_loss)


def measured_peak(model, x, plan=None, info=None):
    def step():
        sum_loss(model(x)).backward()

    handle = apply_plan(model, plan, module_info=info) if plan else None
    try:
        step()  # a first step, as in training
        model.zero_grad(set_to_none=True)
        return measure_peak(step)
    finally:
        model.zero_grad(set_to_none=True)
        if handle:
            handle.remove()


def units(info, names):
    return [s["fqn"] for s in info["mod_stats"] if s["fqn"].rsplit(".", 1)[-1] in names and not s["is_leaf"]]


def test_an_output_that_dies_before_backward_is_not_predicted(collected):
    model, x, info = collected
    predicted, _ = milp_sac.get_peak_memory_runtime_baseline(info)
    measured = measured_peak(model, x)
    output_bytes = model(x).numel() * 4
    model.zero_grad(set_to_none=True)
    # Holding the output through backward would add all of it (1 MiB here).
    assert abs(predicted - measured) < output_bytes / 4, (predicted, measured, output_bytes)


def test_checkpointed_attention_keeps_its_input_and_the_prediction_says_so(collected):
    model, x, info = collected
    plan = {f: 1.0 for f in units(info, {"self_attention", "mlp"})}
    assert len(plan) == 6
    predicted = applied_plan(plan, info).peak_memory_bytes
    measured = measured_peak(model, x, plan, info)
    assert measured <= predicted * 1.01, (measured, predicted)
    assert abs(predicted - measured) <= 0.05 * measured, (predicted, measured)


def test_partial_ratios_as_applied_discard_at_least_the_planned_fraction(collected):
    model, x, info = collected
    plan = {f: 0.5 for f in units(info, {"mlp"})} | {f: 0.7 for f in units(info, {"self_attention"})}
    applied = applied_ratios(plan, info)
    assert applied.keys() == plan.keys()
    assert all(plan[f] <= applied[f] <= 1 for f in plan)
    as_planned = milp_sac.evaluate_plan(info, plan)
    as_applied = applied_plan(plan, info)
    assert as_applied.peak_memory_bytes <= as_planned.peak_memory_bytes
    assert as_applied.recomputation_time_ms >= as_planned.recomputation_time_ms
    measured = measured_peak(model, x, plan, info)
    assert abs(as_applied.peak_memory_bytes - measured) <= 0.05 * measured, (as_applied.peak_memory_bytes, measured)


def test_a_plan_of_milp_sac_torch_plan_evaluates_as_applied(collected):
    model, x, info = collected
    baseline, _ = milp_sac.get_peak_memory_runtime_baseline(info)
    result = milp_sac.plan_sac(info, 0.6 * baseline / 2**30)
    assert result.has_plan
    result.module_info = info
    applied = applied_plan(result)
    assert applied.ok and applied.peak_memory_bytes <= result.peak_memory_bytes
    measured = measured_peak(model, x, result.ac_decisions, info)
    assert measured <= 0.6 * baseline * 1.02, (measured, baseline)


def test_applied_plan_needs_the_module_info():
    with pytest.raises(ValueError, match="module_info"):
        applied_plan({"M.a": 0.5})
