"""Move orders as a real-time strategy game gives them: a squad is sent to a formation of places, the world
choosing who goes where (send_to_places, together: no crossing paths, all in at about the same time), and each
unit's arrival is reported once (the group's departure_distance keeps a unit that is jostled on its place
arrived). Prints each order's summary (units on their places, the last arrival, the arrival events): the
squad sent in a random order, then assigned by the world, for comparison; then sent to a click beside a rock,
the world choosing the places too (places_around: a spiral about the click that flows round the rock)."""
import numpy as np

import steer


def order(how, seconds=120.0):
    w = steer.World(dim=2, capacity=200, bounds_min=(-100, -100), bounds_max=(100, 100), boundary="clamp",
                    solid_obstacles=True)
    units = w.add_group(radius=0.5, max_speed=3, max_force=6, neighbour_radius=4, keep_apart=True,
                        combine="running_sum", departure_distance=0.5,
                        behaviours={"avoid_obstacles": 3, "anticipate": 1})
    block = np.array([[-40 + 1.6 * (i // 20), -15 + 1.6 * (i % 20)] for i in range(200)], np.float32)
    ids = w.add_agents(units, block)
    grid = np.array([[20 + 1.5 * (i // 10), -7 + 1.5 * (i % 10)] for i in range(200)], np.float32)  # another shape
    if how == "assigned":
        w.send_to_places(ids, grid, together=True)
    elif how == "around":  # a click beside a rock: the world's places for it, off the rock
        w.add_obstacle((30, 4), 4.0)
        w.send_to_places(ids, w.places_around((18, 0), 200, spacing=1.25, movers=ids), together=True)
    else:
        w.set_targets(ids, grid[np.random.default_rng(5).permutation(200)], "arrive")
    events, last, dt = 0, 0.0, 1 / 30
    for step in range(int(seconds / dt)):
        w.step(dt)
        arrived = w.arrivals()
        if len(arrived):
            events, last = events + len(arrived), (step + 1) * dt
    there = sum(w.has_arrived(i) for i in ids)
    return there, last, events


if __name__ == "__main__":
    names = {"random": "in a random order", "assigned": "assigned by the world, together",
             "around": "around a click by a rock"}
    for how, name in names.items():
        there, last, events = order(how)
        print(f"{name:34s} {there:3d} of 200 on their places after 120 s, the last arrival at {last:5.1f} s, "
              f"{events} arrival events")
