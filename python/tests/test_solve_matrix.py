"""The solve matrix of issue 42, the CLI's and Python's columns: `milp-sac
solve`, milp_sac.solve_mps (a file) and Model.solve (a model in memory) give
for each case of instances/lp/solve_matrix/expected.json the status,
objective, duals and message that the C++ API gives
(tests/api/test_solve_matrix.cpp reads the same table). The message is what
the front end warns: the CLI's "milp-sac solve: ..." lines on stderr, the
dict's 'warnings'.

Every stop is triggered without timing assertions:
  * a time limit of 1e-9 s passes before the reader's first poll (a file) or
    the solve's (a model in memory);
  * a CancelToken cancelled before the call stops the reading (solve_mps) or
    the solve (Model.solve);
  * the CLI, which takes Ctrl-C only, reads the model from a pipe that the test
    keeps open until SIGINT was sent (interrupted while reading), or writes its
    --log into a pipe that is full, so that it waits at its first progress
    line (the root LP) until the test has sent SIGINT, or until its time limit
    has passed, and only then empties the pipe (stopped while solving).
"""
import fcntl
import json
import os
import pathlib
import signal
import subprocess
import threading
import time

import pytest

import milp_sac
from conftest import cli_path, instances

TABLE = json.loads(instances("lp", "solve_matrix", "expected.json").read_text())
CASES = [name for name in TABLE if not name.startswith("_")]
F_SETPIPE_SZ = 1031  # fcntl.F_SETPIPE_SZ, named by Python 3.10+ only


def model_path(case: str) -> pathlib.Path:
    return instances("lp", "solve_matrix", TABLE[case]["model"])


def check(case: str, status: str, objective, row_duals, reduced_costs, message: list, input_name: str) -> None:
    """One front end's answer against the table's row, field by field."""
    row = TABLE[case]
    assert status == row["status"], case
    if row["objective"] is None:
        assert objective is None, case
    else:
        assert objective == pytest.approx(row["objective"], abs=1e-9), case
    for got, want, what in ((row_duals, row["row_duals"], "row_duals"),
                            (reduced_costs, row["reduced_costs"], "reduced_costs")):
        if want is None:
            assert got is None, (case, what)
        else:
            assert got.keys() == want.keys(), (case, what)
            for key, value in want.items():
                assert got[key] == pytest.approx(value, abs=1e-9), (case, what, key)
    assert message == [text.replace("INPUT", input_name) for text in row["message"]], case


