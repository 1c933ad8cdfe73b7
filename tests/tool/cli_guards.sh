#!/bin/sh
# The command line as a careless or demanding user meets it: what steer run
# and steer bench refuse (status 2, a message naming the option and why,
# nothing written) and what they write where.
#   - goals that stop on one point (only one agent can stand there) are
#     warned of before the run, own places are not
#   - a spawn with no room for its agents: status 2 naming the file, no
#     output folder (it was status 1, "an expectation failed", and an empty folder)
#   - --csv or --metrics naming the scenario file: refused, the file intact
#     (it used to be overwritten by the run's CSV or figures)
#   - --csv and --metrics naming one file, or a picture the run writes
#     ("out//x.svg", "./out/x.gif" too): refused (only the last written was left)
#   - --metrics -: the figures on standard output, the summary on stderr
#     (it used to write a file named "-"); --csv - with it: refused
#   - the CSV's time to 12 digits: every frame's time is the step times dt
#     (at 6 digits frames near t = 100 were 1% apart from their step)
#   - a failed write leaves nothing to LeakSanitizer (fontconfig's caches),
#     and none of the run's files (the CSV was left), never removing a device
#   - figures averaged over nothing (no agent ever moving) are null / "—", and
#     a limit on a figure that does not apply is "not measured", not "ok"
#   - --frames N runs N x steps / frames steps: the scenario's own frame count
#     runs the scenario's own steps; --until T runs to the first step at or
#     past T (a picture at a chosen time), and not with --frames
#   - a file of 25 mistakes: the first 20, then "... and 5 more errors"
#   - steer bench --table refuses --agents and --threads (it swept its own,
#     ignoring them), and steer --help lists bench's modes and run's usage as
#     steer run --help gives it
#   - steer bench refuses an option given twice (the last won, silently) and
#     a number after whitespace (" 10" was 10, "10 " an error), and so does
#     steer run (one parser for both); its --help
#     gives the range of every number it checks
#   - steer bench's mean_neighbours counts across the torus's seams (200
#     agents on a torus sized for 16 read 13.5), and a run out of memory says
#     so and fails (the mean was printed as 0.00; --table ended saying nothing)
#   - steer bench, steer run's report and every --help into a full disk:
#     status 1 and a message (status 0, the figures lost); steer run refuses
#     an option given twice (-o a -o b wrote to b), a flag too
#   - bench/refc_ratio.sh reads refc's time to the agent-step (refc's "sec"
#     is to the millisecond: a short run read 0.000 ms/step, every ratio 0.00)
#   - steer bench --own-radii moves its crowd as without (what radii cost)
#   - the slow-step warning of non_penetration sizes it by the bodies' own
#     radii (it took the largest group radius, even an empty group's) and
#     the file's passes (0 was taken for 32)
#   - --csv '' and --metrics '': refused (status 1 after the run, an empty folder)
#   - a render view far smaller than a step's travel draws, and under the
#     sanitizers converts no out-of-range pixel to int
#   - steer bench --json names the machine as its text does, the CPU's name
#     a JSON string whatever it holds (printed raw, a quote, a backslash or a
#     tab in it broke the line); the names in --metrics are the file's
#   tests/tool/cli_guards.sh STEER
set -u
steer=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

cat > scen.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 20,
 "render": {"size": [32, 32]},
 "groups": [{"name": "g", "behaviours": {"seek": {"target": [5, 5]}}, "spawn": [{"count": 3}]}]}
EOF
cp scen.json pristine.json

# refused: status 2, stderr says $2, the scenario intact, no output folder
refused() {
    what=$1 says=$2
    shift 2
    "$steer" "$@" > stdout.txt 2> stderr.txt
    rc=$?
    [ "$rc" -eq 2 ] || fail "$what: status $rc, expected 2 ($(cat stderr.txt))"
    grep -qF -- "$says" stderr.txt || fail "$what: expected \"$says\", got: $(cat stderr.txt)"
    cmp -s scen.json pristine.json || { fail "$what: the scenario file was overwritten"; cp pristine.json scen.json; }
    [ ! -e out ] || { fail "$what: wrote out/ though refused"; rm -rf out; }
}

