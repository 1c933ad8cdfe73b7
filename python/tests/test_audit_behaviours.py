"""The vectorised behaviours, combiners and maths against their documented formulas, on random inputs with zero
vectors and huge values mixed in (never NaN); N agents equal N one-agent calls; per-agent state is returned,
never changed in place; bad arguments are refused naming the argument."""
import numpy as np
import pytest

import steer
from steer import behaviours as b
from steer import maths

N = 2000
HUGE = np.float32(1e30)


def inputs(dim, seed=0):
    rng = np.random.default_rng(seed)
    pos = (rng.standard_normal((N, dim)) * 20).astype(np.float32)
    vel = (rng.standard_normal((N, dim)) * 2).astype(np.float32)
    tgt = (rng.standard_normal((N, dim)) * 20).astype(np.float32)
    tgt[:50] = pos[:50]                 # on the target
    vel[25:75] = 0                      # standing
    pos[100:120] = HUGE                 # far away
    tgt[110:130] = -HUGE
    vel[140:150] = HUGE
    return pos, vel, tgt


def normalize(d):
    d = d.astype(np.float64)
    length = np.linalg.norm(d, axis=1, keepdims=True)
    return np.where(length > 0, d / np.where(length > 0, length, 1), 0)


ORDINARY = np.r_[np.arange(0, 100), np.arange(150, N)]  # rows without huge values: the formula in float64


@pytest.mark.parametrize("dim", [2, 3])
def test_seek_flee_formulas_and_no_nan(dim):
    pos, vel, tgt = inputs(dim)
    seek, flee = b.seek(pos, vel, tgt, 3.0), b.flee(pos, vel, tgt, 3.0)
    assert seek.shape == (N, dim) and seek.dtype == np.float32
    for f in (seek, flee):
        assert np.isfinite(f[:140]).all() and not np.isnan(f).any()
    want = normalize(tgt - pos) * 3.0 - vel
    np.testing.assert_allclose(seek[ORDINARY], want[ORDINARY], atol=2e-5)
    np.testing.assert_allclose(flee[ORDINARY], (-normalize(tgt - pos) * 3.0 - vel)[ORDINARY], atol=2e-5)
    # on the target: no direction, so the force only cancels the velocity
    np.testing.assert_array_equal(seek[:50], -vel[:50])
    # panic_distance: zero beyond it
    far = np.linalg.norm((tgt - pos).astype(np.float64), axis=1) > 10
    panicked = b.flee(pos, vel, tgt, 3.0, panic_distance=10.0)
    assert (panicked[far & (np.arange(N) >= 150)] == 0).all()
    np.testing.assert_array_equal(panicked[~far], flee[~far])


@pytest.mark.parametrize("dim", [2, 3])
def test_arrive_formula(dim):
    pos, vel, tgt = inputs(dim, 1)
    slow = 15.0
    f = b.arrive(pos, vel, tgt, 3.0, slow)
    assert not np.isnan(f).any()
    d = (tgt - pos).astype(np.float64)
    dist = np.linalg.norm(d, axis=1, keepdims=True)
    speed = 3.0 * np.minimum(1, dist / slow)
    want = normalize(d) * speed - vel
    np.testing.assert_allclose(f[ORDINARY], want[ORDINARY], atol=3e-5)
    np.testing.assert_array_equal(f[:50], -vel[:50])  # "stops on target"


