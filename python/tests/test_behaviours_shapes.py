"""The behaviours with obstacles, walls, paths and flow fields, the orientation and group-tactics functions,
smooth, hysteresis, wander and dither: vectorised over 10,000 agents they equal the C pure functions called
one agent at a time, bit for bit (state arrays too), in 2D and 3D."""
import numpy as np
import pytest

import steer
from steer import behaviours as b
from steer._steer import ffi, lib

N = 10_000
rng = np.random.default_rng(11)


def rows(dim, scale=50.0, n=N):
    return (rng.standard_normal((n, dim)) * scale).astype(np.float32)


def vs(dim, a):
    """Row i of a as a steer_v{dim}, without copying: the references call C with these."""
    return ffi.cast(f"steer_v{dim} *", ffi.from_buffer(a))


def back(dim, f):
    return [f.x, f.y] if dim == 2 else [f.x, f.y, f.z]


def same(got, want):
    got, want = np.asarray(got), np.asarray(want, dtype=np.asarray(got).dtype)
    assert got.shape == want.shape and got.tobytes() == want.tobytes()


def env(dim):
    centres, radii = rows(dim, 40.0, 30), (rng.random(30) * 8 + 1).astype(np.float32)
    table = np.concatenate([centres, radii[:, None]], axis=1).astype(np.float32)
    obstacles = ffi.cast(f"steer_obstacle{dim} *", ffi.from_buffer(table))
    walls = rows(dim, 40.0, 24).reshape(12, 2, dim)
    return centres, radii, obstacles, table, walls


@pytest.mark.parametrize("dim", [2, 3])
def test_obstacles_and_walls_equal_the_c_functions(dim):
    pos, vel = rows(dim), rows(dim, 2.0)
    centres, radii, obstacles, _table, walls = env(dim)
    P, V = vs(dim, pos), vs(dim, vel)
    engaged = rng.integers(-1, 30, N).astype(np.int32)
    f, latch = b.avoid_obstacles(pos, vel, centres, radii, 0.5, 3.0, 20.0, 30.0, 1.0, engaged=engaged)
    params = ffi.new("steer_avoid_params *", {"see_ahead": 20.0, "agent_radius": 0.5, "max_force": 3.0,
                                              "release_see_ahead": 30.0, "release_margin": 1.0})
    fn, state, want, want_latch = getattr(lib, f"steer_avoid_obstacles{dim}"), ffi.new("int *"), [], []
    for i in range(N):
        state[0] = int(engaged[i])
        want.append(back(dim, fn(P[i], V[i], obstacles, 30, params, state)))
        want_latch.append(state[0])
    same(f, want), same(latch, want_latch)
    assert (latch >= 0).sum() > 100 and np.any(f != 0) and (engaged != latch).any()

    f, tips = b.avoid_obstacles_feeler(pos, vel, centres, radii, 0.5, 10.0, 3.0)
    fn, tip, want, want_tips = getattr(lib, f"steer_avoid_obstacles_feeler{dim}"), ffi.new(f"steer_v{dim} *"), [], []
    for i in range(N):
        want.append(back(dim, fn(P[i], V[i], obstacles, 30, 0.5, 10.0, 3.0, tip)))
        want_tips.append(back(dim, tip[0]))
    same(f, want), same(tips, want_tips)
    assert np.any(f != 0)

    up = "y" if dim == 3 else "z"
    f, tips = b.avoid_walls(pos, vel, walls, 8.0, 0.6, 5.0, up=up)
    feelers = ffi.new("steer_wall_feelers *", {"length": 8.0, "whisker_angle": 0.6, "whisker_length": 5.0,
                                               "up": lib.STEER_UP_Y if dim == 3 else lib.STEER_UP_Z})
    segs = ffi.cast(f"steer_segment{dim} *", ffi.from_buffer(walls))
    fn, out_tips, want, want_tips = getattr(lib, f"steer_avoid_walls{dim}"), ffi.new(f"steer_v{dim}[3]"), [], []
    for i in range(N):
        want.append(back(dim, fn(P[i], V[i], segs, 12, feelers, out_tips)))
        want_tips.append([back(dim, out_tips[k]) for k in range(3)])
    same(f, want), same(tips, want_tips)
    assert tips.shape == (N, 3, dim) and np.any(f != 0)

    f = b.follow_wall(pos, vel, walls, 3.0, 15.0, 2.0, 1.5)
    params = ffi.new("steer_wall_follow_params *", {"range": 15.0, "desired_distance": 2.0, "gain": 1.5})
    fn = getattr(lib, f"steer_follow_wall{dim}")
    same(f, [back(dim, fn(P[i], V[i], segs, 12, params, 3.0)) for i in range(N)])
    assert np.any(f != 0)

    hpos, hvel = rows(dim), rows(dim, 2.0)
    f, spots = b.hide(pos, vel, hpos, hvel, centres, radii, 3.0, 5.0, 2.0)
    fn, spot, want, want_spots = getattr(lib, f"steer_hide{dim}"), ffi.new(f"steer_v{dim} *"), [], []
    H, HV = vs(dim, hpos), vs(dim, hvel)
    for i in range(N):
        want.append(back(dim, fn(P[i], V[i], H[i], HV[i], obstacles, 30, 2.0, 3.0, 5.0, spot)))
        want_spots.append(back(dim, spot[0]))
    same(f, want), same(spots, want_spots)


