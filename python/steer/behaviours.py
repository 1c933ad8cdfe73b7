"""The pure behaviours and combiners, for one agent or N at a time.

Each vectorised function takes rows: (dim,) for one agent (or one value
shared by all), (N, dim) for N agents, dim 2 or 3, float32, and returns
the force as (N, dim), or (dim,) when every argument is one row. The loop
over agents runs in C (steer/_vector.c) and calls the library's pure
function per agent, so the results are its bits exactly. Forces are not
clamped (truncate where you combine or apply them: steer/behaviours.h).

Shapes shared by all agents: obstacles as centres (M, dim) and radii (one
or (M,)), walls (W, 2, dim), a Path, a FlowField. Per-agent state (an
avoidance latch, a waypoint index, a wander angle or sphere state) is one
value or (N,), copied and returned updated. Neighbour behaviours and
combiners take one agent's (K, dim) or N agents' (N, K, dim). wander,
wander_sphere and dither draw from one Random in agent order.
"""
from typing import Any, Optional, Sequence, Tuple

import numpy as np

from . import _arrays, _steer
from ._errors import invalid
from ._steer import ffi, lib

Rows = "np.ndarray | Sequence[float]"


def _gather(**named):
    """Checks rows that go together: one dim, one N. Returns (dim, n, single, [(pointer, stride)])."""
    arrays = {name: _arrays.rows(value, name) for name, value in named.items()}
    dims = {a.shape[-1] for a in arrays.values()}
    if len(dims) != 1:
        raise invalid("mixed dimensions: " + ", ".join(f"{k} {a.shape}" for k, a in arrays.items()))
    dim = dims.pop()
    counts = {a.shape[0] for a in arrays.values() if a.ndim == 2}
    if len(counts) > 1:
        raise invalid("different agent counts: " + ", ".join(f"{k} {a.shape}" for k, a in arrays.items()))
    single = not counts
    n = counts.pop() if counts else 1
    if n >= 2**31:
        raise invalid(f"{n} agents: at most 2**31 - 1 per call")
    args = [(_arrays.pointer(a), dim if a.ndim == 2 else 0) for a in arrays.values()]
    return dim, n, single, args, arrays


def _out(dim, n, single):
    out = np.empty((n, dim), dtype=np.float32)
    return out, (lambda: out[0] if single else out)


def _flat(args):
    return [x for pair in args for x in pair]


def seek(pos: Rows, vel: Rows, target: Rows, max_speed: float) -> np.ndarray:
    """Full speed straight at target: normalize(target - pos) * max_speed - vel."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, target=target)
    out, result = _out(dim, n, single)
    lib.py_seek(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"), _arrays.pointer(out))
    return result()


def flee(pos: Rows, vel: Rows, threat: Rows, max_speed: float, panic_distance: float = 0.0) -> np.ndarray:
    """Full speed away from threat; zero beyond panic_distance when it is > 0."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, threat=threat)
    out, result = _out(dim, n, single)
    lib.py_flee(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                _arrays.scalar(panic_distance, "panic_distance"), _arrays.pointer(out))
    return result()


def arrive(pos: Rows, vel: Rows, target: Rows, max_speed: float, slow_radius: float) -> np.ndarray:
    """Seek that slows down linearly inside slow_radius and stops on target."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, target=target)
    out, result = _out(dim, n, single)
    lib.py_arrive(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                  _arrays.scalar(slow_radius, "slow_radius"), _arrays.pointer(out))
    return result()


def arrive_braking(pos: Rows, vel: Rows, target: Rows, max_speed: float, slow_radius: float = 0.0,
                   max_accel: float = 0.0, dt: float = 0.0, tolerance: float = 0.0) -> np.ndarray:
    """Arrive that never overshoots: the desired speed is also capped by what max_accel can stop (an acceleration)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, target=target)
    arrival = ffi.new("steer_arrival *", {"slow_radius": _arrays.scalar(slow_radius, "slow_radius"),
                                          "max_accel": _arrays.scalar(max_accel, "max_accel"),
                                          "dt": _arrays.scalar(dt, "dt"),
                                          "tolerance": _arrays.scalar(tolerance, "tolerance")})
    out, result = _out(dim, n, single)
    lib.py_arrive_braking(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"), arrival, _arrays.pointer(out))
    return result()


def target_speed(vel: Rows, heading: Rows, target_speed: float, max_force: float) -> np.ndarray:
    """Speed up or slow down toward target_speed along vel's direction (heading's when vel is zero, +X with
    neither): forward * clamp(target_speed - |vel|, -max_force, max_force). Zero for a target_speed below 0 or a
    max_force not above 0."""
    dim, n, single, args, _ = _gather(vel=vel, heading=heading)
    out, result = _out(dim, n, single)
    lib.py_target_speed(dim, n, *_flat(args), _arrays.scalar(target_speed, "target_speed"),
                        _arrays.scalar(max_force, "max_force"), _arrays.pointer(out))
    return result()


def match_velocity(vel: Rows, target_vel: Rows, time_to_target: float, max_force: float) -> np.ndarray:
    """(target_vel - vel) / time_to_target truncated to max_force: reach target_vel in time_to_target. Zero for a
    time_to_target or max_force not above 0."""
    dim, n, single, args, _ = _gather(vel=vel, target_vel=target_vel)
    out, result = _out(dim, n, single)
    lib.py_match_velocity(dim, n, *_flat(args), _arrays.scalar(time_to_target, "time_to_target"),
                          _arrays.scalar(max_force, "max_force"), _arrays.pointer(out))
    return result()


def pursue(pos: Rows, vel: Rows, target_pos: Rows, target_vel: Rows, max_speed: float,
           max_prediction: float = 0.0) -> np.ndarray:
    """Seek where a moving target will be after T = dist / max_speed (capped at max_prediction when > 0)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, target_pos=target_pos, target_vel=target_vel)
    out, result = _out(dim, n, single)
    lib.py_pursue(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                  _arrays.scalar(max_prediction, "max_prediction"), _arrays.pointer(out))
    return result()


def evade(pos: Rows, vel: Rows, threat_pos: Rows, threat_vel: Rows, max_speed: float, max_prediction: float = 0.0,
          panic_distance: float = 0.0) -> np.ndarray:
    """Flee where a moving threat will be after T = dist / (max_speed + its speed), the closing time (capped alike)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, threat_pos=threat_pos, threat_vel=threat_vel)
    out, result = _out(dim, n, single)
    lib.py_evade(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                 _arrays.scalar(max_prediction, "max_prediction"), _arrays.scalar(panic_distance, "panic_distance"),
                 _arrays.pointer(out))
    return result()


def predict(pos: Rows, target_pos: Rows, target_vel: Rows, max_speed: float, max_prediction: float = 0.0) -> np.ndarray:
    """Where a moving target will be after T = dist / max_speed: a point, not a force."""
    dim, n, single, args, _ = _gather(pos=pos, target_pos=target_pos, target_vel=target_vel)
    out, result = _out(dim, n, single)
    lib.py_predict(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                   _arrays.scalar(max_prediction, "max_prediction"), _arrays.pointer(out))
    return result()


def contain(pos: Rows, vel: Rows, box_min: Rows, box_max: Rows, margin: float, max_speed: float) -> np.ndarray:
    """Stay inside the box [box_min, box_max] (one box for all agents)."""
    dim, n, single, args, arrays = _gather(pos=pos, vel=vel, box_min=box_min, box_max=box_max)
    if arrays["box_min"].ndim != 1 or arrays["box_max"].ndim != 1:
        raise invalid("box_min, box_max: one box for all agents: shape (dim,)")
    out, result = _out(dim, n, single)
    lib.py_contain(dim, n, *_flat(args[:2]), args[2][0], args[3][0], _arrays.scalar(margin, "margin"),
                   _arrays.scalar(max_speed, "max_speed"), _arrays.pointer(out))
    return result()


