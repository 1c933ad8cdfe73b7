"""steer.World checked against its documentation: argument checks, views and their lifetime, snapshots, bulk
goals, the state hash against the C tool's."""
import gc
import json
import subprocess

import numpy as np
import pytest

import steer


def small(capacity=16, n=4):
    w = steer.World(dim=2, capacity=capacity, bounds_min=(-20, -20), bounds_max=(20, 20))
    g = w.add_group()
    ids = w.add_agents(g, np.arange(2 * n, dtype=np.float32).reshape(n, 2))
    return w, g, ids


def refused(exc, *words):
    """The exception's message names each word (the argument, the value, the rule)."""
    text = str(exc.value)
    for word in words:
        assert word in text, (word, text)


# ---- step ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("steps", [-1, 1.5, "2", None, True])
def test_step_refuses_a_count_that_is_not_an_int_ge_0(steps):
    w, _, _ = small()
    h = w.state_hash()
    with pytest.raises(steer.InvalidArgument) as e:
        w.step(steps=steps)
    refused(e, "steps", repr(steps))
    assert w.step_count == 0 and w.state_hash() == h


def test_step_zero_steps_and_numpy_int():
    w, _, _ = small()
    w.step(steps=0)
    assert w.step_count == 0
    w.step(steps=np.int64(2))
    assert w.step_count == 2


@pytest.mark.parametrize("dt", [float("nan"), float("inf"), -1.0, "x"])
def test_step_refuses_a_bad_dt(dt):
    w, _, _ = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.step(dt)
    refused(e, "dt")
    assert w.step_count == 0


# ---- errors name their own call -------------------------------------------------------------------------------------

def test_a_refused_restore_reports_its_own_error_not_an_earlier_one():
    w, _, ids = small()
    w.remove_agent(ids[0])
    with pytest.raises(steer.StaleHandle):
        w.remove_agent(ids[0])  # leaves a misuse report behind
    with pytest.raises(steer.BadSnapshot) as e:
        w.restore(b"not a snapshot")
    assert "remove_agent" not in str(e.value) and e.value.name != "STEER_MISUSE_HANDLE_STALE"
    assert e.value.result == "STEER_ERROR_BAD_SNAPSHOT"


def test_restore_into_a_world_too_small_says_what_does_not_fit():
    big = steer.World(dim=2, capacity=50)
    big.add_agents(big.add_group(), np.zeros((20, 2), np.float32))
    w, _, _ = small()
    before = w.state_hash()
    with pytest.raises(steer.CapacityError) as e:
        w.restore(big.save())
    refused(e, "20 agent slots", "capacity is 16")
    assert e.value.name == "STEER_MISUSE_SNAPSHOT_CAPACITY"
    assert w.state_hash() == before


def test_stale_and_foreign_handles_everywhere():
    w, g, ids = small()
    other, og, _ = small()
    foreign = other.add_agent(og, (0, 0))
    gone = w.add_agent(g, (1, 1))
    w.remove_agent(gone)
    h = w.state_hash()
    for handle, name in ((gone, "STEER_MISUSE_HANDLE_STALE"), (foreign, "STEER_MISUSE_HANDLE_FOREIGN")):
        calls = [lambda: w.remove_agent(handle), lambda: w.get_agent(handle),
                 lambda: w.teleport_agent(handle, (0, 0), (0, 0)), lambda: w.set_agent_group(handle, g),
                 lambda: w.set_goal(handle, "arrive", (0, 0)), lambda: w.get_goal(handle),
                 lambda: w.add_formation(ids[0], [handle], [[1, 0]]),
                 lambda: w.add_formation(handle, ids[1:2], [[1, 0]])]
        # in a bulk call a gone agent is the entry's result, not a misuse report (units die between
        # selection and order); a foreign handle is still misuse
        bulk_name = "STEER_ERROR_STALE_HANDLE" if handle == gone else name
        bulk = [lambda: w.set_targets([handle], [[0, 0]]), lambda: w.set_goals([handle], [{"target": (0, 0)}]),
                lambda: w.get_goals([handle]), lambda: w.arrived([handle]),
                lambda: w.send_to_places([handle], [[0, 0]])]
        for call, want in [(c, name) for c in calls] + [(c, bulk_name) for c in bulk]:
            with pytest.raises(steer.StaleHandle) as e:
                call()
            assert e.value.name == want, (e.value.name, str(e.value))
            assert f"index {handle[0]}" in str(e.value)
        assert not w.is_valid(handle) and not w.has_arrived(handle)
    assert w.state_hash() == h and len(w) == 4 and w.goal_count == 0 and w.formation_count == 0


