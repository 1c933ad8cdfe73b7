"""steer: Reynolds steering behaviours from Python, at C speed.

    import steer
    world = steer.World.standard_flock(100_000)
    world.step(steer.STANDARD_FLOCK_DT, steps=60)

Modules: steer.behaviours (pure behaviours and combiners, one agent or N:
(N, dim) float32 arrays in, forces out, the loop in C; with Path and
FlowField), steer.Vehicle (one agent with its state), steer.World (many
agents: groups, bulk add, step, zero-copy views, goals, formations, flow
fields, state hash, snapshots, debug draw, your own scheduler:
steer.scheduler), steer.Grid (the standalone spatial index), steer.maths
(the library's portable sin, cos, atan2, exp2). Errors are steer.SteerError
subclasses carrying the C check's name and message.
"""
try:
    from . import _steer  # the compiled part: the cffi extension, and libsteer.so.* beside it
except ImportError as error:  # the loader's words alone ("libsteer.so.0.1: cannot open ...") say nothing to do
    raise ImportError(
        f"steer: its compiled part did not load ({error}). The package is used as installed: `pip install "
        "--no-build-isolation ./python` in the steer checkout compiles libsteer.so and installs it (or `make python`, "
        "which links the CMake build's, as STEER_BUILD_DIR naming a build does); the source tree's python/ is not "
        "importable as it is."
    ) from error
from . import behaviours, maths
from .assign import MAX_PLACES, assign_places
from ._errors import (BadSnapshot, CapacityError, ClosedError, InStep, InvalidArgument, OutOfMemory, ScenarioError,
                      StaleHandle, SteerError)
from .behaviours import FlowField, Path, Random
from .grid import Grid
from .scheduler import SchedulerError, SerialScheduler, ThreadScheduler
from .vehicle import Vehicle
from .world import (KERNELS, MAX_FORMATION_MEMBERS, MAX_FORMATIONS, STANDARD_FLOCK_DT, AgentId, World, WorldView,
                    kernel_available, library_version, snapshot_info, standard_flock_side)

__version__ = "0.1.0"
__all__ = ["behaviours", "maths", "assign_places", "MAX_PLACES", "Random", "Path", "FlowField", "Grid", "Vehicle", "World", "WorldView", "AgentId",
           "STANDARD_FLOCK_DT", "standard_flock_side", "SerialScheduler", "ThreadScheduler", "SchedulerError",
           "KERNELS", "kernel_available", "library_version", "snapshot_info",
           "MAX_FORMATION_MEMBERS", "MAX_FORMATIONS", "SteerError", "InvalidArgument", "StaleHandle", "CapacityError",
           "OutOfMemory", "InStep", "BadSnapshot", "ScenarioError", "ClosedError"]
