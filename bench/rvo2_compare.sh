#!/bin/sh
# RVO2 (github.com/snape/RVO2, Apache-2.0), the crowd speed anchor, beside
# steer on the same scenarios, one thread each: RVO2's Circle example (250
# agents) against scenarios/circle_crossing.json, and random-goals crowds of
# 10k and 100k agents against `steer bench --crowd`, whose density it is
# given scaled by 15 (steer's radius 0.1 and neighbour radius 1 are RVO2's
# 1.5 and 15: 16 agents within the neighbour distance on average).
#
#   RVO2_SRC=/path/to/RVO2 STEER=build/steer bench/rvo2_compare.sh
#
# Downloads nothing: without an RVO2 checkout at RVO2_SRC it says so and
# stops (status 0). RVO2 is built with g++ -O3 and no OpenMP into a temporary
# folder, with the small driver below; nothing of RVO2 enters this tree.
set -eu

RVO2_SRC=${RVO2_SRC:-/tmp/rvo2}
STEER=${STEER:-build/steer}
ROOT=$(cd "$(dirname "$0")/.." && pwd)

if [ ! -f "$RVO2_SRC/src/RVOSimulator.cc" ]; then
    echo "rvo2_compare: skipped: no RVO2 source at RVO2_SRC=$RVO2_SRC (expected src/RVOSimulator.cc);"
    echo "  clone https://github.com/snape/RVO2 there and run again"
    exit 0
fi
if [ ! -x "$STEER" ]; then
    echo "rvo2_compare: STEER=$STEER is not an executable: build steer first (make build)" >&2
    exit 2
fi
command -v g++ >/dev/null || { echo "rvo2_compare: g++ not found (needed to build RVO2)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cat >"$WORK/driver.cc" <<'EOF'
// One thread of RVO2 timed per step (its doStep and the preferred velocities): wall and CPU
// ms per step (the CPU figure is the honest one on a machine shared with other work).
// usage: driver circle STEPS | driver random N STEPS
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <vector>
#include "RVO.h"

static void prefer(RVO::RVOSimulator &sim, const std::vector<RVO::Vector2> &goals) {
  for (std::size_t i = 0; i < sim.getNumAgents(); ++i) {
    RVO::Vector2 g = goals[i] - sim.getAgentPosition(i);
    if (RVO::absSq(g) > 1.0f) g = RVO::normalize(g);
    sim.setAgentPrefVelocity(i, g);
  }
}

static bool all_reached(const RVO::RVOSimulator &sim, const std::vector<RVO::Vector2> &goals) {
  for (std::size_t i = 0; i < sim.getNumAgents(); ++i)
    if (RVO::absSq(sim.getAgentPosition(i) - goals[i]) > sim.getAgentRadius(i) * sim.getAgentRadius(i)) return false;
  return true;
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  bool circle = !std::strcmp(argv[1], "circle");
  int n = circle ? 250 : std::atoi(argv[2]);
  int steps = std::atoi(argv[circle ? 2 : 3]);
  RVO::RVOSimulator sim;
  sim.setTimeStep(0.25f);
  // neighbour distance 15, 10 neighbours, time horizons 10 and 10, radius 1.5, max speed 2 (the Circle example's)
  sim.setAgentDefaults(15.0f, 10, 10.0f, 10.0f, 1.5f, 2.0f);
  std::vector<RVO::Vector2> goals;
  if (circle) {
    for (int i = 0; i < n; ++i) {
      float a = static_cast<float>(i) * 6.28318530717958647692f * 0.004f;
      sim.addAgent(200.0f * RVO::Vector2(std::cos(a), std::sin(a)));
      goals.push_back(-sim.getAgentPosition(i));
    }
  } else {
    float side = 15.0f * std::sqrt(n * 3.14159265f / 16.0f);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(0.0f, side);
    for (int i = 0; i < n; ++i) {
      float x = u(rng), y = u(rng);
      sim.addAgent(RVO::Vector2(x, y));
    }
    for (int i = 0; i < n; ++i) {
      float x = u(rng), y = u(rng);
      goals.push_back(RVO::Vector2(x, y));
    }
  }
  prefer(sim, goals);
  sim.doStep();  // a warm-up step, as steer bench takes
  int arrived_at = -1;
  double total = 0.0;
  std::clock_t cpu0 = std::clock();
  for (int s = 0; s < steps; ++s) {
    auto t0 = std::chrono::steady_clock::now();
    prefer(sim, goals);
    sim.doStep();
    total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (circle && arrived_at < 0 && all_reached(sim, goals)) arrived_at = s + 2;
  }
  double cpu = 1e3 * static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  std::printf("%.4f %.4f %d\n", total / steps, cpu / steps, arrived_at);
  return 0;
}
EOF

echo "building RVO2 from $RVO2_SRC (g++ -O3, no OpenMP)..."
for f in "$RVO2_SRC"/src/*.cc; do
    g++ -O3 -DNDEBUG -std=c++17 -I"$RVO2_SRC/src" -c "$f" -o "$WORK/$(basename "$f" .cc).o"
done
g++ -O3 -DNDEBUG -std=c++17 -I"$RVO2_SRC/src" "$WORK/driver.cc" "$WORK"/[A-Z]*.o -o "$WORK/driver"

json_field() { # FILE NAME: the number after "NAME": in a JSON file
    sed -n "s/.*\"$2\": *\([-0-9.e+]*\).*/\1/p" "$1" | head -n 1
}

echo "RVO2 one thread against steer one thread, ms per step (wall; CPU where both report it), one run each"
printf '%-20s %10s %10s %7s %10s %10s %7s\n' scenario rvo2_ms steer_ms ratio rvo2_cpu steer_cpu ratio
ratio() { echo "$1 $2" | awk '{printf "%.2f", $1 / $2}'; }

# Circle: 4000 steps of dt 0.25, as scenarios/circle_crossing.json runs.
set -- $("$WORK/driver" circle 4000)
rvo=$1 rvo_cpu=$2 arrived=$3
"$STEER" run "$ROOT/scenarios/circle_crossing.json" -o "$WORK/circle" --metrics "$WORK/circle.json" --quiet
st=$(json_field "$WORK/circle.json" ms_per_step)
printf '%-20s %10.4f %10.4f %7s %10.4f %10s %7s   (rvo2: all arrived at step %s)\n' "circle 250" "$rvo" "$st" \
    "$(ratio "$st" "$rvo")" "$rvo_cpu" - - "$arrived"

for n in 10000 100000; do
    steps=$((n >= 100000 ? 20 : 100))
    set -- $("$WORK/driver" random "$n" "$steps")
    rvo=$1 rvo_cpu=$2
    "$STEER" bench --crowd --agents "$n" --steps "$steps" --json >"$WORK/crowd.json"
    st=$(sed -n 's/.*"ms_per_step":\([0-9.]*\).*/\1/p' "$WORK/crowd.json")
    st_cpu=$(sed -n 's/.*"cpu_ms_per_step":\([0-9.]*\).*/\1/p' "$WORK/crowd.json")
    printf '%-20s %10.4f %10.4f %7s %10.4f %10.4f %7s\n' "random goals $n" "$rvo" "$st" "$(ratio "$st" "$rvo")" \
        "$rvo_cpu" "$st_cpu" "$(ratio "$st_cpu" "$rvo_cpu")"
done
