"""The package's compiled part missing: the import error says what to do, not only the loader's words.

A copy of the package under test, without libsteer.so.* (an install that lost it) or without the extension (the
source tree's python/, never built), is imported in a fresh interpreter."""
import glob
import os
import re
import shutil
import subprocess
import sys

import pytest

import steer

PACKAGE = os.path.dirname(os.path.abspath(steer.__file__))


def import_copy(tmp_path, leave_out):
    shutil.copytree(PACKAGE, tmp_path / "steer", ignore=shutil.ignore_patterns(leave_out, "__pycache__"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH")}
    env["PYTHONPATH"] = str(tmp_path)
    return subprocess.run([sys.executable, "-s", "-c", "import steer"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("leave_out, loader_words", [("libsteer.so.*", "libsteer.so"), ("_steer*", "_steer")])
def test_import_without_the_compiled_part_says_what_to_do(tmp_path, leave_out, loader_words):
    assert glob.glob(os.path.join(PACKAGE, leave_out)), f"the package under test has no {leave_out}"
    out = import_copy(tmp_path, leave_out)
    if out.returncode == 0:
        pytest.skip(f"another {leave_out} on this system's library path was loaded instead")
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: steer: its compiled part did not load"), out.stderr
    assert loader_words in last and "make python" in last and "STEER_BUILD_DIR" in last, last


def test_setup_without_libsteer_says_what_to_do_before_compiling(tmp_path):
    # it compiled the extension first and stopped at the linker's "cannot find -lsteer"
    env = dict(os.environ, STEER_BUILD_DIR=str(tmp_path / "empty"))
    out = subprocess.run([sys.executable, "setup.py", "build", "--build-base", str(tmp_path / "b"), "--build-lib",
                          str(tmp_path / "lib")], cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         env=env, capture_output=True, text=True, timeout=300)
    text = out.stdout + out.stderr
    assert out.returncode != 0
    assert f"no libsteer.so.* in {tmp_path / 'empty'}" in text and "make build" in text, text
    assert "cannot find -lsteer" not in text and not glob.glob(str(tmp_path / "b" / "**" / "*.o"), recursive=True)


@pytest.mark.parametrize("flag", ["-ffast-math", "-ffp-contract=fast"])
def test_setup_compiling_libsteer_refuses_flags_that_change_the_bits(tmp_path, flag):
    # without STEER_BUILD_DIR setup.py compiles libsteer.so itself: with such a flag its hashes would not be C's
    env = {k: v for k, v in os.environ.items() if k != "STEER_BUILD_DIR"}
    env["CFLAGS"] = flag
    out = subprocess.run([sys.executable, "setup.py", "build", "--build-base", str(tmp_path / "b"), "--build-lib",
                          str(tmp_path / "lib")], cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         env=env, capture_output=True, text=True, timeout=300)
    text = out.stdout + out.stderr
    assert out.returncode != 0
    assert f"the compiler command has {flag}" in text and "IEEE arithmetic" in text, text
    assert not glob.glob(str(tmp_path / "b" / "**" / "*.o"), recursive=True)


def _setup_names():
    """setup.py's module-level names, without running its setup() call."""
    import ast
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "setup.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    tree.body = [node for node in tree.body if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                                                    and getattr(node.value.func, "id", "") == "setup")]
    names = {"__file__": path}
    exec(compile(tree, path, "exec"), names)
    return names


def test_setup_flags_are_cmakes():
    # setup.py copies CMakeLists.txt's flags for the libsteer.so it compiles: each per-file option and each
    # library-wide rule of CMake's must be there (it lacked -fno-fast-math and -fvisibility=default: a CFLAGS with
    # -fvisibility=hidden built a libsteer.so exporting nothing, the import then failing on an undefined symbol)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cmake = os.path.join(root, "CMakeLists.txt")
    if not os.path.isfile(cmake):
        pytest.skip("an sdist's tests: no CMakeLists.txt to compare with")
    with open(cmake) as f:
        text = f.read()
    setup = _setup_names()
    per_file = re.findall(r'set_source_files_properties\(src/(\w+\.c) PROPERTIES COMPILE_OPTIONS "([^"]*)"\)', text)
    assert len(per_file) >= 3, per_file
    x86 = setup["sysconfig"].get_platform().endswith(("x86_64", "amd64"))
    for name, options in per_file:
        if options.startswith("-m") and not x86:
            continue
        assert setup["source_flags"](name) == options.split(";"), name
    objects = " ".join(re.findall(r"target_compile_options\(steer_objects PRIVATE ([^)$]*)\)", text)).split()
    assert "-ffp-contract=off" in objects, objects
    for flag in objects + ["-fvisibility=default"]:  # the last: CMake's C_VISIBILITY_PRESET
        assert flag in setup["LIBRARY_FLAGS"], flag