refused "--csv the scenario" "--csv scen.json: is the scenario file; the run would overwrite it" \
    run scen.json -o out --quiet --csv scen.json
refused "--metrics the scenario" "--metrics ./scen.json: is the scenario file" \
    run scen.json -o out --quiet --metrics ./scen.json
refused "--metrics the scenario by its full path" "is the scenario file" \
    run scen.json -o out --quiet --metrics "$work/scen.json"
refused "--csv and --metrics one file" "--csv out/../out/a and --metrics out//a: the same file" \
    run scen.json -o out --quiet --metrics out//a --csv out/../out/a
refused "--csv the PNG" "--csv out/scen.png: is the PNG the run writes" \
    run scen.json -o out --quiet --csv out/scen.png
refused "--metrics the SVG" "--metrics ./out//scen.svg: is the SVG the run writes" \
    run scen.json -o out/ --quiet --metrics ./out//scen.svg
# a spawn with no room for its agents: the file's mistake (status 2, the file named), nothing written
cat > crowded.json <<'EOF2'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "groups": [{"name": "a", "spawn": [{"count": 500, "spacing": 2}]}]}
EOF2
refused "a spawn with no room" "crowded.json: groups[0].spawn[0].spacing: no place for agent" run crowded.json -o out --quiet
refused "--csv - and --metrics -" "--csv - and --metrics -: standard output takes one of them" \
    run scen.json -o out --quiet --csv - --metrics -
refused "bench --table --agents" "steer bench: --agents with --table: the table sweeps" \
    bench --table --agents 5
refused "bench --threads --table" "steer bench: --threads with --table: the table sweeps" \
    bench --threads 2 --table
refused "bench --agents twice" "steer bench: --agents given twice ('10', then '20'): expected it once" \
    bench --agents 10 --agents 20 --steps 1
refused "bench --kernel twice" "steer bench: --kernel given twice ('scalar', then 'avx2')" \
    bench --kernel scalar --agents 10 --steps 1 --kernel avx2
refused "run -o twice" "steer run: -o given twice ('a', then 'b'): expected it once" \
    run scen.json -o a -o b
refused "run --frames twice" "steer run: --frames given twice ('2', then '3')" \
    run scen.json --frames 2 --frames 3
refused "run --quiet twice" "steer run: --quiet given twice: expected it once" \
    run scen.json -o a --quiet --quiet
refused "bench --goals twice" "steer bench: --goals given twice: expected it once" \
    bench --goals --agents 10 --steps 1 --goals
refused "bench --agents ' 10'" "steer bench: --agents ' 10': expected an integer from 1 to 67108864" \
    bench --agents " 10" --steps 1
refused "run --frames ' 10'" "steer run: --frames expects an integer from 1 to 10000, got ' 10'" \
    run scen.json --frames " 10"
refused "bench --neighbours ' 16'" "steer bench: --neighbours ' 16': expected a number above 0 and below 1000000" \
    bench --neighbours " 16" --agents 10 --steps 1
"$steer" bench --help > stdout.txt 2>&1 || fail "steer bench --help: status $?"
for s in "--steps S  *.*1 to 16777216" "--repeat R  *.*1 to 64" "--neighbours K  *.*above 0 and below 1000000" \
    "--agents N  *.*1 to 67108864" "--threads T  *.*1 to 64"; do
    grep -q -- "$s" stdout.txt || fail "steer bench --help: no range in: $(grep -- "${s%% *}" stdout.txt)"
done

# steer bench's mean neighbours across the seams: 200 agents (2D) and 500
# (3D) on tori sized for 16 have 15.6 and 15.5 (a brute force over every
# pair at its nearest copy gives the same); a grid that did not wrap read
# 13.5 and 12.4
for case in "200 2" "500 3"; do
    set -- $case
    "$steer" bench --agents "$1" --dim "$2" --steps 1 --json > stdout.txt 2> stderr.txt ||
        fail "bench --agents $1 --dim $2: status $? ($(cat stderr.txt))"
    python3 - stdout.txt <<'EOF' || fail "bench --agents $1 --dim $2: mean_neighbours not about 16: $(cat stdout.txt)"
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if 15.0 <= m["mean_neighbours"] <= 17.0 else 1)
EOF
done

