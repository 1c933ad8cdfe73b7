"""The world's flow fields, DITHER probabilities, the group's wander / feelers / wall_follow, bulk goals,
the up axis, the profile, the SIMD switch and the standard flock built in two halves."""
import numpy as np
import pytest

import steer


def flow_world(dim):
    w = steer.World(dim=dim, capacity=100, bounds_min=(-20,) * dim, bounds_max=(20,) * dim, boundary="none")
    shape = (4, 4, 2) if dim == 2 else (2, 4, 4, 3)
    east = np.zeros(shape, np.float32)
    east[..., 0] = 1
    return w, east


@pytest.mark.parametrize("dim", [2, 3])
def test_follow_flow_groups_go_with_a_world_flow_field(dim):
    w, east = flow_world(dim)
    field = w.add_flow_field(east, (-20,) * dim, 10.0)
    north = east[..., ::-1].copy() if dim == 2 else np.roll(east, 1, axis=-1)
    second = w.add_flow_field(steer.FlowField(north, (-20,) * dim, 10.0))
    assert (field, second) == (0, 1)
    g = w.add_group(behaviours={"follow_flow": 1},
                    flow_field=field, max_speed=2, max_force=4)
    h = w.add_group(behaviours={"follow_flow": 1},
                    flow_field=second, max_speed=2, max_force=4)
    a, b = w.add_agent(g, (0,) * dim), w.add_agent(h, (0,) * dim)
    w.step(1 / 60, steps=120)
    va, vb = w.get_agent(a)[1], w.get_agent(b)[1]
    assert va[0] > 1.7 and abs(va[1]) < 1e-4          # east: 2 (1 - e^-2) after 2 s (force = desired - vel)
    assert vb[1] > 1.7 and abs(vb[0]) < 1e-4          # the second field: north
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_flow_field(east, (-20,) * dim, -1.0)
    assert e.value.name == "STEER_MISUSE_FLOW_FIELD_CELL_SIZE"
    bad = east.copy()
    bad.flat[5] = np.nan
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_flow_field(bad, (-20,) * dim, 1.0)
    assert e.value.name == "STEER_MISUSE_FLOW_FIELD_VECTOR" and f"vectors[{5 // dim}]" in str(e.value)
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_flow_field(east, (np.inf,) * dim, 1.0)
    assert e.value.name == "STEER_MISUSE_FLOW_FIELD_ORIGIN"
    with pytest.raises(steer.InvalidArgument, match="must be"):
        w.add_flow_field(np.zeros((4, 4, 3), np.float32) if dim == 2 else np.zeros((4, 4, 2), np.float32), (0,) * dim, 1)
    with pytest.raises(steer.InvalidArgument, match="dtype float64"):
        w.add_flow_field(east.astype(np.float64), (0,) * dim, 1)
    with pytest.raises(steer.InvalidArgument, match="not C-contiguous"):
        w.add_flow_field(np.asfortranarray(east), (0,) * dim, 1)
    with pytest.raises(steer.InvalidArgument, match="need origin and cell_size"):
        w.add_flow_field(east)
    other = steer.FlowField(np.zeros((2, 2, 2, 3) if dim == 2 else (2, 2, 2), np.float32), (0,) * (5 - dim), 1.0)
    with pytest.raises(steer.InvalidArgument, match=f"for a {dim}D world"):
        w.add_flow_field(other)
    for _ in range(6):  # max_flow_fields 8
        w.add_flow_field(east, (0,) * dim, 1.0)
    with pytest.raises(steer.CapacityError):
        w.add_flow_field(east, (0,) * dim, 1.0)


