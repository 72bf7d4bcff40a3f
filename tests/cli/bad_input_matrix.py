#!/usr/bin/env python3
"""The bad-input matrix: every subcommand of milp-sac against every class of
bad input. The contract checked for each case:

  - exit code 2 (bad input or usage), never a crash (signal, exit 3) or a hang;
  - exactly one message on stderr, naming the file (and the field or option
    where the case has one);
  - stdout empty or valid JSON;
  - done within a generous per-case timeout (a hang guard, not a timing test).

Cases where a value may legitimately be accepted (a negative number in a field
that allows it, 1e308) only require "exit 0, 1 or 2, no crash, stdout empty or
JSON". Run by meson (suite cli) with MILPSAC_BIN and MILPSAC_TEST_DATA set.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

BIN = os.environ.get("MILPSAC_BIN")
SHARED = os.environ.get("MILPSAC_TEST_DATA")
SOURCE = os.environ.get("MILPSAC_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
TIMEOUT = float(os.environ.get("MILPSAC_CASE_TIMEOUT", "60"))  # hang guard; typical cases take < 0.1 s

INSTANCES = os.path.join(SHARED or "", "instances")
FUZZ = os.path.join(SOURCE, "tests", "fuzz", "corpus")

# subcommand -> (valid input file, flags that make a valid run, JSON input?)
COMMANDS = {
    "sac": (os.path.join(INSTANCES, "sac", "gpt4.json"), ["--budget", "4"], True),
    "baseline": (os.path.join(INSTANCES, "sac", "gpt4.json"), [], True),
    "export-mps": (os.path.join(INSTANCES, "sac", "gpt4.json"), ["--budget", "4", "-o", "@WORK@/out.mps"], True),
    "policy": (os.path.join(FUZZ, "sac_stats", "bare.json"), ["--budget", "0.5"], True),
    "shard": (os.path.join(FUZZ, "plan_input", "plan.json"), [], True),
    "analyze": (os.path.join(FUZZ, "autograd_graph", "E1_relu_of_matmul.json"), [], True),
    "solve": (os.path.join(INSTANCES, "lp", "edge", "test.mps"), [], False),
    "evaluate": (os.path.join(SOURCE, "examples", "transformer_l4.json"),
                 ["--plan", os.path.join(SOURCE, "examples", "transformer_l4_sac_milp_plan.json")], True),
}

# Numeric options of each subcommand: (option, values that must be refused).
LIMITS = {
    "sac": [("--budget", ["-1", "nan", "inf"]), ("--gap", ["-1", "nan"]), ("--time-limit", ["-1", "0", "nan"])],
    "export-mps": [("--budget", ["-1", "nan", "inf"])],
    "evaluate": [("--budget", ["-1", "nan", "inf"]), ("--world-size", ["0", "nan"])],
    "policy": [("--budget", ["-1", "nan", "1.5"]), ("--gap", ["-1", "nan"])],
    "solve": [("--gap", ["-1", "nan"]), ("--time-limit", ["-1", "0", "nan"]), ("--node-limit", ["-1", "0", "nan"]),
              ("--max-model-memory", ["-1", "0", "nan"])],
}
# Zero budgets: a valid question for some jobs (policy: keep nothing), so any clean exit.
ZERO_BUDGET = {"sac": "0", "export-mps": "0", "policy": "0"}


class Case:
    def __init__(self, command, name, content=None, path=None, flags=None, must_name=(), strict=True):
        self.command, self.name = command, name
        self.content, self.path = content, path
        self.flags = flags
        self.must_name = list(must_name)  # strings the message must contain (besides the file)
        self.strict = strict  # False: exit 0/1 also fine


def run(case, workdir):
    valid_file, valid_flags, _ = COMMANDS[case.command]
    if case.path is not None:
        path = case.path
    elif case.content is not None:
        path = os.path.join(workdir, "in" + (".json" if COMMANDS[case.command][2] else ".mps"))
        with open(path, "wb") as f:
            f.write(case.content)
    else:
        path = valid_file
    flags = valid_flags if case.flags is None else case.flags
    flags = [f.replace("@WORK@", workdir) for f in flags]
    argv = [BIN, case.command] + ([] if case.path == "" else [path]) + flags
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "no answer within %.0f s (hang?)" % TIMEOUT
    out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    problems = []
    if p.returncode < 0:
        problems.append("killed by signal %d" % -p.returncode)
    elif case.strict and p.returncode != 2:
        problems.append("exit %d, expected 2" % p.returncode)
    elif not case.strict and p.returncode not in (0, 1, 2):
        problems.append("exit %d, expected 0, 1 or 2" % p.returncode)
    if out.strip() and case.command != "export-mps" or (case.command == "export-mps" and p.returncode == 2 and out.strip()):
        try:
            json.loads(out)
        except ValueError:
            problems.append("stdout is neither empty nor JSON: %r" % out[:120])
    if p.returncode == 2:
        lines = [l for l in err.splitlines() if l.strip()]
        if len(lines) != 1:
            problems.append("%d lines on stderr, expected one message: %r" % (len(lines), err[:300]))
        message = lines[0] if lines else ""
        name = "<stdin>" if path == "-" else path
        named_file = name in message or os.path.basename(name) in message
        is_flag_case = case.content is None and (case.path is None or case.path == "")
        if not named_file and not is_flag_case:
            problems.append("message does not name the file: %r" % message)
        for piece in case.must_name:
            if piece not in message:
                problems.append("message does not name %r: %r" % (piece, message))
    return "; ".join(problems)


def numeric_leaves(doc, path=()):
    """Paths of number leaves, depth first."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from numeric_leaves(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from numeric_leaves(v, path + (i,))
    elif isinstance(doc, (int, float)) and not isinstance(doc, bool):
        yield path


