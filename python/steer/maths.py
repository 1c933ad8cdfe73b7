"""The compiled scalar functions of steer/math.h, over numbers or float32 arrays (the loop in C).

The library uses its own sin, cos, atan2 and exp2 so that results are the same bits on every platform;
these give a Python program the very values the behaviours compute with.
"""
from typing import Union

import numpy as np

from . import _arrays
from ._errors import invalid
from ._steer import lib

Number = Union[float, np.ndarray]


def _values(value, name):
    if np.ndim(value) == 0:
        return np.array([_arrays.scalar(value, name)], np.float32)
    return _arrays.finite(_arrays.floats(value, name, "(N,)"), name)


def _apply(which, a, b=None, name="x"):
    """One C loop over the values (any shape, float32, C-contiguous, finite); b: atan2's x (a is then its y)."""
    single = np.ndim(a) == 0 and (b is None or np.ndim(b) == 0)
    x = _values(a, name)
    y = None
    if b is not None:
        y = _values(b, "x")
        # atan2(y, x): both the same shape, or one a number
        if x.shape != y.shape:
            if x.size == 1:
                x = np.full(y.shape, x.flat[0], np.float32)
            elif y.size == 1:
                y = np.full(x.shape, y.flat[0], np.float32)
            else:
                raise invalid(f"y {x.shape} and x {y.shape}: must have one shape (or one be a number)")
    out = np.empty(x.shape, np.float32)
    lib.py_scalar(which, x.size, _arrays.pointer(x), _arrays.pointer(y if y is not None else x), _arrays.pointer(out))
    return float(out.flat[0]) if single else out


def sin(radians: Number) -> Number:
    """steer_sin: |error| < 2e-7, the same bits everywhere."""
    return _apply(0, radians)


def cos(radians: Number) -> Number:
    """steer_cos: |error| < 2e-7, the same bits everywhere."""
    return _apply(1, radians)


def atan2(y: Number, x: Number) -> Number:
    """steer_atan2: radians in [-pi, pi]; atan2(0, 0) = 0."""
    return _apply(2, y, x, name="y")


def exp2(x: Number) -> Number:
    """steer_exp2: 2**x, relative error < 3e-7."""
    return _apply(3, x)


def wrap_angle(radians: Number) -> Number:
    """steer_wrap_angle: into [-pi, pi)."""
    return _apply(4, radians)
