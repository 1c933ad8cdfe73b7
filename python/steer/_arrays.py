"""Checks on the arrays passed to C: shape, dtype, layout, finiteness.

The rule: numpy arrays must already be float32 and C-contiguous (the binding
never copies a large array behind your back: a float64 or strided array of
rows is an error that says so); lists and tuples are converted, and so is
one row (a (2,) or (3,) vector of any real dtype: np.random's float64, a
row of a float64 array), which costs nothing to copy. Rows are (dim,)
for one agent or one value shared by all, (N, dim) for N agents.
"""
import numpy as np

from ._errors import invalid
from ._steer import ffi, lib

FLOAT32_MAX = float(np.finfo(np.float32).max)


def floats(value, name, shape_hint):
    """value as a float32 C-contiguous array (converting lists and tuples)."""
    if isinstance(value, np.ndarray):
        if value.dtype != np.float32:
            raise invalid(f"{name}: dtype {value.dtype}: must be float32 (convert with .astype(np.float32))")
        if not value.flags.c_contiguous:
            raise invalid(f"{name}: not C-contiguous: pass np.ascontiguousarray({name})")
        return value
    try:
        source = np.asarray(value)
        if source.dtype.kind in "iuO":  # a list's ints (an int beyond int64: object): as float64, checked below
            source = source.astype(np.float64)
        array = None if source.dtype.kind == "f" else np.asarray(source, dtype=np.float32)
    except (TypeError, ValueError, OverflowError) as e:
        raise invalid(f"{name}: {value!r}: must be {shape_hint} numbers ({e})") from None
    if array is None:  # outside the try: its refusal names the value, not the shape rule above
        array = narrow(source, name)
    return np.ascontiguousarray(array)


def narrow(source, name):
    """A small float array (a list's numbers, one row) as float32: a finite value too large for a float32 is
    refused by its own value, as scalar() refuses it, not made infinity (with numpy's overflow warning)."""
    with np.errstate(over="ignore"):
        array = source.astype(np.float32)
    over = np.flatnonzero(np.isinf(array) & np.isfinite(source))
    if over.size:
        raise invalid(f"{name}{_where(over[0], source.shape)} = {source.flat[over[0]]}: must be finite as a float32 "
                      f"(magnitude at most {FLOAT32_MAX:.7g})")
    return array


def _where(flat_index, shape):
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(flat_index, shape)) + "]" if shape else ""


def finite(array, name):
    bad = lib.py_first_nonfinite(ffi.from_buffer("float[]", array), array.size)
    if bad >= 0:
        raise invalid(f"{name}{_where(bad, array.shape)} = {array.flat[bad]}: must be finite")
    return array


def rows(value, name, dim=None):
    """A checked (dim,) or (N, dim) float32 array with dim 2 or 3 (or the given dim)."""
    if (isinstance(value, np.ndarray) and value.shape in (((dim,),) if dim else ((2,), (3,)))
            and value.dtype.kind in "fiu"):
        value = narrow(value, name) if value.dtype.kind == "f" else value.astype(np.float32)  # one row: small
    array = finite(floats(value, name, "(dim,) or (N, dim)"), name)
    if array.ndim not in (1, 2) or array.shape[-1] not in ((dim,) if dim else (2, 3)):
        want = f"({dim},) or (N, {dim})" if dim else "(2,), (3,), (N, 2) or (N, 3)"
        raise invalid(f"{name}: shape {array.shape}: must be {want}")
    return array


def column(value, name, n):
    """One float per agent: a number (the same for all) or an (n,) float32 array (a list is converted), finite."""
    if np.ndim(value) == 0:
        return np.full(n, scalar(value, name), np.float32)
    array = finite(floats(value, name, "(N,)"), name)
    if array.shape != (n,):
        raise invalid(f"{name}: shape {array.shape}: must be ({n},), one per id, or one number")
    return array


def scalar(value, name, rule=None, ok=None):
    """A finite float (optionally checked by ok, with rule as the message); a string is not parsed."""
    if isinstance(value, (str, bytes, bytearray)):
        raise invalid(f"{name} = {value!r}: must be a number")
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise invalid(f"{name} = {value!r}: must be a number") from None
    if not np.isfinite(v):
        raise invalid(f"{name} = {v}: must be finite")
    if abs(v) > FLOAT32_MAX:  # C takes a float: this would arrive as infinity
        raise invalid(f"{name} = {v}: must be finite as a float32 (magnitude at most {FLOAT32_MAX:.7g})")
    if ok is not None and not ok(v):
        raise invalid(f"{name} = {v}: {rule}")
    return v


def flag(value, name):
    """A bool for C: True, False, a numpy bool or the ints 0 and 1; never a string (bool("False") is True)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)) and int(value) in (0, 1):
        return bool(value)
    raise invalid(f"{name} = {value!r}: must be True or False")


def integer(value, name, low=-2**31, high=2**31, rule=None):
    """An index, count or seed for C: an int (or numpy integer) in [low, high), never a float truncated, a bool or
    a string parsed. rule: the message when it is out of range (default: the range of a C int)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise invalid(f"{name} = {value!r}: must be an int")
    if not low <= int(value) < high:
        raise invalid(f"{name} = {value}: {rule or 'out of the range of a C int'}")
    return int(value)


def pointer(array):
    return ffi.from_buffer("float[]", array)
