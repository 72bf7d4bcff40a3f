"""Ctrl-C in Python on the jobs besides solve and sac (issues 42 and 46):
solve_policy, sweep_policy, the PyTorch drop-in, propose_sharding,
analyze_graph and get_peak_memory_runtime_baseline raise KeyboardInterrupt
while their input is still being read, instead of running to the end.

Without timing: a child Python process calls the job on standard input ('-'),
which the test never completes (the JSON document lacks its last byte and
spaces keep trickling in, so every read returns and the reader polls its
clock). SIGINT is sent once a thread of the child waits for the pipe. The
child can only end by the interrupt: it prints "KeyboardInterrupt".
"""
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import REPO
from test_interrupt_jobs import policy_input, sigint_default, waits_for_input

CHILD = r"""
import sys
import milp_sac
calls = {
    "solve_policy": lambda: milp_sac.solve_policy("-", 0.5),
    "sweep_policy": lambda: milp_sac.sweep_policy("-"),
    "drop_in": lambda: milp_sac.get_optimal_checkpointing_policy_per_module("-", 0.5),
    "propose_sharding": lambda: milp_sac.propose_sharding("-"),
    "analyze_graph": lambda: milp_sac.analyze_graph("-"),
    "baseline": lambda: milp_sac.get_peak_memory_runtime_baseline("-"),
}
print("start", flush=True)
try:
    calls[sys.argv[1]]()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""


INPUTS = {
    "solve_policy": policy_input,
    "sweep_policy": policy_input,
    "drop_in": policy_input,
    "propose_sharding": lambda: (REPO / "examples" / "sharding_input.json").read_bytes(),
    "analyze_graph": lambda: (REPO / "examples" / "autograd_graph.json").read_bytes(),
    "baseline": lambda: (REPO / "examples" / "transformer_l4.json").read_bytes(),
}


def a_thread_reads_the_pipe(pid: int) -> bool:
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/wchan") as f:
                if waits_for_input(f.read()):
                    return True
        except FileNotFoundError:  # the thread ended
            pass
    return False


@pytest.mark.parametrize("job", sorted(INPUTS))
def test_sigint_while_reading_raises_keyboard_interrupt(job):
    text = INPUTS[job]().rstrip()
    assert text.endswith(b"}")
    child = subprocess.Popen([sys.executable, "-c", CHILD, job], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=os.environ.copy(), preexec_fn=sigint_default)
    try:
        assert child.stdout.readline().strip() == b"start"
        child.stdin.write(text[:-1])  # all but the closing brace: the document never ends
        child.stdin.flush()
        deadline = time.monotonic() + 60  # a guard against a hang, not a measurement
        while not a_thread_reads_the_pipe(child.pid):
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the child never read its input"
            time.sleep(0.01)
        child.send_signal(signal.SIGINT)
        # Spaces keep every read returning, so the reader polls its clock and
        # sees the flag; the document stays unfinished.
        while child.poll() is None and time.monotonic() < deadline:
            try:
                child.stdin.write(b" ")
                child.stdin.flush()
            except BrokenPipeError:
                break
            time.sleep(0.02)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert out.decode().strip() == "KeyboardInterrupt", (out, err)