def replaced(doc, path, value):
    doc = json.loads(json.dumps(doc))
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


def field_name(path):
    for k in reversed(path):
        if isinstance(k, str):
            return k
    return ""


def json_cases(command, text):
    doc = json.loads(text)
    leaves = list(numeric_leaves(doc))
    # A few leaves spread over the document, always the same ones.
    picks = [leaves[i * len(leaves) // 4] for i in range(4)] if len(leaves) >= 4 else leaves
    cases = []
    for path in picks:
        field = field_name(path)
        dump = lambda d: json.dumps(d).encode()
        cases.append(Case(command, "wrong type at %s" % field, dump(replaced(doc, path, "oops")), must_name=[field]))
        cases.append(Case(command, "list instead of number at %s" % field, dump(replaced(doc, path, [1])), must_name=[field]))
        for word in ("NaN", "Infinity", "-Infinity", "1e999"):
            marker = "__MARKER__"
            t = json.dumps(replaced(doc, path, marker)).replace('"%s"' % marker, word).encode()
            cases.append(Case(command, "%s at %s" % (word, field), t, must_name=[field]))
        for value in (-1, 0, 1e308, -1e308, 2**62, 0.5):
            cases.append(Case(command, "%r at %s" % (value, field), dump(replaced(doc, path, value)), strict=False))
    top = doc if isinstance(doc, dict) else {}
    inner = top.get("sac_stats", top) if command == "policy" else top
    for key in list(inner.keys()):
        if key in ("note", "source", "name", "cases", "expected", "proposer", "mem_bins_per_device",
                   "hbm_bins_per_device", "ddr_bins_per_device"):
            continue
        d = json.loads(text)
        target = d["sac_stats"] if command == "policy" and "sac_stats" in d else d
        del target[key]
        cases.append(Case(command, "missing key %s" % key, json.dumps(d).encode(), must_name=[key]))
    if top:
        first = next(iter(top))
        dup = text.replace("{", '{"%s": 0, ' % first, 1).encode()
        cases.append(Case(command, "duplicate key %s" % first, dup, must_name=[first]))
    if command == "analyze":  # sums of allowed values that overflow 64 bits
        big = [{"name": "n%d" % i, "stage": "forward", "out_bytes": 1, "fwd_flop": 2**62} for i in range(3)]
        cases.append(Case(command, "FLOP sum overflow", json.dumps({"nodes": big}).encode(), must_name=["fwd_flop"]))
    if command == "shard":  # counts that must be >= 1 (0 used to pass the reader: parsed as unsigned)
        for path in (("topology", "world_size"), ("topology", "local_world_size"), ("mem_bins_per_device",),
                     ("hbm_bins_per_device",), ("ddr_bins_per_device",)):
            d = replaced(doc, path, 0)
            cases.append(Case(command, "0 at %s" % path[-1], json.dumps(d).encode(), must_name=[path[-1]]))
    if command in ("sac", "baseline", "export-mps", "evaluate"):
        d = json.loads(text)
        for m in d["mod_stats"]:
            for field in ("param_per_module", "grad_total", "act_total", "act_fw_per_module", "sac_memory"):
                m[field] = 2**53
        cases.append(Case(command, "memory sum overflow", json.dumps(d).encode(), must_name=["mod_stats"]))
    cases.append(Case(command, "wrong document type", b"[1, 2, 3]"))
    cases.append(Case(command, "10^5-deep nesting", b"[" * 100000 + b"]" * 100000))
    cases.append(Case(command, "10^5-deep nesting in a field", b'{"x": ' + b"[" * 100000 + b"]" * 100000 + b"}"))
    cases.append(Case(command, "bare NaN document", b"NaN"))
    # A NUL byte used to end the text for the parser: the rest of the file
    # was ignored without a word (issue 46, item 5). The message gives the offset.
    raw = text.encode()
    body = raw.rstrip()
    cases.append(Case(command, "NUL byte after the document", body + b"\0{\"more\": 1}",
                      must_name=["NUL byte at byte offset %d" % len(body)]))
    cases.append(Case(command, "NUL byte inside a string", raw.replace(b'"', b'"\0', 1),
                      must_name=["NUL byte at byte offset %d" % (raw.index(b'"') + 1)]))
    return cases


def mps_cases(command, text):
    cases = [
        Case(command, "coefficient not a number", text.replace(b"COLUMNS\n", b"COLUMNS\n    X1 R1 abc\n", 1)),
        Case(command, "NaN coefficient", text.replace(b"COLUMNS\n", b"COLUMNS\n    X1 R1 NaN\n", 1)),
        Case(command, "1e999 coefficient", text.replace(b"COLUMNS\n", b"COLUMNS\n    X1 R1 1e999\n", 1)),
        Case(command, "no ENDATA", text.replace(b"ENDATA", b"")),
        Case(command, "unknown section", text.replace(b"ROWS", b"ROWZ", 1)),
        # Old MPS files use Latin-1 names: solved, and the JSON output stays valid.
        Case(command, "Latin-1 names", text.replace(b"x(1)", b"x\xe9"), strict=False),
        # Past the size guard (lp/model_size.h) at a lowered limit: refused,
        # the message naming the file and the sizes.
        Case(command, "past the size guard", huge_mps(), flags=["--max-model-memory", "0.01"], must_name=["too large"]),
    ]
    return cases


def huge_mps():
    """10^5 rows and 10^5 columns, each row with one entry: 1.4 MB of text, an estimated 0.07 GiB to solve."""
    n = 100000
    rows = b"".join(b" L r%d\n" % i for i in range(n))
    cols = b"".join(b"    x%d r%d 1\n" % (i, i) for i in range(n))
    return b"NAME huge\nROWS\n N obj\n" + rows + b"COLUMNS\n" + cols + b"RHS\n    rhs r0 1\nENDATA\n"


def cases_for(command, workdir):
    valid_file, valid_flags, is_json = COMMANDS[command]
    with open(valid_file, "rb") as f:
        text = f.read()
    rng = random.Random(7)
    cases = [
        Case(command, "empty file", b""),
        Case(command, "truncated file", text[: len(text) // 2]),
        Case(command, "binary garbage", bytes(rng.randrange(256) for _ in range(4096))),
        Case(command, "gzip garbage", b"\x1f\x8b" + bytes(rng.randrange(256) for _ in range(512))),
        Case(command, "100 MB of whitespace", b" \n\t" * (100 * 1024 * 1024 // 3)),
        Case(command, "a directory", path=workdir),
        Case(command, "a missing file", path=os.path.join(workdir, "no-such-file")),
        Case(command, "unknown flag", flags=valid_flags + ["--bogus"], must_name=["--bogus"]),
        Case(command, "missing input", path="", flags=valid_flags),
    ]
    if os.geteuid() != 0:  # root reads files whatever their mode
        unreadable = os.path.join(workdir, "unreadable")
        with open(unreadable, "wb") as f:
            f.write(text)
        os.chmod(unreadable, 0)
        cases.append(Case(command, "an unreadable file", path=unreadable))
    for option, values in LIMITS.get(command, []):
        rest = [a for i, a in enumerate(valid_flags) if a != option and (i == 0 or valid_flags[i - 1] != option)]
        for value in values:
            cases.append(Case(command, "%s %s" % (option, value), flags=rest + [option, value], must_name=[option]))
        cases.append(Case(command, "%s without a value" % option, flags=rest + [option], must_name=[option]))
    if command in ZERO_BUDGET:
        rest = [a for i, a in enumerate(valid_flags) if a != "--budget" and (i == 0 or valid_flags[i - 1] != "--budget")]
        cases.append(Case(command, "--budget 0", flags=rest + ["--budget", "0"], strict=False))
    cases += json_cases(command, text.decode()) if is_json else mps_cases(command, text)
    return cases


# Known failures in code the reliability work does not own: (command, case name)
# -> owner and reason. Reported as expected failures; a case that starts to pass
# is reported too, so the entry can be removed.
EXPECTED_FAILURES = {}


def main():
    if not BIN or not SHARED:
        print("MILPSAC_BIN and MILPSAC_TEST_DATA must be set (run through meson test)")
        return 1
    only = sys.argv[1:]
    failures, expected, fixed, total = [], [], [], 0
    workdir = tempfile.mkdtemp(prefix="milpsac-bad-input-")
    try:
        for command in COMMANDS:
            if only and command not in only:
                continue
            for case in cases_for(command, workdir):
                total += 1
                problem = run(case, workdir)
                key = (command, case.name)
                if key in EXPECTED_FAILURES:
                    (expected if problem else fixed).append((key, problem or EXPECTED_FAILURES[key]))
                elif problem:
                    failures.append((key, problem))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    for (command, name), problem in failures:
        print("FAIL %-10s %-40s %s" % (command, name, problem))
    for (command, name), why in expected:
        print("XFAIL %-10s %-40s %s" % (command, name, why))
    for (command, name), _ in fixed:
        print("XPASS %-10s %-40s now passes: remove it from EXPECTED_FAILURES" % (command, name))
    print("%d cases, %d failed, %d expected failures, %d unexpected passes" % (total, len(failures), len(expected), len(fixed)))
    return 1 if failures or fixed else 0


if __name__ == "__main__":
    sys.exit(main())