def test_dither_probabilities_and_the_groups_small_structs():
    w = steer.World(dim=2, capacity=10, bounds_min=(-50, -50), bounds_max=(50, 50), boundary="none")
    common = dict(behaviours={"seek": 1, "wander": 1, "separation": 0, "alignment": 0, "cohesion": 0},
                  combine="dither", target=(40, 0), max_speed=2, max_force=4)
    never = w.add_group(probabilities={"seek": 0.0, "wander": 0.0}, **common)
    always = w.add_group(probabilities={"seek": 1.0}, **common)
    a, b = w.add_agent(never, (0, 0)), w.add_agent(always, (0, 0))
    w.step(1 / 60, steps=60)
    assert np.linalg.norm(w.get_agent(a)[1]) == 0                 # nothing is ever tried
    assert w.get_agent(b)[1][0] > 1.2                              # seek always wins first: 2 (1 - 1/e) after 1 s
    gd = w.get_group(never)
    assert gd["probabilities"]["seek"] == 0.0 and gd["probabilities"]["cohesion"] == 1.0 and gd["combine"] == "dither"
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_group(probabilities={"seek": 2.0})
    assert e.value.name == "STEER_MISUSE_GROUP_DEF_PROBABILITY"
    with pytest.raises(steer.InvalidArgument, match="probabilities\\['seek'\\] = nan"):
        w.add_group(probabilities={"seek": float("nan")})
    with pytest.raises(steer.InvalidArgument, match="unknown behaviour 'fly'"):
        w.add_group(probabilities={"fly": 0.5})
    g = w.add_group(wander={"radius": 3, "jitter": 1}, feelers={"length": 5}, wall_follow={"gain": 3, "range": 4})
    gd = w.get_group(g)
    assert gd["wander"]["radius"] == 3 and gd["wander"]["jitter"] == 1 and gd["wander"]["distance"] == 2
    assert gd["feelers"]["length"] == 5 and gd["wall_follow"] == {"range": 4, "desired_distance": 1, "gain": 3}
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_group(wander={"radius": -1})
    assert e.value.name == "STEER_MISUSE_GROUP_DEF_WANDER"
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_group(feelers={"length": -1})
    assert e.value.name == "STEER_MISUSE_GROUP_DEF_FEELERS"
    with pytest.raises(steer.InvalidArgument, match="unknown field 'size'"):
        w.add_group(wall_follow={"size": 1})


def test_waypoints_remember_where_they_began_and_go_on_when_passed():
    w = steer.World(dim=2, capacity=4)
    g = w.add_group(behaviours={"separation": 0, "alignment": 0, "cohesion": 0}, max_speed=1.6, max_force=4)
    a, b = w.add_agents(g, np.array([(1, -1), (3, 4)], np.float32))
    route = [(10, 0), (20, 10), (20, 30)]
    w.set_goals([a, b], [{"kind": "waypoints", "points": route}, {"kind": "arrive", "target": (1, 1)}])
    assert w.get_goal(a)["from"] == (1, -1) and "from" not in w.get_goal(b)
    arrays = w.goal_arrays([a, b])
    assert arrays["from"].tolist() == [[1, -1], [0, 0]]  # where a stood; none for an arrive
    w.teleport_agents([a], np.array([(13, 1)], np.float32))  # pushed 3 past the first point, out of its radius
    w.step(0.05)
    assert w.get_goal(a)["progress"] == 1  # done with it: it goes on, not back


