#!/usr/bin/env python3
"""Figures for the Python binding, next to the C ones measured in the same run.

    STEER_BUILD_DIR=build python3 python/bench.py [--agents N] [--steps S]

1. the standard flock stepped from Python vs `steer bench` (same N, steps, hash);
2. vectorised seek over N agents vs the same loop in C (steer_v2 arrays);
3. creating N agents from arrays (add_agents).
Prints one line per figure, then one JSON object. Not a timed test.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

# python/ itself holds the package's sources without the built extension: import the built one
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import steer  # noqa: E402
from steer._steer import lib  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BUILD = os.path.abspath(os.environ.get("STEER_BUILD_DIR", os.path.join(ROOT, "build")))


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", type=int, default=1_000_000)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    n, steps = a.agents, a.steps
    out = {"agents": n, "steps": steps}

    c = json.loads(subprocess.run([os.path.join(BUILD, "steer"), "bench", "--agents", str(n), "--steps", str(steps),
                                   "--repeat", str(a.repeat), "--json"], check=True, capture_output=True,
                                  text=True).stdout.strip().splitlines()[-1])
    py_ms = None
    for _ in range(a.repeat):
        w = steer.World.standard_flock(n)
        w.step()  # the warm-up step, as steer bench
        t = time.perf_counter()
        w.step(steer.STANDARD_FLOCK_DT, steps=steps)
        ms = 1e3 * (time.perf_counter() - t) / steps
        py_ms = ms if py_ms is None else min(py_ms, ms)
        hash_ = w.state_hash()
        w.close()
    out["flock"] = {"c_ms_per_step": c["ms_per_step"], "python_ms_per_step": py_ms,
                    "ratio": py_ms / c["ms_per_step"], "same_hash": hash_ == c["state_hash"]}
    print(f"flock {n}: C {c['ms_per_step']:.2f} ms/step, Python {py_ms:.2f} ms/step "
          f"({100 * (py_ms / c['ms_per_step'] - 1):+.1f}%), hash {'equal' if hash_ == c['state_hash'] else 'DIFFERS'}")

    rng = np.random.default_rng(7)
    pos = rng.uniform(-100, 100, (n, 2)).astype(np.float32)
    vel = rng.uniform(-2, 2, (n, 2)).astype(np.float32)
    target = np.array([10, -5], np.float32)
    c_s = lib.py_time_seek_loop(n, a.repeat, 2.0)
    py_s = best(lambda: steer.behaviours.seek(pos, vel, target, 2.0), a.repeat)
    out["seek"] = {"c_ms": 1e3 * c_s, "python_ms": 1e3 * py_s, "ratio": py_s / c_s}
    print(f"seek {n}: C loop {1e3 * c_s:.2f} ms, vectorised from Python {1e3 * py_s:.2f} ms ({py_s / c_s:.2f}x)")

    def create():
        w = steer.World(dim=2, capacity=n, bounds_min=(-100, -100), bounds_max=(100, 100))
        w.add_group(standard_flock=True)
        t = time.perf_counter()
        w.add_agents(0, pos, vel)
        create.seconds = time.perf_counter() - t
        w.close()
    add = []
    for _ in range(a.repeat):
        create()
        add.append(create.seconds)
    out["add_agents_ms"] = 1e3 * min(add)
    print(f"add_agents {n} from arrays: {1e3 * min(add):.1f} ms")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
