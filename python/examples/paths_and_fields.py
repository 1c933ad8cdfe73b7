"""Paths, walls and a flow field, for 10,000 agents in a numpy loop; then a world whose flow field and
DITHER group are stepped by a Python thread scheduler, with the built-in pool's bits."""
import numpy as np

import steer
from steer import behaviours as b

rng = np.random.default_rng(2)
n, dt, max_speed, max_force = 10_000, 1 / 60, 4.0, 8.0
pos = rng.uniform(-40, 40, (n, 2)).astype(np.float32)
vel = np.zeros((n, 2), np.float32)
ring = np.float32([[30 * np.cos(a), 30 * np.sin(a)] for a in np.linspace(0, 2 * np.pi, 24, endpoint=False)])
path = steer.Path(ring, closed=True, radius=2.0)
walls = np.float32([[[-45, -45], [45, -45]], [[45, -45], [45, 45]], [[45, 45], [-45, 45]], [[-45, 45], [-45, -45]]])
for frame in range(300):
    force = b.follow_path(pos, vel, path, max_speed, predict_distance=2, ahead_distance=4)
    force += b.avoid_walls(pos, vel, walls, length=4)[0]
    length = np.linalg.norm(force, axis=1, keepdims=True)
    force *= np.minimum(1, max_force / np.maximum(length, 1e-9)).astype(np.float32)
    vel += force * np.float32(dt)
    pos += vel * np.float32(dt)
_, distance, _, _ = b.path_closest_point(path, pos)
print(f"on the ring after 5 s: {np.mean(distance < path.radius) * 100:.0f}% of {n} agents within its corridor")

# A world: a swirl as a flow field, wanderers that DITHER between it and wandering.
y, x = np.mgrid[0:21, 0:21].astype(np.float32) - 10
swirl = np.stack([-y, x], axis=-1) / np.maximum(np.hypot(x, y), 1)[..., None]
field = steer.FlowField(swirl.astype(np.float32), origin=(-50, -50), cell_size=5.0)


def make(**threading):
    w = steer.World(dim=2, capacity=20_000, bounds_min=(-50, -50), bounds_max=(50, 50), **threading)
    g = w.add_group(behaviours={"follow_flow": 1, "wander": 1, "separation": 1},
                    combine="dither", probabilities={"follow_flow": 0.7, "wander": 0.5}, flow_field=w.add_flow_field(field),
                    neighbour_radius=1.0, wander={"jitter": 2})
    w.add_agents(g, np.random.default_rng(3).uniform(-50, 50, (20_000, 2)).astype(np.float32))
    w.step(steps=120)
    return w.state_hash()


with steer.ThreadScheduler(2) as scheduler:
    ours, pool = make(scheduler=scheduler), make(threads=2)
print(f"swirl world, 20,000 agents, 2 s: hash {ours} with a Python scheduler, {pool} with the built-in pool")
assert ours == pool
