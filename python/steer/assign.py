"""Who goes where, without a world (steer/assign.h): agents to places with the least sum of squared distances.

    place_of = steer.assign_places(positions, places)   # (N,) int32: row i's place in places
    world.send_assigned(ids, places[place_of], together=True)

It is the choice World.send_to_places makes. The C call releases the GIL and reads only its arguments, so a
large order (seconds for thousands) can be chosen on another thread while the world steps.
"""
import numpy as np

from . import _arrays, _errors
from ._errors import invalid
from ._steer import ffi, lib

MAX_PLACES = 4096  # STEER_MAX_PLACES: the most places (and agents) one choice takes


def assign_places(positions, places) -> np.ndarray:
    """For positions ((N, dim), dim 2 or 3) and places ((M, dim), N <= M <= MAX_PLACES), the index of each
    position's place, (N,) int32: every position its own, and the sum of the squared distances the least any
    choice gives; ties go to the lower index, so the answer is the same everywhere. For agents all on the ground
    of a 3D world, pass the points in its ground frame with dim 2: for a Y-up world (x, -z), for a Z-up one (x, y)
    (World.send_to_places measures there, so the choice is its own where several tie)."""
    p = _arrays.rows(positions, "positions")
    dim = p.shape[-1]
    q = _arrays.rows(places, "places", dim)
    if p.ndim != 2 or q.ndim != 2:
        raise invalid(f"positions, places: shapes {p.shape}, {q.shape}: must be (N, {dim}) and (M, {dim})")
    n, m = p.shape[0], q.shape[0]
    p3, q3 = np.zeros((n, 3), np.float32), np.zeros((m, 3), np.float32)
    p3[:, :dim], q3[:, :dim] = p, q
    out = np.zeros(max(n, 1), np.int32)
    _errors.begin()
    r = lib.steer_assign_places(ffi.cast("const steer_v3 *", ffi.from_buffer(p3)), n,
                                ffi.cast("const steer_v3 *", ffi.from_buffer(q3)), m, dim, ffi.NULL,
                                ffi.cast("int *", ffi.from_buffer(out)))
    _errors.check(r, "steer_assign_places")
    return out[:n].copy()
