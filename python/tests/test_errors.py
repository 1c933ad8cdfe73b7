"""Bad input: a clear Python exception each, never a crash."""
import os

import numpy as np
import pytest

import steer
from steer import behaviours as b

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def test_arrays_wrong_shape_dtype_layout_nan():
    good = np.zeros((5, 2), np.float32)
    with pytest.raises(steer.InvalidArgument, match=r"pos: shape \(5, 4\)"):
        b.seek(np.zeros((5, 4), np.float32), good, good, 1)
    with pytest.raises(steer.InvalidArgument, match="vel: dtype float64: must be float32"):
        b.seek(good, np.zeros((5, 2)), good, 1)
    with pytest.raises(steer.InvalidArgument, match="not C-contiguous"):
        b.seek(good, np.zeros((2, 5), np.float32).T, good, 1)
    bad = good.copy()
    bad[3, 1] = np.nan
    with pytest.raises(steer.InvalidArgument, match=r"target\[3, 1\] = nan: must be finite"):
        b.seek(good, good, bad, 1)
    with pytest.raises(steer.InvalidArgument, match="different agent counts"):
        b.seek(good, np.zeros((4, 2), np.float32), good, 1)
    with pytest.raises(steer.InvalidArgument, match="mixed dimensions"):
        b.seek(good, np.zeros((5, 3), np.float32), good, 1)
    with pytest.raises(steer.InvalidArgument, match="max_speed = inf"):
        b.seek(good, good, good, float("inf"))
    with pytest.raises(ValueError):  # InvalidArgument is a ValueError too
        b.seek("abc", good, good, 1)


def test_one_vector_of_any_real_dtype_is_converted():
    """One row costs nothing to copy, so a float64 target from np.random or an int point is taken as
    float32; (N, dim) float64 arrays are still refused, and so are batches of values (exp2)."""
    w = steer.World(dim=2, capacity=4)
    g = w.add_group()
    a = w.add_agent(g, np.array([1.0, 2.0]))  # float64
    w.set_goal(a, "arrive", target=np.array([3, 4]))  # int64
    goal = w.get_goal(a)
    assert list(goal["target"][:2]) == [3.0, 4.0]
    assert list(w.positions()[0]) == [1.0, 2.0]
    f = b.seek(np.array([0.0, 0.0]), np.zeros(2, np.float32), np.array([1.0, 0.0]), 2.0)
    assert list(f) == [2.0, 0.0]
    with pytest.raises(steer.InvalidArgument, match="dtype float64: must be float32"):
        w.add_agents(g, np.zeros((2, 2)))
    with pytest.raises(steer.InvalidArgument, match="must be"):
        w.set_goal(a, "arrive", target=np.array([True, False]))
    with pytest.raises(steer.InvalidArgument, match="dtype float64"):
        steer.maths.exp2(np.zeros(3))


def test_c_misuse_becomes_exception_with_its_name_and_message():
    w = steer.World(dim=2, capacity=10)
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_group(max_speed=-1)
    assert e.value.name == "STEER_MISUSE_GROUP_DEF_MAX_SPEED"
    assert "max_speed = -1" in str(e.value) and e.value.result == "STEER_ERROR_INVALID_ARGUMENT"
    with pytest.raises(steer.InvalidArgument, match="STEER_MISUSE_WORLD_DEF_CAPACITY"):
        steer.World(dim=2, capacity=-5)
    with pytest.raises(steer.InvalidArgument, match="STEER_MISUSE_STEP_DT"):
        w.step(-1.0)
    with pytest.raises(steer.InvalidArgument, match="unknown field 'colour_name'"):
        w.add_group(colour_name=1)


def test_stale_and_foreign_handles():
    w = steer.World(dim=2, capacity=10)
    g = w.add_group()
    a = w.add_agent(g, (1, 1))
    w.remove_agent(a)
    assert not w.is_valid(a)
    with pytest.raises(steer.StaleHandle) as e:
        w.get_agent(a)
    assert e.value.name == "STEER_MISUSE_HANDLE_STALE" and e.value.result == "STEER_ERROR_STALE_HANDLE"
    other = steer.World(dim=2, capacity=10)
    other.add_group()
    b_id = other.add_agent(0, (0, 0))
    with pytest.raises(steer.StaleHandle, match="HANDLE_FOREIGN"):
        w.teleport_agent(b_id, (0, 0), (0, 0))
    with pytest.raises(steer.InvalidArgument, match="must be a handle"):
        w.get_agent("nope")
    with pytest.raises(steer.InvalidArgument, match=r"\[0, 2\*\*32\)"):
        w.get_agent((-1, 0, 0))


def test_capacity_and_bad_agents():
    w = steer.World(dim=2, capacity=3)
    w.add_group()
    with pytest.raises(steer.CapacityError, match="room for 3 more"):
        w.add_agents(0, np.zeros((5, 2), np.float32))
    assert len(w) == 0  # all or none
    with pytest.raises(steer.InvalidArgument, match="AGENT_GROUP"):
        steer.World(dim=2, capacity=3).add_agent(7, (0, 0))
    with pytest.raises(steer.InvalidArgument, match=r"positions: shape \(2, 3\)"):
        w.add_agents(0, np.zeros((2, 3), np.float32))


def test_use_after_close():
    w = steer.World.standard_flock(50)
    w.close()
    assert w.closed and repr(w) == "World(closed)"
    for call in (lambda: w.step(), lambda: len(w), w.state_hash, w.view, w.save, lambda: w.add_group()):
        with pytest.raises(steer.ClosedError, match="closed"):
            call()