def smooth_dt(smoothed: Rows, raw: Rows, half_life: float, dt: float) -> np.ndarray:
    """s = lerp(s, raw, k) with k = 1 - 2^(-dt / half_life): forces low-passed for variable steps."""
    dim, n, single, args, _ = _gather(smoothed=smoothed, raw=raw)
    out, result = _out(dim, n, single)
    lib.py_smooth_dt(dim, n, *_flat(args), _arrays.scalar(half_life, "half_life"), _arrays.scalar(dt, "dt"),
                     _arrays.pointer(out))
    return result()


# ---- one agent and its neighbours --------------------------------------------

def _one(value, name, dim=None):
    a = _arrays.rows(value, name, dim)
    if a.ndim != 1:
        raise invalid(f"{name}: shape {a.shape}: one agent: must be (2,) or (3,)")
    return a


def _neighbours(value, name, dim):
    a = _arrays.finite(_arrays.floats(value, name, f"(K, {dim})"), name)
    if a.size == 0:
        a = np.zeros((0, dim), dtype=np.float32)
    if a.ndim != 2 or a.shape[1] != dim:
        raise invalid(f"{name}: shape {a.shape}: must be (K, {dim}) for K neighbours")
    return ffi.cast(f"const steer_v{dim} *", _arrays.pointer(a)) if len(a) else ffi.NULL, len(a), a


def _v(dim, a):
    return ffi.new(f"steer_v{dim} *", list(map(float, a)))[0]


def _np(v, dim):
    return np.array([v.x, v.y] if dim == 2 else [v.x, v.y, v.z], dtype=np.float32)


def _flock_batch(kind, pos, vel, neighbours, name, counts, radius=0.0, max_speed=0.0):
    """N agents, each with its own neighbours: neighbours (N, K, dim), the first counts[i] rows of agent i's
    (counts None: all K). The loop in C; each agent's result is the one-agent function's bits."""
    dim, n, _single, args, _ = _gather(pos=pos, vel=vel)
    nb = _arrays.finite(_arrays.floats(neighbours, name, f"({n}, K, {dim})"), name)
    if nb.ndim != 3 or nb.shape[0] != n or nb.shape[2] != dim:
        raise invalid(f"{name}: shape {nb.shape}: must be ({n}, K, {dim}): each agent's K neighbours")
    k = nb.shape[1]
    c = np.full(n, k, np.int32) if counts is None else np.array(counts)
    if c.shape != (n,) or c.dtype.kind not in "iu" or ((c < 0) | (c > k)).any():
        raise invalid(f"counts: {c.dtype} {c.shape}: must be ({n},) integers in [0, {k}]")
    c = c.astype(np.int32)
    out = np.empty((n, dim), np.float32)
    lib.py_flocking(kind, dim, n, *_flat(args), _arrays.pointer(nb) if nb.size else ffi.new("float[1]"), k,
                    ffi.cast("const int *", ffi.from_buffer(c)), _arrays.scalar(radius, "radius"),
                    _arrays.scalar(max_speed, "max_speed"), _arrays.pointer(out))
    return out


def _many(value):
    return np.ndim(value) == 2


def separation(pos: Rows, neighbour_pos: Rows, radius: float, counts=None) -> np.ndarray:
    """The raw push away from the neighbours closer than radius (average of normalize(pos - q) / d).
    One agent: pos (dim,), neighbour_pos (K, dim). N agents: pos (N, dim), neighbour_pos (N, K, dim), the first
    counts[i] of agent i's (counts None: all K); the same for the other neighbour behaviours."""
    if _many(pos):
        return _flock_batch(0, pos, np.zeros_like(_arrays.rows(pos, "pos")), neighbour_pos, "neighbour_pos", counts,
                            radius)
    p = _one(pos, "pos")
    dim = p.size
    ptr, count, _keep = _neighbours(neighbour_pos, "neighbour_pos", dim)
    f = getattr(lib, f"steer_separation{dim}")(_v(dim, p), ptr, count, _arrays.scalar(radius, "radius"))
    return _np(f, dim)


def alignment(vel: Rows, neighbour_vel: Rows, counts=None) -> np.ndarray:
    """The neighbours' average velocity minus vel (zero with no neighbours)."""
    if _many(vel):
        return _flock_batch(2, np.zeros_like(_arrays.rows(vel, "vel")), vel, neighbour_vel, "neighbour_vel", counts)
    v = _one(vel, "vel")
    dim = v.size
    ptr, count, _keep = _neighbours(neighbour_vel, "neighbour_vel", dim)
    return _np(getattr(lib, f"steer_alignment{dim}")(_v(dim, v), ptr, count), dim)


def cohesion(pos: Rows, vel: Rows, neighbour_pos: Rows, max_speed: float, counts=None) -> np.ndarray:
    """Seek the centre of the neighbours."""
    if _many(pos):
        return _flock_batch(4, pos, vel, neighbour_pos, "neighbour_pos", counts, max_speed=max_speed)
    p, v = _one(pos, "pos"), _one(vel, "vel")
    dim = p.size
    ptr, count, _keep = _neighbours(neighbour_pos, "neighbour_pos", dim)
    f = getattr(lib, f"steer_cohesion{dim}")(_v(dim, p), _v(dim, v), ptr, count, _arrays.scalar(max_speed, "max_speed"))
    return _np(f, dim)


_RNG_FLOAT = ffi.addressof(_steer.lib, "steer_rng_float")  # the generator's draw, as a C function pointer


class Random:
    """A seeded PCG32 generator (steer_rng) for the behaviours that draw (wander)."""

    def __init__(self, seed: int = 1):
        self._rng = ffi.new("steer_rng *", lib.steer_rng_make(
            _arrays.integer(seed, "seed", -2**63, 2**64, "must be in [-2**63, 2**64)") & (2**64 - 1)))

    def float(self) -> float:
        """Uniform in [0, 1)."""
        return lib.steer_rng_float(self._rng)

    def u32(self) -> int:
        """The next 32 random bits."""
        return lib.steer_rng_u32(self._rng)

    def range(self, lo: float, hi: float) -> float:
        """Uniform in [lo, hi)."""
        return lib.steer_rng_range(self._rng, _arrays.scalar(lo, "lo"), _arrays.scalar(hi, "hi"))


def wander(pos: Rows, vel: Rows, angle, max_speed: float, dt: float, rng: "Random", radius: float = 1.0,
           distance: float = 2.0, jitter: float = 4.0, up: str = "z") -> Tuple[np.ndarray, Any, np.ndarray]:
    """Seek a point on a circle ahead whose angle jitters: exactly one draw from rng per agent, agents in order
    (so N agents at once give the bits of N one-agent calls in that order). angle: radians on the ground plane,
    one or (N,). Returns (force, the new angle, target); for N agents ((N, dim), (N,) float32, (N, dim))."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    if not isinstance(rng, Random):
        raise invalid(f"rng: {rng!r}: must be a steer.Random")
    angles = _per_agent(angle, "angle", n, np.float32, "f")
    out, result = _out(dim, n, single)
    targets = np.empty((n, dim), np.float32)
    lib.py_wander(dim, n, *_flat(args), _arrays.pointer(angles), _wander_params(radius, distance, jitter, up),
                  _arrays.scalar(max_speed, "max_speed"), _arrays.scalar(dt, "dt"), rng._rng, _arrays.pointer(out),
                  _arrays.pointer(targets))
    return result(), _state_out(angles, single), (targets[0] if single else targets)


# ---- predictive avoidance: other agents as moving discs ------------------------------
# Defaults are a world group's (steer_default_group_def): horizon 10, keep_right 0.25, k 1.5, tau0 3.

UP = {"z": lib.STEER_UP_Z, "y": lib.STEER_UP_Y}


def _one_or_each(value, name, n, each):
    """A number shared by all, as (1,) with stride 0, or one per item, (n,) with stride 1."""
    if np.ndim(value) == 0:
        return np.array([_arrays.scalar(value, name)], np.float32), 0
    a = _arrays.finite(_arrays.floats(value, name, f"a number or ({n},)"), name)
    if a.shape != (n,):
        raise invalid(f"{name}: shape {a.shape}: must be a number or ({n},), one per {each}")
    return a, 1


def time_to_collision(pos: Rows, vel: Rows, other_pos: Rows, other_vel: Rows, radius) -> np.ndarray:
    """When each pair of discs (spheres in 3D), radius their radii's sum (one or (N,)), moving at constant
    velocities first touch: 0 when touching already, -1 when never. (N,) float32, or a float for one pair."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, other_pos=other_pos, other_vel=other_vel)
    r, rs = _one_or_each(radius, "radius", n, "pair")
    out = np.empty(n, dtype=np.float32)
    lib.py_time_to_collision(dim, n, *_flat(args), _arrays.pointer(r), rs, _arrays.pointer(out))
    return float(out[0]) if single else out


