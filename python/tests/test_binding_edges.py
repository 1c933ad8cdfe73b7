"""What a Python user's review found at the binding's edges: a grid closed or rebuilt from its own query_visit
callback, misuse reports from several threads at once, arrivals over step(steps=k), add_agents all or none,
calls made during a step raising InStep, worlds and grids refused by pickle and deepcopy, an up axis for a 2D
world, and numbers beyond float32's range."""
import copy
import pickle
import threading
import warnings

import numpy as np
import pytest

import steer


def test_a_grid_closed_from_its_own_visit_closes_after_the_query():
    grid = steer.Grid(cell_size=1.0)
    grid.build(np.zeros((100, 2), np.float32))
    seen = []
    assert grid.query_visit((0, 0), 2.0, lambda i, d: (grid.close(), seen.append(len(grid)))) == 100
    assert seen == [100] * 100  # open until the query returned: it ran to the end over live memory
    with pytest.raises(steer.ClosedError):
        len(grid)


@pytest.mark.parametrize("change", ["build", "insert", "clear"])
def test_a_grid_cannot_change_from_its_own_visit(change):
    grid = steer.Grid(cell_size=1.0)
    grid.build(np.zeros((10, 2), np.float32))
    calls = {"build": lambda: grid.build(np.ones((1000, 2), np.float32)), "insert": lambda: grid.insert(5, (0, 0)),
             "clear": grid.clear}
    with pytest.raises(steer.InvalidArgument, match=f"Grid.{change}: called from inside query_visit"):
        grid.query_visit((0, 0), 1.0, lambda i, d: calls[change]())
    assert len(grid) == 10 and len(grid.query_radius((0, 0), 1.0)) == 10
    grid.build(np.ones((3, 2), np.float32))  # after the query: allowed
    assert len(grid) == 3


