"""Bad input to the entry points bound last: a clear exception each (with the C check's name where C
checks), never a crash."""
import numpy as np
import pytest

import steer
from steer import behaviours as b

GOOD = np.zeros((5, 2), np.float32)


def raises(match, call, cls=steer.InvalidArgument):
    with pytest.raises(cls, match=match):
        call()


def test_shape_behaviours_refuse_bad_arrays():
    nan = np.array([[0, np.nan]], np.float32)
    raises(r"centres: shape \(2, 3\)", lambda: b.avoid_obstacles(GOOD, GOOD, np.zeros((2, 3), np.float32), 1, 1, 1, 1))
    raises(r"centres\[0, 1\] = nan", lambda: b.avoid_obstacles(GOOD, GOOD, nan, 1, 1, 1, 1))
    raises(r"radii: shape \(3,\)", lambda: b.hide(GOOD, GOOD, GOOD, GOOD, np.zeros((2, 2), np.float32), [1, 2, 3], 1, 1))
    raises("dtype float64", lambda: b.avoid_obstacles_feeler(GOOD, GOOD, np.zeros((2, 2)), 1, 1, 1, 1))
    raises("not C-contiguous", lambda: b.avoid_walls(GOOD, GOOD, np.zeros((2, 2, 4), np.float32)[..., ::2]))
    raises(r"walls: shape \(3, 2\)", lambda: b.follow_wall(GOOD, GOOD, np.zeros((3, 2), np.float32), 1))
    raises("engaged: values must be -1", lambda: b.avoid_obstacles(GOOD, GOOD, [(0, 0)], 1, 1, 1, 1, engaged=3))
    raises(r"engaged: float64 \(5,\)", lambda: b.avoid_obstacles(GOOD, GOOD, [(0, 0)], 1, 1, 1, 1, engaged=np.zeros(5)))
    raises(r"engaged: int64 \(4,\)", lambda: b.avoid_obstacles(GOOD, GOOD, [(0, 0)], 1, 1, 1, 1,
                                                              engaged=np.zeros(4, np.int64)))
    raises(r"index = 1099511627776: must be an integer", lambda: b.follow_waypoints(GOOD, GOOD, [(0, 0)], 2**40, 1))
    raises(r"index = 0.5: must be an integer", lambda: b.follow_waypoints(GOOD, GOOD, [(0, 0)], 0.5, 1))
    raises(r"index: values must be in \[-2\*\*31", lambda: b.follow_waypoints(GOOD, GOOD, [(0, 0)], np.full(5, 2**40), 1))
    raises("up = 'x'", lambda: b.avoid_walls(GOOD, GOOD, np.zeros((1, 2, 2), np.float32), up="x"))
    raises("mixed dimensions", lambda: b.interpose(GOOD, GOOD, GOOD, GOOD, np.zeros((5, 3), np.float32), GOOD, 1, 1))
    raises("different agent counts", lambda: b.face(GOOD, np.zeros((4, 2), np.float32), GOOD, 1, 1))
    raises("max_angle = nan", lambda: b.turn_toward(GOOD, GOOD, float("nan")))
    raises("up: only for 3D", lambda: b.local_to_world(GOOD, GOOD, up="z"))
    raises("3D only", lambda: b.wander_sphere(GOOD, GOOD, (0, 0), 1, 1, steer.Random()))
    raises(r"state: shape \(3,\)", lambda: b.wander_sphere((0, 0, 0), (1, 0, 0), (0, 0, 0), 1, 1, steer.Random()))
    raises("must be a steer.Random", lambda: b.wander(GOOD, GOOD, 0.0, 1, 1, rng=np.random.default_rng()))
    raises(r"angle\[2\] = inf", lambda: b.wander(GOOD, GOOD, np.array([0, 0, np.inf, 0, 0], np.float32), 1, 1,
                                                 steer.Random()))
    raises(r"state: shape \(2, 2\)", lambda: b.hysteresis(np.zeros((2, 2), bool), 1.0, 1, 0))
    raises(r"value: shape \(3,\)", lambda: b.hysteresis(np.zeros(2, bool), [1, 2, 3], 1, 0))