def _table(dim, neighbour_pos, neighbour_vel, neighbour_radius):
    """The neighbours as steer_neighbour{dim} records (pos, vel, radius: 2 dim + 1 floats each), packed in numpy."""
    p = _arrays.finite(_arrays.floats(neighbour_pos, "neighbour_pos", f"(K, {dim})"), "neighbour_pos")
    p = p.reshape(0, dim) if p.size == 0 else p
    if p.ndim != 2 or p.shape[1] != dim:
        raise invalid(f"neighbour_pos: shape {p.shape}: must be (K, {dim}) for K neighbours")
    k = len(p)
    v = _arrays.finite(_arrays.floats(neighbour_vel, "neighbour_vel", f"(K, {dim})"), "neighbour_vel")
    if v.shape != (k, dim) and not (k == 0 and v.size == 0):
        raise invalid(f"neighbour_vel: shape {v.shape}: must be ({k}, {dim}), like neighbour_pos")
    r, _ = _one_or_each(neighbour_radius, "neighbour_radius", k, "neighbour")
    table = np.empty((k, 2 * dim + 1), dtype=np.float32)
    table[:, :dim], table[:, dim:2 * dim], table[:, 2 * dim] = p, v.reshape(k, dim), r
    pointer = ffi.cast(f"const steer_neighbour{dim} *", _arrays.pointer(table)) if k else ffi.NULL
    return pointer, k, table


def _up(up):
    if up not in UP:
        raise invalid(f"up = {up!r}: must be one of {', '.join(UP)}")
    return UP[up]


def _avoidance(agent_radius, max_force, horizon, margin, keep_right, up):
    return ffi.new("steer_neighbour_avoidance *", {
        "horizon": _arrays.scalar(horizon, "horizon"), "agent_radius": _arrays.scalar(agent_radius, "agent_radius"),
        "margin": _arrays.scalar(margin, "margin"), "max_force": _arrays.scalar(max_force, "max_force"),
        "keep_right": _arrays.scalar(keep_right, "keep_right"), "up": _up(up)})


def _anticipation(agent_radius, max_force, priority, k, tau0, horizon, keep_right, up, dt, mass):
    return ffi.new("steer_anticipation *", {
        "k": _arrays.scalar(k, "k"), "tau0": _arrays.scalar(tau0, "tau0"), "horizon": _arrays.scalar(horizon, "horizon"),
        "max_force": _arrays.scalar(max_force, "max_force"), "agent_radius": _arrays.scalar(agent_radius, "agent_radius"),
        "keep_right": _arrays.scalar(keep_right, "keep_right"), "priority": _arrays.scalar(priority, "priority"),
        "up": _up(up), "dt": _arrays.scalar(dt, "dt"), "mass": _arrays.scalar(mass, "mass")})


def _priorities(priorities, count, each):
    """(pointer or NULL, the array to keep alive) for priorities given one per item, or None for all equal."""
    if priorities is None:
        return ffi.NULL, None
    a = _arrays.finite(_arrays.floats(priorities, "priorities", f"({count},)"), "priorities")
    if a.shape != (count,):
        raise invalid(f"priorities: shape {a.shape}: must be ({count},), one per {each}")
    return (ffi.cast("const float *", _arrays.pointer(a)) if count else ffi.NULL), a


def _agent(pos, vel):
    p, v = _one(pos, "pos"), _one(vel, "vel")
    if v.size != p.size:
        raise invalid(f"vel: shape {v.shape}: must match pos {p.shape}")
    return p.size, _v(p.size, p), _v(p.size, v)


def _crowd(pos, vel, radius):
    """N agents as the records each is tested against: (dim, n, pointer, the table to keep alive)."""
    p = _arrays.rows(pos, "pos")
    if p.ndim != 2:
        raise invalid(f"pos: shape {p.shape}: a crowd: must be (N, 2) or (N, 3)")
    table, n, keep = _table(p.shape[1], p, vel, radius)
    return p.shape[1], n, table, keep


def avoid_neighbours(pos: Rows, vel: Rows, neighbour_pos: Rows, neighbour_vel: Rows, neighbour_radius,
                     agent_radius: float, max_force: float, horizon: float = 10.0, margin: float = 0.0,
                     keep_right: float = 0.25, up: str = "z") -> Tuple[np.ndarray, int]:
    """Reynolds' unaligned collision avoidance for one agent: a push of max_force away from the most imminent
    neighbour (closest approach within horizon, nearer than the radii + margin). Neighbours: (K, dim) positions
    and velocities, radii one or (K,). Returns (force, the threat's index or -1)."""
    dim, p, v = _agent(pos, vel)
    table, count, _keep = _table(dim, neighbour_pos, neighbour_vel, neighbour_radius)
    threat = ffi.new("int *")
    f = getattr(lib, f"steer_avoid_neighbours{dim}")(p, v, table, count, _avoidance(
        agent_radius, max_force, horizon, margin, keep_right, up), threat)
    return _np(f, dim), threat[0]


def anticipate(pos: Rows, vel: Rows, neighbour_pos: Rows, neighbour_vel: Rows, neighbour_radius,
               agent_radius: float, max_force: float, priorities: Optional[Sequence[float]] = None,
               priority: float = 1.0, k: float = 1.5, tau0: float = 3.0, horizon: float = 10.0,
               keep_right: float = 0.25, up: str = "z", dt: float = 0.0, mass: float = 1.0) -> np.ndarray:
    """The anticipatory force (Karamouzas, Skinner, Guy 2014) on one agent: each neighbour due to collide within
    horizon pushes by -grad(k tau^-2 e^(-tau/tau0)), scaled by this agent's share 2 p_j / (priority + p_j)
    (priorities: (K,), None for all equal), keep right added, the sum capped at max_force. With dt > 0 (the step
    the force acts for, and the agent's mass) each push is at most what takes away, within dt, half of the pair's
    approach at contact (all of it for a neighbour of higher priority), before the share: the world's rule for an
    agent settling on its goal."""
    dim, p, v = _agent(pos, vel)
    table, count, _keep = _table(dim, neighbour_pos, neighbour_vel, neighbour_radius)
    shares, _keep_shares = _priorities(priorities, count, "neighbour")
    f = getattr(lib, f"steer_anticipate{dim}")(p, v, table, shares, count, _anticipation(
        agent_radius, max_force, priority, k, tau0, horizon, keep_right, up, dt, mass))
    return _np(f, dim)


def avoid_neighbours_all(pos: Rows, vel: Rows, radius, max_force: float, horizon: float = 10.0, margin: float = 0.0,
                         keep_right: float = 0.25, up: str = "z") -> Tuple[np.ndarray, np.ndarray]:
    """avoid_neighbours for each of a crowd of N agents against all the others (N^2 pairs, the loop in C; an
    agent is never its own threat):
    (N, dim) positions and velocities, radii one or (N,). Returns (forces (N, dim), threats (N,) int32, -1: none)."""
    dim, n, table, keep = _crowd(pos, vel, radius)
    out, threats = np.empty((n, dim), np.float32), np.empty(n, np.int32)
    others = np.empty((max(n - 1, 1), keep.shape[1]), np.float32)
    lib.py_avoid_neighbours_all(dim, n, table, _avoidance(0.0, max_force, horizon, margin, keep_right, up)[0],
                                _arrays.pointer(others), _arrays.pointer(out),
                                ffi.cast("int *", ffi.from_buffer(threats)))
    return out, threats