def test_bad_scenario_file_reports_like_steer_run(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"groups": [{"name": "a", "max_speed": -1, "spawn": [{"count": 3}]}]}')
    with pytest.raises(steer.ScenarioError) as e:
        steer.World.from_scenario(str(bad))
    assert "groups[0].max_speed: expected a positive number, got -1" in str(e.value)
    assert str(bad) in str(e.value)  # the file's name, as steer run shows it
    with pytest.raises(steer.ScenarioError, match="missing.json"):
        steer.World.from_scenario(str(tmp_path / "missing.json"))


def test_bad_snapshot_leaves_world_unchanged():
    w = steer.World.standard_flock(100)
    h = w.state_hash()
    data = bytearray(w.save())
    data[40] ^= 0xFF
    with pytest.raises(steer.BadSnapshot):
        w.restore(bytes(data))
    assert w.state_hash() == h
    with pytest.raises(steer.InvalidArgument, match="must be bytes"):
        w.restore("text")


def test_unknown_names_suggest_the_nearest():
    """A misspelt keyword names the nearest accepted one first: the other spelling, the scenario files'
    word, a typo; a name near none gets the whole list only."""
    w = steer.World(dim=2, capacity=4)
    cases = [
        (lambda: w.add_group(neighbor_radius=2), "group: unknown field 'neighbor_radius' \\(did you mean 'neighbour_radius'\\?"),
        (lambda: w.add_group(behaviours={"anticipation": 1}), "unknown behaviour 'anticipation' \\(did you mean 'anticipate'\\?"),
        (lambda: w.add_group(probabilities={"wandr": 0.5}), "unknown behaviour 'wandr' \\(did you mean 'wander'\\?"),
        (lambda: w.add_group(wander={"jiter": 1}), "wander: unknown field 'jiter' \\(did you mean 'jitter'\\?"),
        (lambda: steer.World(dim=2, bounds_mn=(0, 0)), "World: unknown field 'bounds_mn' \\(did you mean 'bounds_min'\\?"),
        (lambda: steer.World.standard_flock(100, solid_wall=True),
         "standard_flock: unknown World field 'solid_wall' \\(did you mean 'solid_walls'\\?"),
    ]
    for call, message in cases:
        with pytest.raises(steer.InvalidArgument, match=message):
            call()
    with pytest.raises(steer.InvalidArgument) as e:
        w.add_group(zzz=1)
    assert "did you mean" not in str(e.value) and "max_speed" in str(e.value)


def test_handles_as_a_slice_or_a_list():
    """Bulk calls take add_agents' (N, 3) uint32 array, a slice of it (every second unit) or a list of
    handles, and mean the same agents by each."""
    w = steer.World(dim=2, capacity=8, boundary="clamp")
    g = w.add_group()
    ids = w.add_agents(g, np.array([[0, 0], [1, 0], [2, 0], [3, 0]], np.float32))
    every_second = ids[::2]
    assert not every_second.flags.c_contiguous
    w.set_targets(every_second, np.array([[5, 5], [6, 6]], np.float32))
    assert [w.get_goal(i)["kind"] for i in ids] == ["arrive", "none", "arrive", "none"]
    w.send_to_places([ids[1], ids[3]], np.array([[3, 0], [1, 0]], np.float32))
    assert list(w.get_goal(ids[1])["target"]) == [1, 0] and list(w.get_goal(ids[3])["target"]) == [3, 0]
    assert [d["kind"] for d in w.get_goals(ids[1::2])] == ["arrive", "arrive"]


def test_snapshot_info_reads_the_counts_and_says_why_a_snapshot_is_refused():
    w = steer.World(dim=3, capacity=40, up="y")
    g = w.add_group(max_speed=2)
    ids = [w.add_agent(g, (i, 0, 0)) for i in range(12)]
    w.remove_agent(ids[3])
    w.add_obstacle((5, 0, 5), 1)
    w.set_goal(ids[0], "arrive", (3, 0, 3))
    w.step(steps=4)
    info = steer.snapshot_info(w.save())
    assert info["dim"] == 3 and info["up"] == "y" and info["steps"] == 4 and info["boundary"] == "wrap"
    assert info["agent_count"] == 11 and info["agent_slots"] == 12 and info["group_count"] == 1
    assert info["grid_capacity"] == 40  # the capacity that continues it bit for bit
    assert info["obstacle_count"] == 1 and info["goal_count"] == 1 and info["version"] >= 11
    snap = w.save()
    with pytest.raises(steer.BadSnapshot, match="not a steer snapshot"):
        steer.snapshot_info(b"0123456789abcdefghijklmnopqrstuvwxyz")
    with pytest.raises(steer.BadSnapshot, match="CRC-32"):
        steer.snapshot_info(snap[:-1])
    # restore says the same reason
    with pytest.raises(steer.BadSnapshot, match="restore: damaged: its CRC-32 does not match") as e:
        w.restore(snap[:60] + bytes([snap[60] ^ 1]) + snap[61:])
    assert e.value.result == "STEER_ERROR_BAD_SNAPSHOT"
    with pytest.raises(steer.InvalidArgument, match="must be bytes"):
        steer.snapshot_info("text")


def test_package_version_is_the_linked_librarys():
    assert steer.__version__ == steer.library_version()
