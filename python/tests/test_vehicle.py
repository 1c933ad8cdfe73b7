"""The vehicle class: the C vehicle's arrive, its limits and its behaviours."""
import numpy as np
import pytest

import steer


def test_hello_vehicle_arrives_like_the_c_example():
    car = steer.Vehicle((0, 0), seed=1)
    for _ in range(121):
        car.apply_force(car.arrive((80, 60), 40))
        car.step(1.0)
    assert np.allclose(car.position, (80, 60), atol=0.05) and np.linalg.norm(car.velocity) < 0.01


def test_behaviours_and_limits_2d_and_3d():
    for dim in (2, 3):
        a = steer.Vehicle((0,) * dim, seed=2)
        t = steer.Vehicle((5,) + (0,) * (dim - 1), seed=3)
        t.velocity = (0, 1) + (0,) * (dim - 2)
        a.max_speed, a.max_force = 4, 1
        assert a.max_speed == 4 and a.max_force == 1 and a.mass == 1 and a.radius > 0 and a.max_turn_rate <= 0
        assert a.seek(t.position)[0] == 4
        assert a.flee(t.position)[0] == -4
        assert a.arrive_braking(t.position, 2, 0.05, 1 / 60)[0] > 0
        assert a.pursue(t)[1] > 0 and a.evade(t)[1] < 0
        assert np.linalg.norm(a.wander(1.0)) > 0
        lo, hi = (1,) * dim, (10,) * dim
        assert (a.contain(lo, hi, 1.0) > 0).all()
        a.apply_force(a.seek(t.position))
        a.step(1.0)
        assert a.position[0] > 0 and a.heading[0] == 1
        assert "Vehicle(" in repr(a)


def test_bad_vehicle_input():
    with pytest.raises(steer.InvalidArgument, match="position: shape"):
        steer.Vehicle((0, 0, 0, 0))
    car = steer.Vehicle((0, 0))
    with pytest.raises(steer.InvalidArgument, match="must be finite"):
        car.apply_force((float("nan"), 0))
    with pytest.raises(steer.InvalidArgument, match="2D Vehicle"):
        car.pursue(steer.Vehicle((0, 0, 0)))
    with pytest.raises(steer.InvalidArgument, match="max_speed"):
        car.max_speed = float("nan")


@pytest.mark.parametrize("dim", [2, 3])
@pytest.mark.parametrize("name,value,rule,end", [
    ("max_speed", -1, "must be >= 0", 0), ("max_force", -0.5, "must be >= 0", 0), ("radius", -1, "must be >= 0", 0),
    ("heading_smoothing", 0, "must be in (0, 1]", 1), ("heading_smoothing", 1.5, "must be in (0, 1]", 1),
])
def test_vehicle_limits_out_of_their_range_are_refused(dim, name, value, rule, end):
    """steer/vehicle.h's ranges: a speed, force or radius is a magnitude; heading_smoothing is in (0, 1]. The
    refusal names the field, the value and the rule, and leaves the vehicle as it was; the range's end is taken,
    and so are what the header documents for mass and max_turn_rate (<= 0: mass 1, no turn limit)."""
    car = steer.Vehicle((0,) * dim)
    before = getattr(car, name)
    with pytest.raises(steer.InvalidArgument) as e:
        setattr(car, name, value)
    for word in (name, rule, str(float(value))):
        assert word in str(e.value), (word, str(e.value))
    assert getattr(car, name) == before
    setattr(car, name, end)
    car.mass, car.max_turn_rate = 0, -1
    car.apply_force((1,) + (0,) * (dim - 1))
    car.step(1.0)
    assert getattr(car, name) == end and np.isfinite(car.position).all()


