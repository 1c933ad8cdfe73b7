"""python/README.md's code blocks and python/examples/ run as written and do what the text around them says.

The README's blocks are extracted from the file (a block edited there is tested as edited); the one-liner of its
sh block is run in a fresh interpreter; the examples are run as scripts and their printed figures compared with
the README's list of examples (and the examples' own docstrings)."""
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import steer

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.dirname(HERE)
README = os.path.join(PYDIR, "README.md")
EXAMPLES = os.path.join(PYDIR, "examples")


def blocks(language):
    with open(README) as f:
        text = f.read()
    return re.findall(r"```" + language + r"\n(.*?)```", text, re.S)


def readme_text():
    with open(README) as f:
        return " ".join(f.read().split())  # the README's lines joined: claims wrap across lines


def run_script(path_or_code, *, code=False, timeout=120):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)  # the package under test, as this run sees it
    args = [sys.executable, "-c", path_or_code] if code else [sys.executable, path_or_code]
    out = subprocess.run(args, cwd="/", env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_readme_has_the_blocks_this_file_tests():
    # a block added to the README must be added here too
    assert len(blocks("sh")) == 1
    assert len(blocks("python")) == 2


def test_readme_one_liner_prints_the_hash_steer_bench_prints(tool):
    (sh,) = blocks("sh")
    line = next(line for line in sh.splitlines() if line.startswith("/usr/bin/python3 -c"))
    code = re.match(r'/usr/bin/python3 -c "(.*)"\s*$', line).group(1)
    assert "standard_flock(100_000)" in code and "steps=60" in code
    printed = run_script(code, code=True).strip()
    assert re.fullmatch(r"[0-9a-f]{16}", printed), printed
    # steer bench: one warm-up step, then --steps timed ones
    out = subprocess.run([tool("steer"), "bench", "--agents", "100000", "--steps", "59", "--json"], check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out.splitlines()[0])["state_hash"] == printed


def test_readme_avoidance_block_runs_and_the_crowd_does_not_flock():
    block = blocks("python")[0]
    assert "add_group" in block
    scope = {}  # as written: the block imports what it uses
    exec(compile(block, "README.md (predictive avoidance)", "exec"), scope)
    w, g = scope["w"], scope["g"]
    group = w.get_group(g)
    # "a behaviour not named has weight 0 (the crowd above does not flock)"
    assert group["behaviours"] == {"anticipate": 1.0, "arrive": 1.0}
    assert group["combine"] == "running_sum" and group["keep_apart"] is True
    assert group["priority"] == 1 and group["keep_right"] == 0.25 and group["radius"] == 0.5
    assert w.obstacle_count == 1
    np.testing.assert_array_equal(w.get_obstacle_velocity(0), [-1, 0])
    # "predicted, never moved by the world"
    w.add_agent(g, (-5, 3))
    w.step(0.1, steps=10)
    assert w.obstacle_count == 1
    # without behaviours= the default def's flocking
    assert w.get_group(w.add_group())["behaviours"] == {"separation": 1.5, "alignment": 1.0, "cohesion": 1.0}
    # set_group(behaviours=...) changes only the weights it names
    w.set_group(g, behaviours={"seek": 2})
    assert w.get_group(g)["behaviours"] == {"anticipate": 1.0, "arrive": 1.0, "seek": 2.0}


def test_readme_shapes_block_runs_as_written():
    """The block runs as written, alone (it was a sketch whose inputs were not defined), and every line returns
    what the text says: forces (N, dim), state (N,) returned updated, the input state unchanged."""
    import ast
    block = blocks("python")[1]
    scope = {}
    first = {}  # the first arrays bound to index and latch, and copies of them: the calls must not write into them
    for statement in ast.parse(block).body:
        for name in ("index", "latch"):
            if name in scope and name not in first:
                first[name] = (scope[name], scope[name].copy())
        exec(compile(ast.Module([statement], []), "README.md (paths, walls, obstacles, flow fields)", "exec"), scope)
    assert run_script(block, code=True) == ""  # and in a fresh interpreter
    n = len(scope["pos"])
    assert len(scope["path"]) == 4 and not scope["path"].points.flags.writeable
    for name, shape in (("force", (n, 2)), ("tips", (n, 3, 2))):  # tips: the three feelers' ends (docstring)
        assert scope[name].shape == shape and scope[name].dtype == np.float32
        assert np.isfinite(scope[name]).all()
    assert scope["index"].shape == (n,) and scope["latch"].shape == (n,)
    assert scope["w"].add_flow_field(scope["field"]) == 1  # the block added index 0
    # "copied and returned updated, never changed in place": the block rebinds index and latch; the arrays it
    # passed first are as they were
    assert set(first) == {"index", "latch"}
    for name, (passed, copy) in first.items():
        np.testing.assert_array_equal(passed, copy)
        assert scope[name] is not passed


def test_readme_list_of_pure_functions_exists():
    text = readme_text()
    listed = re.search(r"Also `path_closest_point`(.*?)the desired forms", text).group(0)
    for name in re.findall(r"`(\w+)`", listed):
        assert callable(getattr(steer.behaviours, name, None)), name
    for name in ("blend", "priority", "running_sum", "wander", "wander_sphere", "dither", "time_to_collision",
                 "avoid_neighbours", "anticipate", "anticipate_all", "avoid_neighbours_all",
                 "separation_desired", "alignment_desired"):
        assert callable(getattr(steer.behaviours, name, None)), name
    for name in ("set_goals", "get_goals", "arrived", "send_to_places", "last_profile", "use_simd", "up"):
        assert hasattr(steer.World, name), name
    assert callable(steer.standard_flock_side) and callable(steer.Grid)
    for name in ("sin", "cos", "atan2", "exp2", "wrap_angle"):
        assert callable(getattr(steer.maths, name)), name


# ---- examples ---------------------------------------------------------------------------------------------------

def example(name):
    return run_script(os.path.join(EXAMPLES, name))


def test_example_numpy_loop_stays_in_its_box_and_follows_the_target():
    printed = example("numpy_loop.py")
    distance = float(re.search(r"after 300 frames: ([\d.]+)", printed).group(1))
    # re-run the loop to check "stay in a box": the same code, the final positions
    scope = {"__name__": "not_main"}
    with open(os.path.join(EXAMPLES, "numpy_loop.py")) as f:
        exec(compile(f.read(), "numpy_loop.py", "exec"), scope)
    pos = scope["pos"]
    assert np.isfinite(pos).all()
    assert (np.abs(pos) <= 60).all(), "an agent left the box [-60, 60]^2"
    start = np.random.default_rng(1).uniform(-50, 50, (10_000, 2)).astype(np.float32)
    assert distance < np.linalg.norm(start - scope["target"], axis=1).mean()
    # the docstring: "they catch up with it and follow it: after 5 s they are a few lengths from it on average"
    assert distance < 5, distance


def test_example_env_loop_shapes():
    printed = example("env_loop.py")
    m = re.search(r"observations \((\d+), (\d+)\), last reward (-?[\d.]+)", printed)
    assert m and (int(m.group(1)), int(m.group(2))) == (256, 4)  # "the observation is positions and velocities (N, 4)"
    assert float(m.group(3)) < 0


def test_example_env_loop_rows_are_agents():
    # row k of an observation and of the actions is agent ids[k] at every step: a push on row 0 alone moves
    # that agent and no other (the example once read rows in the world's order, by place)
    import runpy
    env_cls = runpy.run_path(os.path.join(EXAMPLES, "env_loop.py"), run_name="env_loop_rows")["FlockEnv"]
    env = env_cls(n=64, seed=3)
    obs0 = env.reset()
    for _ in range(30):
        actions = np.zeros((64, 2), np.float32)
        actions[0] = (400.0, 0.0)
        obs, _ = env.step(actions)
    p, _, _ = env.world.get_agents(env.ids)
    assert np.array_equal(obs[:, :2], p)
    moved = obs[:, 0] - obs0[:, 0]
    assert moved[0] > 0.8  # the pushed one went east at about max_speed (2) for 0.5 s
    assert np.abs(moved[1:]).mean() < 0.3, moved[1:]  # the others did not


def rts_lines():
    printed = example("rts_orders.py")
    rows = re.findall(r"(in a random order|assigned by the world, together|around a click by a rock)\s+(\d+) of 200 on "
                      r"their places after 120 s, the last arrival at\s+([\d.]+) s, (\d+) arrival events", printed)
    assert len(rows) == 3, printed
    return {how: (int(there), float(last), int(events)) for how, there, last, events in rows}


@pytest.fixture(scope="module")
def rts():
    return rts_lines()


def test_example_rts_orders_assigned(rts):
    # "assigned by the world (send_to_places(..., together=True)) all 200 by 27 s, one arrival event each"
    there, last, events = rts["assigned by the world, together"]
    assert there == 200 and events == 200
    assert round(last) == 27


def test_example_rts_orders_around_a_rock(rts):
    # "sent to a click beside a rock, ... all 200 by 21.6 s, one arrival event each"
    there, last, events = rts["around a click by a rock"]
    assert there == 200 and events == 200
    assert f"{last:.1f}" == re.search(r"all 200 by ([\d.]+) s,\s+one arrival event each\.", readme_text()).group(1)


def test_example_rts_orders_random_order_count(rts):
    # the README said 93; the example printed 106
    there, _, _ = rts["in a random order"]
    assert there == int(re.search(r"in a random order (\d+) are on their places", readme_text()).group(1))


def test_example_rts_orders_random_order_is_worse(rts):
    assert rts["in a random order"][0] < 200


def test_example_right_of_way():
    printed = example("right_of_way.py")
    text = readme_text()
    first, second = re.search(r"\(done at ([\d.]+) s\).*?\(([\d.]+) s\)", text).groups()
    m = re.search(r"priority 10 while moving: order 1 done at\s+([\d.]+) s, order 2 done at\s+([\d.]+) s; "
                  r"(\d+) of (\d+) idle units on their posts", printed)
    assert m, printed
    assert (m.group(1), m.group(2)) == (first, second)
    assert m.group(3) == m.group(4) == "35"  # "every idle unit back on its post"
    assert float(m.group(1)) < 60
    # "with equal priorities the squad is held at the garrison's front for good"
    assert re.search(r"equal priorities\s*: the first order never done", printed), printed


def test_example_make_way():
    printed = example("make_way.py")
    text = readme_text()
    last = re.search(r"\(40 of 40, the last at ([\d.]+) s\); without it (\d+)", text)
    m1 = re.search(r"arrived_priority 0.1: (\d+) of 40 units back on their posts \(the last arrival at ([\d.]+) s\)",
                   printed)
    m2 = re.search(r"no arrived_priority: (\d+) of 40 units back", printed)
    assert m1 and m2, printed
    assert m1.group(1) == "40" and m1.group(2) == last.group(1)
    assert m2.group(1) == last.group(2)


def test_example_paths_and_fields_same_hash():
    printed = example("paths_and_fields.py")
    m = re.search(r"hash ([0-9a-f]{16}) with a Python scheduler, ([0-9a-f]{16}) with the built-in pool", printed)
    assert m and m.group(1) == m.group(2), printed
    share = int(re.search(r"on the ring after 5 s: (\d+)% of 10000", printed).group(1))
    assert share > 50


def test_every_example_is_tested_here():
    tested = {"numpy_loop.py", "env_loop.py", "rts_orders.py", "right_of_way.py", "make_way.py",
              "paths_and_fields.py", "flock_picture.py"}
    assert set(f for f in os.listdir(EXAMPLES) if f.endswith(".py")) == tested
    listed = set(re.findall(r"`examples/(\w+\.py)(?: \[\w+\])?`", readme_text()))
    assert listed == tested


def test_example_flock_picture_compiles():
    # drawing 100k agents with matplotlib takes seconds: only checked to compile and to use the standard flock
    with open(os.path.join(EXAMPLES, "flock_picture.py")) as f:
        source = f.read()
    compile(source, "flock_picture.py", "exec")
    assert "standard_flock" in source


def test_readme_avoidance_defaults_are_the_world_groups():
    """'with the world's defaults (horizon 10, keep_right 0.25, k 1.5, tau0 3)'."""
    import inspect
    text = readme_text()
    m = re.search(r"with the world's defaults \(horizon ([\d.]+), keep_right ([\d.]+), k ([\d.]+), tau0 ([\d.]+)\)",
                  text)
    horizon, keep_right, k, tau0 = map(float, m.groups())
    w = steer.World()
    group = w.get_group(w.add_group())
    assert (group["avoid_horizon"], group["keep_right"], group["anticipation_k"], group["anticipation_tau0"]) == \
        (horizon, keep_right, k, tau0)
    for fn in (steer.behaviours.anticipate, steer.behaviours.anticipate_all):
        p = inspect.signature(fn).parameters
        assert (p["horizon"].default, p["keep_right"].default, p["k"].default, p["tau0"].default) == \
            (horizon, keep_right, k, tau0)
    for fn in (steer.behaviours.avoid_neighbours, steer.behaviours.avoid_neighbours_all):
        p = inspect.signature(fn).parameters
        assert (p["horizon"].default, p["keep_right"].default) == (horizon, keep_right)


def test_readme_states_no_stale_test_count():
    """The README said '90 tests' (and '90 passed' under ASan) when the suite had more. It says what the suite
    covers and how to run it; a count of tests it states must be the number pytest collects."""
    text = readme_text()
    assert "`make test-python`" in text and "`make -C python asan`" in text
    assert "every exported function is reached" in text and os.path.exists(os.path.join(HERE, "test_zz_bindings.py"))
    section = re.search(r"## Tests and figures(.*?)(?:## |$)", text).group(1)  # not the history ("8 tests failed")
    stated = [int(n) for n in re.findall(r"\b(\d+) (?:tests\b|passed\b)", section)]
    if stated:
        out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", HERE],
                             cwd="/", env=dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p)),
                             capture_output=True, text=True, timeout=120)
        collected = int(re.search(r"(\d+) tests? collected", out.stdout).group(1))
        assert stated == [collected] * len(stated), (stated, collected)
