"""propose_sharding takes every option `milp-sac shard` takes (variant ~ --2d,
storage_reservation, time_limit, proposals, exact) and gives the CLI's JSON for
each, key for key; bad option values are a ValueError as the CLI's exit 2.
Inputs: the bundled example and one generated here."""
import json
import pathlib

import pytest

import milp_sac
from test_other_jobs import sharding_input

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "sharding_input.json"

CASES = [
    ({}, []),
    ({"variant": "2d"}, ["--2d"]),
    ({"storage_reservation": 0.0}, ["--storage-reservation", "0"]),
    ({"storage_reservation": 0.4}, ["--storage-reservation", "0.4"]),
    ({"time_limit": 60}, ["--time-limit", "60"]),
    ({"proposals": True}, ["--proposals"]),
    ({"exact": True}, ["--exact"]),
    ({"variant": "2d", "proposals": True, "exact": True, "storage_reservation": 0.25, "time_limit": 60},
     ["--2d", "--proposals", "--exact", "--storage-reservation", "0.25", "--time-limit", "60"]),
]


def without_clock(out):
    """The exact selection's wall seconds differ from run to run; nothing else may."""
    out = json.loads(json.dumps(out))
    if "exact" in out:
        out["exact"].pop("seconds", None)
    return out


@pytest.mark.parametrize("kwargs, flags", CASES)
@pytest.mark.parametrize("which", ["example", "generated"])
def test_every_cli_option_gives_the_cli_json(kwargs, flags, which, tmp_path, cli):
    if which == "example":
        path = EXAMPLE
        document = json.loads(EXAMPLE.read_text())
    else:
        document = sharding_input()
        path = tmp_path / "plan.json"
        path.write_text(json.dumps(document))
    code, out, stderr = cli("shard", path, *flags)
    assert out is not None, stderr
    from_path = milp_sac.propose_sharding(path, **kwargs)
    from_dict = milp_sac.propose_sharding(document, **kwargs)
    assert (code == 0) == (from_path["status"] == "feasible")
    assert without_clock(from_path) == without_clock(out)
    assert list(from_path) == list(out)
    assert without_clock(from_dict) == without_clock(out)
    # The options did what they say.
    if "storage_reservation" in kwargs:
        assert from_path["storage_reservation"] == kwargs["storage_reservation"]
    assert ("proposals" in from_path) == bool(kwargs.get("proposals"))
    assert ("exact" in from_path) == bool(kwargs.get("exact"))
    assert from_path["variant"] == kwargs.get("variant", "1d")


@pytest.mark.parametrize("kwargs, flags, words", [
    ({"storage_reservation": 1.0}, ["--storage-reservation", "1"], "storage_reservation: must be a fraction in [0, 1)"),
    ({"storage_reservation": -0.1}, ["--storage-reservation", "-0.1"], "storage_reservation: must be a fraction"),
    ({"time_limit": 0}, ["--time-limit", "0"], "time_limit: must be > 0 s"),
    ({"time_limit": "soon"}, None, "time_limit: expected a number"),
    ({"storage_reservation": "half"}, None, "storage_reservation: expected a number"),
])
def test_bad_option_is_value_error_as_the_cli_exits_2(kwargs, flags, words, cli):
    with pytest.raises(ValueError) as error:
        milp_sac.propose_sharding(EXAMPLE, **kwargs)
    assert words in str(error.value)
    if flags is not None:
        code, _, stderr = cli("shard", EXAMPLE, *flags)
        assert code == 2
        assert words.split(":")[1] in stderr  # the same rule, the CLI names the flag


def test_stats_are_in_the_python_result():
    result = milp_sac.propose_sharding(EXAMPLE)
    assert result["status"] == "feasible"
    stats = result["stats"]
    assert stats["perf_max_ms"] == pytest.approx(max(d["perf_ms"] for d in result["devices"]))
    assert stats["perf_total_ms"] == pytest.approx(sum(d["perf_ms"] for d in result["devices"]))
    for d in result["devices"]:
        assert d["hbm_used_percent"] == pytest.approx(100 * d["hbm_bytes"] / d["hbm_capacity_bytes"])
        assert d["shards"] == sum(d["shards_by_type"].values())
    shards = sum(len(t["shards"]) for t in result["tables"])
    assert sum(stats["shards_by_type"].values()) == shards


def test_time_limit_counts_the_reading_as_the_cli_does(tmp_path, cli):
    path = tmp_path / "plan.json"
    path.write_text(EXAMPLE.read_text())
    result = milp_sac.propose_sharding(path, time_limit=1e-9)
    code, out, _ = cli("shard", path, "--time-limit", "1e-9")
    assert code == 1
    assert result == out
    assert result["status"] == "time_limit" and "tables" not in result
    assert result["message"].startswith(f"{path}: time limit reached while reading")