@pytest.mark.parametrize("dim", [2, 3])
def test_pursue_predict_formula(dim):
    pos, vel, tgt = inputs(dim, 2)
    tvel = np.roll(vel, 1, axis=0)
    point = b.predict(pos, tgt, tvel, 3.0)
    d = np.linalg.norm((tgt - pos).astype(np.float64), axis=1, keepdims=True)
    want = tgt + tvel * (d / 3.0)  # "after T = dist / max_speed"
    rows = np.arange(150, N)
    np.testing.assert_allclose(point[rows], want[rows], rtol=1e-5, atol=1e-3)
    capped = b.predict(pos, tgt, tvel, 3.0, max_prediction=0.5)
    np.testing.assert_allclose(capped[rows], (tgt + tvel * np.minimum(d / 3.0, 0.5))[rows], rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(b.pursue(pos, vel, tgt, tvel, 3.0)[rows], b.seek(pos, vel, point, 3.0)[rows],
                               atol=1e-5)
    assert not np.isnan(b.pursue(pos, vel, tgt, tvel, 3.0)).any()
    assert not np.isnan(b.evade(pos, vel, tgt, tvel, 3.0, 2.0, 5.0)).any()


def test_contain_and_arrive_braking_no_nan():
    for dim in (2, 3):
        pos, vel, tgt = inputs(dim, 3)
        lo, hi = np.full(dim, -10, np.float32), np.full(dim, 10, np.float32)
        f = b.contain(pos, vel, lo, hi, 2.0, 3.0)
        assert not np.isnan(f).any()
        inside = (np.abs(pos) < 8).all(axis=1)
        assert (f[inside] == 0).all()  # away from the walls: nothing
        assert not np.isnan(b.arrive_braking(pos, vel, tgt, 3.0, 5.0, 4.0, 1 / 60, 0.05)).any()
        assert not np.isnan(b.smooth_dt(vel, tgt, 0.2, 1 / 60)).any()


def test_smooth_dt_formula():
    rng = np.random.default_rng(4)
    s, raw = rng.standard_normal((100, 2)).astype(np.float32), rng.standard_normal((100, 2)).astype(np.float32)
    k = 1 - 2 ** (-0.05 / 0.2)
    np.testing.assert_allclose(b.smooth_dt(s, raw, 0.2, 0.05), s + (raw - s) * k, atol=1e-6)


@pytest.mark.parametrize("dim", [2, 3])
def test_n_agents_equal_n_one_agent_calls(dim):
    pos, vel, tgt = inputs(dim, 5)
    rows = list(range(0, 160)) + list(range(1000, 1040))
    for fn, args in ((b.seek, (3.0,)), (b.flee, (3.0, 8.0)), (b.arrive, (3.0, 4.0))):
        many = fn(pos, vel, tgt, *args)
        for i in rows:
            one = fn(pos[i], vel[i], tgt[i], *args)
            assert one.shape == (dim,)
            assert one.tobytes() == many[i].tobytes(), (fn.__name__, i)


def test_vehicle_methods_equal_the_vectorised_behaviours():
    rng = np.random.default_rng(6)
    for _ in range(20):
        p, v, t = (rng.standard_normal(2).astype(np.float32) * 10 for _ in range(3))
        car = steer.Vehicle(p)
        car.velocity = v
        ms = float(car.max_speed)
        assert car.seek(t).tobytes() == b.seek(p, v, t, ms).tobytes()
        assert car.flee(t).tobytes() == b.flee(p, v, t, ms).tobytes()
        assert car.arrive(t, 5.0).tobytes() == b.arrive(p, v, t, ms, 5.0).tobytes()


def test_time_to_collision_formula():
    p = np.float32([[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]])
    v = np.float32([[1, 0], [1, 0], [0, 0], [1, 0], [0, 0]])
    op = np.float32([[10, 0], [0.5, 0], [10, 10], [0, 5], [0, 0]])
    ov = np.float32([[-1, 0], [0, 0], [0, 0], [1, 0], [0, 0]])
    t = b.time_to_collision(p, v, op, ov, 1.0)
    # head-on closing at 2 from 10 apart, radii summing to 1: (10 - 1) / 2; touching: 0; apart: never (-1)
    assert t.tolist() == [4.5, 0.0, -1.0, -1.0, 0.0] and t.dtype == np.float32
    assert b.time_to_collision(p[0], v[0], op[0], ov[0], 1.0) == 4.5
    radii = np.float32([1, 1, 1, 6, 1])
    assert b.time_to_collision(p, v, op, ov, radii)[3] == 0.0  # (N,) radii: 5 apart, radius 6: touching
    rng = np.random.default_rng(7)
    a, av, o, ov2 = (rng.standard_normal((500, 3)).astype(np.float32) * s for s in (10, 1, 10, 1))
    t = b.time_to_collision(a, av, o, ov2, 2.0)
    hit = t > 0
    # where it says they first touch, the distance then is the radius
    at = (o + ov2 * t[:, None]) - (a + av * t[:, None])
    np.testing.assert_allclose(np.linalg.norm(at[hit], axis=1), 2.0, atol=2e-3)
    assert not np.isnan(b.time_to_collision(a * HUGE, av * HUGE, o, ov2, 2.0)).any()


def test_combiner_formulas():
    rng = np.random.default_rng(8)
    f = rng.standard_normal((300, 4, 2)).astype(np.float32)
    f[:30, 0] = 0
    w = [2.0, 1.0, 0.5, 1.0]
    weighted = f.astype(np.float64) * np.array(w)[None, :, None]
    total = weighted.sum(axis=1)
    length = np.linalg.norm(total, axis=1, keepdims=True)
    want = total * np.minimum(1, 1.5 / np.maximum(length, 1e-30))
    np.testing.assert_allclose(b.blend(f, w, 1.5), want, atol=1e-5)
    force, winner = b.priority(f, w, 1.5)
    first = np.argmax(np.linalg.norm(weighted, axis=2) > 1e-3, axis=1)
    assert (winner == first).all() and winner.dtype == np.int32
    pick = weighted[np.arange(300), first]
    np.testing.assert_allclose(force, pick * np.minimum(1, 1.5 / np.linalg.norm(pick, axis=1, keepdims=True)),
                               atol=1e-5)
    rs = b.running_sum(f, w, 1.5)
    assert (np.linalg.norm(rs, axis=1) <= 1.5 + 1e-5).all()
    small = b.running_sum(f * 1e-3, w, 100.0)  # within budget: the plain weighted sum
    np.testing.assert_allclose(small, (weighted * 1e-3).sum(axis=1), atol=1e-7)
    one, _ = b.priority(f[5], w, 1.5)
    assert one.tobytes() == force[5].tobytes()


def test_per_agent_state_is_returned_not_changed_in_place():
    rng = np.random.default_rng(9)
    pos = rng.standard_normal((50, 2)).astype(np.float32)
    vel = rng.standard_normal((50, 2)).astype(np.float32)
    angles = np.linspace(0, 1, 50).astype(np.float32)
    kept = angles.copy()
    _, new, _ = b.wander(pos, vel, angles, 2.0, 0.1, steer.Random(3))
    np.testing.assert_array_equal(angles, kept)
    assert new.shape == (50,) and new.dtype == np.float32 and (new != kept).any()
    index = np.zeros(50, np.int32)
    points = np.float32([[0, 0], [0.5, 0], [5, 5]])
    _, idx = b.follow_waypoints(pos, vel, points, index, 3.0, arrival_radius=3.0)
    assert (index == 0).all() and (idx > 0).any()
    # N agents draw like N one-agent calls in order
    r1, r2 = steer.Random(11), steer.Random(11)
    f_all, a_all, _ = b.wander(pos, vel, kept, 2.0, 0.1, r1)
    for i in range(50):
        f1, a1, _ = b.wander(pos[i], vel[i], float(kept[i]), 2.0, 0.1, r2)
        assert f1.tobytes() == f_all[i].tobytes() and np.float32(a1) == a_all[i]


@pytest.mark.parametrize("call, words", [
    (lambda: b.seek(np.zeros((3, 2)), np.zeros((3, 2), np.float32), (1, 0), 2.0), ("pos", "float64", "float32")),
    (lambda: b.seek(np.zeros((3, 2), np.float32), np.zeros((4, 2), np.float32), (1, 0), 2.0), ("(3, 2)", "(4, 2)")),
    (lambda: b.seek(np.zeros((3, 3), np.float32), np.zeros((3, 2), np.float32), (1, 0), 2.0), ("dimensions",)),
    (lambda: b.seek(np.zeros((3, 2), np.float32), np.zeros((3, 2), np.float32), (1, 0), float("nan")),
     ("max_speed", "nan")),
    (lambda: b.seek(np.zeros((3, 2), np.float32), np.zeros((3, 2), np.float32), (np.nan, 0), 1.0),
     ("target", "nan")),
    (lambda: b.seek(np.zeros((4, 4), np.float32)[:, ::2], np.zeros((2, 2), np.float32), (1, 0), 1.0),
     ("pos", "C-contiguous")),
    (lambda: b.seek(np.zeros((3, 2, 1), np.float32), np.zeros((3, 2), np.float32), (1, 0), 1.0), ("pos", "shape")),
    (lambda: b.seek("ab", (0, 0), (1, 0), 1.0), ("pos",)),
    (lambda: b.arrive((0, 0), (0, 0), (1, 0), 1.0, "x"), ("slow_radius", "'x'")),
    (lambda: b.wander((0, 0), (0, 0), 0.0, 1.0, 0.1, rng=None), ("rng",)),
    (lambda: b.time_to_collision(np.zeros((3, 2), np.float32), np.zeros((3, 2), np.float32),
                                 np.zeros((3, 2), np.float32), np.zeros((3, 2), np.float32), [1, 2]), ("radius",)),
    (lambda: maths.atan2(float("nan"), 1.0), ("y", "nan")),
    (lambda: maths.atan2(1.0, float("inf")), ("x", "inf")),
    (lambda: maths.sin(np.zeros(3)), ("float64",)),
])
def test_bad_arguments_are_refused_naming_them(call, words):
    with pytest.raises(steer.InvalidArgument) as e:
        call()
    for word in words:
        assert word in str(e.value), (word, str(e.value))


def test_one_row_of_any_real_dtype_is_converted():
    want = b.seek((0, 0), (0, 0), (3, 4), 5.0)
    for target in (np.float64([3, 4]), np.int64([3, 4]), [3, 4], (3.0, 4.0)):
        assert b.seek(np.zeros((1, 2), np.float32), (0, 0), target, 5.0)[0].tobytes() == want.tobytes()


def test_empty_batch():
    out = b.seek(np.zeros((0, 2), np.float32), np.zeros((0, 2), np.float32), (1, 0), 1.0)
    assert out.shape == (0, 2) and out.dtype == np.float32


def test_maths_documented_accuracy():
    x = np.linspace(-20, 20, 100001).astype(np.float32)
    x64 = x.astype(np.float64)
    assert np.abs(maths.sin(x) - np.sin(x64)).max() < 2e-7
    assert np.abs(maths.cos(x) - np.cos(x64)).max() < 2e-7
    e = np.linspace(-100, 100, 20001).astype(np.float32)
    assert (np.abs(maths.exp2(e) - np.exp2(e.astype(np.float64))) / np.exp2(e.astype(np.float64))).max() < 3e-7
    rng = np.random.default_rng(10)
    y, xx = rng.standard_normal((2, 10000)).astype(np.float32)
    a = maths.atan2(y, xx)
    assert (np.abs(a) <= np.float32(np.pi)).all() and np.abs(a - np.arctan2(y, xx)).max() < 5e-7
    assert maths.atan2(0.0, 0.0) == 0.0 and isinstance(maths.sin(1.0), float)
    w = maths.wrap_angle(np.float32([np.pi, -np.pi, 3 * np.pi, -7, 100]))
    assert (w >= -np.float32(np.pi)).all() and (w < np.float32(np.pi)).all()
    np.testing.assert_allclose(np.cos(w), np.cos(np.float64([np.pi, -np.pi, 3 * np.pi, -7, 100])), atol=1e-5)
    assert maths.sin(np.zeros((3, 4), np.float32)).shape == (3, 4)
