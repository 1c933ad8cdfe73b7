#!/usr/bin/env python3
"""The doorway's figures from a trajectory CSV, with steer's definitions.

    bench/doorway_figures.py SCENARIO.json RUN.csv [--json] [--rings] [--progress=D]
    bench/doorway_figures.py --every-step SCENARIO.json OUT.json

RUN.csv is `steer run --csv`'s format (frame,time,agent,group,x,y,vx,vy),
one frame per step: steer's own run of a copy of the scenario whose render
frames equal its steps (--every-step writes that copy), or the RVO2
driver's run of the same doorway. Agent i is the scenario's i-th spawned
point; each has a waypoints goal (the route point past the door, then its
place). The definitions are tools/steer/metrics.c's:

- progress: an agent takes its next route point when the step ends with
  it closer than the group's waypoint_radius to the current one (the
  world's goal progress, steer__goal_after_move), so the position at frame
  k+1 is judged against the route point taken after seeing it;
- way left (metrics.c way_left): the distance to the current route point
  plus the legs after it;
- arrived (steer__goal_after_move): on the last route point, within
  arrival_tolerance of the place and no faster than arrival_speed, judged
  on the position and velocity after the step;
- a stall (goal_step): the way left not shrinking by the arrival tolerance
  (at least 1e-3) below its best so far; the longest before an agent's
  first arrival, counting an agent still waiting at the end up to the end.
  --progress=D counts a shrink by D (at least 1e-3) as progress instead,
  for what the stall would be under another threshold (a creep of 0.1 in
  5 s, say, where metrics.c asks for the tolerance); not steer's figure;
- overlapping pairs: two bodies closer than the sum of their radii after
  some step (ever; each pair once);
- wall crossings: a step of an agent's centre crossing a wall segment;
- the door: the first time each agent's x reaches the wall's x (0); its
  flow is (passes - 1) / (last - first).

--rings adds, in rings 2 wide around the door's middle (0, 0), over 40 to
200 s, the agents per unit of distance from the door (lambda) and their
mean speed toward it, beside flow / lambda: what a crowd that conserves
its number moves at (docs/experiments.md, the doorway, session 6).

Only the standard library.
"""
import argparse
import csv
import json
import math
import struct
import sys


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def load(scenario_path):
    sc = json.load(open(scenario_path))
    dt = f32(sc.get("dt", 1.0 / 30.0))  # the format's default
    walls = []
    for w in sc.get("walls", []):
        if "points" in w:
            pts = w["points"]
            segs = list(zip(pts, pts[1:]))
            if w.get("closed"):
                segs.append((pts[-1], pts[0]))
        else:
            segs = [(w["from"], w["to"])]
        walls += [((a[0], a[1]), (b[0], b[1])) for a, b in segs]
    agents = []  # (group def, route points)
    for g in sc["groups"]:
        for sp in g.get("spawn", []):
            if sp.get("shape") != "points" or sp.get("goal", {}).get("kind") != "waypoints":
                sys.exit("doorway_figures: only spawns of points with waypoints goals")
            for _ in sp["points"]:
                agents.append((g, [tuple(p[:2]) for p in sp["goal"]["points"]]))
    return sc, dt, walls, agents