@pytest.mark.parametrize("dim", [2, 3])
@pytest.mark.parametrize("closed", [False, True])
def test_paths_and_waypoints_equal_the_c_functions(dim, closed):
    pos, vel = rows(dim), rows(dim, 2.0)
    P, V = vs(dim, pos), vs(dim, vel)
    points = rows(dim, 30.0, 10)
    path = steer.Path(points, closed=closed, radius=3.0)
    cpath = ffi.new(f"steer_path{dim} *", {"points": vs(dim, points), "count": 10, "closed": closed, "radius": 3.0})

    q, d, seg, t = b.path_closest_point(path, pos)
    fn, od, os_, ot = getattr(lib, f"steer_path_closest_point{dim}"), ffi.new("float *"), ffi.new("int *"), ffi.new("float *")
    want = [(back(dim, fn(cpath, P[i], od, os_, ot)), od[0], os_[0], ot[0]) for i in range(N)]
    same(q, [w[0] for w in want]), same(d, [w[1] for w in want]), same(seg, [w[2] for w in want])
    same(t, [w[3] for w in want])

    q, seg, passed = b.path_point_ahead(path, pos, 25.0)
    fn, ob = getattr(lib, f"steer_path_point_ahead{dim}"), ffi.new("bool *")
    want = [(back(dim, fn(cpath, P[i], 25.0, os_, ob)), os_[0], bool(ob[0])) for i in range(N)]
    same(q, [w[0] for w in want]), same(seg, [w[1] for w in want])
    assert passed.tolist() == [w[2] for w in want] and passed.any() != closed

    start = rng.integers(-1, 10, N).astype(np.int32)
    q, seg, passed = b.path_track(path, pos, start, 12.0, 25.0)
    fn, state = getattr(lib, f"steer_path_track{dim}"), ffi.new("int *")
    want = []
    for i in range(N):
        state[0] = int(start[i])
        want.append((back(dim, fn(cpath, P[i], state, 12.0, 25.0, ob)), state[0], bool(ob[0])))
    same(q, [w[0] for w in want]), same(seg, [w[1] for w in want])
    assert passed.tolist() == [w[2] for w in want]
    assert ((seg >= np.minimum(start, 8)) | (start < 0) | closed).all() and (seg >= 0).all()  # past the last: from it

    f = b.follow_path(pos, vel, path, 3.0, 2.0, 4.0)
    fn = getattr(lib, f"steer_follow_path{dim}")
    same(f, [back(dim, fn(P[i], V[i], cpath, 2.0, 4.0, 3.0)) for i in range(N)])
    assert np.any(f != 0)

    f = b.follow_path_to_end(pos, vel, path, 3.0, 2.0, 4.0, 5.0, 4.0, 1 / 60, 0.05)
    arrival = ffi.new("steer_arrival *", {"slow_radius": 5.0, "max_accel": 4.0, "dt": 1 / 60, "tolerance": 0.05})
    fn = getattr(lib, f"steer_follow_path_to_end{dim}")
    same(f, [back(dim, fn(P[i], V[i], cpath, 2.0, 4.0, arrival, 3.0)) for i in range(N)])

    start = rng.integers(0, 10, N).astype(np.int32)
    for braking in (False, True):
        f, index = b.follow_waypoints(pos, vel, points, start, 3.0, 60.0, 5.0, braking=braking, max_accel=4.0,
                                      dt=1 / 60, tolerance=0.05)
        fn = getattr(lib, f"steer_follow_waypoints{'_braking' if braking else ''}{dim}")
        state, want, want_index = ffi.new("int *"), [], []
        for i in range(N):
            state[0] = int(start[i])
            last = arrival if braking else 5.0
            want.append(back(dim, fn(P[i], V[i], vs(dim, points), 10, state, 60.0, last, 3.0)))
            want_index.append(state[0])
        same(f, want), same(index, want_index)
        assert (index != start).any()
    fn = getattr(lib, f"steer_follow_waypoints_ordered{dim}")
    for loop, reverse in ((True, False), (False, True), (True, True)):
        f, index = b.follow_waypoints(pos, vel, points, start, 3.0, 60.0, 5.0, loop=loop, reverse=reverse)
        order = (lib.STEER_WAYPOINTS_LOOP if loop else 0) | (lib.STEER_WAYPOINTS_REVERSE if reverse else 0)
        state, want, want_index = ffi.new("int *"), [], []
        for i in range(N):
            state[0] = int(start[i])
            want.append(back(dim, fn(P[i], V[i], vs(dim, points), 10, state, 60.0, 5.0, 3.0, order)))
            want_index.append(state[0])
        same(f, want), same(index, want_index)
        assert (index != start).any()