def test_bulk_goals_profile_simd_and_up():
    w = steer.World(dim=3, capacity=50, up="y", bounds_min=(-20,) * 3, bounds_max=(20,) * 3)
    assert w.up == "y" and steer.World(dim=2, capacity=2).up == "z"
    g = w.add_group(behaviours={"separation": 0, "alignment": 0, "cohesion": 0})
    ids = w.add_agents(g, np.zeros((3, 3), np.float32))
    w.set_goals(ids, [{"kind": "arrive", "target": (5, 0, 0)}, {"kind": "seek", "target": (0, 0, 5), "speed": 1},
                      {"kind": "waypoints", "points": [(1, 0, 0), (2, 0, 0)], "progress": 1}])
    goals = w.get_goals(ids)
    assert [x["kind"] for x in goals] == ["arrive", "seek", "waypoints"] and goals[1]["speed"] == 1
    assert goals[2]["point_count"] == 2 and goals[2]["progress"] == 1 and goals[0]["target"] == (5, 0, 0)
    w.step(1 / 60, steps=5)
    profile = w.last_profile()
    assert set(profile) == {"grid", "forces", "solve", "total"} and profile["total"] > 0
    assert w.use_simd(False) is False and w.set_kernel("scalar") == "scalar"
    w.use_simd(True)
    w.remove_agent(ids[1])
    with pytest.raises(steer.StaleHandle) as e:
        w.set_goals(ids, [{"kind": "none"}] * 3)
    assert e.value.name == "STEER_ERROR_STALE_HANDLE"  # a gone agent in a bulk call: a result, not misuse
    assert w.get_goals(ids[:1])[0]["kind"] == "none"  # the ones before the stale handle were set
    with pytest.raises(steer.StaleHandle):
        w.get_goals(ids)
    with pytest.raises(steer.InvalidArgument, match="one per id"):
        w.set_goals(ids, [{}])
    with pytest.raises(steer.InvalidArgument, match="must be a dict"):
        w.set_goals(ids[:1], ["arrive"])
    with pytest.raises(TypeError):
        w.set_goals(ids[:1], [{"colour": 1}])
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_goals(ids[:1], [{"kind": "arrive", "target": (0, 0, 0), "slow_radius": -1}])
    assert e.value.name == "STEER_MISUSE_GOAL_SLOW_RADIUS"
    with pytest.raises(steer.InvalidArgument, match="up = 'x'"):
        steer.World(dim=3, up="x")


def test_standard_flock_in_two_halves_is_the_same_flock():
    plain = steer.World.standard_flock(2000, seed=3)
    roomy = steer.World.standard_flock(2000, seed=3, extra_capacity=10, max_obstacles=4)
    plain.step(steps=10)
    roomy.step(steps=10)
    assert plain.state_hash() == roomy.state_hash()
    roomy.add_agent(0, (0, 0))
    assert len(roomy) == 2001
    side = steer.standard_flock_side(2000, 2, 16.0)
    lo, hi = plain.bounds
    assert np.allclose(hi - lo, side) and abs(side - np.sqrt(2000 * np.pi / 16)) < 1e-3
    assert abs(steer.standard_flock_side(1000, 3, 16.0) - (1000 * 4 / 3 * np.pi / 16) ** (1 / 3)) < 1e-3
    with pytest.raises(steer.InvalidArgument, match="unknown World field"):
        steer.World.standard_flock(10, colour=1)
    with pytest.raises(steer.InvalidArgument, match="extra_capacity"):
        steer.World.standard_flock(10, extra_capacity=-1)
    with pytest.raises(steer.InvalidArgument, match="neighbours"):
        steer.standard_flock_side(10, 2, 0.0)


def test_set_wall_moves_a_door_and_clear_walls_removes_them():
    w = steer.World(dim=2, capacity=8, bounds_min=(-20, -20), bounds_max=(20, 20))
    w.add_wall((-10, 2), (10, 2))
    door = w.add_wall((0, -2), (0, 2))
    w.set_wall(door, (0, 2), (4, 2))
    a = w.save()
    with pytest.raises(steer.InvalidArgument, match="index = 5") as e:
        w.set_wall(5, (0, 0), (1, 0))
    assert e.value.name == "STEER_MISUSE_WALL_INDEX"
    with pytest.raises(steer.InvalidArgument, match="one point on the ground"):
        w.set_wall(door, (1, 1), (1, 1))
    assert w.save() == a  # refusals changed nothing
    w.clear_walls()
    assert w.wall_count == 0 and w.add_wall((0, 0), (1, 0)) == 0


