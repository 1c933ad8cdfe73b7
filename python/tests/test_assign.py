"""steer.assign_places (who goes where, without a world) and World.send_assigned (sending that choice)."""
import threading

import numpy as np
import pytest

import steer


def scattered(n, m, seed):
    rng = np.random.default_rng(seed)
    w = steer.World(dim=2, capacity=n + 8, bounds_min=(-100, -100), bounds_max=(100, 100), boundary="none")
    g = w.add_group(radius=0.4)
    ids = w.add_agents(g, rng.uniform(-20, 20, (n, 2)).astype(np.float32))
    places = np.column_stack([rng.uniform(10, 60, m), rng.uniform(-25, 25, m)]).astype(np.float32)
    return w, ids, places


def test_the_choice_is_send_to_places_choice_and_sending_it_gives_the_same_world():
    a, ids_a, places = scattered(200, 260, 5)
    b, ids_b, _ = scattered(200, 260, 5)
    place_of = steer.assign_places(b.get_agents(ids_b)[0], places)
    assert place_of.shape == (200,) and len(set(place_of.tolist())) == 200 and place_of.max() < 260
    a.send_to_places(ids_a, places, together=True)
    b.send_assigned(ids_b, places[place_of], together=True)
    ga, gb = a.get_goals(ids_a), b.get_goals(ids_b)
    assert [(g["target"], g["speed"], g["slow_radius"]) for g in ga] == \
        [(g["target"], g["speed"], g["slow_radius"]) for g in gb]
    for _ in range(100):
        a.step(1 / 30)
        b.step(1 / 30)
    assert a.state_hash() == b.state_hash()


def test_assign_places_on_another_thread_while_the_world_steps():
    n = 1200
    angle = np.linspace(0, 2 * np.pi, n, endpoint=False)
    ring = np.column_stack([500 * np.cos(angle), 500 * np.sin(angle)]).astype(np.float32)
    k = np.arange(n)
    r, t = 2 * np.sqrt(k + 0.5), 2.399963229728653 * k
    sunflower = np.column_stack([r * np.cos(t), r * np.sin(t)]).astype(np.float32)
    alone = steer.assign_places(ring, sunflower)
    got = {}
    thread = threading.Thread(target=lambda: got.update(beside=steer.assign_places(ring, sunflower)))
    w, _, _ = scattered(500, 500, 1)
    thread.start()
    steps = 0
    while thread.is_alive() or steps < 3:  # the C call lets go of the GIL: the world steps meanwhile
        w.step(1 / 60)
        steps += 1
    thread.join()
    assert np.array_equal(alone, got["beside"])


def test_assign_places_refusals_name_the_field():
    two = np.float32([[0, 0], [1, 0]])
    with pytest.raises(steer.InvalidArgument, match="place_count = 1"):
        steer.assign_places(two, two[:1])
    with pytest.raises(steer.InvalidArgument, match="must be finite"):
        steer.assign_places(np.float32([[0, 0], [np.nan, 0]]), two)
    with pytest.raises(steer.InvalidArgument, match=r"shape \(2, 3\)"):
        steer.assign_places(two, np.zeros((2, 3), np.float32))
    with pytest.raises(steer.InvalidArgument, match="place_count = 4097"):
        steer.assign_places(two, np.zeros((steer.MAX_PLACES + 1, 2), np.float32))
    assert steer.assign_places(np.zeros((0, 2), np.float32), two).shape == (0,)


def test_send_assigned_sends_as_given_and_refuses_a_wrong_shape():
    w, ids, places = scattered(3, 3, 2)
    w.send_assigned(ids, np.ascontiguousarray(places[::-1]))
    assert [g["target"] for g in w.get_goals(ids)] == [tuple(p) for p in places[::-1].tolist()]
    with pytest.raises(steer.InvalidArgument, match="must be \\(3, 2\\), one per id"):
        w.send_assigned(ids, places[:2])
    with pytest.raises(steer.InvalidArgument, match="each agent may be sent once"):
        w.send_assigned([ids[0], ids[0]], places[:2])
