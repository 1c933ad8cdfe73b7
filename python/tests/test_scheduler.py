"""Python schedulers drive the world's tasks: the same bits as the built-in pool, and nothing a scheduler
does (raise, skip or repeat ranges, misuse worker indices, run late, close the world) crashes or leaves a
step half done."""
import random
import threading

import pytest

import steer
from steer.scheduler import SchedulerError

AGENTS, STEPS = 3000, 12


def reference(**fields):
    w = steer.World.standard_flock(AGENTS, threads=2, **fields)
    w.step(steps=STEPS)
    return w.state_hash()


class Shuffled:
    """Random ranges in a random order, run on two threads with worker indices 0 and 1."""
    workers = 2

    def __init__(self, seed):
        self.random = random.Random(seed)

    def enqueue(self, run, item_count, min_range):
        cuts = sorted(self.random.sample(range(1, item_count), min(item_count - 1, 7))) if item_count > 1 else []
        ranges = list(zip([0] + cuts, cuts + [item_count]))
        self.random.shuffle(ranges)
        halves = [ranges[0::2], ranges[1::2]]
        threads = [threading.Thread(target=lambda k=k: [run(a, b, k) for a, b in halves[k]]) for k in range(2)]
        for t in threads:
            t.start()
        return threads

    def finish(self, threads):
        for t in threads:
            t.join()


def test_python_schedulers_give_the_built_in_pools_bits():
    want = reference()
    one = steer.World.standard_flock(AGENTS)
    one.step(steps=STEPS)
    assert one.state_hash() == want                                  # 1 thread or 2: the same
    with steer.ThreadScheduler(2) as pool:
        for scheduler in (pool, steer.SerialScheduler(), Shuffled(1)):
            w = steer.World.standard_flock(AGENTS, scheduler=scheduler)
            w.step(steps=STEPS)
            assert w.state_hash() == want, type(scheduler).__name__
    # solid obstacles and the non-penetration pass (its relaxation runs per worker too)
    solid = dict(non_penetration=True, max_obstacles=4, solid_obstacles=True)
    want = reference(**solid)
    w = steer.World.standard_flock(AGENTS, scheduler=Shuffled(2), **solid)
    w.step(steps=STEPS)
    assert w.state_hash() == want


class Failing:
    """Runs part of each task, then fails in the way named."""
    workers = 2

    def __init__(self, how):
        self.how, self.calls = how, 0

    def enqueue(self, run, item_count, min_range):
        self.calls += 1
        self.run = run
        half = item_count // 2
        if self.how == "enqueue":
            run(0, half, 0)
            raise RuntimeError("enqueue broke")
        if self.how == "decline":
            return None
        if self.how == "overlap":
            run(0, item_count, 0)
            run(0, 1, 1)  # already run: refused with ValueError, raised out of enqueue
        if self.how == "worker":
            run(0, item_count, 2)
        if self.how == "range":
            run(-1, item_count + 1, 0)
        if self.how == "interrupt":
            raise KeyboardInterrupt
        run(0, half, 1)
        return half

    def finish(self, half):
        if self.how == "finish":
            raise OSError("finish broke")
        # "skip": returns with [half, item_count) never run


@pytest.mark.parametrize("how", ["enqueue", "finish", "skip", "overlap", "worker", "range"])
def test_a_failing_scheduler_raises_after_completing_the_step_exactly(how):
    want = reference()
    w = steer.World.standard_flock(AGENTS, scheduler=Failing(how))
    with pytest.raises(SchedulerError) as e:
        w.step()
    assert e.value.__cause__ is not None and "completed serially" in str(e.value)
    while w.step_count < STEPS:  # every step raises, and every step is complete
        with pytest.raises(SchedulerError):
            w.step()
    assert w.state_hash() == want


def test_declining_scheduler_and_late_runs():
    want = reference()
    decline = Failing("decline")
    w = steer.World.standard_flock(AGENTS, scheduler=decline)
    w.step(steps=STEPS)  # None from enqueue: the binding runs the task itself, no error
    assert w.state_hash() == want and decline.calls > 0
    with pytest.raises(ValueError, match="the task is finished"):
        decline.run(0, 1, 0)  # kept past its task: refused, never run into freed memory


def test_keyboard_interrupt_in_a_scheduler_is_raised_as_it_is():
    w = steer.World.standard_flock(500, scheduler=Failing("interrupt"))
    with pytest.raises(KeyboardInterrupt):
        w.step()
    assert w.step_count == 1


def test_scheduler_that_closes_or_steps_its_world():
    class Closing(steer.SerialScheduler):
        def finish(self, token):
            world.close()
    world = steer.World.standard_flock(500, scheduler=Closing())
    world.step()  # the C world lives through its step
    assert world.closed
    with pytest.raises(steer.ClosedError):
        world.step()

    class Reentrant(steer.SerialScheduler):
        def enqueue(self, run, item_count, min_range):
            world2.step()
    world2 = steer.World.standard_flock(500, scheduler=Reentrant())
    with pytest.raises(SchedulerError) as e:
        world2.step()
    assert isinstance(e.value.__cause__, steer.InStep) and e.value.__cause__.name == "STEER_MISUSE_IN_STEP"


def test_scheduler_survives_restore_and_is_checked():
    want = reference()
    w = steer.World.standard_flock(AGENTS, scheduler=Shuffled(3))
    w.step(steps=STEPS // 2)
    data = w.save()
    w.step(steps=3)
    w.restore(data)
    w.step(steps=STEPS - STEPS // 2)
    assert w.state_hash() == want

    class NoWorkers(steer.SerialScheduler):
        workers = 0
    with pytest.raises(steer.InvalidArgument) as e:
        steer.World(dim=2, capacity=10, scheduler=NoWorkers())
    assert e.value.name == "STEER_MISUSE_WORLD_DEF_WORKER_COUNT"
    with pytest.raises(steer.InvalidArgument, match="has no enqueue"):
        steer.World(dim=2, capacity=10, scheduler=object())
