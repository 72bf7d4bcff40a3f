"""How close the analyzer's figures on milp_sac.torch.autograd_graph come to
measured memory (docs/torch.md, "The autograd graph"): resnet18 (batch 4,
64x64) and a GPT-like stack (4 TransformerEncoderLayers, d 256, seq 128,
batch 4), random weights, CPU. Measured with milp_sac.torch's storage
tracker: the activation bytes live after the forward (output left out), and
the largest rise of live bytes during loss.backward() above its start.
Run: PYTHONPATH=build/python /usr/bin/python3 bench/torch/autograd_graph_truth.py"""
import torch
import torchvision

import milp_sac
from milp_sac.torch import autograd_graph
from milp_sac.torch._measure import _PeakMode
from milp_sac.torch._storage import storage_of


def gpt():
    layer = lambda: torch.nn.TransformerEncoderLayer(256, 4, 1024, dropout=0.0, batch_first=True)  # noqa: E731
    return torch.nn.Sequential(*[layer() for _ in range(4)]), torch.randn(4, 128, 256)


def measure(model, x):
    mode = _PeakMode()
    with mode, torch.autograd.graph.saved_tensors_hooks(mode.pack, lambda t: t):
        out = model(x)
        # Parameters and buffers the tracker first meets as outputs are not activations.
        own = {storage_of(t)._cdata for t in list(model.parameters()) + list(model.buffers())}
        act = sum(r.nbytes for key, r in mode.ls._records.items() if r.category == "act" and key not in own)
        act -= storage_of(out).nbytes()
        loss = out.float().pow(2).mean()
        start, peak = mode.ls.total, mode.ls.total
        mode.ls.on_free = None
        base = len(mode.new_live)
        loss.backward()
    rise = max(mode.new_live[base:]) - mode.new_live[base - 1] if len(mode.new_live) > base else 0
    return act, rise


for name, (model, x) in {"resnet18": (torchvision.models.resnet18(num_classes=10), torch.randn(4, 3, 64, 64)),
                         "gpt-like": gpt()}.items():
    torch.manual_seed(0)
    info = milp_sac.analyze_graph(autograd_graph(model, x))
    for p in model.parameters():
        p.grad = None
    act, rise = measure(model, x)
    print(f"{name}: fwd_mem_tmp {info['fwd_mem_tmp']} measured {act} ({info['fwd_mem_tmp'] / act:.3f}); "
          f"bwd_mem_tmp {info['bwd_mem_tmp']} + bwd_mem_out {info['bwd_mem_out']} vs measured backward rise {rise} "
          f"({(info['bwd_mem_tmp'] + info['bwd_mem_out']) / max(rise, 1):.3f})")
