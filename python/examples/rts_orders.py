"""Move orders as a real-time strategy game gives them: a squad is sent to a formation of places, the world
choosing who goes where (send_to_places, together: no crossing paths, all in at about the same time), and each
unit's arrival is reported once (the group's departure_distance keeps a unit that is jostled on its place
arrived). Prints each order's summary (units on their places, the last arrival, the arrival events): the
squad sent in a random order, then assigned by the world, for comparison."""
import numpy as np

import steer


def order(assigned, seconds=120.0):
    w = steer.World(dim=2, capacity=200, bounds_min=(-100, -100), bounds_max=(100, 100), boundary="clamp")
    units = w.add_group(radius=0.5, max_speed=3, max_force=6, neighbour_radius=4, keep_apart=True,
                        combine="running_sum", departure_distance=0.5,
                        behaviours={"anticipate": 1})
    block = np.array([[-40 + 1.6 * (i // 20), -15 + 1.6 * (i % 20)] for i in range(200)], np.float32)
    ids = w.add_agents(units, block)
    grid = np.array([[20 + 1.5 * (i // 10), -7 + 1.5 * (i % 10)] for i in range(200)], np.float32)  # another shape
    if assigned:
        w.send_to_places(ids, grid, together=True)
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
    for assigned in (False, True):
        there, last, events = order(assigned)
        how = "assigned by the world, together" if assigned else "in a random order"
        print(f"{how:34s} {there:3d} of 200 on their places after 120 s, the last arrival at {last:5.1f} s, "
              f"{events} arrival events")