def test_bulk_calls_with_one_stale_id_set_the_others():
    """set_targets / set_goals / send_to_places: 'Raises for the first refused id (the others are sent)'."""
    w, g, ids = small()
    gone = w.add_agent(g, (3, 3))
    w.remove_agent(gone)
    mixed = np.stack([ids[0], np.array(gone, np.uint32), ids[2]])
    with pytest.raises(steer.StaleHandle) as e:
        w.set_targets(mixed, np.float32([[1, 1], [2, 2], [3, 3]]))
    assert e.value.name == "STEER_ERROR_STALE_HANDLE" and e.value.index == 1
    assert str(e.value).startswith("set_targets: ids[1] refused; the other 2 of 3 were applied: ids[1] = {index ")
    assert [d["kind"] for d in w.get_goals(ids)] == ["arrive", "none", "arrive", "none"]
    assert w.get_goal(ids[2])["target"] == (3, 3)
    with pytest.raises(steer.StaleHandle) as e:
        w.send_to_places(mixed, np.float32([[5, 5], [6, 6], [7, 7]]))
    assert e.value.index == 1 and "send_to_places: ids[1] refused; the other 2 of 3" in str(e.value)
    with pytest.raises(steer.StaleHandle) as e:
        w.get_goals(mixed)
    assert e.value.index == 1 and str(e.value).startswith("get_goals: ids[1] refused: ")
    assert w.get_goal(ids[0])["kind"] == "arrive" and w.get_goal(ids[2])["kind"] == "arrive"


def test_bulk_call_names_the_first_refused_entry_with_its_own_reason():
    """The first refused entry's reason, whichever entries after it were refused, and for what."""
    w, g, ids = small()
    gone = w.add_agent(g, (3, 3))
    w.remove_agent(gone)
    gone_first = np.stack([np.array(gone, np.uint32), ids[1], ids[2]])
    bad_speed = [{"target": (1, 1)}, {"target": (2, 2)}, {"target": (3, 3), "speed": -1.0}]
    with pytest.raises(steer.StaleHandle) as e:
        w.set_goals(gone_first, bad_speed)
    assert e.value.index == 0 and f"ids[0] = {{index {gone[0]}, generation {gone[1]}" in str(e.value)
    assert "speed" not in str(e.value)
    bad_first = np.stack([ids[0], np.array(gone, np.uint32), ids[2]])
    bad_speed = [{"target": (1, 1), "speed": -1.0}, {"target": (2, 2)}, {"target": (3, 3), "slow_radius": -2.0}]
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_goals(bad_first, bad_speed)
    assert e.value.index == 0 and e.value.name == "STEER_MISUSE_GOAL_SPEED" and "speed = -1" in str(e.value)


def test_bulk_call_refused_as_a_whole_says_why_and_names_no_entry():
    """A bad place_count or a handle twice refuses the whole call: the message is the call's, not 'ids[0] refused'."""
    w, g, ids = small()
    for places, check in [(np.zeros((5000, 2), np.float32), "place_count = 5000"),
                          (np.zeros((1, 2), np.float32), "place_count = 1")]:
        with pytest.raises(steer.InvalidArgument) as e:
            w.send_to_places(ids[:2], places)
        assert str(e.value).startswith(f"steer_world_send_to_places: {check}: must be in") and not hasattr(e.value, "index")
    with pytest.raises(steer.InvalidArgument) as e:
        w.send_to_places(np.stack([ids[0], ids[0]]), np.zeros((3, 2), np.float32))
    assert e.value.name == "STEER_MISUSE_HANDLE_REPEATED" and "ids[1] = ids[0]" in str(e.value)
    assert "refused; the other" not in str(e.value)
    assert w.goal_count == 0


@pytest.mark.parametrize("ids", [np.zeros((2, 3), np.int64), np.zeros((2, 3)), np.zeros((2, 2), np.uint32),
                                 np.zeros(3, np.uint32)])
def test_bulk_ids_of_the_wrong_dtype_or_shape(ids):
    w, _, _ = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_targets(ids, np.zeros((2, 2), np.float32))
    refused(e, "ids", "uint32", "(N, 3)")


def test_bulk_ids_as_a_slice_and_a_list_of_handles():
    w, _, ids = small()
    w.set_targets(ids[::2], np.float32([[1, 1], [2, 2]]))
    w.set_targets([steer.AgentId(*map(int, ids[1]))], np.float32([[9, 9]]))
    assert [d["target"] for d in w.get_goals(ids)] == [(1, 1), (9, 9), (2, 2), (0, 0)]
    assert list(w.arrived(ids)) == [False] * 4


