"""The world: many agents stepped together, in C (steer/world.h).

Views: `world.view()` returns the agents' positions and velocities as
zero-copy, read-only numpy arrays over the world's own memory (one array per
axis: the world stores agents by axis, SoA). A view is meaningful until the
next step, restore or agent change; after that its memory stays allocated
(the view keeps it alive, even past close()), so reading an old view never
touches freed memory, but its values are those of whatever the world keeps
there now. `view.is_current` tells; `.copy()` keeps values. `positions()`
and `velocities()` return (N, dim) copies.
"""
import difflib
import functools
import math
import threading
from typing import Any, Dict, NamedTuple, Optional, Sequence

import numpy as np

from . import _arrays, _errors
from ._errors import BadSnapshot, ClosedError, InStep, ScenarioError, invalid
from ._steer import ffi, lib
from .behaviours import UP, FlowField
from .scheduler import SchedulerError, _Binding, _Task

# name -> the steer_behaviour value the header gives it: weights are indexed by value, so a behaviour
# inserted in the C enum (its priority order) needs no change here (but see docs/design.md, "Changing the
# group def or adding a behaviour", for what it changes elsewhere).
BEHAVIOURS = {name: getattr(lib, "STEER_" + name.upper()) for name in (
    "avoid_obstacles", "avoid_walls", "contain", "avoid_neighbours", "anticipate", "queue", "separation", "evade",
    "flee", "pursue", "seek", "arrive", "follow_leader", "follow_wall", "follow_path", "follow_flow", "alignment",
    "cohesion", "wander")}
COMBINE = {"blend": lib.STEER_COMBINE_BLEND, "priority": lib.STEER_COMBINE_PRIORITY,
           "running_sum": lib.STEER_COMBINE_RUNNING_SUM, "dither": lib.STEER_COMBINE_DITHER}
BOUNDARY = {"wrap": lib.STEER_BOUNDARY_WRAP, "clamp": lib.STEER_BOUNDARY_CLAMP, "none": lib.STEER_BOUNDARY_NONE}
GOAL_KINDS = {"none": lib.STEER_GOAL_NONE, "seek": lib.STEER_GOAL_SEEK, "arrive": lib.STEER_GOAL_ARRIVE,
              "path": lib.STEER_GOAL_PATH, "waypoints": lib.STEER_GOAL_WAYPOINTS}
KERNELS = {ffi.string(lib.steer_kernel_name(k)).decode(): k for k in range(lib.STEER_KERNEL_COUNT)}
# steer_goal's fields set_targets fills, where the compiler laid them (the rest stay zero)
assert ffi.sizeof("steer_goal_kind") == 4
_GOAL_DTYPE = np.dtype({"names": ["kind", "target", "slow_radius", "speed", "path"],
                        "formats": ["i4", ("f4", 3), "f4", "f4", "i4"],
                        "offsets": [ffi.offsetof("steer_goal", f) for f in ("kind", "target", "slow_radius", "speed", "path")],
                        "itemsize": ffi.sizeof("steer_goal")})


def _unknown(what: str, name: str, known) -> Exception:
    """The error for a name that is not one of known: the nearest known name first (a typo, the other
    spelling: neighbor_radius, or the scenario files' word: anticipation), then all of them."""
    near = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    hint = f"did you mean {near[0]!r}? " if near else ""
    return invalid(f"{what} {name!r} ({hint}one of {', '.join(known)})")


def _set_world_fields(d, fields: dict, unknown: str, keywords=()) -> None:
    """The world def's integer and boolean fields from keyword arguments; any other name is refused (the
    caller's own keywords named among the ones it takes)."""
    for name, value in fields.items():
        if name == "seed":
            d.seed = _seed(value)
        elif name in _WORLD_INTS:
            setattr(d, name, _int(value, name))
        elif name in _WORLD_BOOLS:
            setattr(d, name, _arrays.flag(value, name))
        else:
            raise _unknown(unknown, name, tuple(keywords) + _WORLD_INTS + _WORLD_BOOLS)


def library_version() -> str:
    """The linked C library's version, "MAJOR.MINOR.PATCH" (steer.__version__ is the package's)."""
    return ffi.string(lib.steer_version()).decode()


def kernel_available(kernel: str) -> bool:
    """Whether this CPU and build can run the neighbour kernel `kernel` (a key of KERNELS)."""
    if kernel not in KERNELS:
        raise invalid(f"kernel = {kernel!r}: must be one of {', '.join(KERNELS)}")
    return bool(lib.steer_kernel_available(KERNELS[kernel]))


def _read_snapshot_info(raw: bytes, what: str):
    """The C steer_snapshot_info of raw, or BadSnapshot saying why, prefixed with `what`."""
    info = ffi.new("steer_snapshot_info *")
    if lib.steer_world_snapshot_info(raw, len(raw), info) != lib.STEER_OK:
        raise BadSnapshot(f"{what}: {ffi.string(info.problem).decode()}", name="STEER_ERROR_BAD_SNAPSHOT",
                          result="STEER_ERROR_BAD_SNAPSHOT")
    return info


def _snapshot_bytes(data) -> bytes:
    """A snapshot as save() gave it: bytes, bytearray, a memoryview, or a 1-D uint8 numpy array (one read back
    from an .npz or HDF5 file)."""
    if isinstance(data, np.ndarray) and data.dtype == np.uint8 and data.ndim == 1:
        return data.tobytes()
    if not isinstance(data, (bytes, bytearray, memoryview)):
        what = f"numpy array of {data.dtype}, shape {data.shape}" if isinstance(data, np.ndarray) else type(data).__name__
        raise invalid(f"data: {what}: must be bytes from save() (or a 1-D uint8 array of them)")
    return bytes(data)


def snapshot_info(data) -> Dict[str, Any]:
    """What a snapshot from World.save() holds, without restoring it: version, dim, up ("z" or "y"),
    boundary, bounds, cell_size, max_dt, seed, steps, and the counts a world needs room for
    (agent_slots is the capacity, grid_capacity the capacity that continues it bit for bit; group_count,
    obstacle_count, ... the max_ fields). Raises BadSnapshot
    saying why for bytes that are not a whole snapshot this build reads. Checks the layout, not every
    value: restore can still refuse a snapshot this accepts."""
    data = _snapshot_bytes(data)
    info = _read_snapshot_info(data, "snapshot_info")
    dim = info.dim
    out = {"version": info.version, "dim": dim, "up": "y" if info.up == lib.STEER_UP_Y else "z",
           "boundary": next(k for k, v in BOUNDARY.items() if v == info.boundary),
           "bounds_min": (info.bounds_min.x, info.bounds_min.y, info.bounds_min.z)[:dim],
           "bounds_max": (info.bounds_max.x, info.bounds_max.y, info.bounds_max.z)[:dim],
           "cell_size": info.cell_size, "max_dt": info.max_dt, "seed": int(info.seed), "steps": int(info.steps)}
    for key in ("agent_count", "agent_slots", "grid_capacity", "group_count", "obstacle_count", "wall_count", "path_count",
                "flow_field_count", "goal_count", "formation_count"):
        out[key] = getattr(info, key)
    return out


_GROUP_SCALARS = ("max_speed", "max_force", "mass", "radius", "max_turn_rate", "reverse_speed", "neighbour_radius", "separation_radius",
                  "field_of_view", "slow_radius", "arrival_tolerance", "arrival_speed", "departure_distance",
                  "waypoint_radius", "panic_distance", "chase_radius", "max_prediction", "path_predict", "path_ahead",
                  "flow_predict", "contain_margin", "see_ahead", "see_ahead_time", "priority", "arrived_priority", "anticipation_k", "anticipation_tau0",
                  "avoid_horizon", "avoid_margin", "keep_right", "queue_distance", "queue_time_gap", "leader_behind", "leader_sight")
_GROUP_INTS = ("neighbour_mask", "pursue_group", "evade_group", "path", "flow_field", "colour")
_GROUP_BOOLS = ("desired_forms", "ground_plane", "chapter_arrive", "keep_apart")
_GROUP_VECTORS = ("target", "threat", "contain_min", "contain_max")
# the group's small structs, given as dicts: {"radius": 1, "distance": 2, "jitter": 4}
_GROUP_STRUCTS = {"wander": ("radius", "distance", "jitter"),
                  "feelers": ("length", "whisker_angle", "whisker_length"),
                  "wall_follow": ("range", "desired_distance", "gain")}
# every keyword add_group and set_group take
_GROUP_FIELDS = (("behaviours", "probabilities", "combine", "leader") + _GROUP_SCALARS + _GROUP_INTS + _GROUP_BOOLS
                 + _GROUP_VECTORS + tuple(_GROUP_STRUCTS))
_WORLD_INTS = ("capacity", "max_groups", "max_obstacles", "max_walls", "max_paths", "max_flow_fields",
               "penetration_iterations", "seed")
_WORLD_BOOLS = ("solid_obstacles", "solid_walls", "non_penetration", "keep_headings", "agent_radii")
STANDARD_FLOCK_DT = 1.0 / 60.0  # STEER_STANDARD_FLOCK_DT, as a C float
MAX_FORMATION_MEMBERS = lib.STEER_MAX_FORMATION_MEMBERS
MAX_FORMATIONS = lib.STEER_MAX_FORMATIONS
_SCENARIO_ERROR_SIZE = 32768  # STEER_SCENARIO_ERROR_SIZE (tools/scenario/scenario_json.h): every error the reader keeps
_GOAL_KEYS = {"kind", "target", "slow_radius", "speed", "path", "points", "progress"}  # set_goal's, but the agent


class AgentId(NamedTuple):
    """A stable, generation-checked agent handle (steer_agent_id)."""
    index: int
    generation: int
    world: int


class _Owner:
    """Owns one C world; destroyed when the World and every view of it are gone."""

    def __init__(self, pointer, scheduler=None):
        self.pointer = pointer
        self.scheduler = scheduler  # (handle, _Binding): alive as long as the C world that calls it

    def __del__(self):
        pointer = getattr(self, "pointer", None)  # None too for an _Owner whose __init__ never ran
        if pointer is not None:
            lib.steer_world_destroy(pointer)
            self.pointer = None


class _Memory:
    """A read-only float32 or uint8 array over world memory, keeping its owner alive."""

    def __init__(self, owner, pointer, count, typestr):
        self.owner = owner
        address = int(ffi.cast("uintptr_t", pointer)) if count else 0
        self.__array_interface__ = {"version": 3, "shape": (count,), "typestr": typestr,
                                    "data": (address, True)}


class _ViewFields(NamedTuple):
    x: np.ndarray
    y: np.ndarray
    z: Optional[np.ndarray]
    vx: np.ndarray
    vy: np.ndarray
    vz: Optional[np.ndarray]
    group: np.ndarray
    step: int
    world: "World"
    hx: Optional[np.ndarray] = None
    hy: Optional[np.ndarray] = None
    hz: Optional[np.ndarray] = None
    radius: Optional[np.ndarray] = None


