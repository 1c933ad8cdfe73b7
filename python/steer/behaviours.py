"""The pure behaviours and combiners, for one agent or N at a time.

Each vectorised function takes rows: (dim,) for one agent (or one value
shared by all), (N, dim) for N agents, dim 2 or 3, float32, and returns
the force as (N, dim), or (dim,) when every argument is one row. The loop
over agents runs in C (steer/_vector.c) and calls the library's pure
function per agent, so the results are its bits exactly. Forces are not
clamped (truncate where you combine or apply them: steer/behaviours.h).
"""
from typing import Optional, Sequence, Tuple

import numpy as np

from . import _arrays
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
    """Flee where a moving threat will be."""
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


def separation(pos: Rows, neighbour_pos: Rows, radius: float) -> np.ndarray:
    """The raw push away from the neighbours closer than radius (average of normalize(pos - q) / d)."""
    p = _one(pos, "pos")
    dim = p.size
    ptr, count, _keep = _neighbours(neighbour_pos, "neighbour_pos", dim)
    f = getattr(lib, f"steer_separation{dim}")(_v(dim, p), ptr, count, _arrays.scalar(radius, "radius"))
    return _np(f, dim)


def alignment(vel: Rows, neighbour_vel: Rows) -> np.ndarray:
    """The neighbours' average velocity minus vel (zero with no neighbours)."""
    v = _one(vel, "vel")
    dim = v.size
    ptr, count, _keep = _neighbours(neighbour_vel, "neighbour_vel", dim)
    return _np(getattr(lib, f"steer_alignment{dim}")(_v(dim, v), ptr, count), dim)


def cohesion(pos: Rows, vel: Rows, neighbour_pos: Rows, max_speed: float) -> np.ndarray:
    """Seek the centre of the neighbours."""
    p, v = _one(pos, "pos"), _one(vel, "vel")
    dim = p.size
    ptr, count, _keep = _neighbours(neighbour_pos, "neighbour_pos", dim)
    f = getattr(lib, f"steer_cohesion{dim}")(_v(dim, p), _v(dim, v), ptr, count, _arrays.scalar(max_speed, "max_speed"))
    return _np(f, dim)


class Random:
    """A seeded PCG32 generator (steer_rng) for the behaviours that draw (wander)."""

    def __init__(self, seed: int = 1):
        self._rng = ffi.new("steer_rng *", lib.steer_rng_make(int(seed) & (2**64 - 1)))

    def float(self) -> float:
        """Uniform in [0, 1)."""
        return lib.steer_rng_float(self._rng)


def wander(pos: Rows, vel: Rows, angle: float, max_speed: float, dt: float, rng: Random, radius: float = 1.0,
           distance: float = 2.0, jitter: float = 4.0) -> Tuple[np.ndarray, float, np.ndarray]:
    """Seek a point on a circle ahead whose angle jitters; one draw from rng. Returns (force, new angle, target)."""
    p, v = _one(pos, "pos"), _one(vel, "vel", None)
    dim = p.size
    if v.size != dim:
        raise invalid(f"vel: shape {v.shape}: must match pos {p.shape}")
    params = ffi.new("steer_wander_params *", {"radius": _arrays.scalar(radius, "radius"),
                                                "distance": _arrays.scalar(distance, "distance"),
                                                "jitter": _arrays.scalar(jitter, "jitter")})
    a = ffi.new("float *", _arrays.scalar(angle, "angle"))
    target = ffi.new(f"steer_v{dim} *")
    f = getattr(lib, f"steer_wander{dim}")(_v(dim, p), _v(dim, v), a, params, _arrays.scalar(max_speed, "max_speed"),
                                           _arrays.scalar(dt, "dt"), ffi.addressof(lib, "steer_rng_float"), rng._rng, target)
    return _np(f, dim), a[0], _np(target[0], dim)


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