# steer bench --own-radii: the crowd in a world with agent_radii, each agent
# its group's radius as its own, moves as the crowd without (the same mean
# neighbours, from the final positions), and says so
for case in "" "--own-radii"; do
    "$steer" bench --crowd --agents 2000 --steps 20 --json $case > "radii$case.json" 2> stderr.txt ||
        fail "bench --crowd $case: status $? ($(cat stderr.txt))"
done
python3 - radii.json radii--own-radii.json <<'EOF' || fail "bench --own-radii: $(cat radii.json radii--own-radii.json)"
import json, sys
plain, own = (json.load(open(f)) for f in sys.argv[1:3])
sys.exit(0 if plain["own_radii"] is False and own["own_radii"] is True and
         plain["mean_neighbours"] == own["mean_neighbours"] and plain["state_hash"] != own["state_hash"] else 1)
EOF

# steer bench --json names the machine as its text does ("on CPU, ARCH
# (kernels: K), OS"), one line; with a CPU named with a quote, a backslash, a tab, a
# control byte and UTF-8 too, where a user namespace can lay a made-up
# /proc/cpuinfo over the real one (unshare -rm): the name was printed raw
# into the JSON
bench_names_machine() { # WHAT [CPU_NAME]: bench_text.txt against bench_json.txt
    python3 - bench_text.txt bench_json.txt "$@" <<'EOF'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read().splitlines()
lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
try:
    m = json.loads(lines[0])
except (IndexError, ValueError) as e:
    sys.exit("%s: not a JSON line (%s): %r" % (sys.argv[3], e, lines))
said = "on %s, %s (kernels: %s), %s" % (m["cpu_model"], m["arch"], m["kernels_available"], m["os"])
if len(lines) != 1 or text[-1] != said:
    sys.exit("%s: %d lines; the text says %r, the JSON %r" % (sys.argv[3], len(lines), text[-1], said))
if len(sys.argv) > 4 and m["cpu_model"] != sys.argv[4]:
    sys.exit("%s: cpu_model %r, expected %r" % (sys.argv[3], m["cpu_model"], sys.argv[4]))
EOF
}
"$steer" bench --agents 10 --steps 1 > bench_text.txt 2> stderr.txt || fail "bench --agents 10: status $? ($(cat stderr.txt))"
"$steer" bench --agents 10 --steps 1 --json > bench_json.txt 2> stderr.txt || fail "bench --json: status $? ($(cat stderr.txt))"
bench_names_machine "this machine" || fail "bench --json does not name the machine as the text does"
fake_cpu=$(printf 'Fake "CPU" \\ 5\tGHz\001 caf\303\251')
printf 'model name\t: %s\n' "$fake_cpu" > cpuinfo
if unshare -rm sh -c 'mount --bind "$1" /proc/cpuinfo' sh "$work/cpuinfo" 2> /dev/null; then
    unshare -rm sh -c 'mount --bind "$1" /proc/cpuinfo && "$2" bench --agents 10 --steps 1 > bench_text.txt &&
        "$2" bench --agents 10 --steps 1 --json > bench_json.txt' sh "$work/cpuinfo" "$steer" 2> stderr.txt ||
        fail "bench on a made-up /proc/cpuinfo: status $? ($(cat stderr.txt))"
    bench_names_machine "a CPU named $fake_cpu" "$fake_cpu" || fail "bench --json: the CPU's name is not a JSON string"
    # an AArch64 /proc/cpuinfo (AWS Graviton2's) has no model name: the core's maker and part name it (it was "unknown")
    printf 'processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n\nprocessor\t: 1\nCPU implementer\t: 0x61\nCPU part\t: 0x023\n' > cpuinfo
    unshare -rm sh -c 'mount --bind "$1" /proc/cpuinfo && "$2" bench --agents 10 --steps 1 > bench_text.txt &&
        "$2" bench --agents 10 --steps 1 --json > bench_json.txt' sh "$work/cpuinfo" "$steer" 2> stderr.txt ||
        fail "bench on an AArch64 /proc/cpuinfo: status $? ($(cat stderr.txt))"
    bench_names_machine "an AArch64 core" "ARM part 0xd0c" || fail "bench on an AArch64 /proc/cpuinfo does not name the core"