class WorldView(_ViewFields):
    """Zero-copy, read-only arrays of the live agents in the world's internal order.

    x, y, z (None in 2D): positions; vx, vy, vz (None in 2D): velocities; group: uint8 group indices; step: the
    world's step count (World.step_count) when the view was taken; world: the World; hx, hy, hz: the headings
    of a world made with keep_headings (None without; hz None in 2D); radius: each agent's own body radius in a
    world made with agent_radii (0 where it has none: its group's radius is its body's then; None without).
    is_current tells whether
    the world has changed since (a step, an agent added, removed or moved, a goal, a restore, close): that is
    the binding's own count of changes, kept apart from step, since changes happen between steps too."""

    def __new__(cls, *fields, version=None):
        view = super().__new__(cls, *fields)
        view._version = version  # World._version when taken: the change count is_current compares
        return view

    @property
    def count(self) -> int:
        """The agents in the view (len(view) is the tuple's field count, as for any NamedTuple)."""
        return len(self.x)

    @property
    def is_current(self) -> bool:
        """Whether the world has not changed since the view was taken."""
        version = getattr(self, "_version", None)
        return version is not None and self.world._version == version

    @property
    def ids(self) -> np.ndarray:
        """The handles of the view's rows, in its order ((count, 3) uint32, World.agent_ids()): row k is agent
        ids[k]. Read from the world on first use and kept; a view whose world has changed before that refuses
        (SteerError: its rows may no longer be the world's agents), so take ids with the view when a change may
        come between."""
        ids = getattr(self, "_ids", None)
        if ids is None:
            if not self.is_current:
                raise _errors.SteerError(f"view.ids: the world has changed since this view was taken (at step {self.step}): "
                                         "its rows may no longer be the world's agents; take a new view")
            ids = self.world.agent_ids()
            ids.flags.writeable = False
            self._ids = ids
        return ids


def _goal_dtype():
    """steer_goal's fields as a numpy record, at the offsets the C compiler gave them."""
    fields = (("kind", f"<i{ffi.sizeof('steer_goal_kind')}"), ("target", ("<f4", 3)), ("slow_radius", "<f4"), ("speed", "<f4"), ("path", "<i4"),
              ("point_count", "<i4"), ("progress", "<i4"), ("arrived", "u1"), ("from", ("<f4", 3)))
    return np.dtype({"names": [f for f, _ in fields], "formats": [t for _, t in fields],
                     "offsets": [ffi.offsetof("steer_goal", f) for f, _ in fields], "itemsize": ffi.sizeof("steer_goal")})


def _vec3(value, name, dim):
    a = _arrays.rows(value, name, dim)
    if a.ndim != 1:
        raise invalid(f"{name}: shape {a.shape}: must be ({dim},)")
    return ffi.new("steer_v3 *", [float(a[0]), float(a[1]), float(a[2]) if dim == 3 else 0.0])[0]


def _ids(ids, name="ids"):
    a = np.asarray(ids)
    if a.dtype != np.uint32 or a.ndim != 2 or a.shape[1] != 3:
        raise invalid(f"{name}: {a.dtype} {a.shape}: must be a uint32 array of shape (N, 3) "
                      "(rows of index, generation, world: what add_agents returns)")
    a = np.ascontiguousarray(a)  # a slice such as ids[::2]: the handles are copied into C's structs anyway
    out = ffi.new("steer_agent_id[]", max(len(a), 1))
    lib.py_ids_to_array(ffi.cast("const uint32_t *", ffi.from_buffer(a)), len(a), out)
    return out, len(a)


_int = _arrays.integer  # the shared check of an index or count: an int, never a float truncated


def _seed(value, name="seed"):
    """A seed for a C uint64_t: an int in [0, 2**64)."""
    return _int(value, name, 0, 2**64, "must be in [0, 2**64)")


