#!/bin/sh
# RVO2 (github.com/snape/RVO2, Apache-2.0), the reference crowd library, on
# steer's doorway (scenarios/doorway.json): the same walls, the same 100
# start points and routes (the point 1.5 past the door, taken within the
# group's waypoint_radius, then each agent's place), radius 0.5, preferred
# speed 1, max speed 1.5, dt 0.1, 4000 steps; RVO2's usual settings
# (neighbour distance 15, 10 neighbours, time horizon 10: HORIZON) and an
# obstacle time horizon of 2, 3.5 and 5 (HORIZONS). The figures are steer's (bench/doorway_figures.py,
# tools/steer/metrics.c's definitions), computed from each run's trajectory
# CSV, for RVO2 and for steer's own run of the same file.
#
#   RVO2_SRC=/path/to/RVO2 STEER=build/steer bench/rvo2_doorway.sh [JITTER [SEEDS...]]
#
# RVO2 has no seed (it is deterministic): its spread comes from start points
# moved by up to JITTER (default 0.02) in x and y, one run per SEED (default
# 1 2 3; the start points exactly as filed too, always). steer runs its
# own seeds 21 and 1 to 3 from the file's exact start points.
#
# The walls: RVO2's obstacles are closed polygons, counter-clockwise; each
# of the doorway's walls (an open polyline of 3 points) is closed into the
# triangle it bounds with the world's edge, which is solid in both.
#
# Preferred velocity: toward the current route point at the preferred speed;
# on the last (the place), the vector to it when nearer than 1, as an
# arrive. The route point is taken when the agent starts a step closer than
# waypoint_radius to it, as steer's follow_waypoints does.
#
# Downloads nothing: without an RVO2 checkout at RVO2_SRC it says so and
# stops (status 0). RVO2 is built with g++ -O2 into a temporary folder;
# nothing of RVO2 enters this tree.
set -eu

RVO2_SRC=${RVO2_SRC:-/tmp/rvo2}
STEER=${STEER:-build/steer}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCENARIO=${SCENARIO:-$ROOT/scenarios/doorway.json}
JITTER=${1:-0.02}
[ $# -gt 0 ] && shift
SEEDS=${*:-1 2 3}
HORIZON=${HORIZON:-10}
HORIZONS=${HORIZONS:-2 3.5 5}

if [ ! -f "$RVO2_SRC/src/RVOSimulator.cc" ]; then
    echo "rvo2_doorway: skipped: no RVO2 source at RVO2_SRC=$RVO2_SRC (expected src/RVOSimulator.cc);"
    echo "  clone https://github.com/snape/RVO2 there and run again"
    exit 0
fi
command -v g++ >/dev/null || { echo "rvo2_doorway: g++ not found (needed to build RVO2)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "rvo2_doorway: python3 not found" >&2; exit 2; }

WORK=${KEEP:-$(mktemp -d)}
mkdir -p "$WORK"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT

cat >"$WORK/driver.cc" <<'EOF'
// The doorway in RVO2. stdin: "dt steps", the obstacle count, each obstacle
// as "n x1 y1 ... xn yn" (counter-clockwise), the agent count, then per agent
// "sx sy rx ry px py" (start, route point, place). Writes steer's CSV
// (frame,time,agent,group,x,y,vx,vy), one frame per step, to stdout.
// usage: driver TIME_HORIZON TIME_HORIZON_OBST WAYPOINT_RADIUS JITTER SEED
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "RVO.h"

int main(int argc, char **argv) {
  if (argc < 6) return 2;
  const float horizon = std::strtof(argv[1], 0), horizon_obst = std::strtof(argv[2], 0);
  const float waypoint_radius = std::strtof(argv[3], 0), jitter = std::strtof(argv[4], 0);
  const unsigned seed = static_cast<unsigned>(std::strtoul(argv[5], 0, 10));
  float dt;
  int steps, obstacles, n;
  if (std::scanf("%f %d %d", &dt, &steps, &obstacles) != 3) return 3;
  RVO::RVOSimulator sim;
  sim.setTimeStep(dt);
  // neighbour distance 15, 10 neighbours, the time horizons as given, radius 0.5, max speed 1.5
  sim.setAgentDefaults(15.0f, 10, horizon, horizon_obst, 0.5f, 1.5f);
  for (int o = 0; o < obstacles; ++o) {
    int k;
    if (std::scanf("%d", &k) != 1) return 3;
    std::vector<RVO::Vector2> poly;
    for (int i = 0; i < k; ++i) {
      float x, y;
      if (std::scanf("%f %f", &x, &y) != 2) return 3;
      poly.push_back(RVO::Vector2(x, y));
    }
    sim.addObstacle(poly);
  }
  sim.processObstacles();
  if (std::scanf("%d", &n) != 1) return 3;
  std::vector<RVO::Vector2> route(n), place(n);
  std::vector<int> progress(n, 0);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-jitter, jitter);
  for (int i = 0; i < n; ++i) {
    float sx, sy, rx, ry, px, py;
    if (std::scanf("%f %f %f %f %f %f", &sx, &sy, &rx, &ry, &px, &py) != 6) return 3;
    float jx = seed ? u(rng) : 0.0f, jy = seed ? u(rng) : 0.0f;
    sim.addAgent(RVO::Vector2(sx + jx, sy + jy));
    route[i] = RVO::Vector2(rx, ry);
    place[i] = RVO::Vector2(px, py);
  }
  std::printf("frame,time,agent,group,x,y,vx,vy\n");
  auto frame = [&](int f) {
    for (int i = 0; i < n; ++i) {
      RVO::Vector2 p = sim.getAgentPosition(i), v = sim.getAgentVelocity(i);
      std::printf("%d,%.6g,%d,0,%.9g,%.9g,%.9g,%.9g\n", f, f * static_cast<double>(dt), i, p.x(), p.y(), v.x(), v.y());
    }
  };
  frame(0);
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n; ++i) {
      RVO::Vector2 p = sim.getAgentPosition(i);
      if (progress[i] == 0 && RVO::abs(route[i] - p) < waypoint_radius) progress[i] = 1;
      RVO::Vector2 to = (progress[i] ? place[i] : route[i]) - p;
      float d = RVO::abs(to);
      // preferred speed 1; on the place, the vector to it inside the last unit (an arrive)
      RVO::Vector2 pref = d > 1.0f || (!progress[i] && d > 0.0f) ? to / d : to;
      sim.setAgentPrefVelocity(i, pref);
    }
    sim.doStep();
    frame(s + 1);
  }
  return 0;
}
EOF