else
    echo "cli_guards: no user namespace to lay a CPU name over /proc/cpuinfo in (unshare -rm): not checked"
fi

# out of memory: the configuration named, status 1 (the table stopped after
# its 100k rows with status 1 and not a word; a failed count of neighbours
# was a mean of 0). Not where the limit stops the tool outright (ASan).
if [ "$( (ulimit -v 60000 && "$steer" bench --agents 10 --steps 1 > /dev/null 2>&1; echo $?) 2> /dev/null)" = 0 ]; then
    (ulimit -v 60000 && exec "$steer" bench --table --steps 1) > stdout.txt 2> stderr.txt
    rc=$?
    [ "$rc" -eq 1 ] || fail "bench --table in 60 MB: status $rc, expected 1"
    grep -q "^steer bench: [0-9]* agents, 2D, [12] threads*: could not create the flock or count its neighbours" stderr.txt ||
        fail "bench --table in 60 MB: no message: $(cat stderr.txt)"
    if grep -q " 0\.00 " stdout.txt; then fail "bench --table in 60 MB: a mean of 0 neighbours: $(cat stdout.txt)"; fi
fi

# standard output on a full disk: status 1, said (it was 0, the figures lost)
if [ -w /dev/full ]; then
    for args in "bench --agents 10 --steps 1 --json" "bench --agents 10 --steps 1" "bench --help" "--help" \
        "run --help" "run scen.json -o full"; do
        # shellcheck disable=SC2086
        "$steer" $args > /dev/full 2> stderr.txt
        rc=$?
        [ "$rc" -eq 1 ] || fail "steer $args > /dev/full: status $rc, expected 1"
        grep -q "standard output: write failed" stderr.txt || fail "steer $args > /dev/full: no message: $(cat stderr.txt)"
    done
fi

# bench/refc_ratio.sh against a refc that ran 200 agent-steps in 0.1 ms: its
# "sec" reads 0.000, its agent-steps/s 2000000, so 0.100 ms a step
if command -v bash > /dev/null && command -v cc > /dev/null; then
    cat > refc.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    (void)argc;
    printf("{\"impl\":\"refc-grid\",\"agents\":%d,\"steps\":%d,\"mean_neighbours\":16.0,\"sec\":0.000,"
           "\"agent_steps_per_s\":2000000}\n", atoi(argv[1]), atoi(argv[2]));
    return 0;
}
EOF
    STEER="$steer" REFC_SRC="$work/refc.c" STEPS=1 KERNELS=scalar DIMS=2 THREADS=1 \
        bash "$root/bench/refc_ratio.sh" 200 1 > stdout.txt 2> stderr.txt || fail "refc_ratio.sh: status $? ($(cat stderr.txt))"
    grep -q "^refc  *2  *1  *0\.100  *0\.100 " stdout.txt || fail "refc_ratio.sh: refc not at 0.100 ms/step: $(cat stdout.txt)"
    grep -q "^scalar  *2  *1  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.]* [0-9a-f]\{16\}$" stdout.txt ||
        fail "refc_ratio.sh: no scalar row with its hash: $(cat stdout.txt)"
fi

# 25 mistakes: the first 20, each at its path, then how many more (steer run
# cut the list at what fitted in 1 KiB: 14 here, "... (25 errors in all)")
python3 -c '
import json
groups = [{"name": "group_with_a_longish_name_%02d" % i, "max_speed": -1} for i in range(25)]
print(json.dumps({"bounds": {"min": [0, 0], "max": [1, 1]}, "groups": groups}))' > many.json
refused "25 errors" "many.json: ... and 5 more errors" run many.json -o out
[ "$(grep -c '^many.json: groups\[[0-9]*\]\.max_speed: expected a positive number, got -1$' stderr.txt)" -eq 20 ] ||
    fail "25 errors: not the first 20 of them: $(cat stderr.txt)"
grep -q '^many.json: groups\[19\]\.max_speed' stderr.txt || fail "25 errors: groups[19] missing"

# files next to each other are fine: --csv ./out/.. in the folder -o creates
"$steer" run scen.json -o out --quiet --csv ./out/a.csv --metrics out/m.json 2> stderr.txt ||
    fail "--csv ./out/a.csv --metrics out/m.json: status $? ($(cat stderr.txt))"
