"""The vehicle: one agent that keeps its own state (steer/vehicle.h)."""
from typing import Optional, Sequence

import numpy as np

from . import _arrays
from ._errors import invalid
from ._steer import ffi, lib


class Vehicle:
    """One steered agent, 2D or 3D: position, velocity, heading, limits.

    Defaults are per-frame units (max_speed 3, max_force 0.12): step with
    dt = 1 once per frame. Behaviour methods return a force; apply_force
    accumulates it and step integrates and clears it.

    >>> car = Vehicle((0, 0), seed=1)
    >>> car.apply_force(car.arrive((80, 60), slow_radius=40)); car.step(1.0)
    """

    def __init__(self, position: Sequence[float], seed: int = 1):
        p = _arrays.rows(position, "position")
        if p.ndim != 1:
            raise invalid(f"position: shape {p.shape}: must be (2,) or (3,)")
        self.dim = p.size
        self._t = f"steer_vehicle{self.dim}"
        self._v = ffi.new(f"{self._t} *", getattr(lib, f"{self._t}_make")(self._vec(p), int(seed) & (2**64 - 1)))

    def _vec(self, value, name="value"):
        a = _arrays.rows(value, name, self.dim)
        if a.ndim != 1:
            raise invalid(f"{name}: shape {a.shape}: must be ({self.dim},)")
        return ffi.new(f"steer_v{self.dim} *", list(map(float, a)))[0]

    def _np(self, v):
        return np.array([v.x, v.y] if self.dim == 2 else [v.x, v.y, v.z], dtype=np.float32)

    def _call(self, name, *args):
        return self._np(getattr(lib, f"{self._t}_{name}")(self._v, *args))

    def _other(self, other, name):
        if not isinstance(other, Vehicle) or other.dim != self.dim:
            raise invalid(f"{name}: must be a {self.dim}D Vehicle, got {other!r}")
        return other._v

    # state
    position = property(lambda self: self._np(self._v.position), doc="position (length)")
    velocity = property(lambda self: self._np(self._v.velocity), doc="velocity (length per time unit)")
    heading = property(lambda self: self._np(self._v.heading), doc="unit direction of travel")

    @position.setter
    def position(self, value):
        self._v.position = self._vec(value, "position")

    @velocity.setter
    def velocity(self, value):
        self._v.velocity = self._vec(value, "velocity")

    def _limit(name, doc):
        def get(self):
            return getattr(self._v, name)

        def set_(self, value):
            setattr(self._v, name, _arrays.scalar(value, name))
        return property(get, set_, doc=doc)

    max_speed = _limit("max_speed", "length per time unit")
    max_force = _limit("max_force", "length per time unit^2 per unit mass")
    mass = _limit("mass", "<= 0 counts as 1")
    radius = _limit("radius", "body radius, length")
    max_turn_rate = _limit("max_turn_rate", "radians per time unit; <= 0: unlimited")
    del _limit

    # integration
    def apply_force(self, force) -> None:
        """Accumulate a force (cleared by step)."""
        getattr(lib, f"{self._t}_apply_force")(self._v, self._vec(force, "force"))

    def step(self, dt: float) -> None:
        """Integrate over dt: truncate the force, then velocity, then move."""
        getattr(lib, f"{self._t}_step")(self._v, _arrays.scalar(dt, "dt"))

    # behaviours, with the vehicle's own limits and state
    def seek(self, target) -> np.ndarray:
        return self._call("seek", self._vec(target, "target"))

    def flee(self, threat, panic_distance: float = 0.0) -> np.ndarray:
        return self._call("flee", self._vec(threat, "threat"), _arrays.scalar(panic_distance, "panic_distance"))

    def arrive(self, target, slow_radius: float) -> np.ndarray:
        return self._call("arrive", self._vec(target, "target"), _arrays.scalar(slow_radius, "slow_radius"))

    def arrive_braking(self, target, slow_radius: float, tolerance: float, dt: float) -> np.ndarray:
        """Arrive that never passes the target when integrated over dt."""
        return self._call("arrive_braking", self._vec(target, "target"), _arrays.scalar(slow_radius, "slow_radius"),
                          _arrays.scalar(tolerance, "tolerance"), _arrays.scalar(dt, "dt"))

    def pursue(self, target: "Vehicle", max_prediction: float = 0.0) -> np.ndarray:
        return self._call("pursue", self._other(target, "target"), _arrays.scalar(max_prediction, "max_prediction"))

    def evade(self, threat: "Vehicle", max_prediction: float = 0.0, panic_distance: float = 0.0) -> np.ndarray:
        return self._call("evade", self._other(threat, "threat"), _arrays.scalar(max_prediction, "max_prediction"),
                          _arrays.scalar(panic_distance, "panic_distance"))

    def wander(self, dt: float) -> np.ndarray:
        """Planar wander with the vehicle's params, angle and generator (one draw)."""
        return self._call("wander", _arrays.scalar(dt, "dt"), ffi.NULL)

    def contain(self, box_min, box_max, margin: float) -> np.ndarray:
        box = ffi.new(f"steer_box{self.dim} *", [self._vec(box_min, "box_min"), self._vec(box_max, "box_max")])[0]
        return self._call("contain", box, _arrays.scalar(margin, "margin"))

    def __repr__(self):
        return f"Vehicle(position={self.position.tolist()}, velocity={self.velocity.tolist()})"
