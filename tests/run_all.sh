#!/usr/bin/env bash
# `make test`: every suite, each run to the end even when an earlier one
# failed, then one closing line, "summary: N passed, M failed", counting
# the tests of every suite (ctest's tests, the browser tests, and one each
# for the determinism matrix, the packaging check and the include check).
# Exits 1 if anything failed. Each suite's own output is shown as it runs.
#
#   tests/run_all.sh          (the Makefile passes BUILD, ASAN_BUILD, TSAN_BUILD, JOBS)
set -uo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-2}" build="${BUILD:-build}" asan="${ASAN_BUILD:-build-asan}" tsan="${TSAN_BUILD:-build-tsan}"
passed=0 failed=0 failures=()
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$(date +%s)

stage() { printf '\n==== %s (%d s)\n' "$1" $(( $(date +%s) - start )); }
count() { # suite status: adds the suite's counts from its log
  local suite="$1" status="$2" p=0 f=0 line
  if line=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -1) && [ -n "$line" ]; then
    f=$(echo "$line" | awk '{print $4}')
    p=$(( $(echo "$line" | awk '{print $NF}') - f ))
  elif grep -qE '^# pass [0-9]+' "$log"; then # node --test: its summary (summed, were there several runs)
    p=$(grep -E '^# pass [0-9]+' "$log" | awk '{s += $3} END {print s}')
    f=$(grep -E '^# fail [0-9]+' "$log" | awk '{s += $3} END {print s}')
  elif [ "$status" -eq 0 ]; then p=1
  else f=1
  fi
  [ "$status" -eq 0 ] || [ "$f" -gt 0 ] || f=1 # a build that broke counts as a failure
  passed=$((passed + p)) failed=$((failed + f))
  [ "$f" -eq 0 ] || failures+=("$suite")
  printf -- '---- %s: %d passed, %d failed\n' "$suite" "$p" "$f"
}
run() { # suite command...
  local suite="$1"; shift
  stage "$suite"
  "$@" 2>&1 | tee "$log"
  count "$suite" "${PIPESTATUS[0]}"
}

run "release (gcc)" make --no-print-directory test-release BUILD="$build" JOBS="$jobs"
run "asan+ubsan (clang)" make --no-print-directory test-asan ASAN_BUILD="$asan" JOBS="$jobs"
run "tsan (clang)" make --no-print-directory test-tsan TSAN_BUILD="$tsan" JOBS="$jobs"
run "static analysis (clang)" make --no-print-directory test-analyzer JOBS="$jobs"
run "browser" make --no-print-directory test-web BUILD="$build" JOBS="$jobs"
run "determinism matrix" make --no-print-directory test-matrix JOBS="$jobs"
run "packaging" tests/packaging/check.sh
run "include layers" python3 tests/include_layers.py
run "python" make --no-print-directory test-python BUILD="$build" JOBS="$jobs"

printf '\n==== done in %d s, load average %s\n' $(( $(date +%s) - start )) "$(cut -d' ' -f1-3 /proc/loadavg)"
[ ${#failures[@]} -eq 0 ] || printf 'failed suites: %s\n' "${failures[*]}"
echo "summary: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
