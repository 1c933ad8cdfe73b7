"""The package's compiled part missing: the import error says what to do, not only the loader's words.

A copy of the package under test, without libsteer.so.* (an install that lost it) or without the extension (the
source tree's python/, never built), is imported in a fresh interpreter."""
import glob
import os
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