def anticipate_all(pos: Rows, vel: Rows, radius, max_force: float, priorities: Optional[Sequence[float]] = None,
                   k: float = 1.5, tau0: float = 3.0, horizon: float = 10.0, keep_right: float = 0.25,
                   up: str = "z", dt: float = 0.0, mass: float = 1.0) -> np.ndarray:
    """anticipate for each of a crowd of N agents against all the others (N^2 pairs, the loop in C):
    (N, dim) positions and velocities, radii one or (N,), priorities (N,) (None: all equal). Returns (N, dim)."""
    dim, n, table, keep = _crowd(pos, vel, radius)
    shares, _keep_shares = _priorities(priorities, n, "agent")
    out = np.empty((n, dim), np.float32)
    others, other_shares = np.empty((max(n - 1, 1), keep.shape[1]), np.float32), np.empty(max(n - 1, 1), np.float32)
    lib.py_anticipate_all(dim, n, table, shares, _anticipation(0.0, max_force, 1.0, k, tau0, horizon, keep_right, up, dt, mass)[0],
                          _arrays.pointer(others), _arrays.pointer(other_shares), _arrays.pointer(out))
    return out


# ---- combiners -------------------------------------------------------------------

def _forces(forces, weights):
    f = _arrays.finite(_arrays.floats(forces, "forces", "(K, dim) or (N, K, dim)"), "forces")
    if f.ndim not in (2, 3) or f.shape[-1] not in (2, 3) or f.shape[-2] == 0:
        raise invalid(f"forces: shape {f.shape}: must be (K, 2), (K, 3), (N, K, 2) or (N, K, 3), K >= 1")
    dim, k = f.shape[-1], f.shape[-2]
    w = ffi.NULL
    keep = None
    if weights is not None:
        keep = _arrays.finite(_arrays.floats(weights, "weights", "(K,)"), "weights")
        if keep.shape != (k,):
            raise invalid(f"weights: shape {keep.shape}: must be ({k},), one per force")
        w = ffi.cast("const float *", _arrays.pointer(keep))
    return dim, f, w, k, keep


def _combine(kind, forces, weights, max_force, epsilon=0.0):
    """One agent's (K, dim) forces through the C function, or N agents' (N, K, dim) through one C loop."""
    dim, f, w, k, _keep = _forces(forces, weights)
    n = f.shape[0] if f.ndim == 3 else 1
    out, winners = np.empty((n, dim), np.float32), np.full(n, -1, np.int32)
    max_force, epsilon = _arrays.scalar(max_force, "max_force"), _arrays.scalar(epsilon, "epsilon")
    if f.ndim == 2:  # one agent: the C function itself
        name = ("steer_blend", "steer_priority", "steer_running_sum")[kind] + str(dim)
        pointer, winner = ffi.cast(f"const steer_v{dim} *", _arrays.pointer(f)), ffi.new("int *")
        args = (pointer, w, k, epsilon, max_force, winner) if kind == 1 else (pointer, w, k, max_force)
        r = getattr(lib, name)(*args)
        return _np(r, dim), winner[0]
    lib.py_combine(kind, dim, n, _arrays.pointer(f), k, w, epsilon, max_force, _arrays.pointer(out),
                   ffi.cast("int *", ffi.from_buffer(winners)))
    return out, winners


def blend(forces: Rows, weights: Optional[Sequence[float]], max_force: float) -> np.ndarray:
    """sum(weight_i * force_i), truncated to max_force (weights None: all 1). forces: one agent's (K, dim), or
    N agents' (N, K, dim) (the loop in C; the same for priority and running_sum)."""
    return _combine(0, forces, weights, max_force)[0]


def priority(forces: Rows, weights: Optional[Sequence[float]], max_force: float,
             epsilon: float = 1e-3) -> Tuple[np.ndarray, Any]:
    """The first weighted force longer than epsilon, truncated; returns (force, winner index or -1), for N
    agents ((N, dim), (N,) int32)."""
    return _combine(1, forces, weights, max_force, epsilon)


def running_sum(forces: Rows, weights: Optional[Sequence[float]], max_force: float) -> np.ndarray:
    """Weighted forces added in order until the max_force budget is spent."""
    return _combine(2, forces, weights, max_force)[0]


def dither(forces, weights: Optional[Sequence[float]], probabilities: Sequence[float], max_force: float, rng: Random,
           epsilon: float = 1e-3, dim: int = 2) -> Tuple[np.ndarray, Any]:
    """Each behaviour tried in order with probability p_i (one draw from rng per behaviour tried), its weighted force
    scaled by 1 / p_i; the first longer than epsilon wins, truncated to max_force. p_i <= 0: never tried (no draw).

    forces: the K forces of one agent, (K, dim); or a callable evaluate(i) -> force, called lazily for the tried
    ones only (what dithering is for; dim gives their dimension; its first exception is raised once the C call
    returns, the later evaluations counting as zero); or (N, K, dim) for N agents, the loop in C drawing from rng in agent order
    (the same bits as the one-agent calls in that order). weights None: all 1; probabilities: (K,).
    Returns (force, winner index or -1); for N agents ((N, dim), (N,) int32)."""
    if not isinstance(rng, Random):
        raise invalid(f"rng: {rng!r}: must be a steer.Random")
    if callable(forces):
        return _dither_lazy(forces, weights, probabilities, max_force, rng, epsilon, dim)
    f = _arrays.finite(_arrays.floats(forces, "forces", "(K, dim) or (N, K, dim)"), "forces")
    if f.ndim not in (2, 3) or f.shape[-1] not in (2, 3) or f.shape[-2] == 0:
        raise invalid(f"forces: shape {f.shape}: must be (K, 2), (K, 3), (N, K, 2) or (N, K, 3), K >= 1")
    dim, k = f.shape[-1], f.shape[-2]
    n = f.shape[0] if f.ndim == 3 else 1
    w, p, _keep = _dither_tables(weights, probabilities, k)
    out, winners = np.empty((n, dim), np.float32), np.empty(n, np.int32)
    lib.py_dither(dim, n, _arrays.pointer(f), k, w, p, _arrays.scalar(epsilon, "epsilon"),
                  _arrays.scalar(max_force, "max_force"), rng._rng, _arrays.pointer(out),
                  ffi.cast("int *", ffi.from_buffer(winners)))
    return (out, winners) if f.ndim == 3 else (out[0], int(winners[0]))


def _dither_tables(weights, probabilities, k):
    w, keep_w = ffi.NULL, None
    if weights is not None:
        keep_w = _arrays.finite(_arrays.floats(weights, "weights", f"({k},)"), "weights")
        if keep_w.shape != (k,):
            raise invalid(f"weights: shape {keep_w.shape}: must be ({k},), one per force")
        w = ffi.cast("const float *", _arrays.pointer(keep_w))
    p = _arrays.finite(_arrays.floats(probabilities, "probabilities", f"({k},)"), "probabilities")
    if p.shape != (k,):
        raise invalid(f"probabilities: shape {p.shape}: must be ({k},), one per force")
    if (p > 1).any():
        raise invalid(f"probabilities[{int(np.argmax(p > 1))}] = {p.max()}: must be <= 1 (<= 0: never tried)")
    return w, ffi.cast("const float *", _arrays.pointer(p)), (keep_w, p)


class _Lazy:
    """The state of one lazy dither call: the callable, its dimension, the first exception it raised."""

    def __init__(self, evaluate, dim):
        self.evaluate, self.dim, self.error = evaluate, dim, None


