"""C errors as Python exceptions.

The library reports each misuse (a bad def field, a stale handle, a NaN
position) to a handler with the check's name and a message naming the
function, the field, the value and the rule; fallible calls also return a
steer_result. The binding installs its own handler, so the library never
prints or aborts under Python, and turns both into a SteerError carrying the
C names: `err.name` ("STEER_MISUSE_HANDLE_STALE"), `err.result`
("STEER_ERROR_STALE_HANDLE") and the message.
"""
import threading

from ._steer import ffi, lib

# The reports of each thread's calls: (misuse name, function, message) since
# that thread's last begin(). Per thread, since C calls release the GIL and
# the library reports a call's misuse on the thread that made it.
_local = threading.local()


def _reports():
    reports = getattr(_local, "reports", None)
    if reports is None:
        reports = _local.reports = []
    return reports


@ffi.def_extern()
def steer_py_on_misuse(misuse_id, function, message, context):
    _reports().append((ffi.string(lib.steer_misuse_name(misuse_id)).decode(),
                     ffi.string(function).decode(), ffi.string(message).decode()))


def install_misuse_handler() -> None:
    """Route the library's misuse reports to this module (done at import; process-wide in C)."""
    lib.steer_set_misuse_handler(lib.steer_py_on_misuse, ffi.NULL)


install_misuse_handler()


class SteerError(Exception):
    """A refused call. name: the C check's or result's name; result: the
    steer_result's name (None for errors found in Python before the call)."""

    def __init__(self, message, name=None, result=None):
        super().__init__(message)
        self.message = message
        self.name = name
        self.result = result


class InvalidArgument(SteerError, ValueError):
    """A value out of its documented range, NaN, or an array of the wrong shape, dtype or layout."""


class StaleHandle(SteerError, KeyError):
    """An agent handle no live agent has (removed, or another world's)."""

    __str__ = Exception.__str__


class CapacityError(SteerError):
    """A fixed capacity of the world is exhausted."""


class OutOfMemory(SteerError, MemoryError):
    pass


class InStep(SteerError):
    """The world was changed from inside its own step."""


class BadSnapshot(SteerError):
    """A snapshot that is truncated, corrupted or of another version or dimension."""


class ScenarioError(SteerError):
    """A scenario file with mistakes: the same lines `steer run` prints."""


class ClosedError(SteerError):
    """The world was used after close()."""


_BY_RESULT = {
    lib.STEER_ERROR_INVALID_ARGUMENT: InvalidArgument,
    lib.STEER_ERROR_STALE_HANDLE: StaleHandle,
    lib.STEER_ERROR_CAPACITY: CapacityError,
    lib.STEER_ERROR_OUT_OF_MEMORY: OutOfMemory,
    lib.STEER_ERROR_IN_STEP: InStep,
    lib.STEER_ERROR_BAD_SNAPSHOT: BadSnapshot,
}
_RESULT_NAMES = {value: name for name, value in vars(lib).items()
                 if isinstance(value, int) and name.startswith("STEER_ERROR_")}
_RESULT_NAMES[lib.STEER_OK] = "STEER_OK"


def begin():
    """Forget earlier reports: call before the C call whose reports count."""
    _reports().clear()


def keep_reports(keep):
    """Forget this thread's reports whose misuse name keep(name) rejects (those a caller counts as answers)."""
    reports = _reports()
    reports[:] = [r for r in reports if keep(r[0])]


def reported():
    """The misuse reports since begin(), as (name, function, message)."""
    return list(_reports())


def _refusal(result, report=-1):
    """For a negative steer_result: the exception class, the check's name (the
    misuse report's if the call made one, else the result's), the result's
    name, and why: the report's message (_reports[report]), or None without
    a report (report None: the refusal made none)."""
    result = int(result)
    name = _RESULT_NAMES.get(result, str(result))
    cls = _BY_RESULT.get(result, SteerError)
    reports = _reports()
    if reports and report is not None:
        misuse, _, message = reports[report]
        if misuse == "STEER_MISUSE_IN_STEP":  # refused for when it was called, whatever the call returns
            cls = InStep
        return cls, misuse, name, f"{message} ({misuse}, {name})"
    return cls, name, name, None


def raise_result(result, what):
    """Raise for a negative steer_result, with the misuse report if the call made one."""
    cls, check_name, name, why = _refusal(result)
    text = ffi.string(lib.steer_result_string(int(result))).decode()
    raise cls(why or f"{what}: {text} ({name})", name=check_name, result=name)


def raise_bulk(results, n, done, what, handles, changes=True):
    """For a bulk call that refused some of its n entries (results[i] per
    entry, done of them accepted): raise for the first refused, naming its
    index and, for a call that changes the world, that the rest took effect.
    The exception's `index` is that entry's. A call refused as a whole (a
    bad count, a handle listed twice: every entry INVALID_ARGUMENT under one
    report) raises that report, with no index. The entries before the first
    refused made no report, so its report, if it made one, is the first; a
    stale handle (an agent gone) makes none (the C library counts it a
    result, not misuse), and is named from handles[i]."""
    if done == 0 and n > 1 and len(_reports()) == 1 and all(
            results[i] == lib.STEER_ERROR_INVALID_ARGUMENT for i in range(n)):
        raise_result(results[0], what)
    bad = next(i for i in range(n) if results[i] != lib.STEER_OK)
    gone = results[bad] == lib.STEER_ERROR_STALE_HANDLE and not any(f"ids[{bad}] = {{" in r[2] for r in _reports())
    cls, check_name, name, why = _refusal(results[bad], None if gone else 0)
    if gone:
        h = handles[bad]
        why = (f"ids[{bad}] = {{index {h.index}, generation {h.generation}, world {h.world}}}: "
               f"no live agent of this world has it ({name})")
    why = why or f"{ffi.string(lib.steer_result_string(int(results[bad]))).decode()} ({name})"
    applied = f"; the other {done} of {n} were applied" if changes else ""
    e = cls(f"{what}: ids[{bad}] refused{applied}: {why}", name=check_name, result=name)
    e.index = bad
    raise e


def check(result, what):
    """result, unless negative: then the exception for it."""
    if result < 0:
        raise_result(result, what)
    return result


def raise_reported(default_result, what):
    """For calls that signal failure by a value (a NULL, a null handle): raise from the report."""
    raise_result(default_result, what)


def invalid(message):
    """An argument the binding refuses before calling C."""
    return InvalidArgument(message, name="STEER_ERROR_INVALID_ARGUMENT", result="STEER_ERROR_INVALID_ARGUMENT")