def sigint_default() -> None:
    """In the child before exec: SIGINT at its default, so the CLI installs its
    handler even when the test runs as a background job (which starts with
    SIGINT ignored, and the CLI keeps an ignored SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# --- the CLI --------------------------------------------------------------


def wait_until_blocked(pid: int, wchan_word: str) -> None:
    """Until the process sleeps in the kernel on a pipe (its wait channel names it)."""
    while True:
        with open(f"/proc/{pid}/wchan") as f:
            if wchan_word in f.read():
                return
        time.sleep(0.01)


def full_pipe() -> tuple[int, int]:
    """A pipe of one page that is already full: a writer waits at its first write."""
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, F_SETPIPE_SZ, 4096)
    os.set_blocking(write_end, False)
    try:
        while True:
            os.write(write_end, b"#" * 512)
    except BlockingIOError:
        pass
    os.set_blocking(write_end, True)
    return read_end, write_end


def cli_answer(case: str, proc: subprocess.Popen, out: str, err: str, input_name: str) -> None:
    doc = json.loads(out)
    message = [line[len("milp-sac solve: "):] for line in err.splitlines() if line.startswith("milp-sac solve: ")
               and "root LP" not in line and " s  " not in line]
    check(case, doc["status"], doc["objective"], doc.get("row_duals"), doc.get("reduced_costs"), message,
          input_name)
    assert proc.returncode == {"interrupted": 130}.get(doc["status"], 0 if doc["objective"] is not None else 1)


def run_cli(case: str, *options: str) -> None:
    path = str(model_path(case))
    proc = subprocess.Popen([str(cli_path()), "solve", path, *options], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    out, err = proc.communicate(timeout=60)
    cli_answer(case, proc, out, err, path)


def run_cli_stopped_at_root(case: str, stop) -> None:
    """solve --log, held at its first progress line until stop(proc) is done."""
    path = str(model_path(case))
    read_end, write_end = full_pipe()
    proc = subprocess.Popen([str(cli_path()), "solve", path, "--log", "--log-interval", "0", *stop.options],
                            stdout=subprocess.PIPE, stderr=write_end, text=True, preexec_fn=sigint_default)
    os.close(write_end)
    wait_until_blocked(proc.pid, "pipe_write")
    stop(proc)
    chunks = []
    drain = threading.Thread(target=lambda: chunks.extend(iter(lambda: os.read(read_end, 65536), b"")))
    drain.start()
    out, _ = proc.communicate(timeout=60)
    drain.join()
    os.close(read_end)
    err = b"".join(chunks).decode().lstrip("#")
    assert "root LP" in err, err  # held at the root LP: the model was read
    cli_answer(case, proc, out, err, path)


class SigInt:
    options: tuple = ()

    def __call__(self, proc: subprocess.Popen) -> None:
        proc.send_signal(signal.SIGINT)


class LimitPasses:
    seconds = 0.5
    options = ("--time-limit", str(seconds))

    def __call__(self, proc: subprocess.Popen) -> None:
        time.sleep(self.seconds)  # the CLI's clock started before it began to wait: it has passed


@pytest.mark.parametrize("case", ["optimal LP", "optimal MILP", "infeasible"])
def test_cli_answers(case):
    run_cli(case)


def test_cli_time_limit_while_reading():
    run_cli("time limit while reading", "--time-limit", "1e-9")


def test_cli_interrupted_while_reading():
    # From standard input, kept open until the signal was sent: the reader
    # waits for the rest of the file, then its poll sees the flag.
    proc = subprocess.Popen([str(cli_path()), "solve", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=sigint_default)
    proc.stdin.write(model_path("interrupted while reading").read_bytes())
    proc.stdin.flush()
    wait_until_blocked(proc.pid, "poll")  # the reader polls standard input (common/input_file.cpp)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    cli_answer("interrupted while reading", proc, out.decode(), err.decode(), "<stdin>")


def test_cli_time_limit_while_solving():
    run_cli_stopped_at_root("time limit while solving", LimitPasses())


def test_cli_interrupted_while_solving():
    run_cli_stopped_at_root("interrupted while solving", SigInt())


# --- Python ---------------------------------------------------------------


def python_file(case: str, **options) -> None:
    path = str(model_path(case))
    r = milp_sac.solve_mps(path, **options)
    check(case, r["status"], r["objective"], r.get("row_duals"), r.get("reduced_costs"), r["warnings"], path)


def python_memory(case: str, **options) -> None:
    model = milp_sac.Model.read_mps(model_path(case))
    r = model.solve(**options)
    names = model._core.row_names, model._core.col_names
    duals = [None if v is None else dict(zip(n, v.tolist())) for v, n in ((r.row_duals, names[0]),
                                                                          (r.reduced_costs, names[1]))]
    check(case, r.status, r.objective, duals[0], duals[1], r.warnings, "model")


def cancelled() -> "milp_sac.CancelToken":
    token = milp_sac.CancelToken()
    token.cancel()
    return token


@pytest.mark.parametrize("case", ["optimal LP", "optimal MILP", "infeasible"])
def test_python_answers(case):
    python_file(case)
    python_memory(case)


def test_python_time_limits():
    python_file("time limit while reading", time_limit=1e-9)
    python_memory("time limit while solving", time_limit=1e-9)


def test_python_interrupts():
    python_file("interrupted while reading", cancel=cancelled())
    python_memory("interrupted while solving", cancel=cancelled())


def test_every_case_has_each_front_end():
    # The table's rows are the seven cases, each run above for the
    # CLI and Python (and in test_solve_matrix.cpp for the C++ API).
    assert CASES == ["optimal LP", "optimal MILP", "infeasible", "time limit while reading",
                     "time limit while solving", "interrupted while reading", "interrupted while solving"]