def _dither_lazy(evaluate, weights, probabilities, max_force, rng, epsilon, dim):
    if _arrays.integer(dim, "dim") not in (2, 3):
        raise invalid(f"dim = {dim!r}: must be 2 or 3 (the dimension of the forces evaluate returns)")
    dim = int(dim)
    k = int(np.size(probabilities))
    if k == 0:
        raise invalid("probabilities: empty: must be (K,), K >= 1")
    w, p, _keep = _dither_tables(weights, probabilities, k)
    lazy = _Lazy(evaluate, dim)
    winner = ffi.new("int *")
    f = getattr(lib, f"steer_dither{dim}")(getattr(lib, f"steer_py_force{dim}"), ffi.new_handle(lazy), w, p, k,
                                           _arrays.scalar(epsilon, "epsilon"), _arrays.scalar(max_force, "max_force"),
                                           _RNG_FLOAT, rng._rng, winner)
    if lazy.error is not None:
        raise lazy.error
    return _np(f, dim), winner[0]


def _lazy_force(index, context, dim):
    lazy = ffi.from_handle(context)
    zero = ffi.new(f"steer_v{dim} *")[0]
    if lazy.error is not None:
        return zero  # the first exception ends the evaluations: the rest count as zero forces
    try:
        f = _arrays.rows(lazy.evaluate(index), f"evaluate({index})", dim)
        if f.ndim != 1:
            raise invalid(f"evaluate({index}): shape {f.shape}: must be ({dim},)")
        return _v(dim, f)
    except BaseException as e:  # noqa: BLE001 -- kept and raised by dither() once C returns
        lazy.error = e
        return zero


@ffi.def_extern()
def steer_py_force2(index, context):
    return _lazy_force(index, context, 2)


@ffi.def_extern()
def steer_py_force3(index, context):
    return _lazy_force(index, context, 3)


def smooth(smoothed: Rows, raw: Rows, k: float) -> np.ndarray:
    """lerp(smoothed, raw, k), k in (0, 1]: a low-pass once per fixed step (smooth_dt for variable steps)."""
    dim, n, single, args, _ = _gather(smoothed=smoothed, raw=raw)
    out, result = _out(dim, n, single)
    lib.py_smooth(dim, n, *_flat(args), _arrays.scalar(k, "k"), _arrays.pointer(out))
    return result()


def hysteresis(state, value, on_at: float, off_at: float):
    """A gate: off -> on when value >= on_at, on -> off when value < off_at. state: a bool, or (N,) bools with
    value one or (N,). Returns the new state (a bool, or a new (N,) bool array)."""
    single = np.ndim(state) == 0
    s = np.array([bool(state)], np.uint8) if single else np.array(state, dtype=bool).astype(np.uint8)
    if s.ndim != 1:
        raise invalid(f"state: shape {np.shape(state)}: must be a bool or (N,)")
    v, vs = _one_or_each(value, "value", len(s), "gate")
    lib.py_hysteresis(len(s), ffi.cast("uint8_t *", ffi.from_buffer(s)), _arrays.pointer(v), vs,
                      _arrays.scalar(on_at, "on_at"), _arrays.scalar(off_at, "off_at"))
    return bool(s[0]) if single else s.astype(bool)


# ---- flocking: the desired-velocity forms ------------------------------------------

def separation_desired(pos: Rows, vel: Rows, neighbour_pos: Rows, radius: float, max_speed: float,
                       counts=None) -> np.ndarray:
    """normalize(separation's push) * max_speed - vel; zero with no push."""
    if _many(pos):
        return _flock_batch(1, pos, vel, neighbour_pos, "neighbour_pos", counts, radius, max_speed)
    dim, p, v = _agent(pos, vel)
    ptr, count, _keep = _neighbours(neighbour_pos, "neighbour_pos", dim)
    return _np(getattr(lib, f"steer_separation_desired{dim}")(p, v, ptr, count, _arrays.scalar(radius, "radius"),
                                                              _arrays.scalar(max_speed, "max_speed")), dim)


def alignment_desired(vel: Rows, neighbour_vel: Rows, max_speed: float, counts=None) -> np.ndarray:
    """normalize(the neighbours' average velocity) * max_speed - vel; zero with no neighbours."""
    if _many(vel):
        return _flock_batch(3, np.zeros_like(_arrays.rows(vel, "vel")), vel, neighbour_vel, "neighbour_vel", counts,
                            max_speed=max_speed)
    v = _one(vel, "vel")
    dim = v.size
    ptr, count, _keep = _neighbours(neighbour_vel, "neighbour_vel", dim)
    return _np(getattr(lib, f"steer_alignment_desired{dim}")(_v(dim, v), ptr, count,
                                                             _arrays.scalar(max_speed, "max_speed")), dim)


# ---- shapes the behaviours take: obstacles, walls, paths, flow fields ------------------

def _obstacles(centres, radii, dim):
    """Circles (spheres) as steer_obstacle{dim} records: centres (M, dim), radii one or (M,)."""
    c = _arrays.finite(_arrays.floats(centres, "centres", f"(M, {dim})"), "centres")
    c = c.reshape(0, dim) if c.size == 0 else c
    if c.ndim != 2 or c.shape[1] != dim:
        raise invalid(f"centres: shape {c.shape}: must be (M, {dim}) for M obstacles")
    r, _ = _one_or_each(radii, "radii", len(c), "obstacle")
    table = np.empty((len(c), dim + 1), np.float32)
    table[:, :dim], table[:, dim] = c, r
    return (ffi.cast(f"const steer_obstacle{dim} *", _arrays.pointer(table)) if len(c) else ffi.NULL), len(c), table


def _walls(walls, dim):
    """Segments as steer_segment{dim} records: (W, 2, dim), rows of (a, b)."""
    a = _arrays.finite(_arrays.floats(walls, "walls", f"(W, 2, {dim})"), "walls")
    a = a.reshape(0, 2, dim) if a.size == 0 else a
    if a.ndim != 3 or a.shape[1:] != (2, dim):
        raise invalid(f"walls: shape {a.shape}: must be (W, 2, {dim}): W walls from a to b")
    return (ffi.cast(f"const steer_segment{dim} *", _arrays.pointer(a)) if len(a) else ffi.NULL), len(a), a


class Path:
    """A polyline corridor for the path behaviours: (K, dim) points (K >= 1, copied), closed joins the last
    point to the first, radius its half-width. The same shape World.add_path takes."""

    def __init__(self, points: Rows, closed: bool = False, radius: float = 1.0):
        a = _arrays.finite(_arrays.floats(points, "points", "(K, dim)"), "points")
        if a.ndim != 2 or a.shape[1] not in (2, 3) or len(a) == 0:
            raise invalid(f"points: shape {a.shape}: must be (K, 2) or (K, 3) with K >= 1")
        self.points = a.copy()
        self.points.setflags(write=False)
        self.dim, self.closed = a.shape[1], _arrays.flag(closed, "closed")
        self.radius = _arrays.scalar(radius, "radius", "must be >= 0", lambda r: r >= 0)
        self._c = ffi.new(f"steer_path{self.dim} *", {
            "points": ffi.cast(f"const steer_v{self.dim} *", ffi.from_buffer(self.points)),
            "count": len(a), "closed": self.closed, "radius": self.radius})

    def __len__(self) -> int:
        return len(self.points)

    def __repr__(self):
        return f"Path({len(self)} points, dim={self.dim}, closed={self.closed}, radius={self.radius})"


