"""A torus narrower than two neighbour radii against one just wide enough: the
standard flock's rules and density (K = 16) on a wrapped strip, 100k agents,
2 threads, best of 5 runs of 10 steps. A strip 1.5 across has one cell across
(each agent is viewed alone, its neighbours at their nearest images); 2.5
across has two (the cell path).

    STEER_BUILD_DIR=build PYTHONPATH=build/python python3 bench/narrow_torus.py [WIDTH ...]
"""
import sys
import time

import numpy as np

import steer

N = 100000
WIDTHS = [float(x) for x in sys.argv[1:]] or [1.5, 2.5]
area = N * np.pi / 16
for width in WIDTHS:
    length = area / width
    w = steer.World(dim=2, capacity=N, bounds_min=(0, 0), bounds_max=(length, width), threads=2)
    g = w.add_group(standard_flock=True)
    rng = np.random.default_rng(1)
    pos = np.stack([rng.uniform(0, length, N), rng.uniform(0, width, N)], 1).astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi, N)
    w.add_agents(g, pos, np.stack([np.cos(angle), np.sin(angle)], 1).astype(np.float32))
    w.step(1 / 60)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        w.step(1 / 60, steps=10)
        best = min(best, (time.perf_counter() - t0) / 10)
    print(f"strip {width} across, {N} agents, standard flock rules, 2 threads: {best * 1e3:.2f} ms a step")