@pytest.mark.parametrize("dim", [2, 3])
def test_flow_fields_equal_the_c_functions(dim):
    pos, vel = rows(dim), rows(dim, 2.0)
    P, V = vs(dim, pos), vs(dim, vel)
    shape = (8, 9, 2) if dim == 2 else (4, 8, 9, 3)
    vectors = rng.standard_normal(shape).astype(np.float32)
    origin = np.full(dim, -60.0, np.float32)
    field = steer.FlowField(vectors, origin, 13.0)
    nz = 1 if dim == 2 else 4
    cfield = ffi.new(f"steer_flow_field{dim} *", {"origin": list(map(float, origin)), "cell_size": 13.0, "nx": 9,
                                                   "ny": 8, "nz": nz, "vectors": vs(dim, vectors)})
    fn = getattr(lib, f"steer_flow_field_sample{dim}")
    same(b.flow_field_sample(field, pos), [back(dim, fn(cfield, P[i])) for i in range(N)])
    same(field.sample(pos[:5]), b.flow_field_sample(field, pos[:5]))
    fn = getattr(lib, f"steer_follow_flow{dim}")
    f = b.follow_flow(pos, vel, field, 3.0, 0.5)
    same(f, [back(dim, fn(P[i], V[i], cfield, 0.5, 3.0)) for i in range(N)])
    assert np.any(f != 0)
    # on a node the field is that node's vector exactly
    node = origin + 13.0 * np.array([2, 3, 1][:dim], np.float32)
    want = vectors[3, 2] if dim == 2 else vectors[1, 3, 2]
    assert np.allclose(b.flow_field_sample(field, node), want, atol=1e-5)