class FlowField:
    """A grid of vectors sampled bilinearly (trilinearly in 3D), clamped at the edges: vectors (ny, nx, 2) in 2D,
    (nz, ny, nx, 3) in 3D, float32 (copied); vectors[z, y, x] is the value at origin + cell_size * (x, y, z).
    Unitless: the behaviours multiply them by max_speed. The same shape World.add_flow_field takes."""

    def __init__(self, vectors, origin: Rows, cell_size: float):
        a = _arrays.finite(_arrays.floats(vectors, "vectors", "(ny, nx, 2) or (nz, ny, nx, 3)"), "vectors")
        if not ((a.ndim == 3 and a.shape[2] == 2) or (a.ndim == 4 and a.shape[3] == 3)) or a.size == 0:
            raise invalid(f"vectors: shape {a.shape}: must be (ny, nx, 2) or (nz, ny, nx, 3), every size >= 1")
        if a.size // a.shape[-1] > 1 << 24:
            raise invalid(f"vectors: shape {a.shape}: at most 2**24 cells")
        self.dim = a.shape[-1]
        self.vectors = a.copy()
        self.vectors.setflags(write=False)
        o = _one(origin, "origin", self.dim)
        self.origin = o.copy()
        self.cell_size = _arrays.scalar(cell_size, "cell_size", "must be > 0", lambda c: c > 0)
        nz, ny, nx = (1,) + a.shape[:2] if self.dim == 2 else a.shape[:3]
        self.shape = (nx, ny, nz)
        self._c = ffi.new(f"steer_flow_field{self.dim} *", {
            "origin": list(map(float, o)), "cell_size": self.cell_size, "nx": nx, "ny": ny, "nz": nz,
            "vectors": ffi.cast(f"const steer_v{self.dim} *", ffi.from_buffer(self.vectors))})

    def sample(self, pos: Rows) -> np.ndarray:
        """The field at pos, (dim,) or (N, dim): see flow_field_sample."""
        return flow_field_sample(self, pos)

    def __repr__(self):
        return f"FlowField(nx, ny, nz={self.shape}, dim={self.dim}, cell_size={self.cell_size})"


def _shape_of(value, cls, name, dim):
    if not isinstance(value, cls):
        raise invalid(f"{name}: {type(value).__name__}: must be a steer.behaviours.{cls.__name__}")
    if value.dim != dim:
        raise invalid(f"{name}: a {value.dim}D {cls.__name__} for {dim}D agents")
    return value._c


def _per_agent(value, name, n, dtype, kind):
    """Per-agent state for n agents: one value for all, or (n,); returned as a new array the C loop updates."""
    if np.ndim(value) == 0:
        if kind == "f":
            value = _arrays.scalar(value, name)
        elif not isinstance(value, (int, np.integer)) or not -2**31 <= value < 2**31:
            raise invalid(f"{name} = {value!r}: must be an integer in [-2**31, 2**31)")
        return np.full(n, value, dtype)
    a = np.asarray(value)
    if a.shape != (n,) or a.dtype.kind not in ("iu" if kind == "i" else "f"):
        raise invalid(f"{name}: {a.dtype} {a.shape}: must be one {'integer' if kind == 'i' else 'number'} "
                      f"or ({n},) of them")
    if kind == "i" and n and (a.min() < -2**31 or a.max() >= 2**31):
        raise invalid(f"{name}: values must be in [-2**31, 2**31)")
    a = np.array(a, dtype)  # a copy: the caller's state is not changed behind its back
    if kind == "f":
        _arrays.finite(a, name)
    return a


def _state_out(a, single):
    return a[0].item() if single else a


def avoid_obstacles(pos: Rows, vel: Rows, centres, radii, agent_radius: float, max_force: float, see_ahead: float,
                    release_see_ahead: float = 0.0, release_margin: float = 0.0, up: str = "z",
                    engaged=-1) -> Tuple[np.ndarray, Any]:
    """Ray projection: push sideways (max_force) from the nearest obstacle ahead within see_ahead whose centre is
    closer to the heading ray than its radius + agent_radius. Obstacles: centres (M, dim), radii one or (M,).
    engaged: the hysteresis latch per agent (an obstacle index or -1); while latched that obstacle is tested with
    release_see_ahead and release_margin. Returns (force, the new latch): for N agents ((N, dim), (N,) int32)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    obs, count, _keep = _obstacles(centres, radii, dim)
    latch = _per_agent(engaged, "engaged", n, np.int32, "i")
    if ((latch < -1) | (latch >= count)).any():
        raise invalid(f"engaged: values must be -1 or an obstacle index in [0, {count})")
    params = ffi.new("steer_avoid_params *", {
        "see_ahead": _arrays.scalar(see_ahead, "see_ahead"), "agent_radius": _arrays.scalar(agent_radius, "agent_radius"),
        "max_force": _arrays.scalar(max_force, "max_force"),
        "release_see_ahead": _arrays.scalar(release_see_ahead, "release_see_ahead"),
        "release_margin": _arrays.scalar(release_margin, "release_margin"), "up": _up(up)})
    out, result = _out(dim, n, single)
    lib.py_avoid_obstacles(dim, n, *_flat(args), obs, count, params, ffi.cast("int *", ffi.from_buffer(latch)),
                           _arrays.pointer(out))
    return result(), _state_out(latch, single)


def avoid_obstacles_feeler(pos: Rows, vel: Rows, centres, radii, agent_radius: float, feeler_length: float,
                           max_force: float) -> Tuple[np.ndarray, np.ndarray]:
    """One feeler of feeler_length along the velocity (+X when stationary): if its tip is inside an obstacle's
    radius + agent_radius (the deepest), push out from its centre with max_force. Returns (force, tip)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    obs, count, _keep = _obstacles(centres, radii, dim)
    out, result = _out(dim, n, single)
    tips = np.empty((n, dim), np.float32)
    lib.py_avoid_obstacles_feeler(dim, n, *_flat(args), obs, count, _arrays.scalar(agent_radius, "agent_radius"),
                                  _arrays.scalar(feeler_length, "feeler_length"), _arrays.scalar(max_force, "max_force"),
                                  _arrays.pointer(out), _arrays.pointer(tips))
    return result(), (tips[0] if single else tips)


def avoid_walls(pos: Rows, vel: Rows, walls, length: float = 2.0, whisker_angle: float = 0.6,
                whisker_length: float = 1.2, up: str = "z") -> Tuple[np.ndarray, np.ndarray]:
    """Three feelers (ahead, and whiskers at +-whisker_angle): each crossing a wall adds the wall's normal times
    its depth beyond it. walls (W, 2, dim); 3D walls stand along `up`. Returns (force, tips (3, dim) or
    (N, 3, dim): centre, left, right)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    segs, count, _keep = _walls(walls, dim)
    feelers = ffi.new("steer_wall_feelers *", {
        "length": _arrays.scalar(length, "length"), "whisker_angle": _arrays.scalar(whisker_angle, "whisker_angle"),
        "whisker_length": _arrays.scalar(whisker_length, "whisker_length"), "up": _up(up)})
    out, result = _out(dim, n, single)
    tips = np.empty((n, 3, dim), np.float32)
    lib.py_avoid_walls(dim, n, *_flat(args), segs, count, feelers, _arrays.pointer(out), _arrays.pointer(tips))
    return result(), (tips[0] if single else tips)


def follow_wall(pos: Rows, vel: Rows, walls, max_speed: float, range: float = 3.0, desired_distance: float = 1.0,
                gain: float = 2.0, up: str = "z") -> np.ndarray:
    """Run alongside the nearest wall within range, desired_distance from it (gain: 1/time, the speed toward
    that distance per unit of error). walls (W, 2, dim)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    segs, count, _keep = _walls(walls, dim)
    params = ffi.new("steer_wall_follow_params *", {
        "range": _arrays.scalar(range, "range"), "desired_distance": _arrays.scalar(desired_distance, "desired_distance"),
        "gain": _arrays.scalar(gain, "gain"), "up": _up(up)})
    out, result = _out(dim, n, single)
    lib.py_follow_wall(dim, n, *_flat(args), segs, count, params, _arrays.scalar(max_speed, "max_speed"),
                       _arrays.pointer(out))
    return result()