def test_set_targets_shapes_nan_and_kind():
    w, _, ids = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_targets(ids, np.zeros((3, 2), np.float32))
    refused(e, "targets", "(3, 2)", "(4, 2)")
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_targets(ids, np.full((4, 2), np.nan, np.float32))
    refused(e, "targets", "nan", "finite")
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_targets(ids, np.zeros((4, 2)))
    refused(e, "targets", "float64", "float32")
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_targets(ids, np.zeros((4, 2), np.float32), kind="path")
    refused(e, "kind", "path")
    assert w.goal_count == 0
    # one (dim,) row: every agent to that point, as teleport_agents takes one row for all
    w.set_targets(ids, np.array([3, 4], np.float32))
    assert w.goal_count == 4 and all(tuple(w.get_goal(i)["target"][:2]) == (3, 4) for i in ids)


def test_set_goals_names_the_goal_and_the_unknown_key():
    w, _, ids = small()
    with pytest.raises(TypeError) as e:  # as set_goal's unknown keyword (test_world_more.py pins TypeError)
        w.set_goals(ids[:1], [{"kinds": "arrive"}])
    refused(e, "goals[0]", "kinds")
    assert w.goal_count == 0


def test_send_to_places_fewer_places_than_agents():
    w, _, ids = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.send_to_places(ids, np.zeros((3, 2), np.float32))
    refused(e, "place_count", "3")
    assert w.goal_count == 0


