#!/bin/sh
# The benchmark programs whose figures the docs quote, on small worlds:
#   - step_times: its JSON parses, its percentiles are in order (median <=
#     p90 <= p99 <= max), the slow-step count is at most the steps, and the
#     slowest step is the one it names; with --headings it says so and hashes
#     the headings too; a bad option is refused (status 2, naming the
#     option and the value)
#   - state_hash: one line per world (flock, goals), every time (hash,
#     step, save, restore) positive and its best at most its median, the
#     snapshot's bytes more for the goals, the hash 16 hex digits; likewise
#     a bad option
#   - escorts: one line per size, every time positive, best <= median, a
#     size past STEER_MAX_FORMATIONS reported and skipped; likewise a bad
#     option
#   BENCH_DIR: the build's bench folder.
set -eu
bench="${1:?usage: bench_figures.sh BENCH_DIR}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
fail=0

"$bench/step_times" --agents 3000 --steps 60 --threads 2 --json > "$out/steps.json"
"$bench/step_times" --agents 3000 --steps 60 --threads 2 --headings --json > "$out/headings.json"
"$bench/state_hash" --agents 3000 --repeat 3 --json > "$out/hash.json"
"$bench/escorts" --escorts 300,2000,70000 --orders 100 --steps 3 --repeat 3 --json > "$out/escorts.json" 2> "$out/escorts.err"
python3 - "$out/steps.json" "$out/hash.json" "$out/escorts.json" "$out/escorts.err" "$out/headings.json" <<'PY' || fail=1
import json, re, sys
s = json.loads(open(sys.argv[1]).read())
ok = True
def check(cond, what):
    global ok
    if not cond:
        print("bench_figures: " + what)
        ok = False
check(s["agents"] == 3000 and s["threads"] == 2 and s["steps"] == 60, "step_times echoes its options: %r" % s)
check(0 < s["ms_median"] <= s["ms_p90"] <= s["ms_p99"] <= s["ms_max"], "step_times percentiles out of order: %r" % s)
check(0 <= s["steps_over_1_5x_median"] <= s["steps"], "step_times slow steps: %r" % s)
check(1 <= s["max_at_step"] <= s["steps"], "step_times slowest step's index: %r" % s)
check(s["ms_first"] > 0 and re.fullmatch(r"[0-9a-f]{16}", s["hash"]), "step_times first step or hash: %r" % s)
h = json.loads(open(sys.argv[5]).read())
check(s["headings"] is False and h["headings"] is True and h["hash"] != s["hash"], "step_times --headings (the same flock, its headings hashed too): %r" % h)
lines = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
check([l["world"] for l in lines] == ["flock", "goals"], "state_hash worlds: %r" % lines)
check(len(lines) == 2 and 0 < lines[0]["snapshot_bytes"] < lines[1]["snapshot_bytes"], "state_hash snapshot bytes: %r" % lines)
for l in lines:
    times = ("hash_ms", "step_ms", "save_ms", "restore_ms")
    check(l["agents"] == 3000 and all(l[k] > 0 and l[k + "_median"] > 0 for k in times), "state_hash times: %r" % l)
    check(all(l[k] <= l[k + "_median"] for k in times), "state_hash best > median: %r" % l)
    check(re.fullmatch(r"[0-9a-f]{16}", l["last_hash"]) is not None, "state_hash hash: %r" % l)
lines = [json.loads(l) for l in open(sys.argv[3]) if l.strip()]
check([l["escorts"] for l in lines] == [300, 2000], "escorts sizes (70000 is past the limit): %r" % lines)
for l in lines:
    check(l["orders"] == min(100, l["escorts"]) and l["steps"] == 3, "escorts echoes its options: %r" % l)
    for k in ("add_us", "step_ms", "plain_ms", "order_us"):
        check(0 < l[k] <= l[k + "_median"], "escorts %s: %r" % (k, l))
check("70000 formations refused" in open(sys.argv[4]).read(), "escorts names the size it skipped")
sys.exit(0 if ok else 1)
PY

for prog in step_times state_hash escorts; do
  status=0
  option=--agents
  [ "$prog" = escorts ] && option=--escorts
  "$bench/$prog" "$option" 12abc > /dev/null 2> "$out/err" || status=$?
  if [ "$status" != 2 ] || ! grep -q -- "$option.*12abc" "$out/err"; then
    echo "bench_figures: $prog $option 12abc: status $status, said: $(cat "$out/err")"
    fail=1
  fi
done
[ "$fail" = 0 ] && echo "bench_figures: all checks passed"
exit "$fail"
