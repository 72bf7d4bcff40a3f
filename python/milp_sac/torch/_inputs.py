"""Checks of the user's model, inputs and loss, and the training step they make."""
from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator, Optional

import torch

from ._storage import tensors_in


def check_model(model: Any, where: str) -> torch.nn.Module:
    if not isinstance(model, torch.nn.Module):
        raise TypeError(f"{where}: model must be a torch.nn.Module, got {type(model).__name__}")
    return model


def as_args(example_inputs: Any, where: str) -> tuple:
    """example_inputs: a tensor or a tuple/list of positional arguments."""
    if isinstance(example_inputs, torch.Tensor):
        return (example_inputs,)
    if isinstance(example_inputs, (tuple, list)):
        return tuple(example_inputs)
    raise TypeError(
        f"{where}: example_inputs must be a tensor or a tuple/list of the model's positional "
        f"arguments, got {type(example_inputs).__name__}"
    )


def default_loss(output: Any) -> torch.Tensor:
    """Mean squared output (an MSE to zeros) summed over the floating-point tensors of the output.

    Like a real loss it keeps the output alive for backward, so its memory counts."""
    terms = [t.float().pow(2).mean() for t in tensors_in(output) if t.is_floating_point() and t.requires_grad]
    if not terms:
        raise ValueError("the model's output has no floating-point tensor that requires grad: give a loss_fn")
    loss = terms[0]
    for t in terms[1:]:
        loss = loss + t
    return loss


def check_loss(loss: Any, where: str) -> torch.Tensor:
    if not isinstance(loss, torch.Tensor) or loss.numel() != 1:
        raise ValueError(f"{where}: loss_fn must return a tensor with one element, got {type(loss).__name__}"
                         + (f" of shape {tuple(loss.shape)}" if isinstance(loss, torch.Tensor) else ""))
    if not loss.requires_grad:
        raise ValueError(f"{where}: the loss does not require grad (no parameter reaches it)")
    return loss


def run_model(model: torch.nn.Module, args: tuple, where: str) -> Any:
    try:
        return model(*args)
    except (TypeError, ValueError, RuntimeError, IndexError) as e:
        raise ValueError(f"{where}: model(*example_inputs) failed: {e}") from e


def make_step(model: torch.nn.Module, args: tuple, loss_fn: Optional[Callable], where: str) -> Callable[[], None]:
    """One training step: forward, loss, backward (no optimizer)."""
    compute_loss: Callable = loss_fn or default_loss

    def step() -> None:
        loss = check_loss(compute_loss(run_model(model, args, where)), where)
        loss.backward()

    return step


@contextlib.contextmanager
def preserved_state(model: torch.nn.Module) -> Iterator[None]:
    """Gradients, buffers (batch-norm statistics) and the RNG as they were: collecting
    runs training steps, which must not change the user's model."""
    params = list(model.parameters())
    grads = [p.grad for p in params]
    buffers = [(b, b.detach().clone()) for b in model.buffers()]
    try:
        with torch.random.fork_rng(devices=[]):
            for p in params:
                p.grad = None
            yield
    finally:
        with torch.no_grad():
            for b, value in buffers:
                b.copy_(value)
        for p, g in zip(params, grads):
            p.grad = g