def test_send_to_places_assigns_the_least_squared_distance():
    # two agents, two places: the crossing assignment is never chosen
    w = steer.World(dim=2, capacity=8, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group(behaviours={})
    ids = w.add_agents(g, np.float32([[0, 0], [10, 0]]))
    places = np.float32([[11, 5], [1, 5], [100 - 60, 40]])
    w.send_to_places(ids, places)
    assert [d["target"] for d in w.get_goals(ids)] == [(1, 5), (11, 5)]
    free = w.add_agents(g, np.float32([[40, 40]]))
    assert w.get_goal(free[0])["kind"] == "none"  # "the rest stay free"


def test_send_to_places_together_arrive_at_about_the_same_time():
    w = steer.World(dim=2, capacity=8, bounds_min=(-100, -100), bounds_max=(100, 100), boundary="clamp")
    g = w.add_group(behaviours={"arrive": 1}, max_speed=2, max_force=20)
    ids = w.add_agents(g, np.float32([[0, 0], [0, 10]]))
    w.send_to_places(ids, np.float32([[5, 0], [40, 10]]), together=True)  # 5 and 40 away
    when = {}
    for step in range(60 * 40):
        w.step(1 / 60)
        for a in w.arrivals():
            when[int(a[0])] = step
    assert len(when) == 2
    assert abs(when[int(ids[0][0])] - when[int(ids[1][0])]) < 0.25 * max(when.values())


@pytest.mark.parametrize("group", [1.5, "1", None, True])
def test_add_agents_group_that_is_not_an_int(group):
    w, _, ids = small()
    w.add_group()  # group 1 exists: 1.5 must not be taken for it
    for call in (lambda: w.add_agents(group, np.zeros((1, 2), np.float32)), lambda: w.add_agent(group, (0, 0)),
                 lambda: w.set_agent_group(ids[0], group), lambda: w.set_group(group, max_speed=3),
                 lambda: w.get_group(group)):
        with pytest.raises(steer.InvalidArgument) as e:
            call()
        refused(e, "group", repr(group))
    assert len(w) == 4 and w.get_agent(ids[0])[2] == 0 and w.get_group(1)["max_speed"] == 2
    w.add_agents(np.int64(1), np.zeros((1, 2), np.float32))  # a numpy integer is an int
    assert len(w) == 5


@pytest.mark.parametrize("group", [-1, 1, 2**40])
def test_add_agents_group_out_of_range(group):
    w, _, _ = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_agents(group, np.zeros((1, 2), np.float32))
    refused(e, "group", str(group))
    assert len(w) == 4


def test_add_agents_checks_before_adding_any():
    w, g, _ = small(capacity=6)
    for bad in (np.float32([[0, 0], [np.nan, 0]]), np.zeros((2, 3), np.float32), np.zeros((2, 2)),
                np.zeros((2, 4), np.float32)[:, ::2]):
        with pytest.raises(steer.InvalidArgument):
            w.add_agents(g, bad)
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_agents(g, np.float32([[0, 0], [1, 1]]), np.float32([[0, 0], [np.inf, 0]]))
    refused(e, "velocities[1, 0] = inf", "must be finite")
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_agents(g, np.zeros((2, 2), np.float32), np.zeros((3, 2), np.float32))
    refused(e, "velocities", "(3, 2)")
    assert len(w) == 4
    with pytest.raises(steer.CapacityError) as e:
        w.add_agents(g, np.zeros((3, 2), np.float32))
    refused(e, "room for 2 more", "none were added")  # all or none: a partial add lost the handles
    assert len(w) == 4


def test_world_bounds_of_the_other_dimension_are_refused():
    """A 2D world took 3-element bounds and dropped z (the World docstring showed bounds_min=(-50,-50,-50) for
    dim=2); the README's rule is rows of (dim,)."""
    with pytest.raises(steer.InvalidArgument) as e:
        steer.World(dim=2, bounds_min=(-1, -1, -1), bounds_max=(1, 1, 1))
    refused(e, "bounds_min", "(-1, -1, -1)", "must be 2 numbers")
    with pytest.raises(steer.InvalidArgument) as e:
        steer.World(dim=2, bounds_min=(-1, -1), bounds_max=np.float32([1, 1, 1]))
    refused(e, "bounds_max", "must be 2 numbers")
    with pytest.raises(steer.InvalidArgument) as e:
        steer.World(dim=3, bounds_min=(-1, -1), bounds_max=(1, 1))
    refused(e, "bounds_min", "(-1, -1)", "must be 3 numbers")
    assert "(-50,-50,-50)" not in steer.World.__doc__.split("a 3D world")[0]
    for dim in (2, 3):  # (dim,) bounds of any real dtype are taken
        w = steer.World(dim=dim, bounds_min=np.full(dim, -3.0), bounds_max=[3] * dim)
        np.testing.assert_array_equal(w.bounds[0], [-3] * dim)
        np.testing.assert_array_equal(w.bounds[1], [3] * dim)


# ---- views ----------------------------------------------------------------------------------------------------------

def test_view_shapes_dtypes_read_only_zero_copy():
    w = steer.World.standard_flock(300, dim=3)
    v = w.view()
    for name in ("x", "y", "z", "vx", "vy", "vz"):
        a = getattr(v, name)
        assert a.dtype == np.float32 and a.shape == (300,) and not a.flags.writeable and not a.flags.owndata
        with pytest.raises(ValueError):
            a[0] = 1
        with pytest.raises(ValueError):
            a.setflags(write=True)
    assert v.group.dtype == np.uint8 and v.group.shape == (300,)
    np.testing.assert_array_equal(np.stack([v.x, v.y, v.z], 1), w.positions())
    np.testing.assert_array_equal(np.stack([v.vx, v.vy, v.vz], 1), w.velocities())
    assert v.is_current
    v2 = steer.World.standard_flock(30).view()
    assert v2.z is None and v2.vz is None


def test_view_of_an_empty_world():
    for dim in (2, 3):
        w = steer.World(dim=dim, capacity=4)
        v = w.view()
        assert v.x.shape == (0,) and v.x.dtype == np.float32 and not v.x.flags.writeable
        assert (v.z is None) == (dim == 2)
        assert w.positions().shape == (0, dim) and w.velocities().shape == (0, dim)
        g = w.add_group()
        a = w.add_agent(g, (1,) * dim)
        w.remove_agent(a)
        assert w.view().x.shape == (0,) and w.agent_ids().shape == (0, 3)


def test_view_is_current_until_any_change():
    w, g, ids = small()
    changes = [lambda: w.step(), lambda: w.add_agent(g, (0, 0)), lambda: w.remove_agent(w.agent_ids()[-1]),
               lambda: w.teleport_agent(ids[0], (1, 1), (0, 0)), lambda: w.set_goal(ids[1], "arrive", (5, 5)),
               lambda: w.set_targets(ids[:1], [[1, 2]]), lambda: w.restore(w.save()),
               lambda: w.set_agent_group(ids[2], g), lambda: w.add_agents(g, np.zeros((1, 2), np.float32))]
    for change in changes:
        v = w.view()
        assert v.is_current
        w.state_hash(), w.positions(), len(w), w.get_agent(ids[0])  # reads change nothing
        assert v.is_current
        change()
        assert not v.is_current
    v = w.view()
    w.close()
    assert not v.is_current


def test_view_ids_name_its_rows_and_refuse_once_the_world_changed():
    w, g, ids = small()
    w.remove_agent(ids[1])  # a hole: the view's order is no longer the handles' order
    w.add_agents(g, np.full((2, 2), 3, np.float32))
    v = w.view()
    assert v.ids.shape == (v.count, 3) and v.ids.dtype == np.uint32 and not v.ids.flags.writeable
    for k, h in enumerate(v.ids):
        p, _, _ = w.get_agent(h)
        assert (p[0], p[1]) == (v.x[k], v.y[k])
    kept = v.ids
    w.step()
    assert v.ids is kept  # taken while current: kept
    late = w.view()
    w.add_agent(g, (9, 9))
    with pytest.raises(steer.SteerError, match=r"view\.ids: the world has changed since this view was taken"):
        late.ids


def test_view_after_agents_change_keeps_its_length_and_order():
    w, g, ids = small()
    v = w.view()
    w.add_agents(g, np.full((3, 2), 7, np.float32))
    assert v.x.shape == (4,)
    w.remove_agent(ids[0])
    assert w.view().x.shape == (6,) and len(w.agent_ids()) == 6
    # agent_ids is in the view's order
    now = w.view()
    for k, h in enumerate(w.agent_ids()):
        p, _, _ = w.get_agent(h)
        assert (p[0], p[1]) == (now.x[k], now.y[k])


def test_view_outlives_close_and_collection():
    w = steer.World.standard_flock(2000)
    w.step(steps=3)
    v = w.view()
    kept = np.stack([v.x, v.y, v.vx, v.vy]).copy()
    w.close()
    del w
    gc.collect()
    junk = [steer.World.standard_flock(2000) for _ in range(4)]  # reuse freed memory, if any was freed
    for j in junk:
        j.step()
    np.testing.assert_array_equal(np.stack([v.x, v.y, v.vx, v.vy]), kept)


def test_view_outlives_restore():
    w = steer.World.standard_flock(2000)
    snap = w.save()
    w.step(steps=2)
    v = w.view()
    kept = v.x.copy()
    w.restore(snap)
    gc.collect()
    junk = [steer.World.standard_flock(2000) for _ in range(3)]
    assert not v.is_current and junk
    np.testing.assert_array_equal(v.x, kept)  # the old C world's memory, kept by the view


def test_closed_world_raises_closed_error_everywhere():
    w, g, ids = small()
    w.close()
    assert w.closed and repr(w) == "World(closed)"
    for call in (lambda: w.step(), lambda: w.view(), lambda: len(w), lambda: w.save(), lambda: w.restore(b"x"),
                 lambda: w.add_group(), lambda: w.add_agent(g, (0, 0)), lambda: w.get_agent(ids[0]),
                 lambda: w.state_hash(), lambda: w.set_targets(ids, np.zeros((4, 2), np.float32)),
                 lambda: w.positions(), lambda: w.agent_ids(), lambda: w.arrivals()):
        with pytest.raises(steer.ClosedError):
            call()
    w.close()  # twice: nothing


def test_with_block_closes():
    with steer.World.standard_flock(10) as w:
        w.step()
    assert w.closed


# ---- snapshots and the hash -----------------------------------------------------------------------------------------

def test_snapshot_round_trip_continues_bit_for_bit():
    w = steer.World.standard_flock(1500, seed=7)
    w.step(steps=5)
    ids = w.agent_ids()
    w.set_targets(ids[:10], np.full((10, 2), 3, np.float32))
    w.add_formation(ids[20], ids[21:24], np.float32([[-1, 1], [-1, -1], [-2, 0]]))
    goals = w.goal_count  # the 10 targets and the 3 formation members'
    assert goals == 13
    snap = w.save()
    assert isinstance(snap, bytes)
    h = w.state_hash()
    w.step(steps=9)
    after = w.state_hash()
    positions = w.positions()
    for data in (snap, bytearray(snap), memoryview(snap)):
        fresh = steer.World.standard_flock(1500, seed=99)  # another flock: the snapshot replaces everything
        fresh.restore(data)
        assert fresh.state_hash() == h and fresh.formation_count == 1 and fresh.goal_count == goals
        assert fresh.save() == snap
        fresh.step(steps=9)
        assert fresh.state_hash() == after
        np.testing.assert_array_equal(fresh.positions(), positions)


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "3d"])
def test_a_refused_snapshot_changes_nothing(damage):
    w = steer.World.standard_flock(500)
    w.step(steps=2)
    snap = w.save()
    bad = {"truncate": snap[:-1], "flip": snap[:50] + bytes([snap[50] ^ 1]) + snap[51:], "empty": b"",
           "3d": steer.World.standard_flock(500, dim=3).save()}[damage]
    w.step()
    h, n, v = w.state_hash(), len(w), w.view()
    with pytest.raises(steer.BadSnapshot):
        w.restore(bad)
    assert w.state_hash() == h and len(w) == n and v.is_current
    w.step()


