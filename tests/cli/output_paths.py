#!/usr/bin/env python3
"""Output files (issue 46, item 7; src/common/output_file.h):

  - an output that is the input or another output of the same run is refused
    (exit 2, the option named, the input unchanged): the same path, "./F",
    a hard link, a symbolic link, and two outputs that do not exist yet;
  - a failed write never leaves a truncated file: with a file-size limit
    (RLIMIT_FSIZE) below the MPS, export-mps -o F fails and F keeps its old
    bytes, no temporary file is left; SIGINT at a few moments of export-mps
    leaves F either old or complete (ENDATA), never cut;
  - export-mps writes the column map after the MPS: when the MPS cannot be
    written, no map describes it;
  - a FIFO as output: with a reader the answer arrives whole; without one
    the run ends with "no reader" under its --time-limit (exit 2, no hang).

Uses examples/ and files made in a temp dir; the ModuleInfo for the SIGINT
case comes from milp-sac-synth (first argument). Timeouts are hang guards.
Run by meson (suite cli) with MILPSAC_BIN set.
"""
import glob
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time

BIN = os.environ.get("MILPSAC_BIN")
SOURCE = os.environ.get("MILPSAC_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(SOURCE, "examples")
TIMEOUT = 60

failures = []


def check(label, ok, detail=""):
    if not ok:
        failures.append(f"{label}: {detail}")


def run(args, **kwargs):
    try:
        r = subprocess.run([BIN] + args, capture_output=True, timeout=TIMEOUT, **kwargs)
    except subprocess.TimeoutExpired:
        return None, "", f"no exit after {TIMEOUT} s (hang guard)"
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def temporaries(folder):
    return glob.glob(os.path.join(folder, ".*.tmp"))


def collisions(tmp):
    info = os.path.join(tmp, "in.json")
    with open(info, "wb") as f:
        f.write(read(os.path.join(EXAMPLES, "transformer_l4.json")))
    mps = os.path.join(tmp, "m.mps")
    with open(mps, "wb") as f:
        f.write(read(os.path.join(EXAMPLES, "smalllp.mps")))
    os.link(info, os.path.join(tmp, "hard.json"))
    os.symlink("in.json", os.path.join(tmp, "soft.json"))
    before = read(info)
    sac = ["sac", "in.json", "--budget", "4", "--quiet"]
    export = ["export-mps", "in.json", "--budget", "4", "--quiet"]
    cases = [
        (sac + ["-o", "in.json"], "-o"),
        (sac + ["-o", "./in.json"], "-o"),
        (sac + ["--plot-memory", "in.json"], "--plot-memory"),
        (sac + ["-o", "hard.json"], "-o"),
        (sac + ["--plot-memory", "soft.json"], "--plot-memory"),
        (["sac", "in.json", "--quiet", "--budget-sweep", "--points", "3", "--plot", "in.json"], "--plot"),
        (sac + ["-o", "new.json", "--plot-memory", "sub/../new.json"], "--plot-memory"),
        (export + ["-o", "in.json"], "-o"),
        (export + ["-o", "out.mps", "--column-map", "in.json"], "--column-map"),
        (export + ["-o", "F", "--column-map", "F"], "--column-map"),
        (["solve", "m.mps", "--write-solution", "F", "-o", "F"], "--write-solution"),
        (["solve", "m.mps", "--write-solution", "m.mps"], "--write-solution"),
        (["evaluate", "in.json", "--plan", os.path.join(EXAMPLES, "transformer_l4_sac_milp_plan.json"), "-o",
          "in.json"], "-o"),
    ]
    os.mkdir(os.path.join(tmp, "sub"))
    for args, option in cases:
        code, out, err = run(args, cwd=tmp)
        label = " ".join(args)
        check(label, code == 2 and f"option {option}:" in err, f"exit {code}, {err!r}")
        check(label + ": input unchanged", read(info) == before and read(mps) == read(os.path.join(EXAMPLES, "smalllp.mps")))
        check(label + ": nothing written", not os.path.exists(os.path.join(tmp, "F"))
              and not os.path.exists(os.path.join(tmp, "new.json")), str(os.listdir(tmp)))
    # Distinct files are fine, and a symbolic link is written through.
    os.symlink("target.json", os.path.join(tmp, "link.json"))
    code, _, err = run(sac + ["-o", "link.json", "--plot-memory", "plot.svg"], cwd=tmp)
    check("sac -o LINK --plot-memory OTHER", code == 0 and os.path.islink(os.path.join(tmp, "link.json"))
          and read(os.path.join(tmp, "target.json")).startswith(b"{"), f"exit {code}, {err!r}")
    check("no temporary file left", not temporaries(tmp), str(temporaries(tmp)))


def no_truncated_file(tmp, synth):
    big = os.path.join(tmp, "big.json")
    subprocess.run([synth, "llama", "4000", "-o", big], check=True, timeout=TIMEOUT)
    out = os.path.join(tmp, "out.mps")
    export = ["export-mps", big, "--budget", "8", "--quiet", "-o", out]

    # A write that fails half-way (the file-size limit, SIGXFSZ ignored so
    # that write() returns EFBIG): the old file stays as it was.
    with open(out, "wb") as f:
        f.write(b"old\n")

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    code, _, err = run(export, preexec_fn=small_files)
    check("export-mps past RLIMIT_FSIZE", code == 2 and "option -o:" in err and out in err, f"exit {code}, {err!r}")
    check("export-mps past RLIMIT_FSIZE: the old file kept", read(out) == b"old\n", repr(read(out)[:40]))
    check("export-mps past RLIMIT_FSIZE: no temporary file", not temporaries(tmp), str(temporaries(tmp)))

    # The map after the MPS: an MPS that cannot be written leaves no map.
    code, _, err = run(["export-mps", big, "--budget", "8", "--quiet", "-o", os.path.join(tmp, "missing", "x.mps"),
                        "--column-map", os.path.join(tmp, "map.json")])
    check("export-mps into a missing folder", code == 2 and "missing" in err, f"exit {code}, {err!r}")
    check("no column map without its MPS", not os.path.exists(os.path.join(tmp, "map.json")))

    # SIGINT at a few moments: the file is the old one or a whole MPS.
    for delay in (0.05, 0.15, 0.25, 0.35, 0.5):
        with open(out, "wb") as f:
            f.write(b"old\n")
        p = subprocess.Popen([BIN] + export, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGINT)
        p.wait(timeout=TIMEOUT)
        data = read(out)
        check(f"export-mps SIGINT after {delay} s", data == b"old\n" or data.rstrip().endswith(b"ENDATA"),
              f"{len(data)} bytes ending {data[-20:]!r}")
        check(f"export-mps SIGINT after {delay} s: no temporary file", not temporaries(tmp), str(temporaries(tmp)))


def fifos(tmp):
    info = os.path.join(EXAMPLES, "transformer_l4.json")
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    for option in ("-o", "--plot-memory"):
        code, _, err = run(["sac", info, "--budget", "4", "--quiet", "--time-limit", "2", option, fifo])
        check(f"sac {option} FIFO without a reader", code == 2 and "no reader" in err and f"option {option}:" in err,
              f"exit {code}, {err!r}")
    got = []
    reader = threading.Thread(target=lambda: got.append(read(fifo)))
    reader.start()
    code, out, err = run(["sac", info, "--budget", "4", "--quiet", "--time-limit", "20", "-o", fifo])
    reader.join(TIMEOUT)
    _, expected, _ = run(["sac", info, "--budget", "4", "--quiet"])
    same = bool(got) and json.loads(got[0]) | {"seconds": 0} == json.loads(expected) | {"seconds": 0}
    check("sac -o FIFO with a reader", code == 0 and same, f"exit {code}, {err!r}, {got[0][:300] if got else None!r}, {expected[:300]!r}")


def descriptors(tmp):
    """-o /dev/stdout is the shell's redirection, whatever it leads to: a
    pipe, or a regular file (written in place, not beside /proc/self/fd)."""
    info = os.path.join(EXAMPLES, "transformer_l4.json")
    code, out, err = run(["sac", info, "--budget", "4", "--quiet", "-o", "/dev/stdout"])
    check("sac -o /dev/stdout into a pipe", code == 0 and json.loads(out)["status"] == "optimal", f"exit {code}, {err!r}")
    redirected = os.path.join(tmp, "redirected.json")
    with open(redirected, "wb") as f:
        r = subprocess.run([BIN, "sac", info, "--budget", "4", "--quiet", "-o", "/dev/stdout"], stdout=f,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
    check("sac -o /dev/stdout into a file", r.returncode == 0 and json.loads(read(redirected))["status"] == "optimal",
          f"exit {r.returncode}, {r.stderr!r}")


def main():
    if not BIN or len(sys.argv) < 2:
        print("MILPSAC_BIN must be set and milp-sac-synth given (run through meson test)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        collisions(tmp)
    with tempfile.TemporaryDirectory() as tmp:
        no_truncated_file(tmp, sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        fifos(tmp)
    with tempfile.TemporaryDirectory() as tmp:
        descriptors(tmp)
    for f in failures:
        print("FAIL", f)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
