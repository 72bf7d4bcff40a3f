"""Bad input raises ValueError with the message the CLI prints after
"error:" (file or source, module, field, what is wrong); never a crash."""
import copy
import re
import json
import math
import os

import pytest

import milp_sac
from conftest import REPO, cli_error, instances

EXAMPLES = REPO / "examples"


def small_info():
    return json.loads(instances("sac", "transformer_l4.json").read_text())


def test_missing_field_names_module_and_field():
    info = small_info()
    del info["mod_stats"][1]["act_total"]
    fqn = info["mod_stats"][1]["fqn"]
    with pytest.raises(ValueError, match=re.escape(f"act_total (module '{fqn}'): missing")):
        milp_sac.plan_sac(info, 1.0, 4)


def test_nan_field_is_named():
    info = small_info()
    info["mod_stats"][2]["fw_runtime_per_module"] = math.nan
    with pytest.raises(ValueError, match="fw_runtime_per_module"):
        milp_sac.sac_milp(info, 1.0, 4)


@pytest.mark.parametrize("mutate, command", [
    (lambda i: i["mod_stats"][0].update(param_per_module="lots"), "sac"),
    (lambda i: i["mod_order"]["fw_post_order"].pop(), "sac"),
    (lambda i: i["mod_stats"][3].pop("fqn"), "sac"),
])
def test_same_message_as_cli(mutate, command, tmp_path, cli):
    info = small_info()
    mutate(info)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(info))
    code, _, stderr = cli(command, path, "--budget", "1")
    assert code == 2
    with pytest.raises(ValueError) as error:
        milp_sac.plan_sac(path, 1.0)
    assert str(error.value) == cli_error(stderr, command)


def test_policy_bad_file_same_message_as_cli(tmp_path, cli):
    stats = json.loads(instances("policy", "pytorch_sac_per_module_policy_cases.json").read_text())["sac_stats"]
    stats = copy.deepcopy(stats)
    stats["inplace_ops"][1][1] = 99
    path = tmp_path / "stats.json"
    path.write_text(json.dumps(stats))
    code, _, stderr = cli("policy", path, "--budget", "0.5")
    assert code == 2
    with pytest.raises(ValueError) as error:
        milp_sac.solve_policy(path, 0.5)
    assert str(error.value) == cli_error(stderr, "policy")
    with pytest.raises(ValueError, match=r"inplace_ops\[1\]\[1\]"):
        milp_sac.get_optimal_checkpointing_policy_per_module(stats, 0.5)


def test_policy_object_missing_attribute():
    class Partial:
        func_names = ["aten.mm"]
    with pytest.raises(TypeError, match="runtimes"):
        milp_sac.get_optimal_checkpointing_policy_per_module(Partial(), 0.5)


@pytest.mark.parametrize("kwargs, match", [
    ({"memory_budget": 0}, "budget"),
    ({"memory_budget": -1}, "budget"),
    ({"memory_budget": math.inf}, "budget"),
    ({"memory_budget": "two"}, "memory_budget"),
    ({"memory_budget": 1, "world_size": 0}, "world"),
    ({"memory_budget": 1, "world_size": 1.5}, "world_size"),
    ({"memory_budget": 1, "ac_units": ["No.Such.Module"]}, "No.Such.Module"),
    ({"memory_budget": 1, "fsdp_units": "Transformer"}, "fsdp_units"),
])
def test_bad_request(kwargs, match):
    with pytest.raises(ValueError, match=match):
        milp_sac.plan_sac(small_info(), **kwargs)


def test_missing_file():
    with pytest.raises(ValueError, match="no-such-file.json"):
        milp_sac.sac_milp("/nonexistent/no-such-file.json", 1.0)


def test_wrong_type_is_type_error():
    with pytest.raises(TypeError, match="ilp_utils.Graph"):
        milp_sac.sac_milp(42, 1.0)


def test_malformed_mps_names_file_and_line(tmp_path, cli):
    path = tmp_path / "bad.mps"
    path.write_text("NAME bad\nROWS\n N obj\n L c1\nCOLUMNS\n x obj notanumber\nENDATA\n")
    code, _, stderr = cli("solve", path)
    assert code == 2
    with pytest.raises(ValueError) as error:
        milp_sac.solve_mps(path)
    assert str(error.value) == cli_error(stderr, "solve")
    assert "bad.mps" in str(error.value)


