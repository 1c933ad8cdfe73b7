"""The world's queries (query_radius, query_box, query_nearest) against numpy over every agent: 2D and 3D, wrap and
clamp worlds, group masks, distances up to math.inf; and what they refuse."""
import math

import numpy as np
import pytest

import steer


def populated(dim, boundary, n=1500, seed=3):
    w = steer.World(dim=dim, capacity=n, bounds_min=(-30,) * dim, bounds_max=(30,) * dim, boundary=boundary)
    groups = [w.add_group(behaviours={"wander": 1}, max_speed=4) for _ in range(3)]
    rng = np.random.default_rng(seed)
    for g in groups:
        w.add_agents(g, rng.uniform(-29, 29, (n // 3, dim)).astype(np.float32),
                     rng.uniform(-2, 2, (n // 3, dim)).astype(np.float32))
    w.step(0.5, steps=3)
    return w, rng


def brute(w, centre, boundary):
    """Handles (index order) and float64 distances of every agent, as the library defines them."""
    v = w.view()
    p = np.stack([v.x, v.y] + ([v.z] if w.dim == 3 else []), axis=1).astype(np.float64)
    d = p - np.asarray(centre, np.float32).astype(np.float64)
    if boundary == "wrap":
        d = np.where(d > 30, d - 60, np.where(d < -30, d + 60, d))
    return w.agent_ids(), np.sqrt((d * d).sum(axis=1)), v.group.copy()


@pytest.mark.parametrize("dim", [2, 3])
@pytest.mark.parametrize("boundary", ["wrap", "clamp"])
def test_queries_agree_with_every_agent(dim, boundary):
    w, rng = populated(dim, boundary)
    for q in range(60):
        centre = rng.uniform(-29, 29, dim).astype(np.float32)
        radius = [0.5, 3.0, 12.0, math.inf][q % 4]
        groups = None if q % 3 == 0 else [q % 3, 0] if q % 2 else [q % 3]
        ids, dist, group = brute(w, centre, boundary)
        take = np.ones(len(ids), bool) if groups is None else np.isin(group, groups)
        within = take & (dist * dist <= radius * radius)
        want = ids[within][np.argsort(ids[within][:, 0], kind="stable")]
        got = w.query_radius(centre, radius, groups)
        assert got.dtype == np.uint32 and got.shape == want.shape and (got == want).all()
        k = 1 + q % 20
        order = np.lexsort((ids[take][:, 0], dist[take].astype(np.float32)))[:k]
        near, d = w.query_nearest(centre, k, groups=groups)
        assert (near == ids[take][order]).all()
        assert (d == dist[take][order].astype(np.float32)).all() and d.dtype == np.float32
        corner = rng.uniform(-35, 35, dim).astype(np.float32)
        if q % 5 == 0:
            corner[-1] = -math.inf if q % 2 else math.inf
        v = w.view()
        p = np.stack([v.x, v.y] + ([v.z] if dim == 3 else []), axis=1)
        inside = take & ((p >= np.minimum(centre, corner)) & (p <= np.maximum(centre, corner))).all(axis=1)
        want = ids[inside][np.argsort(ids[inside][:, 0], kind="stable")]
        got = w.query_box(corner, centre, groups)
        assert got.shape == want.shape and (got == want).all()
    some = w.agent_ids()[:5]
    for h in some:
        w.teleport_agent(h, (1.0,) * dim, (0.0,) * dim)  # the index follows a teleport
    got = w.query_radius((1.0,) * dim, 0.0)
    assert len(got) >= 5 and all(any((g == h).all() for g in got) for h in some)


def test_max_distance_and_empty_answers():
    w, _ = populated(2, "wrap", n=30)
    ids, d = w.query_nearest((0, 0), 5, max_distance=0.0)
    assert ids.shape == (0, 3) and d.shape == (0,)
    assert w.query_radius((0, 0), 1e-3, groups=[]).shape == (0, 3)
    assert len(w.query_radius((0, 0), math.inf)) == 30
    ids, d = w.query_nearest((0, 0), 0)
    assert ids.shape == (0, 3)
    ids, d = w.query_nearest((0, 0), 2**31 - 1)  # room for the world's agents, not for k
    assert ids.shape == (30, 3) and (np.diff(d) >= 0).all()


def test_queries_refuse_bad_input():
    w, _ = populated(2, "clamp", n=30)
    with pytest.raises(steer.InvalidArgument) as e:
        w.query_radius((0, 0), -1.0)
    assert e.value.name == "STEER_MISUSE_QUERY_DISTANCE" and "radius = -1" in str(e.value)
    with pytest.raises(steer.InvalidArgument) as e:
        w.query_nearest((0, 0), 3, max_distance=float("nan"))
    assert e.value.name == "STEER_MISUSE_QUERY_DISTANCE"
    with pytest.raises(steer.InvalidArgument, match="centre"):
        w.query_radius((0, float("nan")), 1.0)
    with pytest.raises(steer.InvalidArgument, match=r"groups\[0\] = 7: must be in \[0, 3\)"):
        w.query_radius((0, 0), 1.0, groups=[7])
    with pytest.raises(steer.InvalidArgument, match=r"such as \[1\]"):
        w.query_radius((0, 0), 1.0, groups=1)
    with pytest.raises(steer.InvalidArgument, match="k = -1"):
        w.query_nearest((0, 0), -1)
    with pytest.raises(steer.InvalidArgument, match="corner_b = .*must not be NaN"):
        w.query_box((0, 0), (1, float("nan")))
    with pytest.raises(steer.InvalidArgument, match=r"corner_a: shape \(3,\): must be \(2,\)"):
        w.query_box((0, 0, 0), (1, 1))
    with pytest.raises(steer.InvalidArgument, match="radius = 'far'"):
        w.query_radius((0, 0), "far")


def test_query_nearest_each_is_query_nearest_row_by_row():
    # Every agent's k nearest others in one call (an RL observation): row c is query_nearest's answer at
    # centre c, without agent c itself when skip gives it; counts say how many, the rest inf.
    w = steer.World(dim=2, capacity=500, bounds_min=(-20, -20), bounds_max=(20, 20))
    g = w.add_group(radius=0.3)
    ids = w.add_agents(g, np.random.default_rng(4).uniform(-8, 8, (400, 2)).astype(np.float32))
    w.step(1 / 30)
    p, _, _ = w.get_agents(ids)
    near, dist, found = w.query_nearest_each(p, 5, max_distance=2.0, skip=ids)
    assert near.shape == (400, 5, 3) and dist.shape == (400, 5) and found.shape == (400,)
    for c in range(0, 400, 7):
        one, one_d = w.query_nearest(p[c], 6, max_distance=2.0)
        keep = [j for j in range(len(one)) if tuple(one[j]) != tuple(ids[c])][:5]
        assert found[c] == len(keep)
        assert np.array_equal(near[c, :found[c]], one[keep]) and np.array_equal(dist[c, :found[c]], one_d[keep])
        assert np.isinf(dist[c, found[c]:]).all()
    with pytest.raises(steer.InvalidArgument):
        w.query_nearest_each(np.full((3, 2), np.nan, np.float32), 5)
    with pytest.raises(steer.InvalidArgument):
        w.query_nearest_each(p, 65, skip=ids)  # k past the skip's maximum
    with pytest.raises(steer.InvalidArgument):
        w.query_nearest_each(p[:3], 5, skip=ids[:2])  # one handle per centre
