"""The world from Python: the same state hash as the C tools, views, goals, snapshots, draw."""
import json
import os
import runpy
import subprocess

import numpy as np
import pytest

import steer

PYDIR = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))  # python/ of a checkout, or an sdist's top
ROOT = os.path.dirname(PYDIR)


def test_standard_flock_hash_equals_steer_bench(tool):
    out = subprocess.run([tool("steer"), "bench", "--agents", "2000", "--steps", "20", "--json"], check=True,
                         capture_output=True, text=True).stdout
    want = json.loads(out.strip().splitlines()[-1])["state_hash"]
    w = steer.World.standard_flock(2000)
    w.step(steer.STANDARD_FLOCK_DT, steps=21)  # bench: one warm-up step, then the timed ones
    assert w.state_hash() == want


def test_scenario_hash_equals_the_native_run(tool):
    scenario = os.path.join(ROOT, "scenarios", "flocking.json")
    want = subprocess.run([tool("hash_scenario"), scenario, "--steps", "60"], check=True, capture_output=True,
                          text=True).stdout.strip()
    w = steer.World.from_scenario(scenario)
    assert w.scenario_dt > 0 and w.scenario_steps > 0
    w.step(w.scenario_dt, steps=60)
    assert w.state_hash() == want


def test_add_group_behaviours_are_the_whole_table_and_set_group_changes_some():
    w = steer.World(dim=2, capacity=4)
    assert w.get_group(w.add_group())["behaviours"] == {"separation": 1.5, "alignment": 1.0, "cohesion": 1.0}
    g = w.add_group(behaviours={"seek": 1})  # no flocking unless named, as in a scenario file
    assert w.get_group(g)["behaviours"] == {"seek": 1.0}
    w.set_group(g, behaviours={"separation": 2})
    assert w.get_group(g)["behaviours"] == {"seek": 1.0, "separation": 2.0}
    s = w.add_group(standard_flock=True, behaviours={"wander": 1}, max_speed=3)
    assert w.get_group(s)["behaviours"] == {"wander": 1.0} and w.get_group(s)["max_speed"] == 3


def test_kwargs_world_groups_agents_and_objects():
    w = steer.World(dim=2, capacity=100, bounds_min=(-20, -20), bounds_max=(20, 20), boundary="clamp", seed=3,
                    solid_obstacles=True)
    g = w.add_group(max_speed=3, behaviours={"seek": 1, "separation": 2}, target=(5, 5), combine="priority")
    assert w.group_count == 1 and {"seek": 1.0, "separation": 2.0}.items() <= w.get_group(g)["behaviours"].items()
    w.set_group(g, max_speed=4)
    assert w.get_group(g)["max_speed"] == 4 and w.get_group(g)["combine"] == "priority"
    assert [b.tolist() for b in w.bounds] == [[-20, -20], [20, 20]]
    assert w.add_obstacle((0, 10), 2) == 0 and w.obstacle_count == 1
    w.set_obstacle(0, (0, 12), 1)
    w.clear_obstacles()
    assert w.obstacle_count == 0
    assert w.add_wall((-5, -5), (5, -5)) == 0 and w.wall_count == 1
    assert w.add_path([(0, 0), (10, 0), (10, 10)], closed=True, radius=1) == 0
    rng = np.random.default_rng(1)
    pos = rng.uniform(-15, 15, (50, 2)).astype(np.float32)
    ids = w.add_agents(g, pos, np.zeros_like(pos))
    assert ids.shape == (50, 3) and ids.dtype == np.uint32 and len(w) == 50
    p, v, group = w.get_agent(ids[7])
    assert (p == pos[7]).all() and group == g
    w.teleport_agent(ids[7], (1, 2), (0, 1))
    assert w.get_agent(ids[7])[0].tolist() == [1, 2]
    one = w.add_agent(g, (0, 0), (1, 0))
    assert w.is_valid(one) and w.agent_count == 51
    w.step(1 / 30, steps=10)
    assert w.step_count == 10 and w.memory_bytes > 0
    assert set(map(tuple, w.agent_ids().tolist())) == set(map(tuple, ids.tolist())) | {tuple(one)}
    assert w.add_group(standard_flock=True) == 1 and w.get_group(1)["behaviours"]["separation"] == 1.5
    before = w.get_agent(ids[3])
    w.set_agent_group(ids[3], 1)  # a unit moved to another group keeps its state
    after = w.get_agent(ids[3])
    assert after[2] == 1 and (after[0] == before[0]).all() and (after[1] == before[1]).all()
    assert w.view().group[[tuple(r) for r in w.agent_ids().tolist()].index(tuple(ids[3]))] == 1
    with pytest.raises(steer.InvalidArgument, match=r"group = 2: must be in \[0, 2\).*AGENT_GROUP"):
        w.set_agent_group(ids[3], 2)
    w.remove_agent(ids[4])
    with pytest.raises(steer.StaleHandle):
        w.set_agent_group(ids[4], 0)
    w.set_agent_group(ids[3], 0)
    w.add_agent(g, (1, 1))  # ids[4]'s slot, a new generation
    assert w.set_kernel("scalar") == "scalar" and w.set_kernel("best") in steer.KERNELS
    for name in steer.KERNELS:  # each kernel this CPU runs is the one in use, the others fall back
        assert (w.set_kernel(name) == name) == (name != "best" and steer.kernel_available(name))
    assert steer.kernel_available("scalar") and steer.kernel_available("best")
    with pytest.raises(steer.InvalidArgument, match="kernel = 'mmx'"):
        steer.kernel_available("mmx")