def test_a_drone_flies_over_a_low_wall_and_a_walker_is_stopped():
    w = steer.World(dim=3, capacity=8, up="y", bounds_min=(-20,) * 3, bounds_max=(20,) * 3, boundary="clamp",
                    solid_walls=True)
    fence = w.add_wall((0, 0, -8), (0, 0, 8))
    assert w.wall_height(fence) == (-np.inf, np.inf)
    w.set_wall_height(fence, top=2)
    assert w.wall_height(fence) == (-np.inf, 2.0)
    g = w.add_group(behaviours={"seek": 1}, radius=0.5, max_speed=3, max_force=10, target=(12, 0, 0))
    h = w.add_group(behaviours={"seek": 1}, radius=0.5, max_speed=3, max_force=10, target=(12, 5, 0))
    walker, drone = w.add_agent(g, (-4, 0, 0)), w.add_agent(h, (-4, 5, 0))
    w.step(1 / 30, steps=240)
    assert w.get_agent(walker)[0][0] < 0 < w.get_agent(drone)[0][0]  # held by the fence / over it
    restored = steer.World(dim=3, capacity=8, up="y")
    restored.restore(w.save())
    assert restored.wall_height(fence) == (-np.inf, 2.0)
    with pytest.raises(steer.InvalidArgument, match="bottom must be below top") as e:
        w.set_wall_height(fence, 3, 2)
    assert e.value.name == "STEER_MISUSE_WALL_HEIGHT"
    with pytest.raises(steer.InvalidArgument, match="top = 'tall': must be a number"):
        w.set_wall_height(fence, 0, "tall")
    flat = steer.World(dim=2, capacity=1)
    flat.add_wall((0, 0), (1, 0))
    with pytest.raises(steer.InvalidArgument, match="2D world's walls have no height"):
        flat.set_wall_height(0, 0, 1)


def test_move_obstacles_moves_those_with_a_velocity():
    w = steer.World(dim=2, capacity=4, bounds_min=(-20, -20), bounds_max=(20, 20), boundary="clamp")
    rock, post = w.add_obstacle((15, 0), 1), w.add_obstacle((-3, 4), 2)
    w.set_obstacle_velocity(rock, (10, 0))
    w.move_obstacles(1.0)
    assert tuple(w.get_obstacle_velocity(rock)[:2]) == (-10, 0)  # bounced off x = 20
    w.move_obstacles(0.5)
    restored = steer.World(dim=2, capacity=4)
    restored.restore(w.save())
    assert tuple(restored.get_obstacle_velocity(rock)[:2]) == (-10, 0)
    with pytest.raises(steer.InvalidArgument, match="dt = -1"):
        w.move_obstacles(-1)


def test_get_agents_reads_each_as_get_agent_does():
    w = steer.World(dim=3, capacity=64, up="y")
    g0, g1 = w.add_group(), w.add_group()
    ids = w.add_agents(g0, np.float32(np.random.default_rng(3).uniform(-10, 10, (20, 3))))
    extra = w.add_agent(g1, (1, 2, 3), (0.5, 0, 0))
    w.step(steps=3)
    order = np.concatenate([ids[::-1][:5], np.array([extra], np.uint32)])
    p, v, groups = w.get_agents(order)
    assert p.shape == (6, 3) and v.shape == (6, 3) and groups.tolist() == [g0] * 5 + [g1]
    for k, h in enumerate(order):
        one = w.get_agent(h)
        assert np.array_equal(p[k], one[0]) and np.array_equal(v[k], one[1]) and groups[k] == one[2]
    w.remove_agent(ids[0])
    with pytest.raises(steer.StaleHandle) as e:
        w.get_agents(np.stack([ids[1], ids[0]]))
    assert e.value.index == 1 and e.value.name == "STEER_ERROR_STALE_HANDLE" and "get_agents: ids[1] refused" in str(e.value)
    assert [a.shape for a in w.get_agents([])[:2]] == [(0, 3), (0, 3)]


def test_goal_arrays_match_get_goals():
    w = steer.World(dim=3, capacity=64, bounds_min=(-20,) * 3, bounds_max=(20,) * 3)
    g = w.add_group(behaviours={"arrive": 1})
    ids = w.add_agents(g, np.random.default_rng(2).uniform(-5, 5, (12, 3)).astype(np.float32))
    w.add_path(np.float32([[0, 0, 0], [5, 0, 0], [5, 5, 1]]), closed=False, radius=1.0)
    w.set_goal(ids[0], "seek", target=(1, 2, 3), speed=0.5)
    w.set_goal(ids[1], "arrive", target=(-1, -2, -3), slow_radius=2.0)
    w.set_goal(ids[2], "path", path=0)
    w.set_goal(ids[3], "waypoints", points=np.float32([[1, 1, 1], [2, 2, 2], [3, 3, 3]]), progress=1)
    w.step(0.1, steps=3)
    dicts, arrays = w.get_goals(ids), w.goal_arrays(ids)
    assert arrays["target"].shape == (12, 3) and arrays["target"].dtype == np.float32
    for i, d in enumerate(dicts):
        for key, value in d.items():
            got = arrays[key][i]
            assert (tuple(got) if key in ("target", "from") else got) == value, (i, key, got, value)
    assert list(arrays["kind"][:5]) == ["seek", "arrive", "path", "waypoints", "none"]


