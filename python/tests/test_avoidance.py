"""Predictive avoidance from Python: the pure functions equal the C ones bit for bit, and a world's
head-on pair passes on the right without touching."""
import numpy as np
import pytest

import steer
from steer import behaviours as b
from steer._steer import ffi, lib
from steer.world import BEHAVIOURS

rng = np.random.default_rng(16)
FLOCKING_OFF = {"separation": 0, "alignment": 0, "cohesion": 0}  # a default group flocks


def v(dim, row):
    return ffi.new(f"steer_v{dim} *", [float(x) for x in row])[0]


def back(dim, f):
    return [f.x, f.y] if dim == 2 else [f.x, f.y, f.z]


def cloud(n, dim, scale):
    return (rng.standard_normal((n, dim)) * scale).astype(np.float32)


@pytest.mark.parametrize("dim", [2, 3])
def test_time_to_collision_over_pairs_equals_c_bit_for_bit(dim):
    n = 10_000
    pos, vel, opos, ovel = cloud(n, dim, 5), cloud(n, dim, 2), cloud(n, dim, 5), cloud(n, dim, 2)
    radii = rng.uniform(0.2, 3.0, n).astype(np.float32)
    fn = getattr(lib, f"steer_time_to_collision{dim}")
    for radius in (1.5, radii):
        got = b.time_to_collision(pos, vel, opos, ovel, radius)
        r = np.broadcast_to(np.float32(radius), (n,))
        want = np.array([fn(v(dim, pos[i]), v(dim, vel[i]), v(dim, opos[i]), v(dim, ovel[i]), float(r[i]))
                         for i in range(n)], np.float32)
        assert got.shape == (n,) and got.tobytes() == want.tobytes()
        assert (got == -1).any() and (got == 0).any() and (got > 0).any()  # never, touching, later: all met
    assert b.time_to_collision((0, 0), (1, 0), (10, 0), (-1, 0), 2.0) == 4.0  # a gap of 8 closing at 2


def neighbour_records(dim, pos, vel, radius):
    return ffi.new(f"steer_neighbour{dim}[]", [(v(dim, p), v(dim, q), float(r)) for p, q, r in zip(pos, vel, radius)])


@pytest.mark.parametrize("dim", [2, 3])
def test_avoid_neighbours_and_anticipate_equal_c_bit_for_bit(dim):
    trials, k = 400, 6
    threats, pushes = 0, 0
    for t in range(trials):
        pos, vel = cloud(1, dim, 1)[0], cloud(1, dim, 2)[0]
        npos, nvel = cloud(k, dim, 6), cloud(k, dim, 2)
        nrad, prio = rng.uniform(0.2, 1.0, k).astype(np.float32), rng.uniform(0.5, 2.0, k).astype(np.float32)
        up = ("z", "y")[t % 2]
        records = neighbour_records(dim, npos, nvel, nrad)

        force, threat = b.avoid_neighbours(pos, vel, npos, nvel, nrad, 0.4, 3.0, horizon=8, margin=0.1,
                                           keep_right=0.3, up=up)
        params = ffi.new("steer_neighbour_avoidance *", {"horizon": 8, "agent_radius": 0.4, "margin": 0.1,
                                                         "max_force": 3.0, "keep_right": 0.3,
                                                         "up": b.UP[up]})
        out = ffi.new("int *")
        want = getattr(lib, f"steer_avoid_neighbours{dim}")(v(dim, pos), v(dim, vel), records, k, params, out)
        assert force.tobytes() == np.float32(back(dim, want)).tobytes() and threat == out[0]
        threats += threat >= 0

        shares = prio if t % 3 else None
        force = b.anticipate(pos, vel, npos, nvel, nrad, 0.4, 3.0, priorities=shares, priority=1.2, k=2.0, tau0=4.0,
                             horizon=8, keep_right=0.3, up=up)
        params = ffi.new("steer_anticipation *", {"k": 2.0, "tau0": 4.0, "horizon": 8, "max_force": 3.0,
                                                  "agent_radius": 0.4, "keep_right": 0.3, "priority": 1.2,
                                                  "up": b.UP[up]})
        c_shares = ffi.NULL if shares is None else ffi.new("float[]", shares.tolist())
        want = getattr(lib, f"steer_anticipate{dim}")(v(dim, pos), v(dim, vel), records, c_shares, k, params)
        assert force.tobytes() == np.float32(back(dim, want)).tobytes()
        pushes += bool(np.any(force != 0))
    assert threats > trials // 20 and pushes > trials // 20  # the inputs exercise the pushes, not only zeros


