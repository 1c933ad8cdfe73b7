"""cffi's API-mode build of steer._steer (run by setup.py).

The extension is compiled against the real headers, so the C compiler checks
every declaration of _cdef.h; it links libsteer.so (setup.py's build_ext
adds the directory: STEER_BUILD_DIR's, or where it compiled the library) and
compiles the scenario reader of tools/scenario into itself, so that
World.from_scenario reads files exactly as `steer run` does.
"""
import glob
import os
import subprocess

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
# The C sources, as setup.py finds them: an sdist's copy in c/, or the checkout round python/.
PYDIR = os.path.dirname(HERE)
ROOT = os.path.join(PYDIR, "c") if os.path.isdir(os.path.join(PYDIR, "c", "src")) else os.path.dirname(PYDIR)
SCENARIO = os.path.join(ROOT, "tools", "scenario")


def _pkg_config(*args):
    try:
        return subprocess.run(["pkg-config", *args, "jansson"], check=True, capture_output=True,
                              text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError) as error:  # the scenario reader's JSON library
        raise SystemExit(f"steer/_build.py: `pkg-config {' '.join(args)} jansson` failed ({error}): the extension "
                         "compiles the scenario reader, which needs pkg-config and jansson's headers (Debian: "
                         "pkg-config libjansson-dev)") from error


ffibuilder = FFI()
with open(os.path.join(HERE, "_cdef.h")) as f:
    ffibuilder.cdef(f.read())
with open(os.path.join(HERE, "_vector.c")) as f:
    vector_source = f.read()

ffibuilder.set_source(
    "steer._steer",
    '#include <stdlib.h>\n#include <steer/steer.h>\n#include "scenario.h"\n#include "scenario_json.h"\n' + vector_source,
    # every file of the scenario front end (CMake's steer_scenario library): no second list to keep
    sources=sorted(glob.glob(os.path.join(SCENARIO, "*.c"))),
    include_dirs=[os.path.join(ROOT, "include"), SCENARIO] + [f[2:] for f in _pkg_config("--cflags-only-I")],
    libraries=["steer"] + [f[2:] for f in _pkg_config("--libs-only-l")] + ["m"],
    # The installed package carries libsteer.so.* beside the extension.
    extra_link_args=["-Wl,-rpath,$ORIGIN"],
    # The library's rules for the code compiled here: C11, no contraction.
    # A field of _cdef.h whose type differs from the header's (cffi checks it with a pointer assignment) is an error.
    extra_compile_args=["-std=c11", "-ffp-contract=off", "-D_POSIX_C_SOURCE=200809L", "-Werror=incompatible-pointer-types"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
