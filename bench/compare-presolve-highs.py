#!/usr/bin/env python3
"""What our LP presolve leaves to the simplex beside what HiGHS's leaves, on
every model of a folder (by default the Netlib set, data/lp/netlib of the
shared directory): rows, columns and nonzeros before and after each, as a
Markdown table (issue 22: "compare the presolved size with HiGHS's").

Ours: build/bench/lp/presolve_size (the presolve `solve` runs). HiGHS: the npm
package `highs` (HiGHS 1.15 in WebAssembly; `npm install highs` in a scratch
folder and pass --node-modules FOLDER/node_modules), its presolve() and
getPresolvedLp(). SciPy's copy of HiGHS does not expose the presolved model.
A model HiGHS reduces to nothing shows 0 rows; a failure shows "-".

Usage: bench/compare-presolve-highs.py --node-modules DIR [--bin PATH]
                                       [--shared DIR] [--data DIR]
                                       [--only NAME,...] [--output FILE]
Standard library only.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# One line per model: file, presolved rows, columns, nonzeros (tab-separated).
HIGHS_SCRIPT = r"""
const fs = require("fs"); const zlib = require("zlib"); const loadHighs = require("highs");
(async () => {
  const highs = await loadHighs();
  for (const file of process.argv.slice(2)) {
    let line = [file, "-", "-", "-"];
    try {
      let bytes = fs.readFileSync(file);
      if (file.endsWith(".gz")) bytes = zlib.gunzipSync(bytes);
      const model = highs.createModel({ format: "mps", data: new Uint8Array(bytes) });
      try {
        model.options.set({ output_flag: false });
        model.presolve();
        const lp = model.getPresolvedLp();
        const values = (lp.matrix && (lp.matrix.values || lp.matrix.value)) || [];
        line = [file, lp.numRows, lp.numCols, values.length];
      } finally {
        model.dispose();
      }
    } catch (e) {}
    console.log(line.join("\t"));
  }
})();
"""


def model_name(path):
    name = path.name
    for suffix in (".gz", ".mps"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(REPO / "build" / "bench" / "lp" / "presolve_size"),
                        help="our presolve_size binary (default: build/bench/lp/presolve_size)")
    parser.add_argument("--shared", default=os.environ.get("MILPSAC_BENCH_DATA", str(REPO.parent / "shared")),
                        help="the shared directory (default: ../shared)")
    parser.add_argument("--data", default=None, help="folder of .mps / .mps.gz models (default: SHARED/data/lp/netlib)")
    parser.add_argument("--node-modules", required=True, help="node_modules folder holding the npm package highs")
    parser.add_argument("--only", default="", help="comma-separated model names (default: every model)")
    parser.add_argument("--output", default=None, help="write the Markdown table here (default: stdout)")
    args = parser.parse_args()

    data = Path(args.data) if args.data else Path(args.shared) / "data" / "lp" / "netlib"
    models = sorted(p for p in data.iterdir() if p.name.endswith((".mps", ".mps.gz")))
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {model_name(p) for p in models}
        if unknown:
            print(f"compare-presolve-highs: no model named {', '.join(sorted(unknown))} in {data}", file=sys.stderr)
            return 2
        models = [p for p in models if model_name(p) in wanted]
    if not models:
        print(f"compare-presolve-highs: no .mps or .mps.gz model in {data}", file=sys.stderr)
        return 2
    if not Path(args.bin).is_file():
        print(f"compare-presolve-highs: {args.bin} not found (build it: ninja -C build bench/lp/presolve_size)",
              file=sys.stderr)
        return 2
    if shutil.which("node") is None:
        print("compare-presolve-highs: node not found on PATH (apt-get install nodejs)", file=sys.stderr)
        return 2
    if not (Path(args.node_modules) / "highs").is_dir():
        print(f"compare-presolve-highs: no package highs in {args.node_modules} (npm install highs)", file=sys.stderr)
        return 2

    ours = {}
    for path in models:
        result = subprocess.run([args.bin, str(path)], capture_output=True, text=True)
        fields = result.stdout.strip().split("\t")
        ours[path] = fields[1:7] if result.returncode == 0 and len(fields) >= 7 else ["-"] * 6

    with tempfile.NamedTemporaryFile("w", suffix=".cjs", delete=False) as script:
        script.write(HIGHS_SCRIPT)
    try:
        env = dict(os.environ, NODE_PATH=args.node_modules)
        result = subprocess.run(["node", script.name, *map(str, models)], capture_output=True, text=True, env=env)
    finally:
        os.unlink(script.name)
    theirs = {}
    for line in result.stdout.splitlines():
        fields = line.split("\t")
        if len(fields) == 4:
            theirs[fields[0]] = fields[1:]

    lines = ["| model | rows | cols | nonzeros | ours rows | ours cols | ours nonzeros | HiGHS rows | HiGHS cols | "
             "HiGHS nonzeros | rows ours / HiGHS |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for path in models:
        mine = ours[path]
        other = theirs.get(str(path), ["-"] * 3)
        ratio = "-"
        if mine[3].isdigit() and other[0].isdigit() and int(other[0]) > 0:
            ratio = f"{int(mine[3]) / int(other[0]):.2f}"
        lines.append(f"| {model_name(path)} | " + " | ".join(mine + other) + f" | {ratio} |")
    both = [(int(ours[p][3]), int(theirs[str(p)][0])) for p in models
            if ours[p][3].isdigit() and theirs.get(str(p), ["-"])[0].isdigit()]
    if both:
        lines += ["", f"- presolved rows over the {len(both)} models both reduce: ours {sum(a for a, _ in both)}, "
                  f"HiGHS {sum(b for _, b in both)}",
                  f"- models where ours keeps over 1.2x HiGHS's rows: {sum(1 for a, b in both if a > 1.2 * max(b, 1))}"]
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