@pytest.mark.parametrize("dim", [2, 3])
def test_tactics_and_orientation_equal_the_c_functions(dim):
    pos, vel, a, av, c, cv, h = rows(dim), rows(dim, 2.0), rows(dim), rows(dim, 2.0), rows(dim), rows(dim, 2.0), rows(dim, 1.0)
    P, V, A, AV, C, CV, H = (vs(dim, x) for x in (pos, vel, a, av, c, cv, h))
    fn = getattr(lib, f"steer_interpose{dim}")
    same(b.interpose(pos, vel, a, av, c, cv, 3.0, 5.0), [back(dim, fn(P[i], V[i], A[i], AV[i], C[i], CV[i], 3.0, 5.0))
                                                         for i in range(N)])
    fn = getattr(lib, f"steer_offset_pursuit{dim}")
    same(b.offset_pursuit(pos, vel, a, av, h, c, 3.0, 5.0),
         [back(dim, fn(P[i], V[i], A[i], AV[i], H[i], C[i], 3.0, 5.0)) for i in range(N)])
    fn = getattr(lib, f"steer_local_to_world{dim}")
    same(b.local_to_world(h, c), [back(dim, fn(H[i], C[i])) for i in range(N)])
    if dim == 3:
        for up, value in (("z", lib.STEER_UP_Z), ("y", lib.STEER_UP_Y)):
            same(b.local_to_world(h, c, up=up), [back(3, lib.steer_local_to_world3_up(H[i], C[i], value)) for i in range(N)])
    fn = getattr(lib, f"steer_turn_toward{dim}")
    same(b.turn_toward(h, c, 0.3), [back(dim, fn(H[i], C[i], 0.3)) for i in range(N)])
    fn = getattr(lib, f"steer_face{dim}")
    same(b.face(h, pos, c, 2.0, 0.1), [back(dim, fn(H[i], P[i], C[i], 2.0, 0.1)) for i in range(N)])
    fn = getattr(lib, f"steer_look_where_going{dim}")
    same(b.look_where_going(h, vel, 2.0, 0.1), [back(dim, fn(H[i], V[i], 2.0, 0.1)) for i in range(N)])
    if dim == 3:  # the _up forms, Y-up
        Y = lib.STEER_UP_Y
        same(b.offset_pursuit(pos, vel, a, av, h, c, 3.0, 5.0, up="y"),
             [back(3, lib.steer_offset_pursuit3_up(P[i], V[i], A[i], AV[i], H[i], C[i], 3.0, 5.0, Y)) for i in range(N)])
        same(b.turn_toward(h, c, 0.3, up="y"), [back(3, lib.steer_turn_toward3_up(H[i], C[i], 0.3, Y)) for i in range(N)])
        same(b.face(h, pos, c, 2.0, 0.1, up="y"),
             [back(3, lib.steer_face3_up(H[i], P[i], C[i], 2.0, 0.1, Y)) for i in range(N)])
        same(b.look_where_going(h, vel, 2.0, 0.1, up="y"),
             [back(3, lib.steer_look_where_going3_up(H[i], V[i], 2.0, 0.1, Y)) for i in range(N)])
        # a Y-up reversal turns on the ground (left of +X about +Y is -Z); about +Z it pitches up
        assert b.look_where_going((1, 0, 0), (-2, 0, 0), 1.0, 0.5, up="y")[1] == 0.0
        assert b.look_where_going((1, 0, 0), (-2, 0, 0), 1.0, 0.5)[1] > 0.4
    else:
        with pytest.raises(steer.InvalidArgument, match="up: only for 3D"):
            b.face(h, pos, c, 2.0, 0.1, up="y")
    fn = getattr(lib, f"steer_smooth{dim}")
    same(b.smooth(vel, av, 0.3), [back(dim, fn(V[i], AV[i], 0.3)) for i in range(N)])
    # the turn is limited, and a unit heading comes back unit
    turned = b.turn_toward((1, 0) + (0,) * (dim - 2), (0, 1) + (0,) * (dim - 2), 0.25)
    assert abs(np.arctan2(turned[1], turned[0]) - 0.25) < 1e-6


def test_hysteresis_gates_and_equals_the_c_function():
    values = (rng.random(N) * 2).astype(np.float32)
    state = rng.random(N) < 0.5
    got = b.hysteresis(state, values, 1.2, 0.8)
    s, want = ffi.new("bool *"), []
    for i in range(N):
        s[0] = bool(state[i])
        lib.steer_hysteresis(s, float(values[i]), 1.2, 0.8)
        want.append(bool(s[0]))
    assert got.tolist() == want
    assert b.hysteresis(False, 1.0, 1.2, 0.8) is False and b.hysteresis(True, 1.0, 1.2, 0.8) is True
    assert b.hysteresis(False, 1.3, 1.2, 0.8) is True and b.hysteresis(True, 0.7, 1.2, 0.8) is False


@pytest.mark.parametrize("dim", [2, 3])
def test_wander_over_n_agents_draws_in_agent_order(dim):
    pos, vel = rows(dim), rows(dim, 2.0)
    angles = (rng.random(N) * 6).astype(np.float32)
    f, new_angles, targets = b.wander(pos, vel, angles, 3.0, 0.1, steer.Random(4), 1.5, 3.0, 2.0)
    r = steer.Random(4)
    params = ffi.new("steer_wander_params *", {"radius": 1.5, "distance": 3.0, "jitter": 2.0})
    fn, a, t = getattr(lib, f"steer_wander{dim}"), ffi.new("float *"), ffi.new(f"steer_v{dim} *")
    P, V, want = vs(dim, pos), vs(dim, vel), []
    rng_float = ffi.addressof(lib, "steer_rng_float")
    for i in range(N):
        a[0] = float(angles[i])
        want.append((back(dim, fn(P[i], V[i], a, params, 3.0, 0.1, rng_float, r._rng, t)), a[0], back(dim, t[0])))
    same(f, [w[0] for w in want]), same(new_angles, [w[1] for w in want]), same(targets, [w[2] for w in want])
    assert (new_angles != angles).all()