class World:
    """A 2D or 3D world of agents, stepped deterministically in C.

    World(dim=2, capacity=1024, bounds_min=(-50,-50), bounds_max=(50,50), boundary="wrap", threads=1,
          up="z", seed=0, scheduler=None, ...) takes the fields of steer_world_def by name; bounds_min and
    bounds_max are dim numbers each (a 3D world: (-50,-50,-50), (50,50,50)). World.standard_flock(N)
    and World.from_scenario(path) build the common worlds. Then add_group (behaviours, combine, probabilities,
    wander, feelers, wall_follow, ...), add_obstacle / add_wall / add_path / add_flow_field, add_agents, step,
    view, goals (set_goal, set_goals, set_targets), formations, state_hash, save/restore, draw; close() (or
    `with World(...) as w:`) releases it. scheduler: an object with enqueue(run, item_count, min_range) and
    finish(token) that runs the step's tasks (steer.scheduler: ThreadScheduler, SerialScheduler; the same bits
    as the built-in pool of `threads`).
    """

    def __init__(self, dim: int = 2, capacity: int = 1024, *, bounds_min=None, bounds_max=None, boundary="wrap",
                 threads: int = 1, cell_size: float = 0.0, max_dt: float = 0.0, up: str = "z",
                 scheduler: Any = None, **fields):
        d = lib.steer_default_world_def()
        if up not in UP:
            raise invalid(f"up = {up!r}: must be one of {', '.join(UP)}")
        d.up = UP[up]
        d.dim = _int(dim, "dim")
        if d.dim == 2 and up != "z":  # the library ignores it in 2D: not dropped without a word either
            raise invalid(f"up = {up!r}: a 2D world lies in the XY plane and has no up axis to choose (up is for 3D)")
        d.capacity = _int(capacity, "capacity")
        if boundary not in BOUNDARY:
            raise invalid(f"boundary = {boundary!r}: must be one of {', '.join(BOUNDARY)}")
        d.boundary = BOUNDARY[boundary]
        d.worker_count = _int(threads, "threads")
        d.cell_size = _arrays.scalar(cell_size, "cell_size")
        d.max_dt = _arrays.scalar(max_dt, "max_dt")
        for name, value in (("bounds_min", bounds_min), ("bounds_max", bounds_max)):
            if value is not None and d.dim in (2, 3):  # another dim: the library refuses it (WORLD_DEF_DIM)
                try:
                    shape = np.asarray(value).shape
                except ValueError:  # ragged
                    shape = None
                if shape != (d.dim,):  # a third bound for a 2D world is not dropped without a word
                    raise invalid(f"{name} = {value!r}: must be {d.dim} numbers, one per axis of a {d.dim}D world")
                setattr(d, name, _vec3(value, name, d.dim))
        _set_world_fields(d, fields, "World: unknown field", ("dim", "bounds_min", "bounds_max", "boundary", "threads",
                                                             "cell_size", "max_dt", "up", "scheduler"))
        binding = _scheduler(d, scheduler)
        _errors.begin()
        self._adopt(lib.steer_world_create(ffi.new("steer_world_def *", d)), "steer_world_create", binding)

    def __reduce_ex__(self, protocol):
        raise TypeError("a World cannot be pickled or copied (it is a C world, perhaps with a scheduler): "
                        "save() gives its state as bytes, and restore(data) on a World made with the same "
                        "fields continues it bit for bit")

    def _adopt(self, pointer, what, scheduler=None):
        if pointer == ffi.NULL:
            _errors.raise_reported(lib.STEER_ERROR_INVALID_ARGUMENT, what)
        self._busy = threading.RLock()  # held by the thread in a call (_one_thread_at_a_time)
        self._owner = _Owner(pointer, scheduler)
        self._version = 0
        self._step_arrivals = None  # step(steps > 1): the arrivals of all its steps (arrivals())
        self.dim = self._def().dim
        self.scenario_dt = None
        self.scenario_steps = None

    @classmethod
    def _wrap(cls, pointer, what, scheduler=None):
        world = cls.__new__(cls)
        world._adopt(pointer, what, scheduler)
        return world

    @classmethod
    def standard_flock(cls, agents: int, dim: int = 2, neighbours: float = 16.0, seed: int = 1,
                       threads: int = 1, scheduler: Any = None, extra_capacity: int = 0, **fields) -> "World":
        """The standard flock of `steer bench` (steer/standard_flock.h): step it with STANDARD_FLOCK_DT.

        With a scheduler, extra_capacity or other World fields (max_obstacles=..., solid_obstacles=True, ...),
        the world is made from the flock's def (steer_standard_flock_world_def) enlarged by them, then
        populated (steer_standard_flock_populate): the same flock, the same bits, with room for more."""
        fd = lib.steer_default_standard_flock_def()
        fd.agents, fd.dim, fd.worker_count = _int(agents, "agents"), _int(dim, "dim"), _int(threads, "threads")
        fd.neighbours = _arrays.scalar(neighbours, "neighbours", "must be > 0", lambda v: v > 0)
        fd.seed = _seed(seed)
        if fd.agents < 1 or fd.dim not in (2, 3):
            raise invalid(f"standard_flock: agents = {agents}, dim = {dim}: need agents >= 1 and dim 2 or 3")
        fdp = ffi.new("steer_standard_flock_def *", fd)
        if scheduler is None and not extra_capacity and not fields:
            _errors.begin()
            return cls._wrap(lib.steer_standard_flock_create(fdp), "steer_standard_flock_create")
        d = ffi.new("steer_world_def *")
        _errors.begin()
        _errors.check(lib.steer_standard_flock_world_def(fdp, d), "steer_standard_flock_world_def")
        d.capacity += _int(extra_capacity, "extra_capacity", 0, 2**31 - d.capacity,
                           "must be >= 0 (and the total an int)")
        _set_world_fields(d, fields, "standard_flock: unknown World field")
        binding = _scheduler(d, scheduler)
        _errors.begin()
        world = cls._wrap(lib.steer_world_create(d), "steer_world_create", binding)
        _errors.begin()
        _errors.check(lib.steer_standard_flock_populate(world._w, fdp), "steer_standard_flock_populate")
        return world

    @classmethod
    def from_scenario(cls, path: str, seed: Optional[int] = None, threads: int = 0) -> "World":
        """A world from a scenario file, read as `steer run` reads it (same JSON, same error lines).

        scenario_dt and scenario_steps hold the file's dt and steps."""
        sc = lib.steer_scenario_create()
        if sc == ffi.NULL:
            raise MemoryError("steer_scenario_create")
        try:
            error = ffi.new("char[]", _SCENARIO_ERROR_SIZE)
            if lib.steer_scenario_load_json_file(sc, str(path).encode(), error, _SCENARIO_ERROR_SIZE) != 0:
                text = ffi.string(error).decode(errors="replace")
                raise ScenarioError(text, name="scenario", result="STEER_ERROR_INVALID_ARGUMENT")
            ov = ffi.new("steer_scenario_overrides *")
            if seed is not None:
                ov.set_seed, ov.seed = True, _seed(seed)
            ov.threads = _int(threads, "threads")
            info = lib.steer_scenario_get_info(sc)
            _errors.begin()
            pointer = lib.steer_scenario_create_world(sc, ov, error, _SCENARIO_ERROR_SIZE)
            if pointer == ffi.NULL:
                raise ScenarioError(f"{path}: {ffi.string(error).decode(errors='replace')}", name="scenario")
            world = cls._wrap(pointer, "steer_scenario_create_world")
            world.scenario_dt, world.scenario_steps = info.dt, info.steps
            return world
        finally:
            lib.steer_scenario_destroy(sc)

    # ---- lifetime ----------------------------------------------------------
    @property
    def _w(self):
        owner = getattr(self, "_owner", None)
        if owner is None:
            raise ClosedError("the world was closed", name="closed")
        return owner.pointer

    def close(self) -> None:
        """Release the world. Views taken earlier stay readable (they hold its memory until dropped)."""
        self._owner = None
        self._version += 1

    @property
    def closed(self) -> bool:
        """Whether close() has released the C world."""
        return getattr(self, "_owner", None) is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _def(self):
        out = ffi.new("steer_world_def *")
        _errors.check(lib.steer_world_get_def(self._w, out), "steer_world_get_def")
        return out

    @property
    def up(self) -> str:
        """The up axis of a 3D world: "z" (default) or "y" (a 2D world: "z")."""
        return next(k for k, v in UP.items() if v == self._def().up)

    @property
    def bounds(self):
        """The world box as (bounds_min, bounds_max), (dim,) float32 each."""
        d = self._def()
        return tuple(np.array([v.x, v.y, v.z][:self.dim], np.float32) for v in (d.bounds_min, d.bounds_max))

    # ---- groups and objects --------------------------------------------------
    def _group_def(self, base, fields, whole_weights=False):
        gd = ffi.new("steer_group_def *", base)
        for name, value in fields.items():
            if name == "behaviours":
                if whole_weights:  # the weights named are the group's, as in a scenario file
                    for i in BEHAVIOURS.values():
                        gd.weight[i] = 0.0
                for behaviour, weight in dict(value).items():
                    if behaviour not in BEHAVIOURS:
                        raise _unknown("behaviours: unknown behaviour", behaviour, BEHAVIOURS)
                    gd.weight[BEHAVIOURS[behaviour]] = _arrays.scalar(weight, f"behaviours[{behaviour!r}]")
            elif name == "probabilities":  # DITHER: the chance each behaviour is tried, in (0, 1]
                for behaviour, p in dict(value).items():
                    if behaviour not in BEHAVIOURS:
                        raise _unknown("probabilities: unknown behaviour", behaviour, BEHAVIOURS)
                    gd.probability[BEHAVIOURS[behaviour]] = _arrays.scalar(p, f"probabilities[{behaviour!r}]")
            elif name in _GROUP_STRUCTS:
                for key, v in dict(value).items():
                    if key not in _GROUP_STRUCTS[name]:
                        raise _unknown(f"{name}: unknown field", key, _GROUP_STRUCTS[name])
                    setattr(getattr(gd, name), key, _arrays.scalar(v, f"{name}[{key!r}]"))
            elif name == "combine":
                if value not in COMBINE:
                    raise invalid(f"combine = {value!r}: must be one of {', '.join(COMBINE)}")
                gd.combine = COMBINE[value]
            elif name == "leader":  # FOLLOW_LEADER's agent: a handle of this world
                gd.leader = self._id(value)
            elif name in _GROUP_SCALARS:
                setattr(gd, name, _arrays.scalar(value, name))
            elif name in ("neighbour_mask", "colour"):  # uint32_t
                setattr(gd, name, _int(value, name, 0, 2**32, "must be in [0, 2**32)"))
            elif name in _GROUP_INTS:
                setattr(gd, name, _int(value, name))
            elif name in _GROUP_BOOLS:
                setattr(gd, name, _arrays.flag(value, name))
            elif name in _GROUP_VECTORS:
                setattr(gd, name, _vec3(value, name, self.dim))
            else:
                raise _unknown("group: unknown field", name, _GROUP_FIELDS)
        return gd

    def add_group(self, standard_flock: bool = False, crowd: bool = False, **fields) -> int:
        """Add a species and return its index. Fields of steer_group_def by name, plus
        behaviours={"separation": 1.5, ...} (weights) and combine="blend"|"priority"|"running_sum"|"dither",
        probabilities={"wander": 0.5, ...} (DITHER: each behaviour is tried with this chance, default 1),
        wander={"radius", "distance", "jitter"}, feelers={"length", "whisker_angle", "whisker_length"}
        (AVOID_WALLS), wall_follow={"range", "desired_distance", "gain"} (FOLLOW_WALL), as dicts of some keys.
        standard_flock=True starts from the standard flock's group instead of the defaults; crowd=True from a
        crowd's walker (steer_crowd_group_def: anticipation first in a running sum, keep_apart, no flocking),
        whose agents then go where their own goals send them.
        behaviours= is the whole weight table, as in a scenario file: a behaviour not named has weight 0.
        Without it the group keeps the base def's weights, and steer_default_group_def flocks (separation
        1.5, alignment 1, cohesion 1). set_group(behaviours=...) changes only the weights it names."""
        if _arrays.flag(standard_flock, "standard_flock") and _arrays.flag(crowd, "crowd"):
            raise invalid("standard_flock = True, crowd = True: each is a starting def; give one")
        base = (lib.steer_standard_flock_group_def() if standard_flock else
                lib.steer_crowd_group_def() if crowd else lib.steer_default_group_def())
        gd = self._group_def(base, fields, whole_weights=True)
        _errors.begin()
        return _errors.check(lib.steer_world_add_group(self._w, gd), "steer_world_add_group")

    def set_group(self, group: int, **fields) -> None:
        """Live tuning: change some fields of group `group` (agents keep their state); behaviours=
        changes the weights it names and keeps the others."""
        index = _int(group, "group")
        if not 0 <= index < self.group_count:  # refused by set_group itself (its index check comes first)
            _errors.begin()
            _errors.check(lib.steer_world_set_group(self._w, index, ffi.NULL), "steer_world_set_group")
        gd = self._group_def(self._get_group(index)[0], fields)
        _errors.begin()
        _errors.check(lib.steer_world_set_group(self._w, index, gd), "steer_world_set_group")
        self._version += 1

    def _get_group(self, group):
        out = ffi.new("steer_group_def *")
        _errors.begin()
        _errors.check(lib.steer_world_get_group(self._w, _int(group, "group"), out), "steer_world_get_group")
        return out

    def get_group(self, group: int) -> Dict[str, Any]:
        """Group `group`'s def as a dict of the fields add_group takes."""
        gd = self._get_group(group)
        out = {name: getattr(gd, name) for name in _GROUP_SCALARS + _GROUP_INTS + _GROUP_BOOLS}
        for name in _GROUP_VECTORS:
            v = getattr(gd, name)
            out[name] = (v.x, v.y, v.z)[:self.dim]
        out["behaviours"] = {b: gd.weight[i] for b, i in BEHAVIOURS.items() if gd.weight[i] != 0}
        out["probabilities"] = {b: gd.probability[i] for b, i in BEHAVIOURS.items()}
        for name, keys in _GROUP_STRUCTS.items():
            out[name] = {k: getattr(getattr(gd, name), k) for k in keys}
        out["combine"] = next(k for k, v in COMBINE.items() if v == gd.combine)
        out["leader"] = AgentId(gd.leader.index, gd.leader.generation, gd.leader.world)
        return out

    @property
    def group_count(self) -> int:
        """The groups added."""
        return lib.steer_world_group_count(self._w)

    def add_obstacle(self, centre, radius: float) -> int:
        """Add a sphere (a circle in 2D) agents avoid; returns its index."""
        _errors.begin()
        return _errors.check(lib.steer_world_add_obstacle(self._w, _vec3(centre, "centre", self.dim),
                                                          _arrays.scalar(radius, "radius")), "steer_world_add_obstacle")

    def set_obstacle(self, index: int, centre, radius: float) -> None:
        """Move or resize obstacle `index` (a door, a moving rock; set_obstacle_velocity tells avoidance its speed)."""
        _errors.begin()
        _errors.check(lib.steer_world_set_obstacle(self._w, _int(index, "index"), _vec3(centre, "centre", self.dim),
                                                   _arrays.scalar(radius, "radius")), "steer_world_set_obstacle")

    def set_obstacle_velocity(self, index: int, velocity) -> None:
        """Declare how obstacle `index` moves: anticipate and avoid_neighbours predict it with this velocity
        (and it never yields). A step does not move it: set_obstacle does, as your physics does, or move_obstacles."""
        _errors.begin()
        _errors.check(lib.steer_world_set_obstacle_velocity(self._w, _int(index, "index"), _vec3(velocity, "velocity", self.dim)),
                      "steer_world_set_obstacle_velocity")
        self._version += 1

    def move_obstacles(self, dt: float) -> None:
        """Move every obstacle with a velocity by velocity * dt (before a step, with its dt, as steer run moves a
        scenario file's): back in on a torus, off a clamped box's faces (the velocity turned); those at rest stay."""
        _errors.begin()
        _errors.check(lib.steer_world_move_obstacles(self._w, _arrays.scalar(dt, "dt")), "steer_world_move_obstacles")
        self._version += 1

    def get_obstacle_velocity(self, index: int) -> np.ndarray:
        """The velocity declared for obstacle `index` (zero by default)."""
        if not 0 <= _int(index, "index") < self.obstacle_count:
            raise invalid(f"index = {index}: no such obstacle (the world has {self.obstacle_count})")
        v = lib.steer_world_get_obstacle_velocity(self._w, _int(index, "index"))
        return np.array([v.x, v.y, v.z][:self.dim], np.float32)

    def get_obstacle(self, index: int):
        """Obstacle `index` as it is now: (centre, radius)."""
        out = ffi.new("steer_obstacle3 *")
        _errors.begin()
        _errors.check(lib.steer_world_get_obstacle(self._w, _int(index, "index"), out), "steer_world_get_obstacle")
        return np.array([out.centre.x, out.centre.y, out.centre.z][:self.dim], np.float32), float(out.radius)

    def get_wall(self, index: int):
        """Wall `index` as added: its ends (a, b)."""
        out = ffi.new("steer_segment3 *")
        _errors.begin()
        _errors.check(lib.steer_world_get_wall(self._w, _int(index, "index"), out), "steer_world_get_wall")
        return (np.array([out.a.x, out.a.y, out.a.z][:self.dim], np.float32),
                np.array([out.b.x, out.b.y, out.b.z][:self.dim], np.float32))

    def clear_obstacles(self) -> None:
        """Remove every obstacle."""
        lib.steer_world_clear_obstacles(self._w)

    @property
    def obstacle_count(self) -> int:
        """The obstacles added."""
        return lib.steer_world_obstacle_count(self._w)

    def add_wall(self, a, b) -> int:
        """Add a wall from a to b (in 3D it stands along the up axis); returns its index."""
        _errors.begin()
        return _errors.check(lib.steer_world_add_wall(self._w, _vec3(a, "a", self.dim), _vec3(b, "b", self.dim)),
                             "steer_world_add_wall")

    def set_wall(self, index: int, a, b) -> None:
        """Move wall `index` to a-b (a sliding door, a barricade put up elsewhere); its index stays. Agents are
        not swept along: one the wall now crosses stays where it is."""
        _errors.begin()
        _errors.check(lib.steer_world_set_wall(self._w, _int(index, "index"), _vec3(a, "a", self.dim),
                                               _vec3(b, "b", self.dim)), "steer_world_set_wall")

    def set_wall_height(self, index: int, bottom: float = -math.inf, top: float = math.inf) -> None:
        """3D: wall `index` stands from `bottom` to `top` along the up axis (a fence a flyer passes over, a
        railing of one floor); added, a wall stands at every height. An agent meets it only while its body (its
        group's radius) reaches into that height: feelers, keep_apart, solid walls and a waypoint's sight all
        ask so. Moving the wall (set_wall) keeps its height."""
        _errors.begin()
        ends = []
        for value, name in ((bottom, "bottom"), (top, "top")):  # infinite allowed: no end that way
            if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, (int, float, np.floating, np.integer)):
                raise invalid(f"{name} = {value!r}: must be a number")
            ends.append(float(value))
        _errors.check(lib.steer_world_set_wall_height(self._w, _int(index, "index"), ends[0], ends[1]),
                      "steer_world_set_wall_height")

    def wall_height(self, index: int) -> tuple:
        """Wall `index`'s (bottom, top) along the up axis: (-inf, inf) for a wall of every height."""
        bottom, top = ffi.new("float *"), ffi.new("float *")
        _errors.begin()
        _errors.check(lib.steer_world_get_wall_height(self._w, _int(index, "index"), bottom, top),
                      "steer_world_get_wall_height")
        return (float(bottom[0]), float(top[0]))

    def clear_walls(self) -> None:
        """Remove every wall (the next add_wall is index 0 again)."""
        lib.steer_world_clear_walls(self._w)

    @property
    def wall_count(self) -> int:
        """The walls added."""
        return lib.steer_world_wall_count(self._w)

    def add_path(self, points, closed: bool = False, radius: float = 1.0) -> int:
        """A world path (for FOLLOW_PATH groups and PATH goals) from (K, dim) points."""
        pts = self._points3(points, "points")
        _errors.begin()
        return _errors.check(lib.steer_world_add_path(self._w, pts, len(pts), _arrays.flag(closed, "closed"),
                                                      _arrays.scalar(radius, "radius")), "steer_world_add_path")

    def set_path(self, index: int, points, closed: bool = False, radius: float = 1.0) -> None:
        """Replace path `index` with new (K, dim) points (a route found again, an edited patrol): the groups and
        PATH goals on it follow the new one from the next step. Refused bad points leave the old path."""
        pts = self._points3(points, "points")
        _errors.begin()
        _errors.check(lib.steer_world_set_path(self._w, _int(index, "index"), pts, len(pts), _arrays.flag(closed, "closed"),
                                               _arrays.scalar(radius, "radius")), "steer_world_set_path")

    @property
    def path_count(self) -> int:
        """The paths added."""
        return lib.steer_world_path_count(self._w)

    def add_flow_field(self, field: Any, origin=None, cell_size: Optional[float] = None) -> int:
        """A world flow field (for FOLLOW_FLOW groups: flow_field=index) from a steer.behaviours.FlowField, or
        from vectors (ny, nx, 2) in 2D / (nz, ny, nx, 3) in 3D, float32, with origin and cell_size. Returns its
        index. The values are checked by the library (STEER_MISUSE_FLOW_FIELD_*)."""
        if isinstance(field, FlowField):
            if origin is not None or cell_size is not None:
                raise invalid("add_flow_field: a FlowField carries its origin and cell_size: pass only it")
            if field.dim != self.dim:
                raise invalid(f"field: a {field.dim}D FlowField for a {self.dim}D world")
            vectors, origin, cell_size = field.vectors, field.origin, field.cell_size
        else:
            if origin is None or cell_size is None:
                raise invalid("add_flow_field: vectors need origin and cell_size")
            vectors = _arrays.floats(field, "vectors", "(ny, nx, 2) or (nz, ny, nx, 3)")
        want = 3 if self.dim == 2 else 4
        if vectors.ndim != want or vectors.shape[-1] != self.dim or vectors.size == 0:
            shape = "(ny, nx, 2)" if self.dim == 2 else "(nz, ny, nx, 3)"
            raise invalid(f"vectors: shape {vectors.shape}: must be {shape} for a {self.dim}D world, every size >= 1")
        nz, ny, nx = (1,) + vectors.shape[:2] if self.dim == 2 else vectors.shape[:3]
        flat = np.zeros((nx * ny * nz, 3), np.float32)
        flat[:, :self.dim] = vectors.reshape(-1, self.dim)
        o = _arrays.floats(origin, "origin", f"({self.dim},)")
        if o.shape != (self.dim,):
            raise invalid(f"origin: shape {o.shape}: must be ({self.dim},)")
        o3 = ffi.new("steer_v3 *", [float(o[0]), float(o[1]), float(o[2]) if self.dim == 3 else 0.0])[0]
        try:
            c = float(cell_size)
        except (TypeError, ValueError):
            raise invalid(f"cell_size = {cell_size!r}: must be a number") from None
        _errors.begin()
        return _errors.check(lib.steer_world_add_flow_field(self._w, o3, c, nx, ny, nz,
                                                            ffi.cast("const steer_v3 *", ffi.from_buffer(flat))),
                             "steer_world_add_flow_field")

    def _points3(self, points, name):
        a = _arrays.finite(_arrays.floats(points, name, f"(K, {self.dim})"), name)
        if a.ndim != 2 or a.shape[1] != self.dim or len(a) == 0:
            raise invalid(f"{name}: shape {a.shape}: must be (K, {self.dim}) with K >= 1")
        return ffi.new("steer_v3[]", [(float(p[0]), float(p[1]), float(p[2]) if self.dim == 3 else 0.0) for p in a])

    # ---- agents ----------------------------------------------------------------
    def add_agents(self, group: int, positions, velocities=None) -> np.ndarray:
        """Add N agents of one group from (N, dim) float32 arrays (velocities: None, at rest, or one (dim,) row for
        all); returns their handles, (N, 3) uint32.
        All or none (one C call, steer_world_add_agents): more than the world has room for raises
        CapacityError, and a refused row InvalidArgument naming it, before any is added."""
        p = _arrays.rows(positions, "positions", self.dim)
        if p.ndim != 2:
            raise invalid(f"positions: shape {p.shape}: must be (N, {self.dim})")
        v = np.zeros_like(p) if velocities is None else _arrays.rows(velocities, "velocities", self.dim)
        if v.shape == (self.dim,):  # one velocity for all (a crowd spawned walking one way)
            v = np.ascontiguousarray(np.broadcast_to(v, p.shape))
        if v.shape != p.shape:
            raise invalid(f"velocities: shape {v.shape}: must be {p.shape}, one per row of positions, or ({self.dim},)")
        w = self._w
        ids = np.zeros((len(p), 3), dtype=np.uint32)
        _errors.begin()
        result = lib.py_add_agents(w, _int(group, "group"), len(p), _arrays.pointer(p), _arrays.pointer(v), self.dim,
                                   ffi.cast("uint32_t *", ffi.from_buffer(ids)))
        self._version += 1
        if result == lib.STEER_ERROR_CAPACITY:
            capacity, count = self._def().capacity, lib.steer_world_agent_count(w)
            raise _errors.CapacityError(f"add_agents: {len(p)} agents: the world has room for {capacity - count} "
                                        f"more (capacity {capacity}, {count} live); none were added",
                                        name="STEER_ERROR_CAPACITY", result="STEER_ERROR_CAPACITY")
        if result != lib.STEER_OK:
            _errors.raise_result(result, "add_agents")
        return ids

    def add_agent(self, group: int, position, velocity=None) -> AgentId:
        """Add one agent; returns its handle."""
        pos = _vec3(position, "position", self.dim)
        vel = _vec3((0.0,) * self.dim if velocity is None else velocity, "velocity", self.dim)
        _errors.begin()
        aid = lib.steer_world_add_agent(self._w, _int(group, "group"), pos, vel)
        self._version += 1
        if aid.index == 0:
            if not _errors.reported():
                _errors.raise_result(lib.STEER_ERROR_CAPACITY, "steer_world_add_agent")
            _errors.raise_reported(lib.STEER_ERROR_INVALID_ARGUMENT, "steer_world_add_agent")
        return AgentId(aid.index, aid.generation, aid.world)

    @staticmethod
    def _id(agent):
        try:
            index, generation, world = agent
        except (TypeError, ValueError):
            raise invalid(f"agent = {agent!r}: must be a handle (index, generation, world)") from None
        if not all(isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)) and 0 <= x < 2**32
                   for x in (index, generation, world)):
            raise invalid(f"agent = {agent!r}: each of index, generation, world must be an int in [0, 2**32)")
        index, generation, world = int(index), int(generation), int(world)
        return ffi.new("steer_agent_id *", (index, generation, world))[0]

    def remove_agent(self, agent) -> None:
        """Remove one agent; its handle becomes stale (a new agent gets it only after the world's 2^31 - 1 reuses come round)."""
        _errors.begin()
        _errors.check(lib.steer_world_remove_agent(self._w, self._id(agent)), "steer_world_remove_agent")
        self._version += 1

    def teleport_agent(self, agent, position, velocity) -> None:
        """Put one agent at position with velocity (brought into the box as a step would)."""
        _errors.begin()
        _errors.check(lib.steer_world_teleport_agent(self._w, self._id(agent), _vec3(position, "position", self.dim),
                                                     _vec3(velocity, "velocity", self.dim)),
                      "steer_world_teleport_agent")
        self._version += 1

    def remove_agents(self, ids) -> None:
        """Bulk: remove the agents ids in one C call (a crowd's sink). Raises for the first that was already gone
        (the error's index is its position; one listed twice is gone the second time), after removing the others."""
        handles, n = self._handles(ids, "ids")
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = lib.steer_world_remove_agents(self._w, handles, n, results)
        self._version += 1
        if done != n:
            _errors.raise_bulk(results, n, done, "remove_agents", handles)

    def teleport_agents(self, ids, positions, velocities=None) -> None:
        """Bulk: put agent ids[i] at positions[i] with velocities[i] ((N, dim) float32 each, or one row for all;
        velocities None: each keeps its own), in one C call: units set on the terrain's height after each step,
        a crowd's source. Raises for the first refused id, after moving the others."""
        handles, n = self._handles(ids, "ids")
        p3, v3 = np.zeros((n, 3), np.float32), np.zeros((n, 3), np.float32)
        for name, value, out in (("positions", positions, p3), ("velocities", velocities, v3)):
            if value is None and name == "velocities":
                continue
            rows = _arrays.rows(value, name, self.dim)
            if rows.shape not in ((self.dim,), (n, self.dim)):
                raise invalid(f"{name}: shape {rows.shape}: must be ({n}, {self.dim}), one per id, or ({self.dim},)")
            out[:, :self.dim] = rows
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        vel = ffi.NULL if velocities is None else ffi.cast("const steer_v3 *", ffi.from_buffer(v3))
        done = lib.steer_world_teleport_agents(self._w, handles, ffi.cast("const steer_v3 *", ffi.from_buffer(p3)),
                                               vel, n, results)
        self._version += 1
        if done != n:
            _errors.raise_bulk(results, n, done, "teleport_agents", handles)

    def set_agent_group(self, agent, group: int) -> None:
        """Move one agent to another group, keeping its handle, state and goal: a unit given a move order can
        join a group of higher priority (idle units step aside for it) and return when it arrives."""
        _errors.begin()
        _errors.check(lib.steer_world_set_agent_group(self._w, self._id(agent), _int(group, "group")),
                      "steer_world_set_agent_group")
        self._version += 1

    def get_agent(self, agent):
        """(position, velocity, group) of one agent."""
        out = ffi.new("steer_agent_state *")
        _errors.begin()
        _errors.check(lib.steer_world_get_agent(self._w, self._id(agent), out), "steer_world_get_agent")
        p, v = out.position, out.velocity
        return (np.array([p.x, p.y, p.z][:self.dim], np.float32), np.array([v.x, v.y, v.z][:self.dim], np.float32),
                out.group)

    def get_agents(self, ids):
        """Bulk get_agent, in one C call: (positions (N, dim), velocities (N, dim), groups (N,)) in the order
        of ids. Raises for the first refused id (a gone agent: StaleHandle, its .index the position)."""
        out, n = self._bulk_read(ids, "steer_agent_state", lib.steer_world_get_agents, "get_agents")
        width = ffi.sizeof("steer_agent_state") // 4  # position, velocity, group: 4-byte fields
        rows = np.frombuffer(ffi.buffer(out, n * width * 4), np.float32).reshape(n, width)
        return (rows[:, 0:self.dim].copy(), rows[:, 3:3 + self.dim].copy(),
                rows[:, 6].view(np.int32).astype(np.int32))

    def get_heading(self, agent) -> np.ndarray:
        """The way one agent faces (a World made with keep_headings=True): a unit vector, its velocity's
        direction while it moves faster than its group's arrival_speed, kept while it is slower; in a group
        with a max_turn_rate, the way its turn limit turns it (the velocity its own steering gives it lies along
        it, pushes aside, so a unit at rest turns on the spot before it drives; held while it stands on its
        goal's end)."""
        out = ffi.new("steer_v3 *")
        _errors.begin()
        _errors.check(lib.steer_world_get_heading(self._w, self._id(agent), out), "steer_world_get_heading")
        return np.array([out.x, out.y, out.z][:self.dim], np.float32)

    def set_heading(self, agent, heading) -> None:
        """Turn one agent to face heading (normalised; on the ground for a ground_plane group)."""
        _errors.begin()
        _errors.check(lib.steer_world_set_heading(self._w, self._id(agent), _vec3(heading, "heading", self.dim)),
                      "steer_world_set_heading")
        self._version += 1

    def get_headings(self, ids) -> np.ndarray:
        """Bulk get_heading, in one C call: (N, dim) float32 in the order of ids. Raises for the first refused
        id (a gone agent: StaleHandle, its .index the position)."""
        out, n = self._bulk_read(ids, "steer_v3", lib.steer_world_get_headings, "get_headings")
        return np.frombuffer(ffi.buffer(out, n * 12), np.float32).reshape(n, 3)[:, :self.dim].copy()

    def set_radius(self, agent, radius: float) -> None:
        """Give one agent a body radius of its own (a World made with agent_radii=True), in place of its group's
        radius for keep_apart, non_penetration, the solids, avoidance and the predictive behaviours; 0 gives it
        its group's again. Refused: NaN, negative, infinite, or over half the neighbour_radius of a keep_apart
        group."""
        _errors.begin()
        _errors.check(lib.steer_world_set_radius(self._w, self._id(agent), float(radius)), "steer_world_set_radius")
        self._version += 1

    def get_radius(self, agent) -> float:
        """One agent's body radius: its own, else its group's (any world)."""
        out = ffi.new("float *")
        _errors.begin()
        _errors.check(lib.steer_world_get_radius(self._w, self._id(agent), out), "steer_world_get_radius")
        return float(out[0])

    def set_radii(self, ids, radii) -> None:
        """Bulk set_radius, in one C call: radii one number for all or an (N,) array (sizes drawn from a
        distribution, say). Raises for the first refused entry (the others are set)."""
        handles, n = self._handles(ids, "ids")
        r = np.ascontiguousarray(_arrays.column(radii, "radii", n), np.float32)
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = lib.steer_world_set_radii(self._w, handles, ffi.cast("const float *", ffi.from_buffer(r)), n, results)
        self._version += 1
        if done != n:
            _errors.raise_bulk(results, n, done, "set_radii", handles)

    def get_radii(self, ids) -> np.ndarray:
        """Bulk get_radius, in one C call: (N,) float32 in the order of ids. Raises for the first refused id."""
        out, n = self._bulk_read(ids, "float", lib.steer_world_get_radii, "get_radii")
        return np.frombuffer(ffi.buffer(out, n * 4), np.float32).copy()

    def is_valid(self, agent) -> bool:
        """Whether the handle names a live agent of this world (no error for a stale one)."""
        return bool(lib.steer_world_is_valid(self._w, self._id(agent)))

    def alive(self, ids) -> np.ndarray:
        """Bulk is_valid, one C call: a bool per id, True where it names a live agent of this world. A unit
        selected a while ago may have died; `ids[w.alive(ids)]` keeps the living for a bulk call, which raises
        for a gone one. A handle of another world is False too."""
        handles, n = self._handles(ids, "ids")
        out = ffi.new("steer_agent_state[]", max(n, 1))
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        lib.steer_world_get_agents(self._w, handles, out, n, results)  # a gone agent is a result, not misuse
        _errors.keep_reports(lambda name: name != "STEER_MISUSE_HANDLE_FOREIGN")  # not alive here: an answer
        self._raise_query_refusal("steer_world_get_agents")
        codes = np.frombuffer(ffi.buffer(results, n * ffi.sizeof("steer_result")), f"<i{ffi.sizeof('steer_result')}")
        return codes == lib.STEER_OK

    def __len__(self) -> int:
        return lib.steer_world_agent_count(self._w)

    agent_count = property(__len__)

    def view(self) -> WorldView:
        """Zero-copy read-only arrays of every live agent (see the module's note on their lifetime)."""
        w = self._w
        v = lib.steer_world_get_view(w)
        n = v.count

        def arr(pointer, typestr="<f4"):
            if pointer == ffi.NULL:
                return None
            if n == 0:  # numpy refuses a null data address: an empty world's view is empty read-only arrays
                empty = np.zeros(0, np.dtype(typestr))
                empty.flags.writeable = False
                return empty
            return np.asarray(_Memory(self._owner, pointer, n, typestr))
        return WorldView(arr(v.px), arr(v.py), arr(v.pz), arr(v.vx), arr(v.vy), arr(v.vz), arr(v.group, "|u1"),
                         lib.steer_world_step_count(w), self, arr(v.hx), arr(v.hy), arr(v.hz),
                         arr(v.radius), version=self._version)

    def positions(self) -> np.ndarray:
        """(N, dim) copy of the positions, in the view's order."""
        v = self.view()
        return np.stack([v.x, v.y] + ([v.z] if self.dim == 3 else []), axis=1)

    def velocities(self) -> np.ndarray:
        """(N, dim) copy of the velocities, in the view's order."""
        v = self.view()
        return np.stack([v.vx, v.vy] + ([v.vz] if self.dim == 3 else []), axis=1)

    def agent_ids(self) -> np.ndarray:
        """The handles of the view's agents, in its order: (N, 3) uint32."""
        w = self._w
        n = lib.steer_world_agent_count(w)
        ids = np.zeros((n, 3), dtype=np.uint32)
        got = lib.steer_world_get_agent_ids(w, ffi.cast("steer_agent_id *", ffi.from_buffer(ids)), n)
        return ids[:got]

    # ---- queries -----------------------------------------------------------------
    def query_radius(self, centre, radius, groups=None) -> np.ndarray:
        """The agents within `radius` of `centre` (distance <= radius; math.inf: every agent of the groups),
        as (K, 3) uint32 handles in ascending index. Exact, whatever the groups' neighbour radii; in a wrap
        world the distance goes the shortest way round the box. groups: None for every group, or a sequence
        of group indices. The first query after a change indexes the agents (O(agents)); the next cost
        about the agents found."""
        c, r, mask = self._query_args(centre, radius, "radius", groups)
        return self._list_handles("steer_world_query_radius",
                                  lambda out, capacity: lib.steer_world_query_radius(self._w, c, r, mask, out, capacity))

    def query_box(self, corner_a, corner_b, groups=None) -> np.ndarray:
        """The agents inside the box between two corners, in either order (low <= position <= high per axis, as
        positions are stored): (K, 3) uint32 handles in ascending index; the RTS drag box. Corners may be
        infinite (in 3D, -inf to inf along the up axis selects by the ground alone), never NaN. groups as for
        query_radius."""
        a, b, mask = self._corner(corner_a, "corner_a"), self._corner(corner_b, "corner_b"), self._group_mask(groups)
        return self._list_handles("steer_world_query_box",
                                  lambda out, capacity: lib.steer_world_query_box(self._w, a, b, mask, out, capacity))

    def _list_handles(self, what, call):
        """A C query that lists handles, call(out, capacity) -> how many: once to count, once to fill."""
        _errors.begin()
        n = call(ffi.NULL, 0)
        self._raise_query_refusal(what)
        ids = np.zeros((n, 3), dtype=np.uint32)
        if n:
            call(ffi.cast("steer_agent_id *", ffi.from_buffer(ids)), n)
        return ids

    def _corner(self, value, name):
        """A box corner: dim numbers, infinite allowed, NaN refused."""
        try:
            c = np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError):
            raise invalid(f"{name} = {value!r}: must be {self.dim} numbers") from None
        if c.shape != (self.dim,):
            raise invalid(f"{name}: shape {c.shape}: must be ({self.dim},)")
        if np.isnan(c).any():
            raise invalid(f"{name} = {tuple(c.tolist())}: must not be NaN (infinite is allowed)")
        return ffi.new("steer_v3 *", [float(c[0]), float(c[1]), float(c[2]) if self.dim == 3 else 0.0])[0]

    def query_nearest(self, centre, k: int, max_distance=math.inf, groups=None):
        """The k agents nearest `centre` no farther than max_distance: ((K, 3) uint32 handles, (K,) float32
        distances), nearest first, equal distances by handle index; K < k when fewer qualify. groups as for
        query_radius."""
        c, r, mask = self._query_args(centre, max_distance, "max_distance", groups)
        k = _int(k, "k", 0, 2**31, "must be in [0, 2**31)")
        k = min(k, lib.steer_world_agent_count(self._w))  # no more can qualify: room for those alone
        ids = np.zeros((max(k, 1), 3), dtype=np.uint32)
        dist = np.zeros(max(k, 1), dtype=np.float32)
        _errors.begin()
        n = lib.steer_world_query_nearest(self._w, c, k, r, mask, ffi.cast("steer_agent_id *", ffi.from_buffer(ids)),
                                          ffi.cast("float *", ffi.from_buffer(dist)))
        self._raise_query_refusal("steer_world_query_nearest")
        return ids[:n].copy(), dist[:n].copy()

    def query_nearest_each(self, centres, k: int, max_distance=math.inf, groups=None, skip=None):
        """query_nearest for every row of centres ((N, dim) float32) in one C call: every agent's neighbours
        as observations. Returns ((N, k, 3) uint32 handles, (N, k) float32 distances, (N,) int32 counts):
        row c holds centre c's nearest first, counts[c] of them (the rest of the row: handles 0, distances
        inf). skip: (N, 3) handles, one per centre, each left out of its row (centres at the agents' own
        positions give their k nearest others; k at most 64 then). The rows are k wide whatever the agent
        count (fixed-size observations), so the arrays take N k 16 bytes."""
        c = _arrays.rows(centres, "centres", self.dim)
        if c.ndim != 2:
            raise invalid(f"centres: shape {c.shape}: must be (N, {self.dim})")
        n = len(c)
        k = _int(k, "k", 0, 2**31, "must be in [0, 2**31)")
        r, mask = _distance(max_distance, "max_distance"), self._group_mask(groups)
        c3 = np.zeros((n, 3), np.float32)
        c3[:, :self.dim] = c
        skip_handles = ffi.NULL
        if skip is not None:
            skip_handles, m = self._handles(skip, "skip")
            if m != n:
                raise invalid(f"skip: {m} handles: must be one per centre ({n})")
        ids = np.zeros((max(n, 1), max(k, 1), 3), np.uint32)
        dist = np.full((max(n, 1), max(k, 1)), np.inf, np.float32)
        found = np.zeros(max(n, 1), np.int32)
        _errors.begin()
        lib.steer_world_query_nearest_each(self._w, ffi.cast("const steer_v3 *", ffi.from_buffer(c3)), n, k, r, mask,
                                           skip_handles, ffi.cast("steer_agent_id *", ffi.from_buffer(ids)),
                                           ffi.cast("float *", ffi.from_buffer(dist)), ffi.cast("int *", ffi.from_buffer(found)))
        self._raise_query_refusal("steer_world_query_nearest_each")
        return ids[:n, :k], dist[:n, :k], found[:n]

    def _query_args(self, centre, distance, name, groups):
        """A query's centre, distance (any float; C checks its sign) and group mask."""
        return _vec3(centre, "centre", self.dim), _distance(distance, name), self._group_mask(groups)

    def _group_mask(self, groups):
        """None: every group; else a sequence of group indices as a mask of bits."""
        if groups is None:
            return lib.STEER_ALL_GROUPS
        if isinstance(groups, (int, np.integer, str, bytes)):
            raise invalid(f"groups = {groups!r}: must be None or a sequence of group indices, such as [{groups!r}]")
        count = lib.steer_world_group_count(self._w)
        mask = 0
        for i, g in enumerate(groups):
            mask |= 1 << _int(g, f"groups[{i}]", 0, count, f"must be in [0, {count}), the groups added")
        return mask

    @staticmethod
    def _raise_query_refusal(what):
        """A query refused by the library (it returned 0 and reported why): raised (InStep for a call made
        during a step, as every refusal reported so)."""
        if _errors.reported():
            _errors.raise_reported(lib.STEER_ERROR_INVALID_ARGUMENT, what)

    # ---- goals -------------------------------------------------------------------
    def set_goal(self, agent, kind: str = "arrive", target=None, slow_radius: float = 0.0, speed: float = 0.0,
                 path: int = 0, points=None, progress: int = 0) -> None:
        """Give one agent its own goal: "seek" or "arrive" at target, follow world path `path` in order,
        visit `points` (waypoints, (K, dim)) in turn, or "none" to clear it. progress: where to start (a
        waypoint; a path's segment, -1 the one nearest the agent)."""
        g = ffi.new("steer_goal *")
        _keep = self._goal(g[0], kind, target, slow_radius, speed, path, points, progress)
        _errors.begin()
        _errors.check(lib.steer_world_set_goal(self._w, self._id(agent), g), "steer_world_set_goal")
        self._version += 1

    def _goal(self, g, kind="arrive", target=None, slow_radius=0.0, speed=0.0, path=0, points=None, progress=0):
        """Fills the steer_goal g; returns the waypoints' memory, to keep alive through the C call."""
        if kind not in GOAL_KINDS:
            raise invalid(f"kind = {kind!r}: must be one of {', '.join(GOAL_KINDS)}")
        g.kind = GOAL_KINDS[kind]
        if target is None and kind in ("seek", "arrive"):
            raise invalid(f"target: None: a {kind!r} goal needs its target, ({self.dim},)")
        if target is not None:
            g.target = _vec3(target, "target", self.dim)
        g.slow_radius, g.speed = _arrays.scalar(slow_radius, "slow_radius"), _arrays.scalar(speed, "speed")
        g.path, g.progress = _int(path, "path"), _int(progress, "progress")
        keep = None
        if points is not None:
            keep = self._points3(points, "points")
            g.points, g.point_count = keep, len(keep)
        return keep

    def _goal_dict(self, g):
        kind = next(k for k, v in GOAL_KINDS.items() if v == g.kind)
        out = {"kind": kind, "target": (g.target.x, g.target.y, g.target.z)[:self.dim], "slow_radius": g.slow_radius,
               "speed": g.speed, "path": g.path, "progress": g.progress, "arrived": bool(g.arrived),
               "point_count": g.point_count}
        if kind == "waypoints":  # where the agent stood when the goal was set: the start of the leg to the first point
            start = getattr(g, "from")
            out["from"] = (start.x, start.y, start.z)[:self.dim]
        return out

    def get_goal(self, agent) -> Dict[str, Any]:
        """One agent's goal as a dict (kind "none" when it has none), with its waypoints."""
        g = ffi.new("steer_goal *")
        _errors.begin()
        _errors.check(lib.steer_world_get_goal(self._w, self._id(agent), g), "steer_world_get_goal")
        out = self._goal_dict(g)
        if out["kind"] == "waypoints":
            buf = ffi.new("steer_v3[]", g.point_count)
            n = _errors.check(lib.steer_world_get_goal_points(self._w, self._id(agent), buf, g.point_count),
                              "steer_world_get_goal_points")
            out["points"] = np.array([(p.x, p.y, p.z)[:self.dim] for p in buf[0:n]], np.float32)
        return out

    def set_targets(self, ids, targets, kind: str = "arrive", speed=None, slow_radius=None) -> None:
        """Bulk: send each agent ids[i] to targets[i] ("seek" or "arrive"; one (dim,) row: every agent to that
        point), in one C call. speed and
        slow_radius (as set_goal's: 0 takes the group's) are one number for all or an (N,) float32 array,
        one per agent: preferred speeds drawn from a distribution, say. Raises for the first refused id (a
        stale handle, say: the error's index is its position), the others are sent."""
        if kind not in ("seek", "arrive"):
            raise invalid(f"kind = {kind!r}: must be 'seek' or 'arrive'")
        handles, n = self._handles(ids, "ids")
        t = _arrays.rows(targets, "targets", self.dim)
        if t.shape not in ((self.dim,), (n, self.dim)):
            raise invalid(f"targets: shape {t.shape}: must be ({n}, {self.dim}), one per id, or ({self.dim},)")
        # steer_goal records filled a column at a time through a numpy view of their fields (the goals
        # steer_world_set_targets makes, with these speeds and slow radii: 0, the group's, by default)
        goals = ffi.new("steer_goal[]", max(n, 1))
        view = np.frombuffer(ffi.buffer(goals), _GOAL_DTYPE, count=n)
        view["kind"], view["path"] = GOAL_KINDS[kind], -1
        view["target"][:, :self.dim] = t
        view["speed"] = _arrays.column(0.0 if speed is None else speed, "speed", n)
        view["slow_radius"] = _arrays.column(0.0 if slow_radius is None else slow_radius, "slow_radius", n)
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = lib.steer_world_set_goals(self._w, handles, goals, n, results)
        self._version += 1
        if done != n:
            _errors.raise_bulk(results, n, done, "set_targets", handles)

    def send_to_places(self, ids, places, together: bool = False) -> None:
        """Send the agents ids to places ((M, dim), M >= len(ids); the rest stay free), an arrive goal each,
        choosing who goes where: the least sum of squared distances, so paths do not cross and the first to
        arrive do not stand in the way of the rest. together: speeds that bring all in at about the same time
        (timed by the walk: in a group that avoids obstacles, the way round a rock across the straight line),
        which works for starts and places of any shapes (world.h, steer_world_send_to_places). On the way, two
        agents of one call that see each other trade places when that brings them nearer in sum (a goal given
        any other way takes an agent out of its call's trades). Raises for the first refused id (the others are
        sent); get_goal tells where each is going."""
        handles, n = self._handles(ids, "ids")
        p = _arrays.rows(places, "places", self.dim)
        if p.ndim != 2:  # one (dim,) row was taken as dim places, each a copy of it
            raise invalid(f"places: shape {p.shape}: must be (M, {self.dim}) with M >= {n}, the number of ids")
        p3 = np.zeros((p.shape[0], 3), np.float32)
        p3[:, :self.dim] = p
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = lib.steer_world_send_to_places(self._w, handles, n, ffi.cast("const steer_v3 *", ffi.from_buffer(p3)),
                                              p3.shape[0], _arrays.flag(together, "together"), results)
        self._version += 1
        _errors.check(min(done, 0), "steer_world_send_to_places")
        if done != n:
            _errors.raise_bulk(results, n, done, "send_to_places", handles)

    def send_assigned(self, ids, places, together: bool = False) -> None:
        """Send ids[i] to places[i] ((N, dim), one per id), as send_to_places sends once it has chosen: an arrive
        goal each, with together the speeds that bring all in at about the same time, and on the way the trades of
        one call. The choice is the caller's, usually steer.assign_places run on another thread from the
        positions at the order (world.h, steer_world_send_assigned). Raises for the first refused id (the others
        are sent)."""
        handles, n = self._handles(ids, "ids")
        p = _arrays.rows(places, "places", self.dim)
        if p.ndim != 2 or p.shape[0] != n:
            raise invalid(f"places: shape {p.shape}: must be ({n}, {self.dim}), one per id")
        p3 = np.zeros((max(n, 1), 3), np.float32)
        p3[:n, :self.dim] = p
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = lib.steer_world_send_assigned(self._w, handles, n, ffi.cast("const steer_v3 *", ffi.from_buffer(p3)),
                                             _arrays.flag(together, "together"), results)
        self._version += 1
        _errors.check(min(done, 0), "steer_world_send_assigned")
        if done != n:
            _errors.raise_bulk(results, n, done, "send_assigned", handles)

    def places_around(self, centre, count: int, spacing: float, movers=None, box_margin: float = 0.0) -> np.ndarray:
        """Where count agents ordered to centre can stand, (count, dim) float32, for send_to_places: a sunflower
        spiral about it, the closest two spacing apart, passing over points in or by a rock or a wall, behind a
        wall seen from the centre, too near a bounded world's edge (half the spacing plus box_margin), or on an
        agent standing there that is not one of movers (the agents being sent); when too few are open, the last
        rows take points passed over (world.h, steer_world_places_around)."""
        q = ffi.new("steer_places_query *")
        q.centre = _vec3(centre, "centre", self.dim)
        q.spacing, q.box_margin = _arrays.scalar(spacing, "spacing"), _arrays.scalar(box_margin, "box_margin")
        n = _int(count, "count")
        handles, m = self._handles(movers if movers is not None else [], "movers")
        q.movers, q.mover_count = (handles, m) if m else (ffi.NULL, 0)
        out = np.zeros((max(n, 1), 3), np.float32)
        _errors.begin()
        got = lib.steer_world_places_around(self._w, q, ffi.cast("steer_v3 *", ffi.from_buffer(out)), n)
        _errors.check(min(got, 0), "steer_world_places_around")
        return out[:n, :self.dim].copy()

    def set_goals(self, ids, goals: Sequence[Dict[str, Any]]) -> None:
        """Bulk: goal i (a dict of set_goal's keyword arguments) for ids[i], in one C call. Raises for the first
        refused one (the others are set)."""
        w = self._w
        handles, n = self._handles(ids, "ids")
        goals = list(goals)
        if len(goals) != n:
            raise invalid(f"goals: {len(goals)} for {n} ids: must be one per id")
        array = ffi.new("steer_goal[]", max(n, 1))
        keep = []
        for i, g in enumerate(goals):
            if not isinstance(g, dict):
                raise invalid(f"goals[{i}]: {type(g).__name__}: must be a dict of set_goal's arguments")
            unknown = sorted(set(g) - _GOAL_KEYS)
            if unknown:
                # a TypeError, as an unknown keyword of set_goal is (tests/test_world_more.py), but naming goals[i]
                raise TypeError(f"goals[{i}]: unknown key {unknown[0]!r} (one of {', '.join(sorted(_GOAL_KEYS))})")
            keep.append(self._goal(array[i], **g))
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = lib.steer_world_set_goals(w, handles, array, n, results)
        self._version += 1
        if done != n:
            _errors.raise_bulk(results, n, done, "set_goals", handles)

    def _bulk_read(self, ids, ctype: str, read, who: str):
        """A C bulk read (get_goals, get_agents) for ids: (the `ctype` array, n); a bad id raises, named for `who`."""
        handles, n = self._handles(ids, "ids")
        out = ffi.new(f"{ctype}[]", max(n, 1))
        results = ffi.new("steer_result[]", max(n, 1))
        _errors.begin()
        done = read(self._w, handles, out, n, results)
        if done != n:
            _errors.raise_bulk(results, n, done, who, handles, changes=False)
        return out, n

    def _goal_records(self, ids, who: str):
        """steer_world_get_goals for ids: (the steer_goal array, n); a bad id raises, named for `who`."""
        return self._bulk_read(ids, "steer_goal", lib.steer_world_get_goals, who)

    def get_goals(self, ids) -> list:
        """Bulk: the goals of ids, as get_goal's dicts (without waypoints: get_goal(id) gives them)."""
        out, n = self._goal_records(ids, "get_goals")
        return [self._goal_dict(out[i]) for i in range(n)]

    def goal_arrays(self, ids) -> Dict[str, np.ndarray]:
        """Bulk get_goals as arrays, one row per id (what a frame of 100k units reads; get_goals builds a dict
        per agent): kind (str), target (N, dim) float32, slow_radius, speed (float32), path, progress,
        point_count (int32), arrived (bool), from (N, dim) float32 (waypoints: where the agent stood when the goal
        was set; zeros for other kinds). A stale id raises, as get_goals."""
        out, n = self._goal_records(ids, "goal_arrays")
        rows = np.frombuffer(ffi.buffer(out, n * ffi.sizeof("steer_goal")), _goal_dtype())
        names = np.array([""] * (max(GOAL_KINDS.values()) + 1), dtype=object)
        for name, value in GOAL_KINDS.items():
            names[value] = name
        return {"kind": names[rows["kind"]].astype(str), "target": rows["target"][:, :self.dim].copy(),
                "slow_radius": rows["slow_radius"].copy(), "speed": rows["speed"].copy(), "path": rows["path"].copy(),
                "progress": rows["progress"].copy(), "point_count": rows["point_count"].copy(),
                "arrived": rows["arrived"] != 0, "from": rows["from"][:, :self.dim].copy()}

    def has_arrived(self, agent) -> bool:
        """Whether the agent has a goal and has arrived (False for a stale handle)."""
        return bool(lib.steer_world_has_arrived(self._w, self._id(agent)))

    def arrived(self, ids) -> np.ndarray:
        """Bulk has_arrived: one bool per id (False for an agent without a goal); a stale id raises."""
        out, n = self._goal_records(ids, "arrived")
        size, at = ffi.sizeof("steer_goal"), ffi.offsetof("steer_goal", "arrived")  # a bool: one byte
        return np.frombuffer(ffi.buffer(out, n * size), np.uint8).reshape(n, size)[:, at] != 0

    def arrivals(self) -> np.ndarray:
        """The agents that arrived during the last step() call, all of its steps (each agent once, in the
        order they arrived): (K, 3) uint32 handles."""
        if self._step_arrivals is not None:
            return self._step_arrivals.copy()
        return self._c_arrivals()

    def _c_arrivals(self) -> np.ndarray:
        """The agents that arrived during the last C step."""
        w = self._w
        n = lib.steer_world_arrivals(w, ffi.NULL, 0)
        ids = np.zeros((n, 3), dtype=np.uint32)
        if n:
            lib.steer_world_arrivals(w, ffi.cast("steer_agent_id *", ffi.from_buffer(ids)), n)
        return ids

    @property
    def goal_count(self) -> int:
        """The agents with a goal of their own."""
        return lib.steer_world_goal_count(self._w)

    def reserve_goals(self, count: int) -> None:
        """Make room now for `count` goals in all (capped at the capacity), so that giving them
        later allocates nothing and faults in no new page: a game calls it while loading."""
        _errors.begin()
        count = _int(count, "count")
        _errors.check(lib.steer_world_reserve_goals(self._w, count), "steer_world_reserve_goals")
        # kept by reserve_agents, as in C: the room made, which C caps at the capacity of the moment
        self._goal_room = max(getattr(self, "_goal_room", 0), min(count, self._def().capacity))

    # ---- formations --------------------------------------------------------------
    def add_formation(self, leader, members, slots) -> int:
        """Keep `members` on `slots` in `leader`'s frame; returns the formation's index.

        members: a sequence of handles (AgentIds, (index, generation, world) rows, or the (N, 3)
        uint32 array add_agents returns). slots: float32 (N, 2) or, in 3D, (N, 3): member k's slot
        is x ahead along the leader's heading on the ground, y to its left, z up (2 columns: on the
        ground). Each step the world makes member k's goal ARRIVE at its slot, led by the leader's
        velocity times the member's group's slow_radius / max_speed (an arrive's lag behind a moving
        target), so a member in steady motion sits on its slot; a leader standing, or slower than its
        group's arrival_speed, keeps its last heading (a column: each member the leader of a
        formation of one, the member after it). A removed member's slot goes to the next member (the ranks close up in order);
        a removed leader leaves the members on their last slots. Snapshots keep formations.
        At most MAX_FORMATION_MEMBERS members, MAX_FORMATIONS formations a world. The library
        checks the count, the slots' finiteness and the handles: its refusal is raised with the
        check's name (STEER_MISUSE_FORMATION_COUNT, _FORMATION_SLOT, _HANDLE_STALE).
        """
        handles, n = self._handles(members, "members")
        s = _arrays.floats(slots, "slots", f"(N, {self.dim})")
        if s.size == 0:
            s = s.reshape(0, self.dim)
        columns = (2,) if self.dim == 2 else (2, 3)
        if s.ndim != 2 or s.shape[1] not in columns:
            raise invalid(f"slots: shape {s.shape}: must be (N, {' or '.join(map(str, columns))})")
        if len(s) != n:
            raise invalid(f"slots: {len(s)} rows for {n} members: must be one slot per member")
        s3 = np.zeros((max(n, 1), 3), np.float32)
        s3[:n, :s.shape[1]] = s
        _errors.begin()
        index = _errors.check(lib.steer_world_add_formation(self._w, self._id(leader), handles,
                                                            ffi.cast("const steer_v3 *", ffi.from_buffer(s3)), n),
                              "steer_world_add_formation")
        self._version += 1
        return index

    def _handles(self, agents, name):
        """Handles for C from the (N, 3) uint32 array add_agents returns (a slice of it too) or a sequence of
        handles (AgentIds or (index, generation, world) rows)."""
        if isinstance(agents, np.ndarray):
            return _ids(agents, name)
        rows = [self._id(a) for a in agents]
        out = ffi.new("steer_agent_id[]", max(len(rows), 1))
        for i, r in enumerate(rows):
            out[i] = r
        return out, len(rows)

    def remove_formation(self, formation: int) -> None:
        """Dissolve formation `formation` (its members keep their last goals; the next add_formation takes the lowest removed index again)."""
        _errors.begin()
        _errors.check(lib.steer_world_remove_formation(self._w, _int(formation, "formation")), "steer_world_remove_formation")
        self._version += 1

    @property
    def formation_count(self) -> int:
        """The live formations."""
        return lib.steer_world_formation_count(self._w)

    # ---- stepping and state -----------------------------------------------------------
    def step(self, dt: float = STANDARD_FLOCK_DT, steps: int = 1) -> None:
        """Advance `steps` steps of dt, one C call each (cffi releases the GIL during it: the world's pool, or your
        scheduler's threads, do the work). A scheduler's failure is raised as SchedulerError after the step it
        happened in, which was completed exactly; the remaining steps are then not run."""
        dt = _arrays.scalar(dt, "dt")
        if _int(steps, "steps") < 0:
            raise invalid(f"steps = {steps}: must be >= 0")
        w, owner = self._w, self._owner  # owner: the C world lives through the step, even if a callback closes it
        binding = owner.scheduler[1] if owner.scheduler else None
        # C lists the arrivals of its last step: over several, this call's are gathered after each; a call of
        # no steps has none (C's list is still the earlier call's)
        self._step_arrivals = np.zeros((0, 3), np.uint32) if int(steps) == 0 else None
        gathered = [] if steps > 1 else None
        try:
            for _ in range(int(steps)):
                _errors.begin()
                # A step called from inside this world's own scheduler (refused by C as IN_STEP) must not take
                # the errors of the step it is inside.
                outer = binding is not None and not binding.stepping
                if outer:
                    binding.stepping = True
                try:
                    result = lib.steer_world_step(w, dt)
                    if result == lib.STEER_OK:
                        self._profile = None  # C's own profile is this step's
                finally:
                    if outer:
                        binding.stepping = False
                error = binding.take_error() if outer else None
                if error is not None and not isinstance(error, Exception):
                    raise error  # KeyboardInterrupt, SystemExit: as they are (the step was completed)
                if error is not None:
                    raise SchedulerError(f"the scheduler failed during step {lib.steer_world_step_count(w)} "
                                         f"({type(error).__name__}: {error}); the step was completed serially",
                                         name="scheduler") from error
                _errors.check(result, "steer_world_step")
                if gathered is not None:
                    gathered.append(self._c_arrivals())
        finally:
            self._version += 1
            if gathered:
                rows = np.concatenate(gathered)
                _, first = np.unique(rows, axis=0, return_index=True)
                self._step_arrivals = rows[np.sort(first)]

    @property
    def step_count(self) -> int:
        """The steps taken (restore brings the snapshot's count)."""
        return lib.steer_world_step_count(self._w)

    def state_hash(self) -> str:
        """The 64-bit state hash as 16 hex digits, as `steer bench --json` and `steer run` print it."""
        return f"{lib.steer_world_state_hash(self._w):016x}"

    @property
    def memory_bytes(self) -> int:
        """Bytes the C world holds (agents, grid, scratch, goals, objects)."""
        return lib.steer_world_memory_bytes(self._w)

    def set_kernel(self, kernel: str = "best") -> str:
        """Choose the neighbour kernel (same bits, different speed); returns the one in use."""
        if kernel not in KERNELS:
            raise invalid(f"kernel = {kernel!r}: must be one of {', '.join(KERNELS)}")
        used = ffi.string(lib.steer_kernel_name(lib.steer_world_set_kernel(self._w, KERNELS[kernel]))).decode()
        self._kernel = kernel  # asked for again in the new C world of a restore or a grow
        return used

    @property
    def kernel(self) -> str:
        """The neighbour kernel in use ("avx2", "scalar", ...: set_kernel's answer, BEST resolved)."""
        return ffi.string(lib.steer_kernel_name(lib.steer_world_kernel(self._w))).decode()

    def use_simd(self, enable: bool = True) -> bool:
        """Shorthand for set_kernel: True the best kernel, False the scalar one; returns whether SIMD is in use."""
        simd = bool(lib.steer_world_use_simd(self._w, _arrays.flag(enable, "enable")))
        self._kernel = "best" if enable else "scalar"
        return simd

    def last_profile(self) -> Dict[str, float]:
        """Seconds the last step spent by phase: grid (sort by cell), forces (neighbours, behaviours,
        integration), solve (obstacles, walls, non-penetration) and total."""
        carried = getattr(self, "_profile", None)  # the profile of the step before a grow
        if carried is not None:
            return dict(carried)
        p = lib.steer_world_last_profile(self._w)
        return {"grid": p.grid, "forces": p.forces, "solve": p.solve, "total": p.total}

    def save(self) -> bytes:
        """The complete state as a versioned, checksummed snapshot."""
        w = self._w
        size = lib.steer_world_snapshot_size(w)
        buf = ffi.new("char[]", size)
        written = ffi.new("size_t *")
        _errors.check(lib.steer_world_save(w, buf, size, written), "steer_world_save")
        return ffi.buffer(buf, written[0])[:]

    def restore(self, data: bytes) -> None:
        """Replace the whole state with a snapshot's. It is restored into a new C world made from this
        one's def, so views of the old state keep their memory; a refused snapshot changes nothing."""
        data = _snapshot_bytes(data)
        fresh = lib.steer_world_create(self._def())
        if fresh == ffi.NULL:
            _errors.raise_reported(lib.STEER_ERROR_OUT_OF_MEMORY, "restore: steer_world_create")
        owner = _Owner(fresh, self._owner.scheduler)  # the def's scheduler callbacks reach the same binding
        raw = bytes(data)
        _errors.begin()  # the refusal's own report, not an earlier call's
        r = lib.steer_world_restore(fresh, raw, len(raw))
        if r == lib.STEER_ERROR_BAD_SNAPSHOT and not _errors.reported():
            _read_snapshot_info(raw, "restore")  # raises saying why, for damage the layout shows
            raise BadSnapshot("restore: the snapshot's layout is whole but a value in it is not one the world "
                              "accepts (a NaN position, a bad group def, ...)", name="STEER_ERROR_BAD_SNAPSHOT",
                              result="STEER_ERROR_BAD_SNAPSHOT")
        _errors.check(r, "steer_world_restore")
        self._carry_kernel(fresh)  # a C restore keeps the world's kernel
        self._owner = owner
        self._step_arrivals = None  # the snapshot's own last step says who arrived
        self._goal_room = lib.steer_world_goal_count(fresh)  # a C restore sizes the room to the snapshot's goals
        self._profile = None
        self._version += 1

    def reserve_agents(self, capacity: int) -> None:
        """Grow the room for agents to `capacity` (steer_world_reserve_agents; a smaller one changes nothing but
        the grid of a world restored from a smaller one's snapshot, as in C), keeping every agent, handle, goal and
        object, the kernel set_kernel chose and the room reserve_goals made, as in C. Done in a new C world of the
        new capacity (this one saved and restored into it, its grid then sized as C's grow sizes it), so views of
        the old state keep their memory, as after restore."""
        capacity = _int(capacity, "capacity")
        _errors.begin()
        if capacity <= self._def().capacity or capacity > 2**28:
            # refused (C names the rule, before any copy of the world), or nothing to do
            _errors.check(lib.steer_world_reserve_agents(self._w, capacity), "steer_world_reserve_agents")
            return
        grown = self._def()
        grown.capacity = capacity
        fresh = lib.steer_world_create(grown)
        if fresh == ffi.NULL:
            _errors.raise_reported(lib.STEER_ERROR_OUT_OF_MEMORY, "reserve: steer_world_create")
        owner = _Owner(fresh, self._owner.scheduler)
        raw = self.save()
        _errors.check(lib.steer_world_restore(fresh, raw, len(raw)), "steer_world_restore")
        # the restore kept the saved grid; a reserve within the capacity sizes it as the grow would (no copy)
        _errors.check(lib.steer_world_reserve_agents(fresh, capacity), "steer_world_reserve_agents")
        if getattr(self, "_goal_room", 0) > 0:
            _errors.check(lib.steer_world_reserve_goals(fresh, self._goal_room), "steer_world_reserve_goals")
        self._carry_kernel(fresh)
        self._profile = self.last_profile()  # a C grow keeps the last step's profile: the new world has none
        self._owner = owner
        self._version += 1

    def _carry_kernel(self, fresh) -> None:
        """The kernel set_kernel or use_simd asked for, asked for again in a new C world (same bits)."""
        kernel = getattr(self, "_kernel", "best")
        if kernel != "best":
            lib.steer_world_set_kernel(fresh, KERNELS[kernel])

    # ---- debug draw ---------------------------------------------------------------------
    def draw(self, target: Any, agents: bool = True, velocities: bool = False, neighbour_radius: bool = False,
             wander: bool = False, feelers: bool = False, obstacles: bool = True, walls: bool = True,
             paths: bool = True, flow_fields: bool = False, bounds: bool = True, max_agents: int = 0) -> None:
        """Debug drawing into Python: target's methods circle(centre, radius, colour), segment(a, b, colour),
        point(p, size, colour), arrow(start, end, colour), text(at, text, colour) and
        agent(position, heading, radius, colour) are called for what the layers show (missing ones are
        skipped). Points are (x, y, z) tuples, colours 0xRRGGBBAA. The first exception a method raises ends
        the drawing (later calls are skipped) and is raised here once C returns."""
        state = _Draw(target)
        handle = ffi.new_handle(state)
        dd = ffi.new("steer_debug_draw *")
        for name in ("circle", "segment", "point", "arrow", "text", "agent"):
            if callable(getattr(target, name, None)):
                setattr(dd, name, getattr(lib, f"steer_py_draw_{name}"))
        dd.context = handle
        dd.agents, dd.velocities, dd.neighbour_radius, dd.wander, dd.feelers = (
            agents, velocities, neighbour_radius, wander, feelers)
        dd.obstacles, dd.walls, dd.paths, dd.flow_fields, dd.bounds = obstacles, walls, paths, flow_fields, bounds
        dd.max_agents = _int(max_agents, "max_agents")
        owner = self._owner  # alive through the call, even if a callback closes the world
        lib.steer_world_draw(self._w, dd)
        del owner
        if state.error is not None:
            raise state.error

    def __repr__(self):
        if self.closed:
            return "World(closed)"
        return f"World(dim={self.dim}, agents={len(self)}, groups={self.group_count}, step={self.step_count})"


