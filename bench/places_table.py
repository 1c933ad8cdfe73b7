"""Squads sent to grids of places, three ways (docs/scenarios.md, "Sending a squad"): in a random
order (set_targets), assigned by the world (send_to_places) and assigned together (send_to_places,
together=True). Prints, per setup and way, how many are on their places at the end and when the
last arrived. Agents of radius 0.5, anticipation and keep_apart, max speed 3, max force 6, neighbour
radius 4, departure distance 0.5, dt 1/30.

    STEER_BUILD_DIR=build PYTHONPATH=build/python python3 bench/places_table.py
"""
import numpy as np

import steer


def block(nx, ny, spacing, x0, y0):
    return np.array([[x0 + spacing * (i % nx), y0 + spacing * (i // nx)] for i in range(nx * ny)], np.float32)


def setups():
    rng = np.random.default_rng(3)
    jitter = np.array([[-80 + 2.4 * (i % 20), -50 + 4.0 * (i // 20)] for i in range(500)], np.float32)
    jitter += rng.uniform(-0.5, 0.5, jitter.shape).astype(np.float32)
    return [
        ("200 from a block 20 x 10 to a grid 10 x 20, 120 s", block(20, 10, 1.6, -40, -15), block(10, 20, 1.5, 20, -7), 120),
        ("200 from a column 5 x 40 to the same grid, 120 s", block(5, 40, 1.6, -60, -70), block(10, 20, 1.5, 20, -7), 120),
        ("500 from a block 25 x 20 to a grid of that shape, 240 s", block(25, 20, 1.6, -80, -16), block(25, 20, 1.5, 20, -15), 240),
        ("500 from a column 10 x 50, 240 s", block(10, 50, 1.6, -90, -40), block(25, 20, 1.5, 20, -15), 240),
        ("500 from a jittered crowd 2.4 x 4 apart, 240 s", jitter, block(25, 20, 1.5, 20, -15), 240),
    ]


def run(starts, places, seconds, way):
    n = len(starts)
    w = steer.World(dim=2, capacity=n, bounds_min=(-120, -120), bounds_max=(120, 120), boundary="clamp")
    g = w.add_group(radius=0.5, max_speed=3, max_force=6, neighbour_radius=4, keep_apart=True,
                    combine="running_sum", departure_distance=0.5,
                    behaviours={"separation": 0, "alignment": 0, "cohesion": 0, "anticipate": 1})
    ids = w.add_agents(g, starts)
    if way == "random order":
        w.set_targets(ids, places[np.random.default_rng(5).permutation(n)], "arrive")
    else:
        w.send_to_places(ids, places, together=way == "together")
    dt, last = 1 / 30, 0.0
    for step in range(int(seconds * 30)):
        w.step(dt)
        if len(w.arrivals()):
            last = (step + 1) * dt
    return sum(w.has_arrived(i) for i in ids), last


if __name__ == "__main__":
    print("| squad to a grid of places 1.5 apart | random order | assigned | together |")
    print("|---|---|---|---|")
    for name, starts, places, seconds in setups():
        cells = []
        for way in ("random order", "assigned", "together"):
            there, last = run(starts, places, seconds, way)
            cells.append(f"{there} ({last:.0f} s)")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
