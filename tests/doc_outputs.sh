#!/bin/sh
# What the docs show a program printing is what it prints (the README's
# world_crowd figures had gone stale: 56.6 s against the 58.0 s printed;
# docs/scenarios.md's summary table showed an old path ratio):
#   - README.md's hello_vehicle block is examples/hello_vehicle.c, and the
#     block after "It prints" is its output, line for line
#   - README.md's "(all N across by T s, the closest two bodies at F of
#     their summed radii)" is what build/examples/world_crowd prints
#   - docs/scenarios.md's summary table of goal figures is steer run's on
#     scenarios/crowd_crossing.json, line for line (trailing blanks aside)
#   tests/doc_outputs.sh SOURCE_DIR BUILD_DIR
set -u
src=$1
build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# The fenced block that follows the first line matching $2 in file $1.
block_after() {
    awk -v pat="$2" 'found && /^```/ { if (inside) exit; inside = 1; next }
                     inside { print }
                     !found && index($0, pat) { found = 1 }' "$1"
}

block_after "$src/README.md" '`examples/hello_vehicle.c`, built to' > "$work/shown.c"
cmp -s "$work/shown.c" "$src/examples/hello_vehicle.c" ||
    fail "README.md's hello_vehicle block differs from examples/hello_vehicle.c: $(diff "$work/shown.c" "$src/examples/hello_vehicle.c")"
block_after "$src/README.md" 'It prints (the car accelerates' > "$work/shown.txt"
"$build/examples/hello_vehicle" > "$work/printed.txt" || fail "hello_vehicle: status $?"
[ -s "$work/shown.txt" ] && cmp -s "$work/shown.txt" "$work/printed.txt" ||
    fail "README.md's hello_vehicle output differs from the program's: $(diff "$work/shown.txt" "$work/printed.txt")"

"$build/examples/world_crowd" > "$work/crowd.txt" || fail "world_crowd: status $?"
printed=$(sed -n 's/^\([0-9]*\) of [0-9]* walkers across, all by \([0-9.]*\) s; the closest two bodies came to \([0-9.]*\) of.*/(all \1 across by \2 s, the closest two bodies at \3 of their summed radii)/p' "$work/crowd.txt")
[ -n "$printed" ] || fail "world_crowd printed no figures line: $(cat "$work/crowd.txt")"
tr '\n' ' ' < "$src/README.md" | tr -s ' ' | grep -qF -- "$printed" ||
    fail "README.md does not say what world_crowd prints: $printed"

block_after "$src/docs/scenarios.md" 'counts. In the table (`crowd_crossing.json`):' > "$work/table.txt"
"$build/steer" run "$src/scenarios/crowd_crossing.json" -o "$work/out" > "$work/summary.txt" 2> /dev/null ||
    fail "steer run crowd_crossing.json: status $?"
sed 's/ *$//' "$work/summary.txt" > "$work/run.txt"
[ -s "$work/table.txt" ] || fail "docs/scenarios.md: no table block after 'In the table (\`crowd_crossing.json\`):'"
while IFS= read -r line; do
    grep -qxF -- "$line" "$work/run.txt" || fail "docs/scenarios.md's line is not steer run's: '$line'"
done < "$work/table.txt"

if [ "$fails" -ne 0 ]; then
    echo "doc_outputs: $fails failed"
    exit 1
fi
echo "doc_outputs: all passed"