def test_views_zero_copy_new_after_step_old_still_safe():
    w = steer.World.standard_flock(500)
    view = w.view()
    assert view.is_current and not view.x.flags.writeable and view.x.dtype == np.float32 and view.z is None
    with pytest.raises(ValueError):
        view.x[0] = 1.0
    before = w.positions()
    assert (before[:, 0] == view.x).all() and (w.velocities()[:, 1] == view.vy).all()
    w.step()
    assert not view.is_current
    new = w.view()
    ids = w.agent_ids()
    p, v, _ = w.get_agent(ids[3])
    assert new.x[3] == p[0] and new.y[3] == p[1] and new.vx[3] == v[0]  # the new view shows the new state
    assert not np.array_equal(np.stack([new.x, new.y], 1), before)
    float(view.x.sum())  # the old one still reads world memory (ASan would catch freed memory)
    w.restore(w.save())  # restore makes a new C world: the old memory lives while views need it
    float(new.x.sum())
    w.close()
    float(new.x.sum()) + float(view.x.sum())  # even past close: the view keeps the memory alive
    assert not new.is_current


def test_goals_one_and_bulk_and_arrivals():
    w = steer.World(dim=2, capacity=100, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group(max_speed=4, max_force=8)
    ids = w.add_agents(g, np.array([[0, 0], [5, 5], [-5, 0]], np.float32))
    w.set_goal(ids[0], "arrive", target=(3, 0))
    w.set_goal(ids[1], "waypoints", points=[(6, 6), (8, 6)])
    assert w.get_goal(ids[1])["points"].tolist() == [[6, 6], [8, 6]]
    w.set_targets(ids[2:], np.array([[-5, 3]], np.float32), "seek")
    assert w.goal_count == 3 and w.get_goal(ids[2])["kind"] == "seek"
    arrived = []
    for _ in range(600):
        w.step(1 / 60)
        arrived += [tuple(r) for r in w.arrivals().tolist()]
    assert w.has_arrived(ids[0]) and tuple(ids[0].tolist()) in arrived
    assert w.get_goal(ids[0])["arrived"]
    w.set_goal(ids[0], "none")
    assert w.goal_count == 2
    with pytest.raises(steer.InvalidArgument, match="GOAL_POINTS|points"):
        w.set_goal(ids[0], "waypoints", points=np.zeros((0, 2), np.float32))
    with pytest.raises(steer.InvalidArgument, match="uint32"):
        w.set_targets(ids.astype(np.int64), np.zeros((3, 2), np.float32))


def test_set_path_reroutes_a_path_goal_without_a_new_path():
    w = steer.World(dim=3, capacity=4, up="y", max_paths=1)
    g = w.add_group(max_speed=4, max_force=8, ground_plane=True)
    unit = w.add_agent(g, (0, 0, 0))
    route = w.add_path([(0, 0, 0), (10, 0, 0)])
    w.set_goal(unit, "path", path=route)
    for order in range(200):  # an order each: one path, re-routed
        w.set_path(route, [(0, 0, 0), (order % 7, 0, -3.0), (order % 5, 0, -6.0)])
    assert w.path_count == 1
    w.set_path(route, [(0, 0, 0), (0, 0, -8.0)])
    w.step(1 / 60, steps=400)
    assert w.has_arrived(unit) and np.allclose(w.get_agent(unit)[0], (0, 0, -8), atol=0.1)
    with pytest.raises(steer.InvalidArgument, match="steer_world_set_path: index = 1: must be in .*PATH_INDEX"):
        w.set_path(1, [(0, 0, 0)])
    with pytest.raises(steer.InvalidArgument, match=r"points\[1, 0\] = nan: must be finite"):
        w.set_path(route, [(0, 0, 0), (np.nan, 0, 0)])
    with pytest.raises(steer.InvalidArgument, match="radius = -1: .*PATH_RADIUS"):
        w.set_path(route, [(0, 0, 0), (5, 0, 0)], radius=-1)
    w.step(1 / 60, steps=10)  # the refused points left the route as it was
    assert w.has_arrived(unit)


def test_departure_distance_makes_one_arrival_per_goal():
    # one agent on its point, nudged 0.3 off it twice between steps: without a departure
    # distance each nudge ends its arrival and the walk back is another
    def events(departure):
        w = steer.World(dim=2, capacity=4, bounds_min=(-50, -50), bounds_max=(50, 50))
        g = w.add_group(departure_distance=departure)
        assert w.get_group(g)["departure_distance"] == pytest.approx(departure)
        ids = w.add_agents(g, np.array([[3, 3]], np.float32))
        w.set_targets(ids, np.array([[3, 3]], np.float32), "arrive")
        count = 0
        for nudge in range(3):
            if nudge:
                w.teleport_agent(ids[0], (3.3, 3), (0, 0))
            for _ in range(240):
                w.step(1 / 60)
                count += len(w.arrivals())
        assert w.has_arrived(ids[0])
        return count

    assert events(0.0) == 3 and events(0.5) == 1
    with pytest.raises(steer.InvalidArgument, match="departure_distance"):
        steer.World(dim=2, capacity=4).add_group(departure_distance=-1)


def test_arrived_in_bulk_matches_has_arrived():
    w = steer.World(dim=2, capacity=8, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group()
    ids = w.add_agents(g, np.array([[0, 0], [5, 5], [9, 9]], np.float32))
    w.set_targets(ids[:2], np.array([[0, 0], [30, 30]], np.float32), "arrive")  # the third has no goal
    for _ in range(60):
        w.step(1 / 60)
    got = w.arrived(ids)
    assert got.dtype == bool and got.tolist() == [w.has_arrived(i) for i in ids] == [True, False, False]
    assert w.arrived(ids[:0]).shape == (0,)
    w.remove_agent(ids[2])
    with pytest.raises(steer.StaleHandle):
        w.arrived(ids)


def test_arrived_priority_lets_a_walker_through_idle_units_of_its_own_priority():
    # a corridor 4.6 wide, 18 idle units on their points 1.2 apart across it, a walker of the same
    # group from x = -15 to 15: held for good, unless arrived units have a lower priority
    def walker_arrives(arrived_priority):
        w = steer.World(dim=2, capacity=32, bounds_min=(-30, -30), bounds_max=(30, 30), solid_walls=True)
        w.add_wall((-20, 2.3), (20, 2.3))
        w.add_wall((20, -2.3), (-20, -2.3))
        g = w.add_group(radius=0.5, max_speed=2, max_force=4, neighbour_radius=3, keep_apart=True,
                        combine="running_sum", arrival_tolerance=0.1, arrival_speed=0.1, departure_distance=1.5,
                        arrived_priority=arrived_priority,
                        behaviours={"separation": 0, "alignment": 0, "cohesion": 0, "anticipate": 1})
        assert w.get_group(g)["arrived_priority"] == pytest.approx(arrived_priority)
        spots = np.array([[-3 + 1.2 * (k % 6), -1.2 + 1.2 * (k // 6)] for k in range(18)], np.float32)
        idle = w.add_agents(g, spots)
        w.set_targets(idle, spots, "arrive")
        walker = w.add_agents(g, np.array([[-15, 0]], np.float32))
        w.set_targets(walker, np.array([[15, 0]], np.float32), "arrive")
        for _ in range(40 * 30):
            w.step(1 / 30)
        return w.has_arrived(walker[0]), int(w.arrived(idle).sum())

    assert walker_arrives(0.0) == (False, 18)
    assert walker_arrives(0.1) == (True, 18)
    with pytest.raises(steer.InvalidArgument, match="arrived_priority"):
        steer.World(dim=2, capacity=4).add_group(arrived_priority=-1)


def test_send_to_places_assigns_least_squares_and_together_speeds():
    w = steer.World(dim=2, capacity=8, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group(max_speed=2)
    ids = w.add_agents(g, np.array([[0, 0], [0, 4], [0, 8]], np.float32))
    places = np.array([[10, 8], [10, 0], [10, 4], [40, 40]], np.float32)
    w.send_to_places(ids, places)  # in the same order along y: no crossing paths
    assert [w.get_goal(i)["target"][:2] for i in ids] == [(10, 0), (10, 4), (10, 8)]
    w.send_to_places(ids[:2], np.array([[0, 1], [0, 40]], np.float32), together=True)
    assert w.get_goal(ids[1])["speed"] == pytest.approx(2.0)  # the farther one: max_speed
    assert w.get_goal(ids[0])["speed"] == pytest.approx(2.0 * 1 / 36)  # 1 in the time it needs for 36
    with pytest.raises(steer.InvalidArgument, match="place_count = 1: must be in"):
        w.send_to_places(ids, places[:1])
    w.remove_agent(ids[2])
    with pytest.raises(steer.StaleHandle):
        w.send_to_places(ids, places)
    assert w.get_goal(ids[0])["target"][:2] == (10, 0)  # the live ones are sent


def test_agents_sent_together_trade_places_and_others_do_not():
    w = steer.World(dim=2, capacity=4, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group(neighbour_radius=3)
    ids = w.add_agents(g, np.array([[0, 0], [1, 0]], np.float32))
    w.send_to_places(ids, np.array([[0, 0], [1, 0]], np.float32))  # each to where it stands
    for i, x in zip(ids, (1, 0)):
        w.teleport_agent(i, (x, 0), (0, 0))  # now on each other's places
    w.step(1 / 60)
    assert [w.get_goal(i)["target"][0] for i in ids] == [1.0, 0.0]  # traded
    w.set_targets(ids, np.array([[0, 0], [1, 0]], np.float32), "arrive")  # the user's choice: kept
    w.step(1 / 60)
    assert [w.get_goal(i)["target"][0] for i in ids] == [0.0, 1.0]


def test_snapshot_round_trip_continues_bit_for_bit():
    a = steer.World.standard_flock(300, dim=3)
    a.step(steps=5)
    data = a.save()
    a.step(steps=5)
    b = steer.World.standard_flock(300, dim=3)
    b.restore(data)
    b.step(steps=5)
    assert a.state_hash() == b.state_hash() and b.step_count == 10


def test_debug_draw_into_python_callbacks():
    class Recorder:
        def __init__(self):
            self.calls = {}

        def __getattr__(self, name):
            if name in ("circle", "segment", "point", "arrow", "text", "agent"):
                return lambda *a: self.calls.setdefault(name, []).append(a)
            raise AttributeError(name)

    w = steer.World(dim=2, capacity=10)
    w.add_group(behaviours={"wander": 1})
    w.add_agents(0, np.array([[1, 1], [2, 2]], np.float32), np.array([[1, 0], [0, 1]], np.float32))
    w.add_obstacle((5, 5), 1)
    r = Recorder()
    w.draw(r, velocities=True)
    assert len(r.calls["agent"]) == 2 and r.calls["agent"][0][0][:2] == (1.0, 1.0)
    assert any(c[1] == 1.0 for c in r.calls["circle"])  # the obstacle
    assert "arrow" in r.calls and "segment" in r.calls  # velocities, bounds

    class Broken:
        calls = 0

        def agent(self, *a):
            Broken.calls += 1
            w.close()  # the C world lives through the draw
            raise RuntimeError("renderer broke")
    with pytest.raises(RuntimeError, match="renderer broke"):
        w.draw(Broken())
    assert Broken.calls == 1 and w.closed  # the first exception ends the drawing


def test_help_is_useful():
    assert "standard_flock" in steer.World.__doc__ and steer.World.view.__doc__
    assert "zero-copy" in steer.world.__doc__


def test_make_way_example_brings_every_unit_back_after_a_tank():
    """examples/make_way.py, as it says: with arrived_priority every unit the tank pushed out gets back to its
    post; without it some stay outside the ranks."""
    example = runpy.run_path(os.path.join(PYDIR, "examples", "make_way.py"))
    back, last = example["run"](0.1)
    assert back == 40 and last < 40
    back, _ = example["run"](0.0)
    assert back < 40
