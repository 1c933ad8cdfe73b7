"""Build and install steer for Python: `make python` runs this (offline).

STEER_BUILD_DIR names the CMake build holding libsteer.so (default ../build).
The shared library is copied into the package, beside the extension, which
finds it through its $ORIGIN rpath: the installed package needs no
LD_LIBRARY_PATH and no system-wide install of steer.
"""
import glob
import os
import shutil

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD_DIR = os.path.abspath(os.environ.get("STEER_BUILD_DIR", os.path.join(HERE, "..", "build")))


class build_ext_with_libsteer(build_ext):
    def run(self):
        # looked for first: without it the extension compiled and then stopped at "ld: cannot find -lsteer"
        libraries = glob.glob(os.path.join(BUILD_DIR, "libsteer.so.*"))
        if not libraries:
            raise SystemExit(
                f"setup.py: no libsteer.so.* in {BUILD_DIR} (STEER_BUILD_DIR; default ../build, and a relative one "
                "is taken from python/, where pip runs this). Build the C library first: `make build` in the steer "
                "checkout, or `cmake -S .. -B ../build && cmake --build ../build --target steer_shared`; or set "
                "STEER_BUILD_DIR to the CMake build that holds libsteer.so. `make python` does both.")
        super().run()
        target = os.path.join(self.build_lib, "steer")
        os.makedirs(target, exist_ok=True)
        for library in libraries:  # the SONAME's file among them, as real files
            shutil.copy2(library, os.path.join(target, os.path.basename(library)), follow_symlinks=True)


setup(
    name="steer",
    version="0.1.0",
    description="Reynolds steering behaviours: numpy-first Python binding of the steer C library",
    packages=["steer"],
    package_data={"steer": ["py.typed"]},
    python_requires=">=3.9",
    setup_requires=["cffi>=1.12"],
    install_requires=["cffi>=1.12", "numpy"],
    cffi_modules=["steer/_build.py:ffibuilder"],
    cmdclass={"build_ext": build_ext_with_libsteer},
    zip_safe=False,
)