[ -s out/a.csv ] && [ -s out/m.json ] && [ -s out/scen.png ] || fail "--csv ./out/a.csv: files missing"
rm -rf out

# --metrics -: JSON on standard output, the summary on stderr, no file "-"
"$steer" run scen.json -o out --metrics - > stdout.txt 2> stderr.txt || fail "--metrics -: status $?"
python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); assert m["agents"] == 3 and m["steps"] == 20' stdout.txt ||
    fail "--metrics -: standard output is not the figures: $(head -c 300 stdout.txt)"
grep -q "closest approach of two agents" stderr.txt || fail "--metrics -: the summary is not on stderr"
[ ! -e ./- ] && [ ! -e out/- ] || fail "--metrics -: wrote a file named '-'"
rm -rf out

# the names in --metrics are the file's: a quote, a backslash, a tab,
# control bytes and UTF-8 in the scenario's name and a group's
python3 -c '
import json
name = "say \"hi\" \\ back\tslash\x01\x1f caf\u00e9 \u2603 \U0001F600"
print(json.dumps({"name": name, "bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 5, "render": {"size": [32, 32]},
                  "groups": [{"name": name + " g", "spawn": [{"count": 2}]}]}))' > named.json
"$steer" run named.json -o out --quiet --metrics out/m.json 2> stderr.txt || fail "named.json: status $? ($(cat stderr.txt))"
python3 - named.json out/m.json <<'EOF' || fail "named.json: the names in --metrics are not the file's"
import json, sys
name = json.load(open(sys.argv[1]))["name"]
m = json.load(open(sys.argv[2], encoding="utf-8"))
if (m["scenario"], m["groups"][0]["name"]) != (name, name + " g"):
    sys.exit("scenario %r, group %r; expected %r" % (m["scenario"], m["groups"][0]["name"], name))
EOF
rm -rf out

# the CSV's time: step x dt, to the step, at t = 100 (dt 1/30 held as float32)
cat > long.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 3000, "render": {"frames": 3000, "size": [16, 16]},
 "groups": [{"name": "g", "spawn": [{"count": 1}]}]}
EOF
"$steer" run long.json -o out --quiet --csv out/t.csv 2> stderr.txt || fail "long.json: status $? ($(cat stderr.txt))"
python3 - out/t.csv <<'EOF' || fail "the CSV's time column is not step x dt"
import csv, struct, sys
dt = struct.unpack("f", struct.pack("f", 1 / 30))[0]
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 3001, len(rows)
worst = max(abs(float(r["time"]) - int(r["frame"]) * dt) for r in rows)
if worst > 1e-9:
    print(f"time column: off by up to {worst:.3g} from frame x dt (dt {dt!r}); last row {rows[-1]['time']}")
    sys.exit(1)
EOF
rm -rf out