def test_each_thread_gets_its_own_calls_reports():
    """Misuse reports were kept in one list for the process: another thread's begin() cleared them, and an
    exception could carry another thread's message."""
    wrong = []

    def refuse(k):
        w = steer.World(dim=2, capacity=3000)
        w.add_agents(w.add_group(), np.random.default_rng(k).uniform(-40, 40, (3000, 2)).astype(np.float32))
        for i in range(1000):
            if i % 25 == 0:
                w.step()  # the GIL released for a while: the other threads' calls and reports interleave
            try:
                w.add_group(max_speed=-float(k + 1))
            except steer.InvalidArgument as e:
                if e.name != "STEER_MISUSE_GROUP_DEF_MAX_SPEED" or f"max_speed = -{k + 1}:" not in str(e):
                    wrong.append((k, e.name, str(e)))
            else:
                wrong.append((k, "accepted"))

    threads = [threading.Thread(target=refuse, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def arrivals_by_calls(steps_per_call):
    w = steer.World(dim=2, capacity=100, bounds_min=(-50, -50), bounds_max=(50, 50), boundary="clamp")
    g = w.add_group(radius=0.4, max_speed=3, max_force=6, behaviours={"arrive": 1})
    ids = w.add_agents(g, np.float32([[-40, 2 * i] for i in range(25)]))
    w.set_targets(ids, np.float32([[-35 + (7 * i) % 20, 2 * i] for i in range(25)]))
    events = []
    for _ in range(1200 // steps_per_call):
        w.step(1 / 60, steps=steps_per_call)
        events.extend(int(row[0]) for row in w.arrivals())
    assert w.arrived(ids).all()
    return events


def test_arrivals_cover_every_step_of_a_call():
    one = arrivals_by_calls(1)
    assert sorted(one) == sorted(set(one)) and len(one) == 25  # each arrives once
    assert arrivals_by_calls(3) == one  # the same agents in the same order, three steps a call
    assert arrivals_by_calls(7 * 5) == one


def test_calls_during_a_step_raise_in_step():
    raised = {}

    class Meddler:
        def enqueue(self, run, count, min_range):
            for name, call in (("add_agents", lambda: w.add_agents(g, np.zeros((1, 2), np.float32))),
                               ("add_agent", lambda: w.add_agent(g, (0, 0))),
                               ("remove_agent", lambda: w.remove_agent(ids[0])),
                               ("set_targets", lambda: w.set_targets(ids[:1], np.zeros((1, 2), np.float32))),
                               ("query_radius", lambda: w.query_radius((0, 0), 1.0))):
                try:
                    call()
                    raised.setdefault(name, "accepted")
                except steer.SteerError as e:
                    raised.setdefault(name, (type(e).__name__, e.name))
            run(0, count, 0)

        def finish(self, token):
            pass

    w = steer.World(dim=2, capacity=10, scheduler=Meddler())
    g = w.add_group()
    ids = w.add_agents(g, np.float32([[0, 0], [1, 1]]))
    w.step()
    assert raised and all(v == ("InStep", "STEER_MISUSE_IN_STEP") for v in raised.values()), raised
    assert len(w) == 2


def test_worlds_and_grids_refuse_pickle_and_copy():
    w = steer.World(dim=2, capacity=4)
    for attempt in (lambda: pickle.dumps(w), lambda: copy.deepcopy(w), lambda: copy.copy(w)):
        with pytest.raises(TypeError, match=r"save\(\) gives its state"):
            attempt()
    with pytest.raises(TypeError, match="Grid cannot be pickled"):
        pickle.dumps(steer.Grid())


def test_a_2d_world_has_no_up_axis_to_choose():
    with pytest.raises(steer.InvalidArgument, match="up = 'y': a 2D world lies in the XY plane"):
        steer.World(dim=2, up="y")
    assert steer.World(dim=3, up="y").up == "y"


def test_numbers_beyond_float32_are_refused_not_made_infinite():
    with pytest.raises(steer.InvalidArgument, match=r"max_speed = 1e\+39: must be finite as a float32"):
        steer.behaviours.seek((0, 0), (0, 0), (1, 0), max_speed=1e39)
    w = steer.World(dim=2, capacity=4)
    with pytest.raises(steer.InvalidArgument, match="finite as a float32"):
        w.step(1e39)


def test_a_world_takes_one_thread_at_a_time():
    # The step releases the GIL: another Python thread's calls on the same World while it runs are refused
    # with InStep before they touch it (a set_targets racing the step once crashed the interpreter), and
    # the world is whole afterwards (its snapshot restores to the same hash).
    import threading
    w = steer.World(dim=2, capacity=4000, threads=1)
    g = w.add_group(radius=0.3, behaviours={"arrive": 1, "separation": 1})
    ids = w.add_agents(g, np.random.default_rng(0).uniform(-40, 40, (3000, 2)).astype(np.float32))
    targets = np.zeros((3000, 2), np.float32)
    stop, outcomes = threading.Event(), {"ok": 0, "InStep": 0, "other": []}

    def stepper():
        while not stop.is_set():
            w.step(1 / 30)

    def racer():
        calls = [lambda: w.set_targets(ids, targets), lambda: w.get_agents(ids), lambda: w.save(),
                 lambda: w.teleport_agents(ids[:10], np.zeros((10, 2), np.float32)), lambda: w.positions()]
        k = 0
        while not stop.is_set():
            try:
                calls[k % len(calls)]()
                outcomes["ok"] += 1
            except steer.InStep as e:
                assert e.name == "STEER_MISUSE_IN_STEP" and "another thread" in str(e)
                outcomes["InStep"] += 1
            except Exception as e:  # noqa: BLE001 - anything else is the failure this test looks for
                outcomes["other"].append(repr(e))
            k += 1

    threads = [threading.Thread(target=stepper), threading.Thread(target=racer)]
    for t in threads:
        t.start()
    stop.wait(1.0)
    stop.set()
    for t in threads:
        t.join()
    assert outcomes["other"] == [] and outcomes["InStep"] > 0, outcomes
    p, v, _ = w.get_agents(ids)
    assert np.isfinite(p).all() and np.isfinite(v).all()
    copy = steer.World(dim=2, capacity=4000, threads=1)
    copy.restore(w.save())
    assert copy.state_hash() == w.state_hash()


def test_arrivals_after_a_call_of_zero_steps_are_none():
    # A frame loop of whole substeps (steps = int(frame_time / dt)) makes calls of 0 steps: their arrivals()
    # must be empty, not the earlier call's again (which counted each of those agents twice).
    w = steer.World(dim=2, capacity=10, bounds_min=(-50, -50), bounds_max=(50, 50), boundary="clamp")
    g = w.add_group(crowd=True)
    ids = w.add_agents(g, np.float32([[0, 0]]))
    w.set_targets(ids, np.float32([0.3, 0]))
    for _ in range(300):
        w.step(1 / 30)
        if len(w.arrivals()):
            break
    assert w.arrivals().tolist() == ids.tolist()
    w.step(1 / 30, steps=0)
    assert w.arrivals().shape == (0, 3) and w.arrivals().dtype == np.uint32


@pytest.mark.parametrize("value", [[1e39, 0.0], np.array([1e39, 0.0]), [[0.0, 0.0], [0.0, -1e39]]])
def test_a_float64_beyond_float32_is_refused_by_its_value(value):
    # A list or one float64 row is converted to float32; a finite value too large for it became inf there, with
    # numpy's RuntimeWarning (an exception under -W error, not InvalidArgument) and an error naming inf, a value
    # the caller never passed.
    w = steer.World(dim=2, capacity=10, bounds_min=(-50, -50), bounds_max=(50, 50))
    ids = w.add_agents(w.add_group(crowd=True), np.float32([[0, 0], [1, 0]]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(steer.InvalidArgument, match=r"targets\[\d(, \d)?\] = -?1e\+39: must be finite as a float32"):
            w.set_targets(ids, value)
    assert not w.goal_count


@pytest.mark.parametrize("value", [[[0.0, 0.0], [0.0, -1e39]], [[0, 0], [0, -10 ** 39]]])
def test_a_list_beyond_float32_is_refused_by_its_own_message(value):
    # A list's float too large led with another rule ("positions: [[...]]: must be (dim,) or (N, dim) numbers
    # (positions[1, 1] = -1e+39: ...)"); a list's int too large became inf, with numpy's overflow warning and an
    # error naming inf, a value the caller never passed.
    w = steer.World(dim=2, capacity=10, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(steer.InvalidArgument) as e:
            w.add_agents(g, value)
    assert str(e.value).startswith("positions[1, 1] = -1e+39: must be finite as a float32"), str(e.value)
    assert len(w) == 0


def test_add_agents_takes_one_velocity_shared_by_all():
    # The arrays' rule: a (dim,) row is a value shared by all (teleport_agents and set_targets take one); a
    # crowd spawned walking one way was refused ("velocities: shape (2,): must be (3, 2), like positions").
    w = steer.World(dim=2, capacity=10, bounds_min=(-50, -50), bounds_max=(50, 50))
    g = w.add_group(crowd=True)
    ids = w.add_agents(g, np.float32([[0, 0], [5, 0], [10, 0]]), velocities=(1.0, -0.5))
    assert w.get_agents(ids)[1].tolist() == [[1.0, -0.5]] * 3
    with pytest.raises(steer.InvalidArgument, match=r"velocities: shape \(2, 2\): must be \(3, 2\), one per row"):
        w.add_agents(g, np.float32([[0, 0], [5, 0], [10, 0]]), velocities=np.zeros((2, 2), np.float32))
    assert len(w) == 3