@pytest.mark.parametrize("dim", [2, 3])
def test_crowd_forms_equal_each_agent_against_the_whole_crowd(dim):
    n = 200
    pos, vel = cloud(n, dim, 4), cloud(n, dim, 1.5)
    radius, prio = rng.uniform(0.2, 0.6, n).astype(np.float32), rng.uniform(0.5, 2.0, n).astype(np.float32)
    forces, threats = b.avoid_neighbours_all(pos, vel, radius, 2.0, horizon=6, margin=0.1, up="y")
    pushes = b.anticipate_all(pos, vel, radius, 2.0, priorities=prio, k=2.0, horizon=6, up="y")
    equal = b.anticipate_all(pos, vel, 0.4, 2.0)
    for i in range(n):
        others = [np.ascontiguousarray(np.delete(a, i, axis=0)) for a in (pos, vel, radius, prio)]
        f, t = b.avoid_neighbours(pos[i], vel[i], others[0], others[1], others[2], radius[i], 2.0, horizon=6,
                                  margin=0.1, up="y")
        assert forces[i].tobytes() == f.tobytes() and threats[i] == (t + (t >= i) if t >= 0 else -1)
        f = b.anticipate(pos[i], vel[i], others[0], others[1], others[2], radius[i], 2.0, priorities=others[3],
                         priority=prio[i], k=2.0, horizon=6, up="y")
        assert pushes[i].tobytes() == f.tobytes()
        # anticipate's own skip of the agent itself gives the same bits with the whole crowd listed
        assert equal[i].tobytes() == b.anticipate(pos[i], vel[i], pos, vel, 0.4, 0.4, 2.0).tobytes()
    assert (threats >= 0).sum() > n // 4 and (np.abs(pushes).sum(axis=1) > 0).sum() > n // 4
    alone, threat = b.avoid_neighbours_all(pos[:1], vel[:1], 0.4, 2.0)
    assert alone.tolist() == [[0.0] * dim] and threat.tolist() == [-1]
    with pytest.raises(steer.InvalidArgument, match=r"pos: shape \(2,\): a crowd"):
        b.anticipate_all((0, 0), (0, 0), 0.5, 1.0)
    with pytest.raises(steer.InvalidArgument, match=r"priorities: shape \(3,\): must be \(200,\), one per agent"):
        b.anticipate_all(pos, vel, radius, 2.0, priorities=[1, 2, 3])


def test_a_step_caps_anticipation_at_its_share_of_the_approach():
    # a gap of 0.2 closing at 0.15: the power law asks for the whole max_force; with dt 0.1 (mass 1) the push
    # takes away the agent's half of the approach within the step, and twice the mass takes twice the force
    slow = dict(neighbour_pos=[(1.2, 0)], neighbour_vel=[(-0.15, 0)], neighbour_radius=0.5, agent_radius=0.5,
                max_force=4.0, keep_right=0.0)
    assert np.linalg.norm(b.anticipate((0, 0), (0, 0), **slow)) == 4.0
    assert np.linalg.norm(b.anticipate((0, 0), (0, 0), dt=0.1, **slow)) == pytest.approx(0.75, rel=1e-5)
    assert np.linalg.norm(b.anticipate((0, 0), (0, 0), dt=0.1, mass=2.0, **slow)) == pytest.approx(1.5, rel=1e-5)
    # the crowd form takes the same step: agent 0 of the pair gets what anticipate gives it
    pos, vel = np.array([(0, 0), (1.2, 0)], np.float32), np.array([(0, 0), (-0.15, 0)], np.float32)
    crowd = b.anticipate_all(pos, vel, 0.5, 4.0, keep_right=0.0, dt=0.1)
    assert crowd[0].tobytes() == b.anticipate((0, 0), (0, 0), dt=0.1, **slow).tobytes()


