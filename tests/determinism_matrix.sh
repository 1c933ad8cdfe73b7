#!/usr/bin/env bash
# The determinism matrix (docs/robustness.md): one scenario, the all-behaviours
# world of tests/robust_world.h, run for STEPS steps by tests/hash_world.c;
# its steer_world_state_hash must be identical for
#   compilers   gcc, clang                 (columns)
#   opt levels  -O0, -O2, -O3              (columns)
#   threads     1, 2, 4, 8                 (rows; the -O0 builds 1 only)
#   kernels     scalar, sse2, avx2, avx512 (rows; those the CPU runs)
#   dim         2D and 3D                  (rows; each has its own hash)
# Each build is a CMake build tree, build-matrix/<compiler><level>/, with
# the library's own flags from CMakeLists.txt (the one place that knows
# them: -std=c11 -ffp-contract=off, the AVX files' -mavx2 / -mavx512f);
# only the compiler and the optimisation level change. The trees are kept,
# so a second run recompiles only what changed.
#
# Extra columns (hook): every executable tests/determinism_matrix.d/NAME.sh
# is run as `NAME.sh ROOT OUTDIR STEPS AGENTS` and must print hash_world's
# lines (`2d 1 scalar scalar HASH`, ..., `# complete N runs`) for the rows
# it can run; it becomes column NAME, and its own kernels (neon, simd128)
# become rows. It exits 77 to be skipped (say, when its toolchain is
# missing). The WebAssembly build (wasm.sh, the simd128 kernel), the
# AArch64 build under qemu (neon.sh, the NEON kernel) and the build without
# SIMD (nosimd.sh, -DSTEER_SIMD=OFF) plug in here.
#
# Usage: tests/determinism_matrix.sh [STEPS] [AGENTS]    (defaults 1000, 100)
# Environment: MATRIX_DIR (default build-matrix), JOBS (parallel compiles).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
steps="${1:-1000}"
agents="${2:-100}"
out="${MATRIX_DIR:-$root/build-matrix}"
jobs="${JOBS:-2}"
mkdir -p "$out"

compilers=(gcc clang)
levels=(-O0 -O2 -O3)

build_one() { # compiler level dir: CMake (the one place that knows the flags), kept between runs
  local cc="$1" level="$2" dir="$3"
  cmake -S "$root" -B "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE= -DCMAKE_C_FLAGS="$level" \
    -DSTEER_BUILD_EXTRAS=OFF -DSTEER_HASH_WORLD=ON -DSTEER_INSTALL=OFF >/dev/null
  cmake --build "$dir" -j"$jobs" --target hash_world >/dev/null
}

