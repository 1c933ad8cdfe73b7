"""Your own scheduler for a world's tasks (steer/world.h, "threading"), in Python.

The world splits each phase of a step into a task over items [0, item_count). Without a scheduler its
built-in pool runs them; with one, World(..., scheduler=s) hands each task to

    s.enqueue(run, item_count, min_range) -> token      # start it (None: run it all here, serially)
    s.finish(token)                                     # wait until it is done

where run(start, end, worker_index) executes items [start, end) on the caller's thread, with the GIL
released while C works (so threads of yours run tasks in parallel). Rules, as the C API has them: the
ranges cover [0, item_count) once each, in any order and split; worker_index is in [0, s.workers) and no
two calls running at once share one. The result never depends on the split: a Python scheduler gives the
same bits as the built-in pool (tests/test_scheduler.py checks the state hash).

Nothing a scheduler does can crash the interpreter or leave a step half done: run() refuses (raises
ValueError) a range out of [0, item_count) or already run, a worker_index out of range or in use, or a call
after the task is finished; finish() returning early is waited for (the binding counts the running calls);
an exception from enqueue or finish is kept. The items no call ran are then run serially, so the step is
complete and exact, and World.step raises SchedulerError (its __cause__: the first exception) after it.
"""
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, List, Optional

from . import _arrays
from ._errors import SteerError

Run = Callable[[int, int, int], None]


class SchedulerError(SteerError):
    """A scheduler's enqueue, finish or task call raised, or it broke the rules: the step was completed
    serially (exactly), then this was raised. __cause__ is the first exception."""


class SerialScheduler:
    """Runs each task at once on the calling thread, in ranges of min_range (one worker)."""
    workers = 1

    def enqueue(self, run: Run, item_count: int, min_range: int) -> Any:
        for start in range(0, item_count, max(min_range, 1)):
            run(start, min(start + max(min_range, 1), item_count), 0)
        return True

    def finish(self, token: Any) -> None:
        pass


class ThreadScheduler:
    """A pool of Python threads (concurrent.futures): each task is split into one range per worker.
    close() (or `with`) stops the threads."""

    def __init__(self, workers: int = 2):
        self.workers = _arrays.integer(workers, "workers", 1, 257, "must be in [1, 256]")
        self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="steer-task")

    def enqueue(self, run: Run, item_count: int, min_range: int) -> Any:
        chunks = min(self.workers, max(1, item_count // max(min_range, 1)))
        bounds = [item_count * k // chunks for k in range(chunks + 1)]
        return [self._pool.submit(run, bounds[k], bounds[k + 1], k) for k in range(chunks)]

    def finish(self, token: Any) -> None:
        for future in token:
            future.result()

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Task:
    """One task handed to a Python scheduler: the C task and what has run of it."""

    def __init__(self, task, context, count, workers):
        self.task, self.context, self.count, self.workers = task, context, count, workers
        self.done: List[tuple] = []       # (start, end) ranges run or running
        self.busy = set()                  # worker indices running now
        self.running = 0
        self.finished = False
        self.lock = threading.Condition()

    def run(self, start: int, end: int, worker_index: int) -> None:
        """Run items [start, end) of the task as worker worker_index (see the module's rules)."""
        start, end = _arrays.integer(start, "start"), _arrays.integer(end, "end")
        worker_index = _arrays.integer(worker_index, "worker_index")
        with self.lock:
            if self.finished:
                raise ValueError("run: the task is finished (a run after finish)")
            if not 0 <= start < end <= self.count:
                raise ValueError(f"run({start}, {end}): must be 0 <= start < end <= item_count = {self.count}")
            if not 0 <= worker_index < self.workers:
                raise ValueError(f"worker_index = {worker_index}: must be in [0, workers = {self.workers})")
            if worker_index in self.busy:
                raise ValueError(f"worker_index = {worker_index}: already running a range of this task")
            for a, b in self.done:
                if start < b and a < end:
                    raise ValueError(f"run({start}, {end}): overlaps [{a}, {b}), already run")
            self.done.append((start, end))
            self.busy.add(worker_index)
            self.running += 1
        try:
            self.task(start, end, worker_index, self.context)  # C, the GIL released
        finally:
            with self.lock:
                self.busy.discard(worker_index)
                self.running -= 1
                self.lock.notify_all()

    def complete(self) -> bool:
        """After the scheduler's finish: wait for running calls, refuse later ones, run what no call ran
        (serially, worker 0). Returns whether anything was missing; an interruption while waiting is
        raised only once the task is complete."""
        interrupted = None
        with self.lock:
            self.finished = True
            while self.running:
                try:
                    self.lock.wait()
                except BaseException as e:  # noqa: BLE001 -- a signal: keep waiting, C still runs those ranges
                    interrupted = interrupted or e
            done = sorted(self.done)
        gaps, at = [], 0
        for a, b in done:
            if a > at:
                gaps.append((at, a))
            at = max(at, b)
        if at < self.count:
            gaps.append((at, self.count))
        for a, b in gaps:
            self.task(a, b, 0, self.context)
        if interrupted is not None:
            raise interrupted  # the task is complete: safe to report now
        return bool(gaps)


class _Binding:
    """What the world's C scheduler callbacks reach through user_task_context: the Python scheduler, the
    tasks in flight and the first exception of the current step."""

    def __init__(self, scheduler, workers):
        self.scheduler, self.workers = scheduler, workers
        self.tasks = {}
        self.next_token = 1
        self.error: Optional[BaseException] = None
        self.stepping = False  # World.step is in its C call

    def fail(self, error: BaseException) -> None:
        if self.error is None:
            self.error = error

    def take_error(self) -> Optional[BaseException]:
        error, self.error = self.error, None
        return error
