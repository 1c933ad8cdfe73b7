"""Where the C tools are: STEER_BUILD_DIR (default ../build), for the hash comparisons.

And what the tests reach: every module of the package calls C through its global `lib`; here it is
replaced by a recorder that notes each name looked up (and, for the extension's loops, the first
argument: the dimension), so test_zz_bindings.py can fail when an exported C function is never called.
"""
import importlib
import os
import pkgutil

import pytest

import steer
from steer import _steer

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.abspath(os.environ.get("STEER_BUILD_DIR", os.path.join(ROOT, "build")))

CALLED = set()  # steer_* names looked up through the package's lib
LOOPS = set()   # (py_* name, its first argument) of the extension's loops called
DESELECTED = []  # tests left out of this run (-k, -m): the coverage test then does not count


class _Recorder:
    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        value = getattr(self._real, name)
        if name.startswith("py_") and callable(value):
            def loop(*args, _value=value, _name=name):
                LOOPS.add((_name, args[0] if args else None))
                return _value(*args)
            return loop
        if name.startswith("steer_"):
            CALLED.add(name)
        return value


_recorder = _Recorder(_steer.lib)
for info in pkgutil.iter_modules(steer.__path__):
    if info.name in ("_build", "_steer"):  # the cffi build script and the extension itself
        continue
    module = importlib.import_module(f"steer.{info.name}")
    if getattr(module, "lib", None) is _steer.lib:
        module.lib = _recorder


def pytest_deselected(items):
    DESELECTED.extend(items)


def pytest_collection_modifyitems(session, config, items):
    """The bindings' coverage test runs last, after everything it counts."""
    items.sort(key=lambda item: item.module.__name__.endswith("test_zz_bindings"))


@pytest.fixture
def tool():
    def path(name):
        p = os.path.join(BUILD, name)
        if not os.access(p, os.X_OK):
            pytest.skip(f"{p} is not built")
        return p
    return path
