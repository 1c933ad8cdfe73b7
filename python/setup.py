"""Build steer for Python: the cffi extension and libsteer.so beside it (metadata: pyproject.toml).

Two ways to get libsteer.so, the same package either way:
- STEER_BUILD_DIR set (`make python`, `make test-python`): the CMake build holding libsteer.so.* is linked and
  copied, so the package runs the very library the C tests ran;
- unset (`pip install ./python`, an sdist): libsteer.so is compiled here from the C sources, with CMakeLists.txt's
  flags (C11, -ffp-contract=off, the per-file -m flags of the SIMD kernels), so no CMake run is needed.
The extension finds the copy beside it through its $ORIGIN rpath: no LD_LIBRARY_PATH, no system-wide steer.
"""
import glob
import os
import re
import shutil
import sysconfig
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
# The C sources: an sdist carries its copy in c/ (make_release_tree below); a checkout has them beside python/.
C_ROOT = os.path.join(HERE, "c") if os.path.isdir(os.path.join(HERE, "c", "src")) else os.path.dirname(HERE)
# What an sdist copies of the checkout: the library, its headers, its export list, the scenario reader.
C_FILES = ["src/*.c", "src/*.h", "include/steer/*.h", "include/steer/detail/*.h", "cmake/steer_exports.map",
           "tools/scenario/*.c", "tools/scenario/*.h"]


def header_version():
    """include/steer/steer.h's version, which CMake checks project() against: one number for C and Python."""
    header = os.path.join(C_ROOT, "include", "steer", "steer.h")
    if not os.path.isfile(header):  # a copy of python/ alone (pip before 21.3 built in a copy of the directory)
        raise SystemExit(f"setup.py: no C sources beside {HERE}: neither c/ (an sdist's) nor ../include and ../src "
                         "(a steer checkout's). Build from the checkout's python/ or from an sdist of it "
                         "(python3 -m build --sdist python/).")
    with open(header) as f:
        parts = dict(re.findall(r"^#define STEER_VERSION_(MAJOR|MINOR|PATCH) (\d+)", f.read(), re.M))
    return parts["MAJOR"], parts["MINOR"], parts["PATCH"]


def source_flags(name):
    """CMakeLists.txt's per-file options: the AVX2 and AVX-512 kernel builds (x86-64 only; chosen at run time when
    the CPU has them) and the scalar kernel kept scalar (the vectoriser would make it another SIMD backend)."""
    if name == "neighbour_kernel.c":
        return ["-fno-tree-vectorize", "-fno-tree-slp-vectorize"]
    if sysconfig.get_platform().endswith(("x86_64", "amd64")):
        return {"neighbour_kernel_avx2.c": ["-mavx2"], "neighbour_kernel_avx512.c": ["-mavx512f"]}.get(name, [])
    return []


# The library's rules (CMakeLists.txt's steer_objects): determinism needs -ffp-contract=off and no -ffast-math
# (-fno-fast-math after CFLAGS undoes a -ffinite-math-only there, which fp_rules.h refuses); -fvisibility=default,
# as CMake's C_VISIBILITY_PRESET: a CFLAGS with -fvisibility=hidden built a libsteer.so exporting nothing.
LIBRARY_FLAGS = ["-std=c11", "-ffp-contract=off", "-fno-fast-math", "-fvisibility=default",
                 "-fno-semantic-interposition", "-pthread", "-Wall", "-Wextra", "-Wpedantic"]
REFUSED_FLAGS = ("-ffast-math", "-Ofast", "-funsafe-math-optimizations", "-ffp-contract=fast")
# CMake's Release level, unless CFLAGS names one: Python's own -O2 made the standard flock's step twice as long
# (16.0 ms against 7.8 ms for 200k agents here), the hash the same.
OPTIMISE = [] if re.search(r"(^|\s)-O", os.environ.get("CFLAGS", "")) else ["-O3"]


