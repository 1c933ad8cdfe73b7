#!/usr/bin/env bash
# The standard flock against refc, the straightforward C flock the project's
# speed is measured against (../shared/bench/refc.c beside the repository,
# or REFC_SRC), in one run: refc and `steer bench` take turns, ROUNDS times,
# and each row gives steer's best and median ms/step and the ratio of refc's
# best to steer's best (its median: the medians' ratio). These VMs vary
# 20-30% from minute to minute, so only ratios of one run compare.
#
#   bench/refc_ratio.sh [AGENTS] [ROUNDS]      (defaults 1000000, 3)
# Environment: STEER (default build/steer), REFC_SRC, STEPS (default 10),
# KERNELS (default "best"; e.g. "scalar sse2 avx2 avx512"), THREADS ("1 2"),
# DIMS ("2 3"; refc itself is 2D: the 3D rows are against it too).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
agents="${1:-1000000}" rounds="${2:-3}" steps="${STEPS:-10}"
steer="${STEER:-$root/build/steer}"
src="${REFC_SRC:-$root/../shared/bench/refc.c}"
[ -x "$steer" ] || { echo "refc_ratio: $steer not built (make build)" >&2; exit 1; }
[ -f "$src" ] || { echo "refc_ratio: refc.c not found at $src (set REFC_SRC)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# refc's own build line (its header comment)
cc -O3 -march=native -ffp-contract=off "$src" -lm -o "$work/refc"

configs=()
for k in ${KERNELS:-best}; do for d in ${DIMS:-2 3}; do for t in ${THREADS:-1 2}; do configs+=("$k $d $t"); done; done; done
: > "$work/refc.txt"
for c in "${configs[@]}"; do : > "$work/$(echo "$c" | tr ' ' _).txt"; done
for ((r = 0; r < rounds; ++r)); do
  # ms/step from agent_steps_per_s (to the agent-step): "sec" is to the
  # millisecond, so a short run read 0.000 ms/step and every ratio 0.00
  "$work/refc" "$agents" "$steps" | sed -n 's/.*"agents":\([0-9]*\).*"agent_steps_per_s":\([0-9.e+]*\).*/\1 \2/p' |
    awk '{ printf "%.3f\n", 1000 * $1 / $2 }' >> "$work/refc.txt"
  for c in "${configs[@]}"; do
    read -r k d t <<< "$c"
    "$steer" bench --agents "$agents" --steps "$steps" --threads "$t" --dim "$d" --kernel "$k" --json \
      > "$work/last.json"
    sed -n 's/.*"ms_per_step":\([0-9.]*\).*/\1/p' "$work/last.json" >> "$work/$(echo "$c" | tr ' ' _).txt"
    sed -n 's/.*"kernel":"\([a-z0-9]*\)".*"cpu_model":"\([^"]*\)".*"kernels_available":"\([^"]*\)".*"os":"\([^"]*\)".*"state_hash":"\([0-9a-f]*\)".*/\1|\2|\3|\4|\5/p' \
      "$work/last.json" > "$work/$(echo "$c" | tr ' ' _).info"
  done
done
stats() { sort -g "$1" | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f %.3f\n", v[1], m }'; }
read -r refc_best refc_median < <(stats "$work/refc.txt")
info="$(cat "$work/$(echo "${configs[0]}" | tr ' ' _).info")"
IFS='|' read -r _ cpu avail os _ <<< "$info"
echo "# the standard flock against refc, $agents agents, $steps steps, best and median of $rounds alternating runs"
echo "# on $cpu (kernels: $avail), $os; refc built with cc -O3 -march=native -ffp-contract=off"
printf '%-8s %-3s %-7s %10s %10s %8s %8s %-16s\n' kernel dim threads ms/step median "x refc" "x (med)" state_hash
printf '%-8s %-3s %-7s %10s %10s %8s %8s\n' refc 2 1 "$refc_best" "$refc_median" 1.00 1.00
for c in "${configs[@]}"; do
  read -r k d t <<< "$c"
  f="$work/$(echo "$c" | tr ' ' _)"
  read -r best median < <(stats "$f.txt")
  IFS='|' read -r used _ _ _ hash < "$f.info"
  awk -v k="$used" -v d="$d" -v t="$t" -v b="$best" -v m="$median" -v rb="$refc_best" -v rm="$refc_median" -v h="$hash" \
    'BEGIN { printf "%-8s %-3s %-7s %10s %10s %8.2f %8.2f %-16s\n", k, d, t, b, m, rb / b, rm / m, h }'
done