def test_alive_marks_the_living():
    w = steer.World(dim=2, capacity=16)
    g = w.add_group()
    ids = w.add_agents(g, np.zeros((6, 2), np.float32))
    for k in (1, 4):
        w.remove_agent(ids[k])
    other = steer.World(dim=2, capacity=4)
    foreign = other.add_agents(other.add_group(), np.zeros((1, 2), np.float32))
    mixed = np.concatenate([ids, foreign])
    assert w.alive(mixed).tolist() == [True, False, True, True, False, True, False]
    assert w.alive(ids[:0]).shape == (0,)
    pos, _, _ = w.get_agents(ids[w.alive(ids)])  # the living, read in one call without a StaleHandle
    assert pos.shape == (4, 2)


def test_view_count_is_the_agents():
    w = steer.World(dim=2, capacity=8)
    w.add_agents(w.add_group(), np.zeros((5, 2), np.float32))
    v = w.view()
    assert v.count == 5 and len(v.x) == 5


def test_set_targets_with_a_preferred_speed_per_agent():
    """Heterogeneous crowds: set_targets' speed (and slow_radius) per agent, in one call; each walks at its own."""
    w = steer.World(2, 64, bounds_min=(-200, -200), bounds_max=(200, 200), boundary="clamp")
    g = w.add_group(max_speed=3.0, max_force=20.0, behaviours={"arrive": 1})
    ids = w.add_agents(g, np.float32([(0, 4 * i) for i in range(40)]))
    speeds = np.linspace(0.5, 2.5, 40).astype(np.float32)
    w.set_targets(ids, np.float32([(150, 4 * i) for i in range(40)]), speed=speeds, slow_radius=2.0)
    goals = w.get_goals(ids)
    assert [g["speed"] for g in goals] == pytest.approx(speeds.tolist()) and all(g["slow_radius"] == 2.0 for g in goals)
    assert all(g["kind"] == "arrive" for g in goals)
    w.step(0.1, steps=100)  # 10 s, well short of the targets
    _, v, _ = w.get_agents(ids)
    assert np.allclose(np.linalg.norm(v, axis=1), speeds, rtol=1e-3)
    w.set_targets(ids[:2], np.float32([(0, 0), (1, 1)]), kind="seek", speed=1.25)  # one number for all
    assert [g["speed"] for g in w.get_goals(ids[:2])] == [1.25, 1.25]
    with pytest.raises(steer.InvalidArgument, match=r"speed: shape \(3,\): must be \(40,\)"):
        w.set_targets(ids, np.zeros((40, 2), np.float32), speed=np.ones(3, np.float32))
    with pytest.raises(steer.InvalidArgument, match="speed"):
        w.set_targets(ids[:1], np.zeros((1, 2), np.float32), speed=-1.0)
    with pytest.raises(steer.InvalidArgument, match="float32"):
        w.set_targets(ids, np.zeros((40, 2), np.float32), speed=np.ones(40))  # float64: refused, as every array


