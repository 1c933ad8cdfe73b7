"""Headings through the binding: keep_headings=True on the World, get_heading / set_heading / get_headings,
kept at rest, through save and restore, and refused (with the C check's name) without the flag."""
import numpy as np
import pytest

import steer


def walker(**fields):
    w = steer.World(2, 16, keep_headings=True, **fields)
    g = w.add_group(behaviours={"arrive": 1})
    return w, g, w.add_agent(g, (0, 0))


def test_a_walker_faces_its_way_and_keeps_it_at_rest():
    w, g, a = walker()
    assert np.array_equal(w.get_heading(a), [1, 0])  # added at rest: +x
    w.set_goal(a, "arrive", (-12, 5))
    w.step(1 / 30, steps=30)
    _, v, _ = w.get_agent(a)
    assert np.allclose(w.get_heading(a), v / np.linalg.norm(v), atol=1e-6)
    w.step(1 / 30, steps=600)
    assert w.has_arrived(a)
    way = np.array([-12, 5]) / 13.0
    assert np.dot(w.get_heading(a), way) > 0.98  # still the way it came
    b = w.add_agent(g, (3, 3), (0, -2))
    headings = w.get_headings([a, b])
    assert headings.shape == (2, 2) and np.array_equal(headings[1], [0, -1])


def test_set_heading_and_a_restore_keep_it():
    w, g, a = walker()
    w.set_heading(a, (0, 3))
    assert np.array_equal(w.get_heading(a), [0, 1])
    data = w.save()
    copy = steer.World(2, 16)  # the snapshot brings keep_headings
    copy.restore(data)
    assert np.array_equal(copy.get_heading(a), [0, 1]) and copy.state_hash() == w.state_hash()
    with pytest.raises(steer.InvalidArgument) as e:
        w.set_heading(a, (0, 0))
    assert e.value.name == "STEER_MISUSE_AGENT_HEADING"


def test_without_keep_headings_a_heading_is_refused():
    w = steer.World(2, 16)
    a = w.add_agent(w.add_group(), (0, 0))
    with pytest.raises(steer.InvalidArgument, match="keep_headings = false") as e:
        w.get_heading(a)
    assert e.value.name == "STEER_MISUSE_HEADINGS_OFF"
    with pytest.raises(steer.InvalidArgument):
        w.get_headings([a])


def test_a_scenario_file_keeps_headings_and_faces_a_standing_spawn(tmp_path):
    doc = ('{"bounds": {"min": [-10, -10], "max": [10, 10]}, "keep_headings": true, "groups": [{"name": "a",'
           ' "spawn": [{"shape": "points", "points": [[0, 0], [2, 0]], "speed": 0, "heading": 1.5707963267948966}]}]}')
    (tmp_path / "kept.json").write_text(doc)
    w = steer.World.from_scenario(str(tmp_path / "kept.json"))
    ids = w.agent_ids()
    assert np.allclose(w.get_headings(ids), [[0, 1], [0, 1]], atol=1e-6)  # standing, facing +y as the file says


def test_a_reverse_gear_backs_a_short_way_and_is_refused_without_a_turn_limit():
    w = steer.World(2, 16, keep_headings=True)
    g = w.add_group(behaviours={"arrive": 1}, max_turn_rate=1.0, reverse_speed=1.0)
    a = w.add_agent(g, (0, 0))
    w.set_goal(a, "arrive", (-3, 0))
    backwards = 0.0
    for _ in range(200):
        w.step(1 / 30)
        _, v, _ = w.get_agent(a)
        backwards = max(backwards, -float(np.dot(v, w.get_heading(a))))
    assert w.has_arrived(a)
    assert np.array_equal(w.get_heading(a), [1, 0])  # backed there, still facing +x
    assert 0.9 < backwards <= 1.0001
    with pytest.raises(steer.InvalidArgument, match="reverse_speed = 1") as e:
        steer.World(2, 16).add_group(max_turn_rate=1.0, reverse_speed=1.0)
    assert e.value.name == "STEER_MISUSE_GROUP_DEF_MAX_TURN_RATE"