def _distance(distance, name):
    """A query's distance as a float (any: C checks its sign)."""
    if isinstance(distance, (str, bytes, bytearray)):
        raise invalid(f"{name} = {distance!r}: must be a number")
    try:
        return float(distance)
    except (TypeError, ValueError):
        raise invalid(f"{name} = {distance!r}: must be a number") from None


def _one_thread_at_a_time(method):
    """A World takes one thread at a time (the C world: "call it from one thread at a time"), and its step
    releases the GIL: a call from another thread while one is running raises InStep at once, before it
    touches the world (a call from the stepping thread itself, from a scheduler, goes on to the C world,
    which refuses it with InStep as before)."""
    @functools.wraps(method)
    def call(self, *args, **kwargs):
        busy = self.__dict__.get("_busy")
        if busy is None:  # (a World whose set-up never ran: the method says what is wrong)
            return method(self, *args, **kwargs)
        if not busy.acquire(blocking=False):
            raise InStep(f"World.{method.__name__}: the world is in a call from another thread (a step, say): "
                         "a World takes one thread at a time; give each thread its own World, or hold a lock of "
                         "your own around its calls", name="STEER_MISUSE_IN_STEP", result="STEER_ERROR_IN_STEP")
        try:
            return method(self, *args, **kwargs)
        finally:
            busy.release()
    return call