@pytest.mark.parametrize("dim", [2, 3])
def test_vehicle_shapes_tactics_and_state(dim):
    z = (0,) * (dim - 2)
    car = steer.Vehicle((0, 0) + z, seed=4)
    car.max_speed, car.max_force = 2, 1
    car.velocity = (1, 0) + z
    assert car.arrive((10, 0) + z, 5)[0] > 0
    f = car.avoid_obstacles([(4, 0.3) + z], 1.0, 6.0)  # just left of the heading: pushed right
    assert f[1] < 0 and car.avoid_latch == 0
    assert car.avoid_obstacles(np.zeros((0, dim), np.float32), 1.0, 6.0).tolist() == [0] * dim and car.avoid_latch == -1
    wall = [[(1.5, -5) + z, (1.5, 5) + z]]
    assert car.avoid_walls(wall)[0] < 0                           # a wall ahead: pushed back
    assert np.linalg.norm(car.follow_wall([[(-5, 2) + z, (5, 2) + z]], range=3, desired_distance=1)) > 0
    path = steer.Path([(0, 5) + z, (20, 5) + z], radius=1.0)
    assert car.follow_path(path, 1.0, 2.0)[1] > 0                 # back toward the corridor
    points = np.array([(0.5, 0) + z, (10, 0) + z], np.float32)
    car.follow_waypoints(points, arrival_radius=1.0)
    assert car.waypoint == 1                                       # the first is within reach: the next one
    car.waypoint = 0
    shape = (2, 2, 2) if dim == 2 else (2, 2, 2, 3)
    up = np.zeros(shape, np.float32)
    up[..., 1] = 1
    field = steer.FlowField(up, (0,) * dim, 1.0)
    assert car.follow_flow(field)[1] > 0
    a, b_ = steer.Vehicle((10, 10) + z), steer.Vehicle((10, -10) + z)
    assert car.interpose(a, b_, 1.0)[0] > 0
    hunter = steer.Vehicle((-5, 0) + z)
    f = car.hide(hunter, [(3, 0) + z], 1.0, 1.0, 1.0)
    assert f[0] > 0                                                # behind the obstacle, away from the hunter
    leader = steer.Vehicle((5, 0) + z)
    assert car.offset_pursuit(leader, (-2, 0) + z, 1.0)[0] > 0
    car.heading_smoothing, car.wander_angle = 0.5, 0.25
    car.wander_radius, car.wander_distance, car.wander_jitter = 1.5, 2.5, 2.0
    assert (car.heading_smoothing, car.wander_angle, car.wander_radius, car.wander_distance, car.wander_jitter) == \
        (0.5, 0.25, 1.5, 2.5, 2.0)
    car.apply_force((1, 0) + z)
    assert car.force[0] == 1 and car.smooth_heading[0] == 1
    with pytest.raises(steer.InvalidArgument, match="a 2D Path" if dim == 3 else "a 3D Path"):
        car.follow_path(steer.Path([(0,) * (5 - dim), (1,) * (5 - dim)]))
    car.waypoint = 5
    with pytest.raises(steer.InvalidArgument, match="waypoint = 5"):
        car.follow_waypoints(points)


def test_vehicle_wander_sphere_and_up_axis():
    v = steer.Vehicle((0, 0, 0), seed=9)
    v.velocity = (1, 0, 0)
    before = v.wander_sphere_state
    assert np.linalg.norm(v.wander_sphere(0.1)) > 0 and v.wander_sphere_state != before
    assert v.up == "z"
    v.up = "y"
    assert v.up == "y"
    with pytest.raises(steer.InvalidArgument, match="up = 'x'"):
        v.up = "x"
    flat = steer.Vehicle((0, 0))
    with pytest.raises(steer.InvalidArgument, match="3D vehicle only"):
        flat.wander_sphere(0.1)
    with pytest.raises(steer.InvalidArgument, match="only for a 3D"):
        flat.up = "y"


