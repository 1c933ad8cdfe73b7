"""Formations from Python: members hold their slots in the walking leader's frame; bad calls raise."""
import numpy as np
import pytest

import steer

DT = 1.0 / 30.0
SLOTS = np.array([[-2, 1.5], [-2, -1.5], [-4, 1.5], [-4, -1.5]], np.float32)  # two files behind the leader


def squad():
    """A leader walking east at 1 toward (60, 0); four members starting behind it, standing."""
    w = steer.World(dim=2, capacity=16, bounds_min=(-80, -80), bounds_max=(80, 80), boundary="clamp")
    lead = w.add_group(max_speed=1, behaviours={"arrive": 1, "separation": 0, "alignment": 0, "cohesion": 0},
                       target=(60, 0))
    member = w.add_group(max_speed=2, max_force=4, slow_radius=3,
                         behaviours={"arrive": 1, "separation": 0, "alignment": 0, "cohesion": 0})
    leader = w.add_agent(lead, (0, 0), (1, 0))
    members = w.add_agents(member, np.array([[-3, 0], [-4, 0.3], [-5, 0.6], [-6, 0.9]], np.float32))
    return w, leader, members


def test_members_sit_on_their_slots_led_by_the_leaders_velocity():
    w, leader, members = squad()
    f = w.add_formation(leader, members, SLOTS)
    assert f == 0 and w.formation_count == 1
    w.step(DT, steps=450)  # 15 s: formed up, the leader still walking east
    lp, lv, _ = w.get_agent(leader)
    assert lv[0] == pytest.approx(1, abs=1e-3) and abs(lv[1]) < 1e-3
    heading = lv / np.linalg.norm(lv)
    left = np.array([-heading[1], heading[0]], np.float32)
    lead = lv * 3 / 2  # the member group's slow_radius / max_speed
    for k, m in enumerate(members):
        slot = lp + heading * SLOTS[k, 0] + left * SLOTS[k, 1]
        assert np.linalg.norm(w.get_agent(m)[0] - slot) < 0.05, k
        # the goal was placed at the step's start, from where the leader was then
        goal = np.array(w.get_goal(m)["target"], np.float32)
        assert w.get_goal(m)["kind"] == "arrive"
        assert np.linalg.norm(goal - (slot - lv * DT + lead)) < 1e-3, k


def test_remove_formation_and_count_round_trip():
    w, leader, members = squad()
    a = w.add_formation(leader, list(members[:2]), SLOTS[:2])  # a sequence of rows works as well as the array
    b = w.add_formation(leader, [steer.AgentId(*map(int, m)) for m in members[2:]], SLOTS[2:])
    assert (a, b, w.formation_count) == (0, 1, 2)
    w.remove_formation(a)
    assert w.formation_count == 1
    with pytest.raises(steer.InvalidArgument) as e:
        w.remove_formation(a)  # removed already
    assert e.value.name == "STEER_MISUSE_FORMATION_INDEX"
    assert w.add_formation(leader, members[:2], SLOTS[:2]) == a and w.formation_count == 2  # the index taken again
    w.remove_formation(b)
    w.remove_formation(a)
    assert w.formation_count == 0
    assert steer.MAX_FORMATIONS == 65536 and steer.MAX_FORMATION_MEMBERS == 65536


def test_bad_formations_raise_with_the_c_checks_name():
    w, leader, members = squad()
    nan = SLOTS.copy()
    nan[2, 1] = np.nan
    with pytest.raises(steer.InvalidArgument, match=r"slots\[2\]") as e:
        w.add_formation(leader, members, nan)
    assert e.value.name == "STEER_MISUSE_FORMATION_SLOT"
    with pytest.raises(steer.InvalidArgument, match="count = 0") as e:
        w.add_formation(leader, [], np.zeros((0, 2), np.float32))
    assert e.value.name == "STEER_MISUSE_FORMATION_COUNT"
    gone = w.add_agent(0, (5, 5))
    w.remove_agent(gone)
    with pytest.raises(steer.StaleHandle) as e:
        w.add_formation(gone, members, SLOTS)
    assert e.value.name == "STEER_MISUSE_HANDLE_STALE"
    with pytest.raises(steer.InvalidArgument, match="one slot per member"):
        w.add_formation(leader, members, SLOTS[:3])
    with pytest.raises(steer.InvalidArgument, match="dtype float64"):
        w.add_formation(leader, members, SLOTS.astype(np.float64))
    with pytest.raises(steer.InvalidArgument, match=r"shape \(4, 3\)"):
        w.add_formation(leader, members, np.zeros((4, 3), np.float32))  # a 2D world's slots have 2 columns
    assert w.formation_count == 0
