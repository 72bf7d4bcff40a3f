"""Reliability of the Python module (issue 25, item 6): names and messages
that are not UTF-8, NUL bytes in paths, the MPS and JSON size limits the CLI applies, and
calls from several threads at once (the GIL is released while solving).
Inputs are the bundled examples/ and files written to tmp_path."""
import concurrent.futures
import json
import pathlib

import pytest

import milp_sac
from conftest import cli_error

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


def write_mps(path, column_name: bytes, cost: str = "1"):
    path.write_bytes(b"NAME n\nROWS\n N obj\n L c\nCOLUMNS\n " + column_name + b" obj " + cost.encode() +
                     b" c 1\nRHS\n rhs c 1\nBOUNDS\n UP b " + column_name + b" 1\nENDATA\n")


# Byte sequences a lax UTF-8 check took for UTF-8 but Python's decoder refuses.
@pytest.mark.parametrize("raw", [b"x\xed\xa0\x80", b"x\xf4\x90\x80\x80", b"x\xc0\xaf", b"x\xe0\x80\xaf", b"x\xff"])
def test_names_that_are_not_utf8_come_back_as_latin1(raw, tmp_path):
    path = tmp_path / "names.mps"
    write_mps(path, raw, cost="-1")
    result = milp_sac.solve_mps(path)
    assert result["status"] == "optimal"
    assert list(result["x"]) == [raw.decode("latin-1")]
    assert result["x"][raw.decode("latin-1")] == pytest.approx(1.0)


def test_bad_utf8_in_json_is_a_value_error_naming_the_file(tmp_path):
    path = tmp_path / "graph.json"
    path.write_bytes(b'{"nodes": [{"name": "\xff\xfe", "stage": "placeholder", "saved": true, '
                     b'"out_bytes": 1, "inputs": []}]}')
    with pytest.raises(ValueError) as error:
        milp_sac.analyze_graph(path)
    assert str(path) in str(error.value)
    assert "UTF-8" in str(error.value)


def test_a_nul_byte_in_a_path_is_refused_not_cut(tmp_path):
    graph = EXAMPLES / "autograd_graph.json"
    with pytest.raises(ValueError, match="NUL"):
        milp_sac.analyze_graph(str(graph) + "\0ignored")
    with pytest.raises(ValueError, match="NUL"):
        milp_sac.solve_mps(str(EXAMPLES / "smalllp.mps") + "\0x")


def test_a_cost_at_the_mps_infinity_is_refused_as_by_the_cli(tmp_path):
    path = tmp_path / "huge.mps"
    write_mps(path, b"x", cost="-1e308")
    with pytest.raises(ValueError, match=r"huge\.mps: objective coefficient -1e\+308 of column 'x'"):
        milp_sac.solve_mps(path)


@pytest.mark.parametrize("call, command, size, limit", [
    (lambda p: milp_sac.propose_sharding(p), ["shard"], 64 << 20, "64 MiB"),
    (lambda p: milp_sac.solve_policy(p, 0.5), ["policy", "--budget", "0.5"], 64 << 20, "64 MiB"),
    (lambda p: milp_sac.plan_sac(p, 1.0), ["sac", "--budget", "1"], 64 << 20, "64 MiB"),
    (lambda p: milp_sac.analyze_graph(p), ["analyze"], 512 << 20, "512 MiB"),
])
def test_a_json_file_past_its_size_limit_is_refused_as_by_the_cli(call, command, size, limit, tmp_path, cli):
    # A sparse file one byte past the limit: refused by its size, before it is read.
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(size + 1)
    code, _, stderr = cli(command[0], path, *command[1:])
    assert code == 2
    message = cli_error(stderr, command[0])
    assert str(path) in message and limit in message
    with pytest.raises(ValueError) as error:
        call(path)
    assert str(error.value) == message


def test_calls_from_four_threads_match_serial_calls():
    graph = json.loads((EXAMPLES / "autograd_graph.json").read_text())
    jobs = [
        lambda: milp_sac.solve_mps(EXAMPLES / "smalllp.mps"),
        lambda: milp_sac.analyze_graph(graph),
        lambda: milp_sac.propose_sharding(EXAMPLES / "sharding_input.json"),
        lambda: milp_sac.analyze_graph(EXAMPLES / "autograd_graph.json"),
    ] * 4

    def strip(result):  # wall-clock seconds differ between runs
        return {k: v for k, v in result.items() if not k.endswith("seconds")} if isinstance(result, dict) else result

    serial = [strip(job()) for job in jobs]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        parallel = [strip(f.result()) for f in [pool.submit(job) for job in jobs]]
    assert parallel == serial
