"""The vehicle: one agent that keeps its own state (steer/vehicle.h)."""
from typing import Optional, Sequence

import numpy as np

from . import _arrays
from ._errors import invalid
from ._steer import ffi, lib
from .behaviours import UP, FlowField, Path, _obstacles, _shape_of, _walls, _waypoint_order


class Vehicle:
    """One steered agent, 2D or 3D: position, velocity, heading, limits.

    Defaults are per-frame units (max_speed 3, max_force 0.12): step with
    dt = 1 once per frame. Setting a limit checks it against steer/vehicle.h's
    range (max_speed, max_force, radius >= 0; heading_smoothing in (0, 1];
    mass <= 0 counts as 1; every value finite) and raises InvalidArgument.
    Behaviour methods return a force; apply_force accumulates it and step
    integrates and clears it.

    >>> car = Vehicle((0, 0), seed=1)
    >>> car.apply_force(car.arrive((80, 60), slow_radius=40)); car.step(1.0)
    """

    def __init__(self, position: Sequence[float], seed: int = 1):
        p = _arrays.rows(position, "position")
        if p.ndim != 1:
            raise invalid(f"position: shape {p.shape}: must be (2,) or (3,)")
        self.dim = p.size
        self._t = f"steer_vehicle{self.dim}"
        self._v = ffi.new(f"{self._t} *", getattr(lib, f"{self._t}_make")(self._vec(p), _arrays.integer(seed, "seed", -2**63, 2**64, "must be in [-2**63, 2**64)") & (2**64 - 1)))

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

    def _limit(name, doc, rule=None, ok=None):
        def get(self):
            return getattr(self._v, name)

        def set_(self, value):
            setattr(self._v, name, _arrays.scalar(value, name, rule, ok))
        return property(get, set_, doc=f"{doc} ({rule})" if rule else doc)

    # the ranges of steer/vehicle.h: limits and a radius are magnitudes; mass <= 0 and max_turn_rate <= 0 are
    # documented there (mass 1, no turn limit); every value finite
    max_speed = _limit("max_speed", "length per time unit", "must be >= 0", lambda v: v >= 0)
    max_force = _limit("max_force", "length per time unit^2 per unit mass", "must be >= 0", lambda v: v >= 0)
    mass = _limit("mass", "<= 0 counts as 1")
    radius = _limit("radius", "body radius, length", "must be >= 0", lambda v: v >= 0)
    max_turn_rate = _limit("max_turn_rate", "radians per time unit; <= 0: unlimited")
    heading_smoothing = _limit("heading_smoothing", "k per step for smooth_heading", "must be in (0, 1]",
                               lambda v: 0 < v <= 1)
    wander_angle = _limit("wander_angle", "planar wander state, radians, world frame")
    del _limit

    smooth_heading = property(lambda self: self._np(self._v.smooth_heading), doc="heading low-passed for display")
    force = property(lambda self: self._np(self._v.force), doc="the force accumulated since the last step")

    def _wander_field(name, doc):
        def get(self):
            return getattr(self._v.wander, name)

        def set_(self, value):
            setattr(self._v.wander, name, _arrays.scalar(value, f"wander_{name}"))
        return property(get, set_, doc=doc)

    wander_radius = _wander_field("radius", "wander circle radius, length")
    wander_distance = _wander_field("distance", "wander circle centre ahead, length")
    wander_jitter = _wander_field("jitter", "max change of the wander angle, radians per time unit")
    del _wander_field

    @property
    def wander_sphere_state(self):
        """Spherical wander state (3D): (azimuth, elevation) radians."""
        return (self._v.wander_sphere.azimuth, self._v.wander_sphere.elevation)

    @property
    def waypoint(self) -> int:
        """follow_waypoints' state: the index of the current waypoint."""
        return self._v.waypoint

    @waypoint.setter
    def waypoint(self, value):
        self._v.waypoint = _arrays.integer(value, "waypoint", 0, 2**31, "must be in [0, 2**31)")

    @property
    def avoid_latch(self) -> int:
        """avoid_obstacles' hysteresis state: the obstacle being avoided, or -1."""
        return self._v.avoid_latch

    @property
    def up(self) -> str:
        """3D: the up axis, "z" (default) or "y"; 2D: "z"."""
        if self.dim == 2:
            return "z"
        return next(k for k, v in UP.items() if v == self._v.up)

    @up.setter
    def up(self, value):
        if self.dim == 2:
            raise invalid("up: only for a 3D vehicle")
        if value not in UP:
            raise invalid(f"up = {value!r}: must be one of {', '.join(UP)}")
        self._v.up = UP[value]

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

    def target_speed(self, target_speed: float) -> np.ndarray:
        """Speed up or slow down toward target_speed along the way it goes (its heading at rest): the acceleration
        capped at max_force / mass, returned as a force (any mass lands on the speed, never reversing); zero for a
        target_speed below 0."""
        return self._call("target_speed", _arrays.scalar(target_speed, "target_speed"))

    def match_velocity(self, target_velocity, time_to_target: float) -> np.ndarray:
        """Reach target_velocity in time_to_target (the acceleration capped at max_force / mass, returned as a
        force); zero for a time_to_target not above 0."""
        return self._call("match_velocity", self._vec(target_velocity, "target_velocity"),
                          _arrays.scalar(time_to_target, "time_to_target"))

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

    def wander_sphere(self, dt: float) -> np.ndarray:
        """3D only: spherical wander with the vehicle's params, state and generator (two draws)."""
        if self.dim != 3:
            raise invalid("wander_sphere: a 3D vehicle only")
        return self._call("wander_sphere", _arrays.scalar(dt, "dt"), ffi.NULL)

    def avoid_obstacles(self, centres, radii, see_ahead: float) -> np.ndarray:
        """Ray projection with the vehicle's radius, max_force and latch (avoid_latch); the release look-ahead is
        1.5 x see_ahead and the release margin the radius. Obstacles: centres (M, dim), radii one or (M,)."""
        obs, count, _keep = _obstacles(centres, radii, self.dim)
        return self._call("avoid_obstacles", obs, count, _arrays.scalar(see_ahead, "see_ahead"))

    def avoid_walls(self, walls, length: float = 2.0, whisker_angle: float = 0.6, whisker_length: float = 1.2) -> np.ndarray:
        """Three feelers against walls (W, 2, dim); 3D walls stand along the vehicle's up."""
        segs, count, _keep = _walls(walls, self.dim)
        feelers = ffi.new("steer_wall_feelers *", {
            "length": _arrays.scalar(length, "length"), "whisker_angle": _arrays.scalar(whisker_angle, "whisker_angle"),
            "whisker_length": _arrays.scalar(whisker_length, "whisker_length"), "up": UP[self.up]})
        return self._call("avoid_walls", segs, count, feelers)

    def follow_wall(self, walls, range: float = 3.0, desired_distance: float = 1.0, gain: float = 2.0) -> np.ndarray:
        """Run alongside the nearest wall of walls (W, 2, dim) within range, desired_distance from it."""
        segs, count, _keep = _walls(walls, self.dim)
        params = ffi.new("steer_wall_follow_params *", {
            "range": _arrays.scalar(range, "range"), "desired_distance": _arrays.scalar(desired_distance, "desired_distance"),
            "gain": _arrays.scalar(gain, "gain"), "up": UP[self.up]})
        return self._call("follow_wall", segs, count, params)

    def follow_path(self, path: Path, predict_distance: float = 1.0, ahead_distance: float = 1.0) -> np.ndarray:
        """Stay in a steer.behaviours.Path's corridor."""
        return self._call("follow_path", _shape_of(path, Path, "path", self.dim),
                          _arrays.scalar(predict_distance, "predict_distance"),
                          _arrays.scalar(ahead_distance, "ahead_distance"))

    def follow_waypoints(self, points, arrival_radius: float = 1.0, slow_radius: float = 0.0, loop: bool = False,
                         reverse: bool = False) -> np.ndarray:
        """Seek each of points (K, dim) in turn, advancing self.waypoint; arrive on the last. reverse=True: from
        the last to the first, arriving on the first; loop=True: after the last the first again, never arriving.
        With either, self.waypoint is the progress along that order (reversed, 0 is the last point)."""
        order = _waypoint_order(loop, reverse)
        pts = _arrays.finite(_arrays.floats(points, "points", f"(K, {self.dim})"), "points")
        if pts.ndim != 2 or pts.shape[1] != self.dim or len(pts) == 0:
            raise invalid(f"points: shape {pts.shape}: must be (K, {self.dim}) with K >= 1")
        if not 0 <= self._v.waypoint < len(pts):
            raise invalid(f"waypoint = {self._v.waypoint}: not an index of the {len(pts)} points (set vehicle.waypoint)")
        args = (ffi.cast(f"const steer_v{self.dim} *", _arrays.pointer(pts)), len(pts),
                _arrays.scalar(arrival_radius, "arrival_radius"), _arrays.scalar(slow_radius, "slow_radius"))
        if order:
            return self._call("follow_waypoints_ordered", *args, order)
        return self._call("follow_waypoints", *args)

    def follow_flow(self, field: FlowField, predict_time: float = 0.0) -> np.ndarray:
        """Go with a steer.behaviours.FlowField."""
        return self._call("follow_flow", _shape_of(field, FlowField, "field", self.dim),
                          _arrays.scalar(predict_time, "predict_time"))

    def interpose(self, a: "Vehicle", b: "Vehicle", slow_radius: float) -> np.ndarray:
        """Get between vehicles a and b."""
        return self._call("interpose", self._other(a, "a"), self._other(b, "b"), _arrays.scalar(slow_radius, "slow_radius"))

    def hide(self, hunter: "Vehicle", centres, radii, distance_from_boundary: float = 1.0,
             slow_radius: float = 1.0) -> np.ndarray:
        """Hide from hunter behind the nearest obstacle (centres (M, dim), radii one or (M,))."""
        obs, count, _keep = _obstacles(centres, radii, self.dim)
        return self._call("hide", self._other(hunter, "hunter"), obs, count,
                          _arrays.scalar(distance_from_boundary, "distance_from_boundary"),
                          _arrays.scalar(slow_radius, "slow_radius"))

    def offset_pursuit(self, leader: "Vehicle", offset, slow_radius: float) -> np.ndarray:
        """Keep station at offset in the leader's heading frame (x ahead, y left, z up)."""
        return self._call("offset_pursuit", self._other(leader, "leader"), self._vec(offset, "offset"),
                          _arrays.scalar(slow_radius, "slow_radius"))

    def __repr__(self):
        return f"Vehicle(position={self.position.tolist()}, velocity={self.velocity.tolist()})"
