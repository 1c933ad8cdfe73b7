#!/usr/bin/env python3
"""scenarios/counterflow.json with keep_apart instead of non_penetration, at
1.25, 1.5 and 2 per m2 (a jittered lattice, sides drawn at random), seeds 1
and 2: the net flow through x = 0 a second and a metre, and the share of
agents slower than 0.1, over the last third of 90 s. Needs the Python
package and numpy. (docs/experiments.md, "keep_apart's two passes")
"""
import json, os, sys, tempfile, math
import numpy as np
import steer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fundamental_diagram as fd  # noqa: E402
L, W, R = 30.0, 4.0, 0.25
def scenario(rho, seed, dt=0.05, seconds=90.0):
    base = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios", "counterflow.json")))
    n = int(round(rho * L * W)); n -= n % 2
    rng = np.random.default_rng(seed)
    pts = fd.lattice(n, rng, L, W, R)
    side = rng.permutation(n) < n // 2
    base["non_penetration"] = False
    base["dt"] = dt; base["steps"] = int(round(seconds / dt)); base["seed"] = seed
    base.pop("expect", None)
    for gi, g in enumerate(base["groups"]):
        g["keep_apart"] = True
        g["spawn"] = [{"shape": "points", "points": [p for p, s in zip(pts, side) if s == (gi == 0)], "velocity": [0, 0]}]
    return base
def measure(path):
    w = steer.World.from_scenario(path)
    dt, steps = w.scenario_dt, w.scenario_steps
    ids = w.agent_ids(); ids = ids[np.argsort(ids[:, 0])]
    n = len(ids); east = np.arange(n) < n // 2  # spawn order: east group first
    start = steps - steps // 3
    prev, _, _ = w.get_agents(ids)
    crossings = 0; slow = 0; samples = 0
    for s in range(1, steps + 1):
        w.step(dt)
        p, v, _ = w.get_agents(ids)
        if s > start:
            a, b = prev[:, 0], p[:, 0]
            jump = np.abs(b - a) > L / 2
            fwd = (~jump) & (((a < 0) & (b >= 0) & east) | ((a >= 0) & (b < 0) & ~east))
            back = (~jump) & (((a >= 0) & (b < 0) & east) | ((a < 0) & (b >= 0) & ~east))
            crossings += int(fwd.sum()) - int(back.sum())
            slow += int((np.linalg.norm(v, axis=1) < 0.1).sum()); samples += n
        prev = p
    return crossings / ((steps - start) * dt * W), slow / samples, w.state_hash()
if __name__ == "__main__":
    for rho in (1.25, 1.5, 2.0):
        for seed in (1, 2):
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "c.json"); json.dump(scenario(rho, seed), open(path, "w"))
                f, st, h = measure(path)
                print(f"rho {rho} seed {seed} flow {f:.2f} stopped {st:.2f} {h}")