def test_pure_avoidance_head_on_keeps_right_and_bad_input():
    # heading +x: the right is -y; the threat comes straight at the agent
    force, threat = b.avoid_neighbours((0, 0), (1, 0), [(10, 0)], [(-1, 0)], 0.5, 0.5, 2.0)
    assert threat == 0 and force[1] < 0
    assert b.anticipate((0, 0), (1, 0), [(10, 0)], [(-1, 0)], 0.5, 0.5, 2.0)[1] < 0
    assert b.anticipate((0, 0), (1, 0), np.zeros((0, 2), np.float32), [], 0.5, 0.5, 2.0).tolist() == [0, 0]
    with pytest.raises(steer.InvalidArgument, match=r"neighbour_radius: shape \(3,\): must be a number or \(1,\)"):
        b.anticipate((0, 0), (1, 0), [(10, 0)], [(-1, 0)], [1, 2, 3], 0.5, 2.0)
    with pytest.raises(steer.InvalidArgument, match=r"neighbour_vel: shape \(2, 2\): must be \(1, 2\)"):
        b.avoid_neighbours((0, 0), (1, 0), [(10, 0)], [(-1, 0), (0, 0)], 0.5, 0.5, 2.0)
    with pytest.raises(steer.InvalidArgument, match=r"priorities: shape \(2,\): must be \(1,\)"):
        b.anticipate((0, 0), (1, 0), [(10, 0)], [(-1, 0)], 0.5, 0.5, 2.0, priorities=[1, 2])
    with pytest.raises(steer.InvalidArgument, match="up = 'x'"):
        b.anticipate((0, 0, 0), (1, 0, 0), [(10, 0, 0)], [(-1, 0, 0)], 0.5, 0.5, 2.0, up="x")
    with pytest.raises(steer.InvalidArgument, match=r"radius: shape \(3,\): must be a number or \(2,\)"):
        b.time_to_collision(np.zeros((2, 2), np.float32), (0, 0), (1, 1), (0, 0), [1, 2, 3])
    with pytest.raises(steer.InvalidArgument, match=r"radius = nan: must be finite|radius\[0\] = nan"):
        b.time_to_collision((0, 0), (0, 0), (1, 1), (0, 0), float("nan"))


@pytest.mark.parametrize("behaviour", ["anticipate", "avoid_neighbours"])
def test_world_head_on_pair_passes_on_the_right_without_touching(behaviour):
    w = steer.World(dim=2, capacity=4, bounds_min=(-20, -20), bounds_max=(20, 20), boundary="clamp")
    g = w.add_group(max_speed=1.5, max_force=3, radius=0.5, neighbour_radius=8, combine="running_sum",
                    behaviours={behaviour: 1, "arrive": 1, **FLOCKING_OFF}, keep_right=0.25, priority=1,
                    keep_apart=True)  # the filter that makes "never touch" a guarantee; the steering passes
    assert w.get_group(g)["behaviours"] == {behaviour: 1.0, "arrive": 1.0}
    a = w.add_agent(g, (-10, 0), (1.5, 0))
    c = w.add_agent(g, (10, 0), (-1.5, 0))
    w.set_goal(a, "arrive", target=(10, 0))
    w.set_goal(c, "arrive", target=(-10, 0))
    closest, sides = np.inf, None
    for _ in range(60 * 40):
        w.step(1 / 60)
        pa, pc = w.get_agent(a)[0], w.get_agent(c)[0]
        closest = min(closest, float(np.linalg.norm(pa - pc)))
        if sides is None and pa[0] >= pc[0]:
            sides = (pa[1], pc[1])  # where each is as they pass
        if w.has_arrived(a) and w.has_arrived(c):
            break
    assert closest >= 1.0, f"{behaviour}: the pair touched (closest {closest}, radii sum 1)"
    assert sides is not None and sides[0] < 0 < sides[1]  # a heads +x and keeps to -y; c heads -x and keeps to +y
    assert w.has_arrived(a) and w.has_arrived(c)


def test_a_declared_obstacle_velocity_is_anticipated():
    def run(velocity):
        w = steer.World(dim=2, capacity=2, bounds_min=(-20, -20), bounds_max=(20, 20))
        g = w.add_group(radius=0.5, neighbour_radius=10, behaviours={"anticipate": 1, **FLOCKING_OFF})
        agent = w.add_agent(g, (0, 0))
        w.add_obstacle((6, 0), 1.0)
        if velocity is not None:
            w.set_obstacle_velocity(0, velocity)
            assert w.get_obstacle_velocity(0).tolist() == list(velocity)
        w.step(1 / 60, steps=30)
        return w, w.get_agent(agent)[0]
    still, p = run(None)
    assert p.tolist() == [0, 0] and still.get_obstacle_velocity(0).tolist() == [0, 0]
    moving, p = run((-1, 0))
    assert p[0] < 0  # it steps back from what is coming at it
    again = steer.World(dim=2, capacity=2, bounds_min=(-20, -20), bounds_max=(20, 20))
    again.restore(moving.save())
    assert again.get_obstacle_velocity(0).tolist() == [-1, 0]  # snapshots keep it
    with pytest.raises(steer.InvalidArgument, match="index = 3: no such obstacle"):
        moving.get_obstacle_velocity(3)
    with pytest.raises(steer.SteerError, match="OBSTACLE_INDEX"):
        moving.set_obstacle_velocity(3, (0, 0))
    with pytest.raises(steer.InvalidArgument, match=r"velocity\[0\] = nan"):
        moving.set_obstacle_velocity(0, (float("nan"), 0))