def test_wander_sphere_over_n_agents_draws_twice_each():
    pos, vel = rows(3), rows(3, 2.0)
    state = (rng.random((N, 2)) - 0.5).astype(np.float32)
    f, new_state, targets = b.wander_sphere(pos, vel, state, 3.0, 0.1, steer.Random(5), up="y")
    r = steer.Random(5)
    params = ffi.new("steer_wander_params *", {"radius": 1.0, "distance": 2.0, "jitter": 4.0, "up": lib.STEER_UP_Y})
    s, t, P, V, want = ffi.new("steer_wander_sphere *"), ffi.new("steer_v3 *"), vs(3, pos), vs(3, vel), []
    rng_float = ffi.addressof(lib, "steer_rng_float")
    for i in range(N):
        s.azimuth, s.elevation = float(state[i, 0]), float(state[i, 1])
        want.append((back(3, lib.steer_wander_sphere3(P[i], V[i], s, params, 3.0, 0.1, rng_float, r._rng, t)),
                     [s.azimuth, s.elevation], back(3, t[0])))
    same(f, [w[0] for w in want]), same(new_state, [w[1] for w in want]), same(targets, [w[2] for w in want])
    one = b.wander_sphere(pos[0], vel[0], state[0], 3.0, 0.1, steer.Random(5), up="y")
    same(one[0], f[0]), same(one[1], new_state[0])


@pytest.mark.parametrize("dim", [2, 3])
def test_dither_over_n_agents_equals_the_lazy_one_agent_calls(dim):
    k, n = 5, 2000
    forces = (rng.standard_normal((n, k, dim)) * (rng.random((n, k, 1)) < 0.6)).astype(np.float32)
    weights, probabilities = [1.0, 2.0, 0.5, 1.0, 1.5], [0.3, 0.5, 0.0, 0.9, 1.0]
    got, winners = b.dither(forces, weights, probabilities, 2.5, steer.Random(6), epsilon=1e-3)
    r, asked = steer.Random(6), []
    for i in range(n):
        def evaluate(j, i=i):
            asked.append(j)
            return forces[i, j]
        f, winner = b.dither(evaluate, weights, probabilities, 2.5, r, epsilon=1e-3, dim=dim)
        assert f.tobytes() == got[i].tobytes() and winner == winners[i]
    assert 2 not in asked  # p = 0: never evaluated
    assert len(set(winners.tolist())) >= 3


def test_desired_forms_and_scalar_functions():
    assert b.separation_desired((0, 0), (0, 0), [(0.5, 0)], 1.0, 2.0).tolist() == [-2.0, 0.0]
    assert b.separation_desired((0, 0, 0), (0, 0, 0), [(0, 0, 0.5)], 1.0, 2.0).tolist() == [0, 0, -2.0]
    assert b.separation((0, 0, 0), [(0, 0.5, 0)], 1.0).tolist() == [0, -2.0, 0]
    assert b.alignment_desired((0, 0), [(3, 0)], 2.0).tolist() == [2, 0]
    assert b.alignment_desired((0, 0, 0), [(0, 0, 3)], 2.0).tolist() == [0, 0, 2]
    assert b.alignment((0, 0, 0), [(0, 0, 3)]).tolist() == [0, 0, 3]
    x = (rng.standard_normal(1000) * 10).astype(np.float32)
    y = (rng.standard_normal(1000) * 10).astype(np.float32)
    for name, fn in (("sin", lib.steer_sin), ("cos", lib.steer_cos), ("exp2", lib.steer_exp2),
                     ("wrap_angle", lib.steer_wrap_angle)):
        same(getattr(steer.maths, name)(x), [fn(float(v)) for v in x])
    same(steer.maths.atan2(y, x), [lib.steer_atan2(float(a), float(c)) for a, c in zip(y, x)])
    assert abs(steer.maths.sin(np.pi / 6) - 0.5) < 1e-6 and steer.maths.exp2(3.0) == 8.0
    assert abs(steer.maths.wrap_angle(3 * np.pi) + np.pi) < 1e-5 and steer.maths.atan2(0.0, 0.0) == 0.0
    r = steer.Random(8)
    u, v = r.u32(), r.range(5.0, 6.0)
    assert 0 <= u < 2**32 and 5.0 <= v < 6.0 and steer.Random(8).u32() == u


