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