for _name, _member in list(vars(World).items()):  # the public calls (the private ones run inside them)
    if (_name.startswith("_") and _name != "__len__") or _name == "closed" or \
            isinstance(_member, (classmethod, staticmethod)):
        continue
    if isinstance(_member, property) and _member.fget is not None:
        setattr(World, _name, property(_one_thread_at_a_time(_member.fget), _member.fset, _member.fdel, _member.__doc__))
    elif callable(_member) and not isinstance(_member, type):
        setattr(World, _name, _one_thread_at_a_time(_member))


def standard_flock_side(agents: int, dim: int = 2, neighbours: float = 16.0) -> float:
    """The torus side of the standard flock of N agents with K mean neighbours in dim dimensions."""
    if _int(agents, "agents") < 1 or _int(dim, "dim") not in (2, 3):
        raise invalid(f"agents = {agents}, dim = {dim}: need agents >= 1 and dim 2 or 3")
    return lib.steer_standard_flock_side(int(agents), int(dim),
                                         _arrays.scalar(neighbours, "neighbours", "must be > 0", lambda v: v > 0))


def _scheduler(d, scheduler):
    """Installs a Python scheduler into the world def d: returns (handle, binding) to keep, or None."""
    if scheduler is None:
        return None
    for method in ("enqueue", "finish"):
        if not callable(getattr(scheduler, method, None)):
            raise invalid(f"scheduler: {scheduler!r} has no {method}() method (see steer.scheduler)")
    workers = getattr(scheduler, "workers", d.worker_count)
    workers = _int(workers, "scheduler.workers")
    d.worker_count = workers  # the library checks it (STEER_MISUSE_WORLD_DEF_WORKER_COUNT)
    binding = _Binding(scheduler, workers)
    handle = ffi.new_handle(binding)
    d.enqueue_task, d.finish_task = lib.steer_py_enqueue_task, lib.steer_py_finish_task
    d.user_task_context = handle
    return handle, binding


