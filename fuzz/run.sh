#!/usr/bin/env bash
# Runs every libFuzzer target for a set time (make fuzz). New inputs go to a
# work corpus under BUILD/corpus/TARGET (seeded from fuzz/corpus/TARGET, which
# stays as committed); crashes are written to BUILD/artifacts/. Prints the
# executions and the final coverage (cov: edges, ft: features) per target.
#   fuzz/run.sh BUILD SECONDS [TARGET...]
# To keep a finding: minimise it (BUILD/fuzz/TARGET -minimize_crash=1
# -runs=10000 CRASH), copy it into fuzz/corpus/TARGET and report it; to
# refresh a committed corpus: BUILD/fuzz/TARGET -merge=1 NEW_DIR fuzz/corpus/TARGET BUILD/corpus/TARGET.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:?usage: fuzz/run.sh BUILD SECONDS [TARGET...]}"
seconds="${2:-60}"
shift 2 || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_behaviours fuzz_world fuzz_snapshot fuzz_scenario)

max_len() {
  case "$1" in
    fuzz_behaviours) echo 512 ;;
    fuzz_world) echo 1024 ;;
    fuzz_snapshot) echo 16384 ;;
    fuzz_scenario) echo 8192 ;;
    *) echo 4096 ;;
  esac
}

mkdir -p "$build/artifacts"
failed=0
summary=()
for t in "${targets[@]}"; do
  exe="$build/fuzz/$t"
  [ -x "$exe" ] || { echo "fuzz: $exe not built" >&2; failed=1; continue; }
  work="$build/corpus/$t"
  mkdir -p "$work"
  extra=()
  [ "$t" = fuzz_scenario ] && extra+=(-dict="$root/fuzz/scenario.dict")
  echo "== $t: ${seconds}s"
  log="$build/artifacts/$t.log"
  "$exe" "$work" "$root/fuzz/corpus/$t" -max_total_time="$seconds" -max_len="$(max_len "$t")" \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" "${extra[@]}" > "$log" 2>&1
  rc=$?
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{ print $2 }')"
  cov="$(grep -E '#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 | grep -o 'cov: [0-9]* ft: [0-9]*')"
  if [ $rc -ne 0 ]; then
    failed=1
    echo "$t: FAILED (exit $rc); see $log"
    grep -E 'FUZZ FAILURE|runtime error|ERROR: (AddressSanitizer|libFuzzer)' "$log" | head -3
  fi
  summary+=("$(printf '%-16s %12s executions  %s' "$t" "${execs:-?}" "${cov:-?}")")
done
echo "== summary (${seconds}s each)"
printf '%s\n' "${summary[@]}"
exit $failed
