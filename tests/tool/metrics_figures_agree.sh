#!/bin/sh
# Every figure of `steer run --metrics`, recomputed by bench/metrics_figures.py
# from the run's trajectory (a frame every step) with docs/scenarios.md's
# definitions, must agree with steer's. Three short runs that between them
# give most figures non-zero values:
#   y_up_ground --blind          3D (Y up, ground_plane): walls crossed, rocks
#                                entered, overlapping pairs, arrive goals,
#                                stalls, path ratio
#   doorway --blind --steps 1000 2D walls crossed, waypoint goals, agents still
#                                stalled at the end (no last arrival)
#   formation --blind            formation slots (targets that move: arrival
#                                events), a waypoint leader, rocks entered
#   wall_heights --blind         3D walls of a height: walkers cross the fence,
#                                drones fly over it (not counted)
#   mixed_sizes --blind          bodies of their own drawn radii (the CSV's radius
#                                column): overlapping pairs and the closest fraction
#                                of each pair's own sum
#   the same two with keep_headings (copies): the CSV's heading columns,
#                                hx,hy before the radius in 2D, hx,hy,hz in 3D
# (--blind: a copy without solid walls and obstacles, keep_apart and the
# avoidance of walls and obstacles, so the counts are not all 0.)
#   tests/tool/metrics_figures_agree.sh STEER SOURCE_DIR
set -eu
steer=$1 root=$2
status=0
run() {
    python3 "$root/bench/metrics_figures.py" --steer "$steer" --world-goals no "$@" || status=1
}
run "$root/scenarios/y_up_ground.json" --blind
run "$root/scenarios/doorway.json" --blind --steps 1000
run "$root/scenarios/formation.json" --blind
run "$root/scenarios/wall_heights.json" --blind
run "$root/tests/data/path_goals.json" --blind
run "$root/scenarios/mixed_sizes.json" --blind
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for name in mixed_sizes y_up_ground; do
    python3 -c 'import json, sys
s = json.load(open(sys.argv[1])); s["keep_headings"] = True
json.dump(s, open(sys.argv[2], "w"))' "$root/scenarios/$name.json" "$tmp/${name}_headings.json"
    run "$tmp/${name}_headings.json" --blind
done
if [ "$status" -ne 0 ]; then
    echo "metrics_figures_agree: some figure differs from its definition (above: DIFFER)"
fi
exit "$status"