def _anticipation(agent_radius, max_force, priority, k, tau0, horizon, keep_right, up):
    return ffi.new("steer_anticipation *", {
        "k": _arrays.scalar(k, "k"), "tau0": _arrays.scalar(tau0, "tau0"), "horizon": _arrays.scalar(horizon, "horizon"),
        "max_force": _arrays.scalar(max_force, "max_force"), "agent_radius": _arrays.scalar(agent_radius, "agent_radius"),
        "keep_right": _arrays.scalar(keep_right, "keep_right"), "priority": _arrays.scalar(priority, "priority"),
        "up": _up(up)})


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
               keep_right: float = 0.25, up: str = "z") -> np.ndarray:
    """The anticipatory force (Karamouzas, Skinner, Guy 2014) on one agent: each neighbour due to collide within
    horizon pushes by -grad(k tau^-2 e^(-tau/tau0)), scaled by this agent's share 2 p_j / (priority + p_j)
    (priorities: (K,), None for all equal), keep right added, the sum capped at max_force."""
    dim, p, v = _agent(pos, vel)
    table, count, _keep = _table(dim, neighbour_pos, neighbour_vel, neighbour_radius)
    shares, _keep_shares = _priorities(priorities, count, "neighbour")
    f = getattr(lib, f"steer_anticipate{dim}")(p, v, table, shares, count, _anticipation(
        agent_radius, max_force, priority, k, tau0, horizon, keep_right, up))
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
                   up: str = "z") -> np.ndarray:
    """anticipate for each of a crowd of N agents against all the others (N^2 pairs, the loop in C):
    (N, dim) positions and velocities, radii one or (N,), priorities (N,) (None: all equal). Returns (N, dim)."""
    dim, n, table, keep = _crowd(pos, vel, radius)
    shares, _keep_shares = _priorities(priorities, n, "agent")
    out = np.empty((n, dim), np.float32)
    others, other_shares = np.empty((max(n - 1, 1), keep.shape[1]), np.float32), np.empty(max(n - 1, 1), np.float32)
    lib.py_anticipate_all(dim, n, table, shares, _anticipation(0.0, max_force, 1.0, k, tau0, horizon, keep_right, up)[0],
                          _arrays.pointer(others), _arrays.pointer(other_shares), _arrays.pointer(out))
    return out


# ---- combiners -------------------------------------------------------------------

def _forces(forces, weights):
    f = _arrays.finite(_arrays.floats(forces, "forces", "(K, dim)"), "forces")
    if f.ndim != 2 or f.shape[1] not in (2, 3) or len(f) == 0:
        raise invalid(f"forces: shape {f.shape}: must be (K, 2) or (K, 3), K >= 1")
    dim = f.shape[1]
    w = ffi.NULL
    keep = None
    if weights is not None:
        keep = _arrays.finite(_arrays.floats(weights, "weights", "(K,)"), "weights")
        if keep.shape != (len(f),):
            raise invalid(f"weights: shape {keep.shape}: must be ({len(f)},), one per force")
        w = ffi.cast("const float *", _arrays.pointer(keep))
    return dim, ffi.cast(f"const steer_v{dim} *", _arrays.pointer(f)), w, len(f), (f, keep)


def blend(forces: Rows, weights: Optional[Sequence[float]], max_force: float) -> np.ndarray:
    """sum(weight_i * force_i), truncated to max_force (weights None: all 1)."""
    dim, f, w, k, _keep = _forces(forces, weights)
    return _np(getattr(lib, f"steer_blend{dim}")(f, w, k, _arrays.scalar(max_force, "max_force")), dim)


def priority(forces: Rows, weights: Optional[Sequence[float]], max_force: float,
             epsilon: float = 1e-3) -> Tuple[np.ndarray, int]:
    """The first weighted force longer than epsilon, truncated; returns (force, winner index or -1)."""
    dim, f, w, k, _keep = _forces(forces, weights)
    winner = ffi.new("int *")
    r = getattr(lib, f"steer_priority{dim}")(f, w, k, _arrays.scalar(epsilon, "epsilon"),
                                             _arrays.scalar(max_force, "max_force"), winner)
    return _np(r, dim), winner[0]


def running_sum(forces: Rows, weights: Optional[Sequence[float]], max_force: float) -> np.ndarray:
    """Weighted forces added in order until the max_force budget is spent."""
    dim, f, w, k, _keep = _forces(forces, weights)
    return _np(getattr(lib, f"steer_running_sum{dim}")(f, w, k, _arrays.scalar(max_force, "max_force")), dim)