def test_paths_and_fields_refuse_bad_input():
    raises(r"points: shape \(0,\)", lambda: steer.Path([]))
    raises(r"points\[1, 0\] = nan", lambda: steer.Path([(0, 0), (np.nan, 0)]))
    raises("radius = -1", lambda: steer.Path([(0, 0)], radius=-1))
    path = steer.Path([(0, 0), (1, 0)])
    assert len(path) == 2 and "Path(2 points" in repr(path)
    with pytest.raises(ValueError):
        path.points[0, 0] = 5  # read-only: the C struct points at it
    raises("must be a steer.behaviours.Path", lambda: b.follow_path(GOOD, GOOD, [(0, 0), (1, 0)], 1))
    raises("a 2D Path for 3D agents", lambda: b.path_closest_point(path, np.zeros((2, 3), np.float32)))
    raises(r"index: values must be in \[0, 2\)", lambda: b.follow_waypoints(GOOD, GOOD, [(0, 0), (1, 0)], 2, 1))
    raises(r"points: shape \(0, 2\)", lambda: b.follow_waypoints(GOOD, GOOD, np.zeros((0, 2), np.float32), 0, 1))
    raises(r"vectors: shape \(4, 4\)", lambda: steer.FlowField(np.zeros((4, 4), np.float32), (0, 0), 1))
    raises(r"vectors: shape \(0, 4, 2\)", lambda: steer.FlowField(np.zeros((0, 4, 2), np.float32), (0, 0), 1))
    raises(r"vectors\[0, 1, 0\] = nan", lambda: steer.FlowField(np.array([[[0, 0], [np.nan, 0]]], np.float32), (0, 0), 1))
    raises("cell_size = 0", lambda: steer.FlowField(np.zeros((2, 2, 2), np.float32), (0, 0), 0))
    raises(r"origin: shape \(3,\)", lambda: steer.FlowField(np.zeros((2, 2, 2), np.float32), (0, 0, 0), 1))
    field = steer.FlowField(np.zeros((2, 2, 2), np.float32), (0, 0), 1)
    assert "FlowField" in repr(field)
    raises("must be a steer.behaviours.FlowField", lambda: b.follow_flow(GOOD, GOOD, path, 1))
    raises("a 2D FlowField for 3D agents", lambda: b.flow_field_sample(field, (0, 0, 0)))


def test_combiners_refuse_bad_input_and_keep_callback_errors():
    r = steer.Random()
    raises(r"probabilities\[1\] = 2", lambda: b.dither(np.zeros((2, 2), np.float32), None, [1, 2], 1, r))
    raises(r"probabilities: shape \(3,\)", lambda: b.dither(np.zeros((2, 2), np.float32), None, [1, 1, 1], 1, r))
    raises(r"weights: shape \(1,\)", lambda: b.dither(np.zeros((2, 2), np.float32), [1], [1, 1], 1, r))
    raises(r"forces: shape \(2, 4\)", lambda: b.dither(np.zeros((2, 4), np.float32), None, [1, 1], 1, r))
    raises("must be a steer.Random", lambda: b.dither(np.zeros((2, 2), np.float32), None, [1, 1], 1, 7))
    raises("dim = 4", lambda: b.dither(lambda i: (0, 0), None, [1], 1, r, dim=4))

    def broken(i):
        raise LookupError(f"force {i}")
    with pytest.raises(LookupError, match="force 0"):
        b.dither(broken, None, [1, 1], 1.0, r)
    raises(r"evaluate\(0\): shape \(3,\)", lambda: b.dither(lambda i: (1, 0, 0), None, [1], 1.0, r))
    raises(r"evaluate\(0\)\[0\] = nan", lambda: b.dither(lambda i: (np.nan, 0), None, [1], 1.0, r))
    raises("x = nan", lambda: steer.maths.sin(float("nan")))
    raises(r"x\[1\] = inf", lambda: steer.maths.cos(np.array([0, np.inf], np.float32)))
    raises("must have one shape", lambda: steer.maths.atan2(np.zeros(2, np.float32), np.zeros(3, np.float32)))
    raises("dtype float64", lambda: steer.maths.exp2(np.zeros(3)))
    raises("lo = nan", lambda: r.range(float("nan"), 1))


def test_vehicle_world_and_scheduler_refuse_bad_input():
    car = steer.Vehicle((0, 0))
    raises(r"centres\[0, 0\] = nan", lambda: car.avoid_obstacles([(np.nan, 0)], 1, 1))
    raises(r"walls: shape \(1, 3, 2\)", lambda: car.avoid_walls(np.zeros((1, 3, 2), np.float32)))
    raises("2D Vehicle", lambda: car.interpose(car, steer.Vehicle((0, 0, 0)), 1))
    raises("2D Vehicle", lambda: car.hide("hunter", [(0, 0)], 1))
    raises("offset: shape", lambda: car.offset_pursuit(car, (0, 0, 0), 1))
    raises("waypoint = -1", lambda: setattr(car, "waypoint", -1))
    w = steer.World(dim=2, capacity=4)
    g = w.add_group()
    ids = w.add_agents(g, np.zeros((2, 2), np.float32))
    raises("must be a uint32 array of shape", lambda: w.set_goals(ids.astype(np.int64), [{}, {}]))
    raises("kind = 'fly'", lambda: w.set_goals(ids, [{"kind": "fly"}, {}]))
    raises(r"points: shape \(2,\)", lambda: w.set_goals(ids[:1], [{"kind": "waypoints", "points": (1, 2)}]))
    w.close()
    for call in (lambda: w.add_flow_field(np.zeros((2, 2, 2), np.float32), (0, 0), 1.0), lambda: w.set_goals(ids, []),
                 lambda: w.get_goals(ids), w.last_profile, lambda: w.use_simd(True), lambda: w.up):
        raises("closed", call, steer.ClosedError)
    with pytest.raises(ValueError, match="workers = 0"):
        steer.ThreadScheduler(0)