@pytest.mark.parametrize("dim", [2, 3])
def test_target_speed_and_match_velocity(dim):
    """target_speed sets off along the heading and holds the line; match_velocity reaches the velocity whatever
    the mass; max_force 0 or a negative speed give zero (steer/behaviours.h's refusals)."""
    z = (0,) * (dim - 2)
    car = steer.Vehicle((0, 0) + z, seed=1)
    car.velocity = (0, 0.001) + z
    car.step(1.0)
    car.velocity = (0, 0) + z  # at rest, facing +Y
    assert car.heading[1] == 1
    for _ in range(40):
        car.apply_force(car.target_speed(2.0))
        car.step(1.0)
    assert np.allclose(car.velocity, (0, 2) + z, atol=1e-5) and car.position[0] == 0 and car.position[1] > 30
    assert car.target_speed(-1.0).tolist() == [0] * dim
    car.max_force = 0
    assert car.target_speed(3.0).tolist() == [0] * dim
    heavy = steer.Vehicle((0, 0) + z, seed=2)
    heavy.mass, heavy.max_force, heavy.max_speed = 3.0, 6.0, 10.0
    goal = (-1, 2) + z
    for _ in range(120):
        heavy.apply_force(heavy.match_velocity(goal, 0.5))
        heavy.step(0.05)
    assert np.allclose(heavy.velocity, goal, atol=1e-4)
    assert heavy.match_velocity((5,) * dim, 0.0).tolist() == [0] * dim


@pytest.mark.parametrize("dim", [2, 3])
def test_looping_and_reversed_waypoints(dim):
    """loop=True goes round the points lap after lap and never stops; reverse=True takes them backwards and comes
    to rest on the first."""
    z = (0,) * (dim - 2)
    square = np.array([(0, 0) + z, (10, 0) + z, (10, 10) + z, (0, 10) + z], np.float32)
    car = steer.Vehicle((-1, -1) + z, seed=3)
    car.max_speed, car.max_force = 2.0, 4.0
    reached, slowest = [], np.inf
    for i in range(2000):
        before = car.waypoint
        car.apply_force(car.follow_waypoints(square, 0.5, 3.0, loop=True))
        car.step(0.05)
        if car.waypoint != before:
            reached.append(before)
        if i > 40:
            slowest = min(slowest, float(np.linalg.norm(car.velocity)))
    assert len(reached) >= 12 and reached == [k % 4 for k in range(len(reached))] and slowest > 0.5
    back = steer.Vehicle((12, 12) + z, seed=4)
    back.max_speed, back.max_force = 2.0, 4.0
    for _ in range(3000):
        back.apply_force(back.follow_waypoints(square, 0.5, 8.0, reverse=True))
        back.step(0.05)
    assert back.waypoint == 3 and np.linalg.norm(back.position - square[0]) < 0.01
    assert np.linalg.norm(back.velocity) < 0.05
    # loop, reverse and braking are flags as the package's others are (Path's closed): a numpy bool is one (it
    # was refused as "loop = True, reverse = False: must be True or False"), a string never (braking="False" was
    # taken as braking); a refusal names the one field that is wrong.
    one, other = steer.Vehicle((0.5, 0.5) + z, seed=3), steer.Vehicle((0.5, 0.5) + z, seed=3)
    assert one.follow_waypoints(square, 2.0, 3.0, loop=np.bool_(True), reverse=np.False_).tolist() == \
        other.follow_waypoints(square, 2.0, 3.0, loop=True).tolist()
    assert one.waypoint == other.waypoint == 1
    with pytest.raises(steer.InvalidArgument, match=r"^loop = 2: must be True or False"):
        back.follow_waypoints(square, loop=2)
    with pytest.raises(steer.InvalidArgument, match=r"^reverse = 'yes': must be True or False"):
        back.follow_waypoints(square, reverse="yes")
    with pytest.raises(steer.InvalidArgument, match=r"^braking = 'False': must be True or False"):
        steer.behaviours.follow_waypoints((0, 0) + z, (0, 0) + z, square, 0, 2.0, braking="False")
    f, _ = steer.behaviours.follow_waypoints((0, 0) + z, (0, 0) + z, square, 0, 2.0, loop=np.True_)
    assert f.tolist() == steer.behaviours.follow_waypoints((0, 0) + z, (0, 0) + z, square, 0, 2.0, loop=True)[0].tolist()
    with pytest.raises(steer.InvalidArgument, match="braking: only in the forward order"):
        steer.behaviours.follow_waypoints((0, 0) + z, (0, 0) + z, square, 0, 2.0, braking=True, reverse=True)
