"""WorldView's headings: each row's agent's heading (World.get_headings), zero-copy, in a world that keeps them."""
import numpy as np

import steer


def test_view_headings_are_each_rows_heading():
    rng = np.random.default_rng(4)
    for dim in (2, 3):
        w = steer.World(dim=dim, capacity=300, bounds_min=(-30,) * dim, bounds_max=(30,) * dim, keep_headings=True)
        g = w.add_group()
        w.add_agents(g, rng.uniform(-20, 20, (300, dim)).astype(np.float32),
                     rng.uniform(-1, 1, (300, dim)).astype(np.float32))
        for _ in range(30):
            w.step(1 / 30)
        v = w.view()
        h = w.get_headings(v.ids)
        assert np.array_equal(v.hx, h[:, 0]) and np.array_equal(v.hy, h[:, 1])
        assert (v.hz is None) == (dim == 2)
        if dim == 3:
            assert np.array_equal(v.hz, h[:, 2])
        plain = steer.World(dim=dim, capacity=4)
        plain.add_agents(plain.add_group(), np.zeros((1, dim), np.float32))
        assert plain.view().hx is None and plain.view().hy is None and plain.view().hz is None
