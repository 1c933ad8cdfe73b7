"""The vectorised behaviours equal the C pure functions bit for bit, called one agent at a time."""
import numpy as np
import pytest

import steer
from steer import behaviours as b
from steer._steer import ffi, lib

N = 10_000
rng = np.random.default_rng(5)


def rows(dim, scale=50.0):
    return (rng.standard_normal((N, dim)) * scale).astype(np.float32)


def v(dim, row):
    return ffi.new(f"steer_v{dim} *", [float(x) for x in row])[0]


def back(dim, f):
    return [f.x, f.y] if dim == 2 else [f.x, f.y, f.z]


def one_by_one(dim, name, arrays, *scalars):
    fn = getattr(lib, f"steer_{name}{dim}")
    return np.array([back(dim, fn(*[v(dim, a[i]) for a in arrays], *scalars)) for i in range(N)], np.float32)


@pytest.mark.parametrize("dim", [2, 3])
def test_vectorised_equal_pure_functions_bit_for_bit(dim):
    pos, vel, tgt, tvel = rows(dim), rows(dim, 2.0), rows(dim), rows(dim, 2.0)
    cases = [
        (b.seek(pos, vel, tgt, 3.0), one_by_one(dim, "seek", (pos, vel, tgt), 3.0)),
        (b.flee(pos, vel, tgt, 3.0, 40.0), one_by_one(dim, "flee", (pos, vel, tgt), 3.0, 40.0)),
        (b.arrive(pos, vel, tgt, 3.0, 20.0), one_by_one(dim, "arrive", (pos, vel, tgt), 3.0, 20.0)),
        (b.pursue(pos, vel, tgt, tvel, 3.0, 2.0), one_by_one(dim, "pursue", (pos, vel, tgt, tvel), 3.0, 2.0)),
        (b.evade(pos, vel, tgt, tvel, 3.0, 2.0, 30.0), one_by_one(dim, "evade", (pos, vel, tgt, tvel), 3.0, 2.0, 30.0)),
        (b.predict(pos, tgt, tvel, 3.0, 2.0), one_by_one(dim, "predict", (pos, tgt, tvel), 3.0, 2.0)),
        (b.smooth_dt(vel, tvel, 0.2, 1 / 60), one_by_one(dim, "smooth_dt", (vel, tvel), 0.2, 1 / 60)),
        (b.target_speed(vel, tgt, 2.0, 0.5), one_by_one(dim, "target_speed", (vel, tgt), 2.0, 0.5)),
        (b.match_velocity(vel, tvel, 0.5, 3.0), one_by_one(dim, "match_velocity", (vel, tvel), 0.5, 3.0)),
    ]
    arrival = ffi.new("steer_arrival *", {"slow_radius": 10.0, "max_accel": 4.0, "dt": 1 / 60, "tolerance": 0.05})
    cases.append((b.arrive_braking(pos, vel, tgt, 3.0, 10.0, 4.0, 1 / 60, 0.05),
                  one_by_one(dim, "arrive_braking", (pos, vel, tgt), 3.0, arrival)))
    lo, hi = np.full(dim, -30, np.float32), np.full(dim, 30, np.float32)
    box = ffi.new(f"steer_box{dim} *", [v(dim, lo), v(dim, hi)])[0]
    contain = getattr(lib, f"steer_contain{dim}")
    cases.append((b.contain(pos, vel, lo, hi, 5.0, 3.0),
                  np.array([back(dim, contain(v(dim, pos[i]), v(dim, vel[i]), box, 5.0, 3.0)) for i in range(N)],
                           np.float32)))
    for got, want in cases:
        assert got.shape == (N, dim)
        assert got.tobytes() == want.tobytes()  # the same bits, -0.0 included
        assert np.any(got != 0)


def test_one_agent_and_broadcast_rows():
    assert b.seek((0, 0), (0, 0), (3, 4), 5).tolist() == [3, 4]
    pos = np.zeros((4, 2), np.float32)
    f = b.seek(pos, (0, 0), (3, 4), 5)  # one velocity and one target shared by all
    assert f.shape == (4, 2) and (f == [3, 4]).all()
    assert b.seek((0, 0, 0), (0, 0, 0), (0, 0, 2), 1).tolist() == [0, 0, 1]


def test_neighbour_behaviours_and_combiners():
    assert b.separation((0, 0), [(0.5, 0)], 1.0).tolist() == [-2.0, 0.0]
    assert b.separation((0, 0), np.zeros((0, 2), np.float32), 1.0).tolist() == [0, 0]
    assert b.alignment((0, 0), [(2, 0), (0, 2)]).tolist() == [1, 1]
    assert b.cohesion((0, 0), (0, 0), [(4, 0), (4, 0)], 2.0).tolist() == [2, 0]
    assert b.cohesion((0, 0, 0), (0, 0, 0), [(0, 4, 0)], 2.0).tolist() == [0, 2, 0]
    forces = np.array([[1, 0], [0, 1]], np.float32)
    assert b.blend(forces, [2, 3], 100).tolist() == [2, 3]
    assert np.allclose(np.linalg.norm(b.blend(forces, None, 1.0)), 1.0)
    f, winner = b.priority(np.array([[0, 0], [0, 5]], np.float32), None, 2.0)
    assert winner == 1 and f.tolist() == [0, 2]
    assert b.running_sum(np.array([[3, 0], [0, 3]], np.float32), None, 4.0).tolist() == [3, 1]


def test_wander_draws_from_its_generator():
    r1, r2 = steer.Random(3), steer.Random(3)
    f1, a1, t1 = b.wander((0, 0), (1, 0), 0.0, 2.0, 0.1, r1)
    f2, a2, t2 = b.wander((0, 0), (1, 0), 0.0, 2.0, 0.1, r2)
    assert (f1 == f2).all() and a1 == a2 and a1 != 0.0 and (t1 == t2).all()
    assert 0.0 <= steer.Random(9).float() < 1.0
