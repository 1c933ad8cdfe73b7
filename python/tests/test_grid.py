"""steer.Grid, the standalone spatial index: its queries equal brute force, in 2D and 3D."""
import numpy as np
import pytest

import steer

rng = np.random.default_rng(3)


@pytest.mark.parametrize("dim", [2, 3])
def test_grid_queries_equal_brute_force(dim):
    points = (rng.random((5000, dim)) * 40 - 20).astype(np.float32)
    points[7] = np.nan  # stored, never returned
    with steer.Grid(dim=dim, cell_size=2.0, capacity=100) as grid:
        grid.build(points)
        assert len(grid) == 5000 and "points=5000" in repr(grid)
        for centre in rng.random((20, dim)).astype(np.float32) * 40 - 20:
            d2 = ((points - centre) ** 2).sum(axis=1)
            want = np.flatnonzero(np.sqrt(d2) <= 3.0)
            got = grid.query_radius(centre, 3.0)
            assert got.dtype == np.int32 and set(got.tolist()) ^ set(want.tolist()) <= set(
                np.flatnonzero(np.abs(np.sqrt(d2) - 3.0) < 1e-4).tolist())  # equal, up to float ties at the rim
            assert (np.diff(got) > 0).all() and 7 not in got
            seen = []
            assert grid.query_visit(centre, 3.0, lambda i, dist_sq: seen.append((i, dist_sq))) == len(got)
            assert sorted(i for i, _ in seen) == got.tolist()
            ids, dist_sq = grid.nearest(centre, 8)
            order = np.lexsort((np.arange(len(points)), np.where(np.isnan(d2), np.inf, d2)))[:8]
            assert ids.tolist() == order.tolist() and np.allclose(dist_sq, d2[order], rtol=1e-4, atol=1e-4)
        grid.clear()
        assert len(grid) == 0 and grid.query_radius((0,) * dim, 100.0).size == 0
        grid.insert(42, (1,) * dim)
        grid.insert(7, (1.5,) * dim)
        assert grid.query_radius((1,) * dim, 1.0).tolist() == [7, 42] and grid.nearest((0,) * dim, 5)[0].tolist() == [42, 7]
    # rows with more columns: the first dim are read (a stride)
    wide = np.concatenate([points[:100], np.ones((100, 2), np.float32)], axis=1)
    g = steer.Grid(dim=dim, cell_size=1.0)
    g.build(wide)
    assert len(g) == 100


def test_grid_bad_input_and_use_after_close():
    g = steer.Grid(dim=2, cell_size=1.0)
    with pytest.raises(steer.InvalidArgument, match="points: shape"):
        g.build(np.zeros((5, 1), np.float32))
    with pytest.raises(steer.InvalidArgument, match="dtype float64"):
        g.build(np.zeros((5, 2)))
    with pytest.raises(steer.InvalidArgument, match="not C-contiguous"):
        g.build(np.zeros((2, 5), np.float32).T)
    with pytest.raises(steer.InvalidArgument, match="centre\\[1\\] = nan"):
        g.query_radius((0, np.nan), 1.0)
    with pytest.raises(steer.InvalidArgument, match="radius = -1"):
        g.query_radius((0, 0), -1)
    with pytest.raises(steer.InvalidArgument, match="point_id = -1"):
        g.insert(-1, (0, 0))
    with pytest.raises(steer.InvalidArgument, match="must be callable"):
        g.query_visit((0, 0), 1.0, None)
    g.build(np.zeros((3, 2), np.float32))

    def boom(i, d):
        raise RuntimeError(f"visit {i}")
    with pytest.raises(RuntimeError, match="visit 0"):
        g.query_visit((0, 0), 1.0, boom)
    with pytest.raises(steer.InvalidArgument, match="cell_size = 0"):
        steer.Grid(dim=2, cell_size=0)
    with pytest.raises(steer.InvalidArgument, match="dim = 4"):
        steer.Grid(dim=4)
    g.close()
    assert repr(g) == "Grid(closed)"
    for call in (lambda: len(g), lambda: g.build(np.zeros((1, 2), np.float32)), lambda: g.nearest((0, 0), 1), g.clear):
        with pytest.raises(steer.ClosedError):
            call()