@ffi.def_extern()
def steer_py_enqueue_task(task, item_count, min_range, task_context, user_context):
    binding = ffi.from_handle(user_context)
    t = _Task(task, task_context, item_count, binding.workers)
    token = binding.next_token
    binding.next_token += 1
    user = None
    try:
        user = binding.scheduler.enqueue(t.run, item_count, min_range)
    except BaseException as e:  # noqa: BLE001 -- finish runs what it did not; World.step raises it
        binding.fail(e)
    binding.tasks[token] = (t, user)
    return ffi.cast("void *", token)  # never NULL: finish always completes the task


@ffi.def_extern()
def steer_py_finish_task(user_task, user_context):
    binding = ffi.from_handle(user_context)
    t, user = binding.tasks.pop(int(ffi.cast("uintptr_t", user_task)))
    try:
        if user is not None:
            binding.scheduler.finish(user)
    except BaseException as e:  # noqa: BLE001
        binding.fail(e)
    try:
        missing = t.complete()  # waits for running calls, runs what none ran
    except BaseException as e:  # noqa: BLE001 -- an interruption, raised after completing
        binding.fail(e)
        missing = False
    if missing and user is not None and binding.error is None:
        binding.fail(SchedulerError(f"finish returned with items of [0, {t.count}) not run: "
                                    "the ranges must cover every item", name="scheduler"))


