"""World.reserve_agents: a world grown mid-run keeps its agents, handles and goals, steps on as the world not grown
(where its cells stay the same), and views taken before it keep their memory."""
import numpy as np
import pytest

import steer


def flock(capacity, seed=3):
    rng = np.random.default_rng(seed)
    w = steer.World(dim=2, capacity=capacity, bounds_min=(-10, -10), bounds_max=(10, 10))
    g = w.add_group()
    ids = w.add_agents(g, rng.uniform(-10, 10, (200, 2)).astype(np.float32),
                       rng.uniform(-1, 1, (200, 2)).astype(np.float32))
    return w, g, ids


def test_a_grown_world_steps_on_as_the_world_not_grown():
    grown, g, ids = flock(200)
    kept, _, ids_kept = flock(200)
    grown.set_targets(ids[:50], np.float32([[5, 5]] * 50), "arrive")
    kept.set_targets(ids_kept[:50], np.float32([[5, 5]] * 50), "arrive")
    for _ in range(10):
        grown.step(0.05), kept.step(0.05)
    view = grown.view()
    x = view.x.copy()
    with pytest.raises(steer.CapacityError):
        grown.add_agents(g, np.zeros((1, 2), np.float32))
    grown.reserve_agents(5000)
    assert grown.state_hash() == kept.state_hash()
    assert np.array_equal(view.x, x) and not view.is_current  # the old view's memory is still there
    assert np.array_equal(grown.get_agents(ids)[0], kept.get_agents(ids_kept)[0])
    for _ in range(30):
        grown.step(0.05), kept.step(0.05)
    assert grown.state_hash() == kept.state_hash()
    assert [goal["target"] for goal in grown.get_goals(ids[:50])] == [goal["target"] for goal in kept.get_goals(ids_kept[:50])]
    more = grown.add_agents(g, np.zeros((4800, 2), np.float32))
    assert len(grown) == 5000 and more.shape == (4800, 3)


def test_reserve_refuses_and_a_smaller_capacity_changes_nothing():
    w, _, _ = flock(300)
    before = w.state_hash()
    with pytest.raises(steer.InvalidArgument) as e:
        w.reserve_agents(0)
    assert "capacity = 0: must be in [1, 2^28]" in str(e.value)
    w.reserve_agents(10)
    w.add_agents(0, np.zeros((100, 2), np.float32))  # the room of 300 is still there
    assert len(w) == 300 and w.state_hash() != before


def test_a_grow_and_a_restore_keep_the_kernel_chosen_and_a_grow_the_goal_room():
    """Both are done in a new C world: it starts on the best kernel and with the snapshot's goal room unless the
    binding asks for them again (a C restore or grow keeps the kernel; a C grow keeps reserve_goals' room)."""
    w, g, ids = flock(200)
    w.set_kernel("scalar")
    snap = w.save()
    w.reserve_agents(400)
    assert w.kernel == "scalar"
    w.restore(snap)
    assert w.kernel == "scalar"
    w.use_simd(True)
    assert w.kernel != "scalar" or not any(steer.kernel_available(k) for k in ("sse2", "neon", "simd128"))
    plain, _, _ = flock(200)
    roomy, _, _ = flock(200)
    roomy.reserve_goals(200)
    plain.reserve_agents(1000)
    roomy.reserve_agents(1000)
    assert roomy.memory_bytes > plain.memory_bytes  # the room for 200 goals, still there


def _c_reserved(reserve, grow, restore_first=False):
    """memory_bytes after the same calls made in C on one world (lib directly: a grow in place)."""
    from steer._steer import lib
    w, _, _ = flock(200)
    snap = w.save()
    lib.steer_world_reserve_goals(w._w, reserve)
    if restore_first:
        lib.steer_world_restore(w._w, snap, len(snap))
    lib.steer_world_reserve_agents(w._w, grow)
    return w.memory_bytes


def test_a_grow_keeps_the_goal_room_c_keeps_not_more():
    # reserve_goals' count is capped at the capacity when made: the binding asked the grown world for all of it
    w, _, _ = flock(200)
    w.reserve_goals(5000)
    w.reserve_agents(6000)
    assert w.memory_bytes == _c_reserved(5000, 6000)
    # a restore sizes the goal room to the snapshot's goals: the binding asked for the room made before it again
    w, _, _ = flock(200)
    snap = w.save()
    w.reserve_goals(200)
    w.restore(snap)
    w.reserve_agents(1000)
    assert w.memory_bytes == _c_reserved(200, 1000, restore_first=True)


def test_a_grow_keeps_the_last_profile():
    # steer_world_reserve_agents keeps the last step's profile; the binding's new C world had all zeros
    w, _, _ = flock(200)
    w.step(0.05)
    before = w.last_profile()
    w.reserve_agents(1000)
    assert w.last_profile() == before


def test_a_capacity_past_the_limit_is_refused_before_any_copy_and_a_snapshot_array_restores():
    w, g, ids = flock(200)
    owner = w._owner
    with pytest.raises(steer.InvalidArgument) as e:
        w.reserve_agents(2**28 + 1)
    assert "capacity = 268435457: must be in [1, 2^28]" in str(e.value)
    assert w._owner is owner  # refused in place: no new C world made and dropped
    before = w.state_hash()
    snap = np.frombuffer(w.save(), dtype=np.uint8)  # as read back from an .npz file
    w.step(0.05)
    w.restore(snap)
    assert w.state_hash() == before and steer.snapshot_info(snap)["agent_count"] == 200
    with pytest.raises(steer.InvalidArgument) as e:
        w.restore(snap.astype(np.float32))
    assert "numpy array of float32" in str(e.value)


def test_a_grow_sizes_the_grid_as_the_c_grow():
    """A world of 16 in a box 200 wide has its cells capped; grown in Python (one copy into a world of the new
    capacity) it takes the cells C's grow gives, so the same crowd added after steps alike."""
    from steer._steer import lib

    def make():
        w = steer.World(dim=2, capacity=16, bounds_min=(-100, -100), bounds_max=(100, 100))
        w.add_agents(w.add_group(), np.float32([[-90 + 12 * i, 50] for i in range(16)]))
        for _ in range(5):
            w.step(0.05)
        return w
    crowd = np.random.default_rng(5).uniform(-30, 30, (4000, 2)).astype(np.float32)
    python_grown, c_grown = make(), make()
    python_grown.reserve_agents(4096)
    assert lib.steer_world_reserve_agents(c_grown._w, 4096) == lib.STEER_OK
    for w in (python_grown, c_grown):
        w.add_agents(0, crowd)
        for _ in range(20):
            w.step(0.05)
    assert python_grown.state_hash() == c_grown.state_hash()