def test_combiners_in_3d():
    forces = np.array([[1, 0, 0], [0, 0, 1]], np.float32)
    assert b.blend(forces, [2, 3], 100).tolist() == [2, 0, 3]
    f, winner = b.priority(np.array([[0, 0, 0], [0, 0, 5]], np.float32), None, 2.0)
    assert winner == 1 and f.tolist() == [0, 0, 2]
    assert b.running_sum(np.array([[3, 0, 0], [0, 0, 3]], np.float32), None, 4.0).tolist() == [3, 0, 1]
    f, a, t = b.wander((0, 0, 0), (1, 0, 0), 0.0, 2.0, 0.1, steer.Random(3))
    assert f.shape == (3,) and isinstance(a, float) and t[2] == 0.0


@pytest.mark.parametrize("dim", [2, 3])
def test_neighbour_behaviours_over_n_agents_equal_the_c_functions(dim):
    k = 6
    pos, vel = rows(dim, 5.0), rows(dim, 2.0)
    nb = (pos[:, None, :] + rng.standard_normal((N, k, dim)) * 0.8).astype(np.float32)
    counts = rng.integers(0, k + 1, N)
    P, V = vs(dim, pos), vs(dim, vel)
    rows_of = [vs(dim, nb[i]) for i in range(N)]
    cases = [
        (b.separation(pos, nb, 1.0, counts), lambda i: getattr(lib, f"steer_separation{dim}")(P[i], rows_of[i], int(counts[i]), 1.0)),
        (b.separation_desired(pos, vel, nb, 1.0, 3.0, counts),
         lambda i: getattr(lib, f"steer_separation_desired{dim}")(P[i], V[i], rows_of[i], int(counts[i]), 1.0, 3.0)),
        (b.alignment(vel, nb, counts), lambda i: getattr(lib, f"steer_alignment{dim}")(V[i], rows_of[i], int(counts[i]))),
        (b.alignment_desired(vel, nb, 3.0, counts),
         lambda i: getattr(lib, f"steer_alignment_desired{dim}")(V[i], rows_of[i], int(counts[i]), 3.0)),
        (b.cohesion(pos, vel, nb, 3.0, counts),
         lambda i: getattr(lib, f"steer_cohesion{dim}")(P[i], V[i], rows_of[i], int(counts[i]), 3.0)),
    ]
    for got, one in cases:
        same(got, [back(dim, one(i)) for i in range(N)])
        assert np.any(got != 0) and not got[counts == 0].any()
    same(b.cohesion(pos[:3], vel[:3], nb[:3], 3.0), [b.cohesion(pos[i], vel[i], nb[i], 3.0) for i in range(3)])
    with pytest.raises(steer.InvalidArgument, match=r"counts: int64 \(4,\)"):
        b.separation(pos[:3], nb[:3], 1.0, counts=np.zeros(4, np.int64))
    with pytest.raises(steer.InvalidArgument, match=r"neighbour_pos: shape \(3, 6\)"):
        b.separation(pos[:3], np.ascontiguousarray(nb[:3, :, 0]), 1.0)


@pytest.mark.parametrize("dim", [2, 3])
def test_combiners_over_n_agents_equal_the_c_functions(dim):
    k = 4
    forces = (rng.standard_normal((N, k, dim)) * (rng.random((N, k, 1)) < 0.5)).astype(np.float32)
    weights = np.float32([1.5, 1.0, 0.5, 2.0])
    rows_of = [vs(dim, forces[i]) for i in range(N)]
    w = ffi.cast("float *", ffi.from_buffer(weights))
    same(b.blend(forces, weights, 1.5), [back(dim, getattr(lib, f"steer_blend{dim}")(rows_of[i], w, k, 1.5))
                                         for i in range(N)])
    same(b.running_sum(forces, weights, 1.5), [back(dim, getattr(lib, f"steer_running_sum{dim}")(rows_of[i], w, k, 1.5))
                                               for i in range(N)])
    got, winners = b.priority(forces, weights, 1.5, 0.01)
    winner, want, want_w = ffi.new("int *"), [], []
    for i in range(N):
        want.append(back(dim, getattr(lib, f"steer_priority{dim}")(rows_of[i], w, k, 0.01, 1.5, winner)))
        want_w.append(winner[0])
    same(got, want), same(winners, want_w)
    assert set(winners.tolist()) == {-1, 0, 1, 2, 3}