def path_closest_point(path: Path, p: Rows) -> Tuple[np.ndarray, Any, Any, Any]:
    """The closest point of the path to p. Returns (point, distance, segment (its first point's index), t (0..1
    along it)); for N points ((N, dim), (N,) float32, (N,) int32, (N,) float32)."""
    dim, n, single, args, _ = _gather(p=p)
    c = _shape_of(path, Path, "path", dim)
    out, result = _out(dim, n, single)
    dist, seg, t = np.empty(n, np.float32), np.empty(n, np.int32), np.empty(n, np.float32)
    lib.py_path_closest_point(dim, n, c, *_flat(args), _arrays.pointer(out), _arrays.pointer(dist),
                              ffi.cast("int *", ffi.from_buffer(seg)), _arrays.pointer(t))
    if single:
        return result(), float(dist[0]), int(seg[0]), float(t[0])
    return out, dist, seg, t


def path_point_ahead(path: Path, p: Rows, distance: float) -> Tuple[np.ndarray, Any, Any]:
    """The point `distance` further along the path from p's closest point (around a closed path; an open one
    stops at its end). Returns (point, segment of the closest point, passed the end)."""
    dim, n, single, args, _ = _gather(p=p)
    c = _shape_of(path, Path, "path", dim)
    out, result = _out(dim, n, single)
    seg, passed = np.empty(n, np.int32), np.empty(n, np.uint8)
    lib.py_path_point_ahead(dim, n, c, *_flat(args), _arrays.scalar(distance, "distance"), _arrays.pointer(out),
                            ffi.cast("int *", ffi.from_buffer(seg)), ffi.cast("uint8_t *", ffi.from_buffer(passed)))
    if single:
        return result(), int(seg[0]), bool(passed[0])
    return out, seg, passed.astype(bool)


def path_track(path: Path, p: Rows, segment, window: float, distance: float) -> Tuple[np.ndarray, Any, Any]:
    """path_point_ahead with progress, for a follower that takes the path in order where it passes near itself:
    the closest point is sought among segment `segment` (each agent's progress: one for all, or (N,); -1 starts
    from the nearest point) and the ones after it whose start is within `window` along the path; the progress
    moves on to that point's segment, never back. Returns (the point `distance` on, the new segment, passed the
    end)."""
    dim, n, single, args, _ = _gather(p=p)
    c = _shape_of(path, Path, "path", dim)
    seg = _per_agent(segment, "segment", n, np.int32, "i")
    out, result = _out(dim, n, single)
    passed = np.empty(n, np.uint8)
    lib.py_path_track(dim, n, c, *_flat(args), ffi.cast("int *", ffi.from_buffer(seg)), _arrays.scalar(window, "window"),
                      _arrays.scalar(distance, "distance"), _arrays.pointer(out), ffi.cast("uint8_t *", ffi.from_buffer(passed)))
    if single:
        return result(), int(seg[0]), bool(passed[0])
    return out, seg, passed.astype(bool)


def follow_path(pos: Rows, vel: Rows, path: Path, max_speed: float, predict_distance: float = 1.0,
                ahead_distance: float = 1.0) -> np.ndarray:
    """Stateless corridor following: when pos + normalize(vel) * predict_distance is farther than the path's
    radius from it, seek the point ahead_distance on from the closest point; else zero."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    c = _shape_of(path, Path, "path", dim)
    out, result = _out(dim, n, single)
    lib.py_follow_path(dim, n, *_flat(args), c, _arrays.scalar(predict_distance, "predict_distance"),
                       _arrays.scalar(ahead_distance, "ahead_distance"), _arrays.scalar(max_speed, "max_speed"),
                       _arrays.pointer(out))
    return result()


def _arrival(slow_radius, max_accel, dt, tolerance):
    return ffi.new("steer_arrival *", {"slow_radius": _arrays.scalar(slow_radius, "slow_radius"),
                                       "max_accel": _arrays.scalar(max_accel, "max_accel"),
                                       "dt": _arrays.scalar(dt, "dt"), "tolerance": _arrays.scalar(tolerance, "tolerance")})


def follow_path_to_end(pos: Rows, vel: Rows, path: Path, max_speed: float, predict_distance: float = 1.0,
                       ahead_distance: float = 1.0, slow_radius: float = 0.0, max_accel: float = 0.0, dt: float = 0.0,
                       tolerance: float = 0.0) -> np.ndarray:
    """follow_path that comes to rest at the end of an open path with arrive_braking (slow_radius, max_accel, dt,
    tolerance as there) once the end is in reach; a closed path is follow_path exactly."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    c = _shape_of(path, Path, "path", dim)
    out, result = _out(dim, n, single)
    lib.py_follow_path_to_end(dim, n, *_flat(args), c, _arrays.scalar(predict_distance, "predict_distance"),
                              _arrays.scalar(ahead_distance, "ahead_distance"),
                              _arrival(slow_radius, max_accel, dt, tolerance), _arrays.scalar(max_speed, "max_speed"),
                              _arrays.pointer(out))
    return result()


def _waypoint_order(loop, reverse, braking=False):
    """steer_waypoint_order for the flags (braking has no ordered form), each taken as every flag of the package
    is (_arrays.flag: a numpy bool too, never a string)."""
    loop, reverse = _arrays.flag(loop, "loop"), _arrays.flag(reverse, "reverse")
    if braking and (loop or reverse):
        raise invalid("braking: only in the forward order (loop and reverse arrive with slow_radius)")
    return (lib.STEER_WAYPOINTS_REVERSE if reverse else 0) | (lib.STEER_WAYPOINTS_LOOP if loop else 0)


def follow_waypoints(pos: Rows, vel: Rows, points: Rows, index, max_speed: float, arrival_radius: float = 1.0,
                     slow_radius: float = 0.0, braking: bool = False, max_accel: float = 0.0, dt: float = 0.0,
                     tolerance: float = 0.0, loop: bool = False, reverse: bool = False) -> Tuple[np.ndarray, Any]:
    """Seek points[index], taking the next one closer than arrival_radius; arrive (slow_radius) on the last, or
    with braking=True arrive_braking (slow_radius, max_accel, dt, tolerance). points (K, dim) shared by all;
    index: each agent's current waypoint (one for all, or (N,)). Returns (force, the new index).
    reverse=True takes the points from the last to the first, arriving on the first; loop=True goes from the last
    back to the first and never arrives. With either, index is the progress along that order (reversed, 0 is the
    last point) (steer_follow_waypoints_ordered)."""
    braking = _arrays.flag(braking, "braking")
    order = _waypoint_order(loop, reverse, braking)
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    pts = _arrays.finite(_arrays.floats(points, "points", f"(K, {dim})"), "points")
    if pts.ndim != 2 or pts.shape[1] != dim or len(pts) == 0:
        raise invalid(f"points: shape {pts.shape}: must be (K, {dim}) with K >= 1")
    idx = _per_agent(index, "index", n, np.int32, "i")
    if ((idx < 0) | (idx >= len(pts))).any():
        raise invalid(f"index: values must be in [0, {len(pts)}), a waypoint of points")
    arrival = _arrival(slow_radius, max_accel, dt, tolerance) if braking else ffi.NULL
    out, result = _out(dim, n, single)
    lib.py_follow_waypoints(dim, n, *_flat(args), _arrays.pointer(pts), len(pts), ffi.cast("int *", ffi.from_buffer(idx)),
                            _arrays.scalar(arrival_radius, "arrival_radius"), _arrays.scalar(slow_radius, "slow_radius"),
                            arrival, _arrays.scalar(max_speed, "max_speed"), order, _arrays.pointer(out))
    return result(), _state_out(idx, single)


def flow_field_sample(field: FlowField, pos: Rows) -> np.ndarray:
    """The field's value at pos, bilinear (trilinear in 3D), clamped at the edges: (dim,) or (N, dim)."""
    dim, n, single, args, _ = _gather(pos=pos)
    c = _shape_of(field, FlowField, "field", dim)
    out, result = _out(dim, n, single)
    lib.py_flow_field_sample(dim, n, c, *_flat(args), _arrays.pointer(out))
    return result()


