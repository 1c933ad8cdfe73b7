"""Every exported C function is bound and called by a test, or listed here with why it does not apply.

Exported: `nm -D` of the libsteer.so the package loads. Bound: a function of the extension's cdef.
Called: looked up through the package's `lib` during this session (conftest.py records it), or called by
one of the extension's loops (steer/_vector.c) that a test ran with that dimension.
"""
import glob
import os
import re
import shutil
import subprocess

import pytest

import steer
from steer import _errors, _steer
from steer._steer import lib

from conftest import CALLED, DESELECTED, LOOPS

# Exported but not for Python, and why. The test fails if one of these is no longer exported, or gets bound.
NOT_APPLICABLE = {
    "steer_alloc": "the allocator hook's helper (steer/alloc.h): Python owns no C memory; the binding passes "
                   "zero allocators (malloc/free) and frees nothing by hand",
    "steer_free": "the allocator hook's helper, the pair of steer_alloc",
    "steer_world_set_targets": "World.set_targets fills steer_world_set_goals' records, which carry a speed and slow "
                               "radius per agent; the goals set_targets makes are those records with them 0",
}

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.abspath(steer.__file__))
VECTOR_C = os.path.join(PACKAGE, "_vector.c")
if not os.path.exists(VECTOR_C):  # built package without sources: read the tree's
    VECTOR_C = os.path.join(HERE, "..", "steer", "_vector.c")


def exported():
    libraries = sorted(glob.glob(os.path.join(PACKAGE, "libsteer.so.*")), key=len)
    assert libraries, f"no libsteer.so.* beside the extension in {PACKAGE}"
    nm = shutil.which("nm")
    assert nm, "nm (binutils) is needed to list the library's exports"
    out = subprocess.run([nm, "-D", "--defined-only", libraries[0]], check=True, capture_output=True, text=True).stdout
    names = {line.split()[-1] for line in out.splitlines() if len(line.split()) == 3 and line.split()[1] == "T"}
    return {n for n in names if n.startswith("steer_")}


def bound():
    return {n for n in dir(_steer.lib) if n.startswith("steer_") and not n.startswith("steer_py_")
            and callable(getattr(_steer.lib, n))}


def loop_calls():
    """For each py_* loop of _vector.c: {first argument value or None: the steer_* names it calls}."""
    with open(VECTOR_C) as f:
        text = f.read()
    bodies = dict(re.findall(r"\n(?:static )?[\w \*]*?\b(py_\w+)\([^;{]*?\)\s*\n\{(.*?)\n\}", text, re.S))
    signatures = dict(re.findall(r"\n(?:static )?[\w \*]*?\b(py_\w+)\(\s*(\w+ \w+)", text))

    def names(body, seen=()):
        found = set(re.findall(r"\b(steer_\w+)\b", body))
        for helper in set(re.findall(r"\b(py_\w+)\b", body)) - set(seen):
            if helper in bodies:
                found |= names(bodies[helper], tuple(seen) + (helper,))
        return found

    table = {}
    for name, body in bodies.items():
        all_names = names(body, (name,))
        if signatures.get(name, "").endswith(" dim"):
            table[name] = {dim: {n for n in all_names if not n[-1] in "23" or n.endswith(str(dim))} for dim in (2, 3)}
        elif name == "py_scalar":  # case k: the k-th scalar function
            cases = re.findall(r"(?:case (\d+)|default):[^;]*?(steer_\w+)\(", body)
            table[name] = {int(k) if k else 4: {f} for k, f in cases}
        else:
            table[name] = {None: all_names}
    return table


def reached():
    table = loop_calls()
    out = set(CALLED)
    for name, first in LOOPS:
        by = table.get(name, {})
        out |= by.get(first, by.get(None, set()))
    return out


def test_every_export_is_bound_or_listed_as_not_applicable():
    _errors.install_misuse_handler()  # done at import, before the recorder: called here to be counted
    exports, cdef = exported(), bound()
    assert len(exports) > 150, f"only {len(exports)} steer_* exports: the wrong library?"
    missing = sorted(exports - cdef - NOT_APPLICABLE.keys())
    assert not missing, f"exported by libsteer.so, not bound in steer/_cdef.h nor listed in NOT_APPLICABLE: {missing}"
    assert not NOT_APPLICABLE.keys() - exports, f"listed but not exported: {sorted(NOT_APPLICABLE.keys() - exports)}"
    assert not NOT_APPLICABLE.keys() & cdef, f"listed as not applicable but bound: {sorted(NOT_APPLICABLE.keys() & cdef)}"


def test_readme_names_what_is_not_bound():
    # python/README.md's "Everything bound" listed steer_alloc and steer_free, not steer_world_set_targets
    with open(os.path.join(HERE, "..", "README.md")) as f:
        section = re.search(r"## Everything bound, and tested(.*?)\n## ", f.read(), re.S).group(1)
    unnamed = sorted(name for name in NOT_APPLICABLE if f"`{name}`" not in section)
    assert not unnamed, f"python/README.md's 'Everything bound' does not name {unnamed} as not applicable"


def test_every_bound_function_is_called_by_a_test(request):
    collected = {os.path.basename(str(item.fspath)) for item in request.session.items}
    everything = {os.path.basename(p) for p in glob.glob(os.path.join(HERE, "test_*.py"))}
    if collected != everything or DESELECTED:
        pytest.skip(f"counts calls over the whole suite; this run has {len(collected)} of {len(everything)} files "
                    f"and leaves out {len(DESELECTED)} tests")
    _errors.install_misuse_handler()
    CALLED.add("steer_set_misuse_handler")
    never = sorted((exported() | bound()) - NOT_APPLICABLE.keys() - reached())
    assert not never, f"{len(never)} C functions no test reaches through the package: {never}"


def test_the_recorder_sees_calls_and_loops():
    """The counting itself can fail: a call is recorded with its loop's dimension."""
    before = set(LOOPS)
    steer.behaviours.seek((0, 0, 0), (0, 0, 0), (1, 0, 0), 1.0)
    assert ("py_seek", 3) in LOOPS
    table = loop_calls()
    assert table["py_seek"][3] == {"steer_seek3"} and table["py_seek"][2] == {"steer_seek2"}
    assert table["py_scalar"][2] == {"steer_atan2"}
    assert "steer_rng_float" in table["py_wander"][2] and "steer_dither3" in table["py_dither"][3]
    LOOPS.clear()
    LOOPS.update(before)
    assert lib.steer_world_step is getattr(_steer.lib, "steer_world_step")