def test_bulk_remove_and_teleport_are_the_single_calls():
    """A crowd's sinks and sources: remove_agents and teleport_agents in one call each, as the single calls."""
    def world():
        w = steer.World(2, 200, bounds_min=(-50, -50), bounds_max=(50, 50))
        g = w.add_group(behaviours={"wander": 1})
        rng = np.random.default_rng(5)
        ids = w.add_agents(g, rng.uniform(-40, 40, (100, 2)).astype(np.float32),
                           rng.uniform(-1, 1, (100, 2)).astype(np.float32))
        return w, ids
    (a, ids), (b, same) = world(), world()
    gone = ids[::3]
    a.remove_agents(gone)
    for h in same[::3]:
        b.remove_agent(h)
    kept = np.array([h for i, h in enumerate(ids) if i % 3], np.uint32)
    p = np.float32(np.random.default_rng(6).uniform(-40, 40, (len(kept), 2)))
    a.teleport_agents(kept, p, (0.5, 0))
    for h, q in zip([h for i, h in enumerate(same) if i % 3], p):  # b's own handles: a's are another world's
        b.teleport_agent(h, q, (0.5, 0))
    assert a.state_hash() == b.state_hash() and len(a) == 66
    assert np.array_equal(a.get_agents(kept)[0], p)
    with pytest.raises(steer.StaleHandle) as e:
        a.remove_agents(np.concatenate([kept[:2], gone[:1]]))
    assert e.value.index == 2 and len(a) == 64  # the two live ones went
    with pytest.raises(steer.InvalidArgument, match=r"positions: shape \(3, 2\): must be \(2, 2\)"):
        a.teleport_agents(kept[2:4], np.zeros((3, 2), np.float32), (0, 0))
    # no velocities: each keeps its own (units set on the terrain after a step)
    a.step(0.1)
    moved = kept[2:12]
    before = a.get_agents(moved)[1]
    assert np.all(np.linalg.norm(before, axis=1) > 0)
    a.teleport_agents(moved, np.zeros((10, 2), np.float32))
    assert np.array_equal(a.get_agents(moved)[1], before) and np.array_equal(a.get_agents(moved)[0], np.zeros((10, 2)))


def test_add_group_crowd_starts_from_the_crowd_walker():
    """add_group(crowd=True): steer_crowd_group_def, no flocking; a head-on pair passes and both arrive."""
    w = steer.World(2, 4, bounds_min=(-30, -30), bounds_max=(30, 30), boundary="clamp")
    g = w.add_group(crowd=True, max_speed=1.0)
    d = w.get_group(g)
    assert d["combine"] == "running_sum" and d["keep_apart"] and d["anticipation_k"] == 20 and d["radius"] == 0.5
    assert d["max_speed"] == 1.0  # the fields given still apply
    a, b = w.add_agents(g, np.float32([(-10, 0), (10, 0)]))
    w.set_targets([a, b], np.float32([(10, 0), (-10, 0)]))
    w.step(0.25, steps=200)
    assert w.has_arrived(a) and w.has_arrived(b)
    with pytest.raises(steer.InvalidArgument, match="give one"):
        w.add_group(crowd=True, standard_flock=True)


def test_places_around_flow_round_rocks_and_idle_units():
    w = steer.World(dim=2, capacity=64)
    g = w.add_group(radius=0.5)
    w.add_obstacle((0, 0), 2.0)
    w.add_agents(g, np.array([(4, 0), (-4, 0)], np.float32))  # idle units standing by
    movers = w.add_agents(g, np.array([(0, 4), (20, 20)], np.float32))
    places = w.places_around((0, 0), 40, spacing=1.5, movers=movers)
    assert places.shape == (40, 2) and places.dtype == np.float32
    assert (np.linalg.norm(places, axis=1) >= 2.0 + 0.75 - 1e-5).all()  # none in or by the rock
    for p in ((4, 0), (-4, 0)):
        assert (np.linalg.norm(places - np.float32(p), axis=1) >= 0.75 + 0.5 - 1e-5).all()  # none on an idle unit
    assert (np.linalg.norm(places - np.float32((0, 4)), axis=1) < 1.25).any()  # a mover's spot is free
    gaps = np.linalg.norm(places[:, None] - places[None], axis=2) + np.eye(40) * 1e9
    assert gaps.min() >= 1.5 - 1e-3
    with pytest.raises(steer.InvalidArgument, match="spacing"):
        w.places_around((0, 0), 4, spacing=0)
