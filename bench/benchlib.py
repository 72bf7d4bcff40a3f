"""What the comparison scripts of bench/ share: running one child process with
a hang guard and its CPU time, and reading `milp-sac solve`'s JSON answer.

Standard library only; imported by the scripts beside it (compare-highs-lp.py,
compare-cbc-lp.py, status-sweep.py), which add bench/ to sys.path.
"""
import json
import resource
import subprocess
import time


def run_timed(command, timeout):
    """Runs command (stdout and stderr merged) and returns
    (wall seconds, CPU seconds of the child, exit code or None when killed at
    `timeout`, output text). Children run one at a time, so the growth of
    RUSAGE_CHILDREN is this child's: CPU seconds mean more than wall seconds
    on a machine shared with other jobs."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        return 0.0, 0.0, -1, str(e)
    try:
        output, _ = child.communicate(timeout=timeout)
        code = child.returncode
    except subprocess.TimeoutExpired:
        child.kill()
        output, _ = child.communicate()
        code = None
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, code, output.decode(errors="replace")


def solve_answer(code, output):
    """(status, objective or None, the JSON object or None) of one
    `milp-sac solve` run: stdout is one JSON object, and stderr (merged into
    output) may carry warnings before it. A run killed by the hang guard is
    "killed"; output that is not the answer is "error(rc=N)"."""
    if code is None:
        return "killed", None, None
    start = output.find("{")
    try:
        result = json.loads(output[start:]) if start >= 0 else None
    except json.JSONDecodeError:
        result = None
    if not isinstance(result, dict) or "status" not in result:
        return f"error(rc={code})", None, None
    objective = result.get("objective")
    return str(result["status"]), objective if isinstance(objective, (int, float)) else None, result
