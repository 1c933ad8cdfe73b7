#!/usr/bin/env python3
"""keep_apart and the step's length: the walking speed of a single file and
of a corridor at several dt (docs/experiments.md, "keep_apart's two passes").

    bench/apart_step_length.py [--dts 0.025,0.05,0.1] [--densities 4] [--closest]

The corridor is bench/fundamental_diagram.py's (20 x 4, wrapping, radius
0.2, 1.34 m/s wanted, keep_apart, no time gap); the single file is the same
corridor with one row 0.5 apart (gaps of 0.1) started at 1.34 m/s. The
speed is the mean displacement along x per second after the first 20 s;
--closest adds the closest two bodies over the run (a fraction of the sum
of radii). Needs the Python package and numpy.
"""
import argparse
import json
import os
import sys
import tempfile

import numpy as np
import steer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fundamental_diagram as fd  # noqa: E402


def single_file(dt, gap=0.1, seconds=60.0):
    sc = fd.scenario("ka", 1.0, 0.0, dt, 1, seconds)
    n = int(round(fd.L / (2 * fd.R + gap)))
    spacing = fd.L / n
    points = [[round(-fd.L / 2 + (i + 0.5) * spacing, 4), 0.0] for i in range(n)]
    sc["groups"][0]["spawn"] = [{"shape": "points", "points": points, "velocity": [fd.V0, 0]}]
    sc["name"] = "single_file"
    return sc


def closest(path):
    w = steer.World.from_scenario(path)
    ids = w.agent_ids()
    least = np.inf
    for _ in range(w.scenario_steps):
        w.step(w.scenario_dt)
        p, _, _ = w.get_agents(ids)
        d = p[:, None, :2] - p[None, :, :2]
        d[..., 0] -= fd.L * np.round(d[..., 0] / fd.L)
        r = np.sqrt((d ** 2).sum(-1))
        np.fill_diagonal(r, np.inf)
        least = min(least, r.min())
    return least / (2 * fd.R)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dts", default="0.025,0.05,0.1")
    ap.add_argument("--densities", default="4")
    ap.add_argument("--closest", action="store_true")
    args = ap.parse_args()
    runs = [("file", None)] + [("corridor", float(r)) for r in args.densities.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.json")
        for kind, rho in runs:
            for dt in (float(d) for d in args.dts.split(",")):
                sc = single_file(dt) if kind == "file" else fd.scenario("ka", rho, 0.0, dt, 1, 60.0)
                with open(path, "w") as f:
                    json.dump(sc, f)
                speed, stopped, state_hash = fd.measure(path)
                line = f"{kind:8s} {'' if rho is None else rho:>4} dt {dt:5g} speed {speed:6.3f} stopped {stopped:5.2f}"
                if args.closest:
                    line += f" closest {closest(path):.4f}"
                print(line, state_hash)
                sys.stdout.flush()


if __name__ == "__main__":
    main()