def test_restore_refuses_what_is_not_bytes():
    w = steer.World.standard_flock(10)
    for data in ("text", None, 5):
        with pytest.raises(steer.InvalidArgument) as e:
            w.restore(data)
        refused(e, "data")


@pytest.mark.parametrize("dim", [2, 3])
def test_state_hash_equals_steer_bench(tool, dim):
    out = subprocess.run([tool("steer"), "bench", "--agents", "3000", "--steps", "12", "--dim", str(dim), "--json"],
                         check=True, capture_output=True, text=True).stdout
    want = json.loads(out.splitlines()[0])["state_hash"]
    w = steer.World.standard_flock(3000, dim=dim)
    w.step(steer.STANDARD_FLOCK_DT, steps=13)  # one warm-up step, then --steps
    assert w.state_hash() == want
    # and the enlarged form of the same flock (a World made from the flock's def, then populated)
    w2 = steer.World.standard_flock(3000, dim=dim, extra_capacity=5)
    w2.step(steer.STANDARD_FLOCK_DT, steps=13)
    assert w2.state_hash() == want


def test_state_hash_is_16_hex_digits_and_changes_with_the_state():
    w = steer.World.standard_flock(100)
    h0 = w.state_hash()
    assert len(h0) == 16 and int(h0, 16) >= 0
    w.step()
    assert w.state_hash() != h0