class build_ext_with_libsteer(build_ext):
    def run(self):
        self.steer_libraries = None
        if "STEER_BUILD_DIR" in os.environ:
            build_dir = os.path.abspath(os.environ["STEER_BUILD_DIR"])
            # looked for first: without it the extension compiled and then stopped at "ld: cannot find -lsteer"
            self.steer_libraries = glob.glob(os.path.join(build_dir, "libsteer.so.*"))
            if not self.steer_libraries:
                raise SystemExit(
                    f"setup.py: no libsteer.so.* in {build_dir} (STEER_BUILD_DIR; a relative one is taken from "
                    "python/, where pip runs this). Build the C library first: `make build` in the steer checkout, "
                    "or `cmake -S .. -B ../build && cmake --build ../build --target steer_shared`; or leave "
                    "STEER_BUILD_DIR unset to compile libsteer.so here from the sources. `make python` does both.")
            self.steer_library_dir = build_dir
        super().run()
        target = os.path.join(self.build_lib, "steer")
        os.makedirs(target, exist_ok=True)
        for library in self.steer_libraries:  # the SONAME's file among them, as real files
            shutil.copy2(library, os.path.join(target, os.path.basename(library)), follow_symlinks=True)

    def build_extensions(self):
        # here self.compiler is the configured one (CC, CFLAGS, LDSHARED): libsteer.so is built with it
        if self.steer_libraries is None:
            self.steer_library_dir, self.steer_libraries = self.compile_libsteer()
        for ext in self.extensions:
            ext.library_dirs.insert(0, self.steer_library_dir)
        super().build_extensions()

    def compile_libsteer(self):
        used = " ".join(self.compiler.compiler_so + [os.environ.get("CFLAGS", "")])
        for flag in REFUSED_FLAGS:
            if flag in used.split():
                raise SystemExit(f"setup.py: the compiler command has {flag} ({used!r}): steer's state hashes need "
                                 "IEEE arithmetic without contraction; build without it")
        major, minor, _ = header_version()
        out = os.path.join(os.path.abspath(self.build_temp), "libsteer")
        sources = sorted(glob.glob(os.path.join(C_ROOT, "src", "*.c")))
        include_dirs = [os.path.join(C_ROOT, "include"), os.path.join(C_ROOT, "src")]

        def compile_one(source):
            flags = OPTIMISE + LIBRARY_FLAGS + source_flags(os.path.basename(source))
            return self.compiler.compile([source], output_dir=out, include_dirs=include_dirs, extra_postargs=flags)

        # one compiler per file and core (build_ext -j N, else every core): 48 files in series took minutes
        with ThreadPoolExecutor(self.parallel if isinstance(self.parallel, int) else os.cpu_count()) as pool:
            objects = [obj for objs in pool.map(compile_one, sources) for obj in objs]
        soname = f"libsteer.so.{major}.{minor}"  # as CMake's: before 1.0 a minor release may change the ABI
        exports = os.path.join(C_ROOT, "cmake", "steer_exports.map")
        self.compiler.link_shared_object(objects, soname, output_dir=out, libraries=["m"], extra_postargs=[
            "-pthread", f"-Wl,-soname,{soname}", f"-Wl,--version-script={exports}", "-Wl,--no-undefined"])
        link = os.path.join(out, "libsteer.so")  # the name -lsteer looks for
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(soname, link)
        return out, [os.path.join(out, soname)]


class sdist_with_c_sources(sdist):
    """The sdist carries the C sources in c/, so that it builds away from the checkout."""
    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        for pattern in C_FILES:
            for path in glob.glob(os.path.join(C_ROOT, pattern)):
                relative = os.path.relpath(path, C_ROOT)
                os.makedirs(os.path.join(base_dir, "c", os.path.dirname(relative)), exist_ok=True)
                shutil.copy2(path, os.path.join(base_dir, "c", relative))


setup(
    version=".".join(header_version()),
    cffi_modules=["steer/_build.py:ffibuilder"],
    cmdclass={"build_ext": build_ext_with_libsteer, "sdist": sdist_with_c_sources},
)
