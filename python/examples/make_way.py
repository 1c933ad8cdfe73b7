"""Idle units make way, by their group's arrived_priority: a tank (a moving obstacle, declared with its velocity so
that the units anticipate it) drives down the middle of a garrison of 40 units standing on their posts 1.4 apart
(0.4 between bodies). The units it meets are pushed out of the ranks. With arrived_priority 0.1, a unit on its post
has a tenth of the priority of one going back to its post, so the garrison makes way for the units that were
pushed out and every unit is back on its post; without it, units left outside the ranks cannot get back between
units of their own priority. The world pushes bodies out of the tank and apart (solid_obstacles, non_penetration).
Prints how many units are back and when the last came back."""
import numpy as np

import steer


def run(arrived_priority: float, seconds: float = 60.0):
    w = steer.World(dim=2, capacity=64, bounds_min=(-40, -12), bounds_max=(40, 12), boundary="clamp",
                    solid_obstacles=True, non_penetration=True)
    g = w.add_group(radius=0.5, max_speed=2, max_force=4, neighbour_radius=3, keep_apart=True, combine="running_sum",
                    arrival_tolerance=0.1, arrival_speed=0.1, departure_distance=1.5, arrived_priority=arrived_priority,
                    behaviours={"anticipate": 1})
    posts = np.array([[-4.9 + 1.4 * c, -2.8 + 1.4 * r] for c in range(8) for r in range(5)], np.float32)
    units = w.add_agents(g, posts)
    w.set_targets(units, posts, "arrive")
    speed, radius, x = 2.0, 1.5, -20.0
    tank = w.add_obstacle((x, 0), radius)
    w.set_obstacle_velocity(tank, (speed, 0))
    dt, last_back = 1 / 30, None
    for step in range(int(seconds / dt)):
        if x >= 20:  # it parks beyond the garrison
            w.set_obstacle_velocity(tank, (0, 0))
        else:
            x = min(x + speed * dt, 20.0)
            w.set_obstacle(tank, (x, 0), radius)
        w.step(dt)
        if len(w.arrivals()):
            last_back = (step + 1) * dt
    back = int(w.arrived(units).sum())
    return back, last_back


if __name__ == "__main__":
    for arrived_priority in (0.1, 0.0):
        back, last = run(arrived_priority)
        what = f"arrived_priority {arrived_priority}" if arrived_priority else "no arrived_priority"
        print(f"{what:>20}: {back} of 40 units back on their posts (the last arrival at {last:.1f} s)")