# a write that fails after drawing: status 1, and nothing for a leak checker
if [ -w /dev/full ]; then
    "$steer" run scen.json -o out --quiet --csv run.csv --metrics /dev/full > stdout.txt 2> stderr.txt
    rc=$?
    [ "$rc" -eq 1 ] || fail "--metrics /dev/full: status $rc, expected 1"
    grep -q "write failed" stderr.txt || fail "--metrics /dev/full: no message: $(cat stderr.txt)"
    if grep -q "Sanitizer" stderr.txt; then fail "--metrics /dev/full: $(grep -m1 Sanitizer stderr.txt)"; fi
    # none of the failed run's files is left (the CSV was), and the device stays a device
    [ ! -e run.csv ] || fail "--metrics /dev/full: the run's CSV was left behind"
    ls out/*.gif out/*.png out/*.svg > /dev/null 2>&1 && fail "--metrics /dev/full: pictures left: $(ls out)"
    [ -c /dev/full ] || fail "--metrics /dev/full: /dev/full is no longer a device"
    rm -rf out
fi

# a mean over no agent-step is none: null in --metrics, "—" in the table
# (jitter and a group's mean speed were 0 in the JSON beside the table's "—")
cat > still.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 5, "render": {"size": [32, 32]},
 "groups": [{"name": "still", "spawn": [{"count": 2, "speed": 0}]}, {"name": "nobody", "spawn": [{"count": 0}]}]}
EOF
"$steer" run still.json -o out --metrics out/m.json > stdout.txt 2> stderr.txt || fail "still.json: status $? ($(cat stderr.txt))"
python3 - out/m.json <<'EOF' || fail "still.json: figures of nothing are not null"
import json, sys
m = json.load(open(sys.argv[1]))
g = {x["name"]: x for x in m["groups"]}
got = (m["jitter"], g["still"]["jitter"], g["still"]["mean_speed"], g["nobody"]["jitter"], g["nobody"]["mean_speed"])
if got != (None, None, 0.0, None, None):
    print("jitter, still's jitter and mean speed, nobody's jitter and mean speed:", got)
    sys.exit(1)
EOF
grep -q "^  nobody  *0  *— *— *—$" stdout.txt || fail "still.json: no dashes for the empty group: $(grep nobody stdout.txt)"
rm -rf out

# a limit on a figure that does not apply is "not measured", not "ok" (it
# was "ok": a max_arrive_overshoot meant for goals looked met); no failure
cat > limits.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 5, "render": {"size": [32, 32]},
 "expect": {"max_arrive_overshoot": 0.1, "max_path_distance": 1, "max_jitter": 100, "min_agent_distance": 0.001},
 "groups": [{"name": "one", "spawn": [{"count": 1, "speed": 0, "goal": {"kind": "arrive", "target": [1, 1]}}]}]}
EOF
"$steer" run limits.json -o out > stdout.txt 2> stderr.txt || fail "limits.json: status $? ($(cat stderr.txt))"
for figure in "arrive overshoot" "distance from path" "closest approach of two agents"; do
    grep -q "^  $figure  *—  *[<>]= [0-9.]*  not measured$" stdout.txt ||
        fail "limits.json: '$figure' not shown as not measured: $(grep "$figure" stdout.txt)"
done
grep -q "^  jitter (rad per time unit)  *[0-9.]*  *<= 100  ok$" stdout.txt || fail "limits.json: jitter: $(grep jitter stdout.txt)"
rm -rf out

# --frames N: N x steps / frames steps, so the scenario's own frame count is
# its own run (whole steps per frame ran 9 of these 10 steps at --frames 3);
# --until T: the first step at or past T, the frames in proportion (at least
# one), the last frame at that time; past the end, the whole run
cat > thirds.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 10, "dt": 0.1, "render": {"frames": 3, "size": [32, 32]},
 "groups": [{"name": "g", "spawn": [{"count": 1}]}]}
EOF
runs_for() { # OPTION VALUE STEPS FRAMES: thirds.json with OPTION VALUE runs STEPS steps in FRAMES frames
    "$steer" run thirds.json -o out --quiet "$1" "$2" --metrics out/m.json --csv out/c.csv 2> stderr.txt ||
        fail "thirds.json $1 $2: status $? ($(cat stderr.txt))"
    python3 - out/m.json out/c.csv "$4" "$3" <<'EOF' || fail "thirds.json $1 $2: not $3 steps in $4 frames"
import csv, json, sys
m = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
frames, steps = int(sys.argv[3]), int(sys.argv[4])
last = rows[-1]
if m["steps"] != steps or int(last["frame"]) != frames or abs(float(last["time"]) - steps * m["dt"]) > 1e-7 * steps:
    print(f"{m['steps']} steps, last frame {last['frame']} at t = {last['time']}; expected {steps} in {frames}")
    sys.exit(1)
EOF
    rm -rf out
}
runs_for --frames 3 10 3
runs_for --frames 6 20 6
runs_for --frames 5 16 5
runs_for --frames 1 3 1
runs_for --until 0.5 5 1
runs_for --until 0.45 5 1
runs_for --until 0.7 7 2
runs_for --until 99 10 3
refused "run --until and --frames" "steer run: --frames and --until: each sets the run's length; give one" \
    run scen.json -o out --until 1 --frames 2
refused "run --until 0" "steer run: --until expects a time above 0, got '0'" run scen.json -o out --until 0
# an empty file name: refused before the run (--metrics '' ran it all, then
# failed with status 1 "write failed" and left an empty output folder)
refused "run --csv ''" "steer run: --csv needs a file name ('-' for standard output), got ''" run scen.json -o out --csv ''
refused "run --metrics ''" "steer run: --metrics needs a file name ('-' for standard output), got ''" run scen.json -o out --metrics ''

# goals that stop on one point: warned before the run (only one can stand
# there; a designer's stadium of 300 never emptied), not for own places
cat > shared.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 2, "render": {"size": [32, 32]},
 "groups": [{"name": "g", "spawn": [{"count": 5, "goal": {"kind": "arrive", "target": [5, 5]}},
                                    {"count": 3, "goal": {"kind": "arrive", "points": [[1, 1], [2, 2], [3, 3]]}}]}]}
EOF
"$steer" run shared.json -o out > stdout.txt 2> stderr.txt || fail "shared.json: status $?"
grep -qF "steer run: warning: 5 agents have goals that stop on one point (5, 5):" stderr.txt ||
    fail "shared.json: no warning of 5 agents on one point: $(cat stderr.txt)"
# no agents at all: said, not an empty picture without a word
cat > empty.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 2, "render": {"size": [32, 32]},
 "groups": [{"name": "g", "spawn": [{"count": 0}]}]}
EOF
"$steer" run empty.json -o out > stdout.txt 2> stderr.txt || fail "empty.json: status $?"
grep -qF "steer run: warning: the scenario spawns no agents" stderr.txt || fail "empty.json: no warning: $(cat stderr.txt)"
# bodies that keep apart spawned overlapping stay in contact: warned; a
# flock spawned overlapping parts, and is not
cat > touching.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 2, "render": {"size": [32, 32]},
 "groups": [{"name": "crowd", "keep_apart": true, "radius": 0.5,
             "spawn": [{"shape": "points", "points": [[0, 0], [0.6, 0], [5, 5], [5, 5.9], [-5, -5]]}]}]}
EOF
"$steer" run touching.json -o out > stdout.txt 2> stderr.txt || fail "touching.json: status $?"
grep -qF 'steer run: warning: 2 pairs of agents that keep apart start overlapping, and stay in contact (the closest, of groups[0] ("crowd") at (0, 0) and groups[0] ("crowd") at (0.6, 0), 0.6 of their two radii apart)' stderr.txt ||
    fail "touching.json: no warning of 2 pairs overlapping: $(cat stderr.txt)"
# across a torus's seam too: the two 0.4 apart there are the closest
cat > seam.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "boundary": "wrap", "steps": 2, "render": {"size": [32, 32]},
 "groups": [{"name": "crowd", "keep_apart": true, "radius": 0.5, "neighbours": {"radius": 2},
             "spawn": [{"shape": "points", "points": [[-9.8, 0], [9.8, 0], [0, 5], [0, 5.95]]}]}]}
EOF
"$steer" run seam.json -o out > stdout.txt 2> stderr.txt || fail "seam.json: status $?"
grep -qF '2 pairs of agents that keep apart start overlapping, and stay in contact (the closest, of groups[0] ("crowd") at (-9.8, 0) and groups[0] ("crowd") at (9.8, 0), 0.4 of their' stderr.txt ||
    fail "seam.json: not the pair across the seam: $(cat stderr.txt)"
# a crowd packed into one place: every pair overlaps; counted up to a cap
# (all 2e8 pairs of 20,000 took 24 s), and said so
cat > packed.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 1, "render": {"size": [32, 32]},
 "groups": [{"name": "crowd", "keep_apart": true, "radius": 0.5,
             "spawn": [{"count": 20000, "shape": "line", "from": [0, 0], "to": [1, 0]}]}]}
EOF
"$steer" run packed.json -o out --frames 1 > stdout.txt 2> stderr.txt || fail "packed.json: status $?"
grep -qF 'steer run: warning: at least 1000000 pairs of agents that keep apart start overlapping, and stay in contact (the closest of those counted,' stderr.txt ||
    fail "packed.json: no capped count: $(cat stderr.txt)"
sed -i 's/"keep_apart": true, //' touching.json
"$steer" run touching.json -o out > stdout.txt 2> stderr.txt || fail "touching.json without keep_apart: status $?"
! grep -q "start overlapping" stderr.txt || fail "touching.json without keep_apart: warned: $(cat stderr.txt)"
sed -i 's/"target": \[5, 5\]/"box": {"min": [0, 0], "max": [9, 9]}/' shared.json
"$steer" run shared.json -o out > stdout.txt 2> stderr.txt || fail "shared.json with places: status $?"
! grep -q "stop on one point" stderr.txt || fail "shared.json with own places: warned: $(cat stderr.txt)"

# the slow-step estimate of non_penetration takes the bodies' radii: 10,000
# bodies of 0.1 in a group of radius 7.5 (their own, a spawn's body_radius),
# or beside an empty group of 7.5, step in a moment; sized by 7.5 it was
# "about 6.2e+08 neighbour pairs ... within 15 (twice the largest radius)"
cat > np_bodies.json <<'EOF'
{"bounds": {"min": [-50, -50], "max": [50, 50]}, "steps": 1, "non_penetration": true, "penetration_iterations": 64,
 "render": {"size": [32, 32]},
 "groups": [{"name": "g", "radius": 7.5, "spawn": [{"count": 10000, "speed": 0, "body_radius": 0.1}]}]}
EOF
cat > np_empty.json <<'EOF'
{"bounds": {"min": [-50, -50], "max": [50, 50]}, "steps": 1, "non_penetration": true, "penetration_iterations": 64,
 "render": {"size": [32, 32]},
 "groups": [{"name": "g", "radius": 0.1, "spawn": [{"count": 10000, "speed": 0}]},
            {"name": "big", "radius": 7.5}]}
EOF
# and counts the passes the file gives: none relax nothing ("up to 32
# passes" of a cell of 7 was "about 5.8e+08 neighbour pairs")
cat > np_none.json <<'EOF'
{"bounds": {"min": [-50, -50], "max": [50, 50]}, "steps": 1, "non_penetration": true, "penetration_iterations": 0,
 "cell_size": 7, "render": {"size": [32, 32]},
 "groups": [{"name": "g", "radius": 0.1, "spawn": [{"count": 20000, "speed": 0}]}]}
EOF
for f in np_bodies np_empty np_none; do
    "$steer" run $f.json -o out > stdout.txt 2> stderr.txt || fail "$f.json: status $?"
    ! grep -q "neighbour pairs" stderr.txt || fail "$f.json: a slow step from a radius no body has or passes not run: $(cat stderr.txt)"
done

# a view far smaller than a step's travel (1e-30 across): the GIF's trail
# dots were converted to int from 3e31 pixels (UBSan: "outside the range of
# representable values", status 1 under make test-asan); now drawn, status 0
cat > tiny_view.json <<'EOF'
{"bounds": {"min": [-10, -10], "max": [10, 10]}, "steps": 20, "render": {"size": [32, 32], "view": {"min": [0, 0], "max": [1e-30, 1e-30]}},
 "groups": [{"name": "g", "spawn": [{"count": 3, "speed": 1}]}]}
EOF
"$steer" run tiny_view.json -o out --frames 3 > stdout.txt 2> stderr.txt || fail "tiny_view.json: status $? ($(cat stderr.txt))"
! grep -q "runtime error" stderr.txt || fail "tiny_view.json: $(cat stderr.txt)"
[ -s out/tiny_view.gif ] || fail "tiny_view.json: no GIF"
rm -rf out

# steer --help: every mode of bench
"$steer" --help > stdout.txt 2>&1 || fail "steer --help: status $?"
for s in "[--goals | --crowd]" "[--ground]" "[--own-radii]" "--table [--dim 2|3] [--steps S]"; do
    grep -qF -- "$s" stdout.txt || fail "steer --help lacks '$s'"
done
# ... and steer run's usage as steer run --help gives it (it lacked --until and --csv-steps)
"$steer" run --help 2>&1 | sed -n '1,2p' > run_usage.txt
[ -s run_usage.txt ] && grep -qxFf run_usage.txt stdout.txt && [ "$(grep -cxFf run_usage.txt stdout.txt)" -eq 2 ] ||
    fail "steer --help's run usage differs from steer run --help's: $(cat run_usage.txt)"

if [ "$fails" -ne 0 ]; then
    echo "cli_guards: $fails failed"
    exit 1
fi
echo "cli_guards: all passed"