# ---- goals without their target, formations, the grid ----------------------------------------------------------------

@pytest.mark.parametrize("kind", ["seek", "arrive"])
def test_a_seek_or_arrive_goal_needs_its_target(kind):
    """set_goal: '"seek" or "arrive" at target': without one the agent was sent to the origin, silently."""
    w, _, ids = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_goal(ids[0], kind)
    refused(e, "target", kind)
    with pytest.raises(steer.InvalidArgument):
        w.set_goals(ids[:1], [{"kind": kind}])
    assert w.goal_count == 0
    w.set_goal(ids[0], "none")  # needs none
    assert w.get_goal(ids[0])["kind"] == "none"


def test_formation_members_close_up_when_one_is_removed():
    """'A removed member's slot goes to the next member (the ranks close up in order)'."""
    w = steer.World(dim=2, capacity=16, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group(behaviours={}, max_speed=20, max_force=200)
    ids = w.add_agents(g, np.float32([[0, 0], [-1, 0], [-2, 0], [-3, 0]]))
    slots = np.float32([[-1, 0], [-2, 0], [-3, 0]])
    f = w.add_formation(ids[0], ids[1:], slots)
    w.step(1 / 60, steps=2)
    assert [d["target"] for d in w.get_goals(ids[1:])] == [(-1, 0), (-2, 0), (-3, 0)]
    w.remove_agent(ids[1])
    w.step(1 / 60)
    assert [d["target"] for d in w.get_goals(ids[2:])] == [(-1, 0), (-2, 0)]
    w.remove_formation(f)
    with pytest.raises(steer.InvalidArgument) as e:
        w.remove_formation(f)  # removed already
    assert e.value.name == "STEER_MISUSE_FORMATION_INDEX"
    with pytest.raises(steer.InvalidArgument) as e:
        w.remove_formation(1.0)
    refused(e, "formation")


def test_a_formation_refuses_its_leader_as_a_member_and_a_member_twice():
    w, _, ids = small()
    with pytest.raises(steer.InvalidArgument):
        w.add_formation(ids[0], ids[:2], np.float32([[0, 0], [-1, 0]]))
    with pytest.raises(steer.InvalidArgument):
        w.add_formation(ids[0], np.stack([ids[1], ids[1]]), np.float32([[-1, 1], [-1, -1]]))


def test_grid_query_and_nearest_match_brute_force_and_refuse_bad_values():
    rng = np.random.default_rng(12)
    pts = rng.uniform(-5, 5, (300, 2)).astype(np.float32)
    grid = steer.Grid(dim=2, cell_size=1.0)
    grid.build(pts)
    d2 = ((pts - np.float32([0.5, -0.5])) ** 2).sum(1)
    np.testing.assert_array_equal(grid.query_radius((0.5, -0.5), 2.0), np.nonzero(d2 <= 4)[0])
    ids, dist = grid.nearest((0.5, -0.5), 5)
    np.testing.assert_array_equal(ids, np.argsort(d2, kind="stable")[:5])
    assert len(grid.nearest((0, 0), 1000)[0]) == 300
    for call, word in ((lambda: grid.query_radius((0, 0), -1), "radius"),
                       (lambda: grid.query_radius((np.nan, 0), 1), "centre"),
                       (lambda: grid.nearest((0, 0), -1), "k"),
                       (lambda: grid.insert(-1, (0, 0)), "point_id")):
        with pytest.raises(steer.InvalidArgument) as e:
            call()
        assert word in str(e.value)
    grid.close()
    with pytest.raises(steer.ClosedError):
        grid.query_radius((0, 0), 1)


def test_grid_and_flock_side_refuse_fractional_counts():
    """Grid.insert(1.5, p), nearest(p, 2.5) and standard_flock_side(1.5) took the int() of a float (ids and counts
    truncated silently)."""
    grid = steer.Grid(dim=2, cell_size=1.0)
    grid.build(np.zeros((3, 2), np.float32))
    for call, name, value in ((lambda: grid.insert(1.5, (0, 0)), "point_id", "1.5"),
                              (lambda: grid.nearest((0, 0), 2.5), "k", "2.5"),
                              (lambda: grid.nearest((0, 0), "2"), "k", "'2'"),
                              (lambda: steer.standard_flock_side(1.5), "agents", "1.5"),
                              (lambda: steer.standard_flock_side(100, dim=2.0), "dim", "2.0")):
        with pytest.raises(steer.InvalidArgument) as e:
            call()
        refused(e, name, value, "must be an int")
    assert len(grid) == 3
    grid.insert(np.int32(7), (0, 0))  # numpy integers are ints
    ids, _ = grid.nearest((0, 0), np.int64(4))
    assert sorted(ids.tolist()) == [0, 1, 2, 7]
    assert steer.standard_flock_side(np.int64(100)) == steer.standard_flock_side(100)


def _a_scheduler_with_workers(workers):
    s = steer.SerialScheduler()
    s.workers = workers
    return s


@pytest.mark.parametrize("call,name", [
    (lambda: steer.World(dim=2, capacity=10.5), "capacity"),
    (lambda: steer.World(dim=2.0), "dim"),
    (lambda: steer.World(dim=2, threads=1.0), "threads"),
    (lambda: steer.World(dim=2, max_obstacles=4.5), "max_obstacles"),
    (lambda: steer.World(dim=2, seed=1.5), "seed"),
    (lambda: steer.World(dim=2, scheduler=_a_scheduler_with_workers(2.5)), "scheduler.workers"),
    (lambda: steer.World.standard_flock(10.5), "agents"),
    (lambda: steer.World.standard_flock(10, seed=1.5), "seed"),
    (lambda: steer.World.standard_flock(10, extra_capacity=2.5), "extra_capacity"),
    (lambda: steer.Grid(dim=2, capacity=8.5), "capacity"),
    (lambda: steer.Grid(dim=2.0), "dim"),
    (lambda: steer.ThreadScheduler(1.5), "workers"),
    (lambda: steer.Random(1.5), "seed"),
    (lambda: steer.Vehicle((0, 0), seed=1.5), "seed"),
])
def test_counts_seeds_and_sizes_are_ints_not_floats_truncated(call, name):
    with pytest.raises(steer.InvalidArgument) as e:
        call()
    refused(e, name, "must be an int")


def test_world_index_arguments_are_ints_not_floats_truncated():
    w, g, ids = small()
    for call, name in ((lambda: w.add_group(pursue_group=0.5), "pursue_group"),
                       (lambda: w.add_group(colour=255.0), "colour"),
                       (lambda: w.set_goal(ids[0], "path", path=0.5), "path"),
                       (lambda: w.set_goal(ids[0], "arrive", (1, 1), progress=1.5), "progress"),
                       (lambda: w.draw(object(), max_agents=2.5), "max_agents"),
                       (lambda: w.remove_agent((1.0, 1, ids[0][2])), "agent"),
                       (lambda: w.get_agent((float(ids[0][0]), ids[0][1], ids[0][2])), "agent")):
        with pytest.raises(steer.InvalidArgument) as e:
            call()
        refused(e, name, "must be an int")
    assert len(w) == 4 and w.group_count == 1 and w.goal_count == 0
    w.add_group(colour=np.uint32(0xFF0000FF), pursue_group=np.int64(0))  # numpy integers are ints
    assert w.get_group(1)["colour"] == 0xFF0000FF
    w.remove_agent(steer.AgentId(*map(int, ids[0])))
    assert len(w) == 3
    vehicle = steer.Vehicle((0, 0))
    with pytest.raises(steer.InvalidArgument) as e:
        vehicle.waypoint = 1.5
    refused(e, "waypoint", "1.5", "must be an int")
    vehicle.waypoint = np.int16(2)
    assert vehicle.waypoint == 2
    with pytest.raises(steer.InvalidArgument) as e:
        steer.behaviours.dither(lambda i: (0, 0), None, [1], 1, steer.Random(1), dim=2.0)
    refused(e, "dim", "2.0", "must be an int")


def test_view_step_is_the_step_count():
    """WorldView.step was the binding's change counter (bumped by agent changes, goals, restore, close), not the
    world's step_count its name suggests; undocumented."""
    w, g, _ = small()
    assert w.view().step == 0
    w.step(steps=5)
    w.add_agent(g, (0, 0))
    assert w.step_count == 5
    v = w.view()
    assert v.step == w.step_count and v.is_current
    w.add_agent(g, (1, 1))  # a change between steps: the view is stale, its step still the count it was taken at
    assert not v.is_current and v.step == 5 and w.view().step == 5 and w.view().is_current
    w.step()
    assert not w.view()._replace().is_current  # a tuple rebuilt without the binding's change count: not current
    assert w.view().step == 6
    assert "step count" in steer.WorldView.__doc__


@pytest.mark.parametrize("dim", [2, 3])
def test_send_to_places_refuses_one_row_of_places(dim):
    """places are (M, dim): one (dim,) row was taken as dim places, each the same point, so dim agents were all
    sent to it without a word."""
    w = steer.World(dim=dim, capacity=8)
    g = w.add_group()
    ids = w.add_agents(g, np.zeros((dim, dim), np.float32))
    with pytest.raises(steer.InvalidArgument) as e:
        w.send_to_places(ids, np.arange(dim, dtype=np.float32) + 5)
    refused(e, "places", f"({dim},)", f"(M, {dim})")
    assert w.goal_count == 0


@pytest.mark.parametrize("value", ["False", "0", None, 2, 0.5])
def test_flags_are_bools_not_truthy_values(value):
    """bool("False") is True: a flag given as a string, None or another number was taken as its truthiness."""
    w, g, ids = small()
    calls = ((lambda: steer.World(dim=2, solid_walls=value), "solid_walls"),
             (lambda: w.set_group(g, keep_apart=value), "keep_apart"),
             (lambda: w.add_path(np.float32([[0, 0], [1, 0]]), closed=value), "closed"),
             (lambda: w.send_to_places(ids[:1], np.float32([[1, 1]]), together=value), "together"),
             (lambda: steer.Path(np.float32([[0, 0], [1, 0]]), closed=value), "closed"))
    for call, name in calls:
        with pytest.raises(steer.InvalidArgument) as e:
            call()
        refused(e, name, repr(value), "True or False")
    assert w.goal_count == 0 and not w.get_group(g)["keep_apart"]
    w.set_group(g, keep_apart=np.bool_(True))  # a numpy bool is a bool
    w.set_group(g, ground_plane=0)  # and 0 and 1 are
    assert w.get_group(g)["keep_apart"]


@pytest.mark.parametrize("value", ["3", b"3"])
def test_numbers_are_not_parsed_from_strings(value):
    w, g, _ = small()
    speed = w.get_group(g)["max_speed"]
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_group(g, max_speed=value)
    refused(e, "max_speed", repr(value), "must be a number")
    car = steer.Vehicle((0, 0))
    with pytest.raises(steer.InvalidArgument):
        car.max_speed = value
    assert w.get_group(g)["max_speed"] == speed


def test_set_group_refuses_a_group_out_of_range_under_its_own_name():
    w, _, _ = small()
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_group(99, max_speed=1)
    assert str(e.value).startswith("steer_world_set_group: group = 99: ") and e.value.name == "STEER_MISUSE_GROUP_INDEX"


def test_reserve_goals_is_bound_and_refuses_a_negative_count():
    # (that the room makes later orders allocate nothing is counted in C: test_world_memory)
    w = steer.World(dim=2, capacity=100)
    g = w.add_group()
    ids = w.add_agents(g, np.zeros((10, 2), np.float32))
    w.reserve_goals(1000)  # capped at the capacity
    assert w.goal_count == 0
    w.set_targets(ids, np.ones((10, 2), np.float32))
    assert w.goal_count == 10
    with pytest.raises(steer.SteerError, match="count"):
        w.reserve_goals(-1)
