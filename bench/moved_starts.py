#!/usr/bin/env python3
"""How a crowd scenario's figures hold when its start points move a little.

    bench/moved_starts.py SCENARIO.json [--runs N] [--move D] [--groups NAME,...] [--steps N]
                          [--steer build/steer] [--json]

A scenario whose agents start on given points (spawn "shape": "points") has
no randomness for its seed to change: one run says nothing of how near a
knot it passes. This runs the file as it is (run 0), then N - 1 copies with
every point of those spawns moved by up to D (0.02) along each axis
(Python's random.Random(run), so each run is the same every time; a
scenario with no such spawn is refused), with
`steer run --metrics`, and prints each run's arrivals, last arrival,
longest stall and overlapping pairs, then the spread.

--groups takes only those groups' spawns (by name); --steps replaces the
scenario's steps (to see whether the ones held finish given longer). Exit
status 2 when a run fails; the figures themselves never fail it.
"""
import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile


def moved(scenario, run, move, groups):
    s = copy.deepcopy(scenario)
    rnd = random.Random(run)
    for group in s["groups"]:
        if groups and group.get("name") not in groups:
            continue
        for spawn in group.get("spawn", []):
            if spawn.get("shape") == "points" and run > 0:
                spawn["points"] = [[c + rnd.uniform(-move, move) for c in p] for p in spawn["points"]]
    return s


def figures(steer, scenario, work, run):
    path = os.path.join(work, f"run{run}.json")
    with open(path, "w") as f:
        json.dump(scenario, f)
    r = subprocess.run([steer, "run", path, "--quiet", "-o", os.path.join(work, f"out{run}"), "--metrics", "-"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"moved_starts: run {run} failed: {r.stderr.strip()}")
    m = json.loads(r.stdout)
    g = m.get("goals") or {}
    return {"run": run, "agents": g.get("agents"), "arrived": g.get("arrived"), "last_arrival": g.get("last_arrival"),
            "longest_stall": g.get("longest_stall"), "overlapping_pairs": m["overlaps"]["pairs"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--runs", type=int, default=12)
    ap.add_argument("--move", type=float, default=0.02)
    ap.add_argument("--groups", default="")
    ap.add_argument("--steps", type=int)
    ap.add_argument("--steer", default="build/steer")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.runs < 1 or not a.move >= 0:
        sys.exit("moved_starts: --runs must be at least 1 and --move at least 0")
    with open(a.scenario) as f:
        scenario = json.load(f)
    if a.steps:
        scenario["steps"] = a.steps
    groups = set(filter(None, a.groups.split(",")))
    points = sum(len(sp["points"]) for g in scenario["groups"] if not groups or g.get("name") in groups
                 for sp in g.get("spawn", []) if sp.get("shape") == "points")
    if points == 0:
        sys.exit(f"moved_starts: {a.scenario}: no spawn of shape \"points\"{' in those groups' if groups else ''}: nothing to move")
    with tempfile.TemporaryDirectory() as work:
        rows = [figures(a.steer, moved(scenario, run, a.move, groups), work, run) for run in range(a.runs)]
    if a.json:
        print(json.dumps({"scenario": scenario.get("name"), "move": a.move, "runs": rows}))
        return
    fmt = lambda x, unit="": "-" if x is None else f"{x:.1f}{unit}"
    print(f"# {scenario.get('name')}: run 0 as filed, runs 1-{a.runs - 1} with the points moved by up to {a.move}")
    print(f"{'run':>4} {'arrived':>10} {'last':>9} {'stall':>8} {'overlaps':>9}")
    for r in rows:
        print(f"{r['run']:>4} {str(r['arrived']) + ' of ' + str(r['agents']):>10} {fmt(r['last_arrival'], ' s'):>9} "
              f"{fmt(r['longest_stall'], ' s'):>8} {r['overlapping_pairs']:>9}")
    if rows[0]["agents"] is None:
        print("# no goals: only the overlapping pairs compare")
        return
    done = [r for r in rows if r["arrived"] == r["agents"]]
    stalls = sorted(r["longest_stall"] for r in rows if r["longest_stall"] is not None)
    print(f"# all arrived in {len(done)} of {len(rows)} runs; longest stall {fmt(stalls[0] if stalls else None, ' s')} "
          f"to {fmt(stalls[-1] if stalls else None, ' s')}")


if __name__ == "__main__":
    main()
