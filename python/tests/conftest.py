"""Where the C tools are: STEER_BUILD_DIR (default ../build), for the hash comparisons."""
import os

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.abspath(os.environ.get("STEER_BUILD_DIR", os.path.join(ROOT, "build")))


@pytest.fixture
def tool():
    def path(name):
        p = os.path.join(BUILD, name)
        if not os.access(p, os.X_OK):
            pytest.skip(f"{p} is not built")
        return p
    return path
