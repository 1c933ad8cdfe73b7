#!/usr/bin/env python3
"""The fundamental diagram of a one-way corridor: mean speed and specific
flow against density, beside Weidmann's (1993) curve for pedestrians.

    bench/fundamental_diagram.py [--mode np|ka] [--time-gap T] [--dt DT]
                                 [--densities 0.5,1,2,3,4] [--seed S] [--seconds 60]

A corridor 20 long (it wraps along x) and 4 wide between solid walls; walkers
of radius 0.2 want 1.34 m/s (a uniform flow field of 1.34 / 1.8 with
max_speed 1.8), anticipate (k 1.5, tau0 3, keep_right 0.25), avoid the walls,
and keep apart by `non_penetration` (np) or `keep_apart` (ka). With
--time-gap T > 0 they also queue with that time gap (QUEUE's
queue_time_gap): the speed along the heading is at most gap / T to the
nearest agent ahead in its path. They start on a jittered lattice at rest;
the figures are over the run after its first 20 s: the speed is the mean
displacement along x per second, the specific flow density times it.

Needs the Python package (make python, or STEER_BUILD_DIR and PYTHONPATH
at a build's python folder) and numpy.
"""
import argparse
import json
import math
import os
import sys
import tempfile

import numpy as np
import steer

L, W, R = 20.0, 4.0, 0.2   # corridor length (wraps), width, body radius
V0, VMAX = 1.34, 1.8       # preferred speed, max speed
SETTLE = 20.0              # seconds left out of the figures


def lattice(n, rng, length=L, width=W, radius=R):
    """n points on a staggered lattice filling a corridor length x width
    (wrapping along x) for bodies of this radius, each jittered at random
    within its own room, rounded to 0.1 mm."""
    rows = max(1, int(round(math.sqrt(n * (width - 2 * radius) / length))))
    while n % rows:
        rows += 1
    cols = n // rows
    dx, usable = length / cols, width - 2 * radius - 0.02
    dy = usable / max(rows - 1, 1)
    points = []
    for j in range(rows):
        for i in range(cols):
            x = -length / 2 + (i + 0.5 + 0.5 * (j % 2)) * dx
            y = -usable / 2 + j * dy if rows > 1 else 0.0
            x += rng.uniform(-1, 1) * max(0.0, (dx - 2 * radius) / 2 - 0.01)
            y += rng.uniform(-1, 1) * max(0.0, (dy - 2 * radius) / 2 - 0.01) if rows > 1 else 0.0
            points.append([round((x + length / 2) % length - length / 2, 4), round(min(max(y, -usable / 2), usable / 2), 4)])
    return points


def scenario(mode, rho, time_gap, dt, seed, seconds):
    n = int(round(rho * L * W))
    points = lattice(n, np.random.default_rng(seed))
    behaviours = {"anticipation": {"strength": 1.5, "time": 3, "keep_right": 0.25},
                  "avoid_walls": {"weight": 1, "length": 1.0}}
    if time_gap > 0:
        behaviours["queue"] = {"weight": 1, "distance": 0, "time_gap": time_gap}
    behaviours["follow_flow"] = {"weight": 2, "field": "east"}
    group = {"name": "walkers", "max_speed": VMAX, "max_force": 5.0, "radius": R, "neighbours": {"radius": 5},
             "combine": "running_sum", "keep_apart": mode == "ka", "behaviours": behaviours,
             "spawn": [{"shape": "points", "points": points, "velocity": [0, 0]}]}
    return {"name": f"corridor_{mode}_{rho:g}", "bounds": {"min": [-L / 2, -W / 2 - 1], "max": [L / 2, W / 2 + 1]},
            "boundary": "wrap", "seed": seed, "dt": dt, "steps": int(round(seconds / dt)), "solid_walls": True,
            "non_penetration": mode == "np",
            "walls": [{"from": [-L / 2, -W / 2], "to": [L / 2, -W / 2]}, {"from": [-L / 2, W / 2], "to": [L / 2, W / 2]}],
            "flow_fields": [{"name": "east", "type": "uniform", "direction": [1, 0], "strength": V0 / VMAX}],
            "groups": [group]}


def measure(path):
    w = steer.World.from_scenario(path)
    dt, steps = w.scenario_dt, w.scenario_steps
    ids = w.agent_ids()
    ids = ids[np.argsort(ids[:, 0])]
    x0, stopped, samples = None, 0, 0
    travelled = np.zeros(len(ids))
    settle = int(round(SETTLE / dt))
    prev, _, _ = w.get_agents(ids)
    for s in range(1, steps + 1):
        w.step(dt)
        p, v, _ = w.get_agents(ids)
        if s > settle:
            d = p[:, 0] - prev[:, 0]
            travelled += d - L * np.round(d / L)  # across the seam
            speed = np.linalg.norm(v, axis=1)
            stopped += int((speed < 0.1).sum())
            samples += len(ids)
        prev = p
    speed = float(travelled.mean() / ((steps - settle) * dt))
    return speed, stopped / max(samples, 1), w.state_hash()


def weidmann(rho):
    return 1.34 * (1.0 - math.exp(-1.913 * (1.0 / rho - 1.0 / 5.4)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=("np", "ka"), default="np")
    ap.add_argument("--time-gap", type=float, default=0.7)
    ap.add_argument("--dt", type=float, default=0.05)
    ap.add_argument("--densities", default="0.5,1,2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=60.0)
    args = ap.parse_args()
    print(f"# corridor {L:g} x {W:g}, radius {R:g}, {args.mode}, time gap {args.time_gap:g}, dt {args.dt:g}, "
          f"seed {args.seed}, {args.seconds:g} s (figures after {SETTLE:g} s)")
    print(f"{'density':>8} {'speed':>7} {'flow':>6} {'Weidmann':>9} {'flow':>6} {'stopped':>8} state_hash")
    with tempfile.TemporaryDirectory() as tmp:
        for rho in (float(d) for d in args.densities.split(",")):
            path = os.path.join(tmp, "corridor.json")
            with open(path, "w") as f:
                json.dump(scenario(args.mode, rho, args.time_gap, args.dt, args.seed, args.seconds), f)
            speed, stopped, state_hash = measure(path)
            print(f"{rho:8g} {speed:7.3f} {rho * speed:6.2f} {weidmann(rho):9.2f} {rho * weidmann(rho):6.2f} "
                  f"{stopped:8.2f} {state_hash}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
