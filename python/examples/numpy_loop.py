"""Vectorised behaviours in a plain numpy loop: 10,000 agents arrive at a moving target and are contained in a box.

The target circles the origin at 6 length/s, a fifth of the agents' max_speed (30 length/s), so they catch up
with it and follow it: after 5 s (300 frames of 1/60 s) they are a few lengths from it on average."""
import numpy as np

import steer
from steer import behaviours as b

rng = np.random.default_rng(1)
n, dt, max_speed, max_force = 10_000, 1 / 60, 30.0, 60.0
pos = rng.uniform(-50, 50, (n, 2)).astype(np.float32)
vel = np.zeros((n, 2), np.float32)
lo, hi = np.float32([-60, -60]), np.float32([60, 60])
for frame in range(300):
    angle = frame * dt * 0.2  # 0.2 rad/s on a circle of radius 30: 6 length/s
    target = np.float32([30 * np.cos(angle), 30 * np.sin(angle)])
    force = b.arrive(pos, vel, target, max_speed, 10.0) + b.contain(pos, vel, lo, hi, 5.0, max_speed)
    length = np.linalg.norm(force, axis=1, keepdims=True)
    force *= np.minimum(1, max_force / np.maximum(length, 1e-9)).astype(np.float32)
    vel += force * np.float32(dt)
    pos += vel * np.float32(dt)
print(f"mean distance to the target after 300 frames: {np.linalg.norm(pos - target, axis=1).mean():.2f}")