def follow_flow(pos: Rows, vel: Rows, field: FlowField, max_speed: float, predict_time: float = 0.0) -> np.ndarray:
    """Go with the field: desired = truncate(field(pos + vel * predict_time) * max_speed, max_speed)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    c = _shape_of(field, FlowField, "field", dim)
    out, result = _out(dim, n, single)
    lib.py_follow_flow(dim, n, *_flat(args), c, _arrays.scalar(predict_time, "predict_time"),
                       _arrays.scalar(max_speed, "max_speed"), _arrays.pointer(out))
    return result()


# ---- group tactics ------------------------------------------------------------------

def interpose(pos: Rows, vel: Rows, a_pos: Rows, a_vel: Rows, b_pos: Rows, b_vel: Rows, max_speed: float,
              slow_radius: float) -> np.ndarray:
    """Arrive at the midpoint of a and b, predicted to when we could reach it."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, a_pos=a_pos, a_vel=a_vel, b_pos=b_pos, b_vel=b_vel)
    out, result = _out(dim, n, single)
    lib.py_interpose(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                     _arrays.scalar(slow_radius, "slow_radius"), _arrays.pointer(out))
    return result()


def hide(pos: Rows, vel: Rows, hunter_pos: Rows, hunter_vel: Rows, centres, radii, max_speed: float,
         slow_radius: float, distance_from_boundary: float = 1.0) -> Tuple[np.ndarray, np.ndarray]:
    """Arrive at the nearest spot behind an obstacle as seen from the hunter (distance_from_boundary beyond its
    surface); evade with no obstacles. Returns (force, spot)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, hunter_pos=hunter_pos, hunter_vel=hunter_vel)
    obs, count, _keep = _obstacles(centres, radii, dim)
    out, result = _out(dim, n, single)
    spots = np.empty((n, dim), np.float32)
    lib.py_hide(dim, n, *_flat(args), obs, count, _arrays.scalar(distance_from_boundary, "distance_from_boundary"),
                _arrays.scalar(max_speed, "max_speed"), _arrays.scalar(slow_radius, "slow_radius"),
                _arrays.pointer(out), _arrays.pointer(spots))
    return result(), (spots[0] if single else spots)


def offset_pursuit(pos: Rows, vel: Rows, leader_pos: Rows, leader_vel: Rows, leader_heading: Rows, offset: Rows,
                   max_speed: float, slow_radius: float, up: Optional[str] = None) -> np.ndarray:
    """Keep station at offset in the leader's frame (x ahead, y left, z along up), arriving there. 3D: up "z"
    (None) or "y" (steer_offset_pursuit3_up)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel, leader_pos=leader_pos, leader_vel=leader_vel,
                                      leader_heading=leader_heading, offset=offset)
    out, result = _out(dim, n, single)
    lib.py_offset_pursuit(dim, n, *_flat(args), _arrays.scalar(max_speed, "max_speed"),
                          _arrays.scalar(slow_radius, "slow_radius"), _up_3d(up, dim), _arrays.pointer(out))
    return result()


def _up_3d(up: Optional[str], dim: int) -> int:
    """An up axis for a function whose 3D form has an _up twin: None is Z (the plain call's bits); 2D takes none."""
    if up is not None and dim == 2:
        raise invalid("up: only for 3D")
    return lib.STEER_UP_Z if up is None else _up(up)


def local_to_world(heading: Rows, local: Rows, up: Optional[str] = None) -> np.ndarray:
    """A point given in the frame of a heading (x ahead, y left, z up) in world axes. 3D: up None uses +Z unless
    the heading is vertical (steer_local_to_world3); "z" or "y" puts the frame's third axis along it."""
    dim, n, single, args, _ = _gather(heading=heading, local=local)
    if up is not None and dim == 2:
        raise invalid("up: only for 3D")
    out, result = _out(dim, n, single)
    lib.py_local_to_world(dim, n, *_flat(args), -1 if up is None else _up(up), _arrays.pointer(out))
    return result()


# ---- orientation: each returns a new unit heading ----------------------------------------

def turn_toward(from_: Rows, direction: Rows, max_angle: float, up: Optional[str] = None) -> np.ndarray:
    """The unit vector from_ rotated toward direction by at most max_angle radians; an exact reversal turns left
    about the up axis (3D: "z", the default, or "y")."""
    dim, n, single, args, _ = _gather(from_=from_, direction=direction)
    out, result = _out(dim, n, single)
    lib.py_turn_toward(dim, n, *_flat(args), _arrays.scalar(max_angle, "max_angle"), _up_3d(up, dim),
                       _arrays.pointer(out))
    return result()


def face(heading: Rows, pos: Rows, target: Rows, max_turn_rate: float, dt: float, up: Optional[str] = None) -> np.ndarray:
    """Turn heading toward target - pos for dt at max_turn_rate (radians per time unit; <= 0: at once); up as for
    turn_toward."""
    dim, n, single, args, _ = _gather(heading=heading, pos=pos, target=target)
    out, result = _out(dim, n, single)
    lib.py_face(dim, n, *_flat(args), _arrays.scalar(max_turn_rate, "max_turn_rate"), _arrays.scalar(dt, "dt"),
                _up_3d(up, dim), _arrays.pointer(out))
    return result()


def look_where_going(heading: Rows, vel: Rows, max_turn_rate: float, dt: float, up: Optional[str] = None) -> np.ndarray:
    """Turn heading toward the velocity (kept when vel is zero); up as for turn_toward."""
    dim, n, single, args, _ = _gather(heading=heading, vel=vel)
    out, result = _out(dim, n, single)
    lib.py_look_where_going(dim, n, *_flat(args), _arrays.scalar(max_turn_rate, "max_turn_rate"),
                            _arrays.scalar(dt, "dt"), _up_3d(up, dim), _arrays.pointer(out))
    return result()


def wander_sphere(pos: Rows, vel: Rows, state, max_speed: float, dt: float, rng: Random, radius: float = 1.0,
                  distance: float = 2.0, jitter: float = 4.0, up: str = "z") -> Tuple[np.ndarray, np.ndarray,
                                                                                       np.ndarray]:
    """3D only: seek a jittered point on a sphere ahead in the heading frame; exactly two draws from rng per agent
    (azimuth, then elevation), agents in order. state: (azimuth, elevation) radians, or (N, 2).
    Returns (force, the new state, target)."""
    dim, n, single, args, _ = _gather(pos=pos, vel=vel)
    if dim != 3:
        raise invalid(f"pos: shape {np.shape(pos)}: wander_sphere is 3D only")
    if not isinstance(rng, Random):
        raise invalid(f"rng: {rng!r}: must be a steer.Random")
    s = _arrays.finite(np.array(state, dtype=np.float32), "state")  # a copy: the new state is returned
    if s.shape == (2,) and single:
        s = s.reshape(1, 2)
    if s.shape == (2,):
        s = np.tile(s, (n, 1))
    if s.shape != (n, 2):
        raise invalid(f"state: shape {np.shape(state)}: must be (2,) or ({n}, 2): azimuth, elevation")
    out, result = _out(dim, n, single)
    targets = np.empty((n, 3), np.float32)
    lib.py_wander_sphere(n, *_flat(args), ffi.cast("steer_wander_sphere *", ffi.from_buffer(s)),
                         _wander_params(radius, distance, jitter, up), _arrays.scalar(max_speed, "max_speed"),
                         _arrays.scalar(dt, "dt"), rng._rng, _arrays.pointer(out), _arrays.pointer(targets))
    return result(), (s[0] if single else s), (targets[0] if single else targets)


def _wander_params(radius, distance, jitter, up="z"):
    return ffi.new("steer_wander_params *", {"radius": _arrays.scalar(radius, "radius"),
                                             "distance": _arrays.scalar(distance, "distance"),
                                             "jitter": _arrays.scalar(jitter, "jitter"), "up": _up(up)})