python3 - "$SCENARIO" >"$WORK/doorway.txt" <<'EOF'
import json, sys
sc = json.load(open(sys.argv[1]))
print(sc["dt"], sc["steps"])
walls = [w["points"] for w in sc["walls"]]
print(len(walls))
for pts in walls:  # closed into a polygon, counter-clockwise
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1]))
    if area < 0:
        pts = pts[::-1]
    print(len(pts), " ".join("%r %r" % (p[0], p[1]) for p in pts))
agents = [(p, sp["goal"]["points"]) for g in sc["groups"] for sp in g["spawn"] for p in sp["points"]]
print(len(agents))
for p, route in agents:
    assert len(route) == 2
    print(p[0], p[1], route[0][0], route[0][1], route[1][0], route[1][1])
EOF
WAYPOINT_RADIUS=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["groups"][0]["waypoint_radius"])' "$SCENARIO")

echo "building RVO2 from $RVO2_SRC (g++ -O2, no OpenMP)..."
for f in "$RVO2_SRC"/src/*.cc; do
    g++ -O2 -DNDEBUG -std=c++17 -I"$RVO2_SRC/src" -c "$f" -o "$WORK/$(basename "$f" .cc).o"
done
g++ -O2 -DNDEBUG -std=c++17 -I"$RVO2_SRC/src" "$WORK/driver.cc" "$WORK"/[A-Z]*.o -o "$WORK/driver"

# steer's own run, one frame a step: the scenario with render frames = steps
python3 "$ROOT/bench/doorway_figures.py" --every-step "$SCENARIO" "$WORK/every.json"

figures() { python3 "$ROOT/bench/doorway_figures.py" "$SCENARIO" "$1" | sed 's/^/    /'; }

if [ -x "$STEER" ]; then
    for seed in 21 1 2 3; do
        echo "steer, seed $seed:"
        "$STEER" run "$WORK/every.json" --seed "$seed" --quiet -o "$WORK/out" --csv "$WORK/steer.csv"
        figures "$WORK/steer.csv"
    done
else
    echo "rvo2_doorway: no steer at STEER=$STEER: RVO2 only" >&2
fi

for th in $HORIZONS; do
    for seed in 0 $SEEDS; do
        if [ "$seed" = 0 ]; then what="start points as filed"; else what="start points moved by up to $JITTER (seed $seed)"; fi
        echo "RVO2, time horizons $HORIZON and $th (obstacles), $what:"
        "$WORK/driver" "$HORIZON" "$th" "$WAYPOINT_RADIUS" "$JITTER" "$seed" <"$WORK/doorway.txt" >"$WORK/rvo2.csv"
        figures "$WORK/rvo2.csv"
    done
done
