#!/usr/bin/env python3
"""Every figure of `steer run --metrics`, recomputed from the run's trajectory.

    bench/metrics_figures.py SCENARIO.json [--steer build/steer] [--work DIR] [--json] [--alt]
                             [--world-goals auto|yes|no] [--blind] [--steps N] [--perturb FIGURE]

Writes a copy of the scenario whose render frames equal its steps (the
copy bench/doorway_figures.py --every-step writes), runs

    steer run COPY.json --csv RUN.csv --metrics RUN.json -o OUTDIR --quiet

and recomputes each figure from RUN.csv and the scenario file with the
definitions of docs/scenarios.md ("Motion-quality figures", "Goals",
"Formations", "Expect"), not with tools/steer/metrics.c. Each figure is
printed beside steer's with the difference; the exit status is 1 when one
differs beyond its tolerance (below), 2 when the run or a file fails.
--alt also prints what the other readings of the docs tried give (the
figures they differ on: docs/scenarios.md is silent or ambiguous there).

Why a copy: `--frames N` makes the run last N times the scenario's steps
per frame (steps / render.frames), so `--frames STEPS` alone would run
STEPS x (steps / frames) steps; only render.frames = steps gives one CSV
frame per step of the same run. The copy changes no step (the same
state_hash), but steer's closest approach, measured "at every frame", is
then measured at every step too, so it can be lower than in a run with the
scenario's own frames (crowd_crossing: 0.5059 against 0.5100). Every
figure here is compared per step, on the same run.

Readings (where the docs leave a choice; --alt shows the others):
- the way left to a waypoint goal counts from the waypoint taken once the
  agent, after the step, is closer than waypoint_radius or past it (the
  world's current waypoint since 6c0fbb5; "past" as world.h's
  waypoint_radius says); distances to goals in float32, as the
  world measures them: an agent at a steady pace meets the stall threshold
  within ~1e-6 (1.5 = 6 steps of 0.25 in the RVO2 crowds), where double
  and float32 decide a progress step differently;
- a stall runs from the last step that shrank the way left by the
  threshold below the way left at the step before that (the start first)
  to the next such step, the first arrival, or the end of the run; an
  agent is stalled when that last step is at least 5 time units back;
- a formation's slot (a target the world moves every step) counts in the
  arrivals only; a place traded on the way is followed: from the step it
  was traded in, the approach and straight line run from the start to the
  new place, the overshoot is engaged anew, and the way left is taken
  afresh from where the agent stood before that step (a trade is no
  progress; the time of the last progress stands);
- on a torus, overlapping pairs, wall crossings and the closest approach
  are measured across the seam (the docs say so), obstacle penetrations
  inside the box (the docs do not say so);
- an agent that starts on its target has no approach and no overshoot.

Goals whose points the file does not fix -- a `box` of random points,
`points` with `assign` least_squares or together (the world chooses who
goes where, and agents of one call trade places on the way) -- are read
from the world: the scenario is replayed through the Python bindings in
build/python (`steer.World.from_scenario`, under --python, which needs
numpy), each agent's goal target is read after every step (the target
only, never the world's arrived flag), and the replay must start and end
where the CSV does, bit for bit. Without them those goal figures are not
checked (a note says so). A formation slot is placed as docs/scenarios.md
says: the slot in the leader's frame (x along its heading, y to its left),
led by its velocity times the member group's slow radius over its max
speed, at the start of every step.

Tolerances (why each):
- counts (pairs, penetrations, crossings, agents arrived, arrival events,
  stalled agents, expect failures, the stall's agent): exact. A pair at
  exactly the sum of radii could flip through the last bit; the pairs
  within 1e-5 of it are listed. When several agents stall equally long the
  docs name no rule to choose one: steer's choice is accepted if it is one
  of them, and its start and place are compared.
- distances (closest approach, closest / sum of radii, deepest
  penetration, overshoots, path distance, the stall's place): 1e-5 plus
  1e-5 relative. The CSV holds the float32 positions exactly (%.9g); steer
  measures in float32 and double where this script mostly uses double
  (about 1e-7 relative), and --metrics prints 6 decimals (5e-7). A
  different reading (a step later, another point) moves them by a step's
  travel, orders of magnitude more.
- times (last arrival, longest stall, when it began): 1e-6 plus 1e-6
  relative: whole numbers of steps times the float32 dt, printed to 5e-7;
  a reading a step off differs by dt.
- means over agent-steps (jitter, mean speed, path ratio, path distance):
  1e-6 plus 1e-5 relative: float32 velocities and sums of many samples in
  another order (seen: below 5e-7 relative).

--blind runs a copy without solid walls and obstacles, non_penetration,
keep_apart, avoid_walls and avoid_obstacles, and --steps N a copy of N
steps: runs whose crossing, penetration and overlap counts are not 0, for
tests. --perturb FIGURE adds 1 to one recomputed figure (or makes a null
0) to show that the comparison fails.

bench/doorway_figures.py stays what judges RVO2's doorway runs (no
--metrics there) and gives the door's flow and rings; on steer's own runs
this script covers its figures (arrivals, last arrival, longest stall and
whose, overlapping pairs, closest fraction, wall crossings) and the rest.
Only the standard library (the world replay: the bindings and numpy).
"""
import argparse
import array
import csv
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _doorway_figures():
    """bench/doorway_figures.py, for its every-step copy, its segment test and float32 rounding."""
    sys.dont_write_bytecode = True  # no bench/__pycache__ in the source tree
    spec = importlib.util.spec_from_file_location("doorway_figures", os.path.join(HERE, "doorway_figures.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


DF = _doorway_figures()
f32 = DF.f32

# defaults of docs/scenarios.md (Reference: top level, groups, behaviours)
DEFAULT_DT = 1.0 / 30.0
GROUP_DEFAULTS = {"max_speed": 2.0, "radius": 0.25, "arrival_tolerance": 0.05, "arrival_speed": 0.1,
                  "departure_distance": 0.0, "waypoint_radius": 1.0, "max_force": 4.0, "mass": 1.0}
PATH_AHEAD = 1.0           # the group's path_ahead, unless its follow_path gives "ahead"
ARRIVE_SLOW_RADIUS = 2.0
STALL_TIME = 5.0           # "in the last 5 time units"
PENETRATION_MARGIN = 1e-3  # "overlaps an obstacle by more than 0.001"
SLOW = 1e-3                # jitter: "agents slower than 0.001 skipped"
FRACTION_REACH = 2.0       # closest / sum of radii: "exact below 2"


# ---- small vector helpers (tuples of 2 or 3) -----------------------------------------------
def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return tuple(x / n for x in a) if n > 0.0 else tuple(0.0 for _ in a)


def seg_point_distance(p, q, c):
    """Distance from c to the segment p-q."""
    d = sub(q, p)
    dd = dot(d, d)
    t = 0.0 if dd == 0.0 else max(0.0, min(1.0, dot(sub(c, p), d) / dd))
    return norm(sub(c, tuple(pi + t * di for pi, di in zip(p, d))))


def heading_change(v0, v1):
    """The angle between two velocities, in [0, pi]."""
    if len(v0) == 2:
        cross = abs(v0[0] * v1[1] - v0[1] * v1[0])
    else:
        cx = v0[1] * v1[2] - v0[2] * v1[1]
        cy = v0[2] * v1[0] - v0[0] * v1[2]
        cz = v0[0] * v1[1] - v0[1] * v1[0]
        cross = math.sqrt(cx * cx + cy * cy + cz * cz)
    return math.atan2(cross, dot(v0, v1))


def dist32(p, q):
    """|p - q| as the world measures it: float32 differences, squares, sums and square root (the
    library is built without fused multiply-add). The way left is compared with a threshold that
    an agent at a steady pace meets within ~1e-6 (1.5 = 6 steps of 0.25 in the RVO2 crowds), where
    double and float32 decide a progress step differently."""
    s = 0.0
    for x, y in zip(p, q):
        d = f32(x - y)
        s = f32(s + f32(d * d))
    return f32(math.sqrt(s))


class Chain:
    """A stall chain (docs: "the longest time the way left went without shrinking by
    max(arrival_tolerance, 0.001), up to the agent's first arrival"): the way left at the last step
    that shrank it by the threshold below the one before (the start first) is the reference; the
    time until the next such step, or the first arrival, or the end of the run, is a stall."""

    def __init__(self, left, at, thr):
        self.ref, self.ref_t, self.ref_at, self.thr = left, 0.0, at, thr
        self.longest, self.longest_from, self.longest_at = 0.0, 0.0, at

    def step(self, t, left, at, before_first, first_now):
        progress = left <= self.ref - self.thr
        if before_first and (progress or first_now) and t - self.ref_t > self.longest:
            self.longest, self.longest_from, self.longest_at = t - self.ref_t, self.ref_t, self.ref_at
        if progress:
            self.ref, self.ref_t, self.ref_at = left, t, at

    def end(self, T, arrived_once):
        if not arrived_once and T - self.ref_t > self.longest:  # still waiting at the end
            self.longest, self.longest_from, self.longest_at = T - self.ref_t, self.ref_t, self.ref_at


def sliding_stall(hist, thr, dt, last):
    """The other reading of the longest stall: the longest window [a, b] (a up to `last`, the step of
    the first arrival or the last step) in which the way left never came down by thr from its value
    at a. hist[k] is the way left after step k (hist[0] at the start)."""
    limit = min(last, len(hist) - 1)
    # minima over [i, i + 2^level), to find the first b > a with hist[b] <= hist[a] - thr
    table = [hist[:limit + 1]]
    while 2 ** len(table) <= limit + 1:
        prev, k = table[-1], 2 ** (len(table) - 1)
        table.append([min(prev[i], prev[i + k]) for i in range(len(prev) - k)])
    best = 0
    for a in range(limit + 1):
        x = hist[a] - thr
        pos = a + 1
        for level in range(len(table) - 1, -1, -1):
            width = 2 ** level
            if pos + width - 1 <= limit and table[level][pos] > x:
                pos += width
        best = max(best, min(pos, limit) - a)
    return best * dt


# ---- the scenario ------------------------------------------------------------------------
class Scenario:
    def __init__(self, path):
        with open(path) as f:
            self.raw = sc = json.load(f)
        self.dim = sc.get("dim", 2)
        self.up = sc.get("up", "z")
        self.dt = f32(sc.get("dt", DEFAULT_DT))
        self.steps = sc.get("steps", 300)
        self.boundary = sc.get("boundary", "wrap")
        self.bmin = tuple(float(x) for x in self.vec(sc["bounds"]["min"]))
        self.bmax = tuple(float(x) for x in self.vec(sc["bounds"]["max"]))
        self.obstacles = [(self.vec(o["centre"]), float(o["radius"])) for o in sc.get("obstacles", [])]
        self.walls = []
        for w in sc.get("walls", []):
            if "points" in w:
                pts = [self.ground(self.vec(p)) for p in w["points"]]
                segs = list(zip(pts, pts[1:]))
                if w.get("closed"):
                    segs.append((pts[-1], pts[0]))
            else:
                segs = [(self.ground(self.vec(w["from"])), self.ground(self.vec(w["to"])))]
            # 3D: the wall stands from "bottom" to "top" along the up axis (each may be left out)
            span = (f32(float(w.get("bottom", -math.inf))), f32(float(w.get("top", math.inf))))
            self.walls += [seg + span for seg in segs]
        self.paths = {p["name"]: ([self.vec(q) for q in p["points"]], p.get("closed", False), p.get("radius", 1.0))
                      for p in sc.get("paths", [])}
        self.groups = sc["groups"]
        self.expect = sc.get("expect", {})
        # agents in spawn order: groups in file order, each group's spawns in order
        self.agent_group, self.agent_spawn, self.agent_k = [], [], []
        self.spawn_names = {}
        for g, grp in enumerate(self.groups):
            for s, sp in enumerate(grp.get("spawn", [])):
                count = sp["count"] if "count" in sp else len(sp["points"])
                if "name" in sp:
                    self.spawn_names[sp["name"]] = len(self.agent_group)
                for k in range(count):
                    self.agent_group.append(g)
                    self.agent_spawn.append((g, s))
                    self.agent_k.append(k)
        self.formations = sc.get("formations", [])

    def vec(self, v):
        """A vector of the file as the world holds it: float32, z = 0 when left out."""
        v = list(v) + [0.0] * (self.dim - len(v))
        return tuple(f32(float(x)) for x in v[:self.dim])

    def ground(self, p):
        """The ground coordinates of a point, where walls stand (XY; XZ when up is y)."""
        if self.dim == 2:
            return (p[0], p[1])
        return (p[0], p[2]) if self.up == "y" else (p[0], p[1])

    def height(self, p):
        """A point's coordinate along the up axis (0 in 2D)."""
        return 0.0 if self.dim == 2 else p[1] if self.up == "y" else p[2]

    def level(self, p):
        """A point on the ground (its up coordinate 0): how a ground_plane agent's goals are read."""
        p = list(p)
        p[1 if self.up == "y" else 2] = 0.0
        return tuple(p)

    def gdef(self, g, key):
        return self.groups[g].get(key, GROUP_DEFAULTS.get(key))

    def wrap_offset(self, d):
        """The shortest offset on a torus (the seam crossed), else d."""
        if self.boundary != "wrap":
            return d
        out = []
        for a, c in enumerate(d):
            ext = self.bmax[a] - self.bmin[a]
            if c > 0.5 * ext:
                c -= ext
            elif c < -0.5 * ext:
                c += ext
            out.append(c)
        return tuple(out)


# ---- reading the CSV -----------------------------------------------------------------------
def read_frames(csv_path, dim, radii=None):
    """Yields (frame, time, groups, positions, velocities) per frame, agents in order. A keep_headings
    world adds the kept heading (`hx,hy`, `hx,hy,hz` in 3D), which no figure reads. A world with agent
    radii adds a `radius` column after it (each agent's body radius: its own, else its group's): given
    a list, radii receives frame 0's, and every frame must repeat them (steer run sets them at the
    spawns)."""
    head_2d = ["frame", "time", "agent", "group", "x", "y", "vx", "vy"]
    head_3d = ["frame", "time", "agent", "group", "x", "y", "z", "vx", "vy", "vz"]
    with open(csv_path) as f:
        rows = csv.reader(f)
        head = next(rows)
        base = head_3d if dim == 3 else head_2d
        heading = ["hx", "hy", "hz"][:dim]
        rest = head[len(base):]
        kept = rest[:dim] == heading
        if kept:
            rest = rest[dim:]
        own = rest == ["radius"]
        if head[:len(base)] != base or (rest and not own):
            sys.exit("metrics_figures: %s: unexpected header %s" % (csv_path, head))
        width = 4 + 2 * dim
        radius_at = width + (dim if kept else 0)
        columns = len(head)
        seen = []
        def frame(flat):
            # %.9g is the float32 exactly once rounded back to float32
            v = array.array("f", flat).tolist()
            w = 2 * dim
            return ([tuple(v[k:k + dim]) for k in range(0, len(v), w)],
                    [tuple(v[k + dim:k + w]) for k in range(0, len(v), w)])
        def check_radii(fr):
            if radii is None or not own:
                return
            if not radii:
                radii.extend(seen)
            elif seen != radii:
                sys.exit("metrics_figures: the radii change in frame %d" % fr)
        cur, t, grp, flat = None, 0.0, [], []
        for r in rows:
            fr = int(r[0])
            if fr != cur:
                if cur is not None:
                    check_radii(cur)
                    yield (cur, t, grp) + frame(flat)
                cur, t, grp, flat, seen = fr, float(r[1]), [], [], []
            if len(r) != columns:
                sys.exit("metrics_figures: %d columns in frame %d, the header has %d" % (len(r), fr, columns))
            if int(r[2]) != len(grp):
                sys.exit("metrics_figures: agents out of order in frame %d" % fr)
            grp.append(int(r[3]))
            flat.extend(map(float, r[4:width]))
            if own:
                seen.append(array.array("f", [float(r[radius_at])])[0])
        if cur is not None:
            check_radii(cur)
            yield (cur, t, grp) + frame(flat)


# ---- closest pairs through a grid --------------------------------------------------------------
def _cells(sc, points, side):
    """Cell index per point and the neighbour offsets: cells of at least `side`; on a torus they tile
    each side exactly and wrap."""
    dim = sc.dim
    wrap = sc.boundary == "wrap"
    n_cells, inv, org = [], [], []
    for a in range(dim):
        ext = sc.bmax[a] - sc.bmin[a]
        if wrap:
            n = max(1, int(math.floor(ext / side)))
            n_cells.append(n)
            inv.append(n / ext)
            org.append(sc.bmin[a])
        else:
            n_cells.append(0)
            inv.append(1.0 / side)
            org.append(0.0)
    cells = {}
    for i, p in enumerate(points):
        key = []
        for a in range(dim):
            c = int(math.floor((p[a] - org[a]) * inv[a]))
            if n_cells[a]:
                c %= n_cells[a]
            key.append(c)
        cells.setdefault(tuple(key), []).append(i)
    return cells, n_cells


def _neighbour_keys(key, n_cells):
    out = set()
    offs = [(-1, 0, 1)] * len(key)
    for o in _product(offs):
        k = []
        for a, c in enumerate(key):
            c += o[a]
            if n_cells[a]:
                c %= n_cells[a]
            k.append(c)
        out.add(tuple(k))
    return out


def _product(lists):
    if not lists:
        yield ()
        return
    for x in lists[0]:
        for rest in _product(lists[1:]):
            yield (x,) + rest


def pairs_within(sc, points, side, offset, visit):
    """Calls visit(i, j, d) for every pair i < j whose cells touch (all pairs closer than `side`)."""
    cells, n_cells = _cells(sc, points, side)
    for key, members in cells.items():
        for nk in _neighbour_keys(key, n_cells):
            other = cells.get(nk)
            if not other:
                continue
            for i in members:
                pi = points[i]
                for j in other:
                    if j <= i:
                        continue
                    visit(i, j, norm(offset(sub(points[j], pi))))


def closest_distance(sc, points, start, offset):
    """The exact smallest distance between two of points (None for fewer than two); `start` is a
    first guess of the cell size, doubled until the closest pair found is within a cell."""
    if len(points) < 2:
        return None
    side = max(start, 1e-6)
    while True:
        best = [math.inf]

        def visit(i, j, d):
            if d < best[0]:
                best[0] = d
        pairs_within(sc, points, side, offset, visit)
        if best[0] <= side:
            return best[0]
        ext = max(sc_extent(points))
        if side > 2.0 * ext + 1.0:  # every pair was tested
            return best[0]
        side *= 2.0


def sc_extent(points):
    return [max(p[a] for p in points) - min(p[a] for p in points) for a in range(len(points[0]))]


def polyline_distance(points, closed, c):
    segs = list(zip(points, points[1:]))
    if closed:
        segs.append((points[-1], points[0]))
    return min(seg_point_distance(a, b, c) for a, b in segs)


# ---- goals -------------------------------------------------------------------------------
class Goal:
    """One agent's goal as docs/scenarios.md defines its figures."""

    def __init__(self, kind, end=None, route=None, closed=False, moving=False, world=False):
        self.kind = kind          # seek, arrive, waypoints, path
        self.end = end            # the last point (None for a closed path, or a moving target)
        self.route = route        # waypoints or path points
        self.closed = closed
        self.moving = moving      # a formation's slot: arrivals only
        self.world = world        # the target is read from the world after every step
        self.ends = not (kind == "path" and closed)


def path_track(route, closed, p, segment, window):
    """A path goal's progress after a move to p (world.h, steer_goal.progress): the segment nearest p among
    `segment` and the next ones whose start is within `window` along the path of p's closest point on it (a
    later one wins a tie), never back; and whether the open path's end is then less than `window` along."""
    n = len(route)
    segs = n if closed else n - 1
    if segs < 1:
        return 0, not closed

    def closest(s):
        a, b = route[s], route[(s + 1) % n]
        d = sub(b, a)
        l2 = dot(d, d)
        t = 0.0 if l2 == 0.0 else max(0.0, min(1.0, dot(sub(p, a), d) / l2))
        q = tuple(x + t * y for x, y in zip(a, d))
        return q, norm(sub(p, q))

    start = min(max(segment, 0), segs - 1)
    q, _ = closest(start)
    along, reach = norm(sub(route[(start + 1) % n], q)), 1
    while reach < segs and (closed or start + reach < segs) and along <= window:
        s = (start + reach) % n
        along += norm(sub(route[(s + 1) % n], route[s]))
        reach += 1
    best, seg, at = math.inf, start, q
    for i in range(reach):
        s = (start + i) % n
        q, d = closest(s)
        if d <= best:
            best, seg, at = d, s, q
    if closed or window <= 0.0:
        return seg, False
    left = norm(sub(route[seg + 1], at)) + sum(norm(sub(route[k + 1], route[k])) for k in range(seg + 1, n - 1))
    return seg, left < window


def resolve_goals(sc, start):
    """Per agent a Goal or None, from the file (None target: read from the world)."""
    goals = [None] * len(sc.agent_group)
    needs_world = []
    for a, (g, s) in enumerate(sc.agent_spawn):
        sp = sc.groups[g]["spawn"][s]
        goal = sp.get("goal")
        if not goal:
            continue
        kind = goal["kind"]
        level = sc.level if sc.dim == 3 and sc.groups[g].get("ground_plane") else (lambda p: p)
        k = sc.agent_k[a]
        if kind in ("seek", "arrive"):
            if "target" in goal:
                end = sc.vec(goal["target"])
            elif goal.get("antipode"):
                shape = sp.get("shape", "box")
                if shape in ("circle", "disc"):
                    centre = sc.vec(sp["centre"])
                elif shape == "line":
                    centre = tuple(0.5 * (x + y) for x, y in zip(sc.vec(sp["from"]), sc.vec(sp["to"])))
                else:
                    lo = sc.vec(sp["min"]) if "min" in sp else sc.bmin
                    hi = sc.vec(sp["max"]) if "max" in sp else sc.bmax
                    centre = tuple(0.5 * (x + y) for x, y in zip(lo, hi))
                end = tuple(f32(2.0 * c - p) for c, p in zip(centre, start[a]))
            elif "points" in goal and goal.get("assign", "in_order") == "in_order":
                pts = goal["points"]
                end = sc.vec(pts[k % len(pts)])
            else:  # a box of random points, or places the world assigns
                end = None
                needs_world.append(a)
            goals[a] = Goal(kind, level(end) if end else None, world=end is None)
        elif kind == "waypoints":
            route = [level(sc.vec(p)) for p in goal["points"]]
            goals[a] = Goal(kind, route[-1], route)
        elif kind == "path":
            pts, closed, _ = sc.paths[goal["path"]]
            route = [level(p) for p in pts]
            goals[a] = Goal(kind, None if closed else route[-1], route, closed)
            goals[a].speed = goal.get("speed", 0.0)
    # formations: every member's goal is its slot, a target that moves
    for fm in sc.formations:
        first = sc.spawn_names[fm["members"]]
        for i, _ in enumerate(fm["slots"]):
            goals[first + i] = Goal("arrive", None, moving=True)
    return goals, needs_world


def formation_targets(sc, pos, vel, heading):
    """The slots' targets placed from the leader's state (pos, vel, heading): x along the leader's heading,
    y to its left, led by the leader's velocity times the member group's slow radius over its max speed."""
    out = {}
    for fm in sc.formations:
        lead = sc.spawn_names[fm["leader"]]
        first = sc.spawn_names[fm["members"]]
        h = heading[lead]
        # to its left: up x heading (z up in 3D: (-hy, hx, 0); y up: (hz, 0, -hx))
        if sc.dim == 2:
            left, upv = (-h[1], h[0]), (0.0, 0.0)
        elif sc.up == "y":
            left, upv = (h[2], 0.0, -h[0]), (0.0, 1.0, 0.0)
        else:
            left, upv = (-h[1], h[0], 0.0), (0.0, 0.0, 1.0)
        for i, slot in enumerate(fm["slots"]):
            a = first + i
            g = sc.agent_group[a]
            arrive = sc.groups[g].get("behaviours", {}).get("arrive")
            slow = arrive.get("slow_radius", ARRIVE_SLOW_RADIUS) if isinstance(arrive, dict) else ARRIVE_SLOW_RADIUS
            lead_time = slow / sc.gdef(g, "max_speed")
            s = sc.vec(slot) + (0.0,)  # slot: x ahead, y to the left, z up
            t = tuple(pos[lead][k] + s[0] * h[k] + s[1] * left[k] + s[2] * upv[k] + vel[lead][k] * lead_time
                      for k in range(sc.dim))
            out[a] = t
    return out


def world_goal_replay(scenario_path, n, steps, csv_first, csv_last, python):
    """The world's goal target for every agent after every step, from a replay through the Python
    bindings: {agent: [(step, target), ...]} (target changes only), or (None, why)."""
    code = r'''
import json, sys
import steer
path, steps = sys.argv[1], int(sys.argv[2])
w = steer.World.from_scenario(path)
ids = w.agent_ids()
ids = ids[ids[:, 0].argsort(kind="stable")]  # slots in the order the agents were added: spawn order
def positions():
    view = w.agent_ids()
    at = {int(i): k for k, i in enumerate(view[:, 0])}
    p = w.positions()
    return [[float(x) for x in p[at[int(i)]]] for i in ids[:, 0]]
first = positions()
def targets():
    return [tuple(float(x) for x in g["target"]) for g in w.get_goals(ids)]
changes = {i: [[0, list(t)]] for i, t in enumerate(targets())}
last = targets()
for k in range(1, steps + 1):
    w.step(w.scenario_dt)
    now = targets()
    for i, (a, b) in enumerate(zip(last, now)):
        if a != b:
            changes[i].append([k, list(b)])
    last = now
json.dump({"changes": changes, "first": first, "final": positions()}, sys.stdout)
'''
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "build", "python") + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("STEER_BUILD_DIR", os.path.join(ROOT, "build"))
    try:
        r = subprocess.run([python, "-c", code, scenario_path, str(steps)], capture_output=True, text=True, env=env,
                           timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "the Python bindings: %s" % e
    if r.returncode != 0:
        return None, "the Python bindings: %s" % (r.stderr.strip().splitlines() or ["failed"])[-1]
    out = json.loads(r.stdout)
    if len(out["final"]) != n:
        return None, "the replay has %d agents, the CSV %d" % (len(out["final"]), n)
    for when, mine, theirs in (("starts", out["first"], csv_first), ("ends", out["final"], csv_last)):
        for a in range(n):
            if any(f32(x) != f32(y) for x, y in zip(mine[a], theirs[a])):
                return None, "the replay through the Python bindings (build/python) %s elsewhere than the CSV " \
                             "(agent %d: %s against %s): are the bindings this steer's build?" % (when, a, mine[a], theirs[a])
    return {int(a): [(k, tuple(t)) for k, t in ch] for a, ch in out["changes"].items()}, None


# ---- the figures ---------------------------------------------------------------------------
def figures(sc, scenario_path, csv_path, world_goals="auto", python="/usr/bin/python3", world_changes_given=None,
            readings=False):
    dim = sc.dim
    n = len(sc.agent_group)
    dt = sc.dt
    wrap = sc.boundary == "wrap"
    identity = lambda d: d
    offset = sc.wrap_offset if wrap else identity
    radius = [float(sc.gdef(g, "radius")) for g in sc.agent_group]
    group_count = len(sc.groups)
    members = [[a for a in range(n) if sc.agent_group[a] == g] for g in range(group_count)]
    notes = []

    own_radii = []  # a world with agent radii: each agent's body radius, from the CSV (drawn per agent)
    frames = read_frames(csv_path, dim, own_radii)
    fr0, t0, grp0, pos0, vel0 = next(frames)
    if own_radii:
        if len(own_radii) != n:
            sys.exit("metrics_figures: %d radii in frame 0 for %d agents" % (len(own_radii), n))
        radius = own_radii
    rmax = max(radius) if radius else 0.0
    if fr0 != 0 or len(pos0) != n:
        sys.exit("metrics_figures: frame 0 with %d agents expected, got frame %d with %d" % (n, fr0, len(pos0)))
    if grp0 != sc.agent_group:
        sys.exit("metrics_figures: the CSV's groups are not the file's spawn order")
    start = pos0

    # ---- goals
    goals, needs_world = resolve_goals(sc, start)
    world_changes = world_changes_given
    if needs_world and world_goals != "no" and world_changes is None:
        # the CSV's last frame is needed to check the replay: read the file's tail
        last = None
        for fr, t, g_, p_, v_ in read_frames(csv_path, dim):
            last = p_
        world_changes, why = world_goal_replay(scenario_path, n, sc.steps, start, last, python)
        if world_changes is None:
            notes.append("world goals unavailable: " + why)
            if world_goals == "yes":
                sys.exit("metrics_figures: " + why)
    goal_ok = not needs_world or world_changes is not None

    def levelled(a, p):
        g = sc.agent_group[a]
        return sc.level(p) if dim == 3 and sc.groups[g].get("ground_plane") else p

    gstate = {}
    for a, goal in enumerate(goals):
        if goal is None:
            continue
        st = {"arrived": False, "first": -1.0, "events": 0, "travelled": 0.0, "engaged": False, "over": 0.0,
              "progress": 0, "progress_lag": 0, "hist": [], "first_step": None,
              "tol": float(sc.gdef(sc.agent_group[a], "arrival_tolerance")),
              "aspeed": float(sc.gdef(sc.agent_group[a], "arrival_speed")),
              "dep": float(sc.gdef(sc.agent_group[a], "departure_distance")),
              "wrad": float(sc.gdef(sc.agent_group[a], "waypoint_radius")), "change": 0}
        if goal.kind == "path":
            # how far along its path the goal looks (world.h, steer_goal.progress): twice the largest of
            # path_ahead, the stopping distance s^2 / (max_force / mass) at the speed s it has after the
            # step, and the arrival tolerance (path_window below)
            grp = sc.groups[sc.agent_group[a]]
            st["accel"] = float(sc.gdef(sc.agent_group[a], "max_force")) / float(sc.gdef(sc.agent_group[a], "mass"))
            follow = grp.get("behaviours", {}).get("follow_path")
            st["ahead"] = float(follow.get("ahead", PATH_AHEAD)) if isinstance(follow, dict) else PATH_AHEAD
        if goal.world and world_changes is not None:
            st["targets"] = world_changes[a]
            goal.end = levelled(a, st["targets"][0][1][:dim])
            if len(st["targets"]) > 1:
                st["moved_by_world"] = True
        gstate[a] = st

    def way_left(a, goal, p, progress, D=dist32):
        if goal.kind == "waypoints":
            r = goal.route
            i = min(progress, len(r) - 1)
            after = 0.0
            for j in range(len(r) - 2, i - 1, -1):
                after += D(r[j], r[j + 1])
            return D(p, r[i]) + after
        if goal.kind == "path":  # along the segment reached, then the rest
            r = goal.route
            if len(r) < 2:
                return D(p, r[0])
            j = min(max(progress, 0), len(r) - 2)
            d = sub(r[j + 1], r[j])
            l2 = dot(d, d)
            t = 0.0 if l2 == 0.0 else max(0.0, min(1.0, dot(sub(p, r[j]), d) / l2))
            c = tuple(x + t * y for x, y in zip(r[j], d))
            return D(c, r[j + 1]) + sum(D(r[k], r[k + 1]) for k in range(j + 1, len(r) - 1))
        return D(p, goal.end)

    def waypoint_taken(a, goal, k, p, radius):
        """Waypoint k (not the last) is taken closer than the radius, or once the agent is past it: beyond
        the plane through it square to the leg that comes in (from the previous point; for the first,
        from where the agent started) and ahead along the leg that leaves it."""
        r = goal.route
        if norm(sub(r[k], p)) < radius:
            return True
        came = r[k - 1] if k > 0 else levelled(a, start[a])
        off = levelled(a, sub(p, r[k]))
        return dot(off, sub(r[k], came)) > 0.0 and dot(off, sub(r[k + 1], r[k])) > 0.0

    # the approach of each goal's final leg, and each goal's straight line
    for a, st in gstate.items():
        goal = goals[a]
        s = levelled(a, start[a])
        if goal.moving:
            continue
        if goal.end is None:
            continue
        if goal.kind == "waypoints":
            r = goal.route
            st["approach"] = unit(sub(r[-1], r[-2])) if len(r) > 1 else unit(sub(r[-1], s))
        elif goal.kind == "path":
            st["approach"] = unit(sub(goal.route[-1], goal.route[-2]))
        else:
            st["approach"] = unit(sub(goal.end, s))
        st["straight"] = norm(sub(goal.end, s))
        thr = max(f32(st["tol"]), 1e-3)
        st["chains"] = {"main": Chain(way_left(a, goal, s, 0), start[a], thr),
                        "lag": Chain(way_left(a, goal, s, 0), start[a], thr),
                        "double": Chain(way_left(a, goal, s, 0, lambda x, y: norm(sub(x, y))), start[a], thr)}
        st["hist"].append(st["chains"]["main"].ref)

    # arrive groups (the group's own arrive behaviour, agents without goals)
    arrive_agents = {}
    for a in range(n):
        g = sc.agent_group[a]
        arr = sc.groups[g].get("behaviours", {}).get("arrive")
        if arr is None or goals[a] is not None:
            continue
        weight = arr if isinstance(arr, (int, float)) else arr.get("weight", 1)
        if weight == 0:
            continue
        target = sc.vec(arr["target"])
        arrive_agents[a] = (target, unit(sub(target, start[a])))
    has_arrive = any(
        (lambda b: b is not None and (b if isinstance(b, (int, float)) else b.get("weight", 1)) != 0)(
            sc.groups[g].get("behaviours", {}).get("arrive")) and members[g] for g in range(group_count))
    # path followers (the group's follow_path behaviour)
    path_of = {}
    for a in range(n):
        fp = sc.groups[sc.agent_group[a]].get("behaviours", {}).get("follow_path")
        if isinstance(fp, dict) and fp.get("weight", 1) != 0:
            path_of[a] = sc.paths[fp["path"]]

    # accumulators
    pairs = set()
    near_pairs = []  # (|d - s| / s, step, i, j): the closest calls to the overlap threshold
    closest_frac = math.inf
    min_all, min_all_box = math.inf, math.inf
    min_group = [math.inf] * group_count
    pen_count, deepest, deepest_any, pen_seam = 0, 0.0, 0.0, 0
    crossings = 0
    jit_sum, jit_n = 0.0, 0
    jit_g = [[0.0, 0] for _ in range(group_count)]
    jit_alt = [0.0, 0]  # skipping only agents slower than 0.001 after the step
    speed_g = [[0.0, 0] for _ in range(group_count)]
    arrive_over = -math.inf
    path_sum, path_n, path_max, path_exit = 0.0, 0, 0.0, -math.inf
    guess = 4.0 * rmax if rmax > 0 else 1.0
    guess_g = [guess] * group_count
    heading = {}
    for fm in sc.formations:
        lead = sc.spawn_names[fm["leader"]]
        heading[lead] = unit(vel0[lead]) if norm(vel0[lead]) > 0 else (1.0,) + (0.0,) * (dim - 1)
    slot_targets = formation_targets(sc, pos0, vel0, heading) if sc.formations else {}

    prev_p, prev_v = pos0, vel0
    step = 0
    for fr, t_csv, grp, pos, vel in frames:
        if fr != step + 1:
            sys.exit("metrics_figures: frames must be every step (frame %d after %d)" % (fr, step))
        if len(pos) != n:
            sys.exit("metrics_figures: %d agents in frame %d" % (len(pos), fr))
        step = fr
        t = step * dt

        # overlapping pairs and closest / sum of radii (after every step)
        if rmax > 0 and n >= 2:
            def visit(i, j, d):
                nonlocal closest_frac
                s = radius[i] + radius[j]
                if s <= 0.0:
                    return
                if d < s:
                    pairs.add((i, j))
                if d / s < closest_frac:
                    closest_frac = d / s
                if abs(d - s) < 1e-5 * s:
                    near_pairs.append((abs(d - s) / s, step, i, j))
            pairs_within(sc, pos, 2.0 * FRACTION_REACH * rmax, offset, visit)
        # closest approach (every frame = every step here), overall and within each group
        # (on a torus across the seam, as the docs say; min_all_box: inside the box, the other reading)
        if n >= 2:
            d = closest_distance(sc, pos, guess, identity)
            guess = max(d * 1.5, 1e-3)
            if wrap:
                min_all_box = min(min_all_box, d)
                d = min(d, closest_distance(sc, pos, max(d, 1e-3), offset))
            min_all = min(min_all, d)
            for g in range(group_count):
                if len(members[g]) >= 2:
                    own = [pos[a] for a in members[g]]
                    dg = closest_distance(sc, own, guess_g[g], identity)
                    guess_g[g] = max(dg * 1.5, 1e-3)
                    if wrap:
                        dg = min(dg, closest_distance(sc, own, max(dg, 1e-3), offset))
                    min_group[g] = min(min_group[g], dg)
        # obstacle penetrations: agent-steps whose body overlaps an obstacle by more than 0.001. The docs
        # say "across the seam" for overlaps and wall crossings, not here: measured inside the box
        # (pen_seam: across the seam too, the other reading)
        for a in range(n):
            worst = worst_seam = -math.inf
            for c, r in sc.obstacles:
                worst = max(worst, r + radius[a] - norm(sub(pos[a], c)))
                if wrap:
                    worst_seam = max(worst_seam, r + radius[a] - norm(offset(sub(pos[a], c))))
            if worst > PENETRATION_MARGIN:
                pen_count += 1
                deepest = max(deepest, worst)
            if worst_seam > PENETRATION_MARGIN:
                pen_seam += 1
            deepest_any = max(deepest_any, worst)
        # wall crossings: agent-steps whose centre's motion crosses a wall segment
        if sc.walls:
            for a in range(n):
                p0, p1 = sc.ground(prev_p[a]), sc.ground(pos[a])
                if p0 == p1:
                    continue
                motions = [(p0, p1)]
                if wrap:
                    d = sc.ground(offset(sub(pos[a], prev_p[a])))
                    if tuple(x + y for x, y in zip(p0, d)) != p1:
                        motions = [(p0, tuple(x + y for x, y in zip(p0, d))), (tuple(x - y for x, y in zip(p1, d)), p1)]
                # a wall counts where the body reaches into its height at the
                # height the motion has where it crosses the wall
                h0, h1, r = sc.height(prev_p[a]), sc.height(pos[a]), radius[a]
                rise = sc.height(offset(sub(pos[a], prev_p[a]))) if wrap else h1 - h0
                starts = [h0, h1 - rise]  # the height where each motion begins

                def meets(k, m0, m1, w0, w1, bottom, top):
                    t = DF.crossing_at(m0, m1, w0, w1)
                    h = None if t is None else starts[k] + t * rise
                    return h is not None and not (h + r <= bottom or h - r >= top)
                if any(meets(k, m0, m1, w0, w1, bottom, top) for k, (m0, m1) in enumerate(motions)
                       for w0, w1, bottom, top in sc.walls):
                    crossings += 1
        # jitter and mean speed
        for a in range(n):
            g = sc.agent_group[a]
            v0, v1 = prev_v[a], vel[a]
            s0, s1 = norm(v0), norm(v1)
            speed_g[g][0] += s1
            speed_g[g][1] += 1
            if s0 >= SLOW and s1 >= SLOW:
                h = heading_change(v0, v1) / dt
                jit_sum += h
                jit_n += 1
                jit_g[g][0] += h
                jit_g[g][1] += 1
            if s1 >= SLOW and s0 > 0.0:
                jit_alt[0] += heading_change(v0, v1) / dt
                jit_alt[1] += 1
        # arrive overshoot (groups that arrive)
        for a, (target, app) in arrive_agents.items():
            arrive_over = max(arrive_over, dot(sub(pos[a], target), app))
        # distance from path
        for a, (pts, closed, prad) in path_of.items():
            d = polyline_distance(pts, closed, pos[a])
            path_sum += d
            path_n += 1
            path_max = max(path_max, d)
            path_exit = max(path_exit, d - prad)

        # goals
        if sc.formations:
            for fm in sc.formations:
                lead = sc.spawn_names[fm["leader"]]
                if norm(vel[lead]) > 0.0:
                    heading[lead] = unit(vel[lead])
            placed = slot_targets  # placed at the start of this step, from the state before it
            slot_targets = formation_targets(sc, pos, vel, heading)
        for a, st in gstate.items():
            goal = goals[a]
            p0, p1 = levelled(a, prev_p[a]), levelled(a, pos[a])
            v1 = vel[a]
            if goal.world:
                if world_changes is None:
                    continue
                ch = st["targets"]
                while st["change"] + 1 < len(ch) and ch[st["change"] + 1][0] <= step:
                    st["change"] += 1
                new_end = levelled(a, ch[st["change"]][1][:dim])
                if new_end != goal.end:  # a place traded at the start of this step: the figures follow it
                    goal.end = new_end
                    s0 = levelled(a, start[a])
                    st["approach"], st["straight"] = unit(sub(new_end, s0)), norm(sub(new_end, s0))
                    st["engaged"] = False  # engaged anew at the new place
                    # the way left taken afresh from before the step (the trade is no progress)
                    st["chains"]["main"].ref = way_left(a, goal, p0, st["progress"])
                    st["chains"]["lag"].ref = way_left(a, goal, p0, st["progress_lag"])
                    st["chains"]["double"].ref = way_left(a, goal, p0, st["progress"], lambda x, y: norm(sub(x, y)))
            if goal.moving:
                end = placed[a]
                st.setdefault("end_after", {})
                end_after = slot_targets[a]
            else:
                end = goal.end
            if goal.kind == "path":  # the segment reached after the step (both chains)
                s = norm(levelled(a, v1))
                window = 2.0 * max(st["ahead"], s * s / st["accel"] if st["accel"] > 0 else 0.0, st["tol"])
                st["progress"], st["end_near"] = path_track(goal.route, goal.closed, p1, st["progress"], window)
                st["progress_lag"] = st["progress"]
            if goal.kind == "waypoints":
                # the next waypoint is taken once closer than waypoint_radius or past it: after the step
                # (progress), or by the step's force from the position before it (progress_lag)
                while st["progress"] < len(goal.route) - 1 and waypoint_taken(a, goal, st["progress"], p1, st["wrad"]):
                    st["progress"] += 1
                if st["progress_lag"] < len(goal.route) - 1 and waypoint_taken(a, goal, st["progress_lag"], p0, st["wrad"]):
                    st["progress_lag"] += 1
            if not goal.ends:
                continue
            dist = norm(sub(end, p1))
            fast = goal.kind != "seek" and norm(levelled(a, v1)) >= st["aspeed"]
            inside = dist <= st["tol"] and not fast and st.get("end_near", True)  # a path's end once near along it
            if st["arrived"] and st["dep"] > st["tol"]:
                now = dist <= st["dep"]
            else:
                now = inside
            if now and not st["arrived"]:
                st["events"] += 1
            first_now = now and st["first"] < 0.0
            st["arrived"] = now
            if st["first"] < 0.0:
                st["travelled"] += norm(sub(p1, p0))
            if first_now:
                st["first"] = t
                st["displaced"] = norm(sub(p1, levelled(a, start[a])))
            if goal.moving:
                if goal.moving:
                    st["alt_dist"] = norm(sub(end_after, p1))
                continue
            # overshoot: engaged from the first step whose motion comes within the tolerance of the end
            if not st["engaged"] and goal.kind != "seek" and seg_point_distance(p0, p1, end) <= st["tol"]:
                st["engaged"] = True
            if st["engaged"]:
                st["over"] = max(st["over"], dot(sub(p1, end), st["approach"]))
            # stalls: the way left not shrinking by max(tolerance, 0.001); after the first arrival the
            # chain goes on for "stalled agents" only
            before_first = st["first"] < 0.0 or first_now
            if first_now:
                st["first_step"] = step
            ch = st["chains"]
            left = way_left(a, goal, p1, st["progress"])
            st["hist"].append(left)
            ch["main"].step(t, left, pos[a], before_first, first_now)
            ch["lag"].step(t, way_left(a, goal, p1, st["progress_lag"]), pos[a], before_first, first_now)
            ch["double"].step(t, way_left(a, goal, p1, st["progress"], lambda x, y: norm(sub(x, y))), pos[a],
                              before_first, first_now)
        prev_p, prev_v = pos, vel
    T = step * dt

    # ---- the figures, as steer's JSON names them
    out = {"agents": n, "steps": step, "dt": dt}
    out["min_agent_distance"] = None if n < 2 else min_all
    # figures of objects the scenario lacks are null, as steer writes them
    out["obstacle_penetrations"] = {"count": pen_count, "deepest": deepest} if sc.obstacles else None
    out["wall_crossings"] = crossings if sc.walls else None
    if rmax > 0 and n >= 2:
        out["overlaps"] = {"pairs": len(pairs), "capped": False,
                           "closest_fraction": closest_frac if closest_frac < FRACTION_REACH else None}
    else:
        out["overlaps"] = None
    out["jitter"] = jit_sum / jit_n if jit_n else None  # a mean of nothing: null, as the table's "—"
    out["arrive_overshoot"] = max(0.0, arrive_over) if has_arrive else None
    if path_of:
        out["path_distance"] = {"mean": path_sum / path_n if path_n else 0.0, "max": path_max, "corridor_exit": path_exit}
    else:
        out["path_distance"] = None
    alt = {}
    if gstate:
        ending = [a for a in gstate if goals[a].ends]
        counted = [a for a in ending if goal_ok or not goals[a].world]
        arrived = sum(1 for a in counted if gstate[a]["arrived"])
        firsts = [gstate[a]["first"] for a in counted]
        fixed = [a for a in counted if not goals[a].moving]
        engaged = [gstate[a]["over"] for a in fixed if gstate[a]["engaged"]]
        # still waiting at the end: the stall runs to the end of the run
        longest, who, frm, at = 0.0, None, 0.0, None
        for a in fixed:
            for c in gstate[a]["chains"].values():
                c.end(T, gstate[a]["first"] >= 0.0)
            c = gstate[a]["chains"]["main"]
            if c.longest > longest:
                longest, who, frm, at = c.longest, a, c.longest_from, c.longest_at
        ties = {a: {"from": gstate[a]["chains"]["main"].longest_from,
                    "at": list(gstate[a]["chains"]["main"].longest_at) + [0.0] * (3 - dim)}
                for a in fixed if who is not None and abs(gstate[a]["chains"]["main"].longest - longest) <= 1e-6 * (1 + longest)}
        stalled = stalled_lit = stalled_strict = 0
        for a in fixed:
            st = gstate[a]
            if st["arrived"]:
                continue
            since = T - st["chains"]["main"].ref_t
            if since >= STALL_TIME - 1e-9:
                stalled += 1
            if since > STALL_TIME + 1e-9:
                stalled_strict += 1
            back = int(round(STALL_TIME / dt))
            h = st["hist"]
            if len(h) > back and not (h[-1] <= h[-1 - back] - max(st["tol"], 1e-3)):
                stalled_lit += 1
        ratios = [gstate[a]["travelled"] / gstate[a]["displaced"] for a in fixed
                  if gstate[a]["first"] >= 0.0 and gstate[a]["straight"] > gstate[a]["tol"] and gstate[a]["displaced"] > 0.0]
        g = {"agents": len(ending), "arrived": arrived,
             "last_arrival": max(firsts) if firsts and all(x >= 0.0 for x in firsts) and goal_ok else None,
             "arrival_events": sum(gstate[a]["events"] for a in counted),
             "overshoot": {"max": max(engaged), "mean": sum(engaged) / len(engaged)} if engaged else None,
             "stalled": stalled if fixed else None, "longest_stall": longest if fixed else None,
             "longest_stall_where": None if who is None else {"agent": who, "from": frm, "at": list(at) + [0.0] * (3 - dim)},
             "path_ratio": {"mean": sum(ratios) / len(ratios), "max": max(ratios)} if ratios else None}
        out["goals"] = g
        out["_ties"] = ties
        out["_goals_checked"] = goal_ok
        alt["stalled, literal w(T) vs w(T-5)"] = stalled_lit
        alt["stalled, more than (not at least) 5 time units since the last progress"] = stalled_strict
        for name, key in (("the next waypoint taken from the position before the step", "lag"),
                          ("distances in double precision", "double")):
            best = max(fixed, key=lambda a: gstate[a]["chains"][key].longest, default=None)
            alt["longest stall, " + name] = None if best is None else \
                "%.6f (agent %d from %.6f)" % (gstate[best]["chains"][key].longest, best,
                                               gstate[best]["chains"][key].longest_from)
        if readings:
            # the sliding-window reading: any start, not only the last progress step
            best = (0.0, None)
            for a in fixed:
                st = gstate[a]
                last = st["first_step"] if st["first_step"] is not None else len(st["hist"]) - 1
                w = sliding_stall(st["hist"], max(f32(st["tol"]), 1e-3), dt, last)
                best = max(best, (w, a), key=lambda x: x[0])
            alt["longest stall, sliding windows (from any step, not only a progress step)"] = \
                "%.6f (agent %s)" % best
        if sc.formations:
            alt["formation: arrived at the end against the slot placed after the step"] = sum(
                1 for a in counted if goals[a].moving and gstate[a].get("alt_dist", math.inf) <= gstate[a]["tol"])
    else:
        out["goals"] = None
    out["groups"] = [{"name": sc.groups[g]["name"], "agents": len(members[g]),
                      "mean_speed": speed_g[g][0] / speed_g[g][1] if speed_g[g][1] else None,
                      "jitter": jit_g[g][0] / jit_g[g][1] if jit_g[g][1] else None,
                      "min_distance": min_group[g] if len(members[g]) >= 2 else None} for g in range(group_count)]
    out["expect_failures"] = expect_failures(sc, out)
    alt["jitter skipping only agents slower than 0.001 after the step"] = jit_alt[0] / jit_alt[1] if jit_alt[1] else 0.0
    alt["deepest obstacle overlap, counted or not"] = deepest_any if sc.obstacles else None
    if wrap:
        alt["closest approach inside the box"] = min_all_box
        if sc.obstacles:
            alt["obstacle penetrations across the seam too"] = pen_seam
    if has_arrive:
        alt["arrive overshoot without the floor at 0"] = arrive_over
    out["_alt"] = alt
    out["_world_changes"] = world_changes
    out["_per_agent"] = {a: dict({k: v for k, v in st.items() if k not in ("hist", "targets", "chains")},
                                 **{"stall_" + k: vars(c) for k, c in st.get("chains", {}).items()})
                         for a, st in gstate.items()}
    out["_near_pairs"] = sorted(near_pairs)[:5]
    out["_notes"] = notes
    return out


def expect_failures(sc, f):
    """docs/scenarios.md, Expect: each limit checked against its figure (where the figure applies)."""
    e = sc.expect
    fails = 0
    if "max_obstacle_penetrations" in e and f["obstacle_penetrations"] and \
            f["obstacle_penetrations"]["count"] > e["max_obstacle_penetrations"]:
        fails += 1
    if "max_wall_crossings" in e and f["wall_crossings"] is not None and f["wall_crossings"] > e["max_wall_crossings"]:
        fails += 1
    if "max_jitter" in e and f["jitter"] is not None and f["jitter"] > e["max_jitter"]:
        fails += 1
    if "min_agent_distance" in e and f["min_agent_distance"] is not None and f["min_agent_distance"] < e["min_agent_distance"]:
        fails += 1
    if "max_arrive_overshoot" in e and f["arrive_overshoot"] is not None and f["arrive_overshoot"] > e["max_arrive_overshoot"]:
        fails += 1
    if "max_path_distance" in e and f["path_distance"] is not None:
        fails += f["path_distance"]["mean"] > e["max_path_distance"]
        fails += f["path_distance"]["corridor_exit"] > 0.0
    g = f.get("goals")
    if "min_arrived" in e and g is not None and g["arrived"] < e["min_arrived"]:
        fails += 1
    if "max_stall" in e and g is not None and g["longest_stall"] is not None and g["longest_stall"] > e["max_stall"]:
        fails += 1
    ov = f["overlaps"]
    if "max_overlapping_pairs" in e and ov is not None and ov["pairs"] > e["max_overlapping_pairs"]:
        fails += 1
    return fails


# ---- the comparison --------------------------------------------------------------------------
COUNT, DIST, TIME, MEAN = (0.0, 0.0), (1e-5, 1e-5), (1e-6, 1e-6), (1e-6, 1e-5)


def comparisons(steer, ours):
    """(name, steer's, ours, (abs, rel) tolerance) for every figure."""
    rows = [("agents", steer["agents"], ours["agents"], COUNT), ("steps", steer["steps"], ours["steps"], COUNT),
            ("dt", steer["dt"], ours["dt"], (1e-9, 1e-7)),
            ("min_agent_distance", steer["min_agent_distance"], ours["min_agent_distance"], DIST),
            ("wall_crossings", steer["wall_crossings"], ours["wall_crossings"], COUNT)]
    sp, op = steer["obstacle_penetrations"], ours["obstacle_penetrations"]
    if sp is None or op is None:
        rows.append(("obstacle_penetrations", sp, op, COUNT))
    else:
        rows += [("obstacle_penetrations.count", sp["count"], op["count"], COUNT),
                 ("obstacle_penetrations.deepest", sp["deepest"], op["deepest"], DIST)]
    so, oo = steer["overlaps"], ours["overlaps"]
    if so is None or oo is None:
        rows.append(("overlaps", so, oo, COUNT))
    else:
        rows += [("overlaps.pairs", so["pairs"], oo["pairs"], COUNT), ("overlaps.capped", so["capped"], oo["capped"], COUNT),
                 ("overlaps.closest_fraction", so["closest_fraction"], oo["closest_fraction"], DIST)]
    rows.append(("jitter", steer["jitter"], ours["jitter"], MEAN))
    rows.append(("arrive_overshoot", steer["arrive_overshoot"], ours["arrive_overshoot"], DIST))
    sp, op = steer["path_distance"], ours["path_distance"]
    if sp is None or op is None:
        rows.append(("path_distance", sp, op, COUNT))
    else:
        rows += [("path_distance.mean", sp["mean"], op["mean"], MEAN), ("path_distance.max", sp["max"], op["max"], DIST),
                 ("path_distance.corridor_exit", sp["corridor_exit"], op["corridor_exit"], DIST)]
    sg, og = steer["goals"], ours["goals"]
    if sg is None or og is None:
        rows.append(("goals", sg, og, COUNT))
    else:
        rows += [("goals.agents", sg["agents"], og["agents"], COUNT)]
    if sg is not None and og is not None and ours.get("_goals_checked", True):
        rows += [("goals.arrived", sg["arrived"], og["arrived"], COUNT),
                 ("goals.last_arrival", sg["last_arrival"], og["last_arrival"], TIME),
                 ("goals.arrival_events", sg["arrival_events"], og["arrival_events"], COUNT)]
        for key, tol in (("max", DIST), ("mean", MEAN)):
            rows.append(("goals.overshoot." + key, sg["overshoot"] and sg["overshoot"][key],
                         og["overshoot"] and og["overshoot"][key], tol))
        rows += [("goals.stalled", sg["stalled"], og["stalled"], COUNT),
                 ("goals.longest_stall", sg["longest_stall"], og["longest_stall"], TIME)]
        sw, ow = sg["longest_stall_where"], og["longest_stall_where"]
        if sw is None or ow is None:
            rows.append(("goals.longest_stall_where", sw, ow, COUNT))
        else:
            # agents whose stalls are equally long: the docs name no rule to choose one, so steer's
            # choice is accepted if it is one of them, and its start and place are checked
            ties = ours.get("_ties", {})
            if len(ties) > 1 and sw["agent"] in ties:
                ow = dict(ties[sw["agent"]], agent=sw["agent"])
            rows.append(("goals.longest_stall_where.agent" + (" (tie: %s)" % sorted(ties) if len(ties) > 1 else ""),
                         sw["agent"], ow["agent"], COUNT))
            rows.append(("goals.longest_stall_where.from", sw["from"], ow["from"], TIME))
            for k, name in enumerate("xyz"):
                rows.append(("goals.longest_stall_where.at." + name, sw["at"][k], ow["at"][k], DIST))
        for key, tol in (("mean", MEAN), ("max", DIST)):
            rows.append(("goals.path_ratio." + key, sg["path_ratio"] and sg["path_ratio"][key],
                         og["path_ratio"] and og["path_ratio"][key], tol))
    for g, (a, b) in enumerate(zip(steer["groups"], ours["groups"])):
        rows += [("groups[%d].agents" % g, a["agents"], b["agents"], COUNT),
                 ("groups[%d].mean_speed" % g, a["mean_speed"], b["mean_speed"], MEAN),
                 ("groups[%d].jitter" % g, a["jitter"], b["jitter"], MEAN),
                 ("groups[%d].min_distance" % g, a["min_distance"], b["min_distance"], DIST)]
    rows.append(("expect_failures", steer["expect_failures"], ours["expect_failures"], COUNT))
    return rows


def agree(a, b, tol):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    return abs(a - b) <= tol[0] + tol[1] * max(abs(a), abs(b))


def perturb(ours, name):
    """Adds 1 to the recomputed figure `name` (dotted, as in the table), or makes a null 0."""
    node, keys = ours, name.split(".")
    for k in keys[:-1]:
        if k.startswith("groups["):
            node = node["groups"][int(k[7:-1])]
        else:
            node = node[k]
    k = keys[-1]
    node[k] = 0 if node[k] is None else (not node[k] if isinstance(node[k], bool) else node[k] + 1)


def fmt(x):
    if isinstance(x, str):
        return x
    if isinstance(x, dict):
        return "{...}"
    if x is None:
        return "null"
    if isinstance(x, bool):
        return str(x).lower()
    if isinstance(x, int):
        return str(x)
    return "%.6f" % x


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scenario")
    ap.add_argument("--steer", default=os.path.join(ROOT, "build", "steer"), help="the steer program (build/steer)")
    ap.add_argument("--work", help="keep the copy, CSV, JSON and pictures in this folder (default: a temporary one)")
    ap.add_argument("--json", action="store_true", help="print both sides as one JSON object instead of the table")
    ap.add_argument("--world-goals", choices=("auto", "yes", "no"), default="auto",
                    help="read goals the file does not fix from a replay through the Python bindings")
    ap.add_argument("--python", default="/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable,
                    help="the Python that imports build/python's bindings (numpy); default /usr/bin/python3")
    ap.add_argument("--perturb", metavar="FIGURE", help="add 1 to one recomputed figure (e.g. wall_crossings) to see the check fail")
    ap.add_argument("--alt", action="store_true", help="also print the figures under the other readings tried")
    ap.add_argument("--blind", action="store_true",
                    help="run a copy without solid walls, solid obstacles, non_penetration, keep_apart, avoid_walls and "
                         "avoid_obstacles, so that wall crossings, penetrations and overlaps are not all 0")
    ap.add_argument("--steps", type=int, metavar="N", help="run a copy of N steps")
    args = ap.parse_args()

    work = args.work or tempfile.mkdtemp(prefix="metrics_figures.")
    os.makedirs(work, exist_ok=True)
    stem = os.path.splitext(os.path.basename(args.scenario))[0]
    copy = os.path.join(work, stem + ".json")
    DF.every_step(args.scenario, copy)
    if args.blind or args.steps:
        with open(copy) as f:
            raw = json.load(f)
        if args.steps:
            raw["steps"] = raw["render"]["frames"] = args.steps
        if args.blind:
            raw["solid_walls"] = raw["solid_obstacles"] = raw["non_penetration"] = False
            for g in raw["groups"]:
                g.pop("keep_apart", None)
                for b in ("avoid_walls", "avoid_obstacles"):
                    g.get("behaviours", {}).pop(b, None)
        with open(copy, "w") as f:
            json.dump(raw, f)
    sc = Scenario(copy)
    run_csv, run_json = os.path.join(work, "run.csv"), os.path.join(work, "run.json")
    began = time.time()
    try:
        r = subprocess.run([args.steer, "run", copy, "--csv", run_csv, "--metrics", run_json, "-o",
                            os.path.join(work, "out"), "--quiet"], capture_output=True, text=True)
        if r.returncode not in (0, 1) or not os.path.exists(run_json):  # 1: an expectation failed, files written
            sys.stderr.write(r.stderr)
            sys.exit("metrics_figures: steer run failed with status %d" % r.returncode)
        ran = time.time() - began
        with open(run_json) as f:
            steer = json.load(f)
        ours = figures(sc, copy, run_csv, args.world_goals, args.python, readings=args.alt)
        took = time.time() - began - ran
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    if args.perturb:
        perturb(ours, args.perturb)
    rows = comparisons(steer, ours)
    bad = [r for r in rows if not agree(r[1], r[2], r[3])]
    if args.json:
        print(json.dumps({"steer": steer, "recomputed": ours,
                          "differ": [r[0] for r in bad]}, default=str))
    else:
        print("%s: %d agents, %d steps of %g; steer run %.1f s, recomputation %.1f s" %
              (args.scenario, ours["agents"], ours["steps"], ours["dt"], ran, took))
        print("  %-52s %16s %16s %12s" % ("figure", "steer run", "recomputed", "difference"))
        for name, a, b, tol in rows:
            diff = "" if not isinstance(a, (int, float)) or not isinstance(b, (int, float)) or isinstance(a, bool) \
                else "%.3g" % (b - a)
            print("  %-52s %16s %16s %12s %s" % (name, fmt(a), fmt(b), diff, "ok" if agree(a, b, tol) else "DIFFER"))
        for note in ours["_notes"]:
            print("  note: " + note)
        if ours["_near_pairs"]:
            print("  note: pairs within 1e-5 of the sum of radii (|d - s| / s, step, i, j): %s" % ours["_near_pairs"])
        if args.alt:
            for k, v in ours["_alt"].items():
                print("  other reading: %-70s %s" % (k, json.dumps(v) if isinstance(v, dict) else fmt(v)))
        print("metrics_figures: %s: %d figures, %d agree, %d differ%s" %
              (stem, len(rows), len(rows) - len(bad), len(bad), (": " + ", ".join(r[0] for r in bad)) if bad else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