columns=()
start=$(date +%s)
# The hooks start first and run beside the native builds and runs (one is
# mostly qemu, the other Node: each mostly one core, so the two cores stay
# busy to the end), each its log and status in files of its own, the logs
# shown after.
shopt -s nullglob
hooks=("$root"/tests/determinism_matrix.d/*.sh)
hook_pids=()
trap 'kill "${hook_pids[@]}" 2>/dev/null || true' EXIT # a native build that breaks leaves no hook behind
for hook in "${hooks[@]}"; do
  name="$(basename "$hook" .sh)"
  mkdir -p "$out/$name"
  { rc=0; "$hook" "$root" "$out/$name" "$steps" "$agents" > "$out/$name/hashes.txt" 2> "$out/$name/log" || rc=$?
    echo $rc > "$out/$name/status"; } &
  hook_pids+=($!)
done

for cc in "${compilers[@]}"; do
  command -v "$cc" >/dev/null || { echo "determinism matrix: $cc not found" >&2; exit 1; }
  for level in "${levels[@]}"; do
    build_one "$cc" "$level" "$out/$cc$level"
    columns+=("$cc$level")
  done
done
# The runs, JOBS at a time (each is mostly serial work even with 8 threads).
# An -O0 build runs one thread: its runs take ten times an optimised
# build's, and what more threads add (more, smaller ranges of the same
# per-agent code) the optimised columns run with them.
run_pids=()
for c in "${columns[@]}"; do
  if [ ${#run_pids[@]} -ge "$jobs" ]; then wait "${run_pids[0]}" || true; run_pids=("${run_pids[@]:1}"); fi
  threads_max=8
  case "$c" in *-O0) threads_max=1 ;; esac
  "$out/$c/hash_world" --steps "$steps" --agents "$agents" --threads-max "$threads_max" > "$out/$c/hashes.txt" &
  run_pids+=($!)
done
wait "${run_pids[@]}" || true
# A crash leaves no closing line; a run that wrote over its own output (WebAssembly's stack, which
# overflows into static data with no trap, garbled five of ten rows, the rest then showing '-') leaves
# fewer well-formed rows than it says it ran.
complete() {
  local runs
  runs="$(tail -n 1 "$1" | sed -n 's/^# complete \([0-9]*\) runs$/\1/p')"
  [ -n "$runs" ] && [ "$(grep -a -c -E '^[a-z0-9]+ [0-9]+ [a-z0-9]+ [a-z0-9]+ [0-9a-f]{16}( FAILED)?$' "$1")" = "$runs" ]
}
for c in "${columns[@]}"; do
  complete "$out/$c/hashes.txt" || { echo "determinism matrix: $c did not complete" >&2; exit 1; }
done
wait "${hook_pids[@]}" || true
for hook in "${hooks[@]}"; do
  name="$(basename "$hook" .sh)"
  cat "$out/$name/log" >&2
  rc="$(cat "$out/$name/status" 2>/dev/null || echo missing)"
  if [ "$rc" = 77 ]; then echo "determinism matrix: $name skipped"; continue; fi
  [ "$rc" = 0 ] && complete "$out/$name/hashes.txt" || { echo "determinism matrix: hook $name failed ($rc)" >&2; exit 1; }
  columns+=("$name")
done

# The table: one row per (dim, threads, kernel) any column ran; a cell is
# the hash's first 8 hex digits, '=' when equal to the row's reference (the
# first column's scalar run of that dimension), 'x' when the run's own
# checks failed, '-' when that build cannot run the row.
ref_col="${columns[0]}"
printf '%-22s' "dim threads kernel"
for c in "${columns[@]}"; do printf ' %-9s' "$c"; done
printf '\n'
mismatch=0
while read -r dim threads asked used hash rest; do
  ref="$(awk -v d="$dim" '$1 == d && $2 == 1 && $3 == "scalar" { print $5 }' "$out/$ref_col/hashes.txt")"
  label="$dim $threads $asked"
  [ "$asked" = "$used" ] || label="$label>$used"
  printf '%-22s' "$label"
  for c in "${columns[@]}"; do
    line="$(awk -v d="$dim" -v t="$threads" -v k="$asked" '$1 == d && $2 == t && $3 == k' "$out/$c/hashes.txt")"
    if [ -z "$line" ]; then printf ' %-9s' "-"; continue; fi
    h="$(echo "$line" | awk '{ print $5 }')"
    if echo "$line" | grep -q FAILED; then printf ' %-9s' "x"; mismatch=1
    elif [ "$h" = "$ref" ]; then printf ' %-9s' "="
    else printf ' %-9s' "${h:0:8}"; mismatch=1; fi
  done
  printf '\n'
done < <(for c in "${columns[@]}"; do grep -v '^#' "$out/$c/hashes.txt"; done | awk '!seen[$1 " " $2 " " $3]++')
for d in 2d 3d; do
  printf '%s reference hash (%s, 1 thread, scalar): %s\n' "$d" "$ref_col" \
    "$(awk -v d="$d" '$1 == d && $2 == 1 && $3 == "scalar" { print $5 }' "$out/$ref_col/hashes.txt")"
done
echo "steps $steps, agents $agents, $(( $(date +%s) - start )) s"
if [ $mismatch -ne 0 ]; then
  echo "determinism matrix: FAILED (a cell differs from its row's reference)" >&2
  exit 1
fi
echo "determinism matrix: all identical"
