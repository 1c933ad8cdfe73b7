"""The standalone spatial index of steer/grid.h: neighbour queries over points, without a world.

    g = steer.Grid(dim=2, cell_size=1.0)
    g.build(points)                      # (N, dim) float32: ids 0..N-1
    g.query_radius((0, 0), 2.0)          # ids within 2, ascending
    g.nearest((0, 0), 8)                 # the 8 nearest: (ids, squared distances)

Cells are hashed, so any finite position works; points that are not finite are stored but never returned.
"""
from typing import Callable, Tuple

import numpy as np

from . import _arrays, _errors
from ._errors import ClosedError, invalid
from ._steer import ffi, lib


class _GridOwner:
    def __init__(self, pointer):
        self.pointer = pointer

    def __del__(self):
        pointer = getattr(self, "pointer", None)
        if pointer is not None:
            lib.steer_grid_destroy(pointer)
            self.pointer = None


class _Visit:
    def __init__(self, visit):
        self.visit, self.error = visit, None


@ffi.def_extern()
def steer_py_grid_visit(point_id, distance_sq, context):
    state = ffi.from_handle(context)
    if state.error is not None:
        return
    try:
        state.visit(point_id, distance_sq)
    except BaseException as e:  # noqa: BLE001 -- raised by query_visit once C returns
        state.error = e


class Grid:
    """A uniform grid of hashed cells over points of dim 2 or 3 (steer_grid). close() releases it."""

    def __init__(self, dim: int = 2, cell_size: float = 1.0, capacity: int = 0):
        d = lib.steer_default_grid_def()
        if _arrays.integer(dim, "dim") not in (2, 3):
            raise invalid(f"dim = {dim!r}: must be 2 or 3")
        dim = int(dim)
        d.dim, d.cell_size = dim, _arrays.scalar(cell_size, "cell_size", "must be > 0", lambda c: c > 0)
        d.capacity = _arrays.integer(capacity, "capacity", 0, 2**26, "must be in [0, 2**26)")
        pointer = lib.steer_grid_create(ffi.new("steer_grid_def *", d))
        if pointer == ffi.NULL:
            raise MemoryError("steer_grid_create")
        self.dim = dim
        self._owner = _GridOwner(pointer)
        self._visiting = 0  # query_visit calls running: the C query reads the grid until it returns
        self._close_after = False

    @property
    def _g(self):
        owner = getattr(self, "_owner", None)
        if owner is None:
            raise ClosedError("the grid was closed", name="closed")
        return owner.pointer

    def close(self) -> None:
        """Release the grid; from inside query_visit's callback, once query_visit returns."""
        if getattr(self, "_visiting", 0):
            self._close_after = True
            return
        self._owner = None

    def _change(self, what):
        """The pointer for a call that changes the grid; refused inside query_visit's callback."""
        if getattr(self, "_visiting", 0):
            raise invalid(f"Grid.{what}: called from inside query_visit's callback: the grid is read until "
                          "query_visit returns (collect the ids, change the grid after)")
        return self._g

    def __reduce_ex__(self, protocol):
        raise TypeError("a Grid cannot be pickled or copied: build a new one from the same points")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _point(self, p, name="p"):
        a = _arrays.rows(p, name, self.dim)
        if a.ndim != 1:
            raise invalid(f"{name}: shape {a.shape}: must be ({self.dim},)")
        return a

    def build(self, points) -> None:
        """Replace the contents with points (N, dim) or rows with more columns (the first dim are read): id i is
        row i. Points need not be finite (those that are not are never returned)."""
        a = _arrays.floats(points, "points", f"(N, {self.dim})")
        a = a.reshape(0, self.dim) if a.size == 0 else a
        if a.ndim != 2 or a.shape[1] < self.dim:
            raise invalid(f"points: shape {a.shape}: must be (N, {self.dim}) (more columns: the first {self.dim} read)")
        if len(a) >= 2**26:
            raise invalid(f"points: {len(a)} rows: at most 2**26 - 1")
        _errors.begin()
        _errors.check(lib.steer_grid_build(self._change("build"), _arrays.pointer(a) if a.size else ffi.new("float[1]"), len(a),
                                           a.shape[1]), "steer_grid_build")

    def insert(self, point_id: int, p) -> None:
        """Add one point with the caller's id (>= 0)."""
        point_id = _arrays.integer(point_id, "point_id", 0, 2**31, "must be in [0, 2**31)")
        _errors.check(lib.steer_grid_insert(self._change("insert"), point_id, _arrays.pointer(self._point(p))),
                      "steer_grid_insert")

    def clear(self) -> None:
        """Empty the grid, keeping its memory."""
        lib.steer_grid_clear(self._change("clear"))

    def __len__(self) -> int:
        return lib.steer_grid_count(self._g)

    def query_radius(self, centre, radius: float) -> np.ndarray:
        """The ids within radius of centre (distance <= radius), ascending: (K,) int32."""
        c = self._point(centre, "centre")
        r = _arrays.scalar(radius, "radius", "must be >= 0", lambda v: v >= 0)
        g = self._g
        n = lib.steer_grid_query_radius(g, _arrays.pointer(c), r, ffi.NULL, 0)
        ids = np.empty(n, np.int32)
        if n:
            lib.steer_grid_query_radius(g, _arrays.pointer(c), r, ffi.cast("int *", ffi.from_buffer(ids)), n)
        return ids

    def query_visit(self, centre, radius: float, visit: Callable[[int, float], None]) -> int:
        """Call visit(id, distance_sq) for every point within radius, cells in ascending (z, y, x) offset and
        points in a cell in insertion order; returns how many. An exception from visit ends the visits (the
        rest are skipped) and is raised here. visit may not change the grid (build, insert, clear raise
        InvalidArgument); a close() from it takes effect when query_visit returns."""
        if not callable(visit):
            raise invalid(f"visit: {visit!r}: must be callable")
        c = self._point(centre, "centre")
        r = _arrays.scalar(radius, "radius", "must be >= 0", lambda v: v >= 0)
        state = _Visit(visit)
        g = self._g
        self._visiting += 1
        try:
            n = lib.steer_grid_query_visit(g, _arrays.pointer(c), r, lib.steer_py_grid_visit, ffi.new_handle(state))
        finally:
            self._visiting -= 1
            if self._close_after and not self._visiting:
                self._close_after = False
                self._owner = None
        if state.error is not None:
            raise state.error
        return n

    def nearest(self, p, k: int) -> Tuple[np.ndarray, np.ndarray]:
        """The k nearest points (ties by the smaller id): (ids (m,) int32, squared distances (m,) float32),
        m = min(k, len(self))."""
        c = self._point(p)
        k = _arrays.integer(k, "k", 0, 2**31, "must be in [0, 2**31)")
        g = self._g
        m = min(k, lib.steer_grid_count(g))
        ids, d2 = np.empty(max(m, 1), np.int32), np.empty(max(m, 1), np.float32)
        got = lib.steer_grid_nearest(g, _arrays.pointer(c), m, ffi.cast("int *", ffi.from_buffer(ids)),
                                     _arrays.pointer(d2))
        return ids[:got], d2[:got]

    def __repr__(self):
        return "Grid(closed)" if getattr(self, "_owner", None) is None else f"Grid(dim={self.dim}, points={len(self)})"