def _p(v):
    return (v.x, v.y, v.z)


class _Draw:
    """One draw call's target and the first exception its methods raised."""

    def __init__(self, target):
        self.target, self.error = target, None

    def call(self, name, *args):
        if self.error is not None:
            return
        try:
            getattr(self.target, name)(*args)
        except BaseException as e:  # noqa: BLE001 -- raised by World.draw once C returns
            self.error = e


@ffi.def_extern()
def steer_py_draw_circle(centre, radius, colour, context):
    ffi.from_handle(context).call("circle", _p(centre), radius, colour)


@ffi.def_extern()
def steer_py_draw_segment(a, b, colour, context):
    ffi.from_handle(context).call("segment", _p(a), _p(b), colour)


@ffi.def_extern()
def steer_py_draw_point(p, size, colour, context):
    ffi.from_handle(context).call("point", _p(p), size, colour)


@ffi.def_extern()
def steer_py_draw_arrow(a, b, colour, context):
    ffi.from_handle(context).call("arrow", _p(a), _p(b), colour)


@ffi.def_extern()
def steer_py_draw_text(at, text, colour, context):
    ffi.from_handle(context).call("text", _p(at), ffi.string(text).decode(errors="replace"), colour)


@ffi.def_extern()
def steer_py_draw_agent(position, heading, radius, colour, context):
    ffi.from_handle(context).call("agent", _p(position), _p(heading), radius, colour)