def test_bad_sharding_and_graph_inputs():
    with pytest.raises(ValueError, match="plan_input"):
        milp_sac.propose_sharding({"topology": {"world_size": 0}, "options": []})
    with pytest.raises(ValueError, match="variant"):
        milp_sac.propose_sharding({"topology": {"world_size": 1}, "options": []}, variant="3d")
    with pytest.raises(ValueError, match="graph"):
        milp_sac.analyze_graph({"nodes": [{"name": "a", "stage": "forward", "saved": True, "out_bytes": 1,
                                           "inputs": ["missing"]}]})


# Every call that reads a file, with the CLI command that reads the same kind of file.
FILE_READERS = [
    (lambda p: milp_sac.analyze_graph(p), ["analyze"]),
    (lambda p: milp_sac.propose_sharding(p), ["shard"]),
    (lambda p: milp_sac.solve_policy(p, 0.5), ["policy", "--budget", "0.5"]),
    (lambda p: milp_sac.sweep_policy(p), ["policy", "--budget", "0.5"]),
    (lambda p: milp_sac.get_optimal_checkpointing_policy_per_module(p, 0.5), ["policy", "--budget", "0.5"]),
    (lambda p: milp_sac.plan_sac(p, 1.0), ["sac", "--budget", "1"]),
    (lambda p: milp_sac.sac_milp(p, 1.0), ["sac", "--budget", "1"]),
    (lambda p: milp_sac.sweep_sac(p), ["sac", "--budget", "1"]),
    (lambda p: milp_sac.get_peak_memory_runtime_baseline(p), ["baseline"]),
    (lambda p: milp_sac.solve_mps(p), ["solve"]),
]
BAD_FILES = {
    "truncated.json": b'{"a": ',
    "empty.json": b"",
    "list.json": b"[1, 2]",
    "no_fields.json": b"{}",
    "bad_utf8.json": b'{"x": "\xff"}',
    "a_directory": None,
    "missing.json": "missing",
}


@pytest.mark.parametrize("read, command", FILE_READERS)
@pytest.mark.parametrize("name", list(BAD_FILES))
def test_every_file_reader_names_the_file_as_the_cli_does(read, command, name, tmp_path, cli):
    path = tmp_path / name
    content = BAD_FILES[name]
    if content is None:
        path.mkdir()
    elif content != "missing":
        path.write_bytes(content)
    with pytest.raises(ValueError) as error:
        read(path)
    message = str(error.value)
    assert message.startswith(f"{path}:"), message
    assert len(message) > len(str(path)) + 8  # says what is wrong, not only where
    code, _, stderr = cli(command[0], path, *command[1:])
    assert code == 2
    assert message == cli_error(stderr, command[0])


def _nul_after_document(path, source):
    """`source`'s text with a NUL byte and more text after the document: the
    parser used to stop at the NUL and ignore the rest (issue 46, item 5)."""
    body = source.read_bytes().rstrip()
    path.write_bytes(body + b"\0{\"more\": 1}")
    return len(body)


@pytest.mark.parametrize("call, example", [
    (lambda p: milp_sac.plan_sac(p, 1.0), "transformer_l4.json"),
    (lambda p: milp_sac.solve_policy(p, 0.5), "sac_stats.json"),
    (lambda p: milp_sac.analyze_graph(p), "autograd_graph.json"),
    (lambda p: milp_sac.propose_sharding(p), "sharding_input.json"),
])
def test_nul_byte_is_an_error_naming_file_and_offset(call, example, tmp_path):
    path = tmp_path / "nul.json"
    offset = _nul_after_document(path, EXAMPLES / example)
    with pytest.raises(ValueError, match=re.escape(f"{path}: invalid JSON: NUL byte at byte offset {offset} ")):
        call(path)


def test_latin1_names_that_collide_keep_every_column(tmp_path, cli):
    """c\\xe9 (Latin-1) and c\\xc3\\xa9 (UTF-8) both read "cé": the Latin-1 one
    is named "cé~2", so the dict (and the CLI's JSON) keeps both values
    (issue 46, item 6)."""
    path = tmp_path / "latin1.mps"
    path.write_bytes(b"NAME\nROWS\n N obj\n L r\nCOLUMNS\n    c\xe9 obj -1 r 1\n    c\xc3\xa9 obj -2 r 1\n"
                     b"RHS\n    rhs r 1\nBOUNDS\n UP bnd c\xe9 1\n UP bnd c\xc3\xa9 0.5\nENDATA\n")
    result = milp_sac.solve_mps(path)
    assert result["x"] == {"cé": 0.5, "cé~2": 0.5}
    assert any("named 'cé~2'" in w for w in result["warnings"])
    code, out, _ = cli("solve", path)
    assert code == 0 and out["x"] == {"cé": 0.5, "cé~2": 0.5}


