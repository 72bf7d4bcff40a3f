"""milp_sac.torch.apply_plan and plan: gradients bit-identical, memory under the budget."""
import pytest

torch = pytest.importorskip("torch")

from milp_sac.torch import apply_plan, collect_module_info, measure_peak, plan  # noqa: E402
from torch_models import SmallCNN, cnn_and_input, dropout_mlp_and_input, growing_list_and_input, mlp_and_input  # noqa: E402


def grads(model, x):
    model.zero_grad(set_to_none=True)
    torch.manual_seed(1)  # the same dropout masks in every run
    model(x).float().pow(2).mean().backward()
    out = [p.grad.clone() for p in model.parameters()]
    model.zero_grad(set_to_none=True)
    return out


def same(a, b):
    return len(a) == len(b) and all(torch.equal(x, y) for x, y in zip(a, b))


def blocks_of(info):
    """The deepest non-leaf modules below the root (the usual AC units)."""
    nonleaf = [s["fqn"] for s in info["mod_stats"] if not s["is_leaf"]][1:]
    depth = max(f.count(".") for f in nonleaf)
    return [f for f in nonleaf if f.count(".") == depth]


@pytest.fixture(scope="module")
def collected():
    out = {}
    for name, make in (("cnn", cnn_and_input), ("mlp", mlp_and_input), ("dropout", dropout_mlp_and_input),
                       ("list", growing_list_and_input)):
        model, x = make()
        out[name] = (model, x, collect_module_info(model, x))
    return out


@pytest.mark.parametrize("name", ["cnn", "mlp", "dropout", "list"])
@pytest.mark.parametrize("ratio", [1.0, 0.6])
@pytest.mark.parametrize("with_stats", [True, False], ids=["stats", "first-call"])
def test_gradients_are_bit_identical_while_applied_and_after_remove(collected, name, ratio, with_stats):
    model, x, info = collected[name]
    reference = grads(model, x)
    handle = apply_plan(model, {f: ratio for f in blocks_of(info)}, module_info=info if with_stats else None)
    assert len(handle.modules) == len(blocks_of(info))
    assert same(grads(model, x), reference)  # the first call (records the operators without stats)
    assert same(grads(model, x), reference)  # the planned policy
    handle.remove()
    assert all("forward" not in m.__dict__ for m in model.modules())
    assert same(grads(model, x), reference)


def test_checkpointing_lowers_the_measured_peak():
    model, x = cnn_and_input()
    info = collect_module_info(model, x)

    def step():
        model(x).float().pow(2).mean().backward()

    plain = measure_peak(step)
    model.zero_grad(set_to_none=True)
    with apply_plan(model, {f: 1.0 for f in blocks_of(info)}):
        checkpointed = measure_peak(step)
    model.zero_grad(set_to_none=True)
    assert checkpointed < plain


def test_a_plan_applied_measures_under_its_budget():
    torch.manual_seed(0)
    model, x = SmallCNN(c=32, blocks=4), torch.randn(16, 3, 32, 32)

    def step():
        model(x).float().pow(2).mean().backward()

    baseline = measure_peak(step)
    model.zero_grad(set_to_none=True)
    budget = 0.7 * baseline
    result = plan(model, x, budget / 2**30)
    assert result.has_plan and result.ac_decisions and result.peak_memory_bytes <= budget
    with apply_plan(model, result):
        step()  # a first step, as in training
        model.zero_grad(set_to_none=True)
        measured = measure_peak(step)
    model.zero_grad(set_to_none=True)
    assert measured <= budget * 1.02, (measured, budget)
    assert measured < baseline


def test_bad_plans_are_refused_clearly():
    model, x = cnn_and_input()
    with pytest.raises(TypeError, match="torch.nn.Module"):
        apply_plan("model", {})
    with pytest.raises(TypeError, match="ac_decisions"):
        apply_plan(model, [("blocks.0", 1.0)])
    with pytest.raises(ValueError, match="no such module"):
        apply_plan(model, {"SmallCNN.nothing": 1.0})
    with pytest.raises(ValueError, match="fraction in \\[0, 1\\]"):
        apply_plan(model, {"blocks.0": 1.5})
    with pytest.raises(ValueError, match="descendant"):
        apply_plan(model, {"SmallCNN.blocks": 1.0, "SmallCNN.blocks.0": 0.5})
    handle = apply_plan(model, {"blocks.0": 1.0})
    with pytest.raises(ValueError, match="already"):
        apply_plan(model, {"SmallCNN.blocks.0": 1.0})
    handle.remove()
