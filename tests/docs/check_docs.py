#!/usr/bin/env python3
"""The documents are true of the command: README.md and docs/*.md checked
against `milp-sac` itself. Run by meson (suite docs) with MILPSAC_BIN and
MILPSAC_SOURCE set.

1. Every `milp-sac ...` command line in a fenced code block runs from the
   repository root as written (the CLI path replaced by MILPSAC_BIN; files it
   writes go to a scratch folder): exit 0, and stdout one JSON object with
   "schema": 1 unless the command asks for a table or writes elsewhere, and
   each of its top-level keys is documented in docs/json.md.
2. Every inline command template (`milp-sac COMMAND [--option ...]`) names a
   subcommand and options that its --help lists.
3. Every option row of docs/cli.md's tables (| `--option ...` | default | ...)
   under a `milp-sac COMMAND` heading is an option of that command, and its
   default column says what --help says.
Prints one line per problem; exit 1 when there is any."""
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

BIN = os.environ.get("MILPSAC_BIN")
SOURCE = os.environ.get("MILPSAC_SOURCE")
FENCE = re.compile(r"^\s*```")
COMMAND_LINE = re.compile(r"^\s*(?:\$ )?(?:\S*/)?milp-sac\s+(.*)$")
INLINE = re.compile(r"`(?:\S*/)?milp-sac ([a-z][a-z-]*)((?: [^`]*)?)`")
OPTION = re.compile(r"--([a-z][a-z0-9-]*)")
HEADING = re.compile(r"^#+ .*`milp-sac ([a-z][a-z-]*)")
TABLE_ROW = re.compile(r"^\|\s*`(?:-\w, )?--([a-z][a-z0-9-]*)[^`]*`\s*\|\s*([^|]*?)\s*\|")
HELP_LINE = re.compile(r"^\s+(?:-\w, )?--([a-z][a-z0-9-]*)(.*)$")
HELP_DEFAULT = re.compile(r"default: ([^)]*)\)\s*$")


def documents():
    return [os.path.join(SOURCE, "README.md")] + sorted(glob.glob(os.path.join(SOURCE, "docs", "*.md")))


def subcommands():
    out = subprocess.run([BIN, "--help"], capture_output=True, text=True, timeout=60).stdout
    block = out.split("commands:", 1)[1] if "commands:" in out else ""
    return {m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*) ", block, re.M)}


def help_options(command, cache={}):
    """{option: default text or None} from `milp-sac COMMAND --help`."""
    if command not in cache:
        p = subprocess.run([BIN, command, "--help"], capture_output=True, text=True, timeout=60)
        options = {}
        for line in p.stdout.splitlines():
            m = HELP_LINE.match(line)
            if m:
                d = HELP_DEFAULT.search(m.group(2))
                options[m.group(1)] = d.group(1).strip() if d else None
        cache[command] = options if p.returncode == 0 else None
    return cache[command]


def rel(path):
    return os.path.relpath(path, SOURCE)


def fenced_commands(path):
    inside = False
    output = False  # a ```text block shows what a command printed, not a command
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if FENCE.match(line):
            inside = not inside
            output = inside and line.strip() == "```text"
        elif inside and not output:
            m = COMMAND_LINE.match(line)
            if m:
                yield number, m.group(1).split(" #", 1)[0].strip()


def run_example(where, args, scratch):
    """Problems with one documented command line (empty: it works)."""
    argv = shlex.split(args)
    # Outputs named by -o/--output/--write-solution/--plot/--plot-memory go to the scratch folder.
    for i, a in enumerate(argv[:-1]):
        if a in ("-o", "--output", "--write-solution", "--plot", "--plot-memory") and argv[i + 1] != "-":
            argv[i + 1] = os.path.join(scratch, os.path.basename(argv[i + 1]))
    p = subprocess.run([BIN, *argv], cwd=SOURCE, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return [f"{where}: `milp-sac {args}` exits {p.returncode}: {p.stderr.strip()[:300]}"]
    table = "--format table" in args or "--format=table" in args
    to_stdout_raw = re.search(r"(?:-o|--output) -(\s|$)", args) is not None
    if table or to_stdout_raw or "--help" in argv or "--version" in argv:
        return [] if p.stdout.strip() else [f"{where}: `milp-sac {args}` prints nothing"]
    if not p.stdout.strip():
        writes_json_elsewhere = re.search(r"(?:-o|--output) ", args) and argv[0] != "export-mps"
        return [] if writes_json_elsewhere else [f"{where}: `milp-sac {args}` prints nothing"]
    try:
        out = json.loads(p.stdout)
    except ValueError as e:
        return [f"{where}: `milp-sac {args}` does not print JSON ({e})"]
    if not isinstance(out, dict) or out.get("schema") != 1:
        return [f"{where}: `milp-sac {args}`: JSON without \"schema\": 1"]
    with open(os.path.join(SOURCE, "docs", "json.md"), encoding="utf-8") as f:
        documented = f.read()
    return [f"{where}: `milp-sac {args}` prints key {k!r}, not in docs/json.md" for k in out
            if f"`{k}`" not in documented]


def check_inline(where, command, rest, known):
    if command not in known:
        return [f"{where}: `milp-sac {command}`: no such subcommand"]
    options = help_options(command)
    if options is None:
        return [f"{where}: `milp-sac {command} --help` fails"]
    return [f"{where}: `milp-sac {command}` has no option --{o}" for o in OPTION.findall(rest) if o not in options]


def check_cli_tables(path, known):
    problems = []
    command = None
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        h = HEADING.match(line)
        if h:
            command = h.group(1) if h.group(1) in known else None
        elif line.startswith("#"):
            command = None
        m = TABLE_ROW.match(line)
        if not (m and command):
            continue
        option, default = m.group(1), m.group(2).replace("\\|", "|").replace("`", "").strip()
        options = help_options(command) or {}
        where = f"{rel(path)}:{number}"
        if option not in options:
            problems.append(f"{where}: `milp-sac {command}` has no option --{option}")
        elif options[option] is not None and default and default != options[option]:
            problems.append(f"{where}: --{option} default {default!r} in the table, {options[option]!r} in --help")
    return problems


def main():
    if not BIN or not SOURCE:
        print("MILPSAC_BIN and MILPSAC_SOURCE must be set (run through meson test)")
        return 1
    known = subcommands()
    problems, examples, templates = [], 0, 0
    scratch = tempfile.mkdtemp(prefix="milpsac-docs-")
    try:
        for path in documents():
            for number, args in fenced_commands(path):
                examples += 1
                problems += run_example(f"{rel(path)}:{number}", args, scratch)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                for m in INLINE.finditer(line):
                    templates += 1
                    problems += check_inline(f"{rel(path)}:{number}", m.group(1), m.group(2), known)
        problems += check_cli_tables(os.path.join(SOURCE, "docs", "cli.md"), known)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for p in problems:
        print(p)
    print(f"{examples} example commands run, {templates} command templates checked, {len(problems)} problems")
    if examples == 0:
        print("no example command found (README.md moved?)")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