def test_every_behaviour_of_the_header_has_a_name_at_its_value():
    assert len(BEHAVIOURS) == lib.STEER_BEHAVIOUR_COUNT, "a behaviour of steer/world.h has no Python name"
    assert sorted(BEHAVIOURS.values()) == list(range(lib.STEER_BEHAVIOUR_COUNT))
    w = steer.World(dim=2, capacity=1, max_groups=32)
    w.add_path([(0, 0), (1, 0)])
    leader = w.add_agent(w.add_group(), (0, 0))
    for name in set(BEHAVIOURS) - {"follow_flow"}:  # a flow field is not made from Python
        g = w.add_group(behaviours={**FLOCKING_OFF, name: 2}, pursue_group=0, evade_group=0, path=0, leader=leader)
        gd = w._get_group(g)  # C's def: the weight sits at the header's value
        assert [i for i in range(lib.STEER_BEHAVIOUR_COUNT) if gd.weight[i] != 0] == [getattr(lib, "STEER_" + name.upper())]
        assert w.get_group(g)["behaviours"] == {name: 2.0}


def test_follow_leader_takes_a_handle_and_walks_leader_behind_behind_it():
    def gap(behind):
        w = steer.World(dim=2, capacity=4, bounds_min=(-20, -20), bounds_max=(20, 20), boundary="clamp")
        walkers = w.add_group(max_speed=1, behaviours=FLOCKING_OFF)
        leader = w.add_agent(walkers, (0, 0), (1, 0))
        w.set_goal(leader, "arrive", target=(18, 0))
        followers = w.add_group(max_speed=2, behaviours={"follow_leader": 1, **FLOCKING_OFF}, leader=leader,
                                leader_behind=behind, leader_sight=4, queue_distance=1.5)
        got = w.get_group(followers)
        assert got["leader"] == leader and (got["leader_behind"], got["queue_distance"]) == (behind, 1.5)
        follower = w.add_agent(followers, (0, 6))
        w.step(1 / 60, steps=60 * 10)  # the leader still walking
        lp, fp = w.get_agent(leader)[0], w.get_agent(follower)[0]
        assert lp[0] > 8 and fp[0] < lp[0] and abs(fp[1]) < 0.1  # behind it, on its line
        return float(np.linalg.norm(fp - lp))  # leader_behind, plus the arrive's lag at the leader's speed
    assert gap(4.0) - gap(2.0) == pytest.approx(2.0, abs=0.05)
    with pytest.raises(steer.InvalidArgument, match="must be a handle"):
        steer.World(dim=2, capacity=1).add_group(leader="first")


def test_avoidance_group_fields_round_trip_and_bad_values_name_the_field():
    w = steer.World(dim=2, capacity=1)
    fields = dict(priority=2, anticipation_k=2.5, anticipation_tau0=4, avoid_horizon=6, avoid_margin=0.2,
                  keep_right=0.5, keep_apart=True, see_ahead_time=0.5)
    got = w.get_group(w.add_group(**fields))
    assert {k: got[k] for k in fields} == pytest.approx(fields)
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_group(anticipation_tau0=-1)
    assert e.value.name == "STEER_MISUSE_GROUP_DEF_AVOIDANCE" and "anticipation_tau0 = -1" in str(e.value)
    with pytest.raises(steer.InvalidArgument, match="unknown behaviour 'anticipation'.*anticipate"):
        w.add_group(behaviours={"anticipation": 1})


def test_obstacles_and_walls_read_back():
    w = steer.World(dim=3, capacity=4, up="y")
    assert w.add_obstacle((1, 2, 3), 0.5) == 0 and w.add_wall((1, 0.5, 2), (4, 3, -2)) == 0
    w.set_obstacle(0, (2, 2, 2), 1.5)
    centre, radius = w.get_obstacle(0)
    assert centre.tolist() == [2, 2, 2] and radius == 1.5
    a, b = w.get_wall(0)
    assert a.tolist() == [1, 0.5, 2] and b.tolist() == [4, 3, -2]
    with pytest.raises(steer.InvalidArgument, match="steer_world_get_wall: index = 1: must be in"):
        w.get_wall(1)
    with pytest.raises(steer.InvalidArgument, match="steer_world_get_obstacle: index = -1"):
        w.get_obstacle(-1)
