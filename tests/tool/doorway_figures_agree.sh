#!/bin/sh
# bench/doorway_figures.py gives steer's own figures from a trajectory, so
# that RVO2's runs of the doorway can be judged as steer's are: on steer's
# run of the doorway with a frame every step it must report what
# `steer run --metrics` does (arrivals, the last arrival, the longest stall
# and whose it is, overlapping pairs, wall crossings).
#   tests/tool/doorway_figures_agree.sh STEER SOURCE_DIR
set -eu
steer=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/doorway_figures.py" --every-step "$root/scenarios/doorway.json" "$work/every.json"
"$steer" run "$work/every.json" --quiet -o "$work/out" --metrics "$work/metrics.json" --csv "$work/run.csv"
python3 "$root/bench/doorway_figures.py" "$work/every.json" "$work/run.csv" --json > "$work/figures.json"
python3 - "$work/metrics.json" "$work/figures.json" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
f = json.load(open(sys.argv[2]))
g = m["goals"]
pairs = [
    ("agents arrived at the end", g["arrived"], f["arrived_at_end"], 0),
    ("last arrival", g["last_arrival"], f["last_arrival"], 1e-3),
    ("longest stall", g["longest_stall"], f["longest_stall"], 1e-3),
    ("its agent", g["longest_stall_where"]["agent"], f["longest_stall_where"]["agent"], 0),
    ("when it began", g["longest_stall_where"]["from"], f["longest_stall_where"]["from"], 1e-3),
    ("overlapping pairs", m["overlaps"]["pairs"], f["overlapping_pairs"], 0),
    ("closest / sum of radii", m["overlaps"]["closest_fraction"], f["closest_fraction"], 1e-5),
    ("wall crossings", m["wall_crossings"], f["wall_crossings"], 0),
]
bad = 0
for name, ours, theirs, tol in pairs:
    ok = ours is not None and theirs is not None and abs(ours - theirs) <= tol
    print("%-24s steer run %-12s doorway_figures %-12s %s" % (name, ours, theirs, "ok" if ok else "DIFFER"))
    bad += not ok
print("doorway_figures_agree: %d passed, %d failed" % (len(pairs) - bad, bad))
sys.exit(1 if bad else 0)
EOF