# Python argument edges (issue 46, item 8): each a ValueError naming the argument.
def test_ac_units_generator_is_read_once():
    """A generator used to be consumed by the check, then read as no restriction."""
    info = small_info()
    every = milp_sac.plan_sac(info, 2.0, 4)
    assert len(every.ac_decisions) >= 2
    one = list(every.ac_decisions)[:1]
    from_list = milp_sac.plan_sac(info, 2.0, 4, ac_units=one)
    from_generator = milp_sac.plan_sac(info, 2.0, 4, ac_units=(f for f in one))
    assert from_generator.status == from_list.status != every.status  # one unit is not enough at 2 GiB
    assert from_generator.ac_decisions == from_list.ac_decisions


@pytest.mark.parametrize("kwargs, name", [
    ({"memory_budget": __import__("numpy").bool_(True)}, "memory_budget"),
    ({"memory_budget": True}, "memory_budget"),
    ({"world_size": __import__("numpy").bool_(True)}, "world_size"),
    ({"gap": math.inf}, "gap"),
    ({"time_limit": math.inf}, "time_limit"),
    ({"world_size": 2**31}, "world_size"),
    ({"world_size": 10**30}, "world_size"),
])
def test_plan_sac_argument_edges(kwargs, name):
    args = {"memory_budget": 4.0, "world_size": 4} | kwargs
    with pytest.raises(ValueError, match=f"^{name}: "):
        milp_sac.plan_sac(small_info(), **args)


@pytest.mark.parametrize("kwargs, name", [({"points": 2**31}, "points"), ({"threads": 2**40}, "threads"),
                                          ({"world_size": 2**31}, "world_size"), ({"gap": math.inf}, "gap")])
def test_sweep_sac_argument_edges(kwargs, name):
    with pytest.raises(ValueError, match=f"^{name}: "):
        milp_sac.sweep_sac(small_info(), **kwargs)


def test_node_limit_past_int64_and_plan_many_threads():
    with pytest.raises(ValueError, match="^node_limit: "):
        milp_sac.solve_mps(REPO / "examples" / "smalllp.mps", node_limit=2**63)
    with pytest.raises(ValueError, match="^threads: "):
        milp_sac.plan_many([(small_info(), 4.0, 4)], threads=2**31)


def test_path_with_a_lone_surrogate_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="lone surrogate"):
        milp_sac.plan_sac(str(tmp_path / "x\ud800.json"), 4.0)
    # A surrogate that stands for a byte (a name that is not UTF-8, as os.listdir gives it) is that file.
    undecodable = tmp_path / os.fsdecode(b"info\xe9.json")
    undecodable.write_bytes((EXAMPLES / "transformer_l4.json").read_bytes())
    assert milp_sac.plan_sac(undecodable, 4.0, 4).status in ("optimal", "feasible")


def test_messages_from_layers_without_the_file_name_it(tmp_path):
    """sac_runtime summing past 1e300 and the sharding placement rules used to
    give messages without the file (issue 46, item 8); the CLI named it."""
    info = small_info()
    for m in info["mod_stats"]:
        m["sac_runtime"] = 1e299
    path = tmp_path / "runtimes.json"
    path.write_text(json.dumps(info))
    for call in (lambda: milp_sac.plan_sac(path, 4.0, 4), lambda: milp_sac.sweep_sac(path, 4)):
        with pytest.raises(ValueError, match=re.escape(f"{path}: sac_runtime: ")):
            call()
    with pytest.raises(ValueError, match="^module_info: sac_runtime: "):
        milp_sac.plan_sac(info, 4.0, 4)
    shard = json.loads((EXAMPLES / "sharding_input.json").read_text())
    shard["options"][0]["placement"] = "nowhere"
    shard_path = tmp_path / "placement.json"
    shard_path.write_text(json.dumps(shard))
    with pytest.raises(ValueError, match=re.escape(f"{shard_path}: options[0] (table 'ebc.user_id'): ")):
        milp_sac.propose_sharding(shard_path)
