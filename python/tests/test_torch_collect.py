"""milp_sac.torch.collect_module_info and measure_peak on small real models."""
import subprocess
import sys
import warnings

import pytest

torch = pytest.importorskip("torch")

import milp_sac  # noqa: E402
from milp_sac.torch import collect_module_info, measure_peak  # noqa: E402
from torch_models import cnn_and_input, mlp_and_input  # noqa: E402

MODELS = {"cnn": cnn_and_input, "mlp": mlp_and_input}


@pytest.fixture(scope="module")
def collected():
    out = {}
    for name, make in MODELS.items():
        model, x = make()
        out[name] = (model, x, collect_module_info(model, x))
    return out


def step_of(model, x):
    def step():
        model(x).float().pow(2).mean().backward()

    return step


@pytest.mark.parametrize("name", list(MODELS))
def test_passes_the_reader_without_warning(collected, name):
    _, _, info = collected[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        peak, compute_ms = milp_sac.get_peak_memory_runtime_baseline(info)
        result = milp_sac.plan_sac(info, 10.0)
    assert result.warnings == []
    assert result.has_plan and peak > 0 and compute_ms > 0


@pytest.mark.parametrize("name", list(MODELS))
def test_module_order_and_parameters_match_the_model(collected, name):
    model, _, info = collected[name]
    root = type(model).__name__
    fqn = {id(m): f"{root}.{n}" if n else root for n, m in model.named_modules()}
    called = []
    hooks = [m.register_forward_pre_hook(lambda m, i: called.append(fqn[id(m)])) for m in model.modules()]
    step_of(model, collected[name][1])()
    for h in hooks:
        h.remove()
    model.zero_grad(set_to_none=True)
    expected = list(dict.fromkeys(called))
    order = info["mod_order"]
    # Each module once (one call of a reused module is kept), in call order, root first.
    assert sorted(order["fw_pre_order"]) == sorted(expected) and order["fw_pre_order"][0] == fqn[id(model)]
    calls = iter(called)
    assert all(any(c == f for c in calls) for f in order["fw_pre_order"])  # a subsequence of the calls
    for key in ("bw_pre_order", "fw_post_order", "bw_post_order"):
        assert sorted(order[key]) == sorted(expected)
    stats = {s["fqn"]: s for s in info["mod_stats"]}
    modules = dict(model.named_modules())
    for f in expected:
        m = modules[f.split(".", 1)[1]] if "." in f else model
        assert stats[f]["param_per_module"] == sum(p.numel() * p.element_size() for p in m.parameters())
        assert stats[f]["is_leaf"] or stats[f]["sac_memory"] >= stats[f]["act_fw_per_module"] > 0
    assert stats[root]["param_per_module"] == sum(p.numel() * 4 for p in model.parameters())


@pytest.mark.parametrize("name", list(MODELS))
def test_predicted_baseline_peak_meets_the_measured_one(collected, name):
    model, x, info = collected[name]
    predicted, _ = milp_sac.get_peak_memory_runtime_baseline(info)
    model.zero_grad(set_to_none=True)
    measured = measure_peak(step_of(model, x))
    model.zero_grad(set_to_none=True)
    assert measured > sum(p.numel() * 4 for p in model.parameters())
    assert abs(predicted - measured) <= 0.05 * measured, (predicted, measured)


def test_collection_leaves_the_model_as_it_was():
    model, x = cnn_and_input()
    before = {k: v.clone() for k, v in model.state_dict().items()}
    collect_module_info(model, x)
    assert all(p.grad is None for p in model.parameters())
    for k, v in model.state_dict().items():
        assert torch.equal(v, before[k]), k


def test_measure_peak_counts_a_known_allocation():
    def step():
        a = torch.empty(1000, dtype=torch.float32).fill_(1)  # 4000 bytes
        b = a * 2  # 4000 more while a is alive
        del a
        return b.sum()

    assert measure_peak(step) == 8000  # a and b; the sum's 4 bytes come after a died


def test_bad_input_is_refused_clearly():
    model, x = mlp_and_input()
    with pytest.raises(TypeError, match="torch.nn.Module"):
        collect_module_info("not a model", x)
    with pytest.raises(TypeError, match="example_inputs"):
        collect_module_info(model, 3)
    with pytest.raises(ValueError, match="model\\(\\*example_inputs\\) failed"):
        collect_module_info(model, torch.randn(4, 7))
    with pytest.raises(ValueError, match="loss_fn must return"):
        collect_module_info(model, x, loss_fn=lambda out: out)
    with pytest.raises(TypeError, match="callable"):
        measure_peak(3)


def test_milp_sac_imports_without_torch():
    code = (
        "import sys; sys.modules['torch'] = None\n"
        "import milp_sac\n"
        "try:\n"
        "    import milp_sac.torch\n"
        "except ImportError as e:\n"
        "    assert 'python3-torch' in str(e), e\n"
        "    print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


@pytest.mark.parametrize("name", list(MODELS))
def test_tradeoff_curves_and_their_fits_are_consistent(collected, name):
    _, _, info = collected[name]
    for s in info["mod_stats"]:
        if s["is_leaf"]:
            continue
        ys = list(s["tradeoff_curve"].values())
        xs = [float(k) for k in s["tradeoff_curve"]]
        assert xs == sorted(xs) and ys == sorted(ys), s["fqn"]  # the greedy order discards more, recomputes more
        assert abs(ys[-1] - 1.0) < 1e-9  # everything recomputed costs the whole sac_runtime
        n, slopes, intercepts, breaks = s["n_segments"], s["slopes"], s["intercepts"], s["breakpoints"]
        assert len(slopes) == len(intercepts) == n >= 1 and len(breaks) == n + 1
        for k in range(1, n):  # continuous at the interior breakpoints
            b = breaks[k]
            assert abs((slopes[k - 1] * b + intercepts[k - 1]) - (slopes[k] * b + intercepts[k])) < 1e-9
        stats = s["sac_stats"]
        assert sum(stats["memory"]) == s["sac_memory"] or s["sac_memory"] == s["act_fw_per_module"]
        assert len(stats["func_names"]) == len(stats["runtimes"]) == len(stats["memory"])
