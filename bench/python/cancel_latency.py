#!/usr/bin/env python3
"""How fast a solve stops: CancelToken.cancel() from another thread, and
Ctrl-C (simulated by _thread.interrupt_main, what the SIGINT handler does),
during milp_sac.milp on a market-split MILP (minimise the deviation from the
split: an incumbent at once, a proof that takes minutes). Issue 43's goal: a
cancel stops within 0.5 s. Not a test: timings depend on the machine.

For each of --repeat runs (default 5), the stop is requested --after seconds
(default 1.0) into the solve; the latency is the time from the request to
the call's return, with the result (status, incumbent) kept.

Usage: PYTHONPATH=build/python bench/python/cancel_latency.py [--repeat 5] [--after 1.0]
"""
import _thread
import argparse
import signal
import threading
import time

import numpy as np

import milp_sac


def market_split(rows=6, cols=30, seed=1):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 100, size=(rows, cols)).astype(float)
    b = np.floor(a.sum(axis=1) / 2)
    c = np.concatenate([np.zeros(cols), np.ones(2 * rows)])
    A = np.hstack([a, np.eye(rows), -np.eye(rows)])
    integrality = np.concatenate([np.ones(cols), np.zeros(2 * rows)])
    ub = np.concatenate([np.ones(cols), np.full(2 * rows, np.inf)])
    return c, integrality, (0, ub), (A, b, b)


def one(kind, after):
    c, integrality, bounds, constraints = market_split()
    requested = {}

    def stop():
        requested["t"] = time.perf_counter()
        if kind == "cancel":
            token.cancel()
        else:
            _thread.interrupt_main()

    token = milp_sac.CancelToken()
    threading.Timer(after, stop).start()
    try:
        res = milp_sac.milp(c, integrality=integrality, bounds=bounds, constraints=constraints,
                            options={"mip_rel_gap": 0, "time_limit": 600}, cancel=token)
    except KeyboardInterrupt as e:
        res = e.result
    return time.perf_counter() - requested["t"], res


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--after", type=float, default=1.0)
    args = parser.parse_args()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print(f"{'stop':<8} {'latency ms (each run)':<40} {'max ms':>7}  result")
    for kind in ("cancel", "ctrl-c"):
        runs = [one(kind, args.after) for _ in range(args.repeat)]
        ms = [1000 * t for t, _ in runs]
        last = runs[-1][1]
        print(f"{kind:<8} {' '.join(f'{v:.0f}' for v in ms):<40} {max(ms):7.0f}  "
              f"status {last.status}, incumbent {last.fun}, bound {last.mip_dual_bound}")


if __name__ == "__main__":
    main()
