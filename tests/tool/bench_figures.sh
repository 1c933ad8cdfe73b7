#!/bin/sh
# The benchmark programs whose figures the docs quote, on small worlds:
#   - step_times: its JSON parses, its percentiles are in order (median <=
#     p90 <= p99 <= max), the slow-step count is at most the steps, and the
#     slowest step is the one it names; a bad option is refused (status 2,
#     naming the option and the value)
#   - state_hash: one line per world (flock, goals), every time positive,
#     the hash 16 hex digits; likewise a bad option
#   BENCH_DIR: the build's bench folder.
set -eu
bench="${1:?usage: bench_figures.sh BENCH_DIR}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
fail=0

"$bench/step_times" --agents 3000 --steps 60 --threads 2 --json > "$out/steps.json"
"$bench/state_hash" --agents 3000 --repeat 3 --json > "$out/hash.json"
python3 - "$out/steps.json" "$out/hash.json" <<'PY' || fail=1
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
lines = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
check([l["world"] for l in lines] == ["flock", "goals"], "state_hash worlds: %r" % lines)
for l in lines:
    check(l["agents"] == 3000 and all(l[k] > 0 for k in ("hash_ms", "hash_ms_median", "step_ms", "step_ms_median")),
          "state_hash times: %r" % l)
    check(l["hash_ms"] <= l["hash_ms_median"] and l["step_ms"] <= l["step_ms_median"], "state_hash best > median: %r" % l)
    check(re.fullmatch(r"[0-9a-f]{16}", l["last_hash"]) is not None, "state_hash hash: %r" % l)
sys.exit(0 if ok else 1)
PY

for prog in step_times state_hash; do
  status=0
  "$bench/$prog" --agents 12abc > /dev/null 2> "$out/err" || status=$?
  if [ "$status" != 2 ] || ! grep -q -- '--agents.*12abc' "$out/err"; then
    echo "bench_figures: $prog --agents 12abc: status $status, said: $(cat "$out/err")"
    fail=1
  fi
done
[ "$fail" = 0 ] && echo "bench_figures: all checks passed"
exit "$fail"
