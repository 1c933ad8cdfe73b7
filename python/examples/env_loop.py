"""A multi-agent environment loop, as reinforcement learning uses one: reset, step(actions), observations."""
import numpy as np

import steer


class FlockEnv:
    """N agents; an action is a per-agent force (N, 2); the observation is positions and velocities (N, 4)."""

    def __init__(self, n=256, seed=0):
        self.n, self.seed = n, seed

    def reset(self):
        self.world = steer.World(dim=2, capacity=self.n, bounds_min=(-20, -20), bounds_max=(20, 20), seed=self.seed)
        self.group = self.world.add_group(behaviours={"separation": 2.0})
        rng = np.random.default_rng(self.seed)
        self.ids = self.world.add_agents(self.group, rng.uniform(-20, 20, (self.n, 2)).astype(np.float32))
        return self.observe()

    def observe(self):
        # row k is agent self.ids[k], every step (positions() and velocities() are views in the world's own
        # order, by place, which changes every step: fine for a picture, not for per-agent observations)
        positions, velocities, _ = self.world.get_agents(self.ids)
        return np.concatenate([positions, velocities], axis=1)

    def step(self, actions):
        # actions as forces, row k for agent self.ids[k]: each velocity nudged in one bulk call, then the
        # world steps (separation keeps them apart)
        positions, velocities, _ = self.world.get_agents(self.ids)
        self.world.teleport_agents(self.ids, positions, velocities + actions * np.float32(1 / 60))
        self.world.step(1 / 60)
        obs = self.observe()
        reward = -np.linalg.norm(obs[:, :2], axis=1).mean()  # stay near the centre
        return obs, reward


env = FlockEnv()
obs = env.reset()
for t in range(120):
    actions = (-obs[:, :2] * 0.5).astype(np.float32)  # a hand-written policy: pull toward the centre
    obs, reward = env.step(actions)
print(f"observations {obs.shape}, last reward {reward:.3f}")
