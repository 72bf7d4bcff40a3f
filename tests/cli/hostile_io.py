#!/usr/bin/env python3
"""Hostile files and streams around the input and output (issue 25, items 5-6):

  - a FIFO with no writer, a directory and a character device (/dev/zero)
    given as input: exit 2 at once, the path named (reading would block
    forever or never end);
  - -o into a missing directory: exit 2, the path named;
  - a ModuleInfo whose fw_post_order contradicts the module tree: exit 2;
  - stdout that cannot take the output (/dev/full, closed, a broken pipe with
    SIGPIPE ignored): a non-zero exit (4) and a message, never exit 0 with
    the output lost.

Uses only the bundled examples/ and files made in a temp dir. Each run has a
generous timeout as a hang guard (not a timing test). Run by meson (suite cli)
with MILPSAC_BIN set.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile

BIN = os.environ.get("MILPSAC_BIN")
SOURCE = os.environ.get("MILPSAC_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(SOURCE, "examples")
TIMEOUT = 60

COMMANDS = {
    "sac": ["--budget", "4"],
    "policy": ["--budget", "0.5"],
    "shard": [],
    "analyze": [],
    "solve": [],
}
VALID = ("analyze", os.path.join(EXAMPLES, "autograd_graph.json"))

failures = []


def check(label, ok, detail=""):
    if not ok:
        failures.append(f"{label}: {detail}")


def run(args, **kwargs):
    return subprocess.run([BIN] + args, capture_output=True, timeout=TIMEOUT, **kwargs)


def main():
    if not BIN:
        print("MILPSAC_BIN must be set (run through meson test)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "fifo.json")
        os.mkfifo(fifo)
        directory = os.path.join(tmp, "dir.json")
        os.mkdir(directory)
        inputs = {"FIFO": fifo, "directory": directory}
        if os.path.exists("/dev/zero"):
            inputs["character device"] = "/dev/zero"
        for command, flags in COMMANDS.items():
            for kind, path in inputs.items():
                r = run([command, path] + flags)
                err = r.stderr.decode(errors="replace")
                check(f"{command} on a {kind}", r.returncode == 2 and path in err, f"exit {r.returncode}, {err!r}")
        # A ModuleInfo whose fw_post_order is its fw_pre_order (parents before
        # children) describes another problem: refused, not planned.
        with open(os.path.join(EXAMPLES, "transformer_l4.json"), encoding="utf-8") as f:
            info = json.load(f)
        info["mod_order"]["fw_post_order"] = list(info["mod_order"]["fw_pre_order"])
        bad_order = os.path.join(tmp, "post_is_pre.json")
        with open(bad_order, "w", encoding="utf-8") as f:
            json.dump(info, f)
        for command in ("sac", "baseline"):
            r = run([command, bad_order] + (["--budget", "1.2"] if command == "sac" else []))
            err = r.stderr.decode(errors="replace")
            check(f"{command}: fw_post_order equal to fw_pre_order",
                  r.returncode == 2 and bad_order in err and "fw_post_order" in err, f"exit {r.returncode}, {err!r}")
        missing = os.path.join(tmp, "missing", "out.json")
        r = run([VALID[0], VALID[1], "-o", missing])
        err = r.stderr.decode(errors="replace")
        check("-o into a missing directory", r.returncode == 2 and missing in err, f"exit {r.returncode}, {err!r}")

    # stdout that fails: the answer must not be reported delivered.
    if os.path.exists("/dev/full"):
        with open("/dev/full", "wb") as full:
            r = subprocess.run([BIN] + list(VALID), stdout=full, stderr=subprocess.PIPE, timeout=TIMEOUT)
        check("stdout /dev/full", r.returncode == 4 and b"standard output" in r.stderr, f"exit {r.returncode}")
    r = subprocess.run([BIN] + list(VALID), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=TIMEOUT,
                       preexec_fn=lambda: os.close(1))
    check("stdout closed", r.returncode == 4 and b"standard output" in r.stderr, f"exit {r.returncode}")
    read_end, write_end = os.pipe()
    os.close(read_end)  # no reader: every write is EPIPE

    def ignore_sigpipe():
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)

    r = subprocess.run([BIN] + list(VALID), stdout=write_end, stderr=subprocess.PIPE, timeout=TIMEOUT,
                       preexec_fn=ignore_sigpipe)
    os.close(write_end)
    check("stdout a broken pipe, SIGPIPE ignored", r.returncode == 4 and b"standard output" in r.stderr,
          f"exit {r.returncode}")

    for f in failures:
        print("FAIL", f)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
