"""Units with orders have the right of way, as in a real-time strategy game: idle units stand on their posts in a
group of priority 1; a unit given a move order joins a copy of that group with priority 10 (set_agent_group), so
the idle ones step aside for it (it takes the larger share of every gap and the smaller part of every dodge),
and it goes back to the idle group when the world reports its arrival. An idle unit pushed off its post (farther
than the departure distance) has the right of way back the same way: in a garrison 1.4 apart (0.4 between
bodies) a unit left outside the ranks cannot get back between units of its own priority. Two orders: a squad of
8 sent down a road through a garrison of 40, then the garrison's middle column sent out through the rest.
Prints when each order is done and how many idle units are back on their posts; the same with equal priorities
for comparison."""
import numpy as np

import steer


def run(right_of_way: bool, seconds: float = 120.0):
    w = steer.World(dim=2, capacity=64, bounds_min=(-40, -12), bounds_max=(40, 12), boundary="clamp",
                    solid_walls=True)
    w.add_wall((-40, 5), (40, 5))
    w.add_wall((40, -5), (-40, -5))
    unit = dict(radius=0.5, max_speed=2, max_force=4, neighbour_radius=3, keep_apart=True, combine="running_sum",
                arrival_tolerance=0.1, arrival_speed=0.1, departure_distance=1.5,
                behaviours={"anticipate": 1})
    idle = w.add_group(priority=1, **unit)
    moving = w.add_group(priority=10 if right_of_way else 1, **unit)

    posts = np.array([[-4.9 + 1.4 * c, -2.8 + 1.4 * r] for c in range(8) for r in range(5)], np.float32)
    garrison = w.add_agents(idle, posts)
    w.set_targets(garrison, posts, "arrive")  # each stands on its own post
    squad = w.add_agents(idle, np.array([[-30 + 1.4 * c, -0.7 + 1.4 * r] for c in range(4) for r in range(2)],
                                        np.float32))

    def order(ids, places):
        for unit_id in ids:
            w.set_agent_group(unit_id, moving)
        w.send_to_places(ids, places, together=True)
        return {tuple(int(x) for x in unit_id) for unit_id in ids}

    dt, done = 1 / 30, []
    going = order(squad, np.array([[26 + 2 * c, -1 + 2 * r] for c in range(4) for r in range(2)], np.float32))
    middle = garrison[15:20]  # the fourth column of posts
    second_order_sent = False
    for step in range(int(seconds / dt)):
        w.step(dt)
        for unit_id in w.arrivals():  # back to the idle group on arrival
            key = tuple(int(x) for x in unit_id)
            going.discard(key)
            w.set_agent_group(unit_id, idle)
        for unit_id in garrison:  # pushed off its post (beyond the departure distance): going back has the right of way
            if w.get_agent(unit_id)[2] == idle and not w.has_arrived(unit_id):
                w.set_agent_group(unit_id, moving)
        if not going and not second_order_sent:
            done.append((step + 1) * dt)
            going = order(middle, np.array([[-30 + 2 * c, 0] for c in range(5)], np.float32))
            second_order_sent = True
        elif not going and len(done) == 1:
            done.append((step + 1) * dt)
    back = sum(w.has_arrived(i) for i in garrison if tuple(int(x) for x in i) not in
               {tuple(int(x) for x in m) for m in middle})
    return done, back


if __name__ == "__main__":
    for right_of_way in (True, False):
        done, back = run(right_of_way)
        what = "priority 10 while moving" if right_of_way else "equal priorities      "
        orders = ", ".join(f"order {k + 1} done at {t:5.1f} s" for k, t in enumerate(done)) or "the first order never done"
        print(f"{what}: {orders}; {back} of 35 idle units on their posts at the end")
