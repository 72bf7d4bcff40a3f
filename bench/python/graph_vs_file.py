#!/usr/bin/env python3
"""sac_milp given a PyTorch-shaped ilp_utils.Graph against sac_milp given the
ModuleInfo file, at PyTorch's scale (issue 21: the Graph call must be within
1.2x of the file call).

A synthetic ModuleInfo of MODULES modules (default 8,000, family llama) is
written by `milp-sac-synth` (tools/synthetic). The Graph is built the way
torch.distributed._tools.ilp_utils.parse_module_info builds it (nodes in
forward pre-order carrying index and pos_fw_post_order, name2node, an n x n
numpy ad_matrix filled from the fqns, fw_post_order), without torch; only its
construction is faster (dicts instead of list.index), and it is not timed.
The budget is the midpoint between the baseline peak with everything
checkpointed away and the baseline peak, as a GiB figure.

Each call is timed --repeat times (wall and process CPU seconds: the machine
may be shared, CPU time is the steadier figure); the best of each is compared.
Prints one table and the ratio, and exits 1 when the answers differ.

Usage: PYTHONPATH=build/python bench/python/graph_vs_file.py [--bin build]
           [--modules 8000] [--family llama] [--repeat 3] [--world-size 1]
Needs numpy (as a PyTorch user has).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent.parent


class Graph:
    """The attributes of ilp_utils.Graph that callers pass on."""

    def __init__(self, n):
        self.nodes = []
        self.name2node = {}
        self.ad_matrix = np.zeros((n, n))
        self.fw_post_order = []

    def add_node(self, node):
        self.nodes.append(node)
        self.name2node[node["fqn"]] = node


def parse_module_info(module_info):
    """ilp_utils.parse_module_info with O(1) position look-ups."""
    stats = module_info["mod_stats"]
    pre = {fqn: i for i, fqn in enumerate(module_info["mod_order"]["fw_pre_order"])}
    graph = Graph(len(stats))
    graph.fw_post_order = module_info["mod_order"]["fw_post_order"]
    post = {fqn: i for i, fqn in enumerate(graph.fw_post_order)}
    for i, node in enumerate(sorted(stats, key=lambda s: pre[s["fqn"]])):
        node["index"] = i
        node["pos_fw_post_order"] = post[node["fqn"]]
        graph.add_node(node)
    names = [node["fqn"] for node in graph.nodes]
    for i, ancestor in enumerate(names):
        for j in range(i, len(names)):
            if names[j] == ancestor or names[j].startswith(ancestor + "."):
                graph.ad_matrix[i, j] = 1
            else:
                break
    return graph


def timed(call, repeat):
    """(best wall s, best CPU s, result) over `repeat` calls."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = call()
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return min(walls), min(cpus), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(REPO / "build"), help="build directory (tools/milp-sac-synth)")
    parser.add_argument("--modules", type=int, default=8000)
    parser.add_argument("--family", default="llama")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--world-size", type=int, default=1)
    args = parser.parse_args()

    import milp_sac

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, f"{args.family}_{args.modules}.json")
        subprocess.run([os.path.join(args.bin, "tools", "milp-sac-synth"), args.family, str(args.modules), "-o", path],
                       check=True)
        info = json.loads(Path(path).read_text())
        build = time.perf_counter()
        graph = parse_module_info(info)
        build = time.perf_counter() - build
        peak, _ = milp_sac.get_peak_memory_runtime_baseline(path)
        budget = 0.75 * peak / 2**30  # a budget with AC to decide, not at either end
        file_wall, file_cpu, file_answer = timed(lambda: milp_sac.sac_milp(path, budget, args.world_size), args.repeat)
        graph_wall, graph_cpu, graph_answer = timed(lambda: milp_sac.sac_milp(graph, budget, args.world_size),
                                                    args.repeat)
        check = time.perf_counter()
        milp_sac._inputs.check_ad_matrix(graph.ad_matrix, len(graph.nodes))
        check = time.perf_counter() - check

    print(f"{args.family}, {len(graph.nodes)} modules, budget {budget:.3f} GiB, world size {args.world_size}, "
          f"best of {args.repeat}; Graph built in {build:.2f} s (not timed below)")
    print("| call | wall s | cpu s |")
    print("|---|---:|---:|")
    print(f"| sac_milp(path) | {file_wall:.2f} | {file_cpu:.2f} |")
    print(f"| sac_milp(graph) | {graph_wall:.2f} | {graph_cpu:.2f} |")
    print(f"graph / path: wall {graph_wall / file_wall:.2f}x, cpu {graph_cpu / file_cpu:.2f}x "
          f"(target <= 1.2x); ad_matrix check alone {check * 1000:.0f} ms")
    if graph_answer != file_answer:
        print("the answers differ:", graph_answer[1:], file_answer[1:], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
