"""steer: Reynolds steering behaviours from Python, at C speed.

    import steer
    world = steer.World.standard_flock(100_000)
    world.step(steer.STANDARD_FLOCK_DT, steps=60)

Modules: steer.behaviours (pure behaviours and combiners, one agent or N:
(N, dim) float32 arrays in, forces out, the loop in C), steer.Vehicle (one
agent with its state), steer.World (many agents: groups, bulk add, step,
zero-copy views, goals, formations, state hash, snapshots, debug draw). Errors are
steer.SteerError subclasses carrying the C check's name and message.
"""
from . import behaviours
from ._errors import (BadSnapshot, CapacityError, ClosedError, InStep, InvalidArgument, OutOfMemory, ScenarioError,
                      StaleHandle, SteerError)
from .behaviours import Random
from .vehicle import Vehicle
from .world import (KERNELS, MAX_FORMATION_MEMBERS, MAX_FORMATIONS, STANDARD_FLOCK_DT, AgentId, World, WorldView,
                    kernel_available)

__version__ = "0.1.0"
__all__ = ["behaviours", "Random", "Vehicle", "World", "WorldView", "AgentId", "STANDARD_FLOCK_DT", "KERNELS", "kernel_available",
           "MAX_FORMATION_MEMBERS", "MAX_FORMATIONS", "SteerError", "InvalidArgument", "StaleHandle", "CapacityError",
           "OutOfMemory", "InStep", "BadSnapshot", "ScenarioError", "ClosedError"]