def crossing_at(p, q, a, b):
    """Where along p-q (0 to 1) the segments p-q and a-b meet (ends included), or None."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-20:
        return None
    ax, ay = a[0] - p[0], a[1] - p[1]
    t = (ax * sy - ay * sx) / den
    u = (ax * ry - ay * rx) / den
    return t if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0 else None


def crosses(p, q, a, b):
    return crossing_at(p, q, a, b) is not None


def frames(csv_path):
    """Yields (frame, [(x, y, vx, vy) per agent]) in frame order."""
    with open(csv_path) as f:
        rows = csv.reader(f)
        head = next(rows)
        if head[:8] != ["frame", "time", "agent", "group", "x", "y", "vx", "vy"]:
            sys.exit("doorway_figures: a 2D steer CSV is expected")
        cur, state = None, []
        for r in rows:
            fr = int(r[0])
            if fr != cur:
                if cur is not None:
                    yield cur, state
                cur, state = fr, []
            a = int(r[2])
            if a != len(state):
                sys.exit("doorway_figures: agents out of order in frame %d" % fr)
            state.append((float(r[4]), float(r[5]), float(r[6]), float(r[7])))
        if cur is not None:
            yield cur, state


def figures(scenario_path, csv_path, progress_step=None):
    sc, dt, walls, agents = load(scenario_path)
    n = len(agents)
    radius = [a[0].get("radius", 0.0) for a in agents]
    tol = [a[0].get("arrival_tolerance", 0.0) for a in agents]
    aspeed = [a[0].get("arrival_speed", 0.1) for a in agents]
    wrad = [a[0].get("waypoint_radius", 1.0) for a in agents]
    route = [a[1] for a in agents]
    after = []
    for r in route:
        acc = [0.0] * len(r)
        for i in range(len(r) - 2, -1, -1):
            acc[i] = acc[i + 1] + math.dist(r[i], r[i + 1])
        after.append(acc)
    progress = [0] * n
    best = [None] * n
    best_time = [0.0] * n
    best_at = [None] * n
    arrival = [-1.0] * n
    arrived = [False] * n
    longest = (0.0, -1, 0.0, (0.0, 0.0))
    own = [0.0] * n  # each agent's longest stall
    pairs, closest = set(), math.inf
    crossings = 0
    door = [None] * n
    prev = None
    steps = 0
    door_x = 0.0
    ring_count, ring_speed, ring_frames = {}, {}, 0

    def way_left(a, p):
        i = progress[a]
        return math.dist(p, route[a][i]) + after[a][i]

    for fr, st in frames(csv_path):
        if len(st) != n:
            sys.exit("doorway_figures: %d agents in frame %d, the scenario spawns %d" % (len(st), fr, n))
        if prev is None:
            if fr != 0:
                sys.exit("doorway_figures: the CSV must start at frame 0")
            for a in range(n):
                best[a] = way_left(a, st[a][:2])
                best_at[a] = st[a][:2]
            prev = st
            continue
        if fr != steps + 1:
            sys.exit("doorway_figures: frames must be every step (frame %d after %d)" % (fr, steps))
        steps = fr
        t = fr * dt
        for a in range(n):
            p0, p1 = prev[a][:2], st[a][:2]
            # the route point moves on from where the step ended
            if progress[a] < len(route[a]) - 1 and f32(math.dist(p1, route[a][progress[a]])) < f32(wrad[a]):
                progress[a] += 1
            last = progress[a] == len(route[a]) - 1
            place = route[a][-1]
            dx, dy = place[0] - p1[0], place[1] - p1[1]
            vx, vy = st[a][2], st[a][3]
            now = last and dx * dx + dy * dy <= tol[a] * tol[a] and vx * vx + vy * vy <= aspeed[a] * aspeed[a]
            before = arrival[a] < 0.0
            arrived[a] = now
            if now and arrival[a] < 0.0:
                arrival[a] = t
            left = way_left(a, p1)
            prog = left <= best[a] - max(tol[a] if progress_step is None else progress_step, 1e-3)
            if before and (prog or arrival[a] >= 0.0):
                own[a] = max(own[a], t - best_time[a])
                if t - best_time[a] > longest[0]:
                    longest = (t - best_time[a], a, best_time[a], best_at[a])
            if prog:
                best[a], best_time[a], best_at[a] = left, t, p1
            if walls:
                for w in walls:
                    if crosses(p0, p1, w[0], w[1]):
                        crossings += 1
                        break
            if door[a] is None and p0[0] < door_x <= p1[0]:
                door[a] = t
        if 400 <= fr <= 2000 and fr % 10 == 0:  # the rings, every second from 40 to 200 s
            ring_frames += 1
            for x, y, vx, vy in st:
                d = math.hypot(x, y)
                if x < door_x and d > 0.0:
                    b = int(d // 2)
                    ring_count[b] = ring_count.get(b, 0) + 1
                    ring_speed[b] = ring_speed.get(b, 0.0) - (x * vx + y * vy) / d
        # overlapping pairs: cells of side twice the largest radius
        side = 2.0 * max(radius) if max(radius) > 0 else 1.0
        cells = {}
        for a in range(n):
            key = (math.floor(st[a][0] / side), math.floor(st[a][1] / side))
            cells.setdefault(key, []).append(a)
        for (cx, cy), members in cells.items():
            for ox, oy in ((0, 0), (1, -1), (1, 0), (1, 1), (0, 1)):
                other = members if (ox, oy) == (0, 0) else cells.get((cx + ox, cy + oy))
                if not other:
                    continue
                for i in members:
                    for j in other:
                        if (ox, oy) == (0, 0) and j <= i:
                            continue
                        s = radius[i] + radius[j]
                        d = math.dist(st[i][:2], st[j][:2])
                        if d < 1.5 * s:
                            closest = min(closest, d / s)
                        if d < s:
                            pairs.add((min(i, j), max(i, j)))
        prev = st
    now_t = steps * dt
    for a in range(n):  # still waiting at the end
        if arrival[a] < 0.0:
            own[a] = max(own[a], now_t - best_time[a])
            if now_t - best_time[a] > longest[0]:
                longest = (now_t - best_time[a], a, best_time[a], best_at[a])
    passes = sorted(t for t in door if t is not None)
    gaps = sorted(b - a for a, b in zip(passes, passes[1:]))
    rings = [{"from": 2 * b, "lambda": ring_count[b] / ring_frames / 2.0, "speed": ring_speed[b] / ring_count[b]}
             for b in sorted(ring_count)] if ring_frames else []
    return {
        "rings": rings,
        "agents": n,
        "steps": steps,
        "arrived_once": sum(1 for t in arrival if t >= 0.0),
        "arrived_at_end": sum(arrived),
        "last_arrival": max(arrival) if all(t >= 0.0 for t in arrival) else None,
        "longest_stall": longest[0],
        "longest_stall_where": {"agent": longest[1], "from": longest[2], "at": list(longest[3] or ())},
        "stalled_over_5s": sum(1 for x in own if x > 5.0),
        "overlapping_pairs": len(pairs),
        "closest_fraction": closest,
        "wall_crossings": crossings,
        "door_passes": len(passes),
        "door_first": passes[0] if passes else None,
        "door_last": passes[-1] if passes else None,
        "door_flow": (len(passes) - 1) / (passes[-1] - passes[0]) if len(passes) > 1 else None,
        "door_gap_median": gaps[len(gaps) // 2] if gaps else None,
        "door_gap_longest": gaps[-1] if gaps else None,
    }


def every_step(scenario_path, out_path):
    """The scenario with a render frame every step, so that --csv has them all."""
    with open(scenario_path) as f:
        sc = json.load(f)
    sc.pop("$schema", None)
    sc["render"] = {"size": [64, 32], "frames": sc["steps"], "fps": 25, "trail": 0}
    with open(out_path, "w") as f:
        json.dump(sc, f)


def positive(text):
    """--progress's value: a finite number of units above 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 < value < math.inf:
        raise argparse.ArgumentTypeError("%r: must be a positive number of units" % text)
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenario", help="the scenario file (SCENARIO.json)")
    parser.add_argument("run", help="the trajectory (RUN.csv); with --every-step, the copy to write (OUT.json)")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--rings", action="store_true", help="the crowd's density and speed by distance from the door")
    parser.add_argument("--progress", type=positive, metavar="D", help="the stall with a gain of D as progress")
    parser.add_argument("--every-step", action="store_true", help="write the scenario with a frame every step")
    args = parser.parse_args()
    if args.every_step:
        every_step(args.scenario, args.run)
        return
    f = figures(args.scenario, args.run, args.progress)
    if args.json:
        print(json.dumps(f))
        return
    w = f["longest_stall_where"]
    at = "(%.1f, %.1f)" % tuple(w["at"]) if w["at"] else "-"
    print("longest stall %.2f s (agent %d from %.1f at %s); %d agents stall over 5 s" %
          (f["longest_stall"], w["agent"], w["from"], at, f["stalled_over_5s"]))
    last = "%.2f s" % f["last_arrival"] if f["last_arrival"] is not None else "not all (%d of %d)" % (f["arrived_once"], f["agents"])
    print("last arrival %s; on their places at the end %d of %d" % (last, f["arrived_at_end"], f["agents"]))
    print("overlapping pairs %d (closest / sum of radii %.3f); wall crossings %d" %
          (f["overlapping_pairs"], f["closest_fraction"], f["wall_crossings"]))
    if f["door_flow"] is not None:
        print("door: %d passes from %.1f to %.1f s, %.3f a second (gaps: median %.1f s, longest %.1f s)" %
              (f["door_passes"], f["door_first"], f["door_last"], f["door_flow"], f["door_gap_median"], f["door_gap_longest"]))
    if args.rings and f["door_flow"]:
        print("from the door  agents per unit  speed toward it  flow / agents per unit")
        for r in f["rings"]:
            print("%4d to %-4d   %8.2f        %8.3f         %8.3f" %
                  (r["from"], r["from"] + 2, r["lambda"], r["speed"], f["door_flow"] / r["lambda"]))


if __name__ == "__main__":
    main()
